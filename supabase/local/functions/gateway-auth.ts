// The JWT check hosted Supabase's functions gateway makes before a function
// runs (verify_jwt): the Authorization header must carry a JWT signed with the
// project's secret; anon and service_role keys and user tokens all pass. The
// codes and messages are the gateway's own, as callers may read them.
import { decodeProtectedHeader } from 'jose'
import type { StackConfig } from '../config.ts'
import { verifyJwt } from '../jwt.ts'

export type GatewayAuthFailure = {
  code:
    | 'UNAUTHORIZED_NO_AUTH_HEADER'
    | 'UNAUTHORIZED_INVALID_JWT_FORMAT'
    | 'UNAUTHORIZED_LEGACY_JWT'
    | 'UNAUTHORIZED_ASYMMETRIC_JWT'
    | 'UNAUTHORIZED_UNSUPPORTED_TOKEN_ALGORITHM'
  message: string
}

/** null when the request may reach the function. */
export async function checkGatewayJwt(config: StackConfig, headers: Headers): Promise<GatewayAuthFailure | null> {
  const header = headers.get('authorization')
  if (!header) return { code: 'UNAUTHORIZED_NO_AUTH_HEADER', message: 'Missing authorization header' }
  // The gateway is strict here: exactly "Bearer <token>". The newer opaque
  // keys (sb_…) are not JWTs and fail like any malformed token.
  const parts = header.split(' ')
  const token = parts.length === 2 && parts[0] === 'Bearer' ? parts[1] : undefined
  if (!token || token.startsWith('sb_')) return { code: 'UNAUTHORIZED_INVALID_JWT_FORMAT', message: 'Invalid JWT format' }
  let alg: string | undefined
  try {
    alg = decodeProtectedHeader(token).alg
  } catch {
    return { code: 'UNAUTHORIZED_INVALID_JWT_FORMAT', message: 'Invalid JWT format' }
  }
  if (!alg) return { code: 'UNAUTHORIZED_INVALID_JWT_FORMAT', message: 'Invalid JWT format' }
  if (alg === 'HS256') {
    try {
      await verifyJwt(config, token)
      return null
    } catch {
      return { code: 'UNAUTHORIZED_LEGACY_JWT', message: 'Invalid JWT' }
    }
  }
  // The stack signs only HS256, so it publishes no key an asymmetric token could match.
  if (alg === 'ES256' || alg === 'RS256') return { code: 'UNAUTHORIZED_ASYMMETRIC_JWT', message: 'Invalid JWT' }
  return { code: 'UNAUTHORIZED_UNSUPPORTED_TOKEN_ALGORITHM', message: `Unsupported JWT algorithm ${alg}` }
}

export function gatewayAuthResponse(failure: GatewayAuthFailure): Response {
  return new Response(JSON.stringify({ code: failure.code, message: failure.message }), {
    status: 401,
    headers: {
      'Content-Type': 'application/json',
      'sb-error-code': failure.code,
      'Access-Control-Expose-Headers': 'sb-error-code',
    },
  })
}
