// Sync surviving what happens to a device in the field: the server going away
// and coming back, and the session expiring or being revoked while offline.
// Nothing here touches the engine by hand: it must recover on its own (or,
// for a revoked session, as soon as the owner signs in again).
import { afterEach, describe, expect, it } from 'vitest'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { startTestStack, type Owner, type TestStack } from '../support/stack.ts'
import { closeAll, converged, eventually, newId, nowIso, openDevice, type Device } from './devices.ts'

const cleanup: Array<() => Promise<void> | void> = []
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step()
})

async function device(stack: TestStack, owner: Owner, name: string, opts: Parameters<typeof openDevice>[2] = {}): Promise<Device> {
  const d = await openDevice(stack, owner, { name, ...opts })
  cleanup.push(() => closeAll([d]))
  return d
}

const product = (over: Record<string, unknown> = {}) => ({
  id: newId(),
  name: 'Zeytinyağlı Sabun',
  price: 45.25,
  currency: 'TRY',
  stock: 12,
  created_at: nowIso(),
  ...over,
})

async function serverProduct(owner: Owner, id: string) {
  const { data, error } = await owner.client.from('products').select('*').eq('id', id).maybeSingle()
  if (error) throw new Error(error.message)
  return data as Record<string, unknown> | null
}

async function settled(d: Device) {
  await eventually(() => expect(d.sync.status()).toMatchObject({ phase: 'idle', pending: 0 }))
}

describe('the server restarting', () => {
  it('is ridden out: writes made while it is down reach it, and its changes reach the device, with nobody stepping in', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sync-restart-'))
    cleanup.push(() => {
      rmSync(dir, { recursive: true, force: true })
      rmSync(`${dir}-storage`, { recursive: true, force: true })
    })
    let stack = await startTestStack('pglite', { dataDir: dir })
    cleanup.push(() => stack.close())
    const port = stack.port
    const owner = await stack.signUpOwner()
    const d = await device(stack, owner, 'restart')
    const p = product()
    await d.db.products.insert(p)
    await settled(d)

    await stack.close()
    await (await d.db.products.findOne(p.id).exec())!.incrementalPatch({ stock: 42 })
    const extra = product({ name: 'Lavanta Sabunu' })
    await d.db.products.insert(extra)
    await eventually(() => {
      const s = d.sync.status()
      expect(['error', 'offline']).toContain(s.phase)
      expect(s.pending).toBe(2)
    })
    if (d.sync.status().phase === 'error') expect(d.sync.status().error?.code).toBe('network')

    stack = await startTestStack('pglite', { dataDir: dir, port })
    await eventually(async () => {
      expect(await serverProduct(owner, p.id)).toMatchObject({ stock: 42 })
      expect(await serverProduct(owner, extra.id)).toMatchObject({ name: 'Lavanta Sabunu' })
    }, 30_000)
    // Only realtime can tell the device about this one: nothing is left for it to push or retry.
    await settled(d)
    const { error } = await owner.client.from('products').update({ name: 'Sunucuda Değişti' }).eq('id', p.id)
    expect(error).toBeNull()
    await eventually(async () => expect((await d.db.products.findOne(p.id).exec())?.name).toBe('Sunucuda Değişti'), 30_000)
    await converged(owner, [d])
  }, 90_000)
})

describe('a session ending while offline', () => {
  const JWT_EXPIRY_S = 3

  /** Reads the device's session while online: its access token is about to be refreshed anyway. */
  async function expiresAt(d: Device): Promise<number> {
    const { data } = await d.supabase.auth.getSession()
    const at = data.session?.expires_at
    if (!at) throw new Error('no session')
    return at * 1000
  }

  /**
   * A new owner's device, on a stack of its own whose tokens last JWT_EXPIRY_S, with a product the
   * server holds; then offline, with `edit` made to that product. `expiry`: when its token expires.
   */
  async function offlineEdit(name: string, edit: Record<string, unknown>, opts: Parameters<typeof openDevice>[2] = {}) {
    const stack = await startTestStack('pglite', { config: { jwtExpiry: JWT_EXPIRY_S } })
    cleanup.push(() => stack.close())
    const owner = await stack.signUpOwner()
    const d = await device(stack, owner, name, opts)
    const p = product()
    await d.db.products.insert(p)
    await settled(d)
    const expiry = await expiresAt(d)
    d.setOnline(false)
    await (await d.db.products.findOne(p.id).exec())!.incrementalPatch(edit)
    return { stack, owner, d, p, expiry }
  }

  async function untilExpired(atMs: number) {
    await eventually(() => expect(Date.now()).toBeGreaterThan(atMs + 250), JWT_EXPIRY_S * 1000 + 5_000)
  }

  it('pauses and resumes with every queued edit once the session is refreshed', async () => {
    const { owner, d, p, expiry } = await offlineEdit('expiring', { stock: 1, name: 'Son Parti' })
    const c = { id: newId(), name: 'Burak Öztürk', phone_number: '+905327654321', created_at: nowIso() }
    await d.db.customers.insert(c)
    await eventually(() => expect(d.sync.status()).toMatchObject({ phase: 'offline', pending: 2 }))
    await untilExpired(expiry)

    const tokenRequests = d.requests.filter((r) => r === '/auth/v1/token').length
    d.setOnline(true)
    const server = await converged(owner, [d])
    expect(server.products).toEqual([expect.objectContaining({ id: p.id, stock: 1, name: 'Son Parti' })])
    expect(server.customers).toEqual([expect.objectContaining({ id: c.id, name: 'Burak Öztürk' })])
    // The expired token was refreshed rather than sent.
    expect(d.requests.filter((r) => r === '/auth/v1/token').length).toBeGreaterThan(tokenRequests)
  })

  it('stops with an auth error when the session was revoked, keeps the edits, and sends them after signing in again', async () => {
    // A backoff longer than the wait below: signing in must end it, not the timer.
    const { stack, owner, d, p, expiry } = await offlineEdit('revoked', { stock: 0, description: 'Tükendi' }, { sync: { retryMs: { initial: 30_000, max: 60_000 } } })
    const extra = product({ name: 'Defne Sabunu' })
    await d.db.products.insert(extra)
    // Signed out everywhere from the owner's other device.
    const { error: signOutError } = await owner.client.auth.signOut({ scope: 'global' })
    expect(signOutError).toBeNull()
    await untilExpired(expiry)

    d.setOnline(true)
    await eventually(() => expect(d.sync.status()).toMatchObject({ phase: 'error', error: { code: 'auth' }, pending: 2 }))
    // Nothing reached the server, and nothing was dropped locally.
    const { rows } = await stack.db.query('select id from public.products where id = $1', [extra.id])
    expect(rows).toEqual([])
    expect((await d.db.products.findOne(p.id).exec())?.toJSON()).toMatchObject({ stock: 0, description: 'Tükendi' })
    expect(await d.db.products.findOne(extra.id).exec()).not.toBeNull()

    const { error } = await d.supabase.auth.signInWithPassword({ email: owner.email, password: owner.password })
    expect(error).toBeNull()
    // The owner's other client was signed out too; read the server as the owner again.
    const { error: again } = await owner.client.auth.signInWithPassword({ email: owner.email, password: owner.password })
    expect(again).toBeNull()
    const server = await converged(owner, [d], 15_000)
    expect(server.products.find((x) => x.id === p.id)).toMatchObject({ stock: 0, description: 'Tükendi' })
    expect(server.products.find((x) => x.id === extra.id)).toMatchObject({ name: 'Defne Sabunu' })
  })
})
