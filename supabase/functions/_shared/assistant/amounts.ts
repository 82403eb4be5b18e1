// Money and counts in a message: the currency asked, a budget's bounds
// ("500 TL altı", "under $100"), how many of a thing are wanted, a total
// asked, a percentage, a unit of measure after a number.
import { equivalents, thingWords } from './lexicon.ts'
import { asciiKey, keyLine, quantityOf, words, type Word } from './text.ts'
import { ofThem } from './question-words.ts'
import { coloursIn, materialsIn } from './attribute-words.ts'

export type Budget = { currency: string; max: number; min?: number }
/** A percentage written ("10%", "%10", "10 percent", "yüzde 10"), in ASCII keys. */
export const PERCENT = /(\d\s*%|%\s*\d|\d+ ?percent|yuzde \d+)/
/** Whether the message writes a percentage: its number counts no things ("10% off"). */
export const writesPercentage = (message: string): boolean => PERCENT.test(asciiKey(message))

const CURRENCIES: readonly [RegExp, string][] = [
  [/^(tl|tlden|tldan|tlye|tlya|tllik|try|lira\w*|₺)$/, 'TRY'],
  [/^(usd|dolar\w*|dollars?|bucks?|\$)$/, 'USD'],
  [/^(eur|euro\w*|avro\w*|€)$/, 'EUR'],
  [/^(gbp|sterlin\w*|pounds?|quid|£)$/, 'GBP'],
]

export function currencyOf(token: string): string | null {
  for (const [pattern, code] of CURRENCIES) if (pattern.test(token)) return code
  return null
}

/** The currency a message asks a price in ("kaç TL?", "how much in lira?"), if it names one. */
export function currencyAsked(message: string): string | null {
  for (const word of words(message)) {
    const code = currencyOf(word.key)
    if (code) return code
  }
  return null
}

/** A number as customers write amounts: "1.000", "1,000", "499,90", "1.5k". */
function amountOf(text: string): number | null {
  const k = /k$/i.test(text)
  const raw = text.replace(/k$/i, '')
  let value: number
  if (/^\d{1,3}([.,]\d{3})+$/.test(raw)) value = Number(raw.replace(/[.,]/g, ''))
  else value = Number(raw.replace(',', '.'))
  if (!Number.isFinite(value)) return null
  return k ? value * 1000 : value
}

/**
 * A budget the message states: an amount with a bound ("500 TL altı", "1000
 * liraya kadar", "under $100", "en fazla 300 lira", "300-500 TL arası"), or
 * with a currency in a budget question ("bütçem 200 TL"). Without a currency
 * the amount is taken as lira, the shop's own.
 */
