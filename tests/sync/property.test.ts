// Random interleavings of offline edits on two devices of one owner, with
// reconnects in between, against the real store, engine and stack.
//
// A run: both devices start holding one product and one customer, in sync
// and offline. Then rounds: edits on either device in any order (create,
// change one field, delete — of products and customers), followed by
// reconnects of one device or both, in either order. A reconnect takes the
// device online until it has pushed and pulled everything, then offline
// again, so only one device is ever online and pushes reach the server in
// the order of the reconnects. At the end both go online together.
//
// An edit is what a push carries: the difference between the device's store
// and what it held after its previous reconnect (setting a field to the value
// it already had is no edit). It is acknowledged once that push has reached
// the server, i.e. when the reconnect ends; edits still unsent at the end are
// pushed during the final reconnect, after every acknowledged one.
//
// Asserted:
//   1. After each reconnect of device D, the server holds exactly its state
//      before with D's edits applied by the stated rule, per document:
//        - a field D changed takes D's value (the push that reaches the
//          server last keeps its value), every other field keeps the server's;
//        - a document D changed is live afterwards, even if the other device
//          had deleted it (the edit wins over the delete);
//        - a document D deleted is deleted afterwards unless the server had
//          changed it since D last saw it (then it stays, with D's own
//          changes made before deleting);
//        - documents D created appear as D wrote them; nothing else moves.
//      D's store then equals the server's live rows.
//   2. After the final reconnect of both devices: both stores equal the
//      server's live rows, nothing is pending, sync is idle, and every
//      document is as if the two devices' remaining edits had reached the
//      server one after the other, in one order or the other.
//   3. No acknowledged edit is lost: after convergence, every field of every
//      live document holds the value of the last acknowledged edit of that
//      field (by reconnect order) or the value of an edit unsent until the
//      end. (A create edits every field; a delete carries the values the
//      device held.) This follows from 1 and 2 and is checked on its own.
//
// The fields compared are every column of the table config (sync/tables.ts);
// the steps edit a few of them, and a check below holds the scenario's fields
// to the config, so a column added there is compared here at once and a
// required one cannot be forgotten.
import { afterAll, beforeAll, expect, it } from 'vitest'
import fc from 'fast-check'
import { startTestStack, type Owner, type TestStack } from '../support/stack.ts'
import { sameField } from '../../sync/merge.ts'
import { fromServerRow } from '../../sync/rows.ts'
import { SYNCED_TABLES, SYNCED_TABLE_RULES, editableColumns, type EditableColumn } from '../../sync/index.ts'
import { canonical, closeAll, converged, eventually, newId, nowIso, openDevice, storeSnapshot, type Device, type Snapshot } from './devices.ts'

// Appointments point at customers; their edits are not part of these scenarios.
type Table = 'products' | 'customers'
type Fields = Record<string, unknown>
type Scenario<T extends Table, V> = Partial<Record<EditableColumn<T>, V>>

// Few fields and few values, so that the two devices often edit the same field, sometimes to the same value.
const VALUES: { [T in Table]: Scenario<T, fc.Arbitrary<unknown>> } = {
  products: {
    name: fc.constantFrom('Kahve', 'Çay', 'Salep'),
    price: fc.constantFrom(12.5, 20, 99.99),
    description: fc.constantFrom(undefined, 'Taze', 'İndirimli'),
  },
  customers: {
    name: fc.constantFrom('Ayşe', 'Mehmet', 'Zeynep'),
    email: fc.constantFrom(undefined, 'a@ornek.com.tr', 'b@ornek.com.tr'),
    notes: fc.constantFrom(undefined, 'VIP', 'Geç gelir'),
  },
}
/** Required columns no step edits. */
const FIXED: { [T in Table]: Scenario<T, unknown> } = {
  products: { currency: 'TRY', stock: 3 },
  customers: { phone_number: '+905320000001' },
}
const TABLES = SYNCED_TABLES.filter((t): t is Table => t in VALUES)

/** The columns steps edit. */
const editedOf = (table: Table) => Object.keys(VALUES[table])
/** The columns compared: all of the table's. */
const fieldsOf = (table: Table) => editableColumns(table)

type Step =
  | { kind: 'create'; dev: 0 | 1; table: Table; values: Fields }
  | { kind: 'update'; dev: 0 | 1; table: Table; pick: number; field: string; value: unknown }
  | { kind: 'delete'; dev: 0 | 1; table: Table; pick: number }
  | { kind: 'sync'; dev: 0 | 1 }

