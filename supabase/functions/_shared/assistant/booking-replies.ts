// What the assistant says while booking, in both languages. Dates are
// written out as the reminder SMS and the calendar write them
// ("3 Aralık 2026 Perşembe", "Thursday, December 3, 2026"); times as 14:30.
// Every time offered is one free_slots returned at this reply.
import type { BookingRefusal } from '../../../../domain/booking.ts'
import { formatPrice } from '../../../../domain/products/currency.ts'
import { formatReminderDate } from '../reminder.ts'
import type { AssistantLanguage, BookableService, BookingRules } from './types.ts'
import type { DayPart } from './when.ts'

type Lang = AssistantLanguage
export type Offer = { date: string; time: string }

export const longDate = (date: string, language: Lang) => formatReminderDate(date, language)
export const at = (offer: Offer, language: Lang) =>
  language === 'tr' ? `${longDate(offer.date, language)} saat ${offer.time}` : `${longDate(offer.date, language)} at ${offer.time}`

/** Offers grouped by day, numbered in the order shown so "2" or "the second one" picks one. */
export function offerList(offers: readonly Offer[], language: Lang): string {
  let n = 0
  const days = new Map<string, string[]>()
  for (const offer of offers) {
    n += 1
    const list = days.get(offer.date) ?? []
    list.push(`${n}) ${offer.time}`)
    days.set(offer.date, list)
  }
  return [...days].map(([date, times]) => `${longDate(date, language)}: ${times.join(', ')}`).join('\n')
}

const pick = (language: Lang) =>
  language === 'tr' ? 'Hangisi size uyar? Numarasını ya da saatini yazabilirsiniz.' : 'Which one suits you? You can write its number or the time.'

export const freeTimes = (language: Lang) => (language === 'tr' ? 'Şu saatler müsait:' : 'These times are free:')

export function offers(list: readonly Offer[], language: Lang, lead?: string): string {
  return `${lead ?? freeTimes(language)}\n${offerList(list, language)}\n${pick(language)}`
}

/** The times, after a sentence of why these ("… is already taken."). */
export function offersAfter(note: string, list: readonly Offer[], language: Lang): string {
  return offers(list, language, `${note} ${freeTimes(language)}`)
}

export function noEarlier(language: Lang): string {
  return language === 'tr' ? 'Bundan daha erken boş saat yok.' : 'There is no earlier free time.'
}

export function noLaterThatDay(language: Lang): string {
  return language === 'tr' ? 'O gün daha geç boş saat yok. Sonraki boş saatler:' : 'There is no later free time that day. The next free times:'
}

export function askWhen(language: Lang): string {
  return language === 'tr'
    ? 'Memnuniyetle randevu oluşturabilirim. Hangi gün ve saat size uygun?'
    : "I'd be happy to book you in. Which day and time would suit you?"
}

export function serviceLine(service: BookableService, language: Lang): string {
  const minutes = language === 'tr' ? `${service.duration_minutes} dk` : `${service.duration_minutes} min`
  const price = service.price === null ? '' : `, ${formatPrice(service.price, service.currency, language === 'tr' ? 'tr-TR' : 'en-US')}`
  return `${service.name} (${minutes}${price})`
}

/** "Which services do you offer?" outside a booking: each with its length and price, and how to book. */
export function serviceList(services: readonly BookableService[], language: Lang): string {
  const list = services.map((s) => `• ${serviceLine(s, language)}`).join('\n')
  return language === 'tr'
    ? `Sunduğumuz hizmetler:\n${list}\nRandevu almak isterseniz hizmeti ve size uyan günü yazmanız yeterli.`
    : `Our services:\n${list}\nTo book, just tell me the service and a day that suits you.`
}

/** The length and price of one service as the owner entered them; a price not entered is said to be so. */
export function serviceInfo(service: BookableService, language: Lang): string {
  const invite = language === 'tr' ? 'Randevu almak isterseniz size uyan günü yazmanız yeterli.' : 'To book, just tell me a day that suits you.'
  return `${serviceFacts(service, language)} ${invite}`
}

