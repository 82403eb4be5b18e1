// The one comparison of secrets the functions make (tokens, code hashes,
// signatures): the time it takes says nothing about where two values differ
// or how long the expected one is.

/**
 * Whether two secrets are equal. Both are hashed to 32 bytes first, so
 * unequal lengths take the same time as equal ones, and the digests are
 * compared without stopping at the first difference.
 */
export async function secretsEqual(a: string, b: string): Promise<boolean> {
  const enc = new TextEncoder()
  const [x, y] = await Promise.all([
    crypto.subtle.digest('SHA-256', enc.encode(a)),
    crypto.subtle.digest('SHA-256', enc.encode(b)),
  ])
  return bytesEqual(new Uint8Array(x), new Uint8Array(y))
}

/** Equal byte strings, compared in time that depends only on their lengths. */
export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  let diff = a.length ^ b.length
  const n = Math.max(a.length, b.length)
  for (let i = 0; i < n; i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0)
  return diff === 0
}
