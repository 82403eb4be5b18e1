// The assistant on WhatsApp: Meta's Cloud API webhook for one owner, at
// /functions/v1/whatsapp-webhook/{ownerId} (verify_jwt = false; Meta sends
// no Supabase key). Trusts nothing but what the owner saved:
//
// GET  the subscribe handshake: echoes hub.challenge only for the owner's
//      verify token (whatsapp_channels).
// POST a delivery: refused with 401 unless X-Hub-Signature-256 is the
//      HMAC-SHA256 of the raw body with the owner's app secret. Then each
//      inbound message is claimed once (whatsapp_inbound_messages), the
//      sender's rate limits are applied, one credit is taken, the sender
//      becomes a customer, the assistant answers (in the sender's own
//      conversation with the owner, which the server issued) and the reply
//      goes out as the owner. A conversation a person has (the inbox) keeps
//      the message for the owner and sends nothing. Status callbacks,
//      repeated deliveries, held messages and messages over the sender's
//      limits are acknowledged and cost nothing.
//      A credit taken for a reply that never went out is given back once,
//      by the database (refund_whatsapp_message), whichever path asks.
//
// Meta redelivers whatever is not answered 200, so the answer is 200 once
// every message has an outcome, including "no credits" and "could not
// send"; only a failure of our own (500) leaves the message unclaimed for
// the redelivery to retry.
import type { SupabaseClient } from '@supabase/supabase-js'
import { WHATSAPP_WEBHOOK_ERRORS } from '../../../domain/functions.ts'
import { isWithPerson } from '../../../domain/conversations.ts'
import { answer, readOwnerContext } from '../_shared/assistant/index.ts'
import { textOnly } from '../_shared/assistant/replies.ts'
import { secretsEqual } from '../_shared/constant-time.ts'
import { publicFunction } from '../_shared/handler.ts'
import { createMessageLog } from '../_shared/message-log.ts'
import { RATE_LIMITS, rateCheck, takeRateLimits } from '../_shared/rate-limits.ts'
import { createServiceClient } from '../_shared/supabase.ts'
import {
  createOwnerWhatsAppProvider, isWindowClosed, splitWhatsAppText, type WhatsAppProvider,
} from '../_shared/whatsapp.ts'
import { readDelivery, verifySignature, type InboundMessage } from './meta.ts'
import { isUuid } from '../../../domain/ids.ts'

/**
 * Meta's deliveries are a few KB; anything far bigger is not one of them.
 * Exported, it is the function's declared body limit, which the local
 * stack's gateway enforces before reading (README.md); deployed, the
 * checks below enforce it.
 */
export const MAX_REQUEST_BODY_BYTES = 1024 * 1024

/** The one answer a non-text message gets in a conversation; the sender's language is unknown, so both. */
export const TEXT_ONLY_REPLY = `${textOnly('tr')}\n\n${textOnly('en')}`

type Credentials = { access_token: string | null; phone_number_id: string | null; app_secret: string | null }
type Claim = { claimed: false } | { claimed: true; id: string; first_other: boolean }
type Outcome = 'answered' | 'no_credits' | 'window_closed' | 'send_failed' | 'ignored' | 'rate_limited' | 'held'

