// message-answer.ts answers a message as the classifier read it, in the light of the conversation: a short follow-up
// is asked of the product, list, FAQ entry or business text the last reply gave, and the rest goes to
// intent-answers.ts. These tests give `answerMessage` the message with `understand`'s reading of it.
import { describe, expect, it } from 'vitest'
import { answerMessage } from './message-answer.ts'
import { understand } from './intents.ts'
import { corpusClassifier } from './nlu.ts'
import { translate } from './lexicon.ts'
import { words } from './text.ts'
import { catalogueProduct as product, memoryContext, type FaqEntry } from '../../../../tests/support/assistant-memory.ts'
import type { BusinessProfile, CatalogueProduct, Responder, Turn } from './types.ts'

const PRODUCTS = [
  product('p1', 'Kablosuz Kulaklık', 1250, 'TRY', 12, 'Bluetooth 5.3, 30 saat pil'),
  product('p2', 'Kablolu Kulaklık', 349.9, 'TRY', 0),
  product('p6', 'Seramik Vazo', 349.9, 'TRY', 5),
  product('p7', 'Coffee Mug', 8, 'USD', 20),
  product('p8', 'Keten Gömlek', 600, 'TRY', 3, 'Pamuklu değil, %100 keten'),
]
const PROFILE: Partial<BusinessProfile> = {
  opening_hours: { mon: [['09:00', '18:00']], tue: [['09:00', '18:00']], wed: [['09:00', '18:00']], thu: [['09:00', '18:00']], fri: [['09:00', '18:00']], sat: [['10:00', '14:00']] },
  shipping_info: '500 TL üzeri kargo ücretsiz; siparişler 2 iş gününde kargoda.',
  returns_info: '14 gün içinde iade ve değişim yapılır.',
}
const GIFT_WRAP: FaqEntry = { id: 'f1', question: 'Hediye paketi yapıyor musunuz?', answer: 'Evet, hediye paketi ücretsizdir.' }

/** The message as the responder hands it on, with the classifier's reading, at Ayşe Butik on a Wednesday morning. */
async function ask(message: string, history: Turn[] = [], products: readonly CatalogueProduct[] = PRODUCTS) {
  const { context } = memoryContext({ products, profile: PROFILE, faq: [GIFT_WRAP], history })
  const input: Parameters<Responder>[0] = { message, history, businessName: context.businessName, catalogue: context.catalogue, business: context.business, now: context.now }
  return answerMessage(input, await understand(message, await corpusClassifier()))
}
const after = (question: string, kind: string, productIds: string[] = [], answer = '…'): Turn[] => [
  { role: 'user', content: question, productIds: [] },
  { role: 'assistant', content: answer, productIds, kind },
]
const HEADPHONES_LISTED = after('kulaklık var mı', 'list', ['p1', 'p2'])

describe('answerMessage: after a product', () => {
  it.each([
    ['peki fiyatı ne?', after('kablosuz kulaklık var mı', 'stock', ['p1']), 'price', ['p1'], 'Kablosuz Kulaklık fiyatı ₺1.250,00 TRY; stokta 12 adet var.'],
    ['stokta var mı?', after('kablosuz kulaklık ne kadar', 'price', ['p1']), 'stock', ['p1'], 'Evet, Kablosuz Kulaklık stokta var (12 adet). Fiyatı ₺1.250,00 TRY.'],
    ['is it in stock?', after('do you have coffee mugs?', 'search', ['p7']), 'stock', ['p7'], "Yes, Coffee Mug is in stock (20 available). It's $8.00 USD."],
    ["what's the price?", after('do you have mugs?', 'stock', ['p7']), 'price', ['p7'], 'Coffee Mug is $8.00 USD, with 20 in stock.'],
    // The list's second product, not the last one discussed.
    ['ikincisinin fiyatı ne?', HEADPHONES_LISTED, 'price', ['p2'], 'Kablolu Kulaklık fiyatı ₺349,90 TRY; ancak şu an stokta yok.'],
  ])('answers "%s" of the product just discussed', async (message, history, kind, productIds, reply) => {
    expect(await ask(message, history)).toMatchObject({ kind, productIds, reply })
  })

  it('asks which product when nothing was discussed before', async () => {
    expect(await ask('peki fiyatı ne?')).toMatchObject({ kind: 'price', productIds: [], reply: 'Hangi ürünü sorduğunuzu anlayamadım; ürünün adını yazar mısınız?' })
    expect(await ask('is it in stock?')).toMatchObject({ kind: 'stock', productIds: [], reply: 'Which product do you mean? Please tell me its name.' })
  })

  it('reads "pamuklu mu?" as a property of the shirt, quoting its record', async () => {
    expect(await ask('pamuklu mu?', after('keten gömlek var mı', 'stock', ['p8']))).toMatchObject({ kind: 'attribute', productIds: ['p8'], reply: 'Keten Gömlek için katalogdaki açıklama: “Pamuklu değil, %100 keten”' })
  })

  it('says "ne zaman gelir?" of a product out of stock is not in the catalogue, never the opening hours', async () => {
    const out = await ask('ne zaman gelir?', after('kablolu kulaklık var mı', 'stock', ['p2']))
    expect(out).toMatchObject({ kind: 'stock', productIds: ['p2'] })
    expect(out.reply).toContain('Ne zaman tekrar stoğa gireceği katalogda yazmıyor.')
  })
})