const dev = fc.constantFrom<0 | 1>(0, 1)
const tableArb = fc.constantFrom<Table>('products', 'customers')
const edit: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 1,
    arbitrary: tableArb.chain((table) =>
      fc.record({ kind: fc.constant('create' as const), dev, table: fc.constant(table), values: fc.record(VALUES[table] as Record<string, fc.Arbitrary<unknown>>) }),
    ),
  },
  {
    weight: 6,
    arbitrary: tableArb.chain((table) =>
      fc.constantFrom(...editedOf(table)).chain((field) =>
        fc.record({
          kind: fc.constant('update' as const),
          dev,
          table: fc.constant(table),
          pick: fc.nat(1),
          field: fc.constant(field),
          value: (VALUES[table] as Record<string, fc.Arbitrary<unknown>>)[field]!,
        }),
      ),
    ),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), dev, table: tableArb, pick: fc.nat(1) }) },
)
// A round: offline edits on either device in any order, then reconnects of one
// device or of both in either order (a device left out keeps editing on an old base).
const round: fc.Arbitrary<Step[]> = fc
  .record({ edits: fc.array(edit, { maxLength: 4 }), syncs: fc.constantFrom<Array<0 | 1>>([0], [1], [0, 1], [1, 0]) })
  .map(({ edits, syncs }) => [...edits, ...syncs.map((d) => ({ kind: 'sync' as const, dev: d }))])
const scenario: fc.Arbitrary<Step[]> = fc.array(round, { minLength: 1, maxLength: 3 }).map((rounds) => rounds.flat())

/** A document as the server holds it (tombstones included), in the one spelling of canonical(). */
type Row = { table: Table; deleted: boolean; doc: Fields }
type World = Map<string, Row>

/** What a device holds: its live documents, and what it keeps of those it deleted since its last reconnect (created ones too). */
type Local = { live: Snapshot; tombstones: Map<string, { table: Table; doc: Fields }> }

let stack: TestStack
beforeAll(async () => {
  stack = await startTestStack('pglite')
})
afterAll(async () => {
  await stack?.close()
})

async function serverWorld(owner: Owner): Promise<World> {
  const world: World = new Map()
  for (const table of TABLES) {
    // As JSON, the way the data API answers: instants and numerics in the spelling fromServerRow expects.
    const { rows } = await stack.db.query<{ json: string }>(`select to_jsonb(t)::text as json from public.${table} t where user_id = $1`, [owner.user.id])
    for (const r of rows.map((x) => JSON.parse(x.json) as Fields)) world.set(String(r.id), { table, deleted: Boolean(r._deleted), doc: canonical(table, fromServerRow(table, r) as unknown as Fields) })
  }
  return world
}

async function localState(d: Device, base: Snapshot, created: Set<string>): Promise<Local> {
  const live = await storeSnapshot(d)
  const tombstones: Local['tombstones'] = new Map()
  for (const table of TABLES) {
    const kept = new Set(live[table].map((doc) => String(doc.id)))
    const gone = [...base[table].map((doc) => String(doc.id)), ...created].filter((id) => !kept.has(id))
    for (const t of await d.db[table].storageInstance.findDocumentsById(gone, true)) tombstones.set(t.id, { table, doc: canonical(table, t as unknown as Fields) })
  }
  return { live, tombstones }
}

const changedFields = (table: Table, doc: Fields, base: Fields | undefined) =>
  fieldsOf(table).filter((f) => !base || !sameField(table, f, doc, base))

function overlay(onto: Fields, from: Fields, fields: string[]): Fields {
  const out = { ...onto }
  for (const f of fields) {
    if (from[f] === undefined) delete out[f]
    else out[f] = from[f]
  }
  return out
}

/** Assertion 1's rule: the server after one device's push. */
function applyPush(server: World, base: Snapshot, local: Local): World {
  const out = new Map(server)
  for (const table of TABLES) {
    const before = new Map(base[table].map((doc) => [String(doc.id), doc]))
    for (const doc of local.live[table]) {
      const id = String(doc.id)
      const b = before.get(id)
      const changed = changedFields(table, doc, b)
      if (!b) out.set(id, { table, deleted: false, doc })
      else if (changed.length > 0) out.set(id, { table, deleted: false, doc: overlay(server.get(id)!.doc, doc, changed) })
    }
    for (const [id, t] of local.tombstones) {
      // Created and deleted before any push: it still reaches the server, as a tombstone.
      if (t.table === table && !before.has(id)) out.set(id, { table, deleted: true, doc: t.doc })
    }
    for (const [id, b] of before) {
      const t = local.tombstones.get(id)?.doc
      if (!t) continue
      const current = server.get(id)!
      const serverChanged = !current.deleted && changedFields(table, current.doc, b).length > 0
      out.set(id, { table, deleted: !serverChanged, doc: overlay(current.doc, t, changedFields(table, t, b)) })
    }
  }
  return out
}

