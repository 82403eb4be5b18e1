// Kept apart from the data code: the route files import it, and they are in
// the first load.

/** The `session_id` of a search object: TanStack Router parses `?session_id=123` as a number. */
export function readSessionId(search: Record<string, unknown> | null | undefined): string | null {
  const value = search?.session_id
  if (typeof value === 'string' && value.trim()) return value.trim()
  if (typeof value === 'number' && Number.isFinite(value)) return String(value)
  return null
}