const NOT_WRITTEN_FOR_A_CASE: Record<Lang, string> = {
  tr: 'Farklı bir durum için ayrı bir ücret ya da süre yazılı değil.',
  en: 'Nothing is written about a different price or length for a particular case.',
}

/** "Uzun saç için de aynı mı?": the service as listed; a price or length for a case of it is not written anywhere. */
export function variesNotWritten(service: BookableService, contact: string, language: Lang): string {
  return `${language === 'tr' ? 'Listede' : 'As listed'}: ${serviceFacts(service, language)} ${NOT_WRITTEN_FOR_A_CASE[language]} ${contact}`
}

/** "Fön dahil mi?" of a service: it as listed, that what it includes is not written, and the other when it is listed. */
export function includedNotWritten(service: BookableService, other: BookableService | null, contact: string, language: Lang): string {
  const unwritten = language === 'tr' ? `${service.name} hizmetine neyin dahil olduğu listede yazılı değil.` : `The list doesn't say what ${service.name} includes.`
  const apart = other ? ` ${language === 'tr' ? 'Ayrı bir hizmet olarak' : 'Listed on its own'}: ${serviceFacts(other, language)}` : ''
  return `${language === 'tr' ? 'Listede' : 'As listed'}: ${serviceFacts(service, language)} ${unwritten}${apart} ${contact}`
}

/** "How far ahead can I book?": the owner's window, from the booking settings: how many days ahead, how much notice. */
export function bookingWindow(rules: Pick<BookingRules, 'max_days_ahead' | 'min_notice_minutes'>, language: Lang): string {
  const notice = rules.min_notice_minutes
  const hours = notice % 60 === 0 ? notice / 60 : null
  const noticeText = language === 'tr' ? (hours !== null ? `${hours} saat` : `${notice} dakika`) : hours !== null ? `${hours} hour${hours === 1 ? '' : 's'}` : `${notice} minutes`
  if (language === 'tr') {
    return `Randevuları ${rules.max_days_ahead} gün sonrasına kadar${notice > 0 ? `, en az ${noticeText} önceden` : ''} alabilirsiniz.`
  }
  return `You can book up to ${rules.max_days_ahead} days ahead${notice > 0 ? `, at least ${noticeText} in advance` : ''}.`
}

/** Several services' length and price, a line each, and how to book one; `ofACase`: asked for a case none of them names. */
export function servicesInfo(services: readonly BookableService[], language: Lang, ofACase = false): string {
  const lines = services.map((service) => `• ${serviceFacts(service, language)}`).join('\n')
  // "A haircut and colour together?": the sum of two or more, when every one of them has a price in one currency.
  const [first] = services
  const priced = services.length >= 2 && first && services.every((service) => service.price !== null && service.currency === first.currency)
  const minutes = services.reduce((sum, service) => sum + service.duration_minutes, 0)
  const sum = priced ? formatPrice(services.reduce((total, service) => total + service.price!, 0), first.currency, language === 'tr' ? 'tr-TR' : 'en-US') : null
  const total = sum ? `\n${language === 'tr' ? `Toplam: ${sum} (${minutes} dakika).` : `Together: ${sum} (${minutes} minutes).`}` : ''
  const unwritten = ofACase ? `\n${NOT_WRITTEN_FOR_A_CASE[language]}` : ''
  return `${lines}${total}${unwritten}\n${language === 'tr' ? 'Randevu almak isterseniz hizmeti ve size uyan günü yazmanız yeterli.' : 'To book, just tell me the service and a day that suits you.'}`
}

/** "Do you do highlights?" of a business that lists no products: not among its services, which are these. */
export function serviceNotListed(services: readonly BookableService[], contact: string, language: Lang): string {
  const list = services.map((s) => `• ${serviceLine(s, language)}`).join('\n')
  return language === 'tr'
    ? `Bunu hizmetlerimiz arasında bulamadım. Sunduğumuz hizmetler:\n${list}\n${contact}`
    : `I couldn't find that among our services. Our services:\n${list}\n${contact}`
}

