// A small OpenAI-compatible chat-completions server over real HTTP, for the
// assistant's model provider: POST /v1/chat/completions with a JSON body of
// model, messages and tools, answered with choices[0].message holding either
// tool_calls or content. Each test scripts it (a queue of replies, or a
// function of the request) and reads back what was sent. It checks what the
// real APIs check and a client could get wrong: JSON, a message list, tool
// results that answer a tool call of the conversation, and the API key.
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export type FakeToolCall = { id: string; type: 'function'; function: { name: string; arguments: string } }

export type FakeChatMessage = {
  role: 'system' | 'user' | 'assistant' | 'tool'
  content: string | null
  tool_calls?: FakeToolCall[]
  tool_call_id?: string
}

export type FakeChatBody = {
  model: string
  messages: FakeChatMessage[]
  tools?: { type: string; function: { name: string; description?: string; parameters?: unknown } }[]
  temperature?: number
  max_tokens?: number
  [key: string]: unknown
}

export type RecordedRequest = { path: string; headers: http.IncomingHttpHeaders; body: FakeChatBody }

/** What the server answers one request with. */
export type FakeReply =
  | { message: { content?: string | null; tool_calls?: FakeToolCall[] }; delayMs?: number }
  | { status: number; body: unknown; delayMs?: number }
  /** Sent as is (with status 200): for malformed answers. */
  | { raw: string; delayMs?: number }

export type FakeScript = FakeReply[] | ((body: FakeChatBody, index: number) => FakeReply | Promise<FakeReply>)

export type FakeOpenAI = {
  /** The base URL, ending in /v1 as clients are configured. */
  url: string
  requests: RecordedRequest[]
  /** Replaces the script (and keeps the recorded requests). */
  script(next: FakeScript): void
  close(): Promise<void>
}

let callCounter = 0

/** An assistant turn asking for one tool. */
export function toolCall(name: string, args: Record<string, unknown>, id = `call_${++callCounter}`): FakeReply {
  return { message: { content: null, tool_calls: [{ id, type: 'function', function: { name, arguments: JSON.stringify(args) } }] } }
}

/** An assistant turn asking for several tools at once, as models do for independent reads. */
export function toolCalls(calls: { name: string; args: Record<string, unknown>; id?: string }[]): FakeReply {
  return {
    message: {
      content: null,
      tool_calls: calls.map(({ name, args, id = `call_${++callCounter}` }) => ({ id, type: 'function', function: { name, arguments: JSON.stringify(args) } })),
    },
  }
}

/** An assistant turn with a plain answer. */
export function answer(content: string): FakeReply {
  return { message: { content } }
}

export type ToolExchange = { name: string; args: unknown; result: unknown }

/**
 * The tool calls of a request's conversation with what the client answered
 * to each, oldest first: what a scripted model "read" before it answers.
 */
export function toolResults(body: FakeChatBody): ToolExchange[] {
  const calls = new Map<string, FakeToolCall>()
  const exchanges: ToolExchange[] = []
  for (const m of body.messages) {
    if (m.role === 'assistant') for (const c of m.tool_calls ?? []) calls.set(c.id, c)
    if (m.role !== 'tool' || !m.tool_call_id) continue
    const call = calls.get(m.tool_call_id)
    if (!call) continue
    exchanges.push({ name: call.function.name, args: JSON.parse(call.function.arguments || '{}'), result: JSON.parse(m.content ?? 'null') })
  }
  return exchanges
}

/** The result of the latest call of one tool in the request's conversation. */
export function toolResult<T = Record<string, unknown>>(body: FakeChatBody, name: string): T | undefined {
  return toolResults(body).filter((exchange) => exchange.name === name).at(-1)?.result as T | undefined
}

const apiError = (status: number, message: string, type = 'invalid_request_error') => ({
  status,
  body: { error: { message, type, param: null, code: null } },
})

