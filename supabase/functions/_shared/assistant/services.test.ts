// The owner's services asked about outside a booking (services.ts): which
// there are, one's length and price, and when the catalogue or nothing
// answers instead. Whole conversations are the booking evaluation's.
import { describe, expect, it } from 'vitest'
import { memoryCatalogue } from '../../../../tests/support/assistant-memory.ts'
import { answerServices, notAService, serviceIncludesAsked, serviceVariesAsked } from './services.ts'
import type { BookableService, BookingDesk, CatalogueProduct } from './types.ts'

const SERVICES: BookableService[] = [
  { id: 's1', name: 'Boya', duration_minutes: 120, price: 1500, currency: 'TRY' },
  { id: 's2', name: 'Fön', duration_minutes: 30, price: null, currency: 'TRY' },
  { id: 's3', name: 'Saç kesimi', duration_minutes: 30, price: 400, currency: 'TRY' },
]

/** A desk that only reads: the settings and services, and how often they were read. */
function desk(enabled = true, services = SERVICES) {
  const reads = { count: 0 }
  const fake = {
    load: async () => {
      reads.count++
      return { rules: { enabled, slot_minutes: 30, default_duration_minutes: 60, max_days_ahead: 30, min_notice_minutes: 60, reminder_hours_before: 24 }, services }
    },
  } as unknown as BookingDesk
  return { fake, reads }
}

const product = (id: string, name: string): CatalogueProduct => ({ id, name, description: null, price: 250, currency: 'TRY', stock: 3, product_link: null })

async function ask(message: string, options: { enabled?: boolean; services?: BookableService[]; products?: CatalogueProduct[]; language?: 'tr' | 'en' } = {}) {
  const { fake, reads } = desk(options.enabled, options.services)
  const out = await answerServices(message, fake, memoryCatalogue(options.products ?? []).catalogue, 'Işıl Kuaför: 0212 555 00 00', options.language ?? 'tr')
  return { out, reads: reads.count }
}

