// The address a request came from, for limits per client. Hosted Supabase
// runs behind Cloudflare, which sets CF-Connecting-IP itself (a client cannot
// choose it) and X-Real-IP; the local stack's gateway writes X-Real-IP and
// X-Forwarded-For from the socket and drops any CF-Connecting-IP a client
// sent. X-Forwarded-For's first entry is only a last resort: behind a proxy
// that appends to it, a client can write that entry itself.
export function clientAddress(req: Request): string | null {
  const h = req.headers
  const first = (value: string | null) => value?.split(',')[0]?.trim() || null
  return first(h.get('cf-connecting-ip')) ?? first(h.get('x-real-ip')) ?? first(h.get('x-forwarded-for'))
}
