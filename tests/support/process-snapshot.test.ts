import { afterEach, describe, expect, it, vi } from 'vitest'
import { snapshotProcess } from './process-snapshot.ts'

describe('snapshotProcess', () => {
  const { Request: PlatformRequest, Response: PlatformResponse } = globalThis
  afterEach(() => {
    Object.defineProperty(globalThis, 'Request', { value: PlatformRequest, writable: true, configurable: true })
    Object.defineProperty(globalThis, 'Response', { value: PlatformResponse, writable: true, configurable: true })
    vi.useRealTimers()
  })

  it('puts back process.env: a value changed, one added, one deleted', () => {
    process.env.SNAPSHOT_TEST_KEPT = 'before'
    process.env.SNAPSHOT_TEST_DELETED = 'there'
    const restore = snapshotProcess()
    process.env.SNAPSHOT_TEST_KEPT = 'after'
    process.env.SNAPSHOT_TEST_ADDED = 'new'
    delete process.env.SNAPSHOT_TEST_DELETED
    restore()
    expect([process.env.SNAPSHOT_TEST_KEPT, process.env.SNAPSHOT_TEST_ADDED, process.env.SNAPSHOT_TEST_DELETED]).toEqual(['before', undefined, 'there'])
    delete process.env.SNAPSHOT_TEST_KEPT
    delete process.env.SNAPSHOT_TEST_DELETED
  })

  it('puts back the platform Request and Response that a server swapped, as @hono/node-server defines them', () => {
    const restore = snapshotProcess()
    class OtherRequest extends PlatformRequest {}
    class OtherResponse extends PlatformResponse {}
    Object.defineProperty(globalThis, 'Request', { value: OtherRequest })
    Object.defineProperty(globalThis, 'Response', { value: OtherResponse })
    restore()
    expect([globalThis.Request, globalThis.Response]).toEqual([PlatformRequest, PlatformResponse])
  })

  it('puts back the classes the process started with, even when taken after a swap', () => {
    snapshotProcess()
    class OtherResponse extends PlatformResponse {}
    Object.defineProperty(globalThis, 'Response', { value: OtherResponse })
    const restore = snapshotProcess()
    restore()
    expect(globalThis.Response).toBe(PlatformResponse)
  })

  it('puts back the real clock', () => {
    const restore = snapshotProcess()
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2001-01-01T00:00:00Z') })
    restore()
    expect(new Date().getFullYear()).toBeGreaterThan(2001)
  })
})
