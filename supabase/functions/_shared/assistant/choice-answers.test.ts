// Choosing among products (choice-answers.ts): the cheapest or dearest, what a budget buys, a suggestion for a wish,
// something cheaper than what was shown, and others of the kind just discussed. Each answerer is called on its own
// over an in-memory catalogue; the tests check the products it picks, in order, the reply's kind and its words.
import { describe, expect, it } from 'vitest'
import { catalogueProduct as product, memoryContext } from '../../../../tests/support/assistant-memory.ts'
import { answerBudget, answerCheaper, answerExtreme, answerRecommendation, othersThanDiscussed } from './choice-answers.ts'
import type { Budget } from './amounts.ts'
import type { Context } from './reply-context.ts'
import { words } from './text.ts'
import type { AssistantLanguage, CatalogueProduct, Turn } from './types.ts'


// The out-of-stock Lokum comes before the Seramik Vazo, so a suggestion putting what is in stock first shows it.
const PRODUCTS: readonly CatalogueProduct[] = [
  product('k1', 'Kablosuz Kulaklık', 1250, 'TRY', 12, 'Bluetooth 5.3, 30 saat pil'),
  product('k2', 'Kablolu Kulaklık', 349.9, 'TRY', 0),
  product('h1', 'Bluetooth Hoparlör', 899.5, 'TRY', 3),
  product('w1', 'Wireless Headphones', 59.99, 'USD', 4, 'Noise cancelling'),
  product('l1', 'Lokum', 320, 'TRY', 0, 'Hediyelik kutuda'),
  product('v1', 'Seramik Vazo', 349.9, 'TRY', 5, 'El yapımı, hediyelik'),
  product('m1', 'Coffee Mug', 8, 'USD', 20, 'Gift for coffee lovers'),
  product('s1', 'Hasır Şapka', 450, 'TRY', 7),
  product('t1', 'Türk Kahvesi', 150, 'TRY', 30, 'Taze çekilmiş, 250 g'),
  product('j1', 'Gümüş Kolye', 120, 'USD', 5, '925 ayar gümüş'),
]
const byId = (id: string) => PRODUCTS.find((one) => one.id === id)!

/** The customer's question and the reply that showed these products. */
const shown = (question: string, ids: string[], kind: string | null = null): Turn[] => [
  { role: 'user', content: question, productIds: [] },
  { role: 'assistant', content: '…', productIds: ids, kind },
]

const contextOf = (history: Turn[] = [], language: AssistantLanguage = 'tr', products = PRODUCTS) => memoryContext({ products, history, language }).context

/** As the database's search does and the memory one does not: a product whose name shares any word of the query. */
const anyWordSearch = (context: Context): Context => ({
  ...context,
  catalogue: { ...context.catalogue, search: async (query) => PRODUCTS.filter((one) => words(query).some((word) => words(one.name).some((name) => name.key === word.key))) },
})

describe('othersThanDiscussed', () => {
  it('lists the others of the kind just discussed, or says there are none, in its words or the caller\'s', async () => {
    expect(await othersThanDiscussed('kulaklık', contextOf(shown('kablosuz kulaklık ne kadar', ['k1'])))).toEqual({
      reply: 'Bulduklarım:\n• Kablolu Kulaklık — ₺349,90 TRY, stokta yok', language: 'tr', productIds: ['k2'], kind: 'list',
    })
    const hat = contextOf(shown('hasır şapka var mı', ['s1']))
    expect(await othersThanDiscussed('şapka', hat)).toMatchObject({ reply: 'Katalogda Hasır Şapka dışında başka şapka yok.', kind: 'stock', productIds: ['s1'] })
    expect(await othersThanDiscussed('şapka', hat, ([one]) => `Yalnızca ${one!.name} var.`)).toMatchObject({ reply: 'Yalnızca Hasır Şapka var.', productIds: ['s1'] })
    expect((await othersThanDiscussed('headphones', contextOf(shown('wireless headphones price', ['w1']), 'en')))?.reply).toBe('The catalogue has no other headphones than Wireless Headphones.')
  })

  it('names every one just listed when the kind has no other, never the first alone', async () => {
    const listed = contextOf(shown('kulaklık var mı', ['k1', 'k2']))
    expect(await othersThanDiscussed('kulaklık', listed)).toMatchObject({
      reply: 'Katalogda Kablosuz Kulaklık ve Kablolu Kulaklık dışında başka kulaklık yok.', kind: 'stock', productIds: ['k1', 'k2'],
    })
    expect(await othersThanDiscussed('kulaklık', listed, (seen) => seen.map((one) => one.id).join(' '))).toMatchObject({ reply: 'k1 k2' })
  })

  it('leaves the question as asked when nothing was discussed or the product discussed is of another kind', async () => {
    expect(await othersThanDiscussed('kulaklık', contextOf())).toBeNull()
    expect(await othersThanDiscussed('vazo', contextOf(shown('kablosuz kulaklık ne kadar', ['k1'])))).toBeNull()
  })
})

