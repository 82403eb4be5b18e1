// Answers about named products (product-answers.ts): price, stock, link, a list or search; an attribute a product's
// record states or does not (size, colour, material); and ordering it. Each answerer is called on its own over an
// in-memory catalogue; the tests check the reply's kind, the products it speaks of, whether it says it does not know,
// and the words it says, quoted from the record.
import { describe, expect, it } from 'vitest'
import { memoryContext } from '../../../../tests/support/assistant-memory.ts'
import { answerAttribute, answerOrdering, answerProductQuestion, bargainedOver } from './product-answers.ts'
import type { Context } from './reply-context.ts'
import { words } from './text.ts'
import type { AssistantLanguage, BusinessProfile, CatalogueProduct, Turn } from './types.ts'

const product = (id: string, name: string, price: number, currency: string, stock: number, link: string | null, description: string | null = null): CatalogueProduct => ({
  id, name, description, price, currency, stock, product_link: link,
})

const PRODUCTS: readonly CatalogueProduct[] = [
  product('k1', 'Kablosuz Kulaklık', 1250, 'TRY', 12, 'https://ornek.com/kulaklik', 'Bluetooth 5.3, 30 saat pil'),
  product('k2', 'Kablolu Kulaklık', 349.9, 'TRY', 0, null),
  product('g1', 'Keten Gömlek', 690, 'TRY', 8, null, 'Beden: S, M, L. Renk: beyaz ve lacivert. %100 keten'),
  product('c1', 'Deri Ceket', 180, 'EUR', 2, 'https://ornek.com/ceket', 'Hakiki kuzu derisi, siyah'),
  product('m1', 'Coffee Mug', 8, 'USD', 20, null, 'Ceramic, 350 ml'),
]
const SHIRT = 'Beden: S, M, L. Renk: beyaz ve lacivert. %100 keten'
const CONTACT_TR = 'Bunun için Ayşe Butik ile doğrudan iletişime geçebilirsiniz.'

/** The customer's question and the reply that spoke of these products ("x9": one since deleted). */
const about = (ids: string[], question = 'bunu soruyorum'): Turn[] => [
  { role: 'user', content: question, productIds: [] },
  { role: 'assistant', content: '…', productIds: ids },
]

const contextOf = (options: { history?: Turn[]; language?: AssistantLanguage; products?: readonly CatalogueProduct[]; profile?: Partial<BusinessProfile> } = {}) =>
  memoryContext({ products: options.products ?? PRODUCTS, history: options.history ?? [], language: options.language ?? 'tr', profile: options.profile ?? {} }).context

/** As the database's search does and the memory one does not: a product whose name shares any word of the query. */
const anyWordSearch = (context: Context): Context => ({
  ...context,
  catalogue: { ...context.catalogue, search: async (query) => PRODUCTS.filter((one) => words(query).some((word) => words(one.name).some((name) => name.key === word.key))) },
})

