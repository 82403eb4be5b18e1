// The time zones the owner chooses from: the browser's IANA list
// (Intl.supportedValuesOf), the chosen zone's clock and offset now, and a
// search that folds Turkish letters and accents, so "istanbul", "İstanbul"
// and "ISTANBUL" all find Europe/Istanbul. Macro-free.
import type { ComboboxItem, ComboboxParsedItem, OptionsFilter } from '@mantine/core'
import { DEFAULT_TIME_ZONE } from '../../../domain/business.ts'

export type TimeZoneOption = { value: string; label: string }

function zoneNames(): string[] {
  const list = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []
  // Some engines leave UTC out of the list; it is a zone owners pick.
  return [...new Set([...list, 'UTC', DEFAULT_TIME_ZONE])]
}

const label = (zone: string) => zone.replaceAll('_', ' ')

let cached: TimeZoneOption[] | undefined

/**
 * Every zone as a Select option, `current` among them even when the browser
 * does not list it (an alias stored earlier, such as Asia/Calcutta), so the
 * field never shows empty for a saved value. No offsets in the options:
 * working out 400 of them takes a long task on a phone.
 */
export function timeZoneOptions(current: string): TimeZoneOption[] {
  cached ??= zoneNames()
    .sort((a, b) => a.localeCompare(b, 'en'))
    .map((zone) => ({ value: zone, label: label(zone) }))
  if (current === '' || cached.some((o) => o.value === current)) return cached
  return [{ value: current, label: label(current) }, ...cached]
}

/** The wall clock of `zone` at `now` in `locale` ("Tue 02:30") and its offset ("GMT+3"); null for a zone the browser does not know. */
export function zoneClock(zone: string, locale: string, now: Date): { time: string; offset: string } | null {
  try {
    const time = new Intl.DateTimeFormat(locale, { timeZone: zone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(now)
    const offset =
      new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'shortOffset' }).formatToParts(now).find((p) => p.type === 'timeZoneName')?.value ?? ''
    // "GMT" alone is UTC itself.
    return { time, offset: offset === 'GMT' ? 'GMT+0' : offset }
  } catch {
    return null
  }
}

/** Lower case in the Turkish way and without accents or dotless i, for matching what people type against zone names. */
export function foldForSearch(text: string): string {
  return text
    .toLocaleLowerCase('tr')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replaceAll('ı', 'i')
    .replace(/[_/]+/g, ' ')
}

/** Mantine Select's filter: every word typed must appear in the zone's name. */
export const filterTimeZones: OptionsFilter = ({ options, search }) => {
  const words = foldForSearch(search).split(/\s+/).filter(Boolean)
  if (words.length === 0) return options
  return options.filter((option: ComboboxParsedItem) => {
    if ('group' in option) return false
    const haystack = foldForSearch((option as ComboboxItem).value)
    return words.every((word) => haystack.includes(word))
  })
}
