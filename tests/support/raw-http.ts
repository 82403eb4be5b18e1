// Requests whose bodies a test controls byte by byte, for the stack's body
// limits: a Content-Length declared and never sent, or a chunked body
// streamed until the server answers. fetch cannot do either: it sends what
// it declares, and waits for the whole body before it reads an answer.
import http, { type IncomingHttpHeaders } from 'node:http'

export type RawAnswer = {
  status: number
  headers: IncomingHttpHeaders
  body: string
  /** Body bytes the client had written when the answer arrived. */
  sent: number
}

export type RawRequest = {
  method?: string
  headers?: Record<string, string>
  /** Fails when no answer came within this time (a server waiting for a body that will not come). */
  timeoutMs?: number
}

function open(url: string, opts: RawRequest, headers: Record<string, string>) {
  const target = new URL(url)
  return http.request({
    host: target.hostname,
    port: target.port,
    path: target.pathname + target.search,
    method: opts.method ?? 'POST',
    headers: { ...opts.headers, ...headers },
    // A connection of its own, kept alive as browsers and fetch keep theirs: a client that asks for
    // `Connection: close` has the server close at once after answering, resetting a body still arriving.
    agent: new http.Agent({ keepAlive: true, maxSockets: 1 }),
  })
}

function answered(req: http.ClientRequest, opts: RawRequest, sent: () => number, what: string): Promise<RawAnswer> {
  const timeoutMs = opts.timeoutMs ?? 15_000
  return new Promise<RawAnswer>((resolve, reject) => {
    let settled = false
    const timer = setTimeout(() => finish(new Error(`no answer within ${timeoutMs} ms to ${what} (${sent()} body bytes sent)`)), timeoutMs)
    const finish = (result: Error | RawAnswer) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      // The rest of the body is never sent: the connection goes with it.
      req.destroy()
      if (result instanceof Error) reject(result)
      else resolve(result)
    }
    req.on('response', (res) => {
      const at = sent()
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => finish({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8'), sent: at }))
      res.on('error', (e) => finish(e))
    })
    // Writing on after the server answered and closed fails (EPIPE, reset): only an error before any answer counts.
    req.on('error', (e) => setTimeout(() => finish(e), 1_000))
  })
}

/**
 * Headers that declare `declared` bytes of body, and not one byte of it:
 * an answer proves the server decided without reading the body.
 */
export function declareOnly(url: string, declared: number, opts: RawRequest = {}): Promise<RawAnswer> {
  const req = open(url, opts, { 'content-length': String(declared) })
  const answer = answered(req, opts, () => 0, `a request declaring ${declared} bytes`)
  req.flushHeaders()
  return answer
}

export type StreamedRequest = RawRequest & {
  /** Bytes to send at most, in chunks of `chunkBytes` (default 64 KiB) made from one reused buffer. */
  total: number
  chunkBytes?: number
  /** End the body after `total` bytes (default: leave it open, so only counting can answer before the end). */
  end?: boolean
}

/** A chunked body written as fast as the server takes it, until the server answers or `total` bytes are out. */
export function streamUntilAnswered(url: string, opts: StreamedRequest): Promise<RawAnswer> {
  const req = open(url, opts, { 'transfer-encoding': 'chunked' })
  let sent = 0
  let done = false
  const answer = answered(req, opts, () => sent, `a chunked body of ${opts.total} bytes`)
  void answer.then(
    () => (done = true),
    () => (done = true),
  )
  const chunk = Buffer.alloc(opts.chunkBytes ?? 64 * 1024, 0x61)
  const pump = () => {
    while (!done && sent < opts.total) {
      const n = Math.min(chunk.length, opts.total - sent)
      sent += n
      if (!req.write(n === chunk.length ? chunk : chunk.subarray(0, n))) return void req.once('drain', pump)
    }
    if (!done && sent >= opts.total && opts.end) req.end()
  }
  req.flushHeaders()
  pump()
  return answer
}