describe('answerMessage: another asked, of nothing named', () => {
  const hat = after('hasır şapka var mı', 'stock', ['s1'])
  const withHats = [...PRODUCTS, product('s1', 'Hasır Şapka', 350, 'TRY', 14), product('s2', 'Yün Bere Şapka', 150, 'TRY', 2)]

  it.each(['başkası var mı', 'başka var mı?', 'diğerleri?', 'başkaları ne kadar', 'any others?', 'do you have another one?'])('reads "%s" just after a hat as the other hats', async (message) => {
    expect(await ask(message, hat, withHats)).toMatchObject({ kind: 'list', productIds: ['s2'] })
  })

  // With nothing discussed before, the product the same words name is the one to find others than.
  it.each([
    ['hasır şapka yerine ne alabilirim', 'tr'], ['hasır şapka gibi başka ne var', 'tr'], ['hasır şapka stokta yoksa alternatif ne var', 'tr'],
    ['what can I get instead of the hasır şapka?', 'en'], ['anything similar to the hasır şapka?', 'en'],
  ])('reads "%s" as the other hats, never the hat itself', async (message) => {
    expect(await ask(message, [], withHats)).toMatchObject({ kind: 'list', productIds: ['s2'] })
  })

  it('says the catalogue has nothing like a product named whose kind it holds no other of', async () => {
    expect(await ask('seramik vazo yerine ne önerirsiniz')).toMatchObject({ kind: 'stock', productIds: ['p6'], reply: 'Katalogda Seramik Vazo dışında benzer bir ürün yok.' })
    expect(await ask('anything similar to the coffee mug?')).toMatchObject({ kind: 'stock', productIds: ['p7'], reply: 'The catalogue has nothing similar to Coffee Mug.' })
    // "Gibi" without "another" asks what it is like, of the product discussed.
    expect((await ask('vazo gibi mi duruyor', after('seramik vazo var mı', 'stock', ['p6']))).reply).not.toContain('benzer bir ürün yok')
  })

  it('reads the hat named alone as the hat, though "hasır" sounds like "hasar" (damage)', async () => {
    expect(await ask('hasır şapka', [], withHats)).toMatchObject({ productIds: ['s1'] })
    expect(await ask('hasır şapka ne kadar', [], withHats)).toMatchObject({ kind: 'price', productIds: ['s1'] })
  })

  // (The classifier hears these as small talk: the catalogue, searched in both languages as catalogue.ts does, names the watch.)
  it.each(['smart watch', 'watch', 'Smart watch?'])('reads "%s" alone as the watch it names', async (message) => {
    const watch = product('a1', 'Akıllı Saat', 2499, 'TRY', 3)
    const { context } = memoryContext({ products: [...PRODUCTS, watch] })
    const search = async (query: string) => (words(translate(query)).some((word) => word.key === 'saat') ? [watch] : context.catalogue.search(query))
    const input: Parameters<Responder>[0] = { ...context, history: [], message, catalogue: { ...context.catalogue, search } }
    expect(await answerMessage(input, await understand(message, await corpusClassifier()))).toMatchObject({ productIds: ['a1'] })
  })

  it.each(["Çin'de mi üretildi?", "İtalya'da mı yapıldı"])('asks "%s" of the hat just discussed, never the address', async (message) => {
    const out = await ask(message, hat, withHats)
    expect(out).toMatchObject({ kind: 'attribute', productIds: ['s1'] })
    expect(out.reply).toContain('Hasır Şapka için katalogda bu bilgi yer almıyor')
  })

  it.each(['şarj aleti dahil mi', 'kutusunda şarj aleti var mı', 'şarj aleti ile geliyor mu', 'şarj aletiyle mi geliyor'])('asks "%s" of the watch just discussed, never of the charger sold', async (message) => {
    const items = [...PRODUCTS, product('a1', 'Akıllı Saat', 2499, 'TRY', 3, 'Siyah kasa'), product('c1', 'Hızlı Şarj Aleti', 259, 'TRY', 40)]
    const out = await ask(message, after('akıllı saat var mı', 'stock', ['a1']), items)
    expect(out).toMatchObject({ kind: 'attribute', productIds: ['a1'] })
    expect(out.reply).toContain('Akıllı Saat için katalogda bu bilgi yer almıyor')
  })

  it.each(['teneke olarak var mı', 'do you have it in a tin?', 'do you have it in a bigger bottle?'])('asks "%s" of the olive oil just discussed, never "no such product"', async (message) => {
    const oil = product('z1', 'Sızma Zeytinyağı 1 L', 540, 'TRY', 18, 'Soğuk sıkım, Ayvalık')
    const out = await ask(message, after('zeytinyağı var mı', 'stock', ['z1']), [...PRODUCTS, oil, product('b1', 'Steel Water Bottle', 18, 'USD', 44)])
    expect(out).toMatchObject({ kind: 'attribute', productIds: ['z1'] })
  })

  it('says there is nothing like it when the hat is the only one', async () => {
    expect(await ask('başkası var mı', hat, [...PRODUCTS, product('s1', 'Hasır Şapka', 350, 'TRY', 14)])).toMatchObject({
      kind: 'stock', productIds: ['s1'], reply: 'Katalogda Hasır Şapka dışında benzer bir ürün yok.',
    })
  })
})

