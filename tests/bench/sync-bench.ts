// npm run bench:sync — the sync engine in Chromium (on-disk IndexedDB, one
// browser profile per device) against an embedded stack started here, side
// by side with RxDB's own Supabase replication plugin (`replicateSupabase`,
// rxdb/plugins/replication-supabase) on the same rows and edits:
//
// 1. Initial pull: 10,000 products of one owner into a fresh store, from
//    startSync to all of them stored, against fetching the same pages with
//    supabase-js (1000 rows, ordered by _modified,id, same columns) and
//    writing each with a raw Dexie bulkPut. Runs alternate, a fresh browser profile each
//    time; medians. Target: ratio ≤ 2. Also, as a reference, the "floor":
//    the same pages written the way RxDB's replication must store them — the
//    document in its Dexie storage and the assumed master state in the meta
//    store, with their indexes — without any of RxDB's own work. Target: the
//    engine stays within 1.5× of that write floor. And the plugin: the same
//    10,000 rows, from replicateSupabase to all stored, into a collection of
//    its own (the app's product schema plus the server-owned columns it
//    stores, same Dexie storage, dev-mode off), pages of 1000, in the same
//    rotation. Printed: each figure for ours and the plugin (time, GETs,
//    IndexedDB work) and ours/plugin. Target: ours faster. Checked on
//    every engine and plugin run (the suite pulls only a few thousand rows):
//    all 10,000 stored, sampled ones with the server's values, nothing
//    pushed back; the engine in ten full pages and the empty one that ends
//    the pull (realtime may add up to two).
// 2. Offline edits: 250 products created and 250 updated while offline (the
//    engine told, requests refused), then online; HTTP requests until the
//    store is in sync. Target: ≤ 10 push requests. Then the same 250 + 250
//    edits through the plugin, for a second owner with the same seeded
//    products (offline as a browser is: navigator.onLine false and requests
//    refused, which RxDB's retry waits out until the 'online' event). For
//    both, the server is read back: all 500 edits, each with its values.
//    Printed for ours, the plugin and ours/plugin: push requests and the
//    time from going online to the answer to the last push (the server has
//    them all). Target: ours fewer and faster.
// 3. Propagation: two devices of one owner online; a write on A until B's
//    collection emits it, 20 writes. Target: every write < 1 s.
// Exits non-zero when a target is missed or the bench cannot run.
// SYNC_BENCH_RUNS sets the number of pull runs (default 5: the engine and the
// plugin both sit at the IndexedDB write floor, so their medians need the runs);
// SYNC_BENCH_PRODUCTS the products pulled (default 10,000; fewer only while
// developing the bench); SYNC_BENCH_PROFILE=<dir> writes a CPU profile of
// the page during the first engine pull.
import { createServer, type Server } from 'node:http'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { performance } from 'node:perf_hooks'
import { build } from 'esbuild'
import { chromium, type BrowserContext, type Page } from 'playwright-core'
import { CHROMIUM_ARGS, CHROMIUM_PATH, requireChromium } from '../support/browser.ts'
import { startTestStack, type Owner, type TestStack } from '../support/stack.ts'
import type { ProductSample, PullResult, PushResult } from './sync-bench/browser-entry.ts'

// SYNC_BENCH_PRODUCTS: fewer products while developing the bench; the targets are for 10,000.
const PRODUCTS = Number(process.env.SYNC_BENCH_PRODUCTS ?? 10_000)
// The engine's pull batch. The data API answers at most 1000 rows a request
// (max-rows, as on hosted Supabase), so a larger page is not an option.
const PAGE_SIZE = 1000
const PULL_RUNS = Number(process.env.SYNC_BENCH_RUNS ?? 5)
const EDIT_SEED = 250
const CREATES = 250
const UPDATES = 250
const WRITES = 20

const TARGET_RATIO = 2
// Full pages and the short (or empty) one that ends a pull.
const PULL_PAGES = Math.floor(PRODUCTS / PAGE_SIZE) + 1
// The engine against RxDB's write floor (see below).
const TARGET_FLOOR_RATIO = 1.5
const TARGET_PUSHES = 10
const TARGET_PROPAGATION_MS = 1000

