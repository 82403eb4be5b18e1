// The three-way merge is the whole conflict policy of sync: every case here is
// an edit that must either survive a conflict or lose by the stated rule.
import { describe, expect, it } from 'vitest'
import type { WithDeleted } from 'rxdb'
import type { AppointmentRecord, CustomerRecord, ProductRecord } from '../domain/records.ts'
import { APPOINTMENT_FIELDS, CUSTOMER_FIELDS, PRODUCT_FIELDS } from '../tests/support/sync-documents.ts'
import { conflictHandlerFor, isNoticeable, mergeDocument, sameDocument, sameField } from './merge.ts'

type Product = WithDeleted<ProductRecord>

// Each builder is one document (one id) in the versions a test makes of it.
const product = (over: Partial<Product> = {}): Product => ({ id: '6b2f4a52-1a7e-4b5e-9a51-0c1c2d3e4f50', ...PRODUCT_FIELDS, ...over })

const customer = (over: Partial<WithDeleted<CustomerRecord>> = {}): WithDeleted<CustomerRecord> =>
  ({ id: '0d9c5c8e-4b1b-4f4f-8f38-5f0a3b1c2d10', ...CUSTOMER_FIELDS, email: 'ayse@example.com', ...over })

const appointment = (over: Partial<WithDeleted<AppointmentRecord>> = {}): WithDeleted<AppointmentRecord> =>
  ({ id: '9a4c1c36-2f2e-4d7e-bf5e-3d2a1b0c9e80', ...APPOINTMENT_FIELDS, ...over })

/** Without the key, null and '' all mean "no value" for an optional field. */
const isCleared = (v: unknown) => v === undefined || v === null || v === ''

describe('mergeDocument: fields', () => {
  it('keeps a field changed only on the device', () => {
    const base = product()
    const r = mergeDocument('products', base, product({ name: 'Filtre Kahve' }), base)
    expect(r.merged).toEqual(product({ name: 'Filtre Kahve' }))
    expect(r).toMatchObject({ localChanged: ['name'], remoteChanged: [], bothChanged: [], restored: false })
  })

  it('takes a field changed only on the server', () => {
    const base = product()
    const r = mergeDocument('products', base, base, product({ stock: 9 }))
    expect(r.merged).toEqual(product({ stock: 9 }))
    expect(r).toMatchObject({ localChanged: [], remoteChanged: ['stock'], bothChanged: [], restored: false })
  })

  it('does not count a field both sides changed to the same value as a conflict', () => {
    const r = mergeDocument('products', product(), product({ name: 'Latte' }), product({ name: 'Latte' }))
    expect(r.merged.name).toBe('Latte')
    expect(r).toMatchObject({ localChanged: [], remoteChanged: [], bothChanged: [] })
    expect(isNoticeable(r)).toBe(false)
  })

  it('keeps the device value when both sides changed a field differently, and reports it', () => {
    const r = mergeDocument('products', product(), product({ name: 'Device' }), product({ name: 'Server' }))
    expect(r.merged.name).toBe('Device')
    expect(r.bothChanged).toEqual(['name'])
    expect(r.localChanged).toEqual([])
    expect(r.remoteChanged).toEqual([])
    expect(isNoticeable(r)).toBe(true)
  })

  it('merges several fields at once, each by its own side', () => {
    const base = product({ product_link: 'https://example.com/a' })
    const local = product({ name: 'Device name', price: 14, stock: 5, product_link: 'https://example.com/a' })
    const remote = product({ description: 'Server description', price: 15, stock: 5, product_link: 'https://example.com/b' })
    const r = mergeDocument('products', base, local, remote)
    expect(r.merged).toEqual(product({
      name: 'Device name',
      description: 'Server description',
      price: 14,
      stock: 5,
      product_link: 'https://example.com/b',
    }))
    expect(r.localChanged).toEqual(['name'])
    expect(r.remoteChanged.sort()).toEqual(['description', 'product_link'])
    expect(r.bothChanged).toEqual(['price'])
  })

  it('treats every difference as changed on both sides when there is no base (one id created twice)', () => {
    const local = product({ name: 'Device', created_at: '2026-11-21T08:00:00.000Z' })
    const remote = product({ name: 'Server', stock: 7, created_at: '2026-11-21T09:00:00.000Z' })
    const r = mergeDocument('products', undefined, local, remote)
    expect(r.bothChanged.sort()).toEqual(['name', 'stock'])
    // The device's values win; identity and creation time stay the server's.
    expect(r.merged).toEqual(product({ name: 'Device', stock: 3, created_at: '2026-11-21T09:00:00.000Z' }))
    expect(isNoticeable(r)).toBe(true)
  })

  it('reports nothing when one id was created twice with the same data', () => {
    const r = mergeDocument('products', undefined, product(), product({ created_at: '2026-11-21T09:00:00.000Z' }))
    expect(r).toMatchObject({ bothChanged: [], localChanged: [], remoteChanged: [], restored: false })
    expect(isNoticeable(r)).toBe(false)
  })
})

