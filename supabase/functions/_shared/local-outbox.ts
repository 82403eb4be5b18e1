// Where the local providers put the words of a secret message (a
// verification code): the local stack's outbox keeps them in its own memory
// and shows them to the developer, so the database never holds the code in
// clear text, whichever provider runs. Served only by the local stack, and
// only to a caller holding the service role key.
import { requireEnv, type EnvReader } from './env.ts'
import { PROVIDER_TIMEOUT_MS } from './message-log.ts'

export type LocalOutbox = {
  /** Hands the clear text of the outgoing_messages row `id` to the outbox; throws when it cannot. */
  deliver(message: { id: string; body: string }): Promise<void>
}

/** LOCAL_OUTBOX_URL, which the local stack sets when it serves the outbox, else the stack at SUPABASE_URL. */
export function localOutboxUrl(env: EnvReader): string {
  return env('LOCAL_OUTBOX_URL') ?? `${requireEnv('SUPABASE_URL', env).replace(/\/+$/, '')}/__local`
}

export function createLocalOutbox(env: EnvReader, doFetch: typeof fetch): LocalOutbox {
  return {
    async deliver(message) {
      const res = await doFetch(`${localOutboxUrl(env)}/outbox/messages`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${requireEnv('SUPABASE_SERVICE_ROLE_KEY', env)}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(message),
        signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
      })
      await res.body?.cancel()
      if (!res.ok) throw new Error(`local outbox answered HTTP ${res.status}`)
    },
  }
}
