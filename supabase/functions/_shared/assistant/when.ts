// When a customer wants an appointment, read from what they wrote, in
// Turkish or English: "yarın", "cuma", "haftaya salı", "3 Aralık",
// "ayın 10'u", "hafta sonu", "öğleden sonra", "saat 3", "14.30",
// "tomorrow at 10", "next Tuesday", "the 10th", "after 3", "2:30 pm". Days
// are resolved against the owner's today (the caller reads it on the
// owner's clock), never the server's.
//
// No date library reads Turkish (chrono-node, the best-kept one, covers
// English and a dozen other languages, not Turkish), and one reader for both
// languages keeps a customer who mixes them ("yarın 2 pm") understood, so
// this is a small grammar of its own. The booking evaluation
// (tests/eval/booking-dialogues.ts) measures it.
import { addDays, isDayKey, parseDayKey } from '../../../../domain/calendar.ts'
import { asciiKey } from './text.ts'

export type DayPart = 'morning' | 'noon' | 'afternoon' | 'evening'

export type When = {
  /** A day named outright (YYYY-MM-DD). */
  date?: string
  /** No day, but not before this one ("next week", "haftaya"). */
  from?: string
  /**
   * The time, HH:MM: one entry when the words settle it ("14.30", "2 pm",
   * "öğleden sonra 3"), two when an hour could be either half of the day
   * ("saat 3": 03:00 and 15:00), the likelier first.
   */
  times?: string[]
  part?: DayPart
  /** No time before this one, HH:MM ("anything after 4?", "saat 5'ten sonra"): in place of `times`. */
  after?: string
  /** The day's latest times are wanted ("en geç kaça kadar var?", "what's your latest?"). */
  latest?: true
  /** The earliest free time is wanted ("en erken kaç?", "what's the earliest?"). */
  earliest?: true
}

const MONTHS: ReadonlyArray<readonly string[]> = [
  ['ocak', 'january', 'jan'], ['subat', 'february', 'feb'], ['mart', 'march', 'mar'], ['nisan', 'april', 'apr'],
  ['mayis', 'may'], ['haziran', 'june', 'jun'], ['temmuz', 'july', 'jul'], ['agustos', 'august', 'aug'],
  ['eylul', 'september', 'sept', 'sep'], ['ekim', 'october', 'oct'], ['kasim', 'november', 'nov'], ['aralik', 'december', 'dec'],
]
const MONTH_WORD = MONTHS.flat().sort((a, b) => b.length - a.length).join('|')

/** Sunday first, as Date#getUTCDay counts; each with the words that name it. */
const WEEKDAY_WORDS: ReadonlyArray<RegExp> = [
  /\b(pazar(?!tesi|l)\w*|sunday|sun)\b/,
  /\b(pazartesi\w*|monday|mon)\b/,
  /\b(sali|saliya|salidan|saliyi|tuesday|tues|tue)\b/,
  /\b(carsamba\w*|wednesday|wed)\b/,
  /\b(persembe\w*|thursday|thurs|thur|thu)\b/,
  /\b(cuma(?!rtesi)\w*|friday|fri)\b/,
  /\b(cumartesi\w*|saturday|sat)\b/,
]

const pad = (n: number) => String(n).padStart(2, '0')
const clock = (hour: number, minute: number) => `${pad(hour)}:${pad(minute)}`

function weekdayOf(day: string): number {
  return parseDayKey(day)!.getDay()
}

/** A greeting of the time of day ("iyi akşamlar", "good morning"), which says nothing of when to come. */
const GREETING = /\b(?:(?:iyi|hayirli) (?:aksamlar|sabahlar|geceler)|good (?:morning|afternoon|evening|night))\b/g

/** The text as the rules read it: ASCII-folded lower case, greetings of the time of day left out, a Turkish suffix after an apostrophe kept apart ("15'te" → "15 'te"). */
function normalise(text: string): string {
  return ` ${asciiKey(text).replace(GREETING, ' ').replace(/['’‘`´]/g, ' \'').replace(/\s+/g, ' ')} `
}

/** The first date in the text from a month name: "3 Aralık", "aralık 3", "December 3rd", "3rd of December", with a year or the next such day. */
function monthDate(line: string, today: string): string | undefined {
  const dayFirst = new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?\\s*(?:of\\s+)?(${MONTH_WORD})\\w*(?:\\s+(\\d{4}))?`).exec(line)
  const monthFirst = new RegExp(`\\b(${MONTH_WORD})\\w*\\s+(\\d{1,2})(?:st|nd|rd|th)?\\b(?:,?\\s+(\\d{4}))?`).exec(line)
  const found = dayFirst
    ? { day: Number(dayFirst[1]), month: dayFirst[2]!, year: dayFirst[3] }
    : monthFirst
      ? { day: Number(monthFirst[2]), month: monthFirst[1]!, year: monthFirst[3] }
      : null
  if (!found) return undefined
  const month = MONTHS.findIndex((names) => names.includes(found.month)) + 1
  return dayOf(found.day, month, found.year ? Number(found.year) : undefined, today)
}

