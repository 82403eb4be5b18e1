// What several products come to, and the notes a price or stock answer adds (basket-answers.ts): each answerer called
// on its own over an in-memory catalogue, with the exact sums and notes it writes, and the output it leaves unchanged
// (or the null it gives) when the message asks nothing of the kind.
import { describe, expect, it } from 'vitest'
import { addNotes, answerBasket, answerPriceWithShipping, answerWithAnother, withBasket } from './basket-answers.ts'
import { readBasket } from './basket.ts'
import { reply } from './reply-context.ts'
import { memoryContext } from '../../../../tests/support/assistant-memory.ts'
import type { AssistantLanguage, CatalogueProduct, Turn } from './types.ts'

const product = (id: string, name: string, price: number, currency: string, stock: number): CatalogueProduct => ({ id, name, description: null, price, currency, stock, product_link: null })
const [SHIRT, TSHIRT, JEANS, HAT, LAMP, MUG, VASE] = [
  product('p1', 'Keten Gömlek', 649.9, 'TRY', 25),
  product('p2', 'Pamuklu Tişört', 249, 'TRY', 60),
  product('p3', 'Kot Pantolon', 899.5, 'TRY', 30),
  product('p4', 'Hasır Şapka', 150, 'TRY', 0),
  product('p5', 'Desk Lamp', 12.5, 'EUR', 0),
  product('p6', 'Coffee Mug', 8, 'USD', 20),
  product('p7', 'Seramik Vazo', 349.9, 'TRY', 5),
] as const
const ITEMS = [SHIRT, TSHIRT, JEANS, HAT, LAMP, MUG, VASE, product('p8', 'Kargo Pantolon', 700, 'TRY', 5)]
const PROFILE = { contact_phone: '0216 555 00 11', shipping_info: '500 TL üzeri kargo ücretsiz.' }
const CONTACT = { tr: 'Ayşe Butik size yardımcı olabilir: 0216 555 00 11', en: 'Ayşe Butik can help you: 0216 555 00 11' }

/** The conversation just after a reply that spoke of these products. */
const said = (ids: readonly string[]): Turn[] => (ids.length === 0 ? [] : [{ role: 'user', content: 'fiyatı ne', productIds: [] }, { role: 'assistant', content: '…', productIds: [...ids], kind: 'price' }])
const contextOf = (ids: readonly string[] = [], language: AssistantLanguage = 'tr', profile: object = PROFILE) => memoryContext({ products: ITEMS, profile, history: said(ids), language })

describe('addNotes', () => {
  it.each([
    ['ne zaman gelir', 'stock', HAT, 'tr', `Ne zaman tekrar stoğa gireceği katalogda yazmıyor. ${CONTACT.tr}`],
    ['when will it be back', 'stock', LAMP, 'en', `The catalogue doesn't say when it will be back. ${CONTACT.en}`],
    ['how much is the desk lamp in dollars?', 'price', LAMP, 'en', "The catalogue gives the price in euros; I can't say what it is in dollars."],
    ['10 tane alabilir miyim', 'stock', VASE, 'tr', `10 adet için: katalogda Seramik Vazo stoğu 5 adet görünüyor. ${CONTACT.tr}`],
    ['3 tane alsam ne tutar', 'price', SHIRT, 'tr', '3 adet toplam ₺1.949,70 TRY.'],
  ] as const)('%s (%s): adds the note', async (message, kind, item, language, note) => {
    const out = reply(kind, 'Önceki yanıt.', language, [item])
    expect(await addNotes(out, message, contextOf([], language).context)).toEqual({ ...out, reply: `Önceki yanıt. ${note}` })
  })

  it.each([
    // What the record already answers: in stock, the owner's own currency.
    ['ne zaman gelir', 'stock', SHIRT],
    ['keten gömlek kaç tl', 'price', SHIRT],
    // Not one product's price or stock.
    ['3 tane alsam kargo ücretsiz mi', 'shipping', SHIRT],
  ] as const)('%s (%s): unchanged', async (message, kind, item) => {
    const out = reply(kind, 'Önceki yanıt.', 'tr', [item])
    expect(await addNotes(out, message, contextOf().context)).toBe(out)
  })

  it('reads no record when nothing is asked besides, and leaves two products or a product gone unchanged', async () => {
    const { context, calls } = contextOf()
    const plain = reply('price', 'Önceki yanıt.', 'tr', [SHIRT])
    expect(await addNotes(plain, 'keten gömlek ne kadar', context)).toBe(plain)
    expect(calls).toEqual([])
    const two = reply('price', 'Önceki yanıt.', 'tr', [SHIRT, TSHIRT])
    expect(await addNotes(two, '3 tane alsam ne tutar', context)).toBe(two)
    const gone = reply('stock', 'Önceki yanıt.', 'tr', [product('p9', 'Eski Ürün', 10, 'TRY', 0)])
    expect(await addNotes(gone, 'ne zaman gelir', context)).toBe(gone)
  })
})

