// The store reaches the sync layer only through its public entry, so sync/
// can change its insides without the store noticing (architecture.md).
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'

const HERE = path.dirname(fileURLToPath(import.meta.url))

it('src/db imports sync/ only through sync/index.ts', () => {
  const offending: string[] = []
  for (const file of readdirSync(HERE).filter((f) => /\.tsx?$/.test(f))) {
    const source = readFileSync(path.join(HERE, file), 'utf8')
    for (const m of source.matchAll(/from\s+['"]((?:\.\.\/)+sync\/[^'"]+)['"]/g)) {
      if (!m[1]!.endsWith('/sync/index.ts')) offending.push(`${file}: ${m[1]}`)
    }
  }
  expect(offending).toEqual([])
})
