// Signed URLs: the token is an HS256 JWT over `{url: "bucket/key"}` signed
// with the project's JWT secret, as supabase/storage signs them. Download and
// upload tokens are told apart by the `upsert` claim only upload tokens carry,
// so one kind can never stand in for the other.
import type { StackConfig } from '../config.ts'
import { RequestAuthError, signJwt, verifyJwt, type Claims } from '../jwt.ts'
import { ERRORS, badRequest } from './errors.ts'

export type ObjectToken = Claims & { url: string; owner?: string; upsert?: boolean }

export async function signDownload(config: StackConfig, url: string, expiresIn: number): Promise<string> {
  const iat = Math.floor(Date.now() / 1000)
  return signJwt(config, { url, iat, exp: iat + expiresIn })
}

export async function signUpload(
  config: StackConfig,
  url: string,
  expiresIn: number,
  owner: string | undefined,
  upsert: boolean,
): Promise<string> {
  const iat = Math.floor(Date.now() / 1000)
  return signJwt(config, { ...(owner ? { owner } : {}), url, upsert, iat, exp: iat + expiresIn })
}

export async function verifyObjectToken(
  config: StackConfig,
  token: string | undefined,
  url: string,
  kind: 'download' | 'upload',
): Promise<ObjectToken> {
  if (!token) throw badRequest("querystring must have required property 'token'")
  let claims: Claims
  try {
    claims = await verifyJwt(config, token)
  } catch (e) {
    if (e instanceof RequestAuthError) throw ERRORS.invalidJwt(e.reason === 'expired_jwt' ? 'jwt expired' : 'invalid signature')
    throw e
  }
  const isUpload = typeof claims.upsert === 'boolean'
  if (claims.url !== url || isUpload !== (kind === 'upload')) throw ERRORS.invalidSignature()
  return claims as ObjectToken
}

/** `expiresIn` as storage's schema demands: an integer of at least 1 (seconds). */
export function expiresInOf(value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    throw badRequest(value === undefined ? "body must have required property 'expiresIn'" : 'body/expiresIn must be integer')
  }
  if (value < 1) throw badRequest('body/expiresIn must be >= 1')
  return value
}
