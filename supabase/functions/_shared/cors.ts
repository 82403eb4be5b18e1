// CORS for a function's own answers. The local stack answers preflights
// itself, but hosted Supabase hands OPTIONS to the function, so every
// browser-facing function answers it with these headers.

/** Every header supabase-js sends to a function (see `@supabase/supabase-js/cors`). */
export const CORS_ALLOW_HEADERS = 'authorization, x-client-info, apikey, content-type, x-retry-count, x-region'

export const corsHeaders = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': CORS_ALLOW_HEADERS,
  'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
} as const

/** The answer to a preflight, or null when the request is not one. */
export function preflight(req: Request): Response | null {
  return req.method === 'OPTIONS' ? new Response('ok', { headers: corsHeaders }) : null
}