describe('mergeDocument: optional fields', () => {
  it('drops a field the device cleared (absent key) while the server left it alone', () => {
    const local = product()
    delete local.description
    const r = mergeDocument('products', product(), local, product({ stock: 4 }))
    expect('description' in r.merged).toBe(false)
    expect(r.merged.stock).toBe(4)
    expect(r.localChanged).toEqual(['description'])
  })

  it('drops a field the device set to null', () => {
    const local = { ...product(), description: null } as unknown as Product
    const r = mergeDocument('products', product(), local, product())
    expect('description' in r.merged).toBe(false)
    expect(r.localChanged).toEqual(['description'])
  })

  it('clears a field the device emptied with an empty string', () => {
    const r = mergeDocument('products', product(), product({ description: '' }), product())
    expect(isCleared(r.merged.description)).toBe(true)
    expect(r.localChanged).toEqual(['description'])
  })

  it('takes a clear made on the server', () => {
    const remote = product()
    delete remote.description
    const r = mergeDocument('products', product(), product(), remote)
    expect(isCleared(r.merged.description)).toBe(true)
    expect(r.remoteChanged).toEqual(['description'])
  })

  it('sees absent, null and empty string as the same value', () => {
    const base = product()
    delete base.description
    const local = { ...product(), description: null } as unknown as Product
    const remote = product({ description: '' })
    const r = mergeDocument('products', base, local, remote)
    expect(r).toMatchObject({ bothChanged: [], localChanged: [], remoteChanged: [] })
    expect(sameDocument('products', local, remote)).toBe(true)
  })

  it('keeps a value the device set against a clear on the server', () => {
    const remote = customer()
    delete remote.email
    const r = mergeDocument('customers', customer(), customer({ email: 'yeni@example.com' }), remote)
    expect(r.merged.email).toBe('yeni@example.com')
    expect(r.bothChanged).toEqual(['email'])
  })
})

describe('mergeDocument: values in more than one spelling', () => {
  it('compares money to the cent', () => {
    expect(sameField('products', 'price', { price: 12.5 }, { price: 12.50 })).toBe(true)
    expect(sameField('products', 'price', { price: 12.5 }, { price: 12.499999 })).toBe(true)
    expect(sameField('products', 'price', { price: 0.1 + 0.2 }, { price: 0.3 })).toBe(true)
    expect(sameField('products', 'price', { price: 12.5 }, { price: 12.49 })).toBe(false)
    // The server answers 12.50 while the device holds 12.499999: no edit on either side.
    const r = mergeDocument('products', product({ price: 12.499999 }), product({ price: 12.5, stock: 8 }), product({ price: 12.50 }))
    expect(r).toMatchObject({ localChanged: ['stock'], remoteChanged: [], bothChanged: [] })
  })

  it('sees a one-cent change as a change', () => {
    const r = mergeDocument('products', product({ price: 12.5 }), product({ price: 12.51 }), product({ price: 12.5 }))
    expect(r.merged.price).toBe(12.51)
    expect(r.localChanged).toEqual(['price'])
  })

  it('treats 14:30 and 14:30:00 as the same time', () => {
    expect(sameField('appointments', 'appointment_time', { appointment_time: '14:30' }, { appointment_time: '14:30:00' })).toBe(true)
    expect(sameField('appointments', 'appointment_time', { appointment_time: '14:30' }, { appointment_time: '14:31:00' })).toBe(false)
    const r = mergeDocument(
      'appointments',
      appointment({ appointment_time: '14:30:00' }),
      appointment({ appointment_time: '14:30', status: 'confirmed' }),
      appointment({ appointment_time: '14:30:00', notes: 'Erken gelecek' }),
    )
    expect(r).toMatchObject({ localChanged: ['status'], remoteChanged: ['notes'], bothChanged: [] })
    expect(r.merged).toMatchObject({ status: 'confirmed', notes: 'Erken gelecek' })
  })

  it('takes a real time change from the server over the device spelling the same old time differently', () => {
    const r = mergeDocument('appointments', appointment(), appointment({ appointment_time: '14:30' }), appointment({ appointment_time: '16:00:00' }))
    expect(r.merged.appointment_time).toBe('16:00:00')
    expect(r.remoteChanged).toEqual(['appointment_time'])
  })
})

