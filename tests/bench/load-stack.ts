// The stack under load for `npm run bench:load` (load-bench.ts), in a process
// of its own so that its memory can be read and the load generator does not
// share its event loop. Started with an IPC channel; LOAD_DB is `memory`
// (PGlite) or a postgres:// URL. Answers the bench's messages:
//   memory {gc}          → process.memoryUsage(), after a full garbage collection when gc
//   query {sql, params}  → rows (seeding and checks, as the superuser)
//   direct {…}           → the data API's query run directly on the stack's
//                          own Database (same role, claims, RLS) at a given
//                          concurrency for a given time: latencies in ms
//   direct-chat {…}      → the database calls chatbot-api makes for one
//                          message (context, admission, product search, the
//                          two turns stored), each in its own transaction as
//                          the service role, run directly by `concurrency`
//                          conversations for a given time: latencies per message
//   profile-start / profile-stop {file}
//                        → a CPU profile of the stack process (node:inspector)
//                          between the two, written to file (.cpuprofile)
//   stop                 → closes the stack and exits (a --cpu-prof profile is written then)
import { writeFile } from 'node:fs/promises'
import { Session } from 'node:inspector/promises'
import { performance } from 'node:perf_hooks'
import { setFlagsFromString } from 'node:v8'
import { randomUUID } from 'node:crypto'
import { runInNewContext } from 'node:vm'
import { RATE_LIMITS, rateCheck } from '../../supabase/functions/_shared/rate-limits.ts'
import { addressChecks } from '../../supabase/functions/chatbot-api/limits.ts'
import { requestContextParams, requestContextPrelude, requestContextSql, type Claims } from '../../supabase/local/jwt.ts'
import { startStack } from '../../supabase/local/server.ts'
import { visitorAddress } from './load-visitors.ts'

export type StackRequest =
  | { id: number; type: 'memory'; gc?: boolean }
  | { id: number; type: 'query'; sql: string; params?: unknown[] }
  | { id: number; type: 'direct'; sql: string; params: unknown[]; claims: Claims; concurrency: number; seconds: number; expectRows: number }
  | { id: number; type: 'direct-chat'; owners: string[]; messages: string[]; turns: number; concurrency: number; seconds: number }
  | { id: number; type: 'profile-start' }
  | { id: number; type: 'profile-stop'; file: string }
  | { id: number; type: 'stop' }

export type StackReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: string }

export type StackReady = { type: 'ready'; url: string; anonKey: string; jwtSecret: string; pid: number }

export type DirectResult = { latencies: number[]; errors: number; firstError?: string; seconds: number }

/** A full collection, so that what is read is what the stack still holds, not garbage V8 has not needed to free yet. */
function collectGarbage() {
  setFlagsFromString('--expose-gc')
  ;(runInNewContext('gc') as () => void)()
}

