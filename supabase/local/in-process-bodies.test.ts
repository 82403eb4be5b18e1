// Requests and answers that stay inside the stack's process read their bodies from memory, and behave as
// Request and Response do for everything a function, supabase-js or the data API does with them.
import { describe, expect, it } from 'vitest'
import { BufferedRequest, BufferedResponse, inProcessAnswer, withBodyText } from './in-process-bodies.ts'

const post = (body: string | Uint8Array<ArrayBuffer> | null) =>
  new BufferedRequest('http://stack.test/rest/v1/rpc/f', { method: 'POST', headers: { 'content-type': 'application/json' }, body })

describe('BufferedRequest', () => {
  it('is a Request with its url, method and headers', () => {
    const req = post('{"a":1}')
    expect(req).toBeInstanceOf(Request)
    expect([req.url, req.method, req.headers.get('content-type')]).toEqual(['http://stack.test/rest/v1/rpc/f', 'POST', 'application/json'])
  })

  it('reads its body once, as text, json, bytes, blob or a stream', async () => {
    expect(await post('{"ş":1}').json()).toEqual({ ş: 1 })
    expect(await post('{"ş":1}').text()).toBe('{"ş":1}')
    expect(new TextDecoder().decode(await post(new TextEncoder().encode('bytes')).arrayBuffer())).toBe('bytes')
    expect(await (await post('blob')).blob().then((b) => b.text())).toBe('blob')
    expect(await new Response(post('streamed').body).text()).toBe('streamed')
    const streamedFirst = post('one reader')
    expect(streamedFirst.body).toBeInstanceOf(ReadableStream)
    expect(await streamedFirst.text()).toBe('one reader')

    const once = post('x')
    expect(once.bodyUsed).toBe(false)
    await once.text()
    expect(once.bodyUsed).toBe(true)
    await expect(once.text()).rejects.toThrow(TypeError)
    expect(() => once.clone()).toThrow(TypeError)
  })

  it('clones with its body, reads form data, and has no body when given none', async () => {
    const original = post('{"kept":true}')
    const copy = original.clone()
    expect(await copy.json()).toEqual({ kept: true })
    expect(await original.json()).toEqual({ kept: true })
    const form = new BufferedRequest('http://stack.test/f', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'a=1&b=%C3%BC',
    })
    expect(Object.fromEntries(await form.formData())).toEqual({ a: '1', b: 'ü' })
    const get = new BufferedRequest('http://stack.test/f')
    expect(get.body).toBeNull()
    expect(await get.text()).toBe('')
    expect(() => new BufferedRequest('http://stack.test/f', { method: 'GET', body: 'x' })).toThrow(TypeError)
  })
})

describe('inProcessAnswer', () => {
  it("reads a marked answer's text from memory, with its status and headers", async () => {
    const marked = withBodyText(new Response('[{"id":1}]', { status: 206, headers: { 'content-range': '0-0/*' } }), '[{"id":1}]')
    const answer = inProcessAnswer(marked)
    expect(answer).toBeInstanceOf(BufferedResponse)
    expect([answer.status, answer.ok, answer.statusText, answer.headers.get('content-range')]).toEqual([206, true, 'Partial Content', '0-0/*'])
    expect(await answer.json()).toEqual([{ id: 1 }])
    await expect(answer.text()).rejects.toThrow(TypeError)
    const empty = inProcessAnswer(withBodyText(new Response(null, { status: 204 }), null))
    expect([empty.status, empty.body, await empty.text()]).toEqual([204, null, ''])
  })

  it('passes an unmarked answer through as it is', () => {
    const plain = new Response('auth answer')
    expect(inProcessAnswer(plain)).toBe(plain)
  })
})