function rowMatches(actual: Row | undefined, expected: Row | undefined): boolean {
  if (!actual || !expected) return actual === expected
  return actual.deleted === expected.deleted && fieldsOf(actual.table).every((f) => sameField(actual.table, f, actual.doc, expected.doc))
}

function expectWorld(actual: World, expected: World, what: string) {
  for (const id of new Set([...actual.keys(), ...expected.keys()])) {
    expect(rowMatches(actual.get(id), expected.get(id)), `${what}: ${id} is ${JSON.stringify(actual.get(id))}, expected ${JSON.stringify(expected.get(id))}`).toBe(true)
  }
}

const liveOf = (world: World): Snapshot => {
  const snap: Snapshot = { products: [], customers: [], appointments: [] }
  for (const row of world.values()) if (!row.deleted) snap[row.table].push(row.doc)
  for (const table of TABLES) snap[table].sort((a, b) => String(a.id).localeCompare(String(b.id)))
  return snap
}

async function reconnect(d: Device): Promise<void> {
  const from = d.requests.length
  d.setOnline(true)
  // A pull of every table after coming online, then nothing left to do.
  await eventually(() => {
    const since = d.requests.slice(from)
    for (const t of ['/rest/v1/products', '/rest/v1/customers']) expect(since).toContain(t)
    expect(d.sync.status()).toMatchObject({ phase: 'idle', pending: 0 })
  })
  await d.sync.awaitInSync()
  d.setOnline(false)
}

async function liveIds(d: Device, table: Table): Promise<string[]> {
  const docs = await d.db[table].find({ sort: [{ id: 'asc' }] }).exec()
  return docs.map((doc) => doc.primary)
}

/** The field values a push carries: everything it changed, including what a tombstone kept. */
function editedValues(base: Snapshot, local: Local): Edit[] {
  const out: Edit[] = []
  for (const table of TABLES) {
    const before = new Map(base[table].map((doc) => [String(doc.id), doc]))
    const docs = [...local.live[table], ...[...local.tombstones.values()].filter((t) => t.table === table).map((t) => t.doc)]
    for (const doc of docs) {
      for (const field of changedFields(table, doc, before.get(String(doc.id)))) out.push({ id: String(doc.id), field, value: doc[field] })
    }
  }
  return out
}

async function run(owner: Owner, steps: Step[]): Promise<void> {
  const devices = [await openDevice(stack, owner, { name: 'p0' }), await openDevice(stack, owner, { name: 'p1' })]
  try {
    // A product and a customer both devices hold, so that edits on the two sides meet.
    for (const table of TABLES) {
      const values: Fields = table === 'products' ? { name: 'Kahve', price: 12.5, description: 'Taze' } : { name: 'Ayşe', notes: 'VIP' }
      await (devices[0]!.db[table] as unknown as { insert(doc: Fields): Promise<unknown> }).insert({ id: newId(), created_at: nowIso(), ...FIXED[table], ...values })
    }
    await eventually(async () => {
      for (const d of devices) {
        expect(await liveIds(d, 'products')).toHaveLength(1)
        expect(await liveIds(d, 'customers')).toHaveLength(1)
        expect(d.sync.status()).toMatchObject({ phase: 'idle', pending: 0 })
      }
    })
    for (const d of devices) d.setOnline(false)
    const base = [await storeSnapshot(devices[0]!), await storeSnapshot(devices[1]!)]
    const emptyBase: Snapshot = { products: [], customers: [], appointments: [] }
    const acknowledged = [editedValues(emptyBase, { live: base[0]!, tombstones: new Map() })]
    // Documents each device created since its last reconnect.
    const created = [new Set<string>(), new Set<string>()]

    for (const [n, s] of steps.entries()) {
      const d = devices[s.dev]!
      if (s.kind === 'sync') {
        const local = await localState(d, base[s.dev]!, created[s.dev]!)
        const edits = editedValues(base[s.dev]!, local)
        const expected = applyPush(await serverWorld(owner), base[s.dev]!, local)
        await reconnect(d)
        const actual = await serverWorld(owner)
        expectWorld(actual, expected, `after step ${n} (reconnect of device ${s.dev})`)
        base[s.dev] = await storeSnapshot(d)
        created[s.dev] = new Set()
        expect(base[s.dev], `device ${s.dev}'s store after its reconnect`).toEqual(liveOf(actual))
        acknowledged.push(edits)
        continue
      }
      const collection = d.db[s.table] as unknown as {
        insert(doc: Fields): Promise<unknown>
        findOne(id: string): { exec(): Promise<{ incrementalModify(f: (doc: Fields) => Fields): Promise<unknown>; remove(): Promise<unknown> } | null> }
      }
      if (s.kind === 'create') {
        const values = Object.fromEntries(Object.entries(s.values).filter(([, v]) => v !== undefined))
        const id = newId()
        created[s.dev]!.add(id)
        await collection.insert({ id, created_at: nowIso(), ...FIXED[s.table], ...values })
        continue
      }
      const ids = await liveIds(d, s.table)
      if (ids.length === 0) continue
      const doc = (await collection.findOne(ids[s.pick % ids.length]!).exec())!
      if (s.kind === 'delete') {
        await doc.remove()
      } else {
        // Also when the value is the one already there: a write that changes nothing must not leave sync waiting.
        await doc.incrementalModify((data) => {
          const next = { ...data }
          if (s.value === undefined) delete next[s.field]
          else next[s.field] = s.value
          return next
        })
      }
    }

    const locals = [await localState(devices[0]!, base[0]!, created[0]!), await localState(devices[1]!, base[1]!, created[1]!)]
    const before = await serverWorld(owner)
    const zeroFirst = applyPush(applyPush(before, base[0]!, locals[0]!), base[1]!, locals[1]!)
    const oneFirst = applyPush(applyPush(before, base[1]!, locals[1]!), base[0]!, locals[0]!)
    for (const d of devices) d.setOnline(true)
    await converged(owner, devices, 30_000)
    const after = await serverWorld(owner)
    for (const id of new Set([...after.keys(), ...zeroFirst.keys()])) {
      const row = after.get(id)
      const either = rowMatches(row, zeroFirst.get(id)) || rowMatches(row, oneFirst.get(id))
      expect(either, `after the final reconnect: ${id} is ${JSON.stringify(row)}, expected ${JSON.stringify(zeroFirst.get(id))} or ${JSON.stringify(oneFirst.get(id))}`).toBe(true)
    }
    nothingLost(after, acknowledged, [...editedValues(base[0]!, locals[0]!), ...editedValues(base[1]!, locals[1]!)])
  } finally {
    await closeAll(devices)
  }
}

