// The stack under load for `npm run bench:load` (load-bench.ts), in a process
// of its own so that its memory can be read and the load generator does not
// share its event loop. Started with an IPC channel; LOAD_DB is `memory`
// (PGlite) or a postgres:// URL. Answers the bench's messages:
//   memory               → process.memoryUsage()
//   query {sql, params}  → rows (seeding and checks, as the superuser)
//   direct {…}           → the data API's query run directly on the stack's
//                          own Database (same role, claims, RLS) at a given
//                          concurrency for a given time: latencies in ms
//   profile-start / profile-stop {file}
//                        → a CPU profile of the stack process (node:inspector)
//                          between the two, written to file (.cpuprofile)
//   stop                 → closes the stack and exits (a --cpu-prof profile is written then)
import { writeFile } from 'node:fs/promises'
import { Session } from 'node:inspector/promises'
import { performance } from 'node:perf_hooks'
import { requestContextParams, requestContextSql, type Claims } from '../../supabase/local/jwt.ts'
import { startStack } from '../../supabase/local/server.ts'

export type StackRequest =
  | { id: number; type: 'memory' }
  | { id: number; type: 'query'; sql: string; params?: unknown[] }
  | { id: number; type: 'direct'; sql: string; params: unknown[]; claims: Claims; concurrency: number; seconds: number; expectRows: number }
  | { id: number; type: 'profile-start' }
  | { id: number; type: 'profile-stop'; file: string }
  | { id: number; type: 'stop' }

export type StackReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: string }

export type StackReady = { type: 'ready'; url: string; anonKey: string; jwtSecret: string; pid: number }

export type DirectResult = { latencies: number[]; errors: number; seconds: number }

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

  let profiler: Session | undefined

  process.on('message', (msg: StackRequest) => {
    void (async () => {
      try {
        let value: unknown
        switch (msg.type) {
          case 'memory':
            value = process.memoryUsage()
            break
          case 'query':
            value = (await stack.db.query(msg.sql, msg.params)).rows
            break
          case 'direct':
            value = await direct(msg)
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
