// The built-in responder's words about the business itself, in both
// languages: hours, location, contact, the owner's policies and FAQ, and
// what it says when the owner has not written something down. Every fact
// comes from the owner's profile or FAQ as read for this reply; the owner's
// own texts are quoted as written, never reworded, so nothing is added to
// them. When a fact is missing the reply says so and gives the contact
// details the owner did write.
import { hasAnyHours, hoursStatus, rangesOf, weekdayAfter, weekdayOfDay, WEEKDAYS, type OpeningHours, type Weekday } from '../../../../domain/business.ts'
import { parseDayKey } from '../../../../domain/calendar.ts'
import type { DayRef } from './day-words.ts'
import type { AssistantLanguage, BusinessProfile, FaqHit } from './types.ts'

type Lang = AssistantLanguage

const DAY_NAMES: Record<Lang, Record<Weekday, string>> = {
  tr: { mon: 'Pazartesi', tue: 'Salı', wed: 'Çarşamba', thu: 'Perşembe', fri: 'Cuma', sat: 'Cumartesi', sun: 'Pazar' },
  en: { mon: 'Monday', tue: 'Tuesday', wed: 'Wednesday', thu: 'Thursday', fri: 'Friday', sat: 'Saturday', sun: 'Sunday' },
}

/** The business's name as the owner wrote it, or a plain word for it when none is written. */
export function business(name: string, language: Lang): string {
  const trimmed = name.trim()
  if (trimmed !== '') return trimmed
  return language === 'tr' ? 'işletme' : 'the business'
}

/** The phone and e-mail the owner wrote, those there are. */
const contactWays = (profile: BusinessProfile | null) => [profile?.contact_phone, profile?.contact_email].filter((value): value is string => !!value && value.trim() !== '')

/** How to reach the business, from what the owner wrote; the name alone when nothing is written. */
export function contactDetails(profile: BusinessProfile | null, businessName: string, language: Lang): string {
  const ways = contactWays(profile)
  const name = business(businessName, language)
  if (ways.length === 0) {
    return language === 'tr' ? `Bunun için ${name} ile doğrudan iletişime geçebilirsiniz.` : `Please contact ${name} directly about this.`
  }
  return language === 'tr' ? `${name} size yardımcı olabilir: ${ways.join(' · ')}` : `${name} can help you: ${ways.join(' · ')}`
}

/** The owner has not written this down: said plainly, with the way to ask. */
export function notWritten(topic: string, profile: BusinessProfile | null, businessName: string, language: Lang): string {
  return `${nothingOf(topic, language)} ${contactDetails(profile, businessName, language)}`
}
const nothingOf = (topic: string, language: Lang) => (language === 'tr' ? `${topic} hakkında bir bilgi henüz yazılmamış.` : `I don't have information about ${topic} yet.`)

const TOPICS: Record<'hours' | 'address' | 'shipping' | 'delivery' | 'returns' | 'payment' | 'ordering' | 'discounts', Record<Lang, string>> = {
  discounts: { tr: 'Kampanya ve indirimler', en: 'discounts and offers' },
  hours: { tr: 'Çalışma saatleri', en: 'opening hours' },
  address: { tr: 'Adres', en: 'the address' },
  shipping: { tr: 'Kargo', en: 'shipping' },
  delivery: { tr: 'Teslimat süresi', en: 'delivery times' },
  returns: { tr: 'İade ve değişim', en: 'returns and exchanges' },
  payment: { tr: 'Ödeme seçenekleri', en: 'payment options' },
  ordering: { tr: 'Sipariş verme', en: 'how to order' },
}

// Hours ----------------------------------------------------------------------

function rangesText(ranges: readonly [string, string][], language: Lang): string {
  const parts = ranges.map(([start, end]) => `${start}–${end === '24:00' ? (language === 'tr' ? '24:00' : 'midnight') : end}`)
  return parts.join(language === 'tr' ? ' ve ' : ' and ')
}

function dayLine(hours: OpeningHours, day: Weekday, language: Lang): string {
  const ranges = rangesOf(hours, day)
  const name = DAY_NAMES[language][day]
  if (ranges.length === 0) return language === 'tr' ? `${name}: kapalı` : `${name}: closed`
  return `${name}: ${rangesText(ranges, language)}`
}