describe('answerMessage: after a list', () => {
  it('compares the products listed, and says the catalogue does not tell which is better', async () => {
    const compared = await ask('aralarındaki fark ne?', HEADPHONES_LISTED)
    expect(compared).toMatchObject({ kind: 'compare', productIds: ['p1', 'p2'] })
    expect(compared.reply.split('\n').at(-1)).toBe('Kablolu Kulaklık daha uygun fiyatlı.')
    const better = await ask('hangisi daha iyi?', HEADPHONES_LISTED)
    expect(better).toMatchObject({ kind: 'compare', productIds: ['p1', 'p2'] })
    expect(better.reply).toContain('Hangisinin daha iyi olduğunu katalog söylemiyor.')
  })

  it.each(['500 TL altı', 'bütçem 500 TL'])('reads "%s" after a list of headphones as headphones in that budget', async (message) => {
    expect(await ask(message, HEADPHONES_LISTED)).toMatchObject({ kind: 'budget', productIds: ['p2'] })
  })

  it('reads a budget with no list before, or after one product found, as all the budget buys', async () => {
    expect(await ask('500 TL altı')).toMatchObject({ kind: 'budget', productIds: ['p2', 'p6'] })
    expect(await ask('500 TL altı', after('kablosuz kulaklık var mı', 'stock', ['p1']))).toMatchObject({ kind: 'budget', productIds: ['p2', 'p6'] })
  })

  it('keeps the kind asked through a run of budgets: "2000 TL altı?" after headphones under 1000 TL is headphones', async () => {
    const headphonesInBudget = after('1000 TL altı kulaklık var mı', 'budget', ['p2'])
    const raised = await ask('peki 2000 TL altı?', headphonesInBudget)
    expect(raised.kind).toBe('budget')
    expect([...raised.productIds].sort()).toEqual(['p1', 'p2'])
    // Two budgets back, the kind still holds; a budget after anything else is all it buys.
    const twice = [...headphonesInBudget, ...after('1500 TL altı?', 'budget', ['p2'])]
    expect([...(await ask('under 5000 lira?', twice)).productIds].sort()).toEqual(['p1', 'p2'])
    expect((await ask('2000 TL altı', after('hediye paketi yapıyor musunuz', 'faq'))).productIds).toContain('p6')
  })

  it('reads "türk lirası olarak?" after a price in another currency as that price, never a Türk Kahvesi', async () => {
    const out = await ask('türk lirası olarak ne kadar', after('coffee mug ne kadar', 'price', ['p7']), [...PRODUCTS, product('t1', 'Türk Kahvesi', 185, 'TRY', 60)])
    expect(out).toMatchObject({ kind: 'price', productIds: ['p7'] })
  })

  it.each([
    ['the cheaper one?', 'en'], ['ucuz olanı hangisi', 'tr'], ['hangisi daha ucuz', 'tr'],
  ])('reads "%s" after a list as the cheaper of it, not cheaper ones than it', async (message) => {
    expect(await ask(message, HEADPHONES_LISTED)).toMatchObject({ kind: 'cheapest', productIds: ['p2'] })
  })

  it('looks for cheaper than the cheapest listed, and says there is none', async () => {
    expect(await ask('daha ucuz bir şey var mı?', HEADPHONES_LISTED)).toMatchObject({
      kind: 'budget', productIds: ['p2'], reply: 'Katalogda Kablolu Kulaklık (₺349,90 TRY) ürününden daha uygun fiyatlı bir ürün yok.',
    })
  })
})