type Edit = { id: string; field: string; value: unknown }

/** Assertion 3. */
function nothingLost(after: World, acknowledged: Edit[][], unsent: Edit[]): void {
  const last = new Map<string, unknown>()
  for (const edits of acknowledged) for (const e of edits) last.set(`${e.id}.${e.field}`, e.value)
  for (const [id, row] of after) {
    if (row.deleted) continue
    for (const field of fieldsOf(row.table)) {
      const key = `${id}.${field}`
      const allowed = [...(last.has(key) ? [last.get(key)] : []), ...unsent.filter((e) => e.id === id && e.field === field).map((e) => e.value)]
      const ok = allowed.some((value) => sameField(row.table, field, row.doc, { [field]: value }))
      expect(ok, `${row.table} ${id}.${field} = ${JSON.stringify(row.doc[field])}, allowed ${JSON.stringify(allowed)}`).toBe(true)
    }
  }
}

const update = (dev: 0 | 1, table: Table, field: string, value: unknown): Step => ({ kind: 'update', dev, table, pick: 0, field, value })
const remove = (dev: 0 | 1, table: Table): Step => ({ kind: 'delete', dev, table, pick: 0 })
const sync = (dev: 0 | 1): Step => ({ kind: 'sync', dev })

// Interleavings every run must meet, whatever the random ones turn out to be.
const EXAMPLES: Step[][] = [
  // One field, two values, pushed one after the other.
  [update(0, 'products', 'name', 'Çay'), update(1, 'products', 'name', 'Salep'), sync(0), sync(1)],
  // A delete made without having seen an acknowledged edit, and the other way round.
  [update(0, 'customers', 'notes', 'Geç gelir'), sync(0), remove(1, 'customers'), sync(1)],
  [remove(0, 'products'), sync(0), update(1, 'products', 'price', 20), sync(1)],
]

it('the scenarios cover the table config: every required column is edited or fixed, and nothing else is made up', () => {
  for (const table of TABLES) {
    const rules = Object.entries(SYNCED_TABLE_RULES[table].columns)
    const set = [...Object.keys(VALUES[table]), ...Object.keys(FIXED[table])]
    expect(rules.filter(([, rule]) => !rule.optional).map(([name]) => name).filter((name) => !set.includes(name)), `${table}: required columns without a value`).toEqual([])
    expect(set.filter((name) => !rules.some(([column]) => column === name)), `${table}: columns not in the config`).toEqual([])
  }
})

it('two devices editing offline in any order converge without losing an acknowledged edit', async () => {
  await fc.assert(
    fc.asyncProperty(scenario, async (steps) => {
      const owner = await stack.signUpOwner()
      await run(owner, steps)
    }),
    // Each run signs up an owner and opens two stores: few, short runs keep the suite quick.
    { numRuns: 15, endOnFailure: true, examples: EXAMPLES.map((steps) => [steps]) },
  )
}, 600_000)
