// A push batch (100 documents) can be larger than the 1 MiB the data API
// takes in one request: text columns have no length limit, and an Excel
// import of products with long descriptions fills batches of them. The engine
// sends such a batch in as many requests as it takes (sync/push-parts.ts); a
// single document too large for any request is set aside as a value the
// server does not take, and the rest go on.
import { afterEach, describe, expect, it } from 'vitest'
import { firstValueFrom } from 'rxjs'
import { BACKENDS, useTestStack } from '../support/stack.ts'
import { closeAll, converged, eventually, newId, nowIso, openDevice, serverSnapshot, type Device } from './devices.ts'

const product = (name: string, description: string) => ({ id: newId(), name, description, price: 120, currency: 'TRY', stock: 3, created_at: nowIso() })

describe.each(BACKENDS)('a push larger than one request on %s', (backend) => {
  const stack = useTestStack(backend)
  const open: Device[] = []
  afterEach(async () => {
    await closeAll(open.splice(0))
  })

  it('reaches the server whole, in requests the data API takes', async () => {
    const owner = await stack.signUpOwner()
    const d = await openDevice(stack, owner, { name: 'long-descriptions', online: false })
    open.push(d)
    // About 13 KB each (ç is two bytes): one batch of 100 is about 1.3 MB.
    const products = Array.from({ length: 100 }, (_, i) => product(`El yapımı kilim ${i}`, `${i}. Açıklama `.repeat(1000)))
    await d.db.products.bulkInsert(products)
    await eventually(() => expect(d.sync.status()).toMatchObject({ phase: 'offline', pending: 100 }))

    d.setOnline(true)
    const server = await converged(owner, [d], 60_000)
    const descriptions = (rows: Array<Record<string, unknown>>) => Object.fromEntries(rows.map((p) => [p.id, p.description]))
    expect(descriptions(server.products)).toEqual(descriptions(products))
    expect(d.requests.filter((p) => p === '/rest/v1/rpc/sync_push').length).toBeGreaterThan(1)
    expect(d.sync.status().refused).toBe(0)
  })

  it('sets aside a document too large for any request, and pushes the others', async () => {
    const owner = await stack.signUpOwner()
    const d = await openDevice(stack, owner, { name: 'one-too-large', online: false })
    open.push(d)
    const huge = product('Dev açıklama', 'a'.repeat(1024 * 1024))
    const others = [product('Kısa bir', 'Pamuk'), product('Kısa iki', 'Keten')]
    await d.db.products.bulkInsert([others[0]!, huge, others[1]!])

    d.setOnline(true)
    await eventually(() => expect(d.sync.status()).toMatchObject({ phase: 'idle', pending: 0, refused: 1, error: null }), 30_000)
    expect((await serverSnapshot(owner)).products.map((p) => p.name).sort()).toEqual(['Kısa bir', 'Kısa iki'])
    expect(await firstValueFrom(d.sync.refused$)).toEqual([
      expect.objectContaining({ table: 'products', docId: huge.id, label: 'Dev açıklama', reason: 'invalid', created: true }),
    ])
  })
})
