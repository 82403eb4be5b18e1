// Three-way, field-level merge of one document, and the RxDB conflict handler
// built on it. The rule, per editable field f, comparing the device's version
// (local) and the server's (remote) with the last server version the device
// had seen (base):
//   - changed on one side only → that side's value;
//   - changed on both sides to different values → the device's value: the
//     edit that reaches the server last wins;
//   - a delete against an edit of the other side → the edit wins and the
//     document stays, so no edit disappears behind a tombstone.
// Every merge in which both sides had changed something is reported, so the
// owner can be told which document was merged.
import type { RxConflictHandler, WithDeleted } from 'rxdb'
import { normalizeTime, sameMoney, type SyncedRecords, type SyncedTable } from '../domain/records.ts'
import { columnRule, editableColumns } from './tables.ts'

type Doc<T extends SyncedTable> = WithDeleted<SyncedRecords[T]>
type Field = string

export type MergeResult<T extends SyncedTable> = {
  merged: Doc<T>
  /** Fields both sides changed to different values (the device's value was kept). */
  bothChanged: Field[]
  localChanged: Field[]
  remoteChanged: Field[]
  /** A delete on one side gave way to an edit on the other. */
  restored: boolean
}

function value(table: SyncedTable, field: Field, doc: Record<string, unknown> | undefined): unknown {
  const v = doc?.[field]
  if (v === null || v === undefined || v === '') return undefined
  if (columnRule(table, field)?.kind === 'time' && typeof v === 'string') return normalizeTime(v)
  return v
}

export function sameField(table: SyncedTable, field: Field, a: Record<string, unknown> | undefined, b: Record<string, unknown> | undefined): boolean {
  const x = value(table, field, a)
  const y = value(table, field, b)
  if (columnRule(table, field)?.kind === 'money' && typeof x === 'number' && typeof y === 'number') return sameMoney(x, y)
  return x === y
}

const fieldsOf = (table: SyncedTable): readonly Field[] => editableColumns(table)

/** Whether two states of a document hold the same data (what a merge or a push compares). */
export function sameDocument<T extends SyncedTable>(table: T, a: Doc<T>, b: Doc<T>): boolean {
  if (Boolean(a._deleted) !== Boolean(b._deleted)) return false
  const x = a as unknown as Record<string, unknown>
  const y = b as unknown as Record<string, unknown>
  return fieldsOf(table).every((f) => sameField(table, f, x, y))
}

export function mergeDocument<T extends SyncedTable>(
  table: T,
  base: Doc<T> | undefined,
  local: Doc<T>,
  remote: Doc<T>,
): MergeResult<T> {
  const b = base as unknown as Record<string, unknown> | undefined
  const l = local as unknown as Record<string, unknown>
  const r = remote as unknown as Record<string, unknown>
  // Identity and creation time are the server's.
  const merged: Record<string, unknown> = { ...r }
  const bothChanged: Field[] = []
  const localChanged: Field[] = []
  const remoteChanged: Field[] = []
  // Whether each side edited anything at all, even to the value the other side
  // chose: such an edit does not conflict, but it must still outweigh a delete.
  let localEdited = false
  let remoteEdited = false
  for (const f of fieldsOf(table)) {
    // Without a base (both sides created the same id) every difference counts as changed on both.
    const localMoved = !b || !sameField(table, f, l, b)
    const remoteMoved = !b || !sameField(table, f, r, b)
    localEdited ||= localMoved
    remoteEdited ||= remoteMoved
    if (localMoved && !sameField(table, f, l, r)) {
      if (remoteMoved) bothChanged.push(f)
      else localChanged.push(f)
      if (l[f] === undefined || l[f] === null) delete merged[f]
      else merged[f] = l[f]
    } else if (remoteMoved && !sameField(table, f, l, r)) {
      remoteChanged.push(f)
    }
  }
  const baseDeleted = Boolean(base?._deleted)
  const localDeletes = Boolean(local._deleted) && !baseDeleted
  const remoteDeletes = Boolean(remote._deleted) && !baseDeleted
  let restored = false
  if (localDeletes && remoteDeletes) {
    merged._deleted = true
  } else if (localDeletes) {
    // The server's edits since the base keep the document alive.
    restored = remoteEdited
    merged._deleted = !restored
  } else if (remoteDeletes) {
    restored = localEdited
    merged._deleted = !restored
  } else {
    merged._deleted = Boolean(local._deleted) && Boolean(remote._deleted)
  }
  return { merged: merged as unknown as Doc<T>, bothChanged, localChanged, remoteChanged, restored }
}

/** Whether a merge is worth telling the owner about: both sides had changed the document. */
export function isNoticeable(result: MergeResult<SyncedTable>): boolean {
  const localSide = result.localChanged.length + result.bothChanged.length > 0
  const remoteSide = result.remoteChanged.length + result.bothChanged.length > 0
  return result.restored || (localSide && remoteSide)
}

export function conflictHandlerFor<T extends SyncedTable>(table: T): RxConflictHandler<SyncedRecords[T]> {
  return {
    isEqual: (a, b) => sameDocument(table, a as Doc<T>, b as Doc<T>),
    resolve: (input) =>
      Promise.resolve(mergeDocument(table, input.assumedMasterState as Doc<T> | undefined, input.newDocumentState as Doc<T>, input.realMasterState as Doc<T>).merged),
  }
}
