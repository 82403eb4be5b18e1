// Texts an appointment reminder to the appointment's own customer. It is not
// an SMS relay: the caller names only an appointment (and a language); the
// recipient is the customer's stored number and the text is composed here,
// so a leaked session can neither text arbitrary numbers nor send arbitrary
// words under the business's name. The appointment is read as the caller,
// so row-level security decides whose it is, and each owner has an hourly
// and daily allowance so a leaked session cannot run up the SMS bill. Only
// an owner with a verified phone may send, and only to the countries the
// business sells to (domain/messaging.ts).
import { SEND_SMS_ERRORS } from '../../../domain/functions.ts'
import { ownerFunction } from '../_shared/handler.ts'
import { readJsonObject } from '../_shared/http.ts'
import { createMessageLog } from '../_shared/message-log.ts'
import { retryAfter } from '../_shared/rate-limits.ts'
import { composeReminder, parseReminderLanguage } from '../_shared/reminder.ts'
import { reminderRecipientRefusal, sendReminderSms } from '../_shared/reminder-sms.ts'
import { createSmsProvider } from '../_shared/sms.ts'
import { createServiceClient } from '../_shared/supabase.ts'
import { isUuid } from '../../../domain/ids.ts'


type AppointmentRow = {
  id: string
  appointment_date: string
  appointment_time: string
  status: string
  _deleted: boolean
  customer: { name: string; phone_number: string | null; _deleted: boolean } | null
}

Deno.serve(
  ownerFunction(
    { name: 'send-sms', errors: SEND_SMS_ERRORS, refusalFields: { message_id: null } },
    async (req, { user, client: asUser }, { ok, fail }) => {
      const body = await readJsonObject(req)
      if (!body) return fail('invalid_request', 400)
      const language = parseReminderLanguage(body.language)
      if (!language) return fail('invalid_request', 400)
      // `phone_number` and `message` in the body are ignored on purpose (see the README).
      const appointmentId = body.appointment_id
      if (typeof appointmentId !== 'string' || appointmentId === '') return fail('invalid_request', 400)
      if (!isUuid(appointmentId)) return fail('appointment_not_found', 404)

      const found = await asUser
        .from('appointments')
        .select('id, appointment_date, appointment_time, status, _deleted, customer:customers(name, phone_number, _deleted)')
        .eq('id', appointmentId)
        .maybeSingle()
      if (found.error) throw found.error
      const appointment = found.data as AppointmentRow | null
      if (!appointment || appointment._deleted) return fail('appointment_not_found', 404)
      if (appointment.status !== 'scheduled') return fail('not_scheduled', 409)
      const customer = appointment.customer && !appointment.customer._deleted ? appointment.customer : null
      if (!customer?.phone_number?.trim()) return fail('no_phone', 409)
      // The database keeps customers' numbers in E.164 (customers_phone_number_e164); the check guards the SMS provider all the same.
      const to = customer.phone_number.trim()
      const refusal = reminderRecipientRefusal(to)
      if (refusal) return fail(refusal, 409)

      const profile = await asUser.from('users').select('business_name').eq('id', user.id).maybeSingle()
      if (profile.error) throw profile.error
      const message = composeReminder({
        customerName: customer.name,
        date: appointment.appointment_date,
        time: appointment.appointment_time,
        businessName: (profile.data as { business_name: string | null } | null)?.business_name,
        language,
      })

      const db = createServiceClient()
      const sms = createSmsProvider({ log: createMessageLog(db) })
      const sent = await sendReminderSms(db, sms, { userId: user.id, appointmentId: appointment.id, to, message }, 'send-sms')
      if (sent.status === 'rate_limited') return fail('rate_limited', 429, ...retryAfter(sent.retryAfter))
      if (sent.status === 'sms_failed') return fail('sms_failed', 502, { message_id: sent.id })
      // This is the appointment's reminder: the automatic one does not follow it (reminder-job.ts).
      const noted = await db.rpc('note_reminder_sent', { p_appointment_id: appointment.id })
      if (noted.error) console.error('send-sms: recording the reminder as sent failed:', noted.error.message)
      return ok({ message_id: sent.id })
    },
  ),
)