/** Runs of days in a row with the same hours: Monday to Friday 09:00–18:00 is one. */
function sameHourRuns(hours: OpeningHours, days: readonly Weekday[]): { from: Weekday; to: Weekday }[] {
  const groups: { from: Weekday; to: Weekday; key: string }[] = []
  for (const day of days) {
    const key = JSON.stringify(rangesOf(hours, day))
    const last = groups[groups.length - 1]
    if (last && last.key === key) last.to = day
    else groups.push({ from: day, to: day, key })
  }
  return groups
}

/** The week, consecutive days with the same hours joined ("Pazartesi–Cuma: 10:00–19:00"). */
export function weekText(hours: OpeningHours, language: Lang): string {
  return sameHourRuns(hours, WEEKDAYS)
    .map(({ from, to }) => {
      const line = dayLine(hours, from, language)
      if (from === to) return `• ${line}`
      const names = DAY_NAMES[language]
      return `• ${names[from]}–${names[to]}${line.slice(names[from].length)}`
    })
    .join('\n')
}

function nowText(profile: BusinessProfile, now: Date, language: Lang): string {
  const status = hoursStatus(profile.opening_hours, profile.time_zone, now)
  if (status.open) {
    if (status.closesAt === null) return language === 'tr' ? 'Şu an açığız; her gün günün her saati açığız.' : "We're open now, around the clock."
    const until = status.closesAt === '24:00' ? (language === 'tr' ? 'gece yarısı' : 'midnight') : status.closesAt
    // A break before the day's later hours ("09:00–12:00 ve 13:00–18:00" at 10:00): the break, then the day's closing.
    const later = status.closesInDays === 0 ? rangesOf(profile.opening_hours, status.local.weekday).filter(([from]) => from > status.closesAt!) : []
    if (later.length > 0) {
      const [back] = later[0]!
      const last = later.at(-1)![1]
      return language === 'tr'
        ? `Şu an açığız; ${status.closesAt}–${back} arası ara veriyoruz, bugünkü kapanış saat ${last}.`
        : `We're open now; we take a break ${status.closesAt}–${back} and close at ${last} today.`
    }
    const day =
      status.closesInDays === 0 || status.closesInDays === null
        ? language === 'tr' ? 'bugün' : 'today'
        : status.closesInDays === 1
          ? language === 'tr' ? 'yarın' : 'tomorrow'
          : DAY_NAMES[language][weekdayAfter(status.local.weekday, status.closesInDays)]
    return language === 'tr' ? `Şu an açığız; kapanış ${day} saat ${until}.` : `We're open now, until ${until} ${day}.`
  }
  if (!status.opensAt) return language === 'tr' ? 'Şu an kapalıyız.' : "We're closed right now."
  const { inDays, weekday, time } = status.opensAt
  const when =
    inDays === 0
      ? language === 'tr' ? 'bugün' : 'today'
      : inDays === 1
        ? language === 'tr' ? `yarın (${DAY_NAMES.tr[weekday]})` : `tomorrow (${DAY_NAMES.en[weekday]})`
        : DAY_NAMES[language][weekday]
  return language === 'tr' ? `Şu an kapalıyız; ${when} saat ${time} itibarıyla açığız.` : `We're closed right now; we open ${when} at ${time}.`
}

