// Vitest global setup: one production build of the PWA for every end-to-end
// file (each file building its own would overwrite dist/ under the others).
import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')

export default function buildApp(): void {
  execFileSync(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error'], {
    cwd: ROOT,
    stdio: 'inherit',
    // Vitest sets NODE_ENV=test, which Vite would build into the bundle: React's
    // development build, about three times slower to type into than what users run.
    env: { ...process.env, NODE_ENV: 'production' },
  })
}
