// intent-answers.ts turns one reading of a message (an Intent) into the reply: the owner's own text for a business
// topic or that none is written, a product's price, two products side by side, courtesy; `answerProduct` reads a
// product question that finds nothing again as the next likeliest reading. These tests call both directly.
import { describe, expect, it } from 'vitest'
import { ALTERNATIVE_MIN_SCORE, POLICY_TOPICS, answerIntent, answerProduct } from './intent-answers.ts'
import { policyAnswer } from './business-replies.ts'
import { intentOf, type Intent } from './intents.ts'
import { catalogueProduct as product, memoryContext, settingsDesk, type FaqEntry } from '../../../../tests/support/assistant-memory.ts'
import type { BusinessProfile, Turn } from './types.ts'

const PRODUCTS = [
  product('p1', 'Kablosuz Kulaklık', 1250, 'TRY', 12, 'Bluetooth 5.3, 30 saat pil'),
  product('p2', 'Kablolu Kulaklık', 349.9, 'TRY', 0),
  product('p6', 'Seramik Vazo', 349.9, 'TRY', 5),
  product('p7', 'Coffee Mug', 8, 'USD', 20),
]
const PROFILE: Partial<BusinessProfile> = {
  address: 'Bağdat Cad. 5, Kadıköy',
  contact_phone: '0216 555 00 11',
  contact_email: 'ayse@example.com',
  opening_hours: { mon: [['09:00', '18:00']], tue: [['09:00', '18:00']], wed: [['09:00', '18:00']], thu: [['09:00', '20:00']], fri: [['09:00', '18:00']], sat: [['10:00', '14:00']] },
  shipping_info: '500 TL üzeri kargo ücretsiz.',
  returns_info: '14 gün içinde iade.',
  payment_info: 'Kredi kartına 6 taksit.',
}
const ABROAD: FaqEntry = { id: 'f1', question: 'Yurt dışına kargo gönderiyor musunuz?', answer: 'Evet, Avrupa ülkelerine gönderiyoruz.' }

/** A Wednesday, 11:00 in Istanbul (memoryContext's default clock), at Ayşe Butik. */
const at = (options: { profile?: Partial<BusinessProfile> | null; faq?: FaqEntry[]; history?: Turn[]; language?: 'tr' | 'en' } = {}) =>
  memoryContext({ products: PRODUCTS, profile: PROFILE, faq: [], ...options }).context
const after = (question: string, kind: string, productIds: string[] = []): Turn[] => [
  { role: 'user', content: question, productIds: [] },
  { role: 'assistant', content: '…', productIds, kind },
]

