// Money and counts in a message (amounts.ts): the currency asked, a budget's
// bounds, how many things are wanted, a total asked, a percentage, and the
// word patterns that tell a count of things from a weight, a size or a price.
import { describe, expect, it } from 'vitest'
import { asksTotal, budgetOf, COMES_TO, COUNT, counting, currencyAsked, currencyOf, MEASURES, PER_UNIT, quantityAsked, TAKES, TOTAL, UNITS, writesPercentage } from './amounts.ts'
import { keyLine, words } from './text.ts'

/** As the reader tests its phrases: ASCII keys, spaced at both ends. */
const line = (message: string) => keyLine(words(message))
/** As the reader tests a single word: its ASCII key. */
const key = (word: string) => words(word)[0]!.key
/** The words of a message that count things. */
const counted = (message: string) => {
  const list = words(message)
  return list.filter((_, i) => counting(list, i)).map((word) => word.key)
}

describe('writesPercentage', () => {
  it.each([
    ['%10 indirim var mı', true], ['10% off?', true], ['20 percent discount', true], ['yüzde 15 indirim', true], ['yuzde 20 indirim yapar misiniz', true],
    // A number that counts things, and a percentage in words, write none.
    ['10 tane alırsam', false], ['how much for 50', false], ['yüzde yüz pamuk mu', false],
  ])('%s: %s', (message, expected) => {
    expect(writesPercentage(message)).toBe(expected)
  })
})

describe('currencyOf', () => {
  it.each([
    ['tl', 'TRY'], ['tlye', 'TRY'], ['liraya', 'TRY'], ['₺', 'TRY'], ['dolar', 'USD'], ['bucks', 'USD'], ['$', 'USD'],
    ['euro', 'EUR'], ['avroya', 'EUR'], ['€', 'EUR'], ['sterlin', 'GBP'], ['pounds', 'GBP'], ['quid', 'GBP'], ['£', 'GBP'],
    // Whole tokens only: a word that starts like a currency is none, nor is money in general.
    ['usdt', null], ['tll', null], ['para', null],
  ])('%s: %s', (token, expected) => {
    expect(currencyOf(token)).toBe(expected)
  })
})

describe('currencyAsked', () => {
  it.each([
    ['kaç TL?', 'TRY'], ['how much in lira?', 'TRY'], ['türk lirası', 'TRY'], ['kaç dolar', 'USD'], ['dolara çevirir misin', 'USD'],
    ['fiyatı euro olarak', 'EUR'], ['kaç avro', 'EUR'], ['in pounds please', 'GBP'],
    // The first named is the one asked.
    ['lira mı dolar mı', 'TRY'], ['ne kadar', null], ['how much', null],
  ])('%s: %s', (message, expected) => {
    expect(currencyAsked(message)).toBe(expected)
  })
})