/** d/m with an optional year: the next such day from today when the year is not given; undefined for no real day. */
function dayOf(day: number, month: number, year: number | undefined, today: string): string | undefined {
  if (month < 1 || month > 12 || day < 1 || day > 31) return undefined
  const thisYear = Number(today.slice(0, 4))
  const build = (y: number) => {
    const key = `${y}-${pad(month)}-${pad(day)}`
    return parseDayKey(key) ? key : undefined
  }
  if (year !== undefined) return build(year < 100 ? 2000 + year : year)
  const candidate = build(thisYear)
  if (candidate && candidate >= today) return candidate
  return build(thisYear + 1)
}

/** A day named by its weekday: the next one from today (today itself included), or in the week after this one ("haftaya", "next"). */
function weekdayDate(line: string, today: string): string | undefined {
  const index = WEEKDAY_WORDS.findIndex((pattern) => pattern.test(line))
  if (index < 0) return undefined
  const todayIndex = weekdayOf(today)
  const nextWeek = /\b(haftaya|gelecek hafta|onumuzdeki|next|following)\b/.test(line)
  if (nextWeek) {
    // Monday-first weeks, as Turkey and most of Europe count them.
    const mondayThisWeek = addDays(today, -((todayIndex + 6) % 7))
    return addDays(mondayThisWeek, 7 + ((index + 6) % 7))
  }
  return addDays(today, (index - todayIndex + 7) % 7)
}

function relativeDate(line: string, today: string): string | undefined {
  if (/\b(obur gun|ertesi gun|yarindan sonra|day after tomorrow)\b/.test(line)) return addDays(today, 2)
  if (/\b(yarin\w*|yrn|tomorrow|tmrw|tmr)\b/.test(line)) return addDays(today, 1)
  if (/\b(bugun\w*|today|tonight|bu aksam|bu sabah|bu ogleden sonra|this (morning|afternoon|evening))\b/.test(line)) return today
  // The weekend: its Saturday, or today when it is the weekend already.
  if (/\b(hafta ?sonu\w*|weekends?)\b/.test(line)) {
    const weekday = weekdayOf(today)
    return weekday === 0 || weekday === 6 ? today : addDays(today, 6 - weekday)
  }
  return undefined
}

/** "The 10th", "ayın 10'u": that day of this month, or of the next once it has passed. */
function dayOfMonth(line: string, today: string): string | undefined {
  const found = /\bthe (\d{1,2})(?:st|nd|rd|th)\b/.exec(line) ?? /\bayin (\d{1,2})(?!\d)/.exec(line)
  if (!found) return undefined
  const day = Number(found[1])
  const [year, month] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))]
  const inMonth = (y: number, m: number) => dayOf(day, m, y, today)
  const thisMonth = inMonth(year, month)
  if (thisMonth && thisMonth >= today) return thisMonth
  return month === 12 ? inMonth(year + 1, 1) : inMonth(year, month + 1)
}

/** 3/12, 3/12/2026, 3.12.2026, or "3.12" where a time is not plainly meant ("saat 3.12", "14.30", "10.00"); with the words it took. */
function numericDate(line: string, today: string): { date: string; text: string } | undefined {
  const slash = /\b(\d{1,2})\/(\d{1,2})(?:\/(\d{2,4}))?\b/.exec(line)
  const full = /\b(\d{1,2})\.(\d{1,2})\.(\d{2,4})\b/.exec(line)
  const short = /(?<!saat |at )\b(\d{1,2})\.(\d{1,2})\b(?![.:\d])/.exec(line)
  const found = slash ?? full ?? (short && isDateLike(short) ? short : null)
  if (!found) return undefined
  const date = dayOf(Number(found[1]), Number(found[2]), found[3] ? Number(found[3]) : undefined, today)
  return date ? { date, text: found[0] } : undefined
}

/** "Sabah olmaz", "not in the morning", "öğleden sonra müsait değilim": the other half of the day is wanted. */
const NOT_PART = /\b(?:(sabah\w*|mornings?|ogleden sonra|afternoons?)\s+(?:olmaz|olmuyor|olamaz|uymaz|uymuyor|degil\w*|musait degil\w*|zor|no good|doesnt work|dont work|is out|are out)|(?:not|no|cant do|cannot do|cant make)\s+(?:in the\s+)?(mornings?|afternoons?))\b/

