// The shared test stack (tests/support/stack.ts) in the shape the functions
// suites use: the running stack's database and keys, and a client per key.
import type { SupabaseClient } from '@supabase/supabase-js'
import type { RunningStack } from '../server.ts'
import { makeClient, startTestStack, type Backend } from '../../../tests/support/stack.ts'

export type { Backend }

export type FunctionsStack = {
  backend: Backend
  stack: Pick<RunningStack, 'db' | 'config'>
  url: string
  client(key?: string): SupabaseClient
  close(): Promise<void>
}

export async function startFunctionsStack(backend: Backend): Promise<FunctionsStack> {
  const t = await startTestStack(backend)
  return {
    backend,
    stack: { db: t.db, config: t.config },
    url: t.url,
    client: (key = t.anonKey) => makeClient(t.url, key),
    close: () => t.close(),
  }
}
