// CORS for a function's own answers. Hosted Supabase (and the local stack,
// the same way) hands OPTIONS and every answer's headers to the function, so
// every browser-facing function answers them with these.

/** Every header supabase-js sends to a function (see `@supabase/supabase-js/cors`). */
export const CORS_ALLOW_HEADERS = 'authorization, x-client-info, apikey, content-type, x-retry-count, x-region'

export const corsHeaders = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': CORS_ALLOW_HEADERS,
  'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
} as const

/** The answer to a preflight, or null when the request is not one. */
export function preflight(req: Request): Response | null {
  return req.method === 'OPTIONS' ? new Response(null, { status: 204, headers: corsHeaders }) : null
}