// A .cpuprofile opens in DevTools' Performance panel.
const PROFILE_DIR = process.env.SYNC_BENCH_PROFILE

const HERE = path.dirname(fileURLToPath(import.meta.url))
const DEVICE_ARGS = [
  ...CHROMIUM_ARGS,
  // Both devices stay in the foreground: a hidden page's timers would be throttled.
  '--disable-background-timer-throttling', '--disable-renderer-backgrounding', '--disable-backgrounding-occluded-windows',
]

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  const mid = Math.floor(s.length / 2)
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2
}
const ms = (x: number) => `${Math.round(x)} ms`
const verdict = (ok: boolean) => (ok ? 'ok' : 'MISSED')

async function bundleEntry(dir: string): Promise<void> {
  await build({
    entryPoints: [path.join(HERE, 'sync-bench', 'browser-entry.ts')],
    outfile: path.join(dir, 'entry.js'),
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'chrome120',
    // Readable names in a profile; production code paths otherwise.
    minify: false,
    define: { 'process.env.NODE_ENV': '"production"', 'import.meta.env.DEV': 'false' },
    logLevel: 'error',
  })
}

async function serve(dir: string): Promise<{ server: Server; url: string }> {
  const js = readFileSync(path.join(dir, 'entry.js'))
  const html = '<!doctype html><meta charset="utf-8"><title>sync bench</title><script type="module" src="/entry.js"></script>'
  const server = createServer((req, res) => {
    if (req.url === '/entry.js') {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(js)
    } else if (req.url === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html)
    } else {
      // favicon.ico and the like: nothing, rather than a 404 in the console.
      res.writeHead(204).end()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  return { server, url: `http://127.0.0.1:${port}/` }
}

type DeviceBrowser = { name: string; context: BrowserContext; page: Page; profile: string }

/** One browser profile per device, so each has its own on-disk IndexedDB as two real devices would. */
async function launchDevice(name: string, appUrl: string): Promise<DeviceBrowser> {
  requireChromium()
  const profile = mkdtempSync(path.join(os.tmpdir(), `sync-bench-${name}-`))
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM_PATH, headless: true, args: DEVICE_ARGS })
  try {
    const page = context.pages()[0] ?? (await context.newPage())
    page.on('pageerror', (e) => console.error(`[${name}] page error: ${e.message}`))
    page.on('console', (m) => {
      // RxDB's advertisement for its paid storages is not a finding.
      if (m.text().includes('RxDB Open Core RxStorage')) return
      if (m.type() === 'error' || m.type() === 'warning') console.error(`[${name}] ${m.type()}: ${m.text()}`)
    })
    await page.goto(appUrl)
    await page.waitForFunction(() => 'syncBench' in window, undefined, { timeout: 10_000 })
    return { name, context, page, profile }
  } catch (error) {
    await context.close()
    rmSync(profile, { recursive: true, force: true, maxRetries: 5 })
    throw error
  }
}

async function closeDevice(d: DeviceBrowser): Promise<void> {
  await d.page.evaluate(() => window.syncBench.closeDevice()).catch(() => undefined)
  await d.context.close()
  rmSync(d.profile, { recursive: true, force: true, maxRetries: 5 })
}

/** Starts sampling the page's main thread; the returned function stops and writes the profile. */
async function startProfile(page: Page): Promise<() => Promise<string>> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 500 })
  await cdp.send('Profiler.start')
  return async () => {
    const { profile } = await cdp.send('Profiler.stop')
    await cdp.detach()
    mkdirSync(PROFILE_DIR!, { recursive: true })
    const file = path.resolve(PROFILE_DIR!, `sync-bench-engine-pull-${Date.now()}.cpuprofile`)
    writeFileSync(file, JSON.stringify(profile))
    return file
  }
}

async function signIn(d: DeviceBrowser, stack: TestStack, owner: Owner): Promise<void> {
  const opts = { url: stack.url, anonKey: stack.anonKey, email: owner.email, password: owner.password, ownerId: owner.user.id }
  await d.page.evaluate((o) => window.syncBench.signIn(o), opts)
}