async function main() {
  const target = process.env.LOAD_DB ?? 'memory'
  const stack = await startStack({
    port: 0,
    db: target === 'memory' ? { kind: 'memory' } : { kind: 'url', url: target },
    seed: false,
    // Owners are signed up from one address, far past GoTrue's per-address defaults.
    config: { authRateLimitSignInSignUps: 1_000_000, authRateLimitTokenRefresh: 1_000_000 },
  })
  const send = (msg: StackReply | StackReady) => process.send!(msg)

  async function direct(req: Extract<StackRequest, { type: 'direct' }>): Promise<DirectResult> {
    const context = requestContextParams({ role: String(req.claims.role ?? 'anon'), claims: req.claims })
    const latencies: number[] = []
    let errors = 0
    const t0 = performance.now()
    const deadline = t0 + req.seconds * 1000
    const worker = async () => {
      while (performance.now() < deadline) {
        const t = performance.now()
        try {
          const res = await stack.db.transaction(async (tx) => {
            await tx.query(requestContextSql, context)
            return tx.query(req.sql, req.params)
          })
          if (res.rows.length !== req.expectRows) throw new Error(`expected ${req.expectRows} rows, got ${res.rows.length}`)
          latencies.push(performance.now() - t)
        } catch {
          errors++
        }
      }
    }
    await Promise.all(Array.from({ length: req.concurrency }, worker))
    return { latencies, errors, seconds: (performance.now() - t0) / 1000 }
  }

  /**
   * chatbot-api's floor on this database: its statements for one message with
   * no HTTP, no function and no JSON in between (keep in step with
   * chatbot-api/index.ts, answer() and the built-in responder's one search).
   */
  async function directChat(req: Extract<StackRequest, { type: 'direct-chat' }>): Promise<DirectResult> {
    // As the data API runs each call: the request context and the statement as one transaction, in one round trip.
    const prelude = requestContextPrelude({ role: 'service_role', claims: { role: 'service_role' } }, { readOnly: false })
    const asService = async <T extends Record<string, unknown>>(sql: string, params: unknown[]) =>
      (await stack.db.singleStatement!<T>(prelude, sql, params)).rows
    const latencies: number[] = []
    let errors = 0
    let firstError: string | undefined
    const t0 = performance.now()
    const deadline = t0 + req.seconds * 1000
    // Numbered apart from the HTTP load's visitors, so that no address is shared with one of theirs.
    let visitors = 1_000_000
    const worker = async () => {
      let owner = ''
      let conversation: string | null = null
      let address = ''
      // The deployment's defaults, as chatbot-api reads them when nothing is set.
      const defaults = () => undefined
      for (let sent = 0; performance.now() < deadline; sent++) {
        // A new visitor every `turns` messages, from an address of its own, as chatbot-api's load sends them.
        if (sent % req.turns === 0) {
          const visitor = visitors++
          owner = req.owners[visitor % req.owners.length]!
          conversation = null
          address = visitorAddress(visitor)
        }
        const message = req.messages[(sent % req.turns) % req.messages.length]!
        const t = performance.now()
        try {
          // jsonb arrives as text (the stack's parsers), and the function parses it, as supabase-js does.
          const { ctx } = (
            await asService<{ ctx: string }>("select public.chatbot_context($1, 'widget', $2, null, 10) as ctx", [owner, conversation])
          )[0]!
          const context = JSON.parse(ctx) as { config: unknown; daily_message_limit: number | null; conversation_id: string | null }
          if (!context.config) throw new Error('no configuration')
          const known = context.conversation_id
          const id = known ?? randomUUID()
          const limits = [
            rateCheck(RATE_LIMITS.chatbotConversation, `chatbot:conversation:${id}`, defaults),
            ...addressChecks(address, owner, context.daily_message_limit, defaults),
          ]
          const { admitted } = (
            await asService<{ admitted: string }>('select public.admit_chatbot_message($1, $2) as admitted', [owner, JSON.stringify(limits)])
          )[0]!
          if (!(JSON.parse(admitted) as { consumed?: boolean }).consumed) throw new Error(`not admitted: ${admitted}`)
          await asService('select * from public.search_products($1, $2, 4)', [owner, message])
          await asService("select public.store_chatbot_turns($1, 'widget', $2, $3, null, $4, $5, '{}')", [
            owner,
            id,
            known === null,
            message,
            `Yanıt: ${message}`,
          ])
          conversation = id
          latencies.push(performance.now() - t)
        } catch (e) {
          errors++
          firstError ??= e instanceof Error ? e.message : String(e)
        }
      }
    }
    await Promise.all(Array.from({ length: req.concurrency }, worker))
    return { latencies, errors, firstError, seconds: (performance.now() - t0) / 1000 }
  }

  let profiler: Session | undefined

  process.on('message', (msg: StackRequest) => {
    void (async () => {
      try {
        let value: unknown
        switch (msg.type) {
          case 'memory':
            if (msg.gc) collectGarbage()
            value = process.memoryUsage()
            break
          case 'query':
            value = (await stack.db.query(msg.sql, msg.params)).rows
            break
          case 'direct':
            value = await direct(msg)
            break
          case 'direct-chat':
            value = await directChat(msg)
            break
          case 'profile-start':
            profiler = new Session()
            profiler.connect()
            await profiler.post('Profiler.enable')
            await profiler.post('Profiler.start')
            break
          case 'profile-stop': {
            if (!profiler) throw new Error('no profile started')
            const { profile } = await profiler.post('Profiler.stop')
            profiler.disconnect()
            profiler = undefined
            await writeFile(msg.file, JSON.stringify(profile))
            break
          }
          case 'stop':
            await stack.close()
            send({ id: msg.id, ok: true, value: null })
            process.disconnect()
            process.exit(0)
        }
        send({ id: msg.id, ok: true, value })
      } catch (e) {
        send({ id: msg.id, ok: false, error: e instanceof Error ? e.stack ?? e.message : String(e) })
      }
    })()
  })
  send({ type: 'ready', url: stack.url, anonKey: stack.config.anonKey, jwtSecret: stack.config.jwtSecret, pid: process.pid })
}

main().catch((e: unknown) => {
  console.error(e)
  process.exit(1)
})
