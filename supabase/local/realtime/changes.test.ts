// The change feed's queue on its own, over a catalog that only records which
// tables each batch asked for: no database, no socket.
import { describe, expect, it, vi } from 'vitest'
import type { Database } from '../db.ts'
import type { Catalog } from './catalog.ts'
import type { Channel } from './channel.ts'
import { ChangeFeed } from './changes.ts'

const notification = (table: string) => JSON.stringify({ s: 'public', t: table, e: 'INSERT', ts: '2026-01-01T00:00:00.000Z', k: { id: 1 } })

/** Runs `fn` once `n` microtasks have passed. */
const afterMicrotasks = (n: number, fn: () => void): void => (n === 0 ? fn() : queueMicrotask(() => afterMicrotasks(n - 1, fn)))

describe('ChangeFeed', () => {
  it('handles a notification pushed at any moment while the batch before it ends', async () => {
    // Each delay puts the second push at another point between the first batch's last step and
    // the end of its drain, the last of them after that drain has fully ended.
    for (let delay = 0; delay <= 20; delay++) {
      const batches: string[][] = []
      let feed: ChangeFeed | undefined = undefined
      const catalog: Pick<Catalog, 'load' | 'cached'> = {
        async load(names) {
          batches.push(names.map((n) => n.table))
          if (batches.length === 1) afterMicrotasks(delay, () => feed!.push(notification('second')))
        },
        // No table is known, so a batch ends once its tables are loaded: nothing is sent, nothing else is read.
        cached: () => undefined,
      }
      feed = new ChangeFeed({} as Database, catalog as Catalog, async () => {})
      feed.add({} as Channel)
      feed.push(notification('first'))
      await vi.waitFor(() => expect(batches, `second push ${delay} microtasks in`).toEqual([['first'], ['second']]), { timeout: 1_000, interval: 5 })
      await feed.stop()
    }
  })
})