describe('answerProductQuestion', () => {
  it.each([
    ['price', 'kablosuz kulaklık', 'kablosuz kulaklık ne kadar', 'tr', 'Kablosuz Kulaklık fiyatı ₺1.250,00 TRY; stokta 12 adet var.', 'k1'],
    ['price', 'coffee mug', 'how much is the coffee mug', 'en', 'Coffee Mug is $8.00 USD, with 20 in stock.', 'm1'],
    ['stock', 'kablolu kulaklık', 'kablolu kulaklık stokta var mı', 'tr', 'Maalesef Kablolu Kulaklık şu an stokta yok. Fiyatı ₺349,90 TRY.', 'k2'],
    ['link', 'deri ceket', 'deri ceket linki', 'tr', 'Deri Ceket (€180,00 EUR, stokta 2 adet) bu bağlantıdan alınabilir: https://ornek.com/ceket', 'c1'],
    ['link', 'kablolu kulaklık', 'kablolu kulaklığın linki', 'en', "I don't have a link for Kablolu Kulaklık (₺349.90 TRY, out of stock); please contact Ayşe Butik to buy it.", 'k2'],
  ] as const)('%s of "%s" in %s', async (kind, term, message, language, reply, id) => {
    expect(await answerProductQuestion(kind, term, contextOf({ language }), message)).toEqual({ reply, language, productIds: [id], kind })
  })

  it('asks of the product just discussed when the words name none', async () => {
    const out = await answerProductQuestion('stock', '', contextOf({ history: about(['g1'], 'keten gömlek var mı') }), 'stokta var mı')
    expect(out).toMatchObject({ kind: 'stock', productIds: ['g1'], reply: 'Evet, Keten Gömlek stokta var (8 adet). Fiyatı ₺690,00 TRY.' })
  })

  it('lists every product the words name, links only where there are some', async () => {
    const prices = await answerProductQuestion('price', 'kulaklık', contextOf(), 'kulaklık ne kadar')
    expect(prices).toMatchObject({ kind: 'price', productIds: ['k1', 'k2'], reply: 'Bulduklarım:\n• Kablosuz Kulaklık — ₺1.250,00 TRY, stokta 12 adet\n• Kablolu Kulaklık — ₺349,90 TRY, stokta yok' })
    const links = await answerProductQuestion('link', 'kulaklık', contextOf(), 'kulaklık linki')
    expect(links.reply).toContain('• Kablosuz Kulaklık — ₺1.250,00 TRY, stokta 12 adet — https://ornek.com/kulaklik\n• Kablolu Kulaklık — ₺349,90 TRY, stokta yok\n')
    expect(links.reply).toMatch(/Bağlantısı olmayanlar için Ayşe Butik ile iletişime geçebilirsiniz\.$/)
  })

  it('sums one of each of two products asked together, per currency', async () => {
    const out = await answerProductQuestion('price', 'deri ceket coffee mug', contextOf(), 'deri ceket ve coffee mug birlikte ne kadar')
    expect(out).toMatchObject({ kind: 'price', productIds: ['c1', 'm1'] })
    expect(out.reply).toMatch(/\nToplam: €180,00 EUR \+ \$8,00 USD$/)
  })

  it.each([
    ['no product of the name', 'price', 'küpe', 'küpe ne kadar', [], { known: false, reply: `Üzgünüm, bununla eşleşen bir ürün bulamadım. ${CONTACT_TR}` }],
    ['nothing named or discussed', 'price', '', 'fiyatı ne', [], { reply: 'Hangi ürünü sorduğunuzu anlayamadım; ürünün adını yazar mısınız?' }],
    ['the product discussed gone from the catalogue', 'stock', '', 'stokta var mı', about(['x9']), { reply: `Bu ürün artık katalogda görünmüyor. ${CONTACT_TR}` }],
    ['a kind the shop does not hold', 'search', 'küpe', 'küpe var mı', [], { known: false, reply: `Üzgünüm, bununla eşleşen bir ürün bulamadım. ${CONTACT_TR}` }],
  ] as const)('%s: says so, naming no product', async (_, kind, term, message, history, said) => {
    const out = await answerProductQuestion(kind, term, contextOf({ history: [...history] }), message)
    expect(out).toEqual({ language: 'tr', productIds: [], kind, ...said })
  })

  it('reads words that ask nothing of a product as a question it cannot answer', async () => {
    const out = await answerProductQuestion('search', 'dün akşamki maç sonucu', contextOf(), 'dün akşamki maç sonucu ne oldu')
    expect(out).toMatchObject({ kind: 'unknown', productIds: [] })
    expect(out.reply).toMatch(/^Bunu yanıtlayamıyorum\./)
  })

  it('offers the closest product, as only that, when its record lacks words asked', async () => {
    const out = await answerProductQuestion('stock', 'uzun kollu keten gömlek', anyWordSearch(contextOf()), 'uzun kollu keten gömlek var mı')
    expect(out).toMatchObject({ kind: 'stock', productIds: ['g1'], known: false })
    expect(out.reply).toBe(`Katalogda “uzun kollu keten gömlek” yer almıyor; en yakını:\n• Keten Gömlek — ₺690,00 TRY, stokta 8 adet (${SHIRT})`)
  })

  it('lists the whole catalogue in name order, the kind named, or says the catalogue is empty', async () => {
    expect((await answerProductQuestion('list', '', contextOf(), 'neler var')).productIds).toEqual(['m1', 'c1', 'k2', 'k1', 'g1'])
    expect(await answerProductQuestion('list', 'headphones', contextOf({ language: 'en', products: [...PRODUCTS, product('w1', 'Wireless Headphones', 59.99, 'USD', 4, null)] }), 'what headphones do you have')).toMatchObject({
      productIds: ['w1'], reply: "Here's what I found:\n• Wireless Headphones — $59.99 USD, 4 in stock",
    })
    expect(await answerProductQuestion('list', '', contextOf({ products: [] }), 'neler var')).toMatchObject({ productIds: [], known: false, reply: `Şu an katalogda ürün görünmüyor. ${CONTACT_TR}` })
  })
})

