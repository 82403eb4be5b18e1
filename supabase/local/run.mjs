// Entry of `npm run stack` and `npm start`. The stack is TypeScript; compiling
// it module by module at every start (tsx) costs about a second, so it is
// bundled once with esbuild into .data/build and rebuilt only when a source
// under supabase/local changes. Packages stay external (PGlite finds its WASM
// beside its own module), and each file keeps its own import.meta.url so the
// SQL files it reads are found where they are.
import { build } from 'esbuild'
import { readFileSync, readdirSync, renameSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const here = path.dirname(fileURLToPath(import.meta.url))
const outfile = path.resolve(here, '..', '..', '.data', 'build', 'stack-cli.mjs')

function newestSource(dir) {
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(full))
    else if (/\.(ts|mjs)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) newest = Math.max(newest, statSync(full).mtimeMs)
  }
  return newest
}

function builtAt() {
  try {
    return statSync(outfile).mtimeMs
  } catch {
    return 0
  }
}

const ownImportMetaUrl = {
  name: 'own-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, (args) => ({
      contents: readFileSync(args.path, 'utf8').replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
      loader: 'ts',
    }))
  },
}

if (builtAt() < newestSource(here)) {
  // Built beside its final name and renamed: a concurrent start never imports a half-written file.
  const tmp = `${outfile}.${process.pid}.tmp.mjs`
  await build({
    entryPoints: [path.join(here, 'cli.ts')],
    outfile: tmp,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'inline',
    logLevel: 'warning',
    plugins: [ownImportMetaUrl],
  })
  renameSync(tmp, outfile)
}

await import(pathToFileURL(outfile).href)
