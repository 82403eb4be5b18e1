// The initial pull of a table this device holds nothing of, written by the
// engine itself in exactly the shape RxDB's downstream writes a document it
// has never seen, but pipelined. RxDB stores each batch of pulled rows in
// three steps, one after the other: it reads the batch's documents and their
// replication state, writes the documents, then writes their replication
// state (the server state each was pulled as). IndexedDB is the bottleneck of
// an initial pull, and those steps leave it waiting on one another. Here the
// replication state of batch k+1 is checked and written while the documents
// of batch k are being written, and the next page is fetched meanwhile.
//
// What stays as RxDB has it:
//   - every document is written with the replication's own revision, `_meta.o`
//     and downstream context, so RxDB's upstream ignores the write and its
//     downstream later recognises the document as the server's;
//   - a batch's replication state is written before its documents (RxDB
//     writes it after): no document is ever in the store without the server
//     state it was pulled as, so a local edit made meanwhile is pushed
//     against it, like any edit;
//   - the checkpoint moves only once everything before it is stored;
//   - only documents neither the store nor the replication state holds are
//     written here. The first batch holding one (a local document, or a row
//     changed on the server since an earlier page) goes back to RxDB, which
//     then pulls the rest as always. So does the short page that ends the
//     pull.
import {
  getAssumedMasterState, getMetaWriteRow, now as storageNow, setCheckpoint, createRevision,
  type BulkWriteRow, type RxDocumentData, type RxStorageInstanceReplicationState, type WithDeleted,
} from 'rxdb'

export type Checkpoint = { modified: string; id: string }
/** A page of rows as the data API sent them, and when its request went out. */
export type Page = { rows: Array<Record<string, unknown>>; sentAt: number }
type Doc = WithDeleted<Record<string, unknown>>

export type BulkPullOptions = {
  /** The table's RxDB replication state (its storage, its replication state store, its checkpoint). */
  internal: RxStorageInstanceReplicationState<Record<string, unknown>>
  batchSize: number
  /** The page after a checkpoint. */
  fetchPage: (after: Checkpoint) => Promise<Page>
  /** A row as the device stores it. */
  toDoc: (row: Record<string, unknown>) => Doc
  /** False once the replication is paused, stopped or canceled: nothing more is written. */
  running: () => boolean
  /** Every checkpoint stored here, in order. */
  stored?: (checkpoint: Checkpoint) => void
}

/** Pages fetched ahead of the writes, at most. */
const AHEAD = 8

export const checkpointOf = (row: Record<string, unknown>): Checkpoint => ({ modified: String(row._modified), id: String(row.id) })

/**
 * Stores `first` (a full page) and the full pages after it; returns the page
 * RxDB's pull goes on with: the short one that ends the pull, the pages from
 * the first one holding a document this device knows, or nothing (not
 * running any more). Throws, with everything before the stored checkpoint
 * kept, when a request or a write fails.
 */
export async function bulkPull(first: Page, opts: BulkPullOptions): Promise<Page> {
  const { internal, batchSize } = opts
  const fork = internal.input.forkInstance
  const meta = internal.input.metaInstance
  const [identifierHash, context] = await Promise.all([internal.input.hashFunction(internal.input.identifier), internal.downstreamBulkWriteFlag])

  // Fetching: full pages queue up here, ahead of the writes.
  const fetched: Page[] = [first]
  let last: Page | undefined // the page that ends the pull
  let fetchError: unknown
  let halted = false
  let wake: (() => void) | undefined
  const ready = () => new Promise<void>((resolve) => (wake = resolve))
  const signal = () => {
    wake?.()
    wake = undefined
  }
  let room: (() => void) | undefined
  const fetching = (async () => {
    let page = first
    while (!halted) {
      if (fetched.length >= AHEAD) await new Promise<void>((resolve) => (room = resolve))
      if (halted) return
      const next = await opts.fetchPage(checkpointOf(page.rows.at(-1)!))
      if (next.rows.length < batchSize) {
        last = next
        return
      }
      fetched.push(next)
      signal()
      page = next
    }
  })().catch((error: unknown) => {
    fetchError = error
  }).finally(signal)

  // Writing: documents chain after their replication state, in order.
  let documents: Promise<void> = Promise.resolve()
  let writeError: unknown
  const halt = async () => {
    halted = true
    room?.()
    await documents
  }

  for (;;) {
    if (fetched.length === 0) {
      if (last || fetchError !== undefined) break
      await ready()
      continue
    }
    if (!opts.running() || writeError !== undefined) {
      await halt()
      if (writeError !== undefined) throw writeError
      return { rows: [], sentAt: 0 }
    }
    const batch = fetched.splice(0)
    room?.()
    const rows = batch.flatMap((p) => p.rows)
    // A row changed while the pull went on comes twice: the later is the newer.
    const byId = new Map<string, Doc>()
    for (const row of rows) byId.set(String(row.id), opts.toDoc(row))
    const ids = [...byId.keys()]
    const [inStore, assumed] = await Promise.all([fork.findDocumentsById(ids, true), getAssumedMasterState(internal, ids)])
    if (inStore.length > 0 || Object.keys(assumed).length > 0) {
      // RxDB decides for documents this device knows: from here on it pulls as always.
      await halt()
      if (writeError !== undefined) throw writeError
      return { rows, sentAt: batch.at(-1)!.sentAt }
    }
    const docs = [...byId.values()]
    const metaRows = await Promise.all(docs.map((doc) => getMetaWriteRow(internal, doc, undefined)))
    const metaResult = await meta.bulkWrite(metaRows, 'replication-down-write-meta')
    if (metaResult.error.length > 0) {
      await halt()
      throw new Error(`replication state not stored: ${metaResult.error[0]!.status} for ${metaResult.error[0]!.documentId}`)
    }
    const forkRows: Array<BulkWriteRow<Record<string, unknown>>> = docs.map((doc) => ({
      document: {
        ...doc,
        _meta: { lwt: storageNow(), o: { _rev: 1, hash: identifierHash } },
        _rev: createRevision(identifierHash),
        _attachments: {},
      } as unknown as RxDocumentData<Record<string, unknown>>,
    }))
    const checkpoint = checkpointOf(rows.at(-1)!)
    documents = documents.then(async () => {
      if (writeError !== undefined) return
      const result = await fork.bulkWrite(forkRows, context)
      // A conflict is a document written here meanwhile: it stays, and is pushed against the state stored above.
      const failed = result.error.find((e) => e.status !== 409)
      if (failed) throw new Error(`document not stored: ${failed.status} for ${failed.documentId}`)
      const refused = new Set(result.error.map((e) => e.documentId))
      for (const row of forkRows) {
        if (!refused.has(String(row.document.id))) internal.events.processed.down.next(row as never)
      }
      await setCheckpoint(internal, 'down', checkpoint)
      opts.stored?.(checkpoint)
    }).catch((error: unknown) => {
      writeError ??= error
    })
  }
  await halt()
  await fetching
  if (writeError !== undefined) throw writeError
  if (fetchError !== undefined) throw fetchError
  return last!
}
