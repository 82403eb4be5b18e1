// The address a request came from, for limits per client. Which header
// carries it is a property of the deployment, not of the request: one
// setting, CLIENT_ADDRESS_HEADER. The default is what hosted Supabase's edge
// provides: it runs behind Cloudflare, which writes CF-Connecting-IP itself
// and replaces whatever a client sent under that name (the local stack's
// gateway does the same from the socket). Headers a client can write, such
// as the first entry of X-Forwarded-For, are never read unless a deployment
// names them, knowing its own proxy overwrites them.
import { readEnv, type EnvReader } from './env.ts'

export const DEFAULT_CLIENT_ADDRESS_HEADER = 'cf-connecting-ip'

/** The header the deployment's edge writes the client's address into. */
export function clientAddressHeader(env: EnvReader = readEnv): string {
  return (env('CLIENT_ADDRESS_HEADER') ?? DEFAULT_CLIENT_ADDRESS_HEADER).trim().toLowerCase()
}

/**
 * The client's address, or null when the header is missing or not an
 * address. A list (a proxy that appends) gives its last entry, the one the
 * deployment's own proxy wrote.
 */
export function clientAddress(req: Request, env: EnvReader = readEnv): string | null {
  const value = req.headers.get(clientAddressHeader(env))
  const last = value?.split(',').pop()?.trim()
  return last ? normalizeAddress(last) : null
}

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/

/** An IPv4 address as written, an IPv6 one in full lower-case form (IPv4-mapped ones as IPv4), else null. */
export function normalizeAddress(text: string): string | null {
  const address = text.replace(/^\[|\]$/g, '').replace(/%.*$/, '')
  if (IPV4.test(address)) return address
  const groups = ipv6Groups(address)
  if (!groups) return null
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return `${groups[6]! >> 8}.${groups[6]! & 255}.${groups[7]! >> 8}.${groups[7]! & 255}`
  }
  return groups.map((g) => g.toString(16)).join(':')
}

/**
 * What per-address limits count: an IPv4 address, or an IPv6 address's /64.
 * One subscriber is given a whole /64 and can use any address in it, so a
 * limit per IPv6 address would be a limit per nothing.
 */
export function addressGroup(address: string): string {
  const groups = ipv6Groups(address)
  if (!groups) return address
  return `${groups.slice(0, 4).map((g) => g.toString(16)).join(':')}::/64`
}

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 allowed), or null. */
function ipv6Groups(address: string): number[] | null {
  if (!address.includes(':')) return null
  let text = address.toLowerCase()
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)
  if (dotted) {
    if (!IPV4.test(dotted[1]!)) return null
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number]
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const halves = text.split('::')
  if (halves.length > 2) return null
  const parse = (part: string) => (part === '' ? [] : part.split(':'))
  const head = parse(halves[0]!)
  const tail = halves.length === 2 ? parse(halves[1]!) : []
  const missing = 8 - head.length - tail.length
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail]
  if (!all.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null
  return all.map((g) => parseInt(g, 16))
}