const CURRENCIES = ['TRY', 'USD', 'EUR']
/** The seeded product number i, as the store must hold it. */
const seeded = (prefix: string, i: number): ProductSample => ({ name: `${prefix} ${i}`, price: (i % 500) + 0.99, stock: i % 40, currency: CURRENCIES[i % 3]! })

async function seedProducts(stack: TestStack, owner: Owner, total: number, prefix: string): Promise<void> {
  for (let start = 0; start < total; start += 1000) {
    const rows = Array.from({ length: Math.min(1000, total - start) }, (_, k) => {
      const i = start + k
      return {
        ...seeded(prefix, i),
        description: i % 3 === 0 ? null : `Açıklama ${i}: el yapımı, doğal malzemeden`,
        product_link: i % 4 === 0 ? `https://example.com/urun/${i}` : null,
      }
    })
    const { error } = await owner.client.from('products').insert(rows)
    if (error) throw new Error(`seeding products failed: ${error.message}`)
  }
  // The planner's statistics, as a long-running database would have them.
  await stack.db.query('analyze public.products')
}

async function initialPull(stack: TestStack, appUrl: string): Promise<boolean> {
  const owner = await stack.signUpOwner()
  await seedProducts(stack, owner, PRODUCTS, 'Ürün')
  const engine: PullResult[] = []
  const baseline: PullResult[] = []
  const floor: PullResult[] = []
  const plugin: PullResult[] = []
  // Each measurement gets a fresh browser profile: IndexedDB's background work
  // after writing and deleting 10,000 rows is not the next measurement's to pay.
  const measure = async <T>(name: string, run: (d: DeviceBrowser) => Promise<T>): Promise<T> => {
    const d = await launchDevice(name, appUrl)
    try {
      await signIn(d, stack, owner)
      return await run(d)
    } finally {
      await closeDevice(d)
    }
  }
  const runEngine = (i: number) => measure('pull-engine', async (d) => {
    const profiling = PROFILE_DIR !== undefined && i === 0 ? await startProfile(d.page) : undefined
    const samples = [0, 1, Math.floor(PRODUCTS / 2) - 1, PRODUCTS - 1].map((n) => seeded('Ürün', n))
    const r = await d.page.evaluate((o) => window.syncBench.enginePull(o), { name: `bench-engine-${i}`, expected: PRODUCTS, samples })
    if (profiling) console.info(`CPU profile of the first engine pull: ${await profiling()}`)
    if (r.count !== PRODUCTS) throw new Error(`the engine stored ${r.count} of ${PRODUCTS} products`)
    if (r.wrong.length > 0) throw new Error(`the engine stored products unlike the server's: ${r.wrong.join('; ')}`)
    if (r.pullRequests < PULL_PAGES || r.pullRequests > PULL_PAGES + 2) {
      throw new Error(`the engine pulled in ${r.pullRequests} requests, expected ${PULL_PAGES} pages, the last one short or empty (up to two more from realtime)`)
    }
    if (r.rpcRequests > 0) throw new Error(`the engine sent ${r.rpcRequests} pushes back during a pull`)
    engine.push(r)
  })
  const runBaseline = (i: number) => measure('pull-baseline', async (d) => {
    baseline.push(await d.page.evaluate((o) => window.syncBench.baselinePull(o), { name: `bench-dexie-${i}`, expected: PRODUCTS, pageSize: PAGE_SIZE }))
  })
  const runFloor = (i: number) => measure('pull-floor', async (d) => {
    floor.push(await d.page.evaluate((o) => window.syncBench.floorPull(o), { name: `bench-floor-${i}`, expected: PRODUCTS, pageSize: PAGE_SIZE }))
  })
  const runPlugin = (i: number) => measure('pull-plugin', async (d) => {
    const samples = [0, 1, Math.floor(PRODUCTS / 2) - 1, PRODUCTS - 1].map((n) => seeded('Ürün', n))
    const r = await d.page.evaluate((o) => window.syncBench.pluginPull(o), { name: `bench-plugin-${i}`, expected: PRODUCTS, samples, pageSize: PAGE_SIZE })
    if (r.count !== PRODUCTS) throw new Error(`RxDB's plugin stored ${r.count} of ${PRODUCTS} products`)
    if (r.wrong.length > 0) throw new Error(`RxDB's plugin stored products unlike the server's: ${r.wrong.join('; ')}`)
    if (r.rpcRequests > 0) throw new Error(`RxDB's plugin wrote ${r.rpcRequests} products back during a pull`)
    plugin.push(r)
  })
  for (let i = 0; i < PULL_RUNS; i++) {
    const order = [runEngine, runBaseline, runFloor, runPlugin]
    // Rotated each run, so no kind always goes first.
    for (let k = 0; k < order.length; k++) await order[(i + k) % order.length]!(i)
  }
  const e = median(engine.map((r) => r.ms))
  const b = median(baseline.map((r) => r.ms))
  const ratio = e / b
  const n = (x: number) => x.toLocaleString('en')
  const row = (label: string, rs: PullResult[]) => {
    const { idb } = rs[0]!
    return [
      `${label.padEnd(9)} median ${ms(median(rs.map((r) => r.ms))).padStart(8)}   runs ${rs.map((r) => ms(r.ms)).join(', ')}`,
      `          ${rs[0]!.pullRequests} GETs (median time waiting on them ${ms(median(rs.map((r) => r.networkMs)))}); ` +
        `IndexedDB ${n(idb.reads)} reads + ${n(idb.writes)} writes in ${n(idb.transactions)} transactions`,
    ].join('\n')
  }
  console.info(`\n[initial pull] ${n(PRODUCTS)} products, pages of ${PAGE_SIZE}, fresh browser profile each run, ${PULL_RUNS} runs alternating`)
  console.info(`          every engine run: all stored, samples as on the server, ${engine.map((r) => r.pullRequests).join('/')} page requests, no pushes`)
  console.info(row('engine', engine))
  console.info(row('baseline', baseline) + '  (supabase-js + Dexie bulkPut)')
  console.info(row('floor', floor) + '  (the same pages written as RxDB must: document + replication meta)')
  console.info(row('plugin', plugin) + "  (RxDB's replicateSupabase, pages of the same size)")
  console.info(`ratio     ${ratio.toFixed(2)}×  (target ≤ ${TARGET_RATIO.toFixed(1)}×)  ${verdict(ratio <= TARGET_RATIO)}`)
  const f = median(floor.map((r) => r.ms))
  const floorRatio = e / f
  console.info(`          floor/baseline ${(f / b).toFixed(2)}×: what RxDB's two writes per pulled row cost before any of its own work`)
  console.info(`engine/floor ${floorRatio.toFixed(2)}×  (target: the engine stays within ${TARGET_FLOOR_RATIO}× of RxDB's own write floor)  ${verdict(floorRatio <= TARGET_FLOOR_RATIO)}`)
  const p = median(plugin.map((r) => r.ms))
  const pullFaster = e < p
  console.info(`vs plugin pull time ${ms(e)} ours, ${ms(p)} RxDB's plugin: ${(e / p).toFixed(2)}×  (target: ours faster)  ${verdict(pullFaster)}`)
  const [eg, pg] = [median(engine.map((r) => r.pullRequests)), median(plugin.map((r) => r.pullRequests))]
  console.info(`          requests ${eg} ours, ${pg} RxDB's plugin: ${(eg / pg).toFixed(2)}×  (median GETs of /rest/v1/products; ours also pulls customers and appointments)`)
  return ratio <= TARGET_RATIO && floorRatio <= TARGET_FLOOR_RATIO && pullFaster
}