/** How long a service takes and what it costs, as the owner's list says. */
export function serviceFacts(service: BookableService, language: Lang): string {
  const locale = language === 'tr' ? 'tr-TR' : 'en-US'
  const price = service.price === null ? null : formatPrice(service.price, service.currency, locale)
  if (language === 'tr') {
    const cost = price ? `ücreti ${price}` : 'ücreti listede yazmıyor'
    return `${service.name} ${service.duration_minutes} dakika sürüyor; ${cost}.`
  }
  const cost = price ? `it costs ${price}` : "the price isn't listed"
  return `${service.name} takes ${service.duration_minutes} minutes; ${cost}.`
}

/**
 * The services to choose from. `again` when the customer's answer named none;
 * `contact` then follows when what they wrote may have been a service the
 * owner does not offer, so nobody is asked the same question forever.
 */
/**
 * Which service, asked first or again. Again: `heard` is what the customer wrote instead, a day or time (noted and
 * kept), being unsure, or anything else (which may be a service the owner does not offer); `contact` follows the last two.
 */
export function askService(services: readonly BookableService[], language: Lang, again?: { heard: 'when' | 'unsure' | 'other'; contact: string }): string {
  const list = services.map((s, i) => `${i + 1}) ${serviceLine(s, language)}`).join('\n')
  if (again) {
    const lead =
      again.heard === 'when'
        ? language === 'tr' ? 'Not aldım. Önce hizmeti seçelim; numarasını ya da adını yazabilirsiniz:' : "Noted. Let's choose the service first; you can write its number or name:"
        : language === 'tr' ? 'Randevu için önce hizmeti seçelim; numarasını ya da adını yazabilirsiniz:' : "Let's choose the service first; you can write its number or name:"
    const help =
      again.heard === 'when' ? '' : again.heard === 'unsure'
        ? `\n${language === 'tr' ? 'Hangisi olduğundan emin değil misiniz?' : 'Not sure which one?'} ${again.contact}`
        : `\n${language === 'tr' ? 'Aradığınız hizmet listede yok mu?' : 'Not on the list?'} ${again.contact}`
    return `${lead}\n${list}${help}`
  }
  return language === 'tr' ? `Hangi hizmet için randevu istersiniz?\n${list}` : `Which service would you like to book?\n${list}`
}

export function onSeveralDays(language: Lang): string {
  return language === 'tr' ? 'Bu saat birden fazla günde müsait:' : 'That time is free on more than one day:'
}

/** More than one person asked for: what one booking here holds, and how the others get theirs. */
export function onePerBooking(language: Lang): string {
  return language === 'tr'
    ? 'Buradan her seferinde bir kişilik randevu alabiliyorum; bunu onayladıktan sonra diğer kişi için de ayrıca randevu isteyebilirsiniz.'
    : 'I can book one person at a time here; once this one is confirmed, you can ask me for another appointment for the next person.'
}

/** Two services asked for at once: one appointment holds one service; the other is booked after this one. */
export function oneServicePerBooking(first: string, next: string, language: Lang): string {
  return language === 'tr'
    ? `Her randevu tek bir hizmet için; önce ${first} için bir saat seçelim. Onaylandıktan sonra ${next} için de hemen ardından randevu alabilirsiniz.`
    : `Each appointment is for one service, so let's pick a time for ${first} first. Once it's confirmed, you can book ${next} right after it.`
}

export function pickFirst(language: Lang): string {
  return language === 'tr' ? 'Önce bir saat seçelim. Şu saatler müsait:' : "Let's pick a time first. These times are free:"
}

/** A part of the day, as a day full in that part is said to be ("perşembe sabah", "in the morning"). */
const PART_NAMES: Record<DayPart, Record<Lang, string>> = {
  morning: { tr: 'sabah', en: 'in the morning' },
  noon: { tr: 'öğle saatlerinde', en: 'around noon' },
  afternoon: { tr: 'öğleden sonra', en: 'in the afternoon' },
  evening: { tr: 'akşam', en: 'in the evening' },
}

