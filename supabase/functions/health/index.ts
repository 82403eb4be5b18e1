// Liveness probe: answers without touching the database, so a caller can
// tell "the functions runtime is up" from every other failure. verify_jwt is
// off for it (config.toml): monitors hold no project key.
import { preflight } from '../_shared/cors.ts'
import { jsonResponse } from '../_shared/http.ts'

Deno.serve((req) => preflight(req) ?? jsonResponse({ ok: true }))