/** Every one of the offline edits on the server, with the values the device wrote; throws otherwise. */
async function checkEditsOnServer(owner: Owner, tag: string, who: string): Promise<void> {
  const { data, error } = await owner.client.from('products').select('name,description,price,currency,stock').like('name', `%${tag}%`)
  if (error) throw new Error(`reading ${who}'s edits back failed: ${error.message}`)
  const byName = new Map((data ?? []).map((r) => [r.name as string, r as Record<string, unknown>]))
  const wrong: string[] = []
  const expect = (name: string, want: Record<string, unknown>) => {
    const got = byName.get(name)
    const same = got && Object.entries(want).every(([k, v]) => (k === 'price' ? Number(got[k]) === v : got[k] === v))
    if (!same) wrong.push(`${name}: ${got ? JSON.stringify(got) : 'missing'}`)
  }
  for (let i = 0; i < CREATES; i++) expect(`${tag} ${i}`, { description: 'Çevrimdışı eklendi', price: 10 + (i % 90) + 0.5, currency: 'TRY', stock: i % 7 })
  for (let i = 0; i < UPDATES; i++) {
    const s = seeded('Mevcut ürün', i)
    expect(`${s.name} ${tag}`, { price: s.price, currency: s.currency, stock: s.stock + 1 })
  }
  if (byName.size !== CREATES + UPDATES) wrong.push(`${byName.size} products carry the tag, ${CREATES + UPDATES} expected`)
  if (wrong.length > 0) throw new Error(`the server does not hold ${who}'s ${CREATES + UPDATES} edits as made (${wrong.length} wrong): ${wrong.slice(0, 5).join('; ')}`)
}

