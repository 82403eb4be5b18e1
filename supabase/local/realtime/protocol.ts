// Phoenix channel frames as realtime-js speaks them: `vsn=2.0.0` (the default)
// sends JSON arrays `[join_ref, ref, topic, event, payload]` and binary frames
// for broadcasts; `vsn=1.0.0` sends JSON objects.

export type Vsn = '1.0.0' | '2.0.0'

export const SUPPORTED_VSN: readonly Vsn[] = ['1.0.0', '2.0.0']

export type Message = {
  join_ref: string | null
  ref: string | null
  topic: string
  event: string
  payload: unknown
}

/** A broadcast as the client pushes it and as it is relayed: the user's event and payload. */
export type UserBroadcast = { event: string; payload: unknown; binary: boolean }

const USER_BROADCAST_PUSH = 3
const USER_BROADCAST = 4
const BINARY_ENCODING = 0
const JSON_ENCODING = 1

const str = (v: unknown): string | null => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null)

export function decodeFrame(vsn: Vsn, data: Buffer, isBinary: boolean): Message | undefined {
  if (isBinary) return decodeBinary(data)
  let parsed: unknown
  try {
    parsed = JSON.parse(data.toString('utf8'))
  } catch {
    return undefined
  }
  if (vsn === '2.0.0') {
    if (!Array.isArray(parsed) || parsed.length < 5) return undefined
    const [joinRef, ref, topic, event, payload] = parsed as unknown[]
    if (typeof topic !== 'string' || typeof event !== 'string') return undefined
    return { join_ref: str(joinRef), ref: str(ref), topic, event, payload }
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined
  const m = parsed as Record<string, unknown>
  if (typeof m.topic !== 'string' || typeof m.event !== 'string') return undefined
  return { join_ref: str(m.join_ref), ref: str(m.ref), topic: m.topic, event: m.event, payload: m.payload }
}

/**
 * realtime-js 2.x pushes broadcasts as binary frames: kind 3, five lengths and
 * the payload encoding, then join_ref, ref, topic, user event, metadata, payload.
 */
function decodeBinary(data: Buffer): Message | undefined {
  if (data.length < 7 || data[0] !== USER_BROADCAST_PUSH) return undefined
  const lengths = [data[1]!, data[2]!, data[3]!, data[4]!, data[5]!]
  const encoding = data[6]
  let offset = 7
  const parts: string[] = []
  for (const len of lengths) {
    if (offset + len > data.length) return undefined
    parts.push(data.subarray(offset, offset + len).toString('utf8'))
    offset += len
  }
  const [joinRef, ref, topic, event, metadata] = parts as [string, string, string, string, string]
  const body = data.subarray(offset)
  let payload: unknown
  if (encoding === JSON_ENCODING) {
    try {
      payload = JSON.parse(body.toString('utf8'))
    } catch {
      return undefined
    }
  } else {
    payload = body
  }
  let meta: Record<string, unknown> = {}
  if (metadata) {
    try {
      meta = JSON.parse(metadata) as Record<string, unknown>
    } catch {
      meta = {}
    }
  }
  return {
    join_ref: joinRef || null,
    ref: ref || null,
    topic,
    event: 'broadcast',
    payload: { ...meta, type: 'broadcast', event, payload, binary: encoding === BINARY_ENCODING },
  }
}

export function encodeMessage(vsn: Vsn, m: Message): string {
  if (vsn === '2.0.0') return JSON.stringify([m.join_ref, m.ref, m.topic, m.event, m.payload])
  // Phoenix's V1 serializer carries no join_ref.
  return JSON.stringify({ topic: m.topic, event: m.event, payload: m.payload, ref: m.ref })
}

/**
 * A relayed broadcast. vsn 2.0.0 gets the binary frame realtime-js decodes
 * (kind 4: lengths of topic, event and metadata, the payload encoding, then
 * the bytes); vsn 1.0.0 gets JSON and cannot carry binary payloads.
 */
export function encodeBroadcast(vsn: Vsn, topic: string, b: UserBroadcast): string | Buffer | undefined {
  if (vsn === '1.0.0') {
    if (b.binary) return undefined
    return encodeMessage(vsn, {
      join_ref: null,
      ref: null,
      topic,
      event: 'broadcast',
      payload: { type: 'broadcast', event: b.event, payload: b.payload },
    })
  }
  const topicBytes = Buffer.from(topic, 'utf8')
  const eventBytes = Buffer.from(b.event, 'utf8')
  if (topicBytes.length > 255 || eventBytes.length > 255) return undefined
  const body = b.binary ? Buffer.from(b.payload as Uint8Array) : Buffer.from(JSON.stringify(b.payload ?? {}), 'utf8')
  const header = Buffer.from([
    USER_BROADCAST,
    topicBytes.length,
    eventBytes.length,
    0,
    b.binary ? BINARY_ENCODING : JSON_ENCODING,
  ])
  return Buffer.concat([header, topicBytes, eventBytes, body])
}