describe('services asked about outside a booking', () => {
  it('lists them with length and price, in either language', async () => {
    const { out } = await ask('hangi hizmetleriniz var')
    expect(out?.reply).toBe(
      'Sunduğumuz hizmetler:\n• Boya (120 dk, ₺1.500,00 TRY)\n• Fön (30 dk)\n• Saç kesimi (30 dk, ₺400,00 TRY)\nRandevu almak isterseniz hizmeti ve size uyan günü yazmanız yeterli.',
    )
    expect(out?.booking).toBeUndefined()
    const english = await ask('what services do you offer?', { language: 'en' })
    expect(english.out?.reply).toContain('Our services:\n• Boya (120 min, ₺1,500.00 TRY)')
    // The prices asked for all at once are the list too.
    for (const message of ['how much is everything', 'what are the prices', 'what do you charge', 'fiyatlar ne kadar']) {
      expect((await ask(message, { language: /ı|fiyat/.test(message) ? 'tr' : 'en' })).out?.reply, message).toMatch(/^(Our services|Sunduğumuz hizmetler):/)
    }
  })

  it("gives one service's length and price, or says its price is not listed, and keeps it for the day written next", async () => {
    const cut = await ask('saç kesimi ne kadar')
    expect(cut.out).toMatchObject({ kind: 'service', productIds: [], booking: { mode: 'book', step: 'time', serviceId: 's3', duration: 30 } })
    expect(cut.out?.reply).toBe('Saç kesimi 30 dakika sürüyor; ücreti ₺400,00 TRY. Randevu almak isterseniz size uyan günü yazmanız yeterli.')
    expect((await ask('fön ücretli mi')).out?.reply).toContain('ücreti listede yazmıyor')
    expect((await ask('how long does colouring take', { language: 'en' })).out?.reply).toBe(
      'Boya takes 120 minutes; it costs ₺1,500.00 TRY. To book, just tell me a day that suits you.',
    )
    // Named alone after words that only lead in to it ("and a blow dry?" was answered as off topic).
    for (const message of ['and a blow dry?', 'what about a blow dry', 'peki ya fön?']) {
      expect((await ask(message, { language: 'en' })).out, message).toMatchObject({ kind: 'service', booking: { serviceId: 's2' } })
    }
  })

  it('gives each of two services named, a price asked in lira, and a price list of a business that sells nothing', async () => {
    const two = await ask('how much is a haircut and a blow dry', { language: 'en' })
    expect(two.out?.reply).toContain('• Fön takes 30 minutes')
    expect(two.out?.reply).toContain('• Saç kesimi takes 30 minutes; it costs ₺400.00 TRY.')
    expect(two.out?.booking).toBeUndefined()
    // No sum when one of them has no price; with both priced, what they come to together.
    expect(two.out?.reply).not.toContain('Together')
    expect((await ask('how much is a haircut and colour together', { language: 'en' })).out?.reply).toContain('\nTogether: ₺1,900.00 TRY (150 minutes).\n')
    expect((await ask('saç kesimi ve boya ne kadar tutar')).out?.reply).toContain('\nToplam: ₺1.900,00 TRY (150 dakika).\n')
    expect((await ask('saç kesimi kaç tl')).out?.reply).not.toContain('Toplam')
    expect((await ask('fiyat listesi alabilir miyim')).out?.reply).toContain('Sunduğumuz hizmetler:')
    // A shop's price list is its catalogue's.
    expect((await ask('fiyat listesi alabilir miyim', { products: [product('p1', 'Vazo')] })).out).toBeNull()
  })

  it("says what a salon is asked for is none of its services, and lists them; a shop's catalogue says so itself", async () => {
    const salon = await notAService('do you do highlights', desk().fake, memoryCatalogue([]).catalogue, 'Işıl Kuaför: 0212 555 00 00', 'en')
    expect(salon).toMatchObject({ kind: 'service', known: false })
    expect(salon?.reply).toContain("I couldn't find that among our services. Our services:\n• Boya (120 min, ₺1,500.00 TRY)")
    // Asked as people text it ("do u do", "u do … ?").
    for (const message of ['do u do highlights', 'u do highlights?', 'can ya do highlights']) {
      expect(await notAService(message, desk().fake, memoryCatalogue([]).catalogue, '', 'en'), message).toMatchObject({ kind: 'service', known: false })
    }
    // Its price asked as much as whether there is one.
    for (const [message, language] of [['manikür ne kadar', 'tr'], ['ağda fiyatı', 'tr'], ['how much for a manicure', 'en']] as const) {
      const priced = await notAService(message, desk().fake, memoryCatalogue([]).catalogue, 'Işıl Kuaför: 0212 555 00 00', language)
      expect(priced, message).toMatchObject({ kind: 'service', known: false })
      expect(priced?.reply, message).toContain(language === 'tr' ? 'hizmetlerimiz arasında bulamadım' : "couldn't find that among our services")
    }
    // Care of nails, brows or skin wished for, in any words, is looked for among the services too (it was "tell me more
    // about the product you want", or "I can't answer that").
    for (const [message, language] of [['kaş aldırmak istiyorum', 'tr'], ['i want to get my nails done', 'en'], ['i would like a massage', 'en']] as const) {
      expect(await notAService(message, desk().fake, memoryCatalogue([]).catalogue, '', language), message).toMatchObject({ kind: 'service', known: false })
    }
    // Its price or length asked with nothing named is no service looked for.
    for (const message of ['kaç saat sürer', 'how much', 'how long does it take']) {
      expect(await notAService(message, desk().fake, memoryCatalogue([]).catalogue, '', 'en'), message).toBeNull()
    }
    // A service asked in other words is that service, as the owner lists it.
    const cut = await notAService('saçımı da kesiyor musunuz', desk().fake, memoryCatalogue([]).catalogue, 'Işıl Kuaför: 0212 555 00 00', 'tr')
    expect(cut?.reply).toBe('• Saç kesimi 30 dakika sürüyor; ücreti ₺400,00 TRY.\nRandevu almak isterseniz hizmeti ve size uyan günü yazmanız yeterli. Işıl Kuaför: 0212 555 00 00')
    // What asks for nothing ("walk-ins ok?") is no service looked for; a shop and an owner taking no bookings have none.
    expect(await notAService('walk ins ok?', desk().fake, memoryCatalogue([]).catalogue, '', 'en')).toBeNull()
    expect(await notAService('do you do highlights', desk().fake, memoryCatalogue([product('p1', 'Vazo')]).catalogue, '', 'en')).toBeNull()
    // A shop's own service named is that service, though it sells products too.
    const shopCut = await notAService('saç kesimi yapıyor musunuz', desk().fake, memoryCatalogue([product('p1', 'Vazo')]).catalogue, 'Işıl Kuaför: 0212 555 00 00', 'tr')
    expect(shopCut?.reply).toContain('Saç kesimi 30 dakika sürüyor')
    expect(await notAService('do you do highlights', desk(false).fake, memoryCatalogue([]).catalogue, '', 'en')).toBeNull()
  })

  it('leaves a product the message names to the catalogue, and other services to their own answers', async () => {
    expect((await ask('saç boyası ne kadar', { products: [product('p1', 'Saç Boyası')] })).out).toBeNull()
    // Unless the words that name the service are no part of the product's name: the alteration of the jeans is priced.
    const tailoring = [{ id: 's4', name: 'Tadilat ve prova', duration_minutes: 60, price: 300, currency: 'TRY' }]
    const hemming = await ask('kot pantolon paça kısaltma ne kadar', { services: tailoring, products: [product('p1', 'Kot Pantolon')] })
    expect(hemming.out?.reply).toContain('Tadilat ve prova 60 dakika sürüyor')
    // What a service is, asked: its length and price, kept for the day written next.
    const what = await ask('what is the blow dry exactly', { language: 'en' })
    expect(what.out).toMatchObject({ kind: 'service', booking: { serviceId: 's2' } })
    for (const message of ['müşteri hizmetleri numaranız ne', 'hangi kargo hizmetiyle gönderiyorsunuz', 'kargo ne kadar']) {
      expect((await ask(message)).out, message).toBeNull()
    }
  })

  it('answers nothing when the owner takes no bookings or offers no service, and reads nothing for other messages', async () => {
    expect((await ask('hangi hizmetleriniz var', { enabled: false })).out).toBeNull()
    expect((await ask('saç kesimi ne kadar', { services: [] })).out).toBeNull()
    expect(await ask('merhaba, iade var mı')).toEqual({ out: null, reads: 0 })
  })
})

