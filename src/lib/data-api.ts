// The features' reads and writes through the data API (PostgREST) have this
// in common: a failure is one error saying what failed ("reading the
// services failed"), with supabase-js's error as its cause, whose code
// decides whether a read is tried again (query-client.ts) and which refusal
// it was (a feature's messages); and a single row is read by one column,
// null when there is none. Macro-free, so unit tests may import it.
import type { SupabaseClient } from '@supabase/supabase-js'

export class RequestFailed extends Error {
  /** `what`: the request as the logs name it, "reading the services". */
  constructor(what: string, cause: unknown) {
    super(`${what} failed`, { cause })
    this.name = 'RequestFailed'
  }
}

export type RowQuery = {
  table: string
  /** The columns read, nothing else. */
  columns: string
  /** The column that finds the row (a unique one) and its value. */
  where: readonly [column: string, value: string]
  /** Names the row in a failure: "reading <what> failed". */
  what: string
}

/** The row of `table` whose `where` column holds the value, or null when there is none (or row-level security hides it). */
export async function readRow<Row>(client: Pick<SupabaseClient, 'from'>, query: RowQuery): Promise<Row | null> {
  const [column, value] = query.where
  const { data, error } = await client.from(query.table).select(query.columns).eq(column, value).maybeSingle()
  if (error) throw new RequestFailed(`reading ${query.what}`, error)
  return (data as Row | null) ?? null
}
