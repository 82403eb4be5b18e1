import { BehaviorSubject } from 'rxjs'
import { describe, expect, it } from 'vitest'
import type { RxDatabase } from 'rxdb'
import type { RefusedChange } from './refusals.ts'
import { createStatusBoard, STATE_DOC_ID, type Replicating, type StatusBoardOptions } from './status.ts'
import { eventually, testStores } from './test-support.ts'

const openStore = testStores()

function board(db: RxDatabase, over: Partial<StatusBoardOptions> & { replicating?: () => Replicating } = {}) {
  const pending$ = new BehaviorSubject(0)
  const refused$ = new BehaviorSubject<RefusedChange[]>([])
  let replicating: Replicating = { active: false, started: false, error: null }
  let clock = 1_000
  const status = createStatusBoard({
    db, online: true, pending$, refused$, replicating: () => replicating, now: () => clock, ...over,
  })
  return {
    status, pending$, refused$,
    set(next: Partial<Replicating>) {
      replicating = { ...replicating, ...next }
      status.refresh()
    },
    tick: (ms: number) => void (clock += ms),
  }
}

const refusal = (docId: string): RefusedChange => ({ key: `customers:${docId}`, table: 'customers', docId, label: docId, reason: 'invalid', deleted: false, created: true, at: 1 })

describe('status board', () => {
  it("keeps the leader's newest phase while its earlier writes come back from the store", async () => {
    const db = await openStore()
    const b = board(db)
    const { status } = b
    status.lead()
    const seen: string[] = []
    const sub = status.status$.subscribe((s) => seen.push(s.phase))
    b.set({ active: true })
    b.set({ active: false, started: true })
    b.set({ active: true })
    b.set({ active: false })
    await status.close()
    sub.unsubscribe()
    // Four writes, each stored and handed back by the store after the next was made: none of them shown again.
    expect(seen).toEqual(['starting', 'syncing', 'idle', 'syncing', 'idle'])
    status.stop()
  })

  it('starts as starting, not leading, with the counts it is given', async () => {
    const db = await openStore()
    const { status, pending$, refused$ } = board(db)
    expect(status.status()).toEqual({ phase: 'starting', online: true, pending: 0, refused: 0, lastSyncedAt: null, error: null, leader: false })
    pending$.next(3)
    refused$.next([refusal('a'), refusal('b')])
    expect(status.status()).toMatchObject({ pending: 3, refused: 2 })
    status.stop()
    await status.close()
  })

  it('works out the leader\'s phase: starting, syncing, idle with the time, error, offline', async () => {
    const db = await openStore()
    const b = board(db)
    const { status } = b
    b.set({ active: true })
    // Only the leader writes the phase.
    expect(status.status().phase).toBe('starting')
    status.lead()
    expect(status.status().leader).toBe(true)
    b.set({ active: true })
    expect(status.status().phase).toBe('syncing')
    b.set({ active: false })
    expect(status.status().phase).toBe('starting')
    b.set({ started: true })
    expect(status.status()).toMatchObject({ phase: 'idle', lastSyncedAt: 1_000, error: null })
    b.tick(500)
    b.set({ error: { code: 'network', message: 'fetch failed' } })
    expect(status.status()).toMatchObject({ phase: 'error', lastSyncedAt: 1_000, error: { code: 'network' } })
    // Offline shows at once, in every tab; the leader's error is not shown then.
    status.setOnline(false)
    expect(status.status()).toMatchObject({ phase: 'offline', online: false, error: null })
    status.refresh()
    expect(status.status()).toMatchObject({ phase: 'offline', online: false, error: null, lastSyncedAt: 1_000 })
    status.stop()
    await status.close()
  })

  it('shares the leader\'s phase with every tab through the store; a tab back online shows starting until the leader says more', async () => {
    const db = await openStore()
    const leader = board(db)
    const other = board(db, { online: false })
    leader.status.lead()
    leader.set({ started: true })
    await eventually(async () => expect((await db.getLocal(STATE_DOC_ID))?.toJSON().data).toMatchObject({ phase: 'idle', lastSyncedAt: 1_000 }))
    await eventually(() => expect(other.status.status()).toMatchObject({ phase: 'offline', lastSyncedAt: 1_000, leader: false }))
    other.status.setOnline(true)
    expect(other.status.status()).toMatchObject({ phase: 'idle', online: true })
    leader.status.setOnline(false)
    leader.status.refresh()
    await eventually(() => expect(other.status.status()).toMatchObject({ phase: 'starting', online: true }))
    leader.status.stop()
    other.status.stop()
    await Promise.all([leader.status.close(), other.status.close()])
  })

  it('publishes and writes nothing once stopped, and completes on close', async () => {
    const db = await openStore()
    const b = board(db)
    const seen: string[] = []
    let completed = false
    b.status.status$.subscribe({ next: (s) => seen.push(s.phase), complete: () => (completed = true) })
    b.status.lead()
    b.status.stop()
    b.set({ started: true })
    b.pending$.next(5)
    await b.status.close()
    expect(seen.every((phase) => phase === 'starting')).toBe(true)
    expect(b.status.status().pending).toBe(0)
    expect(completed).toBe(true)
    expect(await db.getLocal(STATE_DOC_ID)).toBeNull()
  })
})
