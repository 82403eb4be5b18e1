// The table config and what is derived from it: push order, labels, and the
// spelling of values across the device and the server.
import { describe, expect, it } from 'vitest'
import { SYNCED_TABLES, SYNCED_TABLE_RULES, editableColumns, labelOf, referencesOf } from './tables.ts'
import { fromServerRow, pullColumns, toServerRow } from './rows.ts'
import { sameField } from './merge.ts'

describe('the table config', () => {
  it('orders every table after the tables it points at', () => {
    expect([...SYNCED_TABLES].sort()).toEqual(Object.keys(SYNCED_TABLE_RULES).sort())
    for (const table of SYNCED_TABLES) {
      for (const ref of referencesOf(table)) expect(SYNCED_TABLES.indexOf(ref.table), `${table}.${ref.column}`).toBeLessThan(SYNCED_TABLES.indexOf(table))
    }
    expect(referencesOf('appointments')).toEqual([{ column: 'customer_id', table: 'customers' }])
  })

  it('pulls the document, its tombstone flag and the checkpoint column', () => {
    expect(pullColumns('customers')).toBe('id,created_at,name,phone_number,email,notes,_deleted,_modified')
  })

  it('labels a document the way the owner knows it', () => {
    expect(labelOf('products', { name: 'Türk Kahvesi' })).toBe('Türk Kahvesi')
    expect(labelOf('appointments', { appointment_date: '2026-12-01', appointment_time: '14:30:00' })).toBe('2026-12-01 14:30')
  })

  it('spells money and times one way on the device, whatever the server sends', () => {
    const doc = fromServerRow('products', { id: 'p', created_at: '2026-11-20T10:00:00.123456+00:00', name: 'Çay', description: null, price: '12.50', currency: 'TRY', stock: 2, _deleted: false })
    expect(doc).toEqual({ id: 'p', created_at: '2026-11-20T10:00:00.123Z', name: 'Çay', price: 12.5, currency: 'TRY', stock: 2, _deleted: false })
    const appt = fromServerRow('appointments', { id: 'a', created_at: '2026-11-20T10:00:00Z', appointment_date: '2026-12-01', appointment_time: '14:30', duration_minutes: 60, status: 'scheduled', _deleted: false })
    expect(appt.appointment_time).toBe('14:30:00')
    expect(sameField('products', 'price', { price: 12.5 }, { price: 12.499999 })).toBe(true)
    expect(sameField('appointments', 'appointment_time', { appointment_time: '14:30' }, { appointment_time: '14:30:00' })).toBe(true)
  })

  it('sends every configured column, absent ones as null', () => {
    for (const table of SYNCED_TABLES) {
      const row = toServerRow(table, { id: 'x', created_at: 'c' })
      expect(Object.keys(row).sort()).toEqual(['id', 'created_at', '_deleted', ...editableColumns(table)].sort())
      for (const column of editableColumns(table)) expect(row[column]).toBeNull()
    }
  })
})
