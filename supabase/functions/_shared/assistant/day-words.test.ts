// The day an hours question names (day-words.ts): today, tomorrow, a weekday,
// the weekend, a holiday; whether it asks the opening, the closing, whether
// the shop is open now or all its hours; and whether a message names a day
// and nothing else, as a follow-up to the hours does.
import { describe, expect, it } from 'vitest'
import { DAY_WORD, dayOf, HOLIDAY, hoursAsks, namesOnlyADay, type DayRef } from './day-words.ts'
import { keyLine, words } from './text.ts'

/** As the reader tests its phrases: ASCII keys, spaced at both ends. */
const line = (message: string) => keyLine(words(message))

describe('dayOf', () => {
  it.each<[string, DayRef]>([
    ['bugün açık mısınız', { offset: 0 }], ['today open?', { offset: 0 }], ['are you open tonight', { offset: 0 }],
    ['bu akşam kaça kadar açıksınız', { offset: 0 }], ['yarin acikmisiniz', { offset: 1 }], ['open tomorrow?', { offset: 1 }],
    ['open tmrw?', { offset: 1 }], ['tommorow hours', { offset: 1 }],
    ['hafta sonu açık mı', { weekend: true }], ['haftasonu açık mısınız', { weekend: true }], ['hafta sonları açık mısınız', { weekend: true }], ['haftasonlari kaça kadar', { weekend: true }], ['open on weekends?', { weekend: true }],
    ['hafta içi kaçta açılıyor', { weekdays: true }], ['weekdays hours', { weekdays: true }],
    ['pazartesi açık mısınız', { weekday: 'mon' }], ['salı günü', { weekday: 'tue' }], ['çarşamba', { weekday: 'wed' }], ['perşembe', { weekday: 'thu' }],
    ['cuma günü açık mı', { weekday: 'fri' }], ['cumaya yetişir mi', { weekday: 'fri' }], ['pazarları', { weekday: 'sun' }], ['on sunday', { weekday: 'sun' }],
    ['fri?', { weekday: 'fri' }],
    // "Cumartesi" starts with "cuma", and is Saturday.
    ['cumartesi açık mı', { weekday: 'sat' }], ['cumartesileri', { weekday: 'sat' }], ['open saturdays?', { weekday: 'sat' }],
    // A holiday comes before today: its hours are not the weekly ones.
    ['bayramda açık mısınız', { holiday: true }], ['bugün bayram, açık mısınız', { holiday: true }], ['open on Christmas?', { holiday: true }],
    ['yılbaşında açık mı', { holiday: true }],
    // Words that start like a day name none.
    ['kaçta açılıyorsunuz', null], ['saatleriniz', null], ['salata', null], ['pazarlık', null], ['cumhuriyet', null],
  ])('%s: %j', (message, expected) => {
    expect(dayOf(words(message))).toEqual(expected)
  })
})

describe('hoursAsks', () => {
  it.each([
    ['kaçta kapanıyorsunuz', 'close'], ['kaça kadar açıksınız', 'close'], ['ne zamana kadar açıksınız', 'close'], ['when do you close', 'close'],
    ['closing time?', 'close'], ['how late are you open', 'close'], ['open until when', 'close'],
    ['kaçta açılıyor', 'open'], ['kacta aciliyorsunuz', 'open'], ['saat kaçta açıyorsunuz', 'open'], ['ne zaman açılıyorsunuz', 'open'],
    ['when do you open', 'open'], ['opening time', 'open'],
    ['çalışma saatleriniz', 'both'], ['what are your hours', 'both'], ['opening times', 'both'],
    ['açık mısınız', 'now'], ['acikmisiniz', 'now'], ['are you open', 'now'], ['şu an açık mı', 'now'], ['kapalı mısınız', 'now'],
    ['closed today?', 'now'], ['çalışıyor musunuz', 'now'], ['open now?', 'now'],
    // A day alone asks its hours, opening and closing.
    ['cumartesi?', 'both'], ['and sunday?', 'both'],
  ])('%s: %s', (message, expected) => {
    expect(hoursAsks(line(message))).toBe(expected)
  })
})

describe('namesOnlyADay', () => {
  it.each([
    ['cumartesi de aynı mı?', true], ['and Sunday?', true], ['peki pazar?', true], ['ya cuma?', true], ['yarın?', true], ['tomorrow?', true],
    ['hafta sonu', true], ['what about weekends', true], ['pazar günü', true], ['bugün', true],
    // A product or an errand besides the day asks something else.
    ['cumartesi kulaklık gelir mi', false], ['yarın kargoya verir misiniz', false], ['cuma teslim', false], ['sunday roast', false],
    // No day at all; a holiday is no day of the week.
    ['kulaklık', false], ['merhaba', false], ['bayramda?', false],
  ])('%s: %s', (message, expected) => {
    expect(namesOnlyADay(message)).toBe(expected)
  })
})

describe('DAY_WORD', () => {
  it.each([
    ['gün', true], ['günü', true], ['day', true], ['bugün', true], ['bugünkü', true], ['tonight', true], ['yarından', true], ['tmrw', true],
    ['hafta', true], ['sonu', true], ['içi', true], ['weekends', true], ['weekday', true], ['pazartesi', true], ['salı', true], ['cumartesi', true],
    ['sundays', true], ['sat', true],
    // Words built on a day's name name none, nor do other times.
    ['days', false], ['günlük', false], ['haftalık', false], ['pazarlık', false], ['salata', false], ['dün', false], ['yesterday', false], ['sabah', false],
  ])('%s: %s', (word, expected) => {
    expect(DAY_WORD.test(words(word)[0]!.key)).toBe(expected)
  })
})

describe('HOLIDAY', () => {
  it.each([
    ['bayramda açık mısınız', true], ['kurban bayramı', true], ['arife günü', true], ['yılbaşında', true], ['resmi tatilde', true],
    ['tatil günü', true], ['noelde', true], ['open on holidays?', true], ['bank holiday monday', true], ['christmas eve', true],
    ['xmas', true], ['new years eve', true], ['easter', true], ['eid', true], ['thanksgiving', true],
    // A holiday is the shop's day off for all; a customer's own time off, or a word that starts like one, is none.
    ['yaz tatili', false], ['tatil', false], ['bayrak', false], ['new york', false], ['pazar', false],
  ])('%s: %s', (message, expected) => {
    expect(HOLIDAY.test(line(message))).toBe(expected)
  })
})
