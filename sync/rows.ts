// Mapping between Postgres rows (as the data API returns them) and device
// documents: SQL null ↔ absent key, server-owned columns dropped, instants,
// amounts and times in one spelling so a round trip through the server does
// not look like an edit. The columns and their kinds come from tables.ts.
import type { WithDeleted } from 'rxdb'
import { normalizeTime, type SyncedRecords, type SyncedTable } from '../domain/records.ts'
import { columnRules, editableColumns, type ColumnKind } from './tables.ts'

export type ServerRow = Record<string, unknown> & { id: string; _modified: string; _deleted: boolean }

/** The columns a pull selects: the document, its tombstone flag and the checkpoint column. */
export function pullColumns(table: SyncedTable): string {
  return ['id', 'created_at', ...editableColumns(table), '_deleted', '_modified'].join(',')
}

export function normalizeInstant(value: string): string {
  const ms = Date.parse(value)
  return Number.isNaN(ms) ? value : new Date(ms).toISOString()
}

/** The device's spelling of a value the server sent. */
function fromServerValue(kind: ColumnKind, value: unknown): unknown {
  // numeric may come as a string from some drivers; the device keeps numbers.
  if (kind === 'money') return Number(value)
  if (kind === 'time') return normalizeTime(String(value))
  return value
}

export function fromServerRow<T extends SyncedTable>(table: T, row: Record<string, unknown>): WithDeleted<SyncedRecords[T]> {
  const doc: Record<string, unknown> = { id: row.id, created_at: normalizeInstant(String(row.created_at)), _deleted: Boolean(row._deleted) }
  for (const [column, rule] of columnRules(table)) {
    const v = row[column]
    if (v === null || v === undefined) continue
    doc[column] = fromServerValue(rule.kind, v)
  }
  return doc as unknown as WithDeleted<SyncedRecords[T]>
}

export function toServerRow(table: SyncedTable, doc: Record<string, unknown>): Record<string, unknown> {
  const row: Record<string, unknown> = { id: doc.id, created_at: doc.created_at, _deleted: Boolean(doc._deleted) }
  for (const column of editableColumns(table)) row[column] = doc[column] ?? null
  return row
}