export function budgetOf(message: string, budgetAsked: boolean): Budget | null {
  const text = ` ${message.toLocaleLowerCase('tr').replace(/(\d)\s*'\s*/g, '$1 ')} `
    .replace(/[₺$€£]/g, (mark) => ` ${mark} `)
    .replace(/(\d)(tl|lira|usd|eur|dolar)/g, '$1 $2')
    .replace(/(\d)\s*-\s*(\d)/g, '$1 - $2')
  const tokens = text.split(/[\s?!]+/).filter(Boolean).map((t) => t.replace(/[.,:;]+$/, ''))
  const keys = tokens.map((t) => t.normalize('NFD').replace(/\p{M}/gu, '').replace(/ı/g, 'i').replace(/['’]/g, ''))
  const amounts: { index: number; value: number }[] = []
  keys.forEach((key, index) => {
    // "3 tane", "2 adet": a count of things, no amount of money; nor is a measure ("up to 40 degrees", "30 cm'ye kadar").
    if (/^\d[\d.,]*k?$/.test(key) && !COUNT.test(keys[index + 1] ?? '') && !MEASURES.test(keys[index + 1] ?? '') && !/^(degrees?|derece\w*|cm\w*|mm\w*|metre\w*|meters?|inch\w*|watts?|w|volts?|v|mah|gb|tb|hours?|saat\w*|minutes?|dakika\w*|percent|yuzde)$/.test(keys[index + 1] ?? '')) {
      const value = amountOf(key)
      if (value !== null && value > 0) amounts.push({ index, value })
    }
  })
  if (amounts.length === 0) return null
  let currency: string | null = null
  for (const { index } of amounts) {
    currency ??= currencyOf(keys[index - 1] ?? '') ?? currencyOf(keys[index + 1] ?? '') ?? currencyOf((keys[index + 1] ?? '').replace(/(ya|ye|a|e|lik|luk|dan|den|tan|ten)$/, ''))
  }
  const line = ` ${keys.join(' ')} `
  // Only what joins two amounts makes a range: "100 ile 500 TL", not "2 linen shirts and 1 straw hat".
  const joined = amounts.length >= 2 && keys.slice(amounts[0]!.index + 1, amounts[1]!.index).every((key) => /^(ile|and|to|-|ve|[$€£₺])$/.test(key) || currencyOf(key) !== null)
  const range = joined && / (ile|and|to|-|ve|arasi\w*|between) /.test(line) ? amounts.slice(0, 2) : null
  if (range) {
    const [a, b] = [range[0]!.value, range[1]!.value]
    return { currency: currency ?? 'TRY', min: Math.min(a, b), max: Math.max(a, b) }
  }
  const first = amounts[0]!
  // "Ne kadar" asks how much; "500 TL'ye kadar" bounds it.
  const upper = / (alti\w*|altinda\w*|(?<! ne )kadar|fazla|max\w*|maksimum|under|below|less|up to|at most|upto|within|butce\w*|budget|dan ucuz|den ucuz|cheaper|(not|no) more than|gecmesin|gecmeyen|asmasin|asmayan|(dan|den|tan|ten|tlden|tldan) az|daha az|\w+(dan|den|tan|ten) (daha )?(ucuz|az|asagi)\w*) /.test(line)
  // "200 liraya ne alabilirim?", "what can I get for $30?": what an amount buys is a budget too.
  const forAmount = amounts.some(({ index }) => /^(liraya|tlye|tlya|dolara|euroya|avroya|sterline)$/.test(keys[index + 1] ?? '') || keys[index - 1] === 'for' || (keys[index - 2] === 'for' && /^[$€£₺]$/.test(keys[index - 1] ?? '')))
  const whatFor = forAmount && / (ne|neler|what|anything|something|bisey|birsey|sey|oner\w*|suggest\w*|recommend\w*|alabilirim|get) /.test(line)
  const lower = / (ustu|uzeri|uzerinde|fazlasi|over|above|more than|at least|en az) /.test(line)
  if (lower && !upper) return null
  // "500 TL civarı", "around $50": an amount of money named as the one to spend near.
  const near = currency !== null && / (civari\w*|around|about|approximately|approx|roughly|yaklasik) /.test(line)
  // "100 liralık bir şey", "50 dolarlık": a thing worth that much, which is an amount to spend too.
  const worth = amounts.some(({ index }) => /^(liralik|tllik|dolarlik|euroluk|avroluk|sterlinlik)$/.test(keys[index + 1] ?? '') || (/^(lik|luk)$/.test(keys[index + 2] ?? '') && currencyOf(keys[index + 1] ?? '') !== null))
  if (upper || whatFor || worth || ((budgetAsked || near) && currency !== null)) return { currency: currency ?? 'TRY', max: first.value }
  return null
}

/** Words that count things, after a number: "10 tane", "3 of the scarves", "2 pairs". */
/** What a number of things is taken with: "can I get 6", "just 5". */
export const TAKES = /^(get|take|want|need|buy|order|just|only|sadece|yalnizca)$/
/** What follows a number counting things ("10 tane", "3 kutu", "two packs"); weights and volumes ("2 kilo") count no things. */
export const COUNT = /^(tane\w*|adet\w*|pieces?|pcs|units?|pairs?|cift\w*|of|kutu\w*|paket\w*|sise\w*|kavanoz\w*|boxes|box|packs?|packets?|bottles?|jars?)$/

/** How many the customer asks for ("kadife ceketten 10 tane", "3 of the silk scarves"), or null. */
export function quantityAsked(message: string): number | null {
  const list = words(message)
  // "Do you have 2 in stock?", "3 available?": how many, however the number is followed.
  const inStock = (i: number) => /^(available|left|stokta\w*)$/.test(list[i + 1]?.key ?? '') || (list[i + 1]?.key === 'in' && list[i + 2]?.key === 'stock')
  const bought = (i: number) => /^(alsa\w*|alirsa\w*|alicam|alacag\w*|aliyorum|alayim)$/.test(list[i + 1]?.key ?? '')
  const at = list.findIndex((word, i) => counting(list, i) || (/^\d{1,4}$/.test(word.key) && (TAKES.test(list[i - 1]?.key ?? '') || inStock(i) || bought(i))))
  if (at >= 0) return quantityOf(list[at]!) ?? Number(list[at]!.key)
  // "2'si ne kadar?", "6sı kaç eder", "ikisi ne eder": a number with its "of them" ending counts the one discussed ("3'ü"
  // loses it in words).
  const of = list.map((word) => ofThem(word.key)).find((count) => count !== null)
  if (of) return of
  // "How much for 2?", "how much would 3 be?": a number alone, priced.
  const priced = / (how much|price|prices|cost|fiyat\w*) (for|would|are|is|will|of) (\d{1,3})( be| cost| of them| pieces| pcs)? $/.exec(keyLine(list))
  if (priced) return Number(priced[3])
  // "Ok 50 then, total?", "tamam 50 olsun toplam kaç": a number and a total asked is how many.
  const number = TOTAL.test(keyLine(list)) ? list.filter((word) => /^\d{1,4}$/.test(word.key)) : []
  return number.length === 1 ? Number(number[0]!.key) : null
}

/** A total asked: "total?", "toplam ne tutar", "altogether". */
export const TOTAL = / (total|totals|toplam\w*|in all|altogether|hepsi ne tutar) /
/** What things come to: "ne tutar", "kaç eder", "what do they come to". */
export const COMES_TO = / ((ne|kac) (tutar\w*|eder)|comes? to) /
export const asksTotal = (message: string) => TOTAL.test(keyLine(words(message)))

/** Whether the word at `i` is a number counting things: "10 tane", "3 of the mugs", "3 tişört", "2 linen shirts", "iki tane". */
export function counting(list: readonly Word[], i: number): boolean {
  if (!/^\d{1,4}$/.test(list[i]!.key) && quantityOf(list[i]!) === null) return false
  const next = list[i + 1]?.text ?? ''
  // A word of what it is like between ("2 linen shirts", "3 wireless headphones"); a size or measure ("38 numara ayakkabı") is none.
  const described = materialsIn(next).length > 0 || coloursIn(next).length > 0 || equivalents(next).length > 0
  return COUNT.test(list[i + 1]?.key ?? '') || thingWords(next).length > 0 || (described && thingWords(list[i + 2]?.text ?? '').length > 0)
}

/** A unit of a thing, as its own ("litresi", "kilosu", "tanesi"): a price asked per unit. */
export const PER_UNIT = /^(litresi|kilosu|grami|tanesi|adedi|metresi)$/
/** What a quantity is counted in ("2 şişe", "3 kavanoz", "two packs"): after a number, no product's name. */
/** Units a product is measured in, as a number is written before them ("1 kg", "350 ml", "250 gramlık"). */
export const MEASURES = /^(kilo\w*|kg|gram\w*|gr|g|litre\w*|lt|l|ml|cl|cm|mm|kilos?|litres?|liters?|grams?|ounces?|oz|lbs?)$/
export const UNITS = /^(sise\w*|kavanoz\w*|paket\w*|kutu\w*|kilo\w*|kg|gram\w*|gr|litre\w*|lt|adet\w*|tane\w*|cift\w*|bottles?|jars?|packs?|packets?|boxes|box|pairs?|pieces?|pcs|kilos?|litres?|liters?)$/
