// Runs before `npm test`: the suite needs PostgreSQL 15 server binaries (the
// stack is tested on real Postgres as well as PGlite) and Chromium. On a fresh Debian
// machine they are installed here; anywhere else the run stops with what is missing.
import { existsSync } from 'node:fs'
import { execSync } from 'node:child_process'

const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin'
const needs = []
if (!existsSync(`${PG_BIN}/initdb`) || !existsSync(`${PG_BIN}/pg_ctl`)) needs.push('postgresql-15')
// End-to-end tests drive Debian's headless Chromium (Playwright's own browser
// download is not used); tests/support/browser.ts says why the headless shell.
// Chromium 150 (bookworm's main archive) keeps navigator.onLine true in an
// offline context served by a service worker, so the offline tests need the
// release that bookworm-security carries; an older one is upgraded.
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell'
const MIN_CHROMIUM_MAJOR = 156
if (!existsSync(CHROMIUM_PATH)) needs.push('chromium-headless-shell', 'fonts-dejavu-core')
else if (!process.env.CHROMIUM_PATH && chromiumMajor(CHROMIUM_PATH) < MIN_CHROMIUM_MAJOR) needs.push('chromium-headless-shell')

function chromiumMajor(path) {
  try {
    return Number(/Chromium (\d+)\./.exec(execSync(`${path} --version`, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }))?.[1] ?? 0)
  } catch {
    return 0
  }
}

if (needs.length) {
  const canApt = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')
  if (!canApt) {
    console.error(`Missing system packages for the tests: ${needs.join(' ')} (PostgreSQL 15 server binaries in ${PG_BIN}, Chromium ${MIN_CHROMIUM_MAJOR} or newer). Install them, or set PG_BIN / CHROMIUM_PATH.`)
    process.exit(1)
  }
  console.info(`Installing ${needs.join(' ')} from Debian…`)
  execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${needs.join(' ')}`, { stdio: 'inherit' })
}
