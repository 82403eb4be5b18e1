// A device that stored appointments under an earlier schema opens the store
// with the current one: its documents are carried over by the migration
// strategies (schemas.ts), nothing is lost, and the result is valid.
import { describe, expect, it } from 'vitest'
import { createRxDatabase, createRxSchema, defaultHashSha256, type RxCollection, type RxJsonSchema } from 'rxdb'
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { appointmentSchema } from './schemas.ts'
import { databaseName, openOwnerDatabase } from './database.ts'
import { dexieStorage } from './storage.ts'
import { TEST_OWNER } from './test-stores.ts'

/** The appointments schema as version 0 was released: before service_id and source. */
function releasedV0(): RxJsonSchema<Record<string, unknown>> {
  const schema = structuredClone(appointmentSchema) as unknown as RxJsonSchema<Record<string, unknown>> & { properties: Record<string, unknown>; required: string[] }
  delete schema.properties.service_id
  delete schema.properties.source
  return { ...schema, version: 0, required: schema.required.filter((f) => f !== 'source') }
}

describe('local store migrations', () => {
  it('rebuilds the released version 0 of appointments (so the test below starts from the real thing)', async () => {
    expect(await createRxSchema(releasedV0(), defaultHashSha256).hash).toBe('6a4e506848e1d22b3f27fd131833f8125533542df2fdba3ca19c46a1dd07763b')
  })

  it('keeps every appointment of a version 0 store, as the owner\'s', async () => {
    const storage = dexieStorage({ indexedDB: new IDBFactory(), IDBKeyRange })
    const old = await createRxDatabase<Record<string, RxCollection>>({ name: databaseName(TEST_OWNER), storage, multiInstance: false })
    await old.addCollections({ appointments: { schema: releasedV0() } })
    await old.appointments!.insert({
      id: '5d7a6c0e-1b2f-4c3d-8e9f-0a1b2c3d4e5f', appointment_date: '2026-12-02', appointment_time: '10:00:00',
      duration_minutes: 60, status: 'confirmed', notes: 'Kahve ikramı', created_at: '2026-11-20T10:00:00.000Z',
    })
    await old.close()

    const db = await openOwnerDatabase({ ownerId: TEST_OWNER, storage, multiInstance: false, devMode: true })
    try {
      const docs = (await db.appointments.find().exec()).map((d) => d.toJSON())
      expect(docs).toEqual([{
        id: '5d7a6c0e-1b2f-4c3d-8e9f-0a1b2c3d4e5f', appointment_date: '2026-12-02', appointment_time: '10:00:00',
        duration_minutes: 60, status: 'confirmed', notes: 'Kahve ikramı', created_at: '2026-11-20T10:00:00.000Z', source: 'owner',
      }])
    } finally {
      await db.close()
    }
  })
})
