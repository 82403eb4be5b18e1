// The gateway's body limit for functions, over a real socket: 1 MiB unless
// the function's module declares MAX_REQUEST_BODY_BYTES, refused with 413
// payload_too_large from the Content-Length before reading, or as soon as a
// chunked body passes it. Test functions in fixtures/, no database.
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { serve, type ServerType } from '@hono/node-server'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { declareOnly, streamUntilAnswered, type RawAnswer } from '../../../tests/support/raw-http.ts'
import { BODY_LIMITS } from '../body-limit.ts'
import { loadConfig } from '../config.ts'
import { BufferedRequest } from '../in-process-bodies.ts'
import { createFunctionsApp, declaredBodyLimit } from './index.ts'

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures')
const MiB = 1024 * 1024

const refusal = (limit: number) => ({ code: 'payload_too_large', message: `Request body too large: this function accepts at most ${limit} bytes` })

function expectRefused(answer: RawAnswer, limit: number) {
  expect(answer.status).toBe(413)
  expect(answer.headers['sb-error-code']).toBe('payload_too_large')
  expect(JSON.parse(answer.body)).toEqual(refusal(limit))
}

describe('function body limits', () => {
  const app = new Hono().route(
    '/functions/v1',
    createFunctionsApp(
      { config: loadConfig({}), apiUrl: () => '' },
      { functionsDir: path.join(fixtures, 'functions'), configToml: path.join(fixtures, 'config.toml') },
    ),
  )
  let server: ServerType
  let base = ''
  beforeAll(async () => {
    server = await new Promise<ServerType>((resolve) => {
      const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s))
    })
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/functions/v1`
  })
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()))
  })

  const post = (name: string, body: Uint8Array<ArrayBuffer>) => fetch(`${base}/${name}`, { method: 'POST', body })

  it('takes a body of exactly 1 MiB by default and hands all of it to the function', async () => {
    const res = await post('echo', new Uint8Array(BODY_LIMITS.functions).fill(0x61))
    expect(res.status).toBe(200)
    expect(((await res.json()) as { body: string }).body).toHaveLength(BODY_LIMITS.functions)
  })

  it('refuses a declared length over 1 MiB without reading the body', async () => {
    // Not one byte of the body is sent: the answer can only come from the header.
    const answer = await declareOnly(`${base}/echo`, BODY_LIMITS.functions + 1)
    expectRefused(answer, BODY_LIMITS.functions)
  })

  it('refuses a chunked body as soon as it passes 1 MiB, while the client is still sending', async () => {
    // The body is never ended: only counting the bytes as they come can answer.
    const answer = await streamUntilAnswered(`${base}/echo`, { total: 8 * MiB })
    expectRefused(answer, BODY_LIMITS.functions)
    expect(answer.sent).toBeLessThan(8 * MiB)
  })

  it("honours a function's own smaller limit", async () => {
    const at = await post('small-body', new Uint8Array(1024))
    expect(at.status).toBe(200)
    expect(await at.json()).toEqual({ bytes: 1024 })
    const over = await post('small-body', new Uint8Array(1025))
    expect(over.status).toBe(413)
    expect(await over.json()).toEqual(refusal(1024))
    expectRefused(await streamUntilAnswered(`${base}/small-body`, { total: 64 * 1024, chunkBytes: 512 }), 1024)
  })

  it("honours a function's own larger limit", async () => {
    // Over the default, within the declared 3 MiB.
    const at = await post('large-body', new Uint8Array(3 * MiB))
    expect(at.status).toBe(200)
    expect(await at.json()).toEqual({ bytes: 3 * MiB })
    expectRefused(await declareOnly(`${base}/large-body`, 3 * MiB + 1), 3 * MiB)
    expectRefused(await streamUntilAnswered(`${base}/large-body`, { total: 16 * MiB }), 3 * MiB)
  })

  it('does not load a function whose declared limit is not a number of bytes', async () => {
    const res = await post('bad-limit', new Uint8Array(1))
    expect(res.status).toBe(503)
    expect(await res.json()).toEqual({ code: 'BOOT_ERROR', message: 'Worker failed to boot (please check logs)' })
    expect(() => declaredBodyLimit('f', { MAX_REQUEST_BODY_BYTES: 0 })).toThrow(TypeError)
    expect(() => declaredBodyLimit('f', { MAX_REQUEST_BODY_BYTES: 1.5 })).toThrow(TypeError)
    expect(declaredBodyLimit('f', {})).toBe(BODY_LIMITS.functions)
  })

  it('applies the same limit to a request made in-process, whose body is already in memory', async () => {
    // As the stack hands a function's call to its own API (ownApi in server.ts).
    const inProcess = async (size: number) =>
      app.fetch(new BufferedRequest('http://stack.test/functions/v1/small-body', { method: 'POST', body: new Uint8Array(size) }))
    expect(await (await inProcess(1024)).json()).toEqual({ bytes: 1024 })
    const over = await inProcess(1025)
    expect(over.status).toBe(413)
    expect(await over.json()).toEqual(refusal(1024))
    // A streamed body, as the local checkout page's call to payment-webhook is made, is counted as it is read.
    const streamed = await app.request('/functions/v1/small-body', {
      method: 'POST',
      body: new ReadableStream({
        pull(c) {
          c.enqueue(new Uint8Array(600))
        },
      }),
      duplex: 'half',
    } as RequestInit)
    expect(streamed.status).toBe(413)
  })
})