/**
 * Why a time cannot be booked; `every`, for off_grid, is how many minutes apart appointments start. A day asked with
 * a part of it ("perşembe sabah") that is full there is said to be full there, not all day.
 */
export function refusal(
  reason: BookingRefusal | 'closed_day' | 'full_day' | 'past' | 'off_grid' | 'runs_past' | 'on_break',
  wanted: Offer | { date: string; part?: DayPart; after?: string } | null,
  language: Lang,
  every = 30,
  duration = 0,
): string {
  const when = wanted ? ('time' in wanted ? at(wanted, language) : longDate(wanted.date, language)) : ''
  const part = wanted && 'part' in wanted && wanted.part ? PART_NAMES[wanted.part][language] : null
  const after = wanted && 'after' in wanted && wanted.after ? wanted.after : null
  if (reason === 'full_day' && after) return language === 'tr' ? `${when} saat ${after} ve sonrasında boş saat kalmadı.` : `${when} has no free times from ${after} on.`
  if (reason === 'full_day' && part) return language === 'tr' ? `${when} ${part} boş saat kalmadı.` : `${when} has no free times ${part}.`
  if (language === 'tr') {
    switch (reason) {
      case 'slot_taken': return `${when} maalesef dolu.`
      case 'off_grid': return `Randevular ${every} dakikada bir başlıyor; ${when} bunlardan biri değil.`
      case 'outside_hours': return `${when} çalışma saatlerimizin dışında.`
      case 'on_break': return `${when} ara verdiğimiz saatlere denk geliyor.`
      case 'runs_past': return `${when} olmuyor: randevu ${duration} dakika sürüyor ve çalışma saatlerimiz içinde bitmiyor.`
      case 'too_soon': return `${when} için çok geç kaldık; o kadar kısa süre içinde randevu veremiyoruz.`
      case 'too_far': return `${when} için henüz randevu vermiyoruz.`
      case 'closed_day': return `${when} kapalıyız.`
      case 'full_day': return `${when} için boş saat kalmadı.`
      case 'past': return `${when} geçti.`
      case 'booking_disabled': return 'Şu anda buradan randevu alınamıyor.'
      case 'too_many': return 'Buradan en fazla 3 yaklaşan randevu alınabilir.'
    }
  }
  switch (reason) {
    case 'slot_taken': return `${when} is already taken, sorry.`
    case 'off_grid': return `Appointments start every ${every} minutes, so ${when} isn't one of our times.`
    case 'outside_hours': return `${when} is outside our opening hours.`
    case 'on_break': return `${when} falls in our break.`
    case 'runs_past': return `${when} won't work: the appointment takes ${duration} minutes and wouldn't end within our opening hours.`
    case 'too_soon': return `${when} is too soon for us to book, sorry.`
    case 'too_far': return `We don't take bookings for ${when} yet.`
    case 'closed_day': return `We're closed on ${when}.`
    case 'full_day': return `${when} is fully booked.`
    case 'past': return `${when} has already passed.`
    case 'booking_disabled': return "Bookings can't be made here at the moment."
    case 'too_many': return 'At most 3 upcoming appointments can be booked here.'
  }
}

export function nothingFree(language: Lang): string {
  return language === 'tr'
    ? 'Önümüzdeki günlerde boş saat görünmüyor. Dilerseniz sizi ekibimize aktarabilirim.'
    : "I can't see any free times in the coming days. I can pass you to our team if you like."
}

/** "En erken kaç?": the first free time, asked whether it suits. */
export function earliest(offer: Offer, language: Lang): string {
  return language === 'tr' ? `En erken boş saat: ${at(offer, language)}. Size uyar mı?` : `The earliest free time is ${at(offer, language)}. Does that suit you?`
}

export function isFree(offer: Offer, language: Lang): string {
  return language === 'tr' ? `${at(offer, language)} müsait.` : `${at(offer, language)} is free.`
}

