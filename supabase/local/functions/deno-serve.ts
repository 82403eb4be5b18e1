// Serves one edge function with the real Deno binary on a free port, as the
// edge runtime loads it (its deno.json, packages from node_modules), for
// tests that must prove a function under Deno and not only under the Node shim.
import { spawn, type ChildProcess } from 'node:child_process'
import net from 'node:net'
import path from 'node:path'
import { denoEnv, findDeno } from './deno-binary.ts'
import { FUNCTIONS_DIR } from './index.ts'

const PROJECT_ROOT = path.resolve(FUNCTIONS_DIR, '..', '..')

export type DenoFunction = { url: string; output(): string; stop(): Promise<void> }

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer()
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo
      srv.close(() => resolve(port))
    })
    srv.on('error', reject)
  })
}

export async function serveWithDeno(name: string, env: Record<string, string>, timeoutMs = 60_000): Promise<DenoFunction> {
  const port = await freePort()
  const dir = path.join(FUNCTIONS_DIR, name)
  const child: ChildProcess = spawn(
    findDeno(),
    ['run', '--allow-net', '--allow-env', '--node-modules-dir=manual', '--config', path.join(dir, 'deno.json'), path.join(dir, 'index.ts')],
    // Deno.serve(handler) listens where DENO_SERVE_ADDRESS says.
    { cwd: PROJECT_ROOT, env: denoEnv(PROJECT_ROOT, { ...env, DENO_SERVE_ADDRESS: `tcp:127.0.0.1:${port}` }) },
  )
  let output = ''
  child.stdout!.on('data', (d: Buffer) => (output += d))
  child.stderr!.on('data', (d: Buffer) => (output += d))
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`deno did not start ${name} within ${timeoutMs} ms:\n${output}`)), timeoutMs)
    const poll = setInterval(() => {
      if (output.includes('Listening on')) {
        clearTimeout(timer)
        clearInterval(poll)
        resolve()
      }
    }, 50)
    child.on('exit', (code) => {
      clearTimeout(timer)
      clearInterval(poll)
      reject(new Error(`deno exited (${code}) before serving ${name}:\n${output}`))
    })
  })
  return {
    url: `http://127.0.0.1:${port}/${name}`,
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}
