// A stand-in for Meta's WhatsApp Cloud API messages endpoint over real HTTP
// (`POST /{phone_number_id}/messages`), for functions that send as an owner.
// It records each request and answers as Meta does: `{messages: [{id}]}`, or
// Meta's error object for a recipient whose 24-hour window a test closed.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll } from 'vitest'

export type SentWhatsApp = {
  phoneNumberId: string
  authorization: string | undefined
  body: { messaging_product?: string; to?: string; type?: string; text?: { body?: string } }
}

export type FakeWhatsApp = {
  /** What WHATSAPP_GRAPH_URL is set to. */
  url: string
  sent: SentWhatsApp[]
  /** Recipients (international digits) whose customer-service window is closed: error 131047. */
  closedWindows: Set<string>
  /** Texts refused whoever they go to (a part of a long message that fails): error 100. */
  refusedTexts: Set<string>
  close(): Promise<void>
}

let ids = 0

/**
 * The fake of a describe block: started before its tests, closed after them.
 * The value stands for the running fake once the block's tests have started.
 */
export function useFakeWhatsApp(): FakeWhatsApp {
  let graph: FakeWhatsApp | undefined
  beforeAll(async () => {
    graph = await startFakeWhatsApp()
  })
  afterAll(() => graph?.close())
  return new Proxy({} as FakeWhatsApp, {
    get(_, key) {
      if (!graph) throw new Error('the fake WhatsApp API is read before its tests started')
      return graph[key as keyof FakeWhatsApp]
    },
  })
}

export async function startFakeWhatsApp(): Promise<FakeWhatsApp> {
  const sent: SentWhatsApp[] = []
  const closedWindows = new Set<string>()
  const refusedTexts = new Set<string>()
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const match = /^\/([^/]+)\/messages$/.exec(req.url ?? '')
      const answer = (status: number, body: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json' })
        res.end(JSON.stringify(body))
      }
      if (req.method !== 'POST' || !match) return answer(404, { error: { message: 'Unknown path', code: 100 } })
      let body: SentWhatsApp['body']
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'))
      } catch {
        return answer(400, { error: { message: 'Invalid JSON', code: 100 } })
      }
      sent.push({ phoneNumberId: decodeURIComponent(match[1]!), authorization: req.headers.authorization, body })
      if (body.to && closedWindows.has(body.to)) {
        return answer(400, {
          error: {
            message: 'Re-engagement message',
            type: 'OAuthException',
            code: 131047,
            error_data: { details: 'Message failed to send because more than 24 hours have passed since the customer last replied to this number.' },
          },
        })
      }
      if (body.text?.body !== undefined && refusedTexts.has(body.text.body)) {
        return answer(400, { error: { message: 'Invalid parameter', type: 'OAuthException', code: 100 } })
      }
      answer(200, { messaging_product: 'whatsapp', contacts: [{ input: body.to, wa_id: body.to }], messages: [{ id: `wamid.fake${++ids}` }] })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    sent,
    closedWindows,
    refusedTexts,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
