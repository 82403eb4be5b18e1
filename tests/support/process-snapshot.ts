// What a test file may leave changed in its process, and how to put it back:
// for files that share a worker (shared-worker-file.ts).
import { vi } from 'vitest'

const PRISTINE = Symbol.for('tests.pristine-globals')
type Globals = { Request: typeof Request; Response: typeof Response }

/**
 * Takes the process as it is now and returns what puts it back: process.env,
 * the real clock, and the platform's Request and Response (serving over HTTP
 * with @hono/node-server swaps in its own classes). The classes are the ones
 * the process had when this first ran in it, before any file could swap them.
 */
export function snapshotProcess(): () => void {
  const holder = globalThis as typeof globalThis & { [PRISTINE]?: Globals }
  const pristine = (holder[PRISTINE] ??= { Request: globalThis.Request, Response: globalThis.Response })
  const env = { ...process.env }
  return () => {
    vi.useRealTimers()
    for (const name of ['Request', 'Response'] as const) {
      if (globalThis[name] !== pristine[name]) Object.defineProperty(globalThis, name, { value: pristine[name], writable: true, configurable: true })
    }
    for (const name of Object.keys(process.env)) if (!(name in env)) delete process.env[name]
    Object.assign(process.env, env)
  }
}