/** An hours question: a day's hours, the weekend, today with open-now, or the whole week. */
export function hoursAnswer(profile: BusinessProfile | null, businessName: string, day: DayRef, asks: 'open' | 'close' | 'now' | 'both', now: Date, language: Lang): string {
  if (!profile || !hasAnyHours(profile.opening_hours)) return notWritten(TOPICS.hours[language], profile, businessName, language)
  const hours = profile.opening_hours
  const today = hoursStatus(hours, profile.time_zone, now).local.weekday
  if (day === null) {
    // "Açık mısınız?", "kaçta kapanıyorsunuz?": about now; "çalışma saatleriniz?": the week and now.
    if (asks === 'both') return `${language === 'tr' ? 'Çalışma saatlerimiz:' : 'Our opening hours:'}\n${weekText(hours, language)}\n${nowText(profile, now, language)}`
    return `${daySentence(hours, today, language === 'tr' ? 'Bugün' : 'Today', language)} ${nowText(profile, now, language)}`
  }
  // The weekly hours say nothing of a holiday: that is said, with the week and whom to ask.
  if ('holiday' in day) {
    const head = language === 'tr' ? 'Bayram ve resmî tatil günlerinin çalışma saatleri yazılmamış. Haftalık saatlerimiz:' : "Opening hours for public holidays aren't written down. Our weekly hours:"
    return `${head}\n${weekText(hours, language)}\n${contactDetails(profile, businessName, language)}`
  }
  // "29 Ekim'de açık mısınız?": that date's weekday, and that a holiday's hours may differ (no holiday calendar is kept).
  if ('date' in day) {
    const date = parseDayKey(day.date)!
    const label = new Intl.DateTimeFormat(language === 'tr' ? 'tr-TR' : 'en-US', { day: 'numeric', month: 'long', year: 'numeric' }).format(date)
    const caveat = language === 'tr' ? 'Bayram ve resmî tatillerde saatlerimiz farklı olabilir.' : 'Hours may differ on public holidays.'
    return `${daySentence(hours, weekdayOfDay(day.date)!, label, language)} ${caveat}`
  }
  let days: Weekday[]
  if ('offset' in day) days = [weekdayAfter(today, day.offset)]
  else if ('weekday' in day) days = [day.weekday]
  else if ('weekend' in day) days = ['sat', 'sun']
  else days = ['mon', 'tue', 'wed', 'thu', 'fri']
  const label =
    'offset' in day
      ? day.offset === 0
        ? language === 'tr' ? 'Bugün' : 'Today'
        : language === 'tr' ? 'Yarın' : 'Tomorrow'
      : null
  const body = sameHourRuns(hours, days).map(({ from, to }) => daySentence(hours, from, label, language, to)).join(' ')
  const status = 'offset' in day && day.offset === 0 ? ` ${nowText(profile, now, language)}` : ''
  return `${body}${status}`
}

/** One day's hours as a sentence: "Cumartesi 11:00–17:00 arası açığız." */
function daySentence(hours: OpeningHours, day: Weekday, label: string | null, language: Lang, through: Weekday = day): string {
  const ranges = rangesOf(hours, day)
  const name = through === day ? DAY_NAMES[language][day] : `${DAY_NAMES[language][day]}–${DAY_NAMES[language][through]}`
  const when = label ? `${label} (${name})` : name
  if (language === 'tr') return ranges.length === 0 ? `${when} kapalıyız.` : `${when} ${rangesText(ranges, language)} arası açığız.`
  return ranges.length === 0 ? `${when}: we're closed.` : `${when}: we're open ${rangesText(ranges, language)}.`
}

// Location, contact, policies --------------------------------------------------

export function locationAnswer(profile: BusinessProfile | null, businessName: string, language: Lang): string {
  const address = profile?.address?.trim()
  const maps = profile?.maps_url?.trim()
  if (!address && !maps) return notWritten(TOPICS.address[language], profile, businessName, language)
  const lines = [address ? (language === 'tr' ? `Adresimiz: ${address}` : `Our address: ${address}`) : null, maps ? (language === 'tr' ? `Harita: ${maps}` : `Map: ${maps}`) : null]
  return lines.filter(Boolean).join('\n')
}

/** What no field of the profile says of the shop's place. */
const OF_THE_PLACE = {
  pickup: { tr: 'Mağazadan teslim alma', en: 'picking up in store' },
  parking: { tr: 'Otopark', en: 'parking' },
} as const

/**
 * "Mağazadan teslim alabilir miyim?", "otopark var mı?" with no FAQ entry on it: no field says so; whom to ask, and
 * where the shop is.
 */
export function placeAnswer(asked: keyof typeof OF_THE_PLACE, profile: BusinessProfile | null, businessName: string, language: Lang): string {
  const topic = OF_THE_PLACE[asked][language]
  const where = profile?.address?.trim() || profile?.maps_url?.trim() ? `\n${locationAnswer(profile, businessName, language)}` : ''
  return `${notWritten(topic, profile, businessName, language)}${where}`
}

