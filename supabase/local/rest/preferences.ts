// The `Prefer` header (RFC 7240) as PostgREST reads it: comma-separated
// tokens across any number of headers, the first occurrence of each kind wins,
// and `Preference-Applied` echoes the ones that were honoured.
import { invalidPreferences } from './errors.ts'

/** Each preference PostgREST honours, with the values it takes. */
const VALUES = {
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  return: ['representation', 'minimal', 'headers-only'],
  count: ['exact', 'planned', 'estimated'],
  missing: ['default', 'null'],
  handling: ['strict', 'lenient'],
} as const

export type Preferences = { -readonly [K in keyof typeof VALUES]?: (typeof VALUES)[K][number] }

/** `key=value` tokens to what they set. */
const KNOWN = new Map<string, [keyof Preferences, string]>(
  Object.entries(VALUES).flatMap(([key, values]) => values.map((value) => [`${key}=${value}`, [key as keyof Preferences, value]] as const)),
)

// Accepted but without effect here (transactions always commit, as on hosted Supabase).
const TOLERATED = /^(tx=(commit|rollback)|params=single-object|timezone=.+|max-affected=\d+)$/

export function parsePreferences(header: string | null): Preferences {
  const prefs: Preferences = {}
  if (!header) return prefs
  const invalid: string[] = []
  for (const raw of header.split(',')) {
    const token = raw.trim()
    if (!token) continue
    const known = KNOWN.get(token)
    if (known) {
      const [key, value] = known
      if (prefs[key] === undefined) (prefs as Record<string, string>)[key] = value
    } else if (!TOLERATED.test(token)) invalid.push(token)
  }
  if (prefs.handling === 'strict' && invalid.length) throw invalidPreferences(invalid)
  return prefs
}

/** The `Preference-Applied` value for the given subset, in PostgREST's order. */
export function preferenceApplied(p: Preferences, keys: (keyof Preferences)[]): string | undefined {
  const order: (keyof Preferences)[] = ['resolution', 'missing', 'return', 'count', 'handling']
  const parts = order.filter((k) => keys.includes(k) && p[k] !== undefined).map((k) => `${k}=${p[k]}`)
  return parts.length ? parts.join(', ') : undefined
}

/** Whether a count is computed; planned and estimated are answered exactly. */
export const wantsCount = (p: Preferences) => p.count !== undefined
