// Where the Deno binary is: DENO_BIN when set, else the platform package that
// npm installs (the `deno` npm package's own per-platform binaries), so the
// project needs no download outside the npm registry.
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

/** The version the project pins; keep in step with package.json. */
export const DENO_VERSION = '2.9.6'

function platformPackage(): { name: string; exe: string } | undefined {
  const arch = process.arch === 'x64' ? 'x64' : process.arch === 'arm64' ? 'arm64' : undefined
  if (!arch) return undefined
  if (process.platform === 'linux') return { name: `@deno/linux-${arch}-glibc`, exe: 'deno' }
  if (process.platform === 'darwin') return { name: `@deno/darwin-${arch}`, exe: 'deno' }
  if (process.platform === 'win32') return { name: `@deno/win32-${arch}`, exe: 'deno.exe' }
  return undefined
}

export function findDeno(): string {
  const fromEnv = process.env.DENO_BIN
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`DENO_BIN=${fromEnv} does not exist`)
    return fromEnv
  }
  const pkg = platformPackage()
  if (pkg) {
    try {
      const dir = path.dirname(createRequire(import.meta.url).resolve(`${pkg.name}/package.json`))
      const bin = path.join(dir, pkg.exe)
      if (existsSync(bin)) return bin
    } catch {
      // not installed: explained below
    }
  }
  const name = pkg?.name ?? '@deno/<platform>'
  throw new Error(
    `The Deno binary was not found. Install it from npm with \`npm install --save-dev --save-exact ${name}@${DENO_VERSION}\` ` +
      `(or point DENO_BIN at a deno executable).`,
  )
}

/**
 * Environment for running Deno offline against the project's node_modules:
 * its own cache directory, no update check, no colours in output.
 */
export function denoEnv(projectRoot: string, extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DENO_DIR: process.env.DENO_DIR ?? path.join(projectRoot, 'node_modules', '.cache', 'deno'),
    DENO_NO_UPDATE_CHECK: '1',
    NO_COLOR: '1',
    ...extra,
  }
}
