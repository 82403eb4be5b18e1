// npm run bench:products — how fast the products screen's heavy paths are.
//
// Parts (choose with --part=<name>; all by default):
//   parse    Node: a 10,000-row workbook, generated here, through the import's
//            parseWorkbook (read + row validation) against SheetJS's bare
//            XLSX.read of the same bytes, with the options the import reads
//            with (READ_OPTIONS: first sheet, dense, values only), in the same
//            run. Targets: parse and validation ≤ 1.5 s, and ≤ 1.5× the bare
//            read. Also prints the
//            domain search's per-keystroke cost over 10,000 products (Node,
//            no rendering: a floor for the screen, not the screen's figure).
//   browser  Chromium: first rendered rows on the first visit after a
//            reload, and per-keystroke search, with 10,000 products in the
//            local store (products-browser.ts). Targets ≤ 300 ms and ≤ 50 ms.
//
// Each figure is the median of several runs after a warm-up (set the count
// with PRODUCTS_BENCH_RUNS). Exits non-zero when a target is missed.
import os from 'node:os'
import * as XLSX from 'xlsx'
import { EXCEL_COLUMNS } from '../../domain/products/excel.ts'
import { createSearchIndex } from '../../domain/products/search.ts'
import { parseWorkbook, READ_OPTIONS } from '../../src/features/products/excel/parse-workbook.ts'
import { runBrowserPart } from './products-browser.ts'

const ROWS = 10_000
const RUNS = Math.max(1, Number(process.env.PRODUCTS_BENCH_RUNS ?? 7))
const TARGET_PARSE_MS = 1_500
const TARGET_RATIO = 1.5

type PartOutcome = { ok: boolean }
type Part = { name: string; run(): Promise<PartOutcome> }

const NAMES = ['Seramik Vazo', 'Filtre Kahve', 'Zeytinyağı', 'Bakır Cezve', 'İpek Eşarp', 'Işıklı Ayna', 'Çay Bardağı', 'Lokum Kutusu']
const CURRENCIES = ['TRY', 'USD', 'EUR', 'GBP']

/** A realistic upload: template columns, Turkish text, a link on most rows. */
function generateWorkbook(rows: number): Uint8Array {
  const data: unknown[][] = [[...EXCEL_COLUMNS]]
  for (let i = 0; i < rows; i++) {
    data.push([
      `${NAMES[i % NAMES.length]} ${i + 1}`,
      i % 4 === 0 ? '' : `El yapımı, özenle paketlenmiş ürün numarası ${i + 1}; İstanbul deposundan gönderilir`,
      Math.round((5 + (i % 997) * 1.37) * 100) / 100,
      CURRENCIES[i % CURRENCIES.length],
      i % 250,
      i % 3 === 0 ? '' : `https://magaza.ornek.com.tr/urun/${i + 1}`,
    ])
  }
  const book = XLSX.utils.book_new()
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(data), 'Ürünler')
  return new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx', compression: true }) as ArrayBuffer)
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

async function time(fn: () => unknown): Promise<number> {
  const start = performance.now()
  await fn()
  return performance.now() - start
}

const ms = (value: number) => `${value.toFixed(0)} ms`
const spread = (values: number[]) => `(${ms(Math.min(...values))}–${ms(Math.max(...values))})`

const parsePart: Part = {
  name: 'parse',
  async run() {
    const bytes = generateWorkbook(ROWS)
    // Other work on the machine moves these figures a lot; the load average says how much to trust a run.
    const load = os.loadavg()[0]!.toFixed(1)
    console.info(`parse: ${ROWS.toLocaleString('en')} rows, ${(bytes.length / 1024).toFixed(0)} KB .xlsx, median of ${RUNS} runs (load ${load} on ${os.cpus().length} CPUs)`)

    // Warm-up: the dynamic import of SheetJS and the JIT, once, outside the figures.
    const check = await parseWorkbook(bytes)
    if (check.products.length !== ROWS || check.errors.length !== 0) {
      console.error(`parse: expected ${ROWS} valid rows, got ${check.products.length} and ${check.errors.length} errors`)
      return { ok: false }
    }
    // What parseWorkbook asks of SheetJS for these bytes, and nothing else: the ratio is the import's own overhead.
    const bareRead = () => XLSX.read(bytes, { ...READ_OPTIONS, type: 'array' })
    bareRead()

    const bare: number[] = []
    const ours: number[] = []
    // Alternate the two so drift on a busy machine affects both alike.
    for (let i = 0; i < RUNS; i++) {
      bare.push(await time(bareRead))
      ours.push(await time(() => parseWorkbook(bytes)))
    }
    const bareMs = median(bare)
    const oursMs = median(ours)
    const ratio = oursMs / bareMs
    const parseOk = oursMs <= TARGET_PARSE_MS
    const ratioOk = ratio <= TARGET_RATIO
    console.info(`  bare XLSX.read          ${ms(bareMs)}  ${spread(bare)}   (the import's read options)`)
    console.info(`  parse + validation      ${ms(oursMs)}  ${spread(ours)}   target ≤ ${ms(TARGET_PARSE_MS)}: ${parseOk ? 'ok' : 'MISSED'}`)
    console.info(`  ratio to bare read      ${ratio.toFixed(2)}×   target ≤ ${TARGET_RATIO}×: ${ratioOk ? 'ok' : 'MISSED'}`)

    // The screen's filter over what an import of this size leaves in the store.
    const index = createSearchIndex(check.products)
    const keystrokes = ['i', 'is', 'ist', 'ista', 'istan', 'istanb', 'istanbu', 'istanbul', 'istanbu', 'ış', 'ışı', 'ışık']
    const perKey: number[] = []
    for (let i = 0; i < RUNS; i++) for (const query of keystrokes) perKey.push(await time(() => index.filter(query)))
    const buildMs = median(await Promise.all(Array.from({ length: RUNS }, () => time(() => createSearchIndex(check.products)))))
    console.info(`  search index build      ${ms(buildMs)}   (domain only, Node)`)
    console.info(`  search per keystroke    ${median(perKey).toFixed(2)} ms median, ${Math.max(...perKey).toFixed(2)} ms worst   (domain only, Node)`)
    return { ok: parseOk && ratioOk }
  },
}

const browserPart: Part = {
  name: 'browser',
  run: () => runBrowserPart(Math.max(3, RUNS)),
}

async function main(): Promise<void> {
  const requested = process.argv.find((arg) => arg.startsWith('--part='))?.slice('--part='.length)
  const parts = [parsePart, browserPart]
  if (requested && !parts.some((p) => p.name === requested)) {
    console.error(`unknown part "${requested}"; parts: ${parts.map((p) => p.name).join(', ')}`)
    process.exit(2)
  }
  let ok = true
  for (const part of parts) {
    if (requested && part.name !== requested) continue
    const outcome = await part.run()
    ok &&= outcome.ok
  }
  process.exit(ok ? 0 : 1)
}

await main()