describe('answerIntent: the business', () => {
  it('gives the week and whether it is open now, and a named day alone', async () => {
    const week = await answerIntent({ kind: 'hours', day: null, asks: 'both' }, 'what are your opening hours?', at({ language: 'en' }))
    expect(week).toEqual({
      kind: 'hours', language: 'en', productIds: [],
      reply: "Our opening hours:\n• Monday–Wednesday: 09:00–18:00\n• Thursday: 09:00–20:00\n• Friday: 09:00–18:00\n• Saturday: 10:00–14:00\n• Sunday: closed\nWe're open now, until 18:00 today.",
    })
    expect((await answerIntent({ kind: 'hours', day: { weekday: 'sat' }, asks: 'open' }, 'cumartesi açık mısınız', at())).reply).toBe('Cumartesi 10:00–14:00 arası açığız.')
  })

  it('answers "saat kaça kadar?" of the day asked just before, and "şu an" of today', async () => {
    const history = after('yarın açık mısınız?', 'hours')
    expect((await answerIntent(intentOf('hours', 'saat kaça kadar?'), 'saat kaça kadar?', at({ history }))).reply).toBe('Yarın (Perşembe) 09:00–20:00 arası açığız.')
    expect((await answerIntent(intentOf('hours', 'şu an açık mısınız?'), 'şu an açık mısınız?', at({ history }))).reply).toContain('Bugün (Çarşamba) 09:00–18:00')
  })

  it.each([
    ['hours', { kind: 'hours', day: null, asks: 'both' }, 'çalışma saatleriniz', 'Çalışma saatleri hakkında bir bilgi henüz yazılmamış.'],
    ['location', { kind: 'location' }, 'adresiniz nerede', 'Adres hakkında bir bilgi henüz yazılmamış.'],
    ['shipping', { kind: 'shipping' }, 'kargo ücreti ne kadar', 'Kargo hakkında bir bilgi henüz yazılmamış.'],
    ['contact', { kind: 'contact' }, 'telefon numaranız', 'Bunun için Ayşe Butik ile doğrudan iletişime geçebilirsiniz.'],
  ] as [string, Intent, string, string][])('says the %s are not written, as not known, when the owner wrote none', async (kind, intent, message, said) => {
    const out = await answerIntent(intent, message, at({ profile: {} }))
    expect(out).toMatchObject({ kind, known: false, productIds: [] })
    expect(out.reply.startsWith(said)).toBe(true)
  })

  it("quotes the owner's address, contact details and shipping text as written, known, and hands on to a person", async () => {
    expect(await answerIntent({ kind: 'location' }, 'adresiniz nerede', at())).toEqual({ kind: 'location', language: 'tr', productIds: [], reply: 'Adresimiz: Bağdat Cad. 5, Kadıköy' })
    expect((await answerIntent({ kind: 'contact' }, 'size nasıl ulaşırım', at())).reply).toBe('Bize buradan ulaşabilirsiniz:\nTelefon: 0216 555 00 11\nE-posta: ayse@example.com\nAdres: Bağdat Cad. 5, Kadıköy')
    const shipping = await answerIntent({ kind: 'shipping' }, 'kargo ücreti ne kadar', at())
    expect(shipping).toEqual({ kind: 'shipping', language: 'tr', productIds: [], reply: 'Kargo bilgisi: 500 TL üzeri kargo ücretsiz.' })
    const person = await answerIntent({ kind: 'human' }, 'yetkiliyle görüşmek istiyorum', at())
    expect(person).toMatchObject({ kind: 'human', reply: 'Elbette, sizi bir yetkiliyle görüştürelim. Ayşe Butik size yardımcı olabilir: 0216 555 00 11 · ayse@example.com' })
  })

  it('reads a return shipped back as the returns text, and picking up in store as written nowhere', async () => {
    expect(await answerIntent({ kind: 'shipping' }, 'iade kargosu ücretli mi', at())).toMatchObject({ kind: 'returns', reply: 'İade ve değişim: 14 gün içinde iade.' })
    const pickup = await answerIntent({ kind: 'location' }, 'mağazadan teslim alabilir miyim', at())
    expect(pickup).toMatchObject({ kind: 'location', known: false })
    expect(pickup.reply).toBe('Mağazadan teslim alma hakkında bir bilgi henüz yazılmamış. Ayşe Butik size yardımcı olabilir: 0216 555 00 11 · ayse@example.com\nAdresimiz: Bağdat Cad. 5, Kadıköy')
  })

  it("puts the owner's shipping text before an FAQ entry the message asks only part of, and gives an entry asked whole alone", async () => {
    const part = await answerIntent({ kind: 'shipping' }, 'yurt dışına kargo', at({ faq: [ABROAD] }))
    expect(part).toMatchObject({ kind: 'shipping', reply: 'Kargo bilgisi: 500 TL üzeri kargo ücretsiz.\n\nEvet, Avrupa ülkelerine gönderiyoruz.' })
    const whole = await answerIntent({ kind: 'shipping' }, 'yurt dışına kargo gönderiyor musunuz', at({ faq: [ABROAD] }))
    expect(whole).toMatchObject({ kind: 'faq', reply: 'Evet, Avrupa ülkelerine gönderiyoruz.' })
  })
})