describe('budgetOf', () => {
  it.each([
    ['500 TL altı', { currency: 'TRY', max: 500 }], ['1000 liraya kadar', { currency: 'TRY', max: 1000 }], ['under $100', { currency: 'USD', max: 100 }],
    ['en fazla 300 lira', { currency: 'TRY', max: 300 }], ['not more than 40 euros', { currency: 'EUR', max: 40 }],
    ["fiyatı 400 tl'den az olan", { currency: 'TRY', max: 400 }], ['500 tl yi geçmesin', { currency: 'TRY', max: 500 }],
    ['cheaper than 30 dollars', { currency: 'USD', max: 30 }], ['max 100$', { currency: 'USD', max: 100 }],
    // Cheaper than an amount, the currency carrying the "than" ending.
    ['100 liradan ucuz ne var', { currency: 'TRY', max: 100 }], ['50 dolardan ucuz bir şey', { currency: 'USD', max: 50 }],
    // Amounts as customers write them.
    ['1.000 TL altı', { currency: 'TRY', max: 1000 }], ['1,5k altı', { currency: 'TRY', max: 1500 }], ['200tl altı', { currency: 'TRY', max: 200 }],
    // Without a currency the amount is lira.
    ['under 100', { currency: 'TRY', max: 100 }], ['butcem 200', { currency: 'TRY', max: 200 }],
    // Two amounts joined are a range.
    ['300-500 TL arası', { currency: 'TRY', min: 300, max: 500 }], ['100 ile 500 TL', { currency: 'TRY', min: 100, max: 500 }], ['between 20 and 50 euros', { currency: 'EUR', min: 20, max: 50 }],
    // What an amount buys, near it, or worth it.
    ['200 liraya ne alabilirim?', { currency: 'TRY', max: 200 }], ['what can I get for $30?', { currency: 'USD', max: 30 }],
    ['500 tl civarı', { currency: 'TRY', max: 500 }], ['around $50', { currency: 'USD', max: 50 }],
    ['100 liralık bir şey', { currency: 'TRY', max: 100 }], ['50 dolarlık', { currency: 'USD', max: 50 }],
    // A count beside the amount is no amount.
    ['3 tane 200 tl altı', { currency: 'TRY', max: 200 }],
  ])('%s: %j', (message, expected) => {
    expect(budgetOf(message, false)).toEqual(expected)
  })

  it.each([
    // A lower bound alone is no budget, nor a count of things, nor a measure, nor things joined by "and".
    '500 TL üzeri', 'over $100', 'en az 200 tl', '3 tane', 'kadife ceketten 10 tane', '2 linen shirts and 1 straw hat', '50 ml',
    // "Ne kadar" asks how much; an amount alone, or near with no currency, bounds nothing.
    'ne kadar', '200 TL', 'around 50',
    // A measure bounded is no money ("up to 40" of degrees was a budget of 40 lira).
    'does it go up to 40 degrees', "30 cm'ye kadar", 'en fazla 2 kg',
  ])('%s: none', (message) => {
    expect(budgetOf(message, false)).toBeNull()
  })

  it('takes an amount with a currency as the budget only in a budget question', () => {
    expect(budgetOf('499,90 TL', true)).toEqual({ currency: 'TRY', max: 499.9 })
    expect(budgetOf('$50', true)).toEqual({ currency: 'USD', max: 50 })
    expect(budgetOf('499,90 TL', false)).toBeNull()
    expect(budgetOf('butcem 200', true)).toEqual({ currency: 'TRY', max: 200 })
    expect(budgetOf('500 TL üzeri', true)).toBeNull()
  })
})

describe('quantityAsked', () => {
  it.each([
    ['kadife ceketten 10 tane', 10], ['3 of the silk scarves', 3], ['iki tane kupa', 2], ['2 linen shirts', 2], ['3 kutu çay', 3], ['two packs', 2],
    ['1000 adet', 1000], ['can I get 6', 6], ['just 5', 5], ['do you have 2 in stock?', 2], ['3 available?', 3], ['4 stokta var mı', 4],
    ['5 alırsam indirim olur mu', 5], ['10 alsam', 10], ['2si ne kadar', 2], ['6sı kaç eder', 6], ['3ü kaç eder', 3], ['ikisi ne eder', 2],
    ['ikisini alırsam', 2], ['How much for 2?', 2], ['how much would 3 be?', 3], ['price for 3?', 3], ['Ok 50 then, total?', 50],
    ['tamam 50 olsun toplam kaç', 50],
  ])('%s: %i', (message, expected) => {
    expect(quantityAsked(message)).toBe(expected)
  })

  it.each([
    // A weight, a size, a model number, a price, a percentage or a size's "of them" counts nothing wanted.
    'kulaklık ne kadar', '2 kilo kahve', '38 numara ayakkabı var mı', 'iphone 15 var mı', '500 TL altı', '10% off', 'yüzde 10 indirim', '42si kaldı mı',
    // A total with no number, or with two, says no count; five digits are no count a customer orders.
    'toplam ne tutar', 'iphone 15 ile 16 toplam ne tutar', '12345 adet',
  ])('%s: none', (message) => {
    expect(quantityAsked(message)).toBeNull()
  })
})