const webhook = publicFunction(
  { name: 'whatsapp-webhook', errors: WHATSAPP_WEBHOOK_ERRORS, flag: 'received', methods: ['GET', 'POST'] },
  async (req, { ok, fail }) => {
    const url = new URL(req.url)
    const ownerId = url.pathname.split('/').filter(Boolean)[1] ?? ''
    if (!isUuid(ownerId)) return fail('owner_not_found', 404)
    const db = createServiceClient()

    if (req.method === 'GET') {
      const mode = url.searchParams.get('hub.mode')
      const token = url.searchParams.get('hub.verify_token')
      const challenge = url.searchParams.get('hub.challenge')
      if (mode !== 'subscribe' || !token || !challenge) return fail('invalid_request', 400)
      const { data, error } = await db.from('whatsapp_channels').select('verify_token').eq('user_id', ownerId).maybeSingle()
      if (error) throw error
      const expected = (data as { verify_token: string } | null)?.verify_token
      if (!expected || !(await secretsEqual(token, expected))) return fail('verification_failed', 403)
      return new Response(challenge, { status: 200, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
    }

    const length = Number(req.headers.get('content-length') ?? 0)
    if (length > MAX_REQUEST_BODY_BYTES) return fail('invalid_request', 413)
    const raw = new Uint8Array(await req.arrayBuffer())
    if (raw.byteLength > MAX_REQUEST_BODY_BYTES) return fail('invalid_request', 413)

    const found = await db.from('whatsapp_credentials').select('access_token, phone_number_id, app_secret').eq('user_id', ownerId).maybeSingle()
    if (found.error) throw found.error
    const creds = found.data as Credentials | null
    // An unknown owner and a wrong signature look the same to the caller.
    if (!creds?.app_secret || !(await verifySignature(raw, req.headers.get('x-hub-signature-256'), creds.app_secret))) {
      return fail('invalid_signature', 401)
    }

    let body: unknown
    try {
      body = JSON.parse(new TextDecoder().decode(raw))
    } catch {
      return fail('invalid_request', 400)
    }
    const delivery = readDelivery(body, creds.phone_number_id)
    if (!delivery) return fail('invalid_request', 400)

    const sender = createOwnerWhatsAppProvider(
      { log: createMessageLog(db) },
      { accessToken: creds.access_token, phoneNumberId: creds.phone_number_id },
    )
    const outcomes: Record<string, Outcome | 'duplicate'> = {}
    // One at a time, in Meta's order, so a conversation's replies keep it.
    for (const message of delivery.messages) {
      outcomes[message.id] = await handle(db, ownerId, sender, message)
    }
    return ok({ messages: outcomes, statuses: delivery.statuses })
  },
)

Deno.serve(webhook)

async function handle(db: SupabaseClient, ownerId: string, sender: WhatsAppProvider | null, message: InboundMessage): Promise<Outcome | 'duplicate'> {
  const claimed = await db.rpc('claim_whatsapp_message', {
    p_user_id: ownerId,
    p_message_id: message.id,
    p_wa_id: message.from,
    p_kind: message.kind,
    p_body: message.text,
  })
  if (claimed.error) throw claimed.error
  const claim = claimed.data as Claim
  if (!claim.claimed) return 'duplicate'
  if (message.kind === 'other' && !claim.first_other) return 'ignored'

  try {
    // Before anything costs: one number cannot spend the owner's credits.
    const senderKey = `whatsapp:sender:${ownerId}:${message.from}`
    const limited = await takeRateLimits(db, [
      rateCheck(RATE_LIMITS.whatsappSender, senderKey),
      rateCheck(RATE_LIMITS.whatsappSenderDaily, senderKey),
    ])
    if (!limited.allowed) return await finish(db, claim.id, 'rate_limited')

    // A person has the conversation: the owner reads it in the inbox, and nothing is charged or sent.
    const conversation = { waId: message.from }
    const context = await readOwnerContext(db, ownerId, 'whatsapp', conversation)
    if (isWithPerson(context.status)) {
      if (message.kind === 'text') await answer({ client: db, ownerId, channel: 'whatsapp', conversation, message: message.text!, context })
      return await finish(db, claim.id, 'held')
    }

    const credit = await db.rpc('charge_whatsapp_message', { p_id: claim.id })
    if (credit.error) throw credit.error
    if (!(credit.data as { consumed: boolean }).consumed) return await finish(db, claim.id, 'no_credits')
    // Only a sender the owner pays to answer becomes a customer.
    await ensureCustomer(db, ownerId, message)

    const reply =
      message.kind === 'text' ? (await answer({ client: db, ownerId, channel: 'whatsapp', conversation, message: message.text!, context })).reply : TEXT_ONLY_REPLY
    if (reply === null) {
      // The owner took the conversation while the assistant was answering.
      await refund(db, claim.id)
      return await finish(db, claim.id, 'held')
    }
    if (!sender) {
      console.error(`whatsapp-webhook: owner ${ownerId} has no access token or phone number id saved; the reply was not sent`)
      await refund(db, claim.id)
      return await finish(db, claim.id, 'send_failed')
    }

    let first: string | null = null
    for (const [i, part] of splitWhatsAppText(reply).entries()) {
      const sent = await sender.send(message.from, part, { userId: ownerId })
      first ??= sent.id
      if (sent.status === 'failed') {
        // Not retried: a closed window stays closed until the customer writes again.
        const outcome = isWindowClosed(sent.error) ? 'window_closed' : 'send_failed'
        // The credit pays for a reply; one that never arrived is not charged.
        if (i === 0) await refund(db, claim.id)
        return await finish(db, claim.id, outcome, first)
      }
    }
    return await finish(db, claim.id, 'answered', first)
  } catch (e) {
    // Gives the credit back too, unless it was given back already.
    const released = await db.rpc('release_whatsapp_message', { p_id: claim.id })
    if (released.error) console.error('whatsapp-webhook: could not release a failed message:', released.error.message)
    throw e
  }
}

async function finish(db: SupabaseClient, id: string, outcome: Outcome, outgoingId: string | null = null): Promise<Outcome> {
  const { error } = await db.rpc('finish_whatsapp_message', { p_id: id, p_status: outcome, p_outgoing_message_id: outgoingId })
  if (error) throw error
  return outcome
}

/** Gives the message's credit back; the database does it at most once, however often asked. */
async function refund(db: SupabaseClient, claimId: string): Promise<void> {
  const { error } = await db.rpc('refund_whatsapp_message', { p_id: claimId })
  if (error) console.error('whatsapp-webhook: could not give back a credit:', error.message)
}

/** The sender as the owner's customer (E.164 from the WhatsApp id), unless one has the number. */
async function ensureCustomer(db: SupabaseClient, ownerId: string, message: InboundMessage): Promise<void> {
  const phone = `+${message.from}`
  if (!/^\+[1-9][0-9]{6,14}$/.test(phone)) return
  const { error } = await db.rpc('ensure_whatsapp_customer', { p_user_id: ownerId, p_phone_number: phone, p_name: message.name ?? '' })
  if (error) throw error
}
