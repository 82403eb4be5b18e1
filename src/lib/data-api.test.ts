import { describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import { isRetryable } from './query-client.ts'
import { readRow, RequestFailed } from './data-api.ts'

/** Just enough of PostgREST's builder: records each call and gives `answer`. */
function fakeClient(answer: { data: unknown; error: unknown }) {
  const calls: unknown[][] = []
  const builder = {
    select: (...args: unknown[]) => (calls.push(['select', ...args]), builder),
    eq: (...args: unknown[]) => (calls.push(['eq', ...args]), builder),
    maybeSingle: () => (calls.push(['maybeSingle']), Promise.resolve(answer)),
  }
  const from = (table: string) => (calls.push(['from', table]), builder)
  return { client: { from } as unknown as Pick<SupabaseClient, 'from'>, calls }
}

const reminder = { table: 'appointment_reminders', columns: 'sent_at,attempts', where: ['appointment_id', 'a1'], what: 'the reminder' } as const

describe('RequestFailed', () => {
  it("says what failed and keeps supabase-js's error, whose code decides a retry", () => {
    const refused = { code: '42501', message: 'permission denied for table services' }
    const error = new RequestFailed('reading the services', refused)
    expect(error).toBeInstanceOf(Error)
    expect(error.name).toBe('RequestFailed')
    expect(error.message).toBe('reading the services failed')
    expect(error.cause).toBe(refused)
    expect(isRetryable(error)).toBe(false)
    expect(isRetryable(new RequestFailed('reading the services', { message: 'boom' }))).toBe(true)
  })
})

describe('readRow', () => {
  it('reads one row by one column, naming only its columns', async () => {
    const { client, calls } = fakeClient({ data: { sent_at: null, attempts: 1 }, error: null })
    expect(await readRow(client, reminder)).toEqual({ sent_at: null, attempts: 1 })
    expect(calls).toEqual([['from', 'appointment_reminders'], ['select', 'sent_at,attempts'], ['eq', 'appointment_id', 'a1'], ['maybeSingle']])
  })

  it('gives null when there is no such row, and throws RequestFailed when the read fails', async () => {
    expect(await readRow(fakeClient({ data: null, error: null }).client, reminder)).toBeNull()
    const refused = { code: '42501', message: 'permission denied' }
    await expect(readRow(fakeClient({ data: null, error: refused }).client, reminder)).rejects.toMatchObject({
      name: 'RequestFailed', message: 'reading the reminder failed', cause: refused,
    })
  })
})
