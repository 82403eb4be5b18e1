// Runs the stack's command line as a user would and reads what it prints.
import { spawn, type ChildProcess } from 'node:child_process'
import net from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { TEST_STACK_ENV } from './stack.ts'

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port
      srv.close(() => resolve(port))
    })
    srv.on('error', reject)
  })
}

export type CliRun = {
  child: ChildProcess
  /** The KEY=value lines printed on start. */
  vars: Record<string, string>
  lines: string[]
  /** What it wrote to stderr so far. */
  stderr(): string
  /** Sends SIGINT (Ctrl-C) and resolves with the exit code. */
  stop(): Promise<number | null>
}

export type CliOptions = {
  timeoutMs?: number
  /** Added to the environment (which already carries roomy auth rate limits, as test stacks do). */
  env?: Record<string, string>
}

function spawnCli(args: string[], env: Record<string, string> = {}): ChildProcess {
  // The same entry `npm run stack` and `npm start` use.
  return spawn(process.execPath, [path.join(ROOT, 'supabase/local/run.mjs'), ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...TEST_STACK_ENV, ...env },
  })
}

export async function runCli(args: string[], opts: CliOptions = {}): Promise<CliRun> {
  const timeoutMs = opts.timeoutMs ?? 60_000
  const child = spawnCli(args, opts.env)
  const lines: string[] = []
  let stderr = ''
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  const expected = args[0] === 'start' ? 'APP_URL' : 'SERVICE_ROLE_KEY'
  const vars = await new Promise<Record<string, string>>((resolve, reject) => {
    const found: Record<string, string> = {}
    let buf = ''
    const timer = setTimeout(() => reject(new Error(`no ${expected}= line within ${timeoutMs} ms; stderr: ${stderr}`)), timeoutMs)
    child.stdout!.on('data', (d: Buffer) => {
      buf += d.toString()
      let i
      while ((i = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, i)
        buf = buf.slice(i + 1)
        lines.push(line)
        const m = /^([A-Z_]+)=(.*)$/.exec(line)
        if (m) found[m[1]!] = m[2]!
        if (found[expected]) {
          clearTimeout(timer)
          resolve(found)
        }
      }
    })
    void exited.then((code) => reject(new Error(`exited with ${code} before printing ${expected}; stderr: ${stderr}`)))
  })
  return {
    child,
    vars,
    lines,
    stderr: () => stderr,
    async stop() {
      if (child.exitCode === null) child.kill('SIGINT')
      return exited
    },
  }
}

/** Runs a command that is expected to end by itself (a refusal, `keys`), with what it printed. */
export async function runCliToExit(
  args: string[],
  opts: CliOptions = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawnCli(args, opts.env)
  let stdout = ''
  let stderr = ''
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()))
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()))
  const timeoutMs = opts.timeoutMs ?? 60_000
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`still running after ${timeoutMs} ms; stdout: ${stdout}; stderr: ${stderr}`))
    }, timeoutMs)
    // 'close', not 'exit': everything printed has been read by then.
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve({ code, stdout, stderr })
    })
  })
}