describe('answerAttribute', () => {
  const shirt = contextOf({ history: about(['g1'], 'keten gömlek var mı') })

  it.each([
    ['size', '', 'L beden var mı', shirt, `Katalogda Keten Gömlek için L beden yer alıyor: “${SHIRT}”`, 'g1', true],
    ['size', '', 'XL beden var mı', shirt, `Keten Gömlek için katalogda XL beden yer almıyor; açıklamada: “${SHIRT}”. ${CONTACT_TR}`, 'g1', false],
    ['size', 'keten gömleğin', 'keten gömleğin XL bedeni var mı', contextOf(), `Keten Gömlek için katalogda XL beden yer almıyor; açıklamada: “${SHIRT}”. ${CONTACT_TR}`, 'g1', false],
    ['colour', '', 'lacivert var mı', shirt, `Katalogda Keten Gömlek için yazan renk: beyaz, lacivert. Açıklamada: “${SHIRT}”`, 'g1', true],
    ['colour', '', 'kırmızısı var mı', shirt, `Katalogda Keten Gömlek için kırmızı renk yer almıyor; yazan renk: beyaz, lacivert. Açıklamada: “${SHIRT}”. ${CONTACT_TR}`, 'g1', false],
    ['material', '', 'what is it made of', contextOf({ language: 'en', history: about(['c1']) }), 'The catalogue describes Deri Ceket as: “Hakiki kuzu derisi, siyah”', 'c1', true],
    ['material', 'neyden yapılmış', 'neyden yapılmış', contextOf({ history: about(['k2']) }), `Kablolu Kulaklık için katalogda malzeme bilgisi yer almıyor. ${CONTACT_TR}`, 'k2', false],
    ['colour', '', 'ne renk', contextOf({ history: about(['k2']) }), `Kablolu Kulaklık için katalogda renk bilgisi yer almıyor. ${CONTACT_TR}`, 'k2', false],
  ] as const)('%s: "%s"', async (attribute, term, message, context, reply, id, known) => {
    const out = await answerAttribute(attribute, term, message, context)
    expect(out).toMatchObject({ kind: 'attribute', reply, productIds: [id] })
    expect(out.known ?? true).toBe(known)
  })

  it('answers from the name first where only the name says what was asked, from the description where it says it too', async () => {
    const oil = product('z1', 'Sızma Zeytinyağı 1 L', 540, 'TRY', 18, null, 'Soğuk sıkım, Ayvalık')
    const inEnglish = contextOf({ language: 'en', products: [oil], history: about(['z1']) })
    expect((await answerAttribute(null, 'olive oil', 'is the olive oil extra virgin', inEnglish)).reply).toBe('The catalogue lists it as “Sızma Zeytinyağı 1 L”, described as: “Soğuk sıkım, Ayvalık”.')
    // (One full stop, the description's own.)
    const linen = await answerAttribute(null, '', 'keten mi', shirt)
    expect(linen.reply).toBe(`Keten Gömlek için katalogdaki açıklama: “${SHIRT}”`)
    const bag = product('b1', 'Deri Çanta', 1450, 'TRY', 3, null, 'Taba rengi, 32 x 24 x 10 cm.')
    expect((await answerAttribute(null, '', 'deri mi', contextOf({ products: [bag], history: about(['b1']) }))).reply).toBe('Katalogda “Deri Çanta” adıyla yer alıyor; açıklamada: “Taba rengi, 32 x 24 x 10 cm.”')
  })

  it('asks which product when none was named or several were just listed, and says when it is gone', async () => {
    const which = 'Hangi ürünü sorduğunuzu anlayamadım; ürünün adını yazar mısınız?'
    expect(await answerAttribute('size', '', 'hangi bedenler var', contextOf())).toEqual({ reply: which, language: 'tr', productIds: [], kind: 'attribute' })
    expect((await answerAttribute('size', '', 'M beden var mı', contextOf({ history: about(['g1', 'c1']) }))).reply).toBe(which)
    expect((await answerAttribute('size', '', 'M beden var mı', contextOf({ history: about(['x9']) }))).reply).toBe(`Bu ürün artık katalogda görünmüyor. ${CONTACT_TR}`)
  })
})