describe('answerIntent: courtesy and products', () => {
  it.each([
    [{ kind: 'greeting' }, 'merhaba', 'tr', 'greeting', 'Merhaba! Ayşe Butik ürünleri, fiyatları ve stok durumu, çalışma saatleri, kargo ve iade hakkında yardımcı olabilirim. Ne arıyorsunuz?'],
    [{ kind: 'greeting' }, 'hello', 'en', 'greeting', "Hello! I can help with Ayşe Butik's products, prices and stock, opening hours, shipping and returns. What are you looking for?"],
    [{ kind: 'thanks' }, 'thanks a lot', 'en', 'thanks', "You're welcome! Let me know if you need anything else."],
    // "İyi çalışmalar" opening a conversation greets; "👋" as the first message waves hello.
    [{ kind: 'goodbye' }, 'iyi çalışmalar', 'tr', 'greeting', 'Merhaba! Ayşe Butik ürünleri, fiyatları ve stok durumu, çalışma saatleri, kargo ve iade hakkında yardımcı olabilirim. Ne arıyorsunuz?'],
    [{ kind: 'ack' }, '👋', 'tr', 'greeting', 'Merhaba! Ayşe Butik ürünleri, fiyatları ve stok durumu, çalışma saatleri, kargo ve iade hakkında yardımcı olabilirim. Ne arıyorsunuz?'],
  ] as [Intent, string, 'tr' | 'en', string, string][])('answers %j ("%s") in %s', async (intent, message, language, kind, reply) => {
    expect(await answerIntent(intent, message, at({ language }))).toEqual({ kind, reply, language, productIds: [] })
  })

  it('gives the price of the one product a price offered names, then that no offers are written', async () => {
    const offered = await answerIntent(intentOf('None', 'seramik vazo 300 tl ye olur mu'), 'seramik vazo 300 tl ye olur mu', at())
    expect(offered).toMatchObject({ kind: 'discounts', productIds: ['p6'], known: false })
    expect(offered.reply).toBe('Seramik Vazo fiyatı ₺349,90 TRY; stokta 5 adet var.\nKampanya ve indirimler hakkında bir bilgi henüz yazılmamış. Ayşe Butik size yardımcı olabilir: 0216 555 00 11 · ayse@example.com')
    // (Two headphones named by the kind: no one price.)
    expect(await answerIntent(intentOf('None', 'kulaklığı 1000 tl ye verir misiniz'), 'kulaklığı 1000 tl ye verir misiniz', at())).toMatchObject({ kind: 'discounts', productIds: [] })
  })

  it('thanks for details given with nothing asked, naming what can be asked: a salon with no products its services and booking', async () => {
    const details = intentOf('personal_info', 'my name is Lily Brown')
    const shop = await answerIntent(details, 'my name is Lily Brown', at({ language: 'en' }))
    expect(shop.reply).toBe('Thank you! How can I help? You can ask me about products, prices, opening hours, shipping and returns.')
    const salon = memoryContext({ profile: PROFILE, booking: settingsDesk(true), language: 'en' }).context
    expect((await answerIntent(details, 'my name is Lily Brown', salon)).reply).toBe('Thank you! How can I help? You can ask me about opening hours, the address and our services, or book an appointment.')
    const both = memoryContext({ products: PRODUCTS, profile: PROFILE, booking: settingsDesk(true) }).context
    expect((await answerIntent(details, 'adım Ayşe', both)).reply).toBe('Teşekkürler! Size nasıl yardımcı olabilirim? Bana ürünleri, fiyatları, çalışma saatlerini, kargo ve iadeyi sorabilir, randevu alabilirsiniz.')
  })

  it('takes leave with "iyi çalışmalar" once the customer has asked something', async () => {
    expect(await answerIntent({ kind: 'goodbye' }, 'iyi çalışmalar', at({ history: after('kargo ücretli mi', 'shipping') }))).toMatchObject({ kind: 'goodbye', reply: 'İyi günler dileriz, yine bekleriz!' })
  })

  it("gives a named product's price, and says none matched, as not known, when nothing is named so", async () => {
    expect(await answerIntent({ kind: 'price', term: 'seramik vazo' }, 'seramik vazo kaç para', at())).toEqual({ kind: 'price', language: 'tr', productIds: ['p6'], reply: 'Seramik Vazo fiyatı ₺349,90 TRY; stokta 5 adet var.' })
    expect(await answerIntent({ kind: 'price', term: 'coffee mug' }, 'how much is the coffee mug', at({ language: 'en' }))).toMatchObject({ productIds: ['p7'], reply: 'Coffee Mug is $8.00 USD, with 20 in stock.' })
    const none = await answerIntent({ kind: 'price', term: 'deri ceket' }, 'deri ceket kaç para', at())
    expect(none).toMatchObject({ kind: 'price', productIds: [], known: false })
    expect(none.reply).toContain('eşleşen bir ürün bulamadım')
  })

  it('compares two products found, and shows the one found when the other is missing', async () => {
    const both = await answerIntent({ kind: 'compare', terms: ['kablosuz kulaklık', 'kablolu kulaklık'] }, 'kablosuz kulaklık ile kablolu kulaklık arasındaki fark ne', at())
    expect(both).toMatchObject({ kind: 'compare', productIds: ['p1', 'p2'] })
    expect(both.reply.split('\n').at(-1)).toBe('Kablolu Kulaklık daha uygun fiyatlı.')
    const one = await answerIntent({ kind: 'compare', terms: ['seramik vazo', 'deri ceket'] }, 'seramik vazo ile deri ceket arasındaki fark ne', at())
    expect(one).toMatchObject({ kind: 'compare', productIds: ['p6'] })
    expect(one.reply).toContain('Diğerini katalogda bulamadım.')
  })

  it('reads "kaç dolar?" just after a product as its price, and "dolar kaç?" as off topic', async () => {
    const price = await answerIntent({ kind: 'off_topic' }, 'kaç dolar?', at({ history: after('seramik vazo', 'price', ['p6']) }))
    expect(price).toMatchObject({ kind: 'price', productIds: ['p6'] })
    expect(price.reply).toBe('Seramik Vazo fiyatı ₺349,90 TRY; stokta 5 adet var. Katalogdaki fiyat TL cinsinden; dolar karşılığını bilemiyorum.')
    expect(await answerIntent({ kind: 'off_topic' }, 'dolar kaç?', at())).toMatchObject({ kind: 'off_topic', productIds: [] })
  })
})