describe('withBasket', () => {
  const SHIPPING = 'Kargo bilgisi: 500 TL üzeri kargo ücretsiz.'
  it.each([
    ['2 tane alsam kargo ücretsiz olur mu', ['p1'], 'tr', 'Katalogdaki fiyatlarla:\n• 2 × Keten Gömlek — ₺1.299,80 TRY (stokta 25 adet)\nToplam: ₺1.299,80 TRY', ['p1']],
    ['if i buy 3 is shipping free?', ['p1'], 'en', "At the catalogue's prices:\n• 3 × Keten Gömlek — ₺1,949.70 TRY (25 in stock)\nTotal: ₺1,949.70 TRY", ['p1']],
    ['gömlek ve tişört alsam kargo öder miyim', [], 'tr', 'Katalogdaki fiyatlarla:\n• 1 × Keten Gömlek — ₺649,90 TRY (stokta 25 adet)\n• 1 × Pamuklu Tişört — ₺249,00 TRY (stokta 60 adet)\nToplam: ₺898,90 TRY', ['p1', 'p2']],
  ] as const)('%s: what they come to, before the shipping text', async (message, discussed, language, basket, ids) => {
    const out = reply('shipping', SHIPPING, language)
    expect(await withBasket(out, message, contextOf(discussed, language).context)).toEqual({ ...out, reply: `${basket}\n\n${SHIPPING}`, productIds: ids })
  })

  it.each([
    ['kargo ücretsiz mi', ['p1']],
    // A number, but nothing discussed, or two products discussed: which one is not known.
    ['2 tane alsam kargo ücretsiz olur mu', []],
    ['2 tane alsam kargo ücretsiz olur mu', ['p1', 'p2']],
  ] as const)('%s after %j: unchanged', async (message, discussed) => {
    const out = reply('shipping', SHIPPING, 'tr')
    expect(await withBasket(out, message, contextOf(discussed).context)).toBe(out)
  })
})

describe('answerBasket', () => {
  it('lists each line at the catalogue\'s price and stock, with the sum', async () => {
    const lines = readBasket('2 keten gömlek 1 şapka ne tutar')!
    expect(await answerBasket(lines, contextOf().context)).toEqual({
      kind: 'price',
      language: 'tr',
      productIds: ['p1', 'p4'],
      reply: 'Katalogdaki fiyatlarla:\n• 2 × Keten Gömlek — ₺1.299,80 TRY (stokta 25 adet)\n• 1 × Hasır Şapka — ₺150,00 TRY (stokta yok)\nToplam: ₺1.449,80 TRY',
    })
  })

  it('sums each currency apart, never converting one into another', async () => {
    const out = await answerBasket(readBasket('what about 2 coffee mugs and a desk lamp')!, contextOf([], 'en').context)
    expect(out).toMatchObject({ kind: 'price', productIds: ['p6', 'p5'] })
    expect(out!.reply).toContain('• 2 × Coffee Mug — $16.00 USD (20 in stock)\n• 1 × Desk Lamp — €12.50 EUR (out of stock)\nTotal: $16.00 USD + €12.50 EUR')
  })

  it.each([
    // The catalogue has no leather jacket.
    '2 gömlek 1 deri ceket ne tutar',
    // Both lines name the same shirt.
    '2 gömlek 1 keten gömlek ne tutar',
  ])('%s: null', async (message) => {
    expect(await answerBasket(readBasket(message)!, contextOf().context)).toBeNull()
  })
})

