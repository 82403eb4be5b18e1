// The migration that adds the business profile and the FAQ
// (20261128000100) runs on a deployed database whose accounts signed up
// before it: every one of them gets its empty profile, as a new account does,
// so the Business info tab, the assistant, user-api and the data export all
// find one row per owner. The limits themselves are proven through the data
// API in tests/integration/business-limits.test.ts.
import { describe, expect, it } from 'vitest'
import { DEFAULT_TIME_ZONE } from '../../domain/business.ts'
import { prepareDatabase } from '../../supabase/local/migrate.ts'
import { DATABASE_BACKENDS, insertSignedUpOwner, useDatabaseBefore } from '../support/databases.ts'

const VERSION = '20261128000100'

describe.each(DATABASE_BACKENDS)('business knowledge migration on $name', (backend) => {
  const db = useDatabaseBefore(backend, VERSION)

  /** An owner signed up as auth does it. */
  const owner = () => insertSignedUpOwner(db(), { business_name: 'Kahve Evi' })

  const profiles = async () =>
    (await db().query<{ user_id: string; opening_hours: string; time_zone: string; address: string | null }>(
      'select user_id, opening_hours::text as opening_hours, time_zone, address from public.business_profiles order by user_id',
    )).rows

  it('gives every account from before it an empty profile, and every later one its own', async () => {
    const earlier = [await owner(), await owner(), await owner()]
    expect((await prepareDatabase(db())).applied[0]).toBe(VERSION)

    const { rows: users } = await db().query<{ id: string }>('select id from public.users order by id')
    expect(users.map((u) => u.id)).toEqual(expect.arrayContaining(earlier))
    expect(await profiles()).toEqual(users.map((u) => ({ user_id: u.id, opening_hours: '{}', time_zone: DEFAULT_TIME_ZONE, address: null })))

    const later = await owner()
    expect((await profiles()).filter((p) => p.user_id === later)).toEqual([{ user_id: later, opening_hours: '{}', time_zone: DEFAULT_TIME_ZONE, address: null }])
    const { rows } = await db().query<{ n: number }>('select count(*)::int as n from public.faq_entries')
    expect(rows).toEqual([{ n: 0 }])
  })
})