/** "Is it cheaper in store?": the prices given here are the catalogue's; no field holds the shop's own. */
export function storePricesNotWritten(contact: string, language: Lang): string {
  return language === 'tr'
    ? `Buradan verdiğim fiyatlar katalogdaki güncel fiyatlardır; mağazada farklı bir fiyat olup olmadığı yazılı değil. ${contact}`
    : `The prices I give here are the catalogue's current ones; nothing is written about different prices in the shop. ${contact}`
}

export function contactAnswer(profile: BusinessProfile | null, businessName: string, language: Lang): string {
  const lines = [
    profile?.contact_phone ? `${language === 'tr' ? 'Telefon' : 'Phone'}: ${profile.contact_phone}` : null,
    profile?.contact_email ? `${language === 'tr' ? 'E-posta' : 'Email'}: ${profile.contact_email}` : null,
    profile?.address ? `${language === 'tr' ? 'Adres' : 'Address'}: ${profile.address}` : null,
  ].filter(Boolean)
  if (lines.length === 0) return contactDetails(profile, businessName, language)
  return `${language === 'tr' ? 'Bize buradan ulaşabilirsiniz:' : 'You can reach us here:'}\n${lines.join('\n')}`
}

/** "Instagram hesabınız var mı?": no field of the profile holds an account elsewhere; so said, and how to reach the shop. */
export function accountAnswer(account: string, profile: BusinessProfile | null, businessName: string, language: Lang): string {
  return `${nothingOf(account, language)}\n${contactAnswer(profile, businessName, language)}`
}

export type PolicyTopic = 'shipping' | 'delivery' | 'returns' | 'payment' | 'ordering'

const POLICY_FIELD: Record<PolicyTopic, keyof BusinessProfile> = {
  shipping: 'shipping_info',
  delivery: 'shipping_info',
  returns: 'returns_info',
  payment: 'payment_info',
  ordering: 'ordering_info',
}

/** The owner's own text for the topic, or null when none is written. */
export function policyText(profile: BusinessProfile | null, topic: PolicyTopic): string | null {
  const value = profile?.[POLICY_FIELD[topic]]
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null
}

/** The first of the owner's texts, payment first, that says what `says` looks for ("Fiyatlarımıza KDV dahildir"). */
export function policySaying(profile: BusinessProfile | null, says: (text: string) => boolean): PolicyTopic | null {
  const topics: readonly PolicyTopic[] = ['payment', 'ordering', 'shipping', 'delivery', 'returns']
  return topics.find((topic) => says(policyText(profile, topic) ?? '')) ?? null
}

export function policyAnswer(profile: BusinessProfile | null, businessName: string, topic: PolicyTopic, language: Lang): string {
  const text = policyText(profile, topic)
  if (!text) return notWritten(TOPICS[topic][language], profile, businessName, language)
  const head: Record<PolicyTopic, Record<Lang, string>> = {
    shipping: { tr: 'Kargo bilgisi', en: 'Shipping' },
    delivery: { tr: 'Kargo ve teslimat', en: 'Shipping and delivery' },
    returns: { tr: 'İade ve değişim', en: 'Returns and exchanges' },
    payment: { tr: 'Ödeme', en: 'Payment' },
    ordering: { tr: 'Sipariş', en: 'Ordering' },
  }
  return `${head[topic][language]}: ${text}`
}

/**
 * Whether the owner has written what a question of this kind needs; when not,
 * its answer says so (notWritten) and the reply is recorded as not known.
 * Discounts have no field of their own: the FAQ answers them (searched first),
 * else the owner has not written it.
 */
/** An IBAN as written in a text: "TR" and 24 digits, in groups or not. */
const IBAN = /\bTR\s?\d{2}(\s?\d{4}){5}\s?\d{2}\b/i

/**
 * The payment text; asked for bank details it does not give ("IBAN atar mısınız"), also that they are not written
 * here and whom to ask. An IBAN is never made up.
 */
