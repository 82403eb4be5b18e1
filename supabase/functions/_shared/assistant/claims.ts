// What a model's reply may say (openai.ts checks every reply with these
// before it goes out): the prices, clock times, durations, e-mail addresses
// and phone numbers in it, the business topics it speaks of, and the
// evidence (what the tools returned in this exchange) they must be found in.
// The rules are listed at the top of openai.ts.
import { timeToMinutes } from '../../../../domain/business.ts'
import type { BusinessInfo, BusinessTopic } from './business-info.ts'
import { asciiKey } from './text.ts'
import type { CatalogueProduct, FaqHit } from './types.ts'

const CURRENCY_MARK = String.raw`(?:₺|\$|€|£|¥|(?<!\p{L})(?:TL|TRY|USD|EUR|GBP|JPY|CAD|AUD|CHF|lira\p{L}*|dolar\p{L}*|dollars?|euros?|avro\p{L}*|pounds?|sterlin\p{L}*|yen|frank\p{L}*|francs?))`
const PRICE_WORD = String.raw`(?:fiyat|ücret|tutar|bedel|price|priced|cost|costs|costing)`
const NUMBER = /\d+(?:[.,]\d+)*/g
const MARK_BEFORE = new RegExp(`${CURRENCY_MARK}\\s?$`, 'iu')
const MARK_AFTER = new RegExp(`^\\s?${CURRENCY_MARK}(?!\\p{L})`, 'iu')
// A price word then at most a few short words ("fiyatı sadece 450", "priced at only 450").
const WORD_BEFORE = new RegExp(`${PRICE_WORD}\\p{L}*[\\s:]*(?:\\p{L}{1,8}[\\s:]+){0,2}$`, 'iu')

/**
 * The values a number could mean as Turkish or English write it: "1.250,00"
 * and "1,250.00" are 1250, "12,50" and "12.50" are 12.5, and "1.250" is 1250
 * or 1.25 — either may be the price, so both are candidates.
 */
export function numberReadings(text: string): number[] {
  const t = text
  const dots = (t.match(/\./g) ?? []).length
  const commas = (t.match(/,/g) ?? []).length
  const grouped = (s: string, sep: string) => new RegExp(`^\\d{1,3}(?:\\${sep}\\d{3})+$`).test(s)
  if (dots === 0 && commas === 0) return [Number(t)]
  if (dots > 0 && commas > 0) {
    const decimal = t.lastIndexOf('.') > t.lastIndexOf(',') ? '.' : ','
    const group = decimal === '.' ? ',' : '.'
    const [whole = '', fraction = ''] = [t.slice(0, t.lastIndexOf(decimal)), t.slice(t.lastIndexOf(decimal) + 1)]
    if (fraction.includes(group) || !grouped(whole, group)) return []
    return [Number(`${whole.split(group).join('')}.${fraction}`)]
  }
  const sep = dots > 0 ? '.' : ','
  if ((sep === '.' ? dots : commas) > 1) return grouped(t, sep) ? [Number(t.split(sep).join(''))] : []
  const readings = [Number(t.replace(sep, '.'))]
  if (grouped(t, sep)) readings.push(Number(t.replace(sep, '')))
  return readings
}

/**
 * The numbers of a reply that read as prices: next to a currency symbol, code
 * or name, after a price word, or written with cents. Product names, links
 * and clock times are taken out first, so "Air Max 90", a link's digits or
 * "18.00'e kadar" are not prices; stock counts and percentages are not
 * prices either.
 */
