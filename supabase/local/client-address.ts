// Who is on the other end of a request: the socket's address, never a header
// the client wrote. The stack is the edge of its own network (there is no
// proxy in front of it that could be trusted to set X-Forwarded-For), so
// per-address limits key on the connection itself.
import type { Context } from 'hono'
import { getConnInfo } from '@hono/node-server/conninfo'

/** Requests made in-process (`app.request(…)` in tests, the checkout page calling a function) have no socket. */
export const IN_PROCESS_ADDRESS = '127.0.0.1'

export function clientAddress(c: Context): string {
  try {
    const address = getConnInfo(c).remote.address
    if (address) return address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address
  } catch {
    // No Node socket behind this request.
  }
  return IN_PROCESS_ADDRESS
}

/**
 * The headers a function reads the caller's address from, as hosted
 * Supabase's edge sets them: whatever the client sent under these names is
 * replaced, so a function cannot be told a forged address.
 */
export function withClientAddressHeaders(headers: Headers, address: string): Headers {
  const out = new Headers(headers)
  out.delete('cf-connecting-ip')
  out.set('x-real-ip', address)
  out.set('x-forwarded-for', address)
  return out
}