export function paymentAnswer(profile: BusinessProfile | null, businessName: string, bankDetailsAsked: boolean, language: Lang): string {
  const text = policyAnswer(profile, businessName, 'payment', language)
  if (!bankDetailsAsked || !written(profile, 'payment') || IBAN.test(profile?.payment_info ?? '')) return text
  return `${text}\n${notWritten(language === 'tr' ? 'IBAN ve hesap bilgileri' : 'bank account details', profile, businessName, language)}`
}

export function written(profile: BusinessProfile | null, topic: PolicyTopic | 'hours' | 'location' | 'contact' | 'discounts'): boolean {
  if (topic === 'discounts') return false
  if (topic === 'hours') return profile !== null && hasAnyHours(profile.opening_hours)
  if (topic === 'location') return Boolean(profile?.address?.trim() || profile?.maps_url?.trim())
  if (topic === 'contact') return Boolean(profile?.contact_phone || profile?.contact_email || profile?.address)
  return policyText(profile, topic) !== null
}

export function discountsAnswer(profile: BusinessProfile | null, businessName: string, language: Lang): string {
  return notWritten(TOPICS.discounts[language], profile, businessName, language)
}

export function faqAnswer(hit: FaqHit): string {
  return hit.answer.trim()
}

// A person ---------------------------------------------------------------------

export function humanAnswer(profile: BusinessProfile | null, businessName: string, language: Lang): string {
  const head = language === 'tr' ? 'Elbette, sizi bir yetkiliyle görüştürelim.' : "Of course, let's get you to a person."
  return `${head} ${contactDetails(profile, businessName, language)}`
}

export function complaintAnswer(profile: BusinessProfile | null, businessName: string, language: Lang): string {
  const head =
    language === 'tr'
      ? 'Yaşadığınız sorun için çok üzgünüz. Siparişinizin durumunu buradan göremiyorum; bir yetkili en kısa sürede ilgilenmeli.'
      : "I'm very sorry about this. I can't see your order from here; a person should look into it right away."
  return `${head} ${contactDetails(profile, businessName, language)}`
}

/**
 * What the customer is told when a person takes the conversation over: that
 * the business answers here, when it opens if it is closed now, and how to
 * reach it meanwhile.
 */
export function handoffAnswer(reason: 'asked' | 'complaint' | 'not_known', profile: BusinessProfile | null, businessName: string, now: Date, language: Lang): string {
  const head = {
    asked: { tr: 'Elbette, sizi ekibimize aktardım.', en: "Of course, I've passed you to our team." },
    complaint: {
      tr: 'Yaşadığınız sorun için çok üzgünüz. Mesajınızı ekibimize ilettim.',
      en: "I'm very sorry about this. I've passed your message to our team.",
    },
    not_known: { tr: 'Bunu bilmiyorum; sorunuzu ekibimize ilettim.', en: "I don't know that; I've passed your question to our team." },
  }[reason][language]
  const who = businessName.trim() || (language === 'tr' ? 'Ekibimiz' : 'Our team')
  const here = language === 'tr' ? `${who} size buradan yanıt verecek.` : `${who} will answer you here.`
  const status = profile && hasAnyHours(profile.opening_hours) ? hoursStatus(profile.opening_hours, profile.time_zone, now) : null
  const closed = status && !status.open && status.opensAt ? ` ${nowText(profile!, now, language)}` : ''
  const ways = contactWays(profile)
  const reach = ways.length === 0 ? '' : language === 'tr' ? ` Dilerseniz bize şuradan da ulaşabilirsiniz: ${ways.join(' · ')}` : ` You can also reach us at ${ways.join(' · ')}.`
  return `${head} ${here}${closed}${reach}`
}

export function bookingAnswer(profile: BusinessProfile | null, businessName: string, language: Lang): string {
  const head = language === 'tr' ? 'Buradan randevu alamıyorum.' : "I can't book appointments here."
  return `${head} ${contactDetails(profile, businessName, language)}`
}

export function ackAnswer(language: Lang): string {
  return language === 'tr' ? 'Başka bir sorunuz olursa buradayım.' : "I'm here if you have any other questions."
}
