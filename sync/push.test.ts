import { afterEach, describe, expect, it, vi } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { SyncedTable } from '../domain/records.ts'
import { PUSH_REQUEST_MAX_BYTES, ROW_TOO_LARGE } from './push-parts.ts'
import { createPusher, readPushAnswer, REFERENCED_WAIT_MS, type PushRow } from './push.ts'
import type { SetAside } from './refusals.ts'
import { toServerRow } from './rows.ts'
import { customer, fakeServer } from './test-support.ts'

type Rpc = { name: string; args: { target: string; rows: Array<{ assumed: Record<string, unknown> | null; new: Record<string, unknown> }> } }

/** A supabase-js stand-in that records each rpc and answers it with `answer`. */
function recording(answer: (call: Rpc) => { data: unknown; error: unknown }) {
  const calls: Rpc[] = []
  const supabase = {
    rpc: (name: string, args: Rpc['args']) => {
      calls.push({ name, args })
      return Promise.resolve(answer({ name, args }))
    },
  } as unknown as SupabaseClient
  return { calls, supabase }
}

const row = (doc: Record<string, unknown>, assumed?: Record<string, unknown>): PushRow =>
  ({ newDocumentState: { _deleted: false, ...doc }, assumedMasterState: assumed && { _deleted: false, ...assumed } }) as PushRow

const inSyncNow = () => Promise.resolve()

describe('pusher', () => {
  afterEach(() => void vi.useRealTimers())

  it('sends each row with the server state it was derived from, as server rows, to sync_push; the answer comes back as is', async () => {
    const server = fakeServer()
    const a = customer({ name: 'A' })
    const b = customer({ name: 'B' })
    server.put('customers', { ...b, name: 'B on the server' })
    server.refuse(a.id, '23514')
    const spy = vi.spyOn(server.supabase, 'rpc')
    const pusher = createPusher({ supabase: server.supabase, setAside: () => undefined, inSync: inSyncNow })
    const answer = await pusher.send('customers', [row(a), row({ ...b, name: 'B here' }, b)])
    expect(spy).toHaveBeenCalledTimes(1)
    expect(spy.mock.calls[0]).toEqual(['sync_push', {
      target: 'public.customers',
      rows: [
        { assumed: null, new: toServerRow('customers', { ...a, _deleted: false }) },
        { assumed: toServerRow('customers', { ...b, _deleted: false }), new: toServerRow('customers', { ...b, name: 'B here', _deleted: false }) },
      ],
    }])
    expect(answer.refused).toEqual([{ id: a.id, code: '23514' }])
    expect(answer.conflicts).toMatchObject([{ id: b.id, name: 'B on the server' }])
  })

  it('pushes a set-aside document against the state the server really had, and tells RxDB so through the row', async () => {
    const { calls, supabase } = recording(() => ({ data: { conflicts: [], refused: [] }, error: null }))
    const base = customer({ name: 'On the server' })
    const created = customer({ name: 'Never on the server' })
    const entries = new Map<string, Partial<SetAside>>([[base.id, { base: { ...base, _deleted: false } }], [created.id, { base: null }]])
    const pusher = createPusher({ supabase, setAside: (_t, id) => entries.get(id) as SetAside | undefined, inSync: inSyncNow })
    const rows = [row({ ...base, name: 'Edited' }, { ...base, name: 'Refused version' }), row(created, { ...created, name: 'Refused version' })]
    await pusher.send('customers', rows)
    expect(calls[0]!.args.rows.map((r) => r.assumed?.name ?? null)).toEqual(['On the server', null])
    expect(rows[0]!.assumedMasterState).toMatchObject({ name: 'On the server' })
    expect(rows[1]!.assumedMasterState).toBeUndefined()
  })

  it('sends a batch larger than one request in parts, in order, and refuses a document too large for any without sending it', async () => {
    const { calls, supabase } = recording(({ args }) => ({ data: { conflicts: [], refused: [{ id: String(args.rows[0]!.new.id), code: '23514' }] }, error: null }))
    const pusher = createPusher({ supabase, setAside: () => undefined, inSync: inSyncNow })
    const long = (id: number, size: number) => row({ id: `p${id}`, name: `P${id}`, price: 1, currency: 'TRY', stock: 1, created_at: '2026-01-01T00:00:00.000Z', description: 'x'.repeat(size) })
    const rows = [long(1, 600_000), long(2, 600_000), long(3, PUSH_REQUEST_MAX_BYTES), long(4, 10)]
    const answer = await pusher.send('products', rows)
    expect(calls.map((c) => c.args.rows.map((r) => r.new.id))).toEqual([['p1'], ['p2', 'p4']])
    expect(answer.refused).toEqual([{ id: 'p3', code: ROW_TOO_LARGE }, { id: 'p1', code: '23514' }, { id: 'p2', code: '23514' }])
  })

  it('fails with a sync error when a request fails or the answer has an unknown shape', async () => {
    const failing = recording(() => ({ data: null, error: { message: 'permission denied for function sync_push', code: '42501' } }))
    await expect(createPusher({ supabase: failing.supabase, setAside: () => undefined, inSync: inSyncNow }).send('customers', [row(customer())]))
      .rejects.toMatchObject({ name: 'SyncFailure', code: 'rejected' })
    const odd = recording(() => ({ data: { applied: 1 }, error: null }))
    await expect(createPusher({ supabase: odd.supabase, setAside: () => undefined, inSync: inSyncNow }).send('customers', [row(customer())]))
      .rejects.toMatchObject({ code: 'unknown' })
    expect(readPushAnswer({ conflicts: [], refused: [] })).toEqual({ conflicts: [], refused: [] })
  })

  it('sends a document pointing at another table after that table has pushed, or after REFERENCED_WAIT_MS', async () => {
    vi.useFakeTimers()
    const { calls, supabase } = recording(() => ({ data: { conflicts: [], refused: [] }, error: null }))
    const waitedFor: SyncedTable[] = []
    let customersPushed: () => void = () => undefined
    const pusher = createPusher({
      supabase,
      setAside: () => undefined,
      inSync: (table) => {
        waitedFor.push(table)
        return new Promise<void>((resolve) => (customersPushed = resolve))
      },
    })
    const appointment = (customerId?: string) => row({ id: crypto.randomUUID(), appointment_date: '2026-02-01', appointment_time: '10:00', duration_minutes: 30, status: 'scheduled', source: 'owner', created_at: '2026-01-01T00:00:00.000Z', customer_id: customerId })
    await pusher.send('appointments', [appointment()])
    expect(waitedFor).toEqual([])
    expect(calls).toHaveLength(1)

    const sent = pusher.send('appointments', [appointment('c1')])
    await vi.advanceTimersByTimeAsync(1_000)
    expect(waitedFor).toEqual(['customers'])
    expect(calls).toHaveLength(1)
    customersPushed()
    await sent
    expect(calls).toHaveLength(2)

    const capped = pusher.send('appointments', [appointment('c2')])
    await vi.advanceTimersByTimeAsync(REFERENCED_WAIT_MS - 1)
    expect(calls).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(1)
    await capped
    expect(calls).toHaveLength(3)
  })
})