const byPathText = (push: PushResult) => Object.entries(push.byPath).map(([p, n]) => `${n}× ${p}`).join(', ')

/** The same offline edits made through RxDB's Supabase plugin, for another owner with the same seeded products. */
async function pluginOfflineEdits(stack: TestStack, appUrl: string): Promise<PushResult> {
  const owner = await stack.signUpOwner()
  await seedProducts(stack, owner, EDIT_SEED, 'Mevcut ürün')
  const d = await launchDevice('plugin-device', appUrl)
  try {
    await signIn(d, stack, owner)
    await d.page.evaluate((o) => window.syncBench.openPluginDevice(o), { name: 'bench-plugin-device', expected: EDIT_SEED, pageSize: PAGE_SIZE })
    const tag = `çevrimdışı-eklenti-${Date.now()}`
    await d.page.evaluate(() => window.syncBench.pluginGoOffline())
    const edits = await d.page.evaluate((o) => window.syncBench.pluginOfflineEdits(o), { creates: CREATES, updates: UPDATES, tag })
    const push = await d.page.evaluate((o) => window.syncBench.pluginGoOnline(o), { settleMs: 1000 })
    await checkEditsOnServer(owner, tag, "RxDB's plugin")
    console.info(`\n[offline edits, RxDB's plugin] the same ${CREATES} + ${UPDATES} edits (local writes ${ms(edits.ms)}): the page offline (navigator.onLine false, requests refused), then online`)
    console.info(`push requests   ${push.push}  (each document its own insert or update)`)
    console.info(`total requests  ${push.total}  (${byPathText(push)})`)
    console.info(`server has all  ${ms(push.serverMs)}, in sync after ${ms(push.ms)}  (server checked: all ${CREATES + UPDATES} edits with their values)`)
    return push
  } finally {
    await closeDevice(d)
  }
}