describe('answerPriceWithShipping', () => {
  it.each([
    ['seramik vazo kaç para kargo dahil mi', [], 'tr', 'Seramik Vazo fiyatı ₺349,90 TRY; stokta 5 adet var.\n\nKargo bilgisi: 500 TL üzeri kargo ücretsiz.', 'p7'],
    ['how much is the desk lamp including shipping', [], 'en', 'Desk Lamp is €12.50 EUR, but it is out of stock right now.\n\nShipping: 500 TL üzeri kargo ücretsiz.', 'p5'],
    ['how much with shipping', ['p7'], 'en', 'Seramik Vazo is ₺349.90 TRY, with 5 in stock.\n\nShipping: 500 TL üzeri kargo ücretsiz.', 'p7'],
  ] as const)('%s: the price, then the shipping text', async (message, discussed, language, text, id) => {
    expect(await answerPriceWithShipping(message, contextOf(discussed, language).context)).toEqual({ kind: 'shipping', language, productIds: [id], reply: text })
  })

  it('says the shipping text is not written, and is not known, when the owner has none', async () => {
    const out = await answerPriceWithShipping('seramik vazo kaç para kargo dahil mi', contextOf([], 'tr', { contact_phone: '0216 555 00 11' }).context)
    expect(out).toMatchObject({ kind: 'shipping', productIds: ['p7'], known: false })
    expect(out!.reply).toBe(`Seramik Vazo fiyatı ₺349,90 TRY; stokta 5 adet var.\n\nKargo hakkında bir bilgi henüz yazılmamış. ${CONTACT.tr}`)
  })

  it.each([
    ['kargo ücreti dahil mi', []],
    ['kargo ne kadar', ['p7']],
    ['kargo dahil ne kadar', ['p1', 'p7']],
    ['deri ceket kargo dahil mi', []],
  ] as const)('%s after %j: null', async (message, discussed) => {
    expect(await answerPriceWithShipping(message, contextOf(discussed).context)).toBeNull()
  })
})

describe('answerWithAnother', () => {
  const BOTH = 'Katalogdaki fiyatlarla:\n• 1 × Keten Gömlek — ₺649,90 TRY (stokta 25 adet)\n• 1 × Kot Pantolon — ₺899,50 TRY (stokta 30 adet)\nToplam: ₺1.549,40 TRY'
  it.each([
    ['kot pantolon ile birlikte ne tutar', null],
    ['peki kot pantolonla?', 'price'],
  ] as const)('%s (after %s): the one discussed and the one added', async (message, previous) => {
    expect(await answerWithAnother(message, previous, contextOf(['p1']).context)).toEqual({ kind: 'price', language: 'tr', productIds: ['p1', 'p3'], reply: BOTH })
  })

  it('adds across currencies in English', async () => {
    const out = await answerWithAnother('and with the coffee mug?', 'price', contextOf(['p5'], 'en').context)
    expect(out).toMatchObject({ kind: 'price', productIds: ['p5', 'p6'] })
    expect(out!.reply).toContain('Total: €12.50 EUR + $8.00 USD')
  })

  it.each([
    // Not asked what it costs, nor after a price.
    ['peki kot pantolonla?', 'stock', ['p1']],
    // With the shipping, which is the owner's text, though the catalogue sells a "Kargo Pantolon".
    ['kargo ile birlikte ne kadar', 'price', ['p1']],
    // Two products named: a pair, not one added.
    ['kot pantolon ile keten gömlek ne kadar', 'price', ['p1']],
    // The one discussed added to itself; nothing discussed, or more than one.
    ['keten gömlekle birlikte ne kadar', 'price', ['p1']],
    ['kot pantolonla birlikte ne kadar', 'price', []],
    ['kot pantolonla birlikte ne kadar', 'price', ['p1', 'p2']],
  ] as const)('%s (after %s of %j): null', async (message, previous, discussed) => {
    expect(await answerWithAnother(message, previous, contextOf(discussed).context)).toBeNull()
  })
})
