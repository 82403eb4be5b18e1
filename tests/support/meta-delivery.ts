// Deliveries as Meta's WhatsApp Cloud API posts them to whatsapp-webhook:
// real payload shapes, Meta's JSON escaping, and the X-Hub-Signature-256 of
// the raw body with the owner's app secret.
import { createHmac, randomBytes } from 'node:crypto'
import { expect } from 'vitest'
import type { Owner, TestStack } from './stack.ts'

/** JSON as Meta writes it: every non-ASCII character escaped (`ç` → `\u00e7`). */
export function metaJson(value: unknown): string {
  return JSON.stringify(value).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
}

export const sign = (raw: string, secret: string) => `sha256=${createHmac('sha256', secret).update(raw, 'utf8').digest('hex')}`

/** One inbound message; `part` is the object of a non-text `type` (an image's caption, a tapped button). */
export type Inbound = { id?: string; from?: string; text?: string; type?: string; name?: string; part?: Record<string, unknown> }

export function delivery(phoneNumberId: string, messages: Inbound[], statuses: unknown[] = []): unknown {
  return {
    object: 'whatsapp_business_account',
    entry: [{
      id: '102290129340398',
      changes: [{
        field: 'messages',
        value: {
          messaging_product: 'whatsapp',
          metadata: { display_phone_number: '905550001122', phone_number_id: phoneNumberId },
          contacts: messages.map((m) => ({ profile: { name: m.name ?? 'Ayşe Yılmaz' }, wa_id: m.from ?? '905321234567' })),
          messages: messages.map((m) => ({
            from: m.from ?? '905321234567',
            id: m.id ?? `wamid.${randomBytes(12).toString('hex')}`,
            timestamp: String(Math.floor(Date.now() / 1000)),
            ...(m.type && m.type !== 'text' ? { type: m.type, [m.type]: m.part ?? { id: '1234', mime_type: 'image/jpeg' } } : { type: 'text', text: { body: m.text ?? 'merhaba' } }),
          })),
          ...(statuses.length ? { statuses } : {}),
        },
      }],
    }],
  }
}

export type WhatsAppOwner = Owner & { secret: string; token: string; phoneNumberId: string; verifyToken: string }

/** A verified owner with WhatsApp credentials saved through the owner RPC, and `credits` to spend. */
export async function signUpWhatsAppOwner(stack: TestStack, credits = 10): Promise<WhatsAppOwner> {
  const owner = await stack.signUpVerifiedOwner()
  const secret = randomBytes(16).toString('hex')
  const token = `EAAG${randomBytes(24).toString('hex')}`
  const phoneNumberId = String(100_000_000_000_000 + Math.floor(Math.random() * 1e12))
  const set = await owner.client.rpc('set_whatsapp_credentials', { p_access_token: token, p_phone_number_id: phoneNumberId, p_app_secret: secret })
  expect(set.error).toBeNull()
  const channel = await owner.client.rpc('get_whatsapp_channel')
  expect(channel.error).toBeNull()
  await stack.db.query('update public.credits set amount = $2, used = 0, remaining = $2 where user_id = $1', [owner.user.id, credits])
  return { ...owner, secret, token, phoneNumberId, verifyToken: (channel.data as { verify_token: string }).verify_token }
}

/** Posts a signed delivery of these messages to the owner's webhook, as Meta does. */
export async function deliverTo(stack: TestStack, owner: WhatsAppOwner, messages: Inbound[]) {
  const raw = metaJson(delivery(owner.phoneNumberId, messages))
  const res = await fetch(`${stack.url}/functions/v1/whatsapp-webhook/${owner.user.id}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Hub-Signature-256': sign(raw, owner.secret) },
    body: raw,
  })
  return { status: res.status, body: (await res.json()) as { received: boolean; error: string | null; messages?: Record<string, string> } }
}
