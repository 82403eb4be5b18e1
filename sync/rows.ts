// Mapping between Postgres rows (as the data API returns them) and device
// documents: SQL null ↔ absent key, server-owned columns dropped, instants in
// one spelling so a round trip through the server does not look like an edit.
import type { WithDeleted } from 'rxdb'
import { EDITABLE_FIELDS, normalizeTime, type SyncedRecords, type SyncedTable } from '../domain/records.ts'

export type ServerRow = Record<string, unknown> & { id: string; _modified: string; _deleted: boolean }

/** The columns a pull selects: the document, its tombstone flag and the checkpoint column. */
export function pullColumns(table: SyncedTable): string {
  return ['id', 'created_at', ...EDITABLE_FIELDS[table], '_deleted', '_modified'].join(',')
}

export function normalizeInstant(value: string): string {
  const ms = Date.parse(value)
  return Number.isNaN(ms) ? value : new Date(ms).toISOString()
}

export function fromServerRow<T extends SyncedTable>(table: T, row: Record<string, unknown>): WithDeleted<SyncedRecords[T]> {
  const doc: Record<string, unknown> = { id: row.id, created_at: normalizeInstant(String(row.created_at)), _deleted: Boolean(row._deleted) }
  for (const f of EDITABLE_FIELDS[table]) {
    const v = row[f]
    if (v === null || v === undefined) continue
    if (f === 'price') doc[f] = Number(v)
    else if (f === 'appointment_time') doc[f] = normalizeTime(String(v))
    else doc[f] = v
  }
  return doc as unknown as WithDeleted<SyncedRecords[T]>
}

export function toServerRow(table: SyncedTable, doc: Record<string, unknown>): Record<string, unknown> {
  const row: Record<string, unknown> = { id: doc.id, created_at: doc.created_at, _deleted: Boolean(doc._deleted) }
  for (const f of EDITABLE_FIELDS[table]) row[f] = doc[f] ?? null
  return row
}
