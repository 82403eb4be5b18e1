// Sends an SMS for the signed-in owner, such as an appointment reminder. The
// sender is the user of the access token, never an id from the body; the
// appointment, when named, must be one the owner can see; each owner has an
// hourly and daily allowance so a leaked session cannot run up the SMS bill.
import { preflight } from '../_shared/cors.ts'
import { jsonResponse, readJsonObject } from '../_shared/http.ts'
import { createMessageLog } from '../_shared/message-log.ts'
import { normalizeTurkishPhone } from '../_shared/phone.ts'
import { createSmsProvider } from '../_shared/sms.ts'
import { bearerToken, createServiceClient, createUserClient } from '../_shared/supabase.ts'

type SendSmsError =
  | 'unauthorized'
  | 'invalid_request'
  | 'invalid_phone'
  | 'invalid_message'
  | 'appointment_not_found'
  | 'rate_limited'
  | 'sms_failed'
  | 'server_error'

/** Six concatenated GSM parts; longer texts are refused rather than cut. */
const MAX_MESSAGE_LENGTH = 918
const LIMITS = [
  { windowMs: 60 * 60 * 1000, max: 30 },
  { windowMs: 24 * 60 * 60 * 1000, max: 200 },
]
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const fail = (error: SendSmsError, status: number, extra: Record<string, unknown> = {}) =>
  jsonResponse({ success: false, error, ...extra }, status)

Deno.serve(async (req) => {
  const pre = preflight(req)
  if (pre) return pre
  if (req.method !== 'POST') return fail('invalid_request', 405)
  try {
    const token = bearerToken(req)
    if (!token) return fail('unauthorized', 401)
    const asUser = createUserClient(token)
    // The anon key passes the gateway's JWT check but is no user.
    const { data: auth } = await asUser.auth.getUser(token)
    const user = auth.user
    if (!user) return fail('unauthorized', 401)

    const body = await readJsonObject(req)
    if (!body) return fail('invalid_request', 400)
    const phone = normalizeTurkishPhone(body.phone_number)
    if (!phone) return fail('invalid_phone', 400)
    const message = typeof body.message === 'string' ? body.message.trim() : ''
    if (!message || message.length > MAX_MESSAGE_LENGTH) return fail('invalid_message', 400)
    const appointmentId = body.appointment_id ?? null
    if (appointmentId !== null) {
      if (typeof appointmentId !== 'string' || !UUID.test(appointmentId)) return fail('appointment_not_found', 400)
      const visible = await asUser.from('appointments').select('id').eq('id', appointmentId).maybeSingle()
      if (visible.error) throw visible.error
      if (!visible.data) return fail('appointment_not_found', 400)
    }

    const db = createServiceClient()
    const now = Date.now()
    for (const limit of LIMITS) {
      const { count, error } = await db
        .from('outgoing_messages')
        .select('id', { count: 'exact', head: true })
        .eq('user_id', user.id)
        .eq('channel', 'sms')
        .neq('status', 'failed')
        .gte('created_at', new Date(now - limit.windowMs).toISOString())
      if (error) throw error
      if ((count ?? 0) >= limit.max) return fail('rate_limited', 429)
    }

    const sms = createSmsProvider({ log: createMessageLog(db) })
    const sent = await sms.send(phone, message, { userId: user.id, appointmentId })
    if (sent.status === 'failed') {
      console.error('send-sms: SMS provider failed:', sent.error)
      return fail('sms_failed', 502)
    }
    return jsonResponse({ success: true, error: null, message_id: sent.id })
  } catch (e) {
    console.error('send-sms failed:', e)
    return fail('server_error', 500)
  }
})
