// The day an hours question names: today, tomorrow, a weekday, the
// weekend, a holiday; and whether it asks the opening or the closing.
import { keyLine, words, type Word } from './text.ts'
import { productTerm } from './question-words.ts'

/** Which day an hours question means; null: the week, or now. */
export type DayRef = { offset: number } | { weekday: Weekday } | { weekend: true } | { weekdays: true } | { holiday: true } | { date: string } | null
type Weekday = 'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun'

const WEEKDAY_WORDS: readonly [RegExp, Weekday][] = [
  [/^(pazartesi\w*|monday|mondays|mon)$/, 'mon'],
  [/^(sali|salilari|saliya|salidan|tuesday|tuesdays|tue)$/, 'tue'],
  [/^(carsamba\w*|wednesday|wednesdays|wed)$/, 'wed'],
  [/^(persembe\w*|thursday|thursdays|thu)$/, 'thu'],
  [/^(cumartesi\w*|saturday|saturdays|sat)$/, 'sat'],
  [/^(cuma|cumalari|cumaya|cumadan|cumaleri|friday|fridays|fri)$/, 'fri'],
  [/^(pazar|pazarlari|pazara|pazari|sunday|sundays|sun)$/, 'sun'],
]

/** "Tomorrow" as customers write it. */
const TOMORROW = String.raw`yarin\w*|tomorrow|tomorow|tommorow|tmrw|tmr|2moro`
const SAYS_TOMORROW = new RegExp(` (${TOMORROW}) `)

/** A word that names a day. */
export const DAY_WORD = new RegExp(`^(gun|gunu|gunleri|day|bugun\\w*|today|tonight|${TOMORROW}|hafta|sonu\\w*|sonlari\\w*|weekends?|ici|weekdays?|${WEEKDAY_WORDS.map(([pattern]) => pattern.source.slice(2, -2)).join('|')})$`)

/**
 * A holiday, whose hours the weekly ones do not tell ("bayramda açık mısınız", "open on Christmas?"). Before today
 * and the weekdays: "bugün bayram, açık mısınız" asks about the holiday.
 */
export const HOLIDAY = / (bayram\w*|arife\w*|yilbasi\w*|resmi tatil\w*|tatil gun\w*|noel\w*|holidays?|bank holiday\w*|christmas\w*|xmas|new years?|easter|eid|thanksgiving) /

/** Whether the message names a day and nothing else a question is about ("cumartesi de aynı mı?", "and Sunday?"). */
export function namesOnlyADay(message: string): boolean {
  const list = words(message)
  return dayOf(list) !== null && productTerm(list.filter((word) => !DAY_WORD.test(word.key))) === ''
}

/** The day an hours question names. */
export function dayOf(list: readonly Word[]): DayRef {
  const line = keyLine(list)
  if (HOLIDAY.test(line)) return { holiday: true }
  if (/ (bugun\w*|today|tonight|bu aksam) /.test(line)) return { offset: 0 }
  if (SAYS_TOMORROW.test(line)) return { offset: 1 }
  if (/ (hafta ?sonu\w*|hafta ?sonlari\w*|weekends?) /.test(line)) return { weekend: true }
  if (/ (hafta ?ici\w*|weekdays?) /.test(line)) return { weekdays: true }
  // "cumartesi" before "cuma", which it starts with.
  for (const word of list) for (const [pattern, day] of WEEKDAY_WORDS) if (pattern.test(word.key)) return { weekday: day }
  return null
}

export function hoursAsks(line: string): 'open' | 'close' | 'now' | 'both' {
  if (/ (kapan\w*|kapat\w*|kaca kadar|ne zamana kadar|close|closes|closing|until|how late) /.test(line)) return 'close'
  if (/ (acil\w*|aciyor\w*|acar misiniz|open at|opens|opening time|when do you open) /.test(line)) return 'open'
  if (/ (saat\w*|hours|times) /.test(line)) return 'both'
  if (/ (acik|acikmi\w*|open|kapali|closed|calisiyor\w*|simdi|su an|now) /.test(line)) return 'now'
  return 'both'
}
