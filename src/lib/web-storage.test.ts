import { afterEach, describe, expect, it, vi } from 'vitest'
import { webStorage } from './web-storage.ts'

describe('webStorage', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('is the storage asked for', () => {
    const local = { getItem: () => null } as unknown as Storage
    vi.stubGlobal('localStorage', local)
    expect(webStorage('localStorage')).toBe(local)
  })

  it('is undefined where there is none or reading it throws', () => {
    vi.stubGlobal('sessionStorage', undefined)
    expect(webStorage('sessionStorage')).toBeUndefined()
    Object.defineProperty(globalThis, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('The operation is insecure.', 'SecurityError')
      },
    })
    try {
      expect(webStorage('localStorage')).toBeUndefined()
    } finally {
      Reflect.deleteProperty(globalThis, 'localStorage')
    }
  })
})
