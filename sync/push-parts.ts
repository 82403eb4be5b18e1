// One push batch cut into requests the data API accepts. Its body limit is
// 1 MiB (the local stack refuses more with 413, supabase/local/README.md),
// and the text columns have no length limit, so a batch of 100 documents
// with long descriptions or notes can be larger than that. The rows keep
// their order; each part is sent as one sync_push request.

/** The largest sync_push request body, in bytes: the data API's limit. */
export const PUSH_REQUEST_MAX_BYTES = 1024 * 1024

/**
 * The SQLSTATE a row too large for any request is refused with, as if the
 * server had refused a value it cannot take ("string data right
 * truncation"): it is set aside as `invalid`, and the owner can shorten it.
 */
export const ROW_TOO_LARGE = '22001'

export type PushParts<R> = {
  /** In order, each one request whose body stays within the limit. */
  parts: R[][]
  /** Rows that alone make a request over the limit: never sent. */
  tooLarge: R[]
}

const encoder = new TextEncoder()
const bytes = (value: unknown) => encoder.encode(JSON.stringify(value)).byteLength

/**
 * Cuts `rows` into the fewest consecutive parts whose request body
 * (`{"target": …, "rows": [...]}`, exactly as supabase-js encodes the
 * call's arguments) stays within `maxBytes`.
 */
export function pushParts<R>(target: string, rows: readonly R[], maxBytes = PUSH_REQUEST_MAX_BYTES): PushParts<R> {
  // The body with no rows, then each row and the comma before it.
  const empty = bytes({ target, rows: [] })
  const parts: R[][] = []
  const tooLarge: R[] = []
  let part: R[] = []
  let size = empty
  for (const row of rows) {
    const own = bytes(row)
    if (empty + own > maxBytes) {
      tooLarge.push(row)
      continue
    }
    const added = (part.length > 0 ? 1 : 0) + own
    if (size + added > maxBytes) {
      parts.push(part)
      part = []
      size = empty
    }
    size += (part.length > 0 ? 1 : 0) + own
    part.push(row)
  }
  if (part.length > 0) parts.push(part)
  return { parts, tooLarge }
}
