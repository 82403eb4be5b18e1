// Test harness: a whole embedded stack (auth, data API, functions, outbox) on
// a free port, on PGlite or a throwaway PostgreSQL 15, talked to through
// supabase-js and plain HTTP as the app and a browser would.
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import WebSocket from 'ws'
import { startStack, type RunningStack } from '../server.ts'
import { startTempPostgres, type TempPostgres } from '../../../tests/support/postgres.ts'

export type Backend = 'pglite' | 'postgres'

export type FunctionsStack = {
  backend: Backend
  stack: RunningStack
  url: string
  client(key?: string): SupabaseClient
  close(): Promise<void>
}

export async function startFunctionsStack(backend: Backend): Promise<FunctionsStack> {
  let pg: TempPostgres | undefined
  let stack: RunningStack
  try {
    if (backend === 'postgres') pg = await startTempPostgres()
    stack = await startStack({ port: 0, db: pg ? { kind: 'url', url: pg.url } : { kind: 'memory' }, seed: false })
  } catch (e) {
    await pg?.stop().catch(() => undefined)
    throw e
  }
  return {
    backend,
    stack,
    url: stack.url,
    client: (key = stack.config.anonKey) =>
      createClient(stack.url, key, {
        auth: { persistSession: false, autoRefreshToken: false },
        realtime: { transport: WebSocket as never },
      }),
    async close() {
      try {
        await stack.close()
      } finally {
        await pg?.stop()
      }
    },
  }
}