describe('counting', () => {
  it.each([
    ['10 tane', ['10']], ['iki tane', ['iki']], ['3 of the mugs', ['3']], ['3 tişört', ['3']], ['üç kupa', ['uc']], ['five scarves', ['five']],
    ['2 linen shirts', ['2']], ['3 wireless headphones', ['3']], ['2 kırmızı kupa', ['2']], ['2 şişe zeytinyağı', ['2']],
    // A size, a weight, a price or a model number counts no things.
    ['38 numara ayakkabı', []], ['2 kilo kahve', []], ['kahve 250 gram', []], ['500 TL', []], ['iphone 15', []], ['12345 adet', []],
  ])('%s: %j', (message, expected) => {
    expect(counted(message)).toEqual(expected)
  })
})

describe('TOTAL, COMES_TO and asksTotal', () => {
  it.each([
    ['total?', true, false], ['toplam ne tutar', true, true], ['toplamda kaç lira', true, false], ['altogether how much', true, false],
    ['how much in all', true, false], ['hepsi ne tutar', true, true], ['ne tutar', false, true], ['kaç eder', false, true], ['ikisi kaç tutar', false, true],
    ['what do they come to', false, true],
    // Words holding "total" or "come", and a price asked, are neither.
    ['totally fine', false, false], ['subtotal', false, false], ['come together', false, false], ['ne kadar eder', false, false], ['ne kadar', false, false],
  ])('%s: total %s, comes to %s', (message, total, comesTo) => {
    expect(TOTAL.test(line(message))).toBe(total)
    expect(asksTotal(message)).toBe(total)
    expect(COMES_TO.test(line(message))).toBe(comesTo)
  })
})

describe('TAKES', () => {
  it.each([
    ['get', true], ['take', true], ['want', true], ['order', true], ['just', true], ['sadece', true], ['yalnızca', true], ['wants', false], ['ordered', false], ['for', false], ['have', false],
  ])('%s: %s', (word, expected) => {
    expect(TAKES.test(key(word))).toBe(expected)
  })
})

describe('COUNT, UNITS and MEASURES', () => {
  // A weight counts no things; what a quantity is put in takes kilos and litres, not a short unit (ml, g) or a length;
  // a size, a price or a misspelling is none of them.
  it.each([
    ['tane', true, true, false], ['tanesi', true, true, false], ['adet', true, true, false], ['çift', true, true, false], ['şişe', true, true, false],
    ['kavanoz', true, true, false], ['kutusu', true, true, false], ['packs', true, true, false], ['boxes', true, true, false], ['pcs', true, true, false],
    ['of', true, false, false], ['units', true, false, false],
    ['kilo', false, true, true], ['kg', false, true, true], ['gram', false, true, true], ['gramlık', false, true, true], ['litre', false, true, true],
    ['liters', false, true, true], ['ml', false, false, true], ['cm', false, false, true], ['oz', false, false, true], ['g', false, false, true],
    ['numara', false, false, false], ['beden', false, false, false], ['tl', false, false, false], ['metre', false, false, false], ['boxs', false, false, false],
  ])('%s: count %s, unit %s, measure %s', (word, count, unit, measure) => {
    expect(COUNT.test(key(word))).toBe(count)
    expect(UNITS.test(key(word))).toBe(unit)
    expect(MEASURES.test(key(word))).toBe(measure)
  })
})

describe('PER_UNIT', () => {
  it.each([
    ['litresi', true], ['kilosu', true], ['gramı', true], ['tanesi', true], ['adedi', true], ['metresi', true],
    // The unit itself, or in another case, asks no price of one.
    ['kilo', false], ['litre', false], ['kilosunu', false], ['şişesi', false],
  ])('%s: %s', (word, expected) => {
    expect(PER_UNIT.test(key(word))).toBe(expected)
  })
})
