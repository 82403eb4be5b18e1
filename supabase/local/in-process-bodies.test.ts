// Requests and answers that stay inside the stack's process read their bodies from memory, and behave as
// Request and Response do for everything a function, supabase-js or the data API does with them.
import { describe, expect, it } from 'vitest'
import { answerTo, BufferedRequest, BufferedResponse } from './in-process-bodies.ts'

const url = 'http://stack.test/rest/v1/rpc/f'
const post = (body: string | Uint8Array<ArrayBuffer> | null) =>
  new BufferedRequest(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body })

type Reader = 'arrayBuffer' | 'blob' | 'bytes' | 'formData' | 'json' | 'text'
type Body = Request | Response

/**
 * The platform's body readers: every method of Request's or Response's prototype chain but the constructor and
 * clone that answers a promise, found by calling each on an instance with no body.
 */
function readersOf(make: () => Body): Reader[] {
  const names = new Set<string>()
  for (let proto: object | null = Object.getPrototypeOf(make()); proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
    for (const name of Object.getOwnPropertyNames(proto)) {
      const value = Object.getOwnPropertyDescriptor(proto, name)?.value
      if (typeof value !== 'function' || name === 'constructor' || name === 'clone') continue
      const result: unknown = value.call(make())
      if (result instanceof Promise) {
        result.catch(() => {})
        names.add(name)
      }
    }
  }
  return [...names].sort() as Reader[]
}

const requestReaders = readersOf(() => new Request(url, { method: 'POST' }))
const responseReaders = readersOf(() => new Response(null))

/** What a reader answered, in a form toEqual compares by content: a rejection by its kind. */
async function outcome(body: Body, reader: Reader): Promise<unknown> {
  try {
    const value: unknown = await (body[reader] as () => Promise<unknown>).call(body)
    if (typeof value === 'string') return { string: value }
    if (value instanceof ArrayBuffer) return { arrayBuffer: [...new Uint8Array(value)] }
    if (value instanceof Uint8Array) return { [value.constructor.name]: [...value] }
    if (value instanceof Blob) return { blob: { type: value.type, text: await value.text() } }
    if (value instanceof FormData) {
      const entries = []
      for (const [name, entry] of value) {
        entries.push([name, typeof entry === 'string' ? entry : { file: entry.name, type: entry.type, text: await entry.text() }])
      }
      return { formData: entries }
    }
    return { json: value }
  } catch (e) {
    return { rejected: (e as Error).constructor.name }
  }
}

const boundary = 'stack-test-boundary'
// Bodies each reader is asked for, with the content type they are sent with: some readers reject some of them.
const bodies: [contentType: string, text: string][] = [
  ['application/json; charset=utf-8', '{"ş":[1,"two",null]}'],
  ['application/x-www-form-urlencoded', 'a=1&b=%C3%BC&a=3'],
  [
    `multipart/form-data; boundary=${boundary}`,
    [
      `--${boundary}`,
      'Content-Disposition: form-data; name="field"',
      '',
      'value ş',
      `--${boundary}`,
      'Content-Disposition: form-data; name="upload"; filename="notes.txt"',
      'Content-Type: text/plain',
      '',
      'file contents',
      `--${boundary}--`,
      '',
    ].join('\r\n'),
  ],
  ['text/plain', ''],
]

const requestWith = (type: string, text: string, body: string | Uint8Array<ArrayBuffer> = text) =>
  new BufferedRequest(url, { method: 'POST', headers: { 'content-type': type }, body })
const responseWith = (type: string, text: string) => new BufferedResponse(text, { status: 200, headers: { 'content-type': type } })

const cases = [
  {
    name: 'BufferedRequest',
    readers: requestReaders,
    buffered: (type: string, text: string): Body => requestWith(type, text),
    real: (type: string, text: string): Body => new Request(url, { method: 'POST', headers: { 'content-type': type }, body: text }),
  },
  {
    name: 'BufferedResponse',
    readers: responseReaders,
    buffered: (type: string, text: string): Body => responseWith(type, text),
    real: (type: string, text: string): Body => new Response(text, { status: 200, headers: { 'content-type': type } }),
  },
]

