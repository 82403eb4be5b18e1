// What Meta sends to a WhatsApp Cloud API webhook, read defensively: the
// signature over the raw bytes, and the inbound messages of a delivery.
// (https://developers.facebook.com/docs/graph-api/webhooks/getting-started,
// .../whatsapp/cloud-api/webhooks/components)

import { bytesEqual } from '../_shared/constant-time.ts'

/**
 * Whether `header` (`X-Hub-Signature-256: sha256=<hex>`) is the HMAC-SHA256
 * of `raw` with `secret`. The raw bytes, never re-serialised JSON: Meta
 * escapes non-ASCII text (`\u00e7`), so a parsed and re-stringified Turkish
 * message would hash differently. Compared in constant time.
 */
export async function verifySignature(raw: Uint8Array, header: string | null, secret: string): Promise<boolean> {
  const match = /^sha256=([0-9a-f]{64})$/i.exec(header?.trim() ?? '')
  if (!match || !secret) return false
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
  const expected = new Uint8Array(await crypto.subtle.sign('HMAC', key, raw as BufferSource))
  return bytesEqual(expected, hexBytes(match[1]!.toLowerCase()))
}

function hexBytes(hex: string): Uint8Array {
  const out = new Uint8Array(hex.length / 2)
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16)
  return out
}

export type InboundMessage = {
  /** Meta's message id (wamid.…), unique per message and repeated on redelivery. */
  id: string
  /** The sender's WhatsApp id: international digits. */
  from: string
  /** The sender's WhatsApp profile name, when the delivery carries it. */
  name: string | null
  kind: 'text' | 'other'
  /** What the message says in words (wordsOf): a text, a caption, a tapped button's title. */
  text: string | null
}

export type Delivery = {
  /** Messages to the given number (by its phone number id), in the order sent. */
  messages: InboundMessage[]
  /** Status callbacks (sent, delivered, read, failed): acknowledged, nothing else. */
  statuses: number
}

const WA_ID = /^[0-9]{6,20}$/
const MESSAGE_ID = /^[\x21-\x7e]{1,256}$/
/** Longer than any WhatsApp text (4,096) with room; a bigger one is not Meta's. */
const TEXT_MAX = 8192
const NAME_MAX = 100

type Json = Record<string, unknown>
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : [])

/**
 * What a message says in words: a text's body, the caption under a photo, video or document ("fiyatı ne?" under a
 * screenshot), or the title of a button or list row the customer tapped. Null when it says none.
 */
function wordsOf(m: Json): string | null {
  const field = (part: unknown, name: string) => (isObject(part) && typeof part[name] === 'string' ? (part[name] as string).trim() : '')
  const interactive = isObject(m.interactive) ? m.interactive : {}
  const said =
    m.type === 'text' ? field(m.text, 'body')
    : m.type === 'image' || m.type === 'video' || m.type === 'document' ? field(m[m.type], 'caption')
    : m.type === 'interactive' ? field(interactive.button_reply, 'title') || field(interactive.list_reply, 'title')
    : m.type === 'button' ? field(m.button, 'text')
    : ''
  return said === '' ? null : said
}

/**
 * The delivery's messages for the owner's number. `phoneNumberId` null (not
 * saved yet) takes every number's; otherwise changes for another number of
 * the same app are left out. Null when the body is not a WhatsApp delivery.
 */
export function readDelivery(body: unknown, phoneNumberId: string | null): Delivery | null {
  if (!isObject(body) || body.object !== 'whatsapp_business_account' || !Array.isArray(body.entry)) return null
  const delivery: Delivery = { messages: [], statuses: 0 }
  for (const entry of list(body.entry)) {
    if (!isObject(entry)) continue
    for (const change of list(entry.changes)) {
      if (!isObject(change) || change.field !== 'messages' || !isObject(change.value)) continue
      const value = change.value
      const metadata = isObject(value.metadata) ? value.metadata : {}
      if (phoneNumberId !== null && metadata.phone_number_id !== undefined && String(metadata.phone_number_id) !== phoneNumberId) continue
      delivery.statuses += list(value.statuses).length
      const names = new Map<string, string>()
      for (const contact of list(value.contacts)) {
        if (!isObject(contact) || typeof contact.wa_id !== 'string') continue
        const name = isObject(contact.profile) && typeof contact.profile.name === 'string' ? contact.profile.name.trim() : ''
        if (name) names.set(contact.wa_id, [...name].slice(0, NAME_MAX).join(''))
      }
      for (const m of list(value.messages)) {
        if (!isObject(m) || typeof m.id !== 'string' || !MESSAGE_ID.test(m.id)) continue
        if (typeof m.from !== 'string' || !WA_ID.test(m.from)) continue
        // A reaction (👍 on a reply) is no message: nothing to answer, nothing to charge.
        if (m.type === 'reaction') continue
        const text = wordsOf(m)
        delivery.messages.push({
          id: m.id,
          from: m.from,
          name: names.get(m.from) ?? null,
          kind: text ? 'text' : 'other',
          text: text ? [...text].slice(0, TEXT_MAX).join('') : null,
        })
      }
    }
  }
  return delivery
}