function partOf(line: string): DayPart | undefined {
  const refused = NOT_PART.exec(line)
  if (refused) return /^(sabah|morning)/.test(refused[1] ?? refused[2]!) ? 'afternoon' : 'morning'
  // After work is the evening; after school, the afternoon ("cuma okuldan sonra").
  if (/\b(ogleden sonra|oglen sonra\w*|ogle sonrasi|afternoon|pm|okuldan sonra|okul cikisi|after school)\b/.test(line)) return 'afternoon'
  if (/\b(aksam\w*|evening|tonight|after work|is cikisi|isten (sonra|cikinca|cikista|ciktiktan sonra)|mesaiden sonra)\b/.test(line)) return 'evening'
  if (/\b(ogle|oglen|ogleyin|ogle arasi|noon|lunch\w*|midday)\b/.test(line)) return 'noon'
  // "En erken" is the earliest time, not the morning.
  if (/\b(sabah\w*|morning|(?<!\ben )erken(?! saat)|early)\b/.test(line)) return 'morning'
  return undefined
}

/** Times written out: 14:30, 14.30, 2:30 pm, 10am, saat 3, saat 3 buçuk, 15'te, 3 gibi, at 10, noon. */
function timesOf(line: string, part: DayPart | undefined): string[] | undefined {
  const meridiem = /\b(\d{1,2})(?:[:.](\d{2}))?\s*(am|pm|a\.m|p\.m)\b/.exec(line)
  if (meridiem) {
    const hour = Number(meridiem[1]) % 12 + (meridiem[3]!.startsWith('p') ? 12 : 0)
    const minute = Number(meridiem[2] ?? 0)
    return hour < 24 && minute < 60 ? [clock(hour, minute)] : undefined
  }
  const colon = /\b(\d{1,2})[:](\d{2})\b/.exec(line)
  const dotted = /\b(\d{1,2})\.(\d{2})\b(?!\.\d)/.exec(line)
  // "15 30", "saat 9 45": hour and minutes apart, as typed on a phone, when the message says nothing else.
  const spaced = /^\s*(?:saat\s+)?([01]?\d|2[0-3])\s+([0-5]\d)\s*(?:olsun|de|da|te|ta|please|pls)?\s*[.!?]*\s*$/.exec(line)
  const exact = colon ?? dotted ?? spaced
  let hour: number | undefined
  let minute = 0
  if (exact) {
    hour = Number(exact[1])
    minute = Number(exact[2])
  } else {
    // "Half 2", "quarter past 3", "quarter to 4", "3'ü çeyrek geçe", "4'e çeyrek var": an hour and a part of it.
    const half = /\bhalf (?:past )?(\d{1,2})\b/.exec(line)
    const quarterPast = /\bquarter (?:past|after) (\d{1,2})\b/.exec(line) ?? /\b(\d{1,2}) ?'?\w* ceyrek gece\b/.exec(line)
    const quarterTo = /\bquarter to (\d{1,2})\b/.exec(line) ?? /\b(\d{1,2}) ?'?\w* ceyrek var\b/.exec(line)
    if (half) [hour, minute] = [Number(half[1]), 30]
    else if (quarterPast) [hour, minute] = [Number(quarterPast[1]), 15]
    else if (quarterTo) [hour, minute] = [(Number(quarterTo[1]) + 23) % 24, 45]
  }
  if (!exact && hour === undefined) {
    const said =
      /\b(?:saat|saati|at|around|about|by|after|from)\s+(\d{1,2})\b(?!\s*(?:st|nd|rd|th)\b)/.exec(line) ??
      /\b(\d{1,2})\s+'(?:te|ta|de|da|e|a|ye|ya|den|dan|ten|tan)\b/.exec(line) ??
      // "3e", "6ya": the hour with "to" on it, as "perşembe 3e" asks for.
      /\b(\d{1,2})(?:te|ta|de|da|den|dan|ten|tan|e|ye|ya)\b/.exec(line) ??
      // "3 te", "4 de": the suffix written apart, as it is typed in a hurry.
      /\b(\d{1,2})\s+(?:te|ta|de|da|ten|tan|den|dan)\b/.exec(line) ??
      /\b(\d{1,2})\s+(?:gibi|civari\w*|sular\w*|bucuk\w*|o'?clock|oclock|ish|or later|onwards?)\b/.exec(line) ??
      /\b(?:sabah\w*|ogleden sonra|aksam\w*|ogle\w*|morning|afternoon|evening)\s+(\d{1,2})\b/.exec(line) ??
      // "yarın 16 olsun", "friday 4": an hour straight after the day.
      /\b(?:bugun|yarin|today|tomorrow|pazartesi|sali|carsamba|persembe|cuma|cumartesi|pazar|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\w*\s+(\d{1,2})\b(?![.:/]\d|\s*(?:st|nd|rd|th|kisi|people|persons?)\b)/.exec(line) ??
      // "sat 12", "tmrw 4": the day written short, as a whole word ("sunglasses 2" is no Sunday).
      /\b(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun|tmrw|tmr|yrn)\s+(\d{1,2})\b(?![.:/]\d|\s*(?:st|nd|rd|th|kisi|people|persons?)\b)/.exec(line) ??
      /\b(\d{1,2})(?:ish)\b/.exec(line) ??
      // "Make it 4", "can we do 4 instead", "4 olsun": an hour wanted instead of the one said.
      /\b(?:make it|do|change it to|move it to|i meant|meant)\s+(\d{1,2})\s*(?:instead|then|please|pls|o'?clock|oclock)?\s*[?.!]*\s*$/.exec(line) ??
      /\b(\d{1,2})\s+(?:olsun|olur|olabilir|uyar|yapalim|yapabilir\w*|instead|demek istedim|diyecektim)\b/.exec(line)
    if (said) hour = Number(said[1])
    else if (part === 'noon' && /\b(noon|ogle|oglen)\b/.test(line) && !/\b(ogleden|sonra)\b/.test(line)) return ['12:00']
  }
  if (hour === undefined || hour > 24 || minute > 59) return undefined
  if (/\b(bucuk\w*|half past)\b/.test(line) && !exact) minute = 30
  if (hour === 24) hour = 0
  if (hour >= 13 || hour === 0 || exact?.[1]?.startsWith('0')) return [clock(hour, minute)]
  // 1–12 without am/pm: the part of the day decides; otherwise both halves, the working-hours one first.
  if (part === 'afternoon' || part === 'evening') return [clock(hour === 12 ? 12 : hour + 12, minute)]
  if (part === 'morning') return [clock(hour === 12 ? 0 : hour, minute)]
  if (hour === 12) return [clock(12, minute)]
  return hour >= 8 ? [clock(hour, minute), clock(hour + 12, minute)] : [clock(hour + 12, minute), clock(hour, minute)]
}

function isDateLike(m: RegExpExecArray): boolean {
  const second = Number(m[2])
  return second >= 1 && second <= 12 && !m[2]!.startsWith('0')
}

const DAY_NAMES = ['bugun', 'yarin', 'yrn', 'today', 'tomorrow', ...WEEKDAY_WORDS.map((pattern) => pattern.source.slice(3, -3))].join('|')
/** A day said not to suit ("yarın değil perşembe", "not tomorrow, friday"), which is no day wanted; "cuma değil mi?" asks. */
const REFUSED_DAY = new RegExp(`\\b(?:(?:${DAY_NAMES})\\w*\\s+(?:degil(?!\\s+mi)\\w*|olmaz|olmuyor|olamaz)|not\\s+(?:on\\s+)?(?:${DAY_NAMES})\\w*)\\b`, 'g')

/** What the text says about when; an empty object when it names no day and no time. */
export function readWhen(text: string, today: string): When {
  const line = normalise(text)
  const numeric = numericDate(line, today)
  const days = line.replace(REFUSED_DAY, ' ')
  const date = monthDate(line, today) ?? numeric?.date ?? dayOfMonth(line, today) ?? relativeDate(days, today) ?? weekdayDate(days, today)
  const part = partOf(line)
  const when: When = {}
  if (date) when.date = date
  else if (/\b(haftaya|gelecek hafta|onumuzdeki hafta|next week)\b/.test(line)) {
    when.from = addDays(today, 7 - ((weekdayOf(today) + 6) % 7))
  }
  // A date's own numbers ("3 Aralık", "3/12") are no time.
  const withoutDate = (numeric ? line.replace(numeric.text, ' ') : line)
    .replace(new RegExp(`\\b\\d{1,2}(?:st|nd|rd|th)?\\s*(?:of\\s+)?(?:${MONTH_WORD})\\w*(?:\\s+\\d{4})?`), ' ')
    .replace(new RegExp(`\\b(?:${MONTH_WORD})\\w*\\s+\\d{1,2}(?:st|nd|rd|th)?\\b(?:,?\\s+\\d{4})?`), ' ')
  const times = timesOf(withoutDate, part)
  if (times && AFTER.test(withoutDate)) when.after = times[0]!
  else if (times) when.times = times
  if (part) when.part = part
  if (!times && LATEST.test(line)) when.latest = true
  if (!times && EARLIEST.test(line)) when.earliest = true
  // "Şimdi gelebilir miyim?", "can I come in now": the first free time today.
  if (!date && !times && !when.from && NOW.test(line)) Object.assign(when, { date: today, earliest: true })
  return when
}

/**
 * Now, or within the hour: "şimdi", "right now", "in the next hour". ("Hemen arkasına" is right after another service,
 * "1 saat sonraya" an appointment moved by an hour.)
 */
const NOW = /\b(simdi|su an|right now|now|right away|in (an|the next) hour|within (the|an) hour|(1|bir) saat icinde)\b/

/** A time as the earliest that suits: "after 4", "4 or later", "saat 4'ten sonra", "16.00'dan itibaren". */
const AFTER = /\bafter \d|\d\s*(or later|onwards?)\b|\d\s*'?\s*(ten|tan|den|dan)\s+(sonra\w*|itibaren)\b/

/** The latest of a day asked for: "en geç", "en son saat", "latest", "as late as possible". */
const LATEST = /\b(en gec\w*|en son (saat|randevu)\w*|latest|as late as (possible|you can))\b/
/** The earliest asked for: "en erken", "ilk boş saat", "en kısa zamanda", "earliest", "soonest", "asap". */
const EARLIEST = /\b(en erken\w*|ilk bos (saat|randevu|yer)\w*|earliest|soonest|as early as (possible|you can)|asap|as soon as possible|en kisa (zamanda|surede)|en yakin (zamanda|bos\w*))\b/

/**
 * What two messages ask for together: the later one's day where it names one,
 * else the earlier one's, and likewise the time. "Perşembe" then "saat 3 olur
 * mu" is Thursday at 3; "cuma olsun" after Thursday at 3 is Friday at 3.
 * `earlier` is as a draft kept it (the preview panel sends drafts back), so
 * only its well-formed parts count.
 */
export function mergeWhen(earlier: unknown, later: When): When {
  const kept = storedWhen(earlier)
  const day = later.date || later.from ? later : kept
  const time = later.times || later.part || later.after ? later : kept
  const when: When = {}
  if (day.date) when.date = day.date
  if (day.from) when.from = day.from
  if (time.times) when.times = time.times
  if (time.after) when.after = time.after
  if (time.part) when.part = time.part
  if (later.latest && !time.times) when.latest = true
  if (later.earliest && !time.times) when.earliest = true
  return when
}

const isDay = (value: unknown): value is string => typeof value === 'string' && isDayKey(value)
const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/

function storedWhen(value: unknown): When {
  if (typeof value !== 'object' || value === null) return {}
  const { date, from, times, part, after } = value as Record<string, unknown>
  const when: When = {}
  if (isDay(date)) when.date = date
  if (isDay(from)) when.from = from
  if (Array.isArray(times) && times.length > 0 && times.length <= 2 && times.every((t) => typeof t === 'string' && CLOCK.test(t))) when.times = times as string[]
  if (typeof part === 'string' && Object.hasOwn(PART_RANGES, part)) when.part = part as DayPart
  if (typeof after === 'string' && CLOCK.test(after)) when.after = after
  return when
}

/**
 * Whether the day the text names is a weekday alone ("çarşamba", "wednesday"), with nothing saying which week: the
 * next one by the calendar, though just after offers of a later week the customer means that week's.
 */
export function weekdayAlone(text: string, today: string): boolean {
  const line = normalise(text)
  const other = monthDate(line, today) ?? numericDate(line, today)?.date ?? dayOfMonth(line, today) ?? relativeDate(line, today)
  return !other && weekdayDate(line, today) !== undefined && !/\b(haftaya|gelecek|onumuzdeki|next|following|this|bu|bugun\w*)\b/.test(line)
}

/** Whether the text names a day or a time at all. */
export function saysWhen(when: When): boolean {
  return Boolean(when.date || when.from || when.times || when.part || when.after || when.latest || when.earliest)
}

/** The minutes of the day a part covers, for choosing offers within it. */
export const PART_RANGES: Readonly<Record<DayPart, readonly [number, number]>> = {
  morning: [0, 12 * 60],
  noon: [11 * 60 + 30, 14 * 60],
  afternoon: [12 * 60, 17 * 60 + 30],
  evening: [17 * 60, 24 * 60],
}
