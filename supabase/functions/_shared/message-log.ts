// Every outbound SMS and WhatsApp message leaves a row in outgoing_messages,
// whichever provider carried it: the owner's history, the local outbox, and
// the place to look when a customer says nothing arrived.
import type { SupabaseClient } from '@supabase/supabase-js'
import type { LocalOutbox } from './local-outbox.ts'

export type Channel = 'sms' | 'whatsapp'
export type MessageStatus = 'queued' | 'sent' | 'failed'

export type MessageRecord = {
  /** A row reserved before sending (see MessageMeta.reservedId): the outcome updates it. */
  id?: string | null
  channel: Channel
  recipient: string
  body: string
  provider: string
  status: MessageStatus
  providerMessageId?: string | null
  userId?: string | null
  appointmentId?: string | null
  error?: string | null
}

export type MessageLog = {
  /** Stores one message; resolves to its id. */
  record(entry: MessageRecord): Promise<string>
}

/** Who a message is for and what it concerns; never taken from a request body unchecked. */
export type MessageMeta = {
  userId?: string | null
  appointmentId?: string | null
  /**
   * What the log keeps instead of the text when the text is a secret (a
   * verification code). Every provider stores this; the local provider hands
   * the real text to the local stack's outbox, which keeps it in memory.
   */
  logBody?: string
  /**
   * The `queued` row written before sending (send-sms reserves it with the
   * owner's allowance). The outcome is written onto it instead of a new row,
   * so the message is on record even if writing the outcome fails.
   */
  reservedId?: string | null
}

export type SendResult = {
  /** The outgoing_messages row. */
  id: string
  status: MessageStatus
  providerMessageId?: string | null
  error?: string
}

export function createMessageLog(client: SupabaseClient): MessageLog {
  return {
    async record(entry) {
      if (entry.id) return recordOutcome(client, entry.id, entry)
      const { data, error } = await client
        .from('outgoing_messages')
        .insert({
          channel: entry.channel,
          recipient: entry.recipient,
          body: entry.body,
          provider: entry.provider,
          status: entry.status,
          provider_message_id: entry.providerMessageId ?? null,
          user_id: entry.userId ?? null,
          appointment_id: entry.appointmentId ?? null,
          error: entry.error ?? null,
        })
        .select('id')
        .single()
      if (error || !data) throw new Error(`could not record the outgoing message: ${error?.message ?? 'no row returned'}`)
      return (data as { id: string }).id
    },
  }
}

/**
 * Writes the outcome onto a reserved row. A failure here is logged, not
 * thrown: the message has already gone (or failed) at the provider, and its
 * `queued` row stays on record and keeps counting against the allowance,
 * which errs on the side of sending fewer messages.
 */
async function recordOutcome(client: SupabaseClient, id: string, entry: MessageRecord): Promise<string> {
  try {
    const { error } = await client
      .from('outgoing_messages')
      .update({
        body: entry.body,
        provider: entry.provider,
        status: entry.status,
        provider_message_id: entry.providerMessageId ?? null,
        error: entry.error ?? null,
      })
      .eq('id', id)
    if (error) console.error(`could not record the outcome of outgoing message ${id}:`, error.message)
  } catch (e) {
    console.error(`could not record the outcome of outgoing message ${id}:`, e)
  }
  return id
}

/**
 * The local provider of either channel: nothing leaves the machine. The
 * message is recorded, which is what the local stack's outbox lists; a secret
 * one is recorded redacted, and its words go to the outbox alone.
 */
export function localProvider(channel: Channel, log: MessageLog, outbox: LocalOutbox) {
  return {
    name: 'local' as const,
    async send(to: string, body: string, meta: MessageMeta = {}): Promise<SendResult> {
      const base = { channel, recipient: to, provider: 'local', userId: meta.userId, appointmentId: meta.appointmentId }
      const secret = meta.logBody !== undefined && meta.logBody !== body
      if (!secret) {
        const id = await log.record({ ...base, body, status: 'sent', id: meta.reservedId })
        return { id, status: 'sent', providerMessageId: null }
      }
      // Recorded first, so the outbox can key the words by the row it shows them on.
      const id = await log.record({ ...base, body: meta.logBody!, status: 'queued', id: meta.reservedId })
      try {
        await outbox.deliver({ id, body })
      } catch (e) {
        const error = e instanceof Error ? e.message : String(e)
        await log.record({ ...base, id, body: meta.logBody!, status: 'failed', error })
        return { id, status: 'failed', error }
      }
      await log.record({ ...base, id, body: meta.logBody!, status: 'sent' })
      return { id, status: 'sent', providerMessageId: null }
    },
  }
}

/** A provider refused or could not be reached; the message stays in the log as failed. */
export class ProviderError extends Error {
  constructor(
    readonly provider: string,
    message: string,
    readonly status?: number,
  ) {
    super(`${provider}: ${message}`)
    this.name = 'ProviderError'
  }
}

/**
 * Sends through a real provider and records the outcome. A provider failure
 * becomes a failed row and a failed result, not an exception: the caller
 * decides what the user is told.
 */
export async function deliverAndRecord(
  log: MessageLog,
  base: Omit<MessageRecord, 'status' | 'providerMessageId' | 'error'>,
  send: () => Promise<string | null>,
): Promise<SendResult> {
  let providerMessageId: string | null
  try {
    providerMessageId = await send()
  } catch (e) {
    const error = e instanceof Error ? e.message : String(e)
    const id = await log.record({ ...base, status: 'failed', error })
    return { id, status: 'failed', error }
  }
  const id = await log.record({ ...base, status: 'sent', providerMessageId })
  return { id, status: 'sent', providerMessageId }
}

/**
 * A real provider that sends each message as one HTTP request and finds the
 * provider's message id in the answer (`parse` throws ProviderError otherwise).
 */
export function httpProvider<Name extends string>(spec: {
  name: Name
  channel: Channel
  /** The provider as the message log names it. */
  logName: string
  log: MessageLog
  fetch: typeof fetch
  request: (to: string, body: string) => Request
  parse: (status: number, payload: unknown) => string
}) {
  return {
    name: spec.name,
    send(to: string, body: string, meta: MessageMeta = {}): Promise<SendResult> {
      const base = { channel: spec.channel, recipient: to, body: meta.logBody ?? body, provider: spec.logName, userId: meta.userId, appointmentId: meta.appointmentId, id: meta.reservedId }
      return deliverAndRecord(spec.log, base, async () => {
        const res = await spec.fetch(spec.request(to, body), { signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) })
        return spec.parse(res.status, await readJsonSafely(res))
      })
    },
  }
}

/** HTTP Basic credentials, UTF-8 safe (btoa alone rejects non-Latin-1 passwords). */
export function basicAuth(user: string, password: string): string {
  const bytes = new TextEncoder().encode(`${user}:${password}`)
  let binary = ''
  for (const b of bytes) binary += String.fromCharCode(b)
  return `Basic ${btoa(binary)}`
}

/** Provider calls give up rather than hold a function until the platform kills it. */
export const PROVIDER_TIMEOUT_MS = 15_000

export async function readJsonSafely(res: Response): Promise<unknown> {
  const text = await res.text()
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}
