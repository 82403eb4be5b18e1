// Who a socket or a channel acts as: the `apikey` of the connection, or the
// `access_token` a channel joins or refreshes with. Errors carry the codes and
// wording hosted Realtime uses, since clients log and sometimes match them.
import type { StackConfig } from '../config.ts'
import { RequestAuthError, verifyJwt, type Claims } from '../jwt.ts'

export type ChannelAuth = {
  role: string
  claims: Claims
  /** The credential as sent, to recognise a refresh that changes nothing. */
  token: string
  /** Seconds since the epoch; opaque keys do not expire. */
  exp?: number
}

export class TokenError extends Error {
  constructor(
    readonly code: string,
    message: string,
    /** HTTP status when the socket itself is refused. */
    readonly status = 401,
  ) {
    super(message)
  }

  /** `Code: message`, the join error reason hosted Realtime replies with. */
  get reason(): string {
    return `${this.code}: ${this.message}`
  }
}

function decodePayload(token: string): Record<string, unknown> | undefined {
  const parts = token.split('.')
  if (parts.length !== 3) return undefined
  try {
    const json = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8')) as unknown
    return json && typeof json === 'object' && !Array.isArray(json) ? (json as Record<string, unknown>) : undefined
  } catch {
    return undefined
  }
}

export async function resolveToken(config: StackConfig, token: string | null | undefined): Promise<ChannelAuth> {
  if (!token) throw new TokenError('MissingAPIKey', 'API key is missing')
  if (token === config.publishableKey) return { role: 'anon', claims: { role: 'anon' }, token }
  if (token === config.secretKey) return { role: 'service_role', claims: { role: 'service_role' }, token }
  if (token.startsWith('sb_')) throw new TokenError('InvalidAPIKey', 'Invalid API key')
  let claims: Claims
  try {
    claims = await verifyJwt(config, token)
  } catch (e) {
    const payload = decodePayload(token)
    if (e instanceof RequestAuthError && e.reason === 'expired_jwt') {
      const exp = typeof payload?.exp === 'number' ? payload.exp : Math.floor(Date.now() / 1000)
      throw new TokenError('InvalidJWTToken', `Token has expired ${Math.max(0, Math.floor(Date.now() / 1000) - exp)} seconds ago`)
    }
    if (!payload) throw new TokenError('MalformedJWT', 'The token provided is not a valid JWT')
    throw new TokenError('JwtSignatureError', 'Failed to validate JWT signature')
  }
  if (typeof claims.role !== 'string' || !claims.role || typeof claims.exp !== 'number') {
    throw new TokenError('InvalidJWTToken', 'Fields `role` and `exp` are required in JWT')
  }
  return { role: claims.role, claims, token, exp: claims.exp }
}
