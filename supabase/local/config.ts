// Keys and settings of the local stack. Defaults are the Supabase CLI's
// documented local values, so tools and docs written for `supabase start`
// work unchanged; each can be overridden from the environment.
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
}

export const DEFAULT_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long'
export const DEFAULT_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0'
export const DEFAULT_SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU'
export const DEFAULT_PUBLISHABLE_KEY = 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH'
export const DEFAULT_SECRET_KEY = 'sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz'

export function loadConfig(env: NodeJS.ProcessEnv = process.env): StackConfig {
  return {
    jwtSecret: env.JWT_SECRET ?? DEFAULT_JWT_SECRET,
    anonKey: env.ANON_KEY ?? DEFAULT_ANON_KEY,
    serviceRoleKey: env.SERVICE_ROLE_KEY ?? DEFAULT_SERVICE_ROLE_KEY,
    publishableKey: env.PUBLISHABLE_KEY ?? DEFAULT_PUBLISHABLE_KEY,
    secretKey: env.SECRET_KEY ?? DEFAULT_SECRET_KEY,
    jwtExpiry: Number(env.JWT_EXPIRY ?? 3600),
    minPasswordLength: Number(env.MIN_PASSWORD_LENGTH ?? 6),
    maxRows: Number(env.MAX_ROWS ?? 1000),
    siteUrl: env.SITE_URL ?? 'http://127.0.0.1:5173',
    additionalRedirectUrls: (env.ADDITIONAL_REDIRECT_URLS ?? 'http://localhost:5173')
      .split(',')
      .map((u) => u.trim())
      .filter(Boolean),
  }
}