describe('answerExtreme', () => {
  it.each([
    // One per currency over the whole catalogue: prices in lira and dollars are never ranked together.
    ['cheapest', '', 'en ucuz ürününüz ne', [], 'tr', ['t1', 'm1']],
    ['cheapest', '', "what's the cheapest thing in lira?", [], 'en', ['t1']],
    // Just after a list, of that list; unless the words speak of the whole shop.
    ['priciest', '', 'en pahalısı hangisi', shown('elektronik ne var', ['k2', 'h1', 'v1']), 'tr', ['h1']],
    ['cheapest', '', 'mağazadaki en ucuz şey ne', shown('elektronik ne var', ['k1', 'h1']), 'tr', ['t1', 'm1']],
    // "And the dearest?" just after the cheapest: the other end of what was asked then.
    ['priciest', '', 'en pahalısı?', shown('en ucuz kulaklık', ['k2'], 'cheapest'), 'tr', ['k1']],
    ['priciest', 'kulaklık', 'en pahalı kulaklık', [], 'tr', ['k1']],
    ['cheapest', 'headphones', 'cheapest headphones', [], 'en', ['w1']],
  ] as const)('%s of "%s" (%s)', async (order, term, message, history, language, ids) => {
    const out = await answerExtreme(order, term, message, contextOf([...history], language))
    expect(out).toMatchObject({ kind: order, language, productIds: ids })
  })

  it('names the one product with its price and stock, and a list by currency', async () => {
    expect((await answerExtreme('cheapest', '', "what's the cheapest thing in lira?", contextOf([], 'en'))).reply).toBe('The cheapest is Türk Kahvesi at ₺150.00 TRY, 30 in stock.')
    expect((await answerExtreme('cheapest', '', 'en ucuz ürününüz ne', contextOf())).reply).toBe(
      'En uygun fiyatlı ürünler (para birimine göre):\n• Türk Kahvesi — ₺150,00 TRY, stokta 30 adet\n• Coffee Mug — $8,00 USD, stokta 20 adet',
    )
  })

  it('says no product matches a kind the catalogue lacks, and that an empty catalogue has none', async () => {
    expect(await answerExtreme('cheapest', 'bisiklet', 'en ucuz bisiklet', contextOf())).toMatchObject({ kind: 'cheapest', productIds: [], known: false })
    const empty = await answerExtreme('cheapest', '', 'en ucuz ne', contextOf([], 'tr', []))
    expect(empty).toMatchObject({ kind: 'cheapest', productIds: [], reply: expect.stringMatching(/^Şu an katalogda ürün görünmüyor\./) })
  })
})

describe('answerBudget', () => {
  const lira = (max: number, min?: number): Budget => (min === undefined ? { currency: 'TRY', max } : { currency: 'TRY', max, min })

  it.each([
    ['what 500 TL buys, dearest first', lira(500), '', ['s1', 'k2', 'v1', 'l1', 't1']],
    ['a range', lira(1000, 400), '', ['h1', 's1']],
    ['the kind named, within it', lira(500), 'kulaklık', ['k2']],
    // A word no product holds narrows nothing; the budget still does.
    ['a wish no product names', lira(330), 'doğum günü sürprizi', ['l1', 't1']],
  ] as const)('%s', async (_, budget, term, ids) => {
    expect(await answerBudget(budget, term, contextOf())).toMatchObject({ kind: 'budget', productIds: ids })
  })

  it('heads the list with the budget, says when there are more than it shows, and when nothing is in it', async () => {
    expect((await answerBudget(lira(1000, 400), '', contextOf([], 'en'))).reply).toMatch(/^Products between ₺400\.00 TRY and ₺1,000\.00 TRY:\n• Bluetooth Hoparlör/)
    const wide = await answerBudget(lira(2000), '', contextOf([], 'en'))
    expect(wide.productIds).toEqual(['k1', 'h1', 's1', 'k2', 'v1'])
    expect(wide.reply).toMatch(/\nThere are more; tell me what you are looking for\.$/)
    expect(await answerBudget({ currency: 'EUR', max: 5 }, '', contextOf())).toMatchObject({ productIds: [], reply: 'Katalogda €5,00 EUR ve altında fiyatlı bir ürün yok.' })
  })

  it('says none of the kind is in the budget, then what the budget does buy', async () => {
    const out = await answerBudget(lira(400), 'hoparlör', contextOf())
    expect(out.productIds).toEqual(['k2', 'v1', 'l1', 't1'])
    expect(out.reply).toMatch(/^Aradığınız türden ₺400,00 TRY ve altında bir ürün yok\.\n₺400,00 TRY ve altındaki ürünler:\n/)
  })

  it('after a present whose every match is out of stock, adds what the same budget buys in stock', async () => {
    const out = await answerBudget(lira(330), 'hediye', contextOf())
    expect(out.productIds).toEqual(['l1', 't1'])
    expect(out.reply).toBe('₺330,00 TRY ve altındaki ürünler:\n• Lokum — ₺320,00 TRY, stokta yok\nBu bütçede stokta olan diğer ürünler:\n• Türk Kahvesi — ₺150,00 TRY, stokta 30 adet')
  })
})

