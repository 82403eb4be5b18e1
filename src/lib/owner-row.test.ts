// One row per owner: how it is read and written, what a failure carries, and
// how the query and the save's mutation share the cache.
import { describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import { MutationObserver, QueryClient } from '@tanstack/react-query'
import { ownerRow, ownerRowQuery, saveOwnerRowMutation } from './owner-row.ts'
import { RequestFailed } from './data-api.ts'

type Settings = { enabled: boolean; slot_minutes: number }
type Answer = { data: unknown; error: unknown }

const settings = ownerRow<Settings>({
  table: 'booking_settings', columns: 'enabled,slot_minutes', key: 'booking-settings', what: 'the booking settings',
})

/** Just enough of PostgREST's builder: records each call and gives `answer`. */
function fakeClient(answer: Answer) {
  const calls: Array<[string, ...unknown[]]> = []
  const builder = {
    select: (...args: unknown[]) => (calls.push(['select', ...args]), builder),
    eq: (...args: unknown[]) => (calls.push(['eq', ...args]), builder),
    upsert: (...args: unknown[]) => (calls.push(['upsert', ...args]), builder),
    maybeSingle: () => (calls.push(['maybeSingle']), Promise.resolve(answer)),
    single: () => (calls.push(['single']), Promise.resolve(answer)),
  }
  const from = (table: string) => (calls.push(['from', table]), builder)
  return { client: { from } as unknown as Pick<SupabaseClient, 'from'>, calls }
}

const row: Settings = { enabled: true, slot_minutes: 30 }
const refused = { code: '42501', message: 'permission denied for table booking_settings' }

describe('ownerRow', () => {
  it("reads the owner's row by user_id, naming only its columns", async () => {
    const { client, calls } = fakeClient({ data: row, error: null })
    expect(await settings.read(client, 'u1')).toEqual(row)
    expect(calls).toEqual([['from', 'booking_settings'], ['select', 'enabled,slot_minutes'], ['eq', 'user_id', 'u1'], ['maybeSingle']])
  })

  it('answers null when the owner has no row yet', async () => {
    expect(await settings.read(fakeClient({ data: null, error: null }).client, 'u1')).toBeNull()
  })

  it('writes the whole row by an upsert on user_id and answers with the row as stored', async () => {
    const { client, calls } = fakeClient({ data: row, error: null })
    expect(await settings.save(client, 'u1', { enabled: true, slot_minutes: 30 })).toEqual(row)
    expect(calls).toEqual([
      ['from', 'booking_settings'],
      ['upsert', { enabled: true, slot_minutes: 30, user_id: 'u1' }, { onConflict: 'user_id' }],
      ['select', 'enabled,slot_minutes'],
      ['single'],
    ])
  })

  it("throws the feature's error around supabase-js's, saying what failed", async () => {
    const { client } = fakeClient({ data: null, error: refused })
    const reading = await settings.read(client, 'u1').catch((e: unknown) => e)
    expect(reading).toBeInstanceOf(RequestFailed)
    expect(reading).toMatchObject({ message: 'reading the booking settings failed', cause: refused })
    await expect(settings.save(client, 'u1', row)).rejects.toMatchObject({ message: 'saving the booking settings failed', cause: refused })
  })
})

describe('the row as a query and its save', () => {
  it('is read once and kept fresh until saved, when the stored row becomes the query data', async () => {
    const queryClient = new QueryClient()
    const first = fakeClient({ data: row, error: null })
    expect(await queryClient.query(ownerRowQuery(settings, 'u1', async () => first.client))).toEqual(row)
    expect(queryClient.getQueryData(['booking-settings', 'u1'])).toEqual(row)
    // Fresh for good: the form built from it is the owner's until they save.
    const again = fakeClient({ data: { ...row, slot_minutes: 45 }, error: null })
    expect(await queryClient.query(ownerRowQuery(settings, 'u1', async () => again.client))).toEqual(row)
    expect(again.calls).toEqual([])

    const stored = { enabled: false, slot_minutes: 15 }
    const save = new MutationObserver(queryClient, saveOwnerRowMutation(settings, queryClient, 'u1', async () => fakeClient({ data: stored, error: null }).client))
    expect(await save.mutate({ enabled: false, slot_minutes: 15 })).toEqual(stored)
    expect(queryClient.getQueryData(['booking-settings', 'u1'])).toEqual(stored)
    expect(queryClient.getQueryData(['booking-settings', 'u2'])).toBeUndefined()
  })

  it('fails a save at once, once, and leaves the query as it was', async () => {
    const queryClient = new QueryClient()
    queryClient.setQueryData(settings.queryKey('u1'), row)
    const { client, calls } = fakeClient({ data: null, error: refused })
    const options = saveOwnerRowMutation(settings, queryClient, 'u1', async () => client)
    // Offline too: a save never waits unseen for the connection.
    expect(options).toMatchObject({ networkMode: 'always', retry: false })
    await expect(new MutationObserver(queryClient, options).mutate(row)).rejects.toBeInstanceOf(RequestFailed)
    expect(calls.filter(([call]) => call === 'upsert')).toHaveLength(1)
    expect(queryClient.getQueryData(settings.queryKey('u1'))).toEqual(row)
  })
})