export function priceMentions(reply: string, products: CatalogueProduct[]): { text: string; readings: number[] }[] {
  let text = reply.normalize('NFC').replace(/\bhttps?:\/\/\S+/gi, ' ')
  const names = products.map((p) => p.name.normalize('NFC').trim()).filter((n) => n !== '')
  for (const name of names.sort((a, b) => b.length - a.length)) {
    text = text.replace(new RegExp(escapeRegExp(name), 'giu'), ' ')
  }
  const clocks = clockTimes(text)
  const mentions: { text: string; readings: number[] }[] = []
  for (const match of text.matchAll(NUMBER)) {
    const raw = match[0]
    const start = match.index
    if (clocks.some((clock) => start >= clock.start && start < clock.end)) continue
    const before = text.slice(Math.max(0, start - 40), start)
    const after = text.slice(start + raw.length, start + raw.length + 12)
    if (/^\s?%/.test(after) || /%\s?$/.test(before)) continue
    // A digit glued to letters is a model number or code ("X200", "5G"), not an amount.
    if (/\p{L}$/u.test(before) && !MARK_BEFORE.test(before)) continue
    const withCents = /[.,]\d{2}$/.test(raw) && !/[.,]\d{3}$/.test(raw)
    if (MARK_BEFORE.test(before) || MARK_AFTER.test(after) || WORD_BEFORE.test(before) || withCents) {
      mentions.push({ text: raw, readings: numberReadings(raw) })
    }
  }
  return mentions
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

export const samePrice = (a: number, b: number) => Math.abs(a - b) < 0.005

// Clock times ------------------------------------------------------------------

export type ClockMention = {
  /** Where it is in the NFC form of the text. */
  start: number
  end: number
  text: string
  /** Minutes after midnight it may mean: "saat 6" is 06:00 or 18:00, so a bare hour has two. */
  minutes: number[]
}

const MERIDIEM = String.raw`(a\.?\s?m\.?|p\.?\s?m\.?)(?![a-z])`
const HOUR = String.raw`(?<![\d.,:])([01]?\d|2[0-4])`
const COLON_TIME = new RegExp(String.raw`${HOUR}:([0-5]\d)(?!\d)(?:\s?${MERIDIEM})?`, 'g')
const DOT_TIME = new RegExp(String.raw`${HOUR}\.([0-5]\d)(?![\d]|[.,]\d)(?:\s?${MERIDIEM})?`, 'g')
const BARE_MERIDIEM = new RegExp(String.raw`${HOUR}\s?${MERIDIEM}`, 'g')
const OCLOCK = new RegExp(String.raw`${HOUR}\s?o['’]?\s?clock`, 'g')
// "saat 9", "saat 9 ile 18 arası", "sabah 9'da", "akşam 6'ya kadar" (on the ASCII key: "aksam").
const SAAT = /(?<![a-z])(saat|sabah|oglen|ogleden sonra|aksam|gece)\s+(?:saat\s+)?([01]?\d|2[0-4])(?![\d:.]|,\d)(?:\s*(?:-|–|—|ile|ila|ve)\s*([01]?\d|2[0-4])(?![\d:.]|,\d))?/g
// "9'dan 18'e kadar", "10'da açılır": a bare hour with a Turkish case ending, near words of opening.
const SUFFIXED_HOUR = /(?<![\d.,:])([01]?\d|2[0-4])['’](?:da|de|ta|te|dan|den|tan|ten|a|e|ya|ye)(?![a-z])/g
const OPENING_NEAR = /(?<![a-z])(?:ac|kapan|kadar|arasi|itibaren|calis|hizmet)/
// "9-18 saatleri arasında".
const HOUR_RANGE_SAATLERI = /(?<![\d.,:])([01]?\d|2[0-4])\s*(?:-|–|—)\s*([01]?\d|2[0-4])\s+saatleri/g
// "opens at 9", "from 9 to 6", "until 8": an English hour after a word of time, then the sentence goes on or ends.
const ENGLISH_HOUR =
  /(?<![a-z])(?:opens?|opening|closes?|closing|from|until|till|at)\s+([01]?\d|2[0-4])(?:\s*(?:to|until|till|-|–|—)\s*([01]?\d|2[0-4]))?(?=\s*(?:$|[.,;!?)]|and\b|on\b|every\b|daily\b|today\b|tonight\b|tomorrow\b|in the\b|this evening\b|local\b))/g
const TIME_WORD_BEFORE =
  /(?:(?<![a-z])(?:saat|at|from|until|till|by|after|before|between|opens?|closes?)|\d{1,2}[.:]\d{2}\s?(?:-|–|—|ile|ila|ve|and|to|until|till))\s*$/
const TIME_WORD_AFTER = /^(?:['’]|\s?(?:-|–|—|ile|ila|ve|and|to|until|till)\s?\d{1,2}[.:]\d{2}|\s(?:arasi|kadar|itibaren)(?![a-z]))/

function meridiemHour(hour: number, meridiem: string | undefined): number[] {
  if (!meridiem) return hour >= 1 && hour <= 11 ? [hour, hour + 12] : hour === 12 ? [12, 0] : [hour]
  if (hour < 1 || hour > 12) return [hour]
  return meridiem.startsWith('p') ? [hour === 12 ? 12 : hour + 12] : [hour === 12 ? 0 : hour]
}

function dayPartHour(part: string, hour: number): number[] {
  if (part === 'sabah' || part === 'saat') return meridiemHour(hour, undefined)
  if (part === 'gece') return hour === 12 ? [0] : hour >= 6 && hour < 12 ? [hour + 12] : [hour]
  return hour < 12 ? [hour + 12] : [hour]
}

/**
 * The clock times a text states: HH:MM, HH.MM where it reads as a time (not
 * a price), "saat 9", "akşam 6'da", "9'dan 18'e kadar", "9 am", "9 o'clock",
 * "opens at 9". Read on the ASCII key of the text, whose positions are those
 * of the text's NFC form.
 */
export function clockTimes(text: string): ClockMention[] {
  const nfc = text.normalize('NFC')
  const key = asciiKey(nfc)
  const found: ClockMention[] = []
  const add = (start: number, end: number, hours: number[], minute = 0) => {
    found.push({ start, end, text: key.slice(start, end), minutes: [...new Set(hours.map((h) => (h * 60 + minute) % 1440))] })
  }
  for (const m of key.matchAll(COLON_TIME)) {
    const hour = Number(m[1])
    add(m.index, m.index + m[0].length, m[3] ? meridiemHour(hour, m[3]) : [hour], Number(m[2]))
  }
  for (const m of key.matchAll(DOT_TIME)) {
    const start = m.index
    const end = start + m[0].length
    // "₺18.50", "fiyatı 12.50" are prices (read on the text itself: the price words keep their letters).
    if (MARK_BEFORE.test(nfc.slice(Math.max(0, start - 40), start)) || MARK_AFTER.test(nfc.slice(end, end + 12))) continue
    if (WORD_BEFORE.test(nfc.slice(Math.max(0, start - 40), start))) continue
    if (!m[3] && !TIME_WORD_BEFORE.test(key.slice(Math.max(0, start - 20), start)) && !TIME_WORD_AFTER.test(key.slice(end, end + 12))) continue
    add(start, end, m[3] ? meridiemHour(Number(m[1]), m[3]) : [Number(m[1])], Number(m[2]))
  }
  for (const pattern of [BARE_MERIDIEM, OCLOCK]) {
    for (const m of key.matchAll(pattern)) add(m.index, m.index + m[0].length, meridiemHour(Number(m[1]), m[2]))
  }
  // Each end of a range is a claim of its own: one right hour must not carry an invented one.
  for (const m of key.matchAll(SAAT)) {
    const part = m[1]!
    add(m.index, m.index + m[0].length, dayPartHour(part, Number(m[2])))
    if (m[3]) add(m.index, m.index + m[0].length, dayPartHour(part === 'sabah' ? 'saat' : part, Number(m[3])))
  }
  for (const m of key.matchAll(SUFFIXED_HOUR)) {
    const end = m.index + m[0].length
    if (OPENING_NEAR.test(key.slice(end, end + 30))) add(m.index, end, meridiemHour(Number(m[1]), undefined))
  }
  for (const pattern of [HOUR_RANGE_SAATLERI, ENGLISH_HOUR]) {
    for (const m of key.matchAll(pattern)) {
      const end = m.index + m[0].length
      const evening = /^\s*(?:tonight|in the evening|this evening)/.test(key.slice(end)) ? 'pm' : undefined
      add(m.index, end, meridiemHour(Number(m[1]), m[2] ? undefined : evening))
      if (m[2]) add(m.index, end, meridiemHour(Number(m[2]), evening))
    }
  }
  return found
}

// Durations, topics, contact details ----------------------------------------------------

export type Duration = { text: string; numbers: number[] }

// Turkish units keep their endings ("günü", "günde", "aylık"); English ones are whole words.
const DURATION_UNIT = String.raw`(?:(?:is|business|working|calendar|takvim)\s+)?(?:gun[a-z]*|hafta[a-z]*|ay(?:lik|da|dan|a|i)?(?![a-z])|yil(?:lik|da|dan|a|i)?(?![a-z])|saat(?!ler)[a-z]*(?!\s*\d)|days?(?![a-z])|weeks?(?![a-z])|months?(?![a-z])|years?(?![a-z])|hours?(?![a-z])|hrs?(?![a-z]))`
const DURATION = new RegExp(
  String.raw`(?<![\d.,:])(\d+)(?:\s*(?:-|–|—|/|ila|ile|to|or|veya|ya da)\s*(\d+))?\s*-?\s*${DURATION_UNIT}`,
  'g',
)

/** The spans of time a text states with digits: "2-4 iş günü", "14 gün içinde", "within 14 days", "a 30-day return". */
export function durations(text: string): Duration[] {
  const key = asciiKey(text.normalize('NFC'))
  return [...key.matchAll(DURATION)].map((m) => ({ text: m[0], numbers: [m[1], m[2]].filter((n) => n !== undefined).map(Number) }))
}

export const CLAIM_TOPICS = ['hours', 'shipping', 'returns', 'payment'] as const
export type ClaimTopic = (typeof CLAIM_TOPICS)[number]

// On the ASCII key. Words that are also product words ("açık mavi", "açılır masa") are left out: clock times catch those replies.
const TOPIC_WORDS: Record<ClaimTopic, RegExp> = {
  hours:
    /(?<![a-z])(?:acigiz|aciyoruz|aciktir|acikiz|acilis|acilacag|kapanis|kapaniyor|kapaniyoruz|kapanir(?:iz)?\b|kapaliyiz|kapalidir|calisma saat|mesai|open now|we(?:'re| are) (?:open|closed)|opening (?:hours|times)|business hours|opens at|closes at|open (?:today|tomorrow|until|from|on|at|daily|every)|closed (?:today|tomorrow|on|until|now))/,
  shipping: /(?<![a-z])(?:kargo|gonderim|gonderil|sevkiyat|sevk\b|teslimat|teslim|kurye|ship(?:s|ped|ping|ment)?\b|deliver|courier|postage|dispatch)/,
  returns: /(?<![a-z])(?:iade|degisim|degistir|cayma|geri gonder|return(?:s|ed|ing)?\b|refund|exchange)/,
  payment:
    /(?<![a-z])(?:odeme|odey|odenir|taksit|kredi kart|banka kart|havale|eft\b|kapida|nakit|payment|pay (?:by|with|in|at|on|online|via)|installment|instalment|credit card|debit card|cash\b|bank transfer|paypal|iban\b)/,
}

/** The business topics a text speaks of. */
export function claimTopics(text: string): Set<ClaimTopic> {
  const key = asciiKey(text)
  return new Set(CLAIM_TOPICS.filter((topic) => TOPIC_WORDS[topic].test(key)))
}

/** Which business topics an answer of get_business_info reads. */
const INFO_TOPICS: Record<BusinessTopic, ClaimTopic[]> = {
  hours: ['hours'],
  location: [],
  contact: [],
  shipping: ['shipping'],
  returns: ['returns'],
  payment: ['payment'],
  ordering: [],
  all: [...CLAIM_TOPICS],
}

const EMAIL = /[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}/g
// Written as numbers to call are: from +, 0 or "(", ten digits or more; no price is that long.
const PHONE = /(?<![\d\p{L}])(?:\+|0|\(0?)[\d\s().-]{8,}\d/gu
const DATE = /\d{4}-\d{2}-\d{2}|\d{1,2}[./]\d{1,2}[./]\d{4}/

function phoneDigits(text: string): string[] {
  return [...text.matchAll(PHONE)]
    .filter((m) => !DATE.test(m[0]))
    .map((m) => m[0].replace(/\D/g, ''))
    .filter((digits) => digits.length >= 10)
}

/** The same number written with or without the trunk 0 or country code: the last ten digits agree. */
const samePhone = (a: string, b: string) => a.slice(-10) === b.slice(-10)

/**
 * How a returned text may be quoted: the owner's policies (profile texts, FAQ,
 * prompt) for amounts and durations, a product's record for durations (a
 * warranty), contact details only as themselves: a street or phone number
 * is neither a fee nor a number of days.
 */
export type TextKind = 'policy' | 'product' | 'contact'

/**
 * What the tools returned in one exchange, as the claim check needs it. The
 * owner's own prompt counts as read: what the owner wrote there is theirs to
 * say.
 */
export class Evidence {
  /** Business topics read: through get_business_info, the FAQ (any topic), or the owner's prompt. */
  readonly topics = new Set<ClaimTopic>()
  /** Clock times returned, minutes after midnight (24:00 is 0). */
  readonly times = new Set<number>()
  /** Every number of the returned policy and product texts (each reading of it), for durations. */
  readonly numbers = new Set<number>()
  /** Numbers of the owner's own texts (profile, FAQ, prompt), which may be amounts: a shipping fee, a free-shipping threshold. */
  readonly amounts = new Set<number>()
  readonly emails = new Set<string>()
  readonly phones: string[] = []

  constructor(ownerPrompt = '') {
    if (ownerPrompt.trim() === '') return
    this.addText(ownerPrompt, 'policy')
    for (const topic of claimTopics(ownerPrompt)) this.topics.add(topic)
  }

  addText(text: string, kind: TextKind): void {
    const nfc = text.normalize('NFC')
    for (const clock of clockTimes(nfc)) for (const minutes of clock.minutes) this.times.add(minutes)
    if (kind !== 'contact') {
      for (const match of nfc.matchAll(NUMBER)) {
        for (const value of numberReadings(match[0])) {
          this.numbers.add(value)
          if (kind === 'policy') this.amounts.add(value)
        }
      }
    }
    for (const email of asciiKey(nfc).match(EMAIL) ?? []) this.emails.add(email)
    this.phones.push(...phoneDigits(nfc))
  }

  addTime(time: string): void {
    const minutes = timeToMinutes(time)
    if (minutes !== null) this.times.add(minutes % 1440)
  }

  addProducts(products: readonly CatalogueProduct[]): void {
    for (const p of products) this.addText(`${p.name}\n${p.description ?? ''}`, 'product')
  }

  addBusinessInfo(info: BusinessInfo): void {
    for (const topic of INFO_TOPICS[info.topic]) this.topics.add(topic)
    for (const field of ['address', 'maps_url', 'phone', 'email'] as const) {
      const value = info[field]
      if (value !== undefined) this.addText(value, 'contact')
    }
    for (const field of ['shipping', 'returns', 'payment', 'ordering'] as const) {
      const value = info[field]
      if (value !== undefined) this.addText(value, 'policy')
    }
    const hours = info.hours
    if (!hours) return
    // The time now is not an opening time: a reply may not claim it as one.
    for (const day of [...Object.values(hours.weekly), hours.today.hours, hours.tomorrow.hours]) {
      if (day === 'closed') continue
      for (const range of day) for (const time of range.split('-')) this.addTime(time)
    }
    if (hours.closes_at) this.addTime(hours.closes_at)
    if (hours.opens_at) this.addTime(hours.opens_at.time)
  }

  /** Called with no hits too: the FAQ was searched, and the model was told what it holds on the matter. */
  addFaq(hits: readonly FaqHit[]): void {
    for (const topic of CLAIM_TOPICS) this.topics.add(topic)
    for (const hit of hits) this.addText(`${hit.question}\n${hit.answer}`, 'policy')
  }
}

/**
 * Whether a reply states only business facts the tools returned: its clock
 * times, the business topics it speaks of, its durations and its contact
 * details (see the top of the file).
 */
export function checkClaims(reply: string, evidence: Evidence): { ok: true } | { ok: false; reason: string } {
  for (const topic of claimTopics(reply)) {
    if (!evidence.topics.has(topic)) return { ok: false, reason: `reply speaks of ${topic} the tools did not return` }
  }
  for (const clock of clockTimes(reply)) {
    if (!clock.minutes.some((minutes) => evidence.times.has(minutes))) {
      return { ok: false, reason: `time "${clock.text}" is not one the tools returned` }
    }
  }
  for (const span of durations(reply)) {
    if (!span.numbers.every((n) => evidence.numbers.has(n))) return { ok: false, reason: `"${span.text}" is not in what the tools returned` }
  }
  for (const email of asciiKey(reply).match(EMAIL) ?? []) {
    if (!evidence.emails.has(email)) return { ok: false, reason: `e-mail ${email} is not one the tools returned` }
  }
  for (const phone of phoneDigits(reply.normalize('NFC'))) {
    if (!evidence.phones.some((known) => samePhone(known, phone))) return { ok: false, reason: `number ${phone} is not one the tools returned` }
  }
  return { ok: true }
}