describe('answerProductQuestion: one of a list', () => {
  it('reads "kablosuzun" (the wireless one\'s) after a list as the one of it so named, not all the word finds', async () => {
    const mouse = product('w2', 'Kablosuz Mouse', 499, 'TRY', 7, null)
    const listed = contextOf({ history: about(['k1', 'k2'], 'kulaklık var mı'), products: [...PRODUCTS, mouse] })
    // (The database's search finds the mouse too, by the word and its translation.)
    const searching: Context = { ...listed, catalogue: { ...listed.catalogue, search: async () => [PRODUCTS[0]!, mouse] } }
    expect(await answerProductQuestion('search', 'kablosuzun', searching, 'kablosuzun')).toMatchObject({ kind: 'search', productIds: ['k1'] })
  })
})

describe('answerProductQuestion: two named at once', () => {
  it('gives both the wired and the wireless headphones, never "not listed, the closest"', async () => {
    // (The database's search finds both for the three words, as anyWordSearch does.)
    const out = await answerProductQuestion('price', 'kablolu kablosuz kulaklık', anyWordSearch(contextOf()), 'kablolu ve kablosuz kulaklık ne kadar')
    expect(out).toMatchObject({ kind: 'price', productIds: ['k2', 'k1'] })
    expect(out.known).toBeUndefined()
  })

  it('gives each of three named between commas and "ve", or side by side, never the first and the last alone', async () => {
    const listed = await answerProductQuestion('stock', 'gömlek ceket mug', anyWordSearch(contextOf()), 'gömlek, ceket ve mug var mı')
    expect(listed).toMatchObject({ kind: 'stock', productIds: ['g1', 'c1', 'm1'] })
    const sideBySide = await answerProductQuestion('price', 'gömlek ceket', anyWordSearch(contextOf()), 'gömlek ceket fiyatları')
    expect(sideBySide).toMatchObject({ kind: 'price', productIds: ['g1', 'c1'] })
  })
})