describe('mergeDocument: deletes', () => {
  it('restores a document the device deleted when the server edited it', () => {
    const r = mergeDocument('products', product(), product({ _deleted: true }), product({ stock: 20 }))
    expect(r.merged._deleted).toBe(false)
    expect(r.merged.stock).toBe(20)
    expect(r.restored).toBe(true)
    expect(isNoticeable(r)).toBe(true)
  })

  it('restores a document the server deleted when the device edited it, with the device edit', () => {
    const r = mergeDocument('products', product(), product({ name: 'Düzenlendi' }), product({ _deleted: true }))
    expect(r.merged._deleted).toBe(false)
    expect(r.merged.name).toBe('Düzenlendi')
    expect(r.restored).toBe(true)
    expect(isNoticeable(r)).toBe(true)
  })

  it('restores a document the server edited and then deleted when the device made the same edit', () => {
    const r = mergeDocument('products', product(), product({ name: 'Aynı' }), product({ name: 'Aynı', _deleted: true }))
    expect(r.merged._deleted).toBe(false)
    expect(r.merged.name).toBe('Aynı')
    expect(r.restored).toBe(true)
  })

  it('restores a document the device deleted when the server made the edit the device had made before deleting', () => {
    const r = mergeDocument('products', product(), product({ stock: 0, _deleted: true }), product({ stock: 0 }))
    expect(r.merged._deleted).toBe(false)
    expect(r.restored).toBe(true)
  })

  it('keeps a document deleted on both sides deleted', () => {
    const r = mergeDocument('products', product(), product({ _deleted: true }), product({ _deleted: true }))
    expect(r.merged._deleted).toBe(true)
    expect(r.restored).toBe(false)
    expect(isNoticeable(r)).toBe(false)
  })

  it('keeps a server delete when the device had not touched the document', () => {
    const r = mergeDocument('products', product(), product(), product({ _deleted: true }))
    expect(r.merged._deleted).toBe(true)
    expect(r.restored).toBe(false)
    expect(isNoticeable(r)).toBe(false)
  })

  it('keeps a device delete when the server had not touched the document', () => {
    const r = mergeDocument('products', product(), product({ _deleted: true }), product())
    expect(r.merged._deleted).toBe(true)
    expect(r.restored).toBe(false)
  })

  it('keeps a document deleted before the base deleted when neither side revives it', () => {
    const gone = product({ _deleted: true })
    const r = mergeDocument('products', gone, gone, gone)
    expect(r.merged._deleted).toBe(true)
  })
})

describe('isNoticeable', () => {
  const base = product()
  it('is false for one-sided changes', () => {
    expect(isNoticeable(mergeDocument('products', base, product({ name: 'x' }), base))).toBe(false)
    expect(isNoticeable(mergeDocument('products', base, base, product({ name: 'x' })))).toBe(false)
  })
  it('is true when each side changed a different field', () => {
    expect(isNoticeable(mergeDocument('products', base, product({ name: 'x' }), product({ stock: 1 })))).toBe(true)
  })
  it('is true when both changed one field, or a delete gave way', () => {
    expect(isNoticeable(mergeDocument('products', base, product({ name: 'x' }), product({ name: 'y' })))).toBe(true)
    expect(isNoticeable(mergeDocument('products', base, product({ _deleted: true }), product({ name: 'y' })))).toBe(true)
  })
})

describe('conflictHandlerFor', () => {
  it('isEqual ignores spellings and creation-time precision but not data or deletion', () => {
    const h = conflictHandlerFor('products')
    const a = product({ price: 12.5 })
    expect(h.isEqual(a, product({ price: 12.499999, created_at: '2026-11-20T10:00:00.000123Z' }), 'test')).toBe(true)
    const cleared = product()
    delete cleared.description
    expect(h.isEqual(cleared, product({ description: '' }), 'test')).toBe(true)
    expect(h.isEqual(a, product({ price: 12.49 }), 'test')).toBe(false)
    expect(h.isEqual(a, product({ name: 'Başka' }), 'test')).toBe(false)
    expect(h.isEqual(a, product({ _deleted: true }), 'test')).toBe(false)

    const t = conflictHandlerFor('appointments')
    expect(t.isEqual(appointment({ appointment_time: '14:30' }), appointment({ appointment_time: '14:30:00' }), 'test')).toBe(true)
    expect(t.isEqual(appointment(), appointment({ status: 'cancelled' }), 'test')).toBe(false)
  })

  it('resolve returns the three-way merge', async () => {
    const h = conflictHandlerFor('customers')
    const merged = await h.resolve({
      assumedMasterState: customer(),
      newDocumentState: customer({ name: 'Ayşe Demir' }),
      realMasterState: customer({ notes: 'VIP' }),
    }, 'test')
    expect(merged).toEqual(customer({ name: 'Ayşe Demir', notes: 'VIP' }))
  })

  it('resolve without an assumed state lets the device values win', async () => {
    const h = conflictHandlerFor('customers')
    const merged = await h.resolve({
      newDocumentState: customer({ name: 'Cihaz' }),
      realMasterState: customer({ name: 'Sunucu' }),
    }, 'test')
    expect(merged.name).toBe('Cihaz')
  })
})