describe('answerProduct', () => {
  it('answers a reading that is no product question as answerIntent does, and a product found whatever else was heard', async () => {
    expect(await answerProduct({ kind: 'thanks' }, 'teşekkürler', at(), [])).toMatchObject({ kind: 'thanks', reply: 'Rica ederim! Başka bir sorunuz olursa buradayım.' })
    expect(await answerProduct({ kind: 'stock', term: 'seramik vazo' }, 'seramik vazo var mı', at(), [{ intent: 'hours', score: 0.9 }])).toMatchObject({ kind: 'stock', productIds: ['p6'] })
  })

  it('reads "kargosu ne kadar?" as the topic it names, and "gümüş mü?" with nothing discussed as asking which product', async () => {
    expect(await answerProduct({ kind: 'price', term: 'kargosu' }, 'kargosu ne kadar?', at(), [])).toMatchObject({ kind: 'shipping', reply: 'Kargo bilgisi: 500 TL üzeri kargo ücretsiz.' })
    expect(await answerProduct({ kind: 'search', term: 'gümüş' }, 'gümüş mü?', at(), [])).toMatchObject({ kind: 'search', productIds: [], reply: 'Hangi ürünü sorduğunuzu anlayamadım; ürünün adını yazar mısınız?' })
  })

  it('answers the next reading from ALTERNATIVE_MIN_SCORE up, never below it', async () => {
    expect(ALTERNATIVE_MIN_SCORE).toBe(0.15)
    const borne = await answerProduct({ kind: 'search', term: 'pazar' }, 'pazar?', at(), [{ intent: 'hours', score: ALTERNATIVE_MIN_SCORE }])
    expect(borne).toMatchObject({ kind: 'hours', reply: 'Pazar kapalıyız.' })
    const faint = await answerProduct({ kind: 'search', term: 'pazar' }, 'pazar?', at(), [{ intent: 'hours', score: ALTERNATIVE_MIN_SCORE - 0.001 }])
    expect(faint.kind).toBe('unknown')
    // The shipping reading is borne out by a word of sending alone, however high it scores.
    const sending = await answerProduct({ kind: 'stock', term: 'izmire yolluyor' }, 'izmire yolluyor musunuz', at(), [{ intent: 'shipping', score: 0.25 }])
    expect(sending.kind).toBe('shipping')
    const making = await answerProduct({ kind: 'stock', term: 'elle yapılıyor' }, 'elle mi yapılıyor', at(), [{ intent: 'shipping', score: 0.25 }])
    expect(making.kind).not.toBe('shipping')
  })

  it('takes leave for words no product holds that are only courtesy, and says nothing matched otherwise', async () => {
    expect(await answerProduct({ kind: 'search', term: 'bu kadar yeter' }, 'bu kadar yeter', at(), [{ intent: 'goodbye', score: 0.5 }])).toMatchObject({ kind: 'goodbye' })
    expect(await answerProduct({ kind: 'search', term: 'deri ceket' }, 'deri ceket var mı', at(), [{ intent: 'goodbye', score: 0.5 }])).toMatchObject({ kind: 'search', productIds: [], known: false })
  })

  it("finds the owner's FAQ entry for a price question of no product", async () => {
    const entry = { id: 'f2', question: 'Yurt dışına gönderim var mı?', answer: 'Evet, Avrupa ülkelerine gönderiyoruz.' }
    expect(await answerProduct({ kind: 'price', term: 'yurt dışı gönderim' }, 'yurt dışına gönderim ne kadar', at({ faq: [entry] }), [])).toMatchObject({ kind: 'faq', reply: 'Evet, Avrupa ülkelerine gönderiyoruz.' })
  })
})

describe('POLICY_TOPICS', () => {
  it('names the text of each business kind the owner writes one for, and no other kind', () => {
    expect(POLICY_TOPICS).toEqual({ shipping: 'shipping', delivery_time: 'delivery', returns: 'returns', payment: 'payment' })
    expect(POLICY_TOPICS['hours']).toBeUndefined()
  })

  it("answers each of those kinds with the owner's text on its topic", async () => {
    const context = at()
    for (const [kind, topic] of Object.entries(POLICY_TOPICS)) {
      const out = await answerIntent({ kind } as Intent, 'bilgi', context)
      expect(out, kind).toEqual({ kind, language: 'tr', productIds: [], reply: policyAnswer(context.business.profile, context.businessName, topic!, 'tr') })
    }
  })
})