export function askName(language: Lang): string {
  return language === 'tr' ? 'Randevuyu kimin adına oluşturayım? Adınızı ve soyadınızı yazar mısınız?' : 'Whose name should I put the appointment under? Please write your first and last name.'
}

export function askPhone(language: Lang): string {
  return language === 'tr'
    ? 'Size ulaşabilmemiz ve hatırlatma gönderebilmemiz için telefon numaranızı yazar mısınız? (ör. 0532 123 45 67)'
    : 'Please write your phone number so we can reach you and send a reminder (e.g. +90 532 123 45 67).'
}

/** "Bir dakika, numaramı bilmiyorum": no rush; the booking waits for the number. */
export function phoneWhenReady(language: Lang): string {
  return language === 'tr'
    ? 'Tabii, acelesi yok. Numaranızı yazdığınızda randevuyu tamamlarım.'
    : "Of course, no rush. Write your number when you have it and I'll finish the booking."
}

/** "Neden numara istiyorsunuz?": what the number is for, that a booking needs one, and how to stop instead. */
export function whyPhone(language: Lang): string {
  return language === 'tr'
    ? 'Numaranızı yalnızca randevunuzla ilgili size ulaşmak ve hatırlatma göndermek için kullanıyoruz; randevu için gerekli. Numaranızı yazar mısınız? Vermek istemezseniz “vazgeçtim” yazmanız yeterli.'
    : 'We use your number only to reach you about your appointment and to send a reminder; a booking needs one. Could you write it? If you would rather not, just write “never mind”.'
}

export function badPhone(language: Lang): string {
  return language === 'tr'
    ? 'Bu numarayı okuyamadım. Numaranızı 0532 123 45 67 gibi, yurt dışı numarasıysa ülke koduyla (ör. +44 7911 123456) yazar mısınız?'
    : "I couldn't read that number. Could you write it like 0532 123 45 67, or with its country code if it isn't Turkish (e.g. +44 7911 123456)?"
}

export type Summary = { service: BookableService | null; offer: Offer; name: string; move?: Offer | null }

export function confirmQuestion(s: Summary, language: Lang): string {
  const service = s.service ? (language === 'tr' ? `Hizmet: ${s.service.name}\n` : `Service: ${s.service.name}\n`) : ''
  if (language === 'tr') {
    const move = s.move ? `Mevcut randevunuz (${at(s.move, language)}) bu saate taşınacak.\n` : ''
    return `Özetliyorum:\n${service}Tarih: ${longDate(s.offer.date, language)}\nSaat: ${s.offer.time}\nAd: ${s.name}\n${move}Onaylıyor musunuz? (evet / hayır)`
  }
  const move = s.move ? `Your appointment on ${at(s.move, language)} moves to this time.\n` : ''
  return `To sum up:\n${service}Date: ${longDate(s.offer.date, language)}\nTime: ${s.offer.time}\nName: ${s.name}\n${move}Shall I book it? (yes / no)`
}

export function booked(s: Summary, language: Lang, preview: boolean): string {
  const service = s.service ? ` (${s.service.name})` : ''
  const note = preview ? (language === 'tr' ? ' (Önizleme: randevu kaydedilmedi.)' : ' (Preview: nothing was booked.)') : ''
  // A move says so: the customer has one appointment, at its new time, not a second one.
  if (s.move) {
    return language === 'tr'
      ? `Randevunuz taşındı: ${at(s.offer, language)}${service}. Görüşmek üzere, ${s.name}!${note}`
      : `Your appointment has been moved to ${at(s.offer, language)}${service}. See you then, ${s.name}!${note}`
  }
  return language === 'tr'
    ? `Randevunuz oluşturuldu: ${at(s.offer, language)}${service}. Görüşmek üzere, ${s.name}!${note}`
    : `You're booked: ${at(s.offer, language)}${service}. See you then, ${s.name}!${note}`
}

