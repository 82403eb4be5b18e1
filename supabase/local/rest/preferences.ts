// The `Prefer` header (RFC 7240) as PostgREST reads it: comma-separated
// tokens across any number of headers, the first occurrence of each kind wins,
// and `Preference-Applied` echoes the ones that were honoured.
import { invalidPreferences } from './errors.ts'

export type Preferences = {
  resolution?: 'merge-duplicates' | 'ignore-duplicates'
  return?: 'representation' | 'minimal' | 'headers-only'
  count?: 'exact' | 'planned' | 'estimated'
  missing?: 'default' | 'null'
  handling?: 'strict' | 'lenient'
}

const KNOWN: Record<string, [keyof Preferences, string]> = {
  'resolution=merge-duplicates': ['resolution', 'merge-duplicates'],
  'resolution=ignore-duplicates': ['resolution', 'ignore-duplicates'],
  'return=representation': ['return', 'representation'],
  'return=minimal': ['return', 'minimal'],
  'return=headers-only': ['return', 'headers-only'],
  'count=exact': ['count', 'exact'],
  'count=planned': ['count', 'planned'],
  'count=estimated': ['count', 'estimated'],
  'missing=default': ['missing', 'default'],
  'missing=null': ['missing', 'null'],
  'handling=strict': ['handling', 'strict'],
  'handling=lenient': ['handling', 'lenient'],
}

// Accepted but without effect here (transactions always commit, as on hosted Supabase).
const TOLERATED = /^(tx=(commit|rollback)|params=single-object|timezone=.+|max-affected=\d+)$/

export function parsePreferences(header: string | null): Preferences {
  const prefs: Preferences = {}
  if (!header) return prefs
  const invalid: string[] = []
  for (const raw of header.split(',')) {
    const token = raw.trim()
    if (!token) continue
    const known = KNOWN[token]
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
