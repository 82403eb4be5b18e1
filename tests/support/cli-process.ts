// Runs the stack's command line as a user would and reads what it prints.
import { spawn, type ChildProcess } from 'node:child_process'
import net from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

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
  /** Sends SIGINT (Ctrl-C) and resolves with the exit code. */
  stop(): Promise<number | null>
}

export async function runCli(args: string[], timeoutMs = 60_000): Promise<CliRun> {
  // The same entry `npm run stack` and `npm start` use.
  const child = spawn(process.execPath, [path.join(ROOT, 'supabase/local/run.mjs'), ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
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
    async stop() {
      if (child.exitCode === null) child.kill('SIGINT')
      return exited
    },
  }
}