describe('answerRecommendation', () => {
  it.each([
    // What is in stock comes first; "a coffee lover" likes coffee.
    ['hediyelik bir şey önerir misin', 'tr', ['v1', 'l1'], /^Şunlar ilginizi çekebilir:\n• Seramik Vazo/],
    ['something for a coffee lover?', 'en', ['m1'], /^These might suit you:\n• Coffee Mug — \$8\.00 USD, 20 in stock \(Gift for coffee lovers\)$/],
    // An age is no figure of a record: said that no record speaks of ages.
    ['a gift for a 10 year old coffee lover', 'en', ['m1'], /^The catalogue doesn't say which ages its products suit/],
  ] as const)('%s', async (asked, language, ids, reply) => {
    const out = await answerRecommendation(asked, contextOf([], language))
    expect(out).toMatchObject({ kind: 'recommend', productIds: ids })
    expect(out.reply).toMatch(reply)
  })

  it('reads a department the person likes as the things it holds', async () => {
    expect(await answerRecommendation('annem için hediye, takı seviyor', anyWordSearch(contextOf()))).toMatchObject({ kind: 'recommend', productIds: ['j1'] })
  })

  it('reads a present of a thing liked as that thing, not whatever a record calls a present', async () => {
    // As the database searches: any word of the query starting a word of the name or the description.
    const context = contextOf()
    const search = async (query: string) =>
      PRODUCTS.filter((one) => words(query).some((word) => words(`${one.name} ${one.description ?? ''}`).some((said) => said.key.startsWith(word.key))))
    const out = await answerRecommendation('şapka seven birine hediye', { ...context, catalogue: { ...context.catalogue, search } })
    expect(out).toMatchObject({ kind: 'recommend', productIds: ['s1'] })
  })

  it('asks what is wanted, unless it was just asked, or the shown ones were all that fit', async () => {
    expect(await answerRecommendation('ne önerirsiniz', contextOf())).toMatchObject({ kind: 'recommend', productIds: [], reply: expect.stringContaining('ne tür bir ürün arıyorsunuz') })
    expect((await answerRecommendation('he likes to read', contextOf([], 'en'))).reply).toMatch(/^Could you tell me a little more/)
    const told = await answerRecommendation('he likes to read', contextOf(shown('looking for something for my dad', [], 'recommend'), 'en'))
    expect(told.reply).toMatch(/^I couldn't find anything in the catalogue for that\./)
    const more = await answerRecommendation('something for a coffee lover?', contextOf([], 'en'), new Set(['m1']))
    expect(more).toMatchObject({ productIds: [], reply: expect.stringMatching(/^I couldn't find anything else in the catalogue for this\./) })
  })
})

describe('answerCheaper', () => {
  it.each([
    // One product: cheaper ones of its kind, not whatever costs less.
    ['kablosuz kulaklık ne kadar', ['k1'], '', ['k2'], 'Kablosuz Kulaklık (₺1.250,00 TRY) ürününden daha uygun olanlar:\n• Kablolu Kulaklık — ₺349,90 TRY, stokta yok'],
    // A department listed names no kind: anything cheaper than the cheapest shown, dearest first.
    ['elektronik ne var', ['k1', 'h1'], '', ['s1', 'k2', 'v1', 'l1', 't1'], 'Bluetooth Hoparlör (₺899,50 TRY) ürününden daha uygun olanlar:'],
    ['hoparlör ne kadar', ['h1'], 'kulaklık', ['k2'], 'Bluetooth Hoparlör (₺899,50 TRY) ürününden daha uygun olanlar:'],
    // Of a list in two currencies, set against the one the cheaper ones are priced in.
    ['en pahalı ne', ['w1', 'h1'], 'kulaklık', ['k2'], 'Bluetooth Hoparlör (₺899,50 TRY) ürününden daha uygun olanlar:'],
  ] as const)('after "%s"', async (question, listed, term, ids, head) => {
    const out = await answerCheaper(listed.map(byId), term, contextOf(shown(question, [...listed])))
    expect(out).toMatchObject({ kind: 'budget', productIds: ids })
    expect(out.reply.startsWith(head)).toBe(true)
  })

  it('says nothing of the kind costs less, or nothing at all does, naming the product set against', async () => {
    const ofKind = 'Katalogda bu türde Bluetooth Hoparlör (₺899,50 TRY) ürününden daha uygun fiyatlı bir ürün yok.'
    expect(await answerCheaper([byId('h1')], '', contextOf(shown('hoparlör ne kadar', ['h1'])))).toEqual({ reply: ofKind, language: 'tr', productIds: ['h1'], kind: 'budget' })
    expect((await answerCheaper([byId('m1')], '', contextOf(shown('coffee mug price', ['m1']), 'en'))).reply).toBe('There is nothing in the catalogue cheaper than Coffee Mug ($8.00 USD).')
  })
})
