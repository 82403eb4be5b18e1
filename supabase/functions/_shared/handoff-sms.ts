// An SMS to the owner when the assistant hands a conversation to them, so a
// waiting customer is not missed while the app is closed: only when the owner
// turned it on (business_profiles.handoff_sms), only to their verified phone,
// and at most HANDOFF_SMS_PER_DAY (domain/conversations.ts) a day (the one rate limiter, counted in the
// database). Never in the way of the customer's answer: a failure is logged.
import type { SupabaseClient } from '@supabase/supabase-js'
import { createMessageLog } from './message-log.ts'
import { RATE_LIMITS, rateCheck, takeRateLimits } from './rate-limits.ts'
import { createSmsProvider } from './sms.ts'

type Owner = { phone_number: string | null; phone_verified: boolean | null; business_name: string | null }

/** The text: the owner's own app speaks Turkish first, the channel and where to answer. */
export function handoffSmsText(channel: 'widget' | 'whatsapp'): string {
  const where = channel === 'whatsapp' ? 'WhatsApp' : 'web sitesi sohbeti'
  return `Mesaj Asistanı: bir müşteri sizi bekliyor (${where}). Yanıtlamak için Sohbetler ekranını açın.`
}

export async function sendHandoffSms(db: SupabaseClient, ownerId: string, channel: 'widget' | 'whatsapp'): Promise<'sent' | 'off' | 'limited' | 'failed'> {
  try {
    const setting = await db.from('business_profiles').select('handoff_sms').eq('user_id', ownerId).maybeSingle()
    if (setting.error) throw setting.error
    if (!(setting.data as { handoff_sms: boolean } | null)?.handoff_sms) return 'off'
    const found = await db.from('users').select('phone_number, phone_verified, business_name').eq('id', ownerId).maybeSingle()
    if (found.error) throw found.error
    const owner = found.data as Owner | null
    if (!owner?.phone_verified || !owner.phone_number) return 'off'
    const taken = await takeRateLimits(db, [rateCheck(RATE_LIMITS.handoffSmsDaily, `handoff-sms:owner:${ownerId}`)])
    if (!taken.allowed) return 'limited'
    const sent = await createSmsProvider({ log: createMessageLog(db) }).send(owner.phone_number, handoffSmsText(channel), { userId: ownerId })
    return sent.status === 'failed' ? 'failed' : 'sent'
  } catch (error) {
    console.error('the handoff SMS to the owner failed:', error)
    return 'failed'
  }
}
