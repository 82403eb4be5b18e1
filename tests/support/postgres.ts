// Starts a throwaway PostgreSQL 15 cluster in a temporary directory for tests
// that must prove the migrations and the stack on real Postgres, not only on
// PGlite. Fails loudly (never skips) when the server binaries are missing.
import { execFileSync, spawnSync } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, rmSync, chownSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import net from 'node:net'

const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin'

export type TempPostgres = { url: string; stop(): Promise<void> }

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer()
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port
      srv.close(() => resolve(port))
    })
    srv.on('error', reject)
  })
}

export async function startTempPostgres(): Promise<TempPostgres> {
  const initdb = path.join(PG_BIN, 'initdb')
  if (!existsSync(initdb)) {
    throw new Error(
      `PostgreSQL 15 server binaries not found at ${PG_BIN} (install the Debian package postgresql-15, or set PG_BIN)`,
    )
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'pg15-'))
  const asRoot = process.getuid?.() === 0
  let uid: number | undefined
  if (asRoot) {
    // initdb and postgres refuse to run as root: hand the directory to the postgres user.
    uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim())
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim())
    chownSync(dir, uid, gid)
    chmodSync(dir, 0o700)
  }
  const run = (bin: string, args: string[]) => {
    const cmd = asRoot ? 'runuser' : path.join(PG_BIN, bin)
    const full = asRoot ? ['-u', 'postgres', '--', path.join(PG_BIN, bin), ...args] : args
    const r = spawnSync(cmd, full, { encoding: 'utf8' })
    if (r.status !== 0) throw new Error(`${bin} failed: ${r.stderr || r.stdout}`)
  }
  const data = path.join(dir, 'data')
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C'])
  const port = await freePort()
  run('pg_ctl', [
    '-D', data, '-l', path.join(dir, 'log'), '-w', '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`,
    'start',
  ])
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop'])
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    },
  }
}