describe.each(cases)('$name', ({ readers, buffered, real }) => {
  it("answers every one of the platform's body readers from its own body", async () => {
    // A reader added by a later Node, and not answered by the class, would read its empty base body here.
    expect(readers).toEqual(expect.arrayContaining(['arrayBuffer', 'blob', 'formData', 'json', 'text']))
    const prototype = Object.getPrototypeOf(buffered('text/plain', '')) as object
    // The stream, the used flag and clone are the body's too, though no reader answers them with a promise.
    for (const name of [...readers, 'body', 'bodyUsed', 'clone']) expect(Object.hasOwn(prototype, name), name).toBe(true)
    for (const reader of readers) {
      for (const [type, text] of bodies) {
        expect(await outcome(buffered(type, text), reader), `${reader} of ${type}`).toEqual(await outcome(real(type, text), reader))
      }
    }
  })

  it('is used by any reader, after which every reader rejects as the platform does', async () => {
    for (const first of readers) {
      for (const second of readers) {
        // A reader that cannot parse the body has still used it: json here, as formData on a JSON body.
        const [mine, theirs] = [buffered('application/x-www-form-urlencoded', 'a=1'), real('application/x-www-form-urlencoded', 'a=1')]
        expect(mine.bodyUsed).toBe(false)
        expect(await outcome(mine, first)).toEqual(await outcome(theirs, first))
        expect([mine.bodyUsed, await outcome(mine, second)], `${first} then ${second}`).toEqual([true, await outcome(theirs, second)])
        expect(await outcome(mine, second)).toEqual({ rejected: 'TypeError' })
        expect(() => mine.clone()).toThrow(TypeError)
        expect(() => mine.body!.getReader()).toThrow(TypeError)
      }
    }
  })

  it('is used once its stream is read, and unusable once the stream is locked', async () => {
    const read = buffered('text/plain', 'streamed')
    expect([read.body, read.body]).toEqual([expect.any(ReadableStream), read.body])
    expect(await new Response(read.body).text()).toBe('streamed')
    expect(read.bodyUsed).toBe(true)
    await expect(read.text()).rejects.toThrow(TypeError)
    expect(() => read.clone()).toThrow(TypeError)

    const locked = buffered('text/plain', 'locked')
    const reader = locked.body!.getReader()
    expect(locked.bodyUsed).toBe(false)
    await expect(locked.text()).rejects.toThrow(TypeError)
    expect(() => locked.clone()).toThrow(TypeError)
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('locked')
    expect(locked.bodyUsed).toBe(true)

    const cancelled = buffered('text/plain', 'cancelled')
    await cancelled.body!.cancel()
    expect(cancelled.bodyUsed).toBe(true)
    await expect(cancelled.bytes()).rejects.toThrow(TypeError)

    // Taken before it is read, the stream is the body a reader drains: it cannot then be read a second time.
    const handedOut = buffered('text/plain', 'handed out')
    const stream = handedOut.body!
    expect(await handedOut.text()).toBe('handed out')
    expect(() => stream.getReader()).toThrow(TypeError)
  })

  it('clones with a body of its own', async () => {
    const original = buffered('application/json', '{"kept":true}')
    const copy = original.clone()
    expect(copy.constructor).toBe(original.constructor)
    expect([copy.headers.get('content-type'), copy.bodyUsed]).toEqual(['application/json', false])
    const bytes = await copy.bytes()
    bytes.fill(0)
    expect(copy.bodyUsed).toBe(true)
    expect(original.bodyUsed).toBe(false)
    expect(await original.json()).toEqual({ kept: true })
    // Its stream taken but not read, a body can still be cloned, as the platform's can.
    const streamed = buffered('text/plain', 'untouched stream')
    expect(streamed.body).toBeInstanceOf(ReadableStream)
    expect(await streamed.clone().text()).toBe('untouched stream')
    expect(await streamed.text()).toBe('untouched stream')
  })
})

describe('BufferedRequest', () => {
  it('is a Request with its url, method, headers and body size', () => {
    const req = post('{"ş":1}')
    expect(req).toBeInstanceOf(Request)
    expect([req.url, req.method, req.headers.get('content-type')]).toEqual([url, 'POST', 'application/json'])
    expect([req.byteLength, post(new Uint8Array(5)).byteLength, post(null).byteLength]).toEqual([8, 5, 0])
    expect(req.clone().byteLength).toBe(8)
  })

  it('reads bytes it was given without sharing them with the reader', async () => {
    const given = new TextEncoder().encode('bytes')
    const read = await post(given).bytes()
    read.fill(0)
    expect(new TextDecoder().decode(given)).toBe('bytes')
    expect(new TextDecoder().decode(await post(given).arrayBuffer())).toBe('bytes')
  })

  it('clones with what it was made with', () => {
    const controller = new AbortController()
    const original = new BufferedRequest(url, {
      method: 'PUT',
      headers: { 'x-one': '1' },
      signal: controller.signal,
      redirect: 'manual',
      credentials: 'omit',
      body: 'x',
    })
    const copy = original.clone()
    expect([copy.url, copy.method, copy.headers.get('x-one'), copy.redirect, copy.credentials]).toEqual([url, 'PUT', '1', 'manual', 'omit'])
    controller.abort()
    expect(copy.signal.aborted).toBe(true)
  })

  it('has no body when given none, and none on GET or HEAD', async () => {
    for (const method of ['GET', 'HEAD', 'POST']) {
      const req = new BufferedRequest(url, { method })
      expect([req.body, await req.text(), await req.text(), req.bodyUsed]).toEqual([null, '', '', false])
    }
    expect(() => new BufferedRequest(url, { method: 'GET', body: 'x' })).toThrow(TypeError)
    expect(() => new BufferedRequest(url, { method: 'HEAD', body: new Uint8Array(1) })).toThrow(TypeError)
  })
})

describe('answerTo', () => {
  const init = { status: 206, statusText: 'Partial Content', headers: { 'content-range': '0-0/*' } }

  it('answers an in-process request from memory, with its status and headers', async () => {
    const answer = answerTo(post('{}'), '[{"id":1}]', init)
    expect(answer).toBeInstanceOf(BufferedResponse)
    expect([answer.status, answer.ok, answer.statusText, answer.headers.get('content-range')]).toEqual([206, true, 'Partial Content', '0-0/*'])
    expect(await answer.json()).toEqual([{ id: 1 }])
    await expect(answer.text()).rejects.toThrow(TypeError)
    const empty = answerTo(new BufferedRequest(url), null, { status: 204 })
    expect([empty, empty.status, empty.body, await empty.text()]).toEqual([expect.any(BufferedResponse), 204, null, ''])
  })

  it('answers a request from the network with a plain Response', async () => {
    const answer = answerTo(new Request(url, { method: 'POST', body: '{}' }), '[{"id":1}]', init)
    expect([answer.constructor, answer.status, answer.statusText, answer.headers.get('content-range')]).toEqual([Response, 206, 'Partial Content', '0-0/*'])
    expect(await answer.json()).toEqual([{ id: 1 }])
  })
})
