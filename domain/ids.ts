// Ids as Postgres's uuid type reads them: 32 hex digits in 8-4-4-4-12 groups,
// any version. Every id a caller presents is checked against this before it
// reaches a query, so a malformed one is a clear refusal, never a database error.

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_PATTERN.test(value)
}
