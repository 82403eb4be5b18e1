// Starts a throwaway PostgreSQL 15 cluster in a temporary directory for tests
// that must prove the migrations and the stack on real Postgres, not only on
// PGlite. Fails loudly (never skips) when the server binaries are missing.
import { execFileSync, spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { chmodSync, chownSync, existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs'
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

const INITDB_ARGS = ['-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C']

/** Runs a server binary, as the postgres user when this process is root (initdb and postgres refuse root). */
function runAsPostgres(bin: string, args: string[]): void {
  const asRoot = process.getuid?.() === 0
  const cmd = asRoot ? 'runuser' : bin
  const full = asRoot ? ['-u', 'postgres', '--', bin, ...args] : args
  const r = spawnSync(cmd, full, { encoding: 'utf8' })
  if (r.status !== 0) throw new Error(`${path.basename(bin)} failed: ${r.stderr || r.stdout}`)
}

/** A new directory that the server's user owns, as initdb wants it. */
function serverOwnedTempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix))
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim())
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim())
    chownSync(dir, uid, gid)
    chmodSync(dir, 0o700)
  }
  return dir
}

/**
 * A freshly initialised cluster for this server version, made once in the
 * temporary folder and copied for each server: a copy takes a tenth of
 * initdb's half second, and the suites start a hundred servers. The folder is
 * renamed into place, so servers starting at once never copy half of one.
 */
let clusterPath: string | undefined
function initdbCluster(): string {
  if (!clusterPath) {
    const version = execFileSync(path.join(PG_BIN, 'initdb'), ['--version'], { encoding: 'utf8' })
    const key = createHash('sha256').update(version).update(INITDB_ARGS.join(' ')).digest('hex').slice(0, 16)
    clusterPath = path.join(tmpdir(), `pg15-initdb-${key}`)
  }
  const cluster = clusterPath
  if (existsSync(path.join(cluster, 'PG_VERSION'))) return cluster
  const making = serverOwnedTempDir('pg15-initdb-making-')
  try {
    runAsPostgres(path.join(PG_BIN, 'initdb'), ['-D', path.join(making, 'data'), ...INITDB_ARGS])
    renameSync(path.join(making, 'data'), cluster)
  } catch (e) {
    if (!existsSync(path.join(cluster, 'PG_VERSION'))) throw e
  } finally {
    rmSync(making, { recursive: true, force: true })
  }
  return cluster
}

export async function startTempPostgres(): Promise<TempPostgres> {
  const initdb = path.join(PG_BIN, 'initdb')
  if (!existsSync(initdb)) {
    throw new Error(
      `PostgreSQL 15 server binaries not found at ${PG_BIN} (install the Debian package postgresql-15, or set PG_BIN)`,
    )
  }
  const cluster = initdbCluster()
  const dir = serverOwnedTempDir('pg15-')
  const data = path.join(dir, 'data')
  // cp -a as the server's user: the copy keeps the owner and the 0700 the server insists on.
  runAsPostgres('cp', ['-a', cluster, data])
  const port = await freePort()
  runAsPostgres(path.join(PG_BIN, 'pg_ctl'), [
    '-D', data, '-l', path.join(dir, 'log'), '-w', '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`,
    'start',
  ])
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      try {
        runAsPostgres(path.join(PG_BIN, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop'])
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    },
  }
}
