// The writes screens make through the local store, on Dexie over
// fake-indexeddb with the store's schema validation on.
import { describe, expect, it } from 'vitest'
import { databaseName } from './database.ts'
import { recordActions, RecordWriteError } from './records.ts'
import { TEST_OWNER as OWNER, testStoreOpener } from './test-stores.ts'

const store = testStoreOpener()

describe('record writes', () => {
  it('inserts in one write, making ids and creation times and leaving blank optionals out', async () => {
    const db = await store()
    const products = recordActions(db, 'products')
    const [a, b] = await products.insert([
      { name: 'Türk Kahvesi', price: 12.5, currency: 'TRY', stock: 3, description: '', product_link: undefined },
      { name: 'Cezve', price: 649.5, currency: 'USD', stock: 1, group_id: 'excel_1_ab' },
    ])
    expect(a!.id).toMatch(/^[0-9a-f-]{36}$/)
    expect(b!.id).not.toBe(a!.id)
    expect(Date.parse(a!.created_at)).not.toBeNaN()
    expect(a).not.toHaveProperty('description')
    expect(a).not.toHaveProperty('product_link')
    expect(b!.group_id).toBe('excel_1_ab')
    expect(await db.products.count().exec()).toBe(2)
  })

  it('updates the given fields and clears one set to undefined', async () => {
    const db = await store()
    const customers = recordActions(db, 'customers')
    const [c] = await customers.insert([{ name: 'Ayşe Yılmaz', phone_number: '+905321112233', email: 'ayse@ornek.com.tr', notes: 'VIP' }])
    const updated = await customers.update(c!.id, { name: 'Ayşe Demir', notes: undefined })
    expect(updated).toMatchObject({ id: c!.id, name: 'Ayşe Demir', email: 'ayse@ornek.com.tr', created_at: c!.created_at })
    expect(updated).not.toHaveProperty('notes')
    await expect(customers.update('9f0c9d5e-0000-4000-8000-000000000000', { name: 'x' })).rejects.toMatchObject({ code: 'not_found' })
  })

  it('deletes softly: the record leaves queries but stays as a tombstone to sync', async () => {
    const db = await store()
    const appointments = recordActions(db, 'appointments')
    const [kept, gone] = await appointments.insert([
      { appointment_date: '2026-11-23', appointment_time: '10:00:00', duration_minutes: 60, status: 'scheduled', source: 'owner' },
      { appointment_date: '2026-11-24', appointment_time: '14:30:00', duration_minutes: 30, status: 'confirmed', source: 'owner' },
    ])
    await appointments.remove([gone!.id])
    expect((await db.appointments.find().exec()).map((d) => d.id)).toEqual([kept!.id])
    const [stored] = await db.appointments.storageInstance.findDocumentsById([gone!.id], true)
    expect(stored).toMatchObject({ id: gone!.id, _deleted: true, appointment_time: '14:30:00' })
  })

  it('removes every record matching a selector at the moment of the write, records that arrived later included', async () => {
    const db = await store()
    const products = recordActions(db, 'products')
    const batch = 'excel_1700000000000_abcdefghi'
    await products.insert([
      { name: 'Sabun 1', price: 40, currency: 'TRY', stock: 1, group_id: batch },
      { name: 'Sabun 2', price: 41, currency: 'TRY', stock: 2, group_id: batch },
      { name: 'Başka yükleme', price: 5, currency: 'USD', stock: 1, group_id: 'excel_1700000000001_zzzzzzzzz' },
      { name: 'Elle eklenen', price: 9, currency: 'TRY', stock: 3 },
    ])
    // What a screen listed when the owner asked to delete the batch...
    const listed = (await db.products.find({ selector: { group_id: batch } }).exec()).map((d) => d.id)
    // ...and a row of the same batch that sync brings in before they confirm.
    const [late] = await products.insert([{ name: 'Sabun 3', price: 42, currency: 'TRY', stock: 3, group_id: batch }])
    expect(listed).not.toContain(late!.id)

    expect(await products.removeWhere({ group_id: batch })).toBe(3)
    expect((await db.products.find().exec()).map((d) => d.name).sort()).toEqual(['Başka yükleme', 'Elle eklenen'])
    // Soft deletes: tombstones for sync, the late row among them.
    const [tombstone] = await db.products.storageInstance.findDocumentsById([late!.id], true)
    expect(tombstone).toMatchObject({ id: late!.id, _deleted: true, group_id: batch })
    expect(await products.removeWhere({ group_id: batch })).toBe(0)
  })

  it('refuses writes, and stores nothing, when no store is open or a record is invalid', async () => {
    await expect(recordActions(null, 'products').insert([{ name: 'x', price: 1, currency: 'TRY', stock: 1 }])).rejects.toBeInstanceOf(RecordWriteError)
    const db = await store()
    // The schema check of development and tests: a negative stock never reaches the store.
    await expect(recordActions(db, 'products').insert([{ name: 'Kupa', price: 1, currency: 'TRY', stock: -1 }])).rejects.toThrow()
    expect(await db.products.count().exec()).toBe(0)
  })

  it('names each owner its own database', () => {
    expect(databaseName(OWNER)).toBe(`owner-${OWNER}`)
    expect(databaseName(OWNER.toUpperCase())).toBe(`owner-${OWNER}`)
    expect(() => databaseName('../other')).toThrow()
  })
})
