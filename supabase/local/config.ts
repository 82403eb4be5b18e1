// Keys and settings of the local stack. Defaults are the Supabase CLI's
// documented local values, so tools and docs written for `supabase start`
// work unchanged; each can be overridden from the environment.
import { createHmac } from 'node:crypto'

export type StackConfig = {
  jwtSecret: string
  anonKey: string
  serviceRoleKey: string
  /** Opaque keys of the newer kind, accepted alongside the legacy JWT keys. */
  publishableKey: string
  secretKey: string
  jwtExpiry: number
  minPasswordLength: number
  maxRows: number
  /** The app's origin (Supabase Auth's site_url); checkout return URLs must be on it… */
  siteUrl: string
  /** …or on one of these (additional_redirect_urls). */
  additionalRedirectUrls: string[]
  /** Password sign-ins plus sign-ups per client address per 5 minutes (`[auth.rate_limit] sign_in_sign_ups`). */
  authRateLimitSignInSignUps: number
  /** Refresh-token grants per client address per 5 minutes (`[auth.rate_limit] token_refresh`). */
  authRateLimitTokenRefresh: number
  /** bcrypt's cost for stored passwords: GoTrue's 10 unless a test stack wants hashing cheap. */
  authPasswordHashCost: number
}

export const DEFAULT_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long'
export const DEFAULT_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0'
export const DEFAULT_SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU'
export const DEFAULT_PUBLISHABLE_KEY = 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH'
export const DEFAULT_SECRET_KEY = 'sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz'

/** The Supabase CLI's `[auth.rate_limit]` defaults (GoTrue's per-IP limits). */
export const DEFAULT_AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS = 30
export const DEFAULT_AUTH_RATE_LIMIT_TOKEN_REFRESH = 150

/** GoTrue hashes passwords with bcrypt at cost 10 (`$2a$10$…`); bcrypt takes 4 to 31. */
export const DEFAULT_AUTH_PASSWORD_HASH_COST = 10
const PASSWORD_HASH_COSTS = { min: 4, max: 31 }

/** Published with the Supabase CLI: anyone who holds them is the project's admin. */
export const PUBLIC_DEFAULT_SECRETS: ReadonlySet<string> = new Set([
  DEFAULT_JWT_SECRET,
  DEFAULT_ANON_KEY,
  DEFAULT_SERVICE_ROLE_KEY,
  DEFAULT_PUBLISHABLE_KEY,
  DEFAULT_SECRET_KEY,
])

/** The environment variable each key is read from. */
export const KEY_ENV_VARS = {
  jwtSecret: 'JWT_SECRET',
  anonKey: 'ANON_KEY',
  serviceRoleKey: 'SERVICE_ROLE_KEY',
  publishableKey: 'PUBLISHABLE_KEY',
  secretKey: 'SECRET_KEY',
} as const satisfies Partial<Record<keyof StackConfig, string>>

// Derived keys never expire on their own (2100-01-01): rotating the secret is how they are revoked.
const DERIVED_KEY_EXP = 4102444800

const base64url = (data: string | Buffer) => Buffer.from(data).toString('base64url')

/**
 * A legacy API key (anon or service_role) for a JWT secret: the claims the
 * Supabase CLI signs (`iss`, `role`, `exp`), signed HS256. Deterministic, so
 * the same secret always yields the same keys and clients configured once
 * keep working across restarts. Signed with node:crypto rather than jose
 * because jose signs asynchronously and configuration is read synchronously.
 */
export function deriveLegacyKey(jwtSecret: string, role: 'anon' | 'service_role'): string {
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))
  const payload = base64url(JSON.stringify({ iss: 'supabase', role, exp: DERIVED_KEY_EXP }))
  const signature = createHmac('sha256', jwtSecret).update(`${header}.${payload}`).digest('base64url')
  return `${header}.${payload}.${signature}`
}

/** An opaque key (`sb_publishable_…` / `sb_secret_…`) for a JWT secret: an HMAC of the key's kind, so it reveals nothing of the secret. */
export function deriveOpaqueKey(jwtSecret: string, kind: 'publishable' | 'secret'): string {
  return `sb_${kind}_${createHmac('sha256', jwtSecret).update(`sb_${kind}`).digest('base64url')}`
}

/** The four API keys for a secret, each taken from the environment when set there. */
export function keysFor(jwtSecret: string, env: NodeJS.ProcessEnv = {}) {
  return {
    anonKey: env.ANON_KEY || deriveLegacyKey(jwtSecret, 'anon'),
    serviceRoleKey: env.SERVICE_ROLE_KEY || deriveLegacyKey(jwtSecret, 'service_role'),
    publishableKey: env.PUBLISHABLE_KEY || deriveOpaqueKey(jwtSecret, 'publishable'),
    secretKey: env.SECRET_KEY || deriveOpaqueKey(jwtSecret, 'secret'),
  }
}

function positiveInteger(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  const n = Number(raw)
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a whole number of requests (at least 1), not "${raw}"`)
  return n
}

function passwordHashCost(env: NodeJS.ProcessEnv): number {
  const raw = env.AUTH_PASSWORD_HASH_COST
  if (raw === undefined || raw === '') return DEFAULT_AUTH_PASSWORD_HASH_COST
  const n = Number(raw)
  if (!Number.isInteger(n) || n < PASSWORD_HASH_COSTS.min || n > PASSWORD_HASH_COSTS.max) {
    throw new Error(`AUTH_PASSWORD_HASH_COST must be a bcrypt cost from ${PASSWORD_HASH_COSTS.min} to ${PASSWORD_HASH_COSTS.max}, not "${raw}"`)
  }
  return n
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): StackConfig {
  // A secret of one's own gets keys of its own; keys not given are derived from it.
  const keys = env.JWT_SECRET
    ? { jwtSecret: env.JWT_SECRET, ...keysFor(env.JWT_SECRET, env) }
    : {
        jwtSecret: DEFAULT_JWT_SECRET,
        anonKey: env.ANON_KEY || DEFAULT_ANON_KEY,
        serviceRoleKey: env.SERVICE_ROLE_KEY || DEFAULT_SERVICE_ROLE_KEY,
        publishableKey: env.PUBLISHABLE_KEY || DEFAULT_PUBLISHABLE_KEY,
        secretKey: env.SECRET_KEY || DEFAULT_SECRET_KEY,
      }
  return {
    ...keys,
    jwtExpiry: Number(env.JWT_EXPIRY ?? 3600),
    minPasswordLength: Number(env.MIN_PASSWORD_LENGTH ?? 6),
    maxRows: Number(env.MAX_ROWS ?? 1000),
    siteUrl: env.SITE_URL ?? 'http://127.0.0.1:5173',
    additionalRedirectUrls: (env.ADDITIONAL_REDIRECT_URLS ?? 'http://localhost:5173')
      .split(',')
      .map((u) => u.trim())
      .filter(Boolean),
    authRateLimitSignInSignUps: positiveInteger(env, 'AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS', DEFAULT_AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS),
    authRateLimitTokenRefresh: positiveInteger(env, 'AUTH_RATE_LIMIT_TOKEN_REFRESH', DEFAULT_AUTH_RATE_LIMIT_TOKEN_REFRESH),
    authPasswordHashCost: passwordHashCost(env),
  }
}