/** Whether and when an appointment's SMS reminder goes, as the owner set it. */
export function reminderNote(hours: number | null, contact: string, language: Lang): string {
  if (hours === null) return language === 'tr' ? `Otomatik hatırlatma mesajı gönderilmiyor. ${contact}` : `We don't send automatic reminders. ${contact}`
  return language === 'tr'
    ? `Randevunuzdan ${hours} saat önce SMS ile hatırlatma gönderiyoruz.`
    : `We send an SMS reminder ${hours} ${hours === 1 ? 'hour' : 'hours'} before your appointment.`
}

export function notYetBooked(language: Lang): string {
  return language === 'tr' ? 'Rica ederim! Randevunuz henüz oluşturulmadı: onaylıyor musunuz? (evet / hayır)' : "You're welcome! Your appointment isn't booked yet: shall I book it? (yes / no)"
}

export function notBooked(language: Lang): string {
  return language === 'tr' ? 'Tamam, randevuyu oluşturmadım. Başka bir gün ya da saat ister misiniz?' : "OK, I haven't booked it. Would you like another day or time?"
}

export function dropped(language: Lang): string {
  return language === 'tr' ? 'Tamam, randevu işlemini bıraktım. Başka bir konuda yardımcı olabilir miyim?' : "OK, I've stopped the booking. Can I help with anything else?"
}

export function putOff(language: Lang): string {
  return language === 'tr' ? 'Tamam, dilediğiniz zaman yazın; randevu için buradayım.' : "Sure, write whenever you're ready; I'm here to book you in."
}

export function noUpcoming(widget: boolean, contact: string, language: Lang): string {
  if (language === 'tr') {
    return widget
      ? `Bu sohbette alınmış yaklaşan bir randevu bulamadım. Başka yoldan aldığınız bir randevu için: ${contact}`
      : `Bu numaraya kayıtlı yaklaşan bir randevu bulamadım. ${contact}`
  }
  return widget
    ? `I can't find an upcoming appointment booked in this chat. For one booked another way: ${contact}`
    : `I can't find an upcoming appointment for this number. ${contact}`
}

/** The customer's own upcoming appointments, each with its service when it has one. */
export function ownUpcoming(list: readonly (Offer & { service: string | null })[], language: Lang): string {
  const line = (b: Offer & { service: string | null }) => `${at(b, language)}${b.service ? ` (${b.service})` : ''}`
  if (list.length === 1) {
    return language === 'tr' ? `Yaklaşan randevunuz: ${line(list[0]!)}.` : `Your upcoming appointment: ${line(list[0]!)}.`
  }
  const lines = list.map((b) => `• ${line(b)}`).join('\n')
  return language === 'tr' ? `Yaklaşan randevularınız:\n${lines}` : `Your upcoming appointments:\n${lines}`
}

export function whichBooking(list: readonly Offer[], language: Lang): string {
  const lines = list.map((offer, i) => `${i + 1}) ${at(offer, language)}`).join('\n')
  return language === 'tr' ? `Hangi randevunuz?\n${lines}` : `Which appointment?\n${lines}`
}

export function confirmCancel(offer: Offer, language: Lang): string {
  return language === 'tr'
    ? `${at(offer, language)} randevunuzu iptal edeyim mi? (evet / hayır)`
    : `Shall I cancel your appointment on ${at(offer, language)}? (yes / no)`
}

export function cancelled(offer: Offer, language: Lang, preview: boolean): string {
  const note = preview ? (language === 'tr' ? ' (Önizleme: hiçbir şey değişmedi.)' : ' (Preview: nothing was changed.)') : ''
  return language === 'tr'
    ? `${at(offer, language)} randevunuz iptal edildi.${note} Yeni bir randevu isterseniz yazmanız yeterli.`
    : `Your appointment on ${at(offer, language)} is cancelled.${note} Just write if you'd like a new one.`
}

export function kept(language: Lang): string {
  return language === 'tr' ? 'Tamam, randevunuz olduğu gibi duruyor.' : 'OK, your appointment stays as it is.'
}

export function moveWhen(offer: Offer, language: Lang): string {
  return language === 'tr'
    ? `${at(offer, language)} randevunuzu hangi gün ve saate almak istersiniz?`
    : `When would you like to move your appointment on ${at(offer, language)} to?`
}
