// The bearer token of a request, checked the way GoTrue checks it (HS256 with
// the project secret) and failing with GoTrue's messages, which embed the Go
// JWT library's wording ("token has invalid claims: token is expired", …).
import { createHmac, timingSafeEqual } from 'node:crypto'
import type { Claims } from '../jwt.ts'
import type { StackConfig } from '../config.ts'
import { forbidden, unauthorized } from './errors.ts'

const BEARER = /^[Bb]earer (\S+)$/

export function extractBearer(authorization: string | undefined): string {
  const m = BEARER.exec(authorization ?? '')
  if (!m) throw unauthorized('no_authorization', 'This endpoint requires a Bearer token')
  return m[1]!
}

function decodeSegment(segment: string): Buffer | undefined {
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(segment)) return undefined
  return Buffer.from(segment.replace(/=+$/, ''), 'base64url')
}

function parseSegment(segment: string, what: 'header' | 'claim'): Record<string, unknown> {
  const bytes = decodeSegment(segment)
  if (!bytes) throw new Error(`token is malformed: could not base64 decode ${what}`)
  let value: unknown
  try {
    value = JSON.parse(bytes.toString('utf8'))
  } catch (e) {
    throw new Error(`token is malformed: could not JSON decode ${what}: ${(e as Error).message}`)
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw new Error(`token is malformed: could not JSON decode ${what}`)
  }
  return value as Record<string, unknown>
}

/** Verifies an HS256 JWT; throws an Error whose message is what golang-jwt would report. */
export function verifyHs256(secret: string, token: string, nowSeconds = Date.now() / 1000): Claims {
  const parts = token.split('.')
  if (parts.length !== 3) throw new Error('token is malformed: token contains an invalid number of segments')
  const [h, p, s] = parts as [string, string, string]
  const header = parseSegment(h, 'header')
  const claims = parseSegment(p, 'claim')
  if (header.alg !== 'HS256') {
    throw new Error(`token signature is invalid: signing method ${String(header.alg)} is invalid`)
  }
  const expected = createHmac('sha256', secret).update(`${h}.${p}`).digest()
  const given = decodeSegment(s)
  if (!given || given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new Error('token signature is invalid: signature is invalid')
  }
  for (const key of ['exp', 'nbf', 'iat'] as const) {
    if (claims[key] !== undefined && typeof claims[key] !== 'number') {
      throw new Error(`token has invalid claims: invalid type for claim: ${key} is invalid`)
    }
  }
  if (typeof claims.exp === 'number' && !(nowSeconds < claims.exp)) {
    throw new Error('token has invalid claims: token is expired')
  }
  if (typeof claims.nbf === 'number' && nowSeconds < claims.nbf) {
    throw new Error('token has invalid claims: token is not valid yet')
  }
  return claims as Claims
}

/**
 * The claims behind a bearer token. Opaque project keys stand for the role
 * they grant, as the hosted gateway swaps them for a role JWT before GoTrue.
 */
export function bearerClaims(config: StackConfig, token: string): Claims {
  if (token === config.publishableKey) return { role: 'anon' }
  if (token === config.secretKey) return { role: 'service_role' }
  try {
    return verifyHs256(config.jwtSecret, token)
  } catch (e) {
    throw forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${(e as Error).message}`)
  }
}