describe('a case of a service the list does not name', () => {
  it('gives the service as listed and that nothing is written for the case, never its price as the case\'s', async () => {
    for (const [message, language, service] of [
      ['çocuk saç kesimi ne kadar', 'tr', 'Listede: Saç kesimi 30 dakika sürüyor; ücreti ₺400,00 TRY. Farklı bir durum için ayrı bir ücret ya da süre yazılı değil.'],
      ['kadın saç kesimi kaç tl', 'tr', 'Listede: Saç kesimi'],
      ['uzun saç boya kaç para', 'tr', 'Listede: Boya 120 dakika sürüyor'],
      ['how much is a haircut for kids', 'en', 'As listed: Saç kesimi takes 30 minutes; it costs ₺400.00 TRY. Nothing is written about'],
      ['how much for a short haircut', 'en', 'As listed: Saç kesimi'],
    ] as const) {
      const { out } = await ask(message, { language })
      expect(out, message).toMatchObject({ kind: 'service', known: false })
      expect(out?.reply, message).toContain(service)
      expect(out?.reply, message).toContain('0212 555 00 00')
      expect(out?.booking, message).toBeUndefined()
    }
    // The hair a case is of names no haircut besides: "a blow dry for long hair" is the blow dry alone.
    const blowDry = await ask('how much is a blow dry for long hair', { language: 'en' })
    expect(blowDry.out?.reply).toMatch(/^As listed: Fön takes 30 minutes; the price isn't listed\. Nothing is written about/)
    // Two services for a case: each as listed, and that nothing is written for the case.
    const two = await ask('uzun saç için fön ve boya ne kadar')
    expect(two.out?.reply).toContain('• Boya 120 dakika sürüyor')
    expect(two.out?.reply).toContain('• Fön 30 dakika sürüyor')
    expect(two.out?.reply).toContain('\nFarklı bir durum için ayrı bir ücret ya da süre yazılı değil.\n')
    expect(two.out?.reply).not.toContain('Saç kesimi')
    // Whom the business serves is no service and no list of them: the list does not say it.
    for (const message of ['sadece bayanlara mı hizmet veriyorsunuz', 'erkeklere de hizmet veriyor musunuz', 'do you do men too']) {
      expect((await ask(message)).out, message).toBeNull()
      expect(await notAService(message, desk().fake, memoryCatalogue([]).catalogue, 'Işıl Kuaför: 0212 555 00 00', 'tr'), message).toBeNull()
    }
    const men = await notAService('erkek saçı da kesiyor musunuz', desk().fake, memoryCatalogue([]).catalogue, 'Işıl Kuaför: 0212 555 00 00', 'tr')
    expect(men).toMatchObject({ kind: 'service', known: false })
    expect(men?.reply).toContain('Farklı bir durum için ayrı bir ücret ya da süre yazılı değil.')
  })

  it('answers the service as listed when its name holds the case', async () => {
    const services = [...SERVICES, { id: 's4', name: 'Çocuk saç kesimi', duration_minutes: 20, price: 250, currency: 'TRY' }]
    const { out } = await ask('çocuk saç kesimi ne kadar', { services })
    expect(out?.reply).toBe('Çocuk saç kesimi 20 dakika sürüyor; ücreti ₺250,00 TRY. Randevu almak isterseniz size uyan günü yazmanız yeterli.')
    expect(out?.booking).toMatchObject({ serviceId: 's4' })
  })
})

describe('a case of a service asked about just after it', () => {
  it('gives the service as listed and that no other price or length is written, never a yes', async () => {
    const { fake } = desk()
    const kid = await serviceVariesAsked('how much for a kid', 'do you do kids haircuts', fake, 'Işıl Kuaför: 0212 555 00 00', 'en')
    expect(kid).toMatchObject({ kind: 'service', known: false })
    expect(kid?.reply).toBe("As listed: Saç kesimi takes 30 minutes; it costs ₺400.00 TRY. Nothing is written about a different price or length for a particular case. Işıl Kuaför: 0212 555 00 00")
    expect((await serviceVariesAsked('uzun saç için farklı mı', 'boya kaç para', fake, 'x', 'tr'))?.reply).toContain('Listede: Boya 120 dakika sürüyor')
    // A service named in the words is no case of the one before.
    expect(await serviceVariesAsked('how much for a blow dry', 'how much is a haircut', fake, 'x', 'en')).toBeNull()
  })

  it('gives a plain price or length asked of nothing named as that service\'s, which books on the day written next', async () => {
    const { fake } = desk()
    for (const [message, before] of [['ne kadar', 'boya yapıyor musunuz'], ['kaç saat sürer', 'boya var mı'], ['how much', 'do you do colouring']] as const) {
      const out = await serviceVariesAsked(message, before, fake, 'x', message === 'how much' ? 'en' : 'tr')
      expect(out, message).toMatchObject({ kind: 'service', booking: { serviceId: 's1', step: 'time' } })
      expect(out?.reply, message).toMatch(/^Boya (120 dakika sürüyor|takes 120 minutes)/)
    }
  })
})

describe('what a service includes, asked just after it', () => {
  it('gives the service as listed, that what it holds is not written, and the other when it is a service too', async () => {
    const { fake } = desk()
    const blowDry = await serviceIncludesAsked('fön dahil mi', { before: 'boya ne kadar' }, fake, 'Işıl Kuaför: 0212 555 00 00', 'tr')
    expect(blowDry).toMatchObject({ kind: 'service', known: false })
    expect(blowDry?.reply).toBe(
      'Listede: Boya 120 dakika sürüyor; ücreti ₺1.500,00 TRY. Boya hizmetine neyin dahil olduğu listede yazılı değil. Ayrı bir hizmet olarak: Fön 30 dakika sürüyor; ücreti listede yazmıyor. Işıl Kuaför: 0212 555 00 00',
    )
    const wash = await serviceIncludesAsked('is a wash included', { before: 'haircut price?' }, fake, 'x', 'en')
    expect(wash?.reply).toBe("As listed: Saç kesimi takes 30 minutes; it costs ₺400.00 TRY. The list doesn't say what Saç kesimi includes. x")
    // The service the booking waits with, not one a question since named.
    expect((await serviceIncludesAsked('yıkama dahil mi', { before: 'fön dahil mi', serviceId: 's1' }, fake, 'x', 'tr'))?.reply).toMatch(/^Listede: Boya /)
    // Not asked what it includes, or no service before: not this question.
    expect(await serviceIncludesAsked('cumartesi olur mu', { before: 'boya ne kadar' }, fake, 'x', 'tr')).toBeNull()
    expect(await serviceIncludesAsked('kargo dahil mi', { before: 'keten gömlek ne kadar' }, fake, 'x', 'tr')).toBeNull()
  })
})
