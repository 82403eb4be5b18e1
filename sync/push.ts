// How a batch of local changes reaches the server: one call of
// `sync_push(table, rows)` per part of the batch that fits the data API's body
// limit (push-parts.ts). Each row carries the server state the device last
// saw; the function applies it only if the server row still matches, and
// answers the current row of every one that does not (a conflict) and the
// SQLSTATE of every row it refused.
import type { RxReplicationWriteToMasterRow } from 'rxdb'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { SyncedTable } from '../domain/records.ts'
import { SyncFailure, toSyncFailure } from './errors.ts'
import { ROW_TOO_LARGE, pushParts } from './push-parts.ts'
import { toServerRow } from './rows.ts'
import { referencesOf } from './tables.ts'
import type { SetAside } from './refusals.ts'

/** What the push function answers: the current row of every conflicting document, and the SQLSTATE of every refused one. */
export type PushAnswer = { conflicts: Array<Record<string, unknown>>; refused: Array<{ id: string; code: string }> }

export type PushRow = RxReplicationWriteToMasterRow<Record<string, unknown>>

/** Longest wait for the tables a batch points at (a customer made offline together with its appointment). */
export const REFERENCED_WAIT_MS = 5_000

export type PusherOptions = {
  supabase: Pick<SupabaseClient, 'rpc'>
  /** The set-aside entry of a document, if the server refused it before (refusals.ts). */
  setAside: (table: SyncedTable, id: string) => SetAside | undefined
  /** Resolves when the table's local changes are on the server. */
  inSync: (table: SyncedTable) => Promise<unknown>
}

export type Pusher = {
  /**
   * Sends the batch once the tables it points at have pushed (or after
   * REFERENCED_WAIT_MS). The rows' assumed state of a set-aside document is
   * replaced, in place, by the state the server really had.
   */
  send(table: SyncedTable, rows: PushRow[]): Promise<PushAnswer>
}

const idOf = (doc: unknown): string => String((doc as { id: unknown }).id)

export function createPusher(opts: PusherOptions): Pusher {
  async function referencedFirst(table: SyncedTable, rows: PushRow[]) {
    const refs = referencesOf(table).filter((ref) => rows.some((r) => r.newDocumentState[ref.column]))
    if (refs.length === 0) return
    let timer: ReturnType<typeof setTimeout> | undefined
    const cap = new Promise<void>((resolve) => (timer = setTimeout(resolve, REFERENCED_WAIT_MS)))
    try {
      await Promise.race([Promise.all(refs.map((ref) => opts.inSync(ref.table))), cap])
    } finally {
      clearTimeout(timer)
    }
  }

  /**
   * A batch as sync_push requests within the data API's body limit, one
   * after the other, their answers joined. A part that fails fails the
   * batch, which RxDB pushes again whole: the parts already applied then
   * come back as conflicts equal to the device's own state, which merge to
   * nothing.
   */
  async function inParts(target: string, payload: Array<{ new: Record<string, unknown> }>): Promise<PushAnswer> {
    const { parts, tooLarge } = pushParts(target, payload)
    // Too large for any request: refused as a value the server does not take, for the owner to shorten.
    const answer: PushAnswer = { conflicts: [], refused: tooLarge.map((row) => ({ id: String(row.new.id), code: ROW_TOO_LARGE })) }
    for (const rows of parts) {
      const { data, error } = await opts.supabase.rpc('sync_push', { target, rows })
      if (error) throw toSyncFailure(error)
      const part = readPushAnswer(data)
      answer.conflicts.push(...part.conflicts)
      answer.refused.push(...part.refused)
    }
    return answer
  }

  return {
    async send(table, rows) {
      await referencedFirst(table, rows)
      // A set-aside document's assumed state in RxDB is its refused version
      // (see set-aside.ts): the server compares against, and RxDB merges a
      // conflict on, the state the server really had. RxDB hands the handler
      // its own row objects and reads assumedMasterState from them when it
      // resolves a conflict.
      for (const r of rows) {
        const held = opts.setAside(table, idOf(r.newDocumentState))
        if (held) r.assumedMasterState = (held.base ?? undefined) as typeof r.assumedMasterState
      }
      const payload = rows.map((r) => ({
        assumed: r.assumedMasterState ? toServerRow(table, r.assumedMasterState) : null,
        new: toServerRow(table, r.newDocumentState),
      }))
      return inParts(`public.${table}`, payload)
    },
  }
}

export function readPushAnswer(data: unknown): PushAnswer {
  const answer = (data ?? {}) as Partial<PushAnswer>
  if (!Array.isArray(answer.conflicts) || !Array.isArray(answer.refused)) {
    throw new SyncFailure('unknown', 'the push function answered in an unknown shape')
  }
  return { conflicts: answer.conflicts, refused: answer.refused }
}
