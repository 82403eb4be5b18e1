import { BehaviorSubject } from 'rxjs'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { SyncedTable } from '../domain/records.ts'
import { createResyncs, openChanges, RESYNC_DEBOUNCE_MS, type Resyncs } from './resync.ts'
import { SYNCED_TABLES } from './tables.ts'

function replicationOf() {
  let firstPullDone: () => void = () => undefined
  const initial = new Promise<void>((resolve) => (firstPullDone = resolve))
  const active$ = new BehaviorSubject(true)
  return { rep: { awaitInitialReplication: () => initial, active$: active$.asObservable() }, firstPullDone, active$ }
}

function following(resyncs: Resyncs, table: SyncedTable) {
  const r = replicationOf()
  const issued: string[] = []
  resyncs.stream$(table).subscribe((v) => issued.push(v))
  resyncs.follow(table, r.rep)
  return { ...r, issued }
}

const settle = () => vi.advanceTimersByTimeAsync(RESYNC_DEBOUNCE_MS * 2)

describe('resyncs', () => {
  beforeEach(() => void vi.useFakeTimers())
  afterEach(() => void vi.useRealTimers())

  it('issues none before the first pull is done, nor while the replication is busy; the requests meanwhile become one', async () => {
    const resyncs = createResyncs(SYNCED_TABLES)
    const t = following(resyncs, 'products')
    resyncs.request('products')
    await settle()
    resyncs.request('products')
    resyncs.request('products')
    await settle()
    t.firstPullDone()
    await settle()
    expect(t.issued).toEqual([])
    t.active$.next(false)
    await settle()
    expect(t.issued).toEqual(['RESYNC'])
    t.active$.next(true)
    resyncs.request('products')
    await settle()
    expect(t.issued).toHaveLength(1)
    t.active$.next(false)
    await settle()
    expect(t.issued).toHaveLength(2)
    resyncs.stop()
  })

  it('drops a resync when a pull sent after its reason has read to the end; not when the pull went out before it', async () => {
    const resyncs = createResyncs(SYNCED_TABLES)
    const t = following(resyncs, 'customers')
    t.firstPullDone()
    t.active$.next(false)
    // The channel subscribed while the first pull was going; its last page was asked for after that.
    resyncs.request('customers')
    resyncs.caughtUp('customers', resyncs.sent())
    await settle()
    expect(t.issued).toEqual([])
    // An announcement after that pull went out: that pull cannot have read it.
    const sentAt = resyncs.sent()
    resyncs.request('customers')
    resyncs.caughtUp('customers', sentAt)
    await settle()
    expect(t.issued).toEqual(['RESYNC'])
    // An older answer does not move the table back.
    resyncs.caughtUp('customers', 1)
    resyncs.request('customers')
    await settle()
    expect(t.issued).toHaveLength(2)
    resyncs.stop()
  })

  it('keeps tables apart, requestAll asks each, and nothing is issued once stopped', async () => {
    const resyncs = createResyncs(SYNCED_TABLES)
    const tables = Object.fromEntries(SYNCED_TABLES.map((table) => [table, following(resyncs, table)]))
    for (const t of Object.values(tables)) {
      t.firstPullDone()
      t.active$.next(false)
    }
    resyncs.caughtUp('appointments', resyncs.sent())
    resyncs.request('products')
    await settle()
    expect(SYNCED_TABLES.map((table) => tables[table]!.issued.length)).toEqual(SYNCED_TABLES.map((table) => table === 'products' ? 1 : 0))
    resyncs.requestAll()
    await settle()
    expect(SYNCED_TABLES.map((table) => tables[table]!.issued.length)).toEqual(SYNCED_TABLES.map((table) => table === 'products' ? 2 : 1))
    resyncs.stop()
    resyncs.requestAll()
    await settle()
    expect(SYNCED_TABLES.map((table) => tables[table]!.issued.length)).toEqual(SYNCED_TABLES.map((table) => table === 'products' ? 2 : 1))
  })
})

describe('openChanges', () => {
  it('listens to every table on one channel and passes on changes and subscriptions', () => {
    const handlers: Array<{ filter: unknown; callback: (change: { eventType?: string }) => void }> = []
    let onState: (state: string) => void = () => undefined
    const channel = {
      on(_type: string, filter: unknown, callback: (change: { eventType?: string }) => void) {
        handlers.push({ filter, callback })
        return channel
      },
      subscribe(callback: (state: string) => void) {
        onState = callback
        return channel
      },
    }
    const names: string[] = []
    const supabase = { channel: (name: string) => (names.push(name), channel) } as unknown as SupabaseClient
    const changed: string[] = []
    let subscribed = 0
    openChanges(supabase, 'sync-owner', SYNCED_TABLES, { changed: (table, eventType) => changed.push(`${table} ${eventType}`), subscribed: () => subscribed++ })
    expect(names).toEqual(['sync-owner'])
    expect(handlers.map((h) => h.filter)).toEqual(SYNCED_TABLES.map((table) => ({ event: '*', schema: 'public', table })))
    handlers[0]!.callback({ eventType: 'UPDATE' })
    handlers[2]!.callback({ eventType: 'DELETE' })
    expect(changed).toEqual([`${SYNCED_TABLES[0]} UPDATE`, `${SYNCED_TABLES[2]} DELETE`])
    onState('CHANNEL_ERROR')
    onState('SUBSCRIBED')
    onState('SUBSCRIBED')
    expect(subscribed).toBe(2)
  })
})