describe('answerOrdering', () => {
  const ordering = { ordering_info: 'WhatsApp üzerinden sipariş verebilirsiniz.' }

  it.each([
    ['the owner\'s ordering text after the product\'s line and link', 'deri ceket', 'deri ceketi nasıl sipariş verebilirim', contextOf({ profile: ordering }), ['c1'], '• Deri Ceket — €180,00 EUR, stokta 2 adet — https://ornek.com/ceket\nSipariş: WhatsApp üzerinden sipariş verebilirsiniz.', true],
    ['what that many come to', '', "I'll take 2", contextOf({ language: 'en', history: about(['g1']) }), ['g1'], "• Keten Gömlek — ₺690.00 TRY, 8 in stock\nPlease contact Ayşe Butik directly about this.\nFor 2, that's ₺1,380.00 TRY in total.", false],
    ['that the catalogue shows fewer', '', 'bundan 3 tane alıyorum', contextOf({ history: about(['c1']) }), ['c1'], `• Deri Ceket — €180,00 EUR, stokta 2 adet — https://ornek.com/ceket\n${CONTACT_TR}\n3 adet için: katalogda Deri Ceket stoğu 2 adet görünüyor. ${CONTACT_TR}`, true],
    ['that nothing can be put aside from here', '', 'bana bir tane ayırır mısınız', contextOf({ history: about(['g1']), profile: { contact_phone: '0216 555 00 11' } }), ['g1'], '• Keten Gömlek — ₺690,00 TRY, stokta 8 adet\nÜrün ayırmayı buradan yapamıyorum. Ayşe Butik size yardımcı olabilir: 0216 555 00 11', false],
    ['how to pay, when written', '', "I'll take it, how do I pay?", contextOf({ language: 'en', history: about(['g1']), profile: { ordering_info: 'Order on WhatsApp.', payment_info: 'Cards and bank transfer.' } }), ['g1'], '• Keten Gömlek — ₺690.00 TRY, 8 in stock\nOrdering: Order on WhatsApp.\nPayment: Cards and bank transfer.', true],
    ['which product, when none is named', '', 'nasıl sipariş verebilirim', contextOf(), [], `${CONTACT_TR}\nHangi ürünü almak istersiniz?`, false],
    ['that it is out of stock, first', 'kablolu kulaklık', 'kablolu kulaklık almak istiyorum', contextOf({ profile: ordering }), ['k2'], 'Maalesef Kablolu Kulaklık şu an stokta yok; ne zaman tekrar stoğa gireceği katalogda yazmıyor.\n• Kablolu Kulaklık — ₺349,90 TRY, stokta yok\nSipariş: WhatsApp üzerinden sipariş verebilirsiniz.', true],
    ['no matching product, when the catalogue has none', 'küpe etmek', 'küpe sipariş etmek istiyorum', contextOf(), [], `Üzgünüm, bununla eşleşen bir ürün bulamadım. ${CONTACT_TR}`, false],
  ] as const)('says %s', async (_, term, message, context, ids, reply, known) => {
    const out = await answerOrdering(term, message, context)
    expect(out).toMatchObject({ kind: 'ordering', productIds: ids, reply })
    expect(out.known ?? true).toBe(known)
  })

  it('counts each product of a basket and sums it per currency before how to order', async () => {
    const out = await answerOrdering('keten gömlek deri ceket', '2 keten gömlek 1 deri ceket almak istiyorum', contextOf({ profile: ordering }))
    expect(out).toMatchObject({ kind: 'ordering', productIds: ['g1', 'c1'] })
    expect(out.reply).toMatch(/^Katalogdaki fiyatlarla:\n• 2 × Keten Gömlek — ₺1\.380,00 TRY \(stokta 8 adet\)\n/)
    expect(out.reply).toMatch(/\nToplam: ₺1\.380,00 TRY \+ €180,00 EUR\n.*WhatsApp üzerinden sipariş verebilirsiniz\.$/)
  })
})

describe('bargainedOver', () => {
  it('is the one product a price offered names; none for a discount asked for, or a kind several share', async () => {
    expect((await bargainedOver('deri ceket 150 euroya olur mu', contextOf()))?.id).toBe('c1')
    expect(await bargainedOver('deri ceket indirim yapar mısınız', contextOf())).toBeNull()
    expect(await bargainedOver('kulaklık 1000 tl ye olur mu', anyWordSearch(contextOf()))).toBeNull()
  })
})
