// The production build keeps SheetJS out of what every page loads: the
// parser is ~160 KB gzipped and only the Excel import and the template need
// it. Reads dist/ as the global setup built it: the entry scripts and
// preloads the two HTML pages name, and every chunk they import statically
// (dynamic imports load later, on demand, and are allowed to reach SheetJS).
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ROOT } from '../support/cli-process.ts'

const ASSETS = path.join(ROOT, 'dist', 'assets')
/** SheetJS writes its name into the files it generates: a mark no other code in the app carries. */
const SHEETJS_MARK = 'SheetJS'

const chunk = (name: string) => readFileSync(path.join(ASSETS, name), 'utf8')

/** The chunks a page fetches before any code runs: script entries, module preloads and the landing page's own preload list. */
function pageChunks(html: string): string[] {
  return [...new Set([...html.matchAll(/\/assets\/([\w.-]+\.js)\b/g)].map((m) => m[1]!))]
}

/** Those chunks and, transitively, every chunk they import statically (`import … from "./x.js"`, `import "./x.js"`, `export … from "./x.js"`). */
function staticClosure(roots: string[]): Set<string> {
  const seen = new Set<string>()
  const queue = [...roots]
  while (queue.length > 0) {
    const name = queue.pop()!
    if (seen.has(name)) continue
    seen.add(name)
    for (const m of chunk(name).matchAll(/(?:\bfrom|\bimport)\s*["']\.\/([\w.-]+\.js)["']/g)) queue.push(m[1]!)
  }
  return seen
}

describe('the SheetJS chunk', () => {
  const files = readdirSync(ASSETS).filter((f) => f.endsWith('.js'))
  const withSheetJs = files.filter((f) => chunk(f).includes(SHEETJS_MARK))

  it('exists apart, for the main thread and for the import worker', () => {
    // Without it the checks below would prove nothing.
    expect(withSheetJs.some((f) => f.startsWith('xlsx-'))).toBe(true)
    expect(withSheetJs.some((f) => f.startsWith('excel.worker-'))).toBe(true)
  })

  for (const page of ['shell.html', 'index.html']) {
    it(`is neither in the entry chunk of ${page} nor in anything it preloads or imports statically`, () => {
      const roots = pageChunks(readFileSync(path.join(ROOT, 'dist', page), 'utf8'))
      expect(roots.some((f) => f.startsWith('index-')), `${page} names its entry`).toBe(true)
      const loaded = staticClosure(roots)
      expect([...loaded].filter((f) => withSheetJs.includes(f))).toEqual([])
    })
  }

  it('is not loaded by the products screen until a file is imported or the template downloaded', () => {
    const screen = files.filter((f) => /^products-screen-[\w-]+\.js$/.test(f))
    expect(screen).toHaveLength(1)
    const loaded = staticClosure(screen)
    expect([...loaded].filter((f) => withSheetJs.includes(f))).toEqual([])
  })
})