/** The checks OpenAI itself makes on a conversation, so a client that would be refused there is refused here. */
function protocolError(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return 'body must be a JSON object'
  const { model, messages } = body as Partial<FakeChatBody>
  if (typeof model !== 'string' || model === '') return "'model' is required"
  if (!Array.isArray(messages) || messages.length === 0) return "'messages' must be a non-empty array"
  const open = new Set<string>()
  for (const [i, m] of messages.entries()) {
    if (!['system', 'user', 'assistant', 'tool'].includes(m.role)) return `messages[${i}].role is invalid`
    if (m.role === 'tool') {
      if (!m.tool_call_id || !open.has(m.tool_call_id)) {
        return `messages[${i}] with role 'tool' must be a response to a preceding message with 'tool_calls'`
      }
      if (typeof m.content !== 'string') return `messages[${i}].content must be a string`
      open.delete(m.tool_call_id)
      continue
    }
    if (open.size > 0) return `an assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id' (messages[${i}])`
    if (m.role === 'assistant' && m.tool_calls) for (const c of m.tool_calls) open.add(c.id)
    else if (typeof m.content !== 'string') return `messages[${i}].content must be a string`
  }
  return null
}

export async function startFakeOpenAI(opts: { script?: FakeScript; apiKey?: string } = {}): Promise<FakeOpenAI> {
  let script: FakeScript = opts.script ?? []
  const requests: RecordedRequest[] = []
  const sockets = new Set<import('node:net').Socket>()
  const timers = new Set<ReturnType<typeof setTimeout>>()

  async function reply(path: string, headers: http.IncomingHttpHeaders, text: string): Promise<FakeReply> {
    if (path !== '/v1/chat/completions') return apiError(404, `Unknown request URL: POST ${path}`)
    if (opts.apiKey !== undefined && headers.authorization !== `Bearer ${opts.apiKey}`) {
      return apiError(401, 'Incorrect API key provided', 'invalid_api_key')
    }
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      return apiError(400, 'We could not parse the JSON body of your request.')
    }
    const problem = protocolError(body)
    if (problem) return apiError(400, problem)
    const chat = body as FakeChatBody
    const index = requests.length
    requests.push({ path, headers, body: chat })
    if (typeof script === 'function') return script(chat, index)
    const next = script.shift()
    if (!next) throw new Error(`fake OpenAI: no scripted reply for request ${index + 1}`)
    return next
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      void (async () => {
        let r: FakeReply
        if (req.method !== 'POST') r = apiError(405, `Method ${req.method} not allowed`)
        else {
          try {
            r = await reply(req.url ?? '', req.headers, Buffer.concat(chunks).toString('utf8'))
          } catch (e) {
            r = apiError(500, String(e), 'server_error')
          }
        }
        if (r.delayMs) {
          await new Promise<void>((resolve) => {
            const t = setTimeout(() => (timers.delete(t), resolve()), r.delayMs)
            timers.add(t)
          })
        }
        if (res.destroyed) return
        if ('raw' in r) {
          res.writeHead(200, { 'Content-Type': 'application/json' }).end(r.raw)
        } else if ('status' in r) {
          res.writeHead(r.status, { 'Content-Type': 'application/json' }).end(JSON.stringify(r.body))
        } else {
          const message = { role: 'assistant', content: r.message.content ?? null, ...(r.message.tool_calls ? { tool_calls: r.message.tool_calls } : {}) }
          const model = requests.at(-1)?.body.model ?? 'unknown'
          res.writeHead(200, { 'Content-Type': 'application/json' }).end(
            JSON.stringify({
              id: `chatcmpl-${requests.length}`,
              object: 'chat.completion',
              created: Math.floor(Date.now() / 1000),
              model,
              choices: [{ index: 0, message, logprobs: null, finish_reason: r.message.tool_calls ? 'tool_calls' : 'stop' }],
              usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
            }),
          )
        }
      })()
    })
  })
  server.on('connection', (s) => {
    sockets.add(s)
    s.on('close', () => sockets.delete(s))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests,
    script(next) {
      script = next
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const t of timers) clearTimeout(t)
        // A delayed answer the client gave up on must not keep the server open.
        for (const s of sockets) s.destroy()
        server.close(() => resolve())
      }),
  }
}
