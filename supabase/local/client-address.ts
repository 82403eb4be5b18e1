// Who is on the other end of a request: the socket's address, never a header
// the client wrote. The stack is the edge of its own network (there is no
// proxy in front of it that could be trusted to set X-Forwarded-For), so
// per-address limits key on the connection itself.
import type { Context } from 'hono'
import { getConnInfo } from '@hono/node-server/conninfo'
import { DEFAULT_CLIENT_ADDRESS_HEADER } from '../functions/_shared/client-address.ts'

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
 * The request a function sees, with the caller's address where the
 * deployment's edge puts it: the header named by CLIENT_ADDRESS_HEADER
 * (default CF-Connecting-IP, as hosted Supabase's Cloudflare edge), plus
 * X-Real-IP and X-Forwarded-For as hosted sets them. Whatever the client sent
 * under those names is replaced, so a function cannot be told a forged
 * address.
 */
export function withClientAddressHeaders(headers: Headers, address: string, header = DEFAULT_CLIENT_ADDRESS_HEADER): Headers {
  const out = new Headers(headers)
  out.set('x-real-ip', address)
  out.set('x-forwarded-for', address)
  out.set(header.trim() || DEFAULT_CLIENT_ADDRESS_HEADER, address)
  return out
}