describe('answerMessage: after an FAQ answer or a business text', () => {
  const wrapped = after('Hediye paketi yapıyor musunuz?', 'faq', [], GIFT_WRAP.answer)

  // (A note in the parcel sounds like paying to the classifier; the English asks in more words.)
  it.each(['ücretli mi?', 'ne kadar?', 'not yazabilir miyim'])('asks "%s" of the entry just given', async (message) => {
    expect(await ask(message, wrapped)).toMatchObject({ kind: 'faq', productIds: [], reply: 'Evet, hediye paketi ücretsizdir.' })
  })

  it.each(['can you include a card?', 'is there a charge for that?'])('asks "%s" of the Turkish entry given in English', async (message) => {
    const wrappedInEnglish = after('do you do gift wrapping?', 'faq', [], GIFT_WRAP.answer)
    expect(await ask(message, wrappedInEnglish)).toMatchObject({ kind: 'faq', productIds: [], reply: 'Evet, hediye paketi ücretsizdir.' })
  })

  // The entry's own question joined to these holds most of its words; only the follow-up's own words may tie it to the entry.
  it.each([
    ['adresiniz nerede?', 'location'],
    ['telefon numaranız ne?', 'contact'],
    ['where are you located?', 'location'],
  ])('answers "%s" after the entry as asked, never with the entry again', async (message, kind) => {
    expect(await ask(message, wrapped)).toMatchObject({ kind })
  })

  it('answers a product named after the entry as a product question', async () => {
    expect(await ask('seramik vazo ne kadar', wrapped)).toMatchObject({ kind: 'price', productIds: ['p6'] })
  })

  it.each(['saat kaça kadar', 'saat kaçta', 'kaça kadar açıksınız'])('reads "%s" as the hours, though the shop sells an Akıllı Saat', async (message) => {
    const items = [...PRODUCTS, product('a1', 'Akıllı Saat', 2499, 'TRY', 3)]
    expect(await ask(message, after('cumartesi açık mısınız', 'hours'), items)).toMatchObject({ kind: 'hours', productIds: [] })
    expect(await ask(message, [], items)).toMatchObject({ kind: 'hours', productIds: [] })
  })

  it.each([
    ['cumartesi?', after('kaçta açılıyorsunuz', 'hours'), 'hours', 'Cumartesi 10:00–14:00 arası açığız.'],
    ['ücretsiz mi?', after('kargo ücreti ne kadar', 'shipping'), 'shipping', 'Kargo bilgisi: 500 TL üzeri kargo ücretsiz; siparişler 2 iş gününde kargoda.'],
    ["Ankara'ya?", after('kargo kaç günde gelir', 'delivery_time'), 'delivery_time', 'Kargo ve teslimat: 500 TL üzeri kargo ücretsiz; siparişler 2 iş gününde kargoda.'],
    // Its "to" ending written after an apostrophe, which the words leave out: a place all the same.
    ["İzmir'e?", after('kargo ücreti ne kadar', 'shipping'), 'shipping', 'Kargo bilgisi: 500 TL üzeri kargo ücretsiz; siparişler 2 iş gününde kargoda.'],
    ["Kadıköy'e?", after('kargo kaç günde gelir', 'delivery_time'), 'delivery_time', 'Kargo ve teslimat: 500 TL üzeri kargo ücretsiz; siparişler 2 iş gününde kargoda.'],
    ['kaç gün?', after('iade var mı', 'returns'), 'returns', 'İade ve değişim: 14 gün içinde iade ve değişim yapılır.'],
  ])('asks "%s" of the text just given', async (message, history, kind, reply) => {
    expect(await ask(message, history)).toMatchObject({ kind, productIds: [], reply })
  })
})

describe('answerMessage: with no history', () => {
  it.each([
    ['seramik vazo kaç para?', 'price', ['p6'], 'Seramik Vazo fiyatı ₺349,90 TRY; stokta 5 adet var.'],
    ['how much is the coffee mug?', 'price', ['p7'], 'Coffee Mug is $8.00 USD, with 20 in stock.'],
    ['kargo ücreti ne kadar?', 'shipping', [], 'Kargo bilgisi: 500 TL üzeri kargo ücretsiz; siparişler 2 iş gününde kargoda.'],
    ['merhaba', 'greeting', [], 'Merhaba! Ayşe Butik ürünleri, fiyatları ve stok durumu, çalışma saatleri, kargo ve iade hakkında yardımcı olabilirim. Ne arıyorsunuz?'],
  ])('answers "%s" as asked', async (message, kind, productIds, reply) => {
    expect(await ask(message)).toMatchObject({ kind, productIds, reply })
  })
})