async function offlinePushAndPropagation(stack: TestStack, appUrl: string): Promise<{ ok: boolean; push: PushResult }> {
  const owner = await stack.signUpOwner()
  await seedProducts(stack, owner, EDIT_SEED, 'Mevcut ürün')
  const a = await launchDevice('device-a', appUrl)
  let b: DeviceBrowser | undefined
  try {
    await signIn(a, stack, owner)
    await a.page.evaluate((o) => window.syncBench.openDevice(o), { name: 'bench-device-a', expected: EDIT_SEED })

    // 2. Offline edits.
    const tag = `çevrimdışı-${Date.now()}`
    await a.page.evaluate(() => window.syncBench.goOffline())
    const edits = await a.page.evaluate((o) => window.syncBench.offlineEdits(o), { creates: CREATES, updates: UPDATES, tag })
    const push = await a.page.evaluate((o) => window.syncBench.goOnline(o), { settleMs: 1000 })
    await checkEditsOnServer(owner, tag, 'the engine')
    const pushOk = push.push <= TARGET_PUSHES
    console.info(`\n[offline edits] ${CREATES} created + ${UPDATES} updated offline (local writes ${ms(edits.ms)}, ${edits.pending} pending), then online`)
    console.info(`push requests   ${push.push}  (target ≤ ${TARGET_PUSHES})  ${verdict(pushOk)}`)
    console.info(`total requests  ${push.total}  (${byPathText(push)})`)
    console.info(`server has all  ${ms(push.serverMs)}, in sync after ${ms(push.ms)}  (server checked: all ${CREATES + UPDATES} edits with their values)`)

    // 3. Propagation between two devices of the same owner.
    b = await launchDevice('device-b', appUrl)
    await signIn(b, stack, owner)
    await b.page.evaluate((o) => window.syncBench.openDevice(o), { name: 'bench-device-b', expected: EDIT_SEED + CREATES })
    const latencies: number[] = []
    let lastId = ''
    for (let i = 0; i < WRITES; i++) {
      // Inserts and updates alternate: both travel the same push, realtime and pull path.
      const insert = i % 2 === 0
      const id = insert ? crypto.randomUUID() : lastId
      lastId = id
      const name = `Yayılım ${i} ${tag}`
      await b.page.evaluate((o) => window.syncBench.watch(o), { id, name })
      const sentAt = await a.page.evaluate((o) => window.syncBench.write(o), { id, name, insert })
      const seenAt = await b.page.evaluate((o) => window.syncBench.seen(o), { id, timeoutMs: 15_000 })
      latencies.push(seenAt - sentAt)
      // Writes a person makes, not a burst: each starts from a quiet engine.
      await new Promise((r) => setTimeout(r, 200))
    }
    const max = Math.max(...latencies)
    const propagationOk = max < TARGET_PROPAGATION_MS
    console.info(`\n[propagation] ${WRITES} writes on device A (inserts and updates alternating), until device B's collection emits them`)
    console.info(`median ${ms(median(latencies))}, max ${ms(max)}  (target: every write < ${TARGET_PROPAGATION_MS} ms)  ${verdict(propagationOk)}`)
    console.info(`  ${latencies.map((x) => Math.round(x)).join(', ')} ms`)
    return { ok: pushOk && propagationOk, push }
  } finally {
    if (b) await closeDevice(b)
    await closeDevice(a)
  }
}

/** Ours against RxDB's plugin on the same 500 offline edits: fewer requests and sooner on the server. */
function comparePushes(ours: PushResult, theirs: PushResult): boolean {
  const fewer = ours.push < theirs.push
  const sooner = ours.serverMs < theirs.serverMs
  console.info(`\n[offline edits: ours vs RxDB's plugin] ${CREATES + UPDATES} edits, until the server has them all`)
  console.info(`push requests   ${ours.push} ours, ${theirs.push} RxDB's plugin: ${(ours.push / theirs.push).toFixed(3)}×  (target: ours fewer)  ${verdict(fewer)}`)
  console.info(`push time       ${ms(ours.serverMs)} ours, ${ms(theirs.serverMs)} RxDB's plugin: ${(ours.serverMs / theirs.serverMs).toFixed(2)}×  (target: ours faster)  ${verdict(sooner)}`)
  return fewer && sooner
}

async function main() {
  const t0 = performance.now()
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sync-bench-'))
  let stack: TestStack | undefined
  let server: Server | undefined
  let ok = false
  try {
    await bundleEntry(dir)
    const served = await serve(dir)
    server = served.server
    stack = await startTestStack('pglite')
    const pullOk = await initialPull(stack, served.url)
    const ours = await offlinePushAndPropagation(stack, served.url)
    const theirs = await pluginOfflineEdits(stack, served.url)
    const pushOk = comparePushes(ours.push, theirs)
    ok = pullOk && ours.ok && pushOk
  } finally {
    server?.close()
    await stack?.close()
    rmSync(dir, { recursive: true, force: true })
  }
  console.info(`\nbench:sync took ${((performance.now() - t0) / 1000).toFixed(1)} s`)
  if (!ok) process.exitCode = 1
}

main().catch((err: unknown) => {
  console.error(`sync bench could not run: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`)
  process.exitCode = 1
})
