// The model provider's booking tools: the same calendar (types.ts
// BookingDesk) and the same refusals as the built-in booking conversation
// (booking.ts), offered to the model when the conversation may book.
//
// A model may not book or cancel on its own say-so: book_appointment and
// cancel_appointment are carried out only when the customer's message this
// turn says yes and the assistant's previous message put exactly that day
// and time to them (the summary, or the appointment to cancel). Otherwise the
// tool answers what is missing, and nothing changes.
import { normalizePhone } from '../../../../domain/phone.ts'
import { isYes } from './booking-reading.ts'
import { formatReminderDate } from '../reminder.ts'
import { functionTool, type FunctionTool } from './model-tools.ts'
import type { BookingDesk, ResponderInput } from './types.ts'
import { readWhen } from './when.ts'

export const BOOKING_TOOL_NAMES = ['find_free_slots', 'book_appointment', 'cancel_appointment', 'list_my_appointments'] as const
export type BookingToolName = (typeof BOOKING_TOOL_NAMES)[number]

/** How many free times one call returns at most. */
const SLOTS_LIMIT = 10
const LOOKAHEAD_DAYS = 14

export const BOOKING_TOOLS: readonly FunctionTool[] = [
  functionTool(
    'find_free_slots',
    "Free appointment times of this business, on its own clock, from its opening hours and calendar. Give a day (YYYY-MM-DD) or let it start from today; returns today's date, the services (each with id and minutes) and up to 10 free times. Offer only times it returns.",
    {
      date: { type: 'string', description: 'The day the customer asked for, YYYY-MM-DD; leave out for the next free times.' },
      time: { type: 'string', description: 'The time the customer asked for, HH:MM: the free times nearest to it come first.' },
      service_id: { type: 'string', description: 'The service to book, as listed; its length decides which times are free.' },
    },
  ),
  functionTool(
    'book_appointment',
    'Book a free time. Call it only after you summed up the service, day, time and name and the customer said yes. On the website also give the phone number the customer wrote. A refused booking returns the reason and other free times to offer.',
    {
      date: { type: 'string', description: 'YYYY-MM-DD' },
      time: { type: 'string', description: 'HH:MM, one find_free_slots returned' },
      service_id: { type: 'string' },
      name: { type: 'string', description: "The customer's name" },
      phone: { type: 'string', description: "The customer's phone number (website only; WhatsApp knows it)" },
    },
    ['date', 'time', 'name'],
  ),
  functionTool('list_my_appointments', "The customer's own upcoming appointments (by their WhatsApp number, or booked in this website chat), with ids."),
  functionTool(
    'cancel_appointment',
    'Cancel one of the customer\'s upcoming appointments (an id from list_my_appointments), only after you asked and the customer said yes.',
    { appointment_id: { type: 'string' } },
    ['appointment_id'],
  ),
]

export const BOOKING_RULES = [
  '- Book, cancel or move appointments only with the booking tools. Offer only times find_free_slots returned; when there are several services ask which one; ask for the name, and on the website for a phone number.',
  '- Before book_appointment, sum up the service, the day (written out), the time and the name and ask the customer to confirm; call it only when they said yes. Before cancel_appointment, name the appointment and ask.',
].join('\n')

export type BookingToolOutcome = { result: unknown; times: string[]; done?: 'booked' | 'booking_cancelled' }

const DAY = /^\d{4}-\d{2}-\d{2}$/
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/

/** Whether the assistant's last message put this day and time to the customer, and the customer now says yes. */
function confirmedNow(input: ResponderInput, date: string, time: string): boolean {
  if (!isYes(input.message)) return false
  const previous = [...input.history].reverse().find((turn) => turn.role === 'assistant')
  if (!previous) return false
  const text = previous.content
  const day = Number(date.slice(8, 10))
  const mentionsTime = text.includes(time) || text.includes(time.replace(/^0/, ''))
  const mentionsDay = readWhen(text, date).date === date || text.includes(formatReminderDate(date, 'tr')) || text.includes(formatReminderDate(date, 'en')) || new RegExp(`\\b${day}\\b`).test(text)
  return mentionsTime && mentionsDay
}

async function slotsFor(desk: BookingDesk, date: string | undefined, duration: number, near?: string): Promise<{ date: string; time: string; weekday: string }[]> {
  const from = date ?? desk.today
  const to = date ?? addDays(desk.today, LOOKAHEAD_DAYS)
  let slots = await desk.freeSlots(from, to, duration)
  if (near) {
    const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5))
    const target = minutes(near)
    slots = [...slots].sort((a, b) => a.slot_date.localeCompare(b.slot_date) || Math.abs(minutes(a.slot_time) - target) - Math.abs(minutes(b.slot_time) - target))
  }
  return slots.slice(0, SLOTS_LIMIT).map((s) => ({ date: s.slot_date, time: s.slot_time, weekday: formatReminderDate(s.slot_date, 'en').split(',')[0]! }))
}

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

export async function runBookingTool(name: BookingToolName, args: Record<string, unknown>, input: ResponderInput): Promise<BookingToolOutcome> {
  const desk = input.booking
  if (!desk) return { result: { error: 'booking is not available here' }, times: [] }
  const { rules, services } = await desk.load()
  if (!rules.enabled) return { result: { error: 'booking_disabled', note: 'This business does not take bookings here: offer its contact details.' }, times: [] }
  const service = typeof args.service_id === 'string' ? services.find((s) => s.id === args.service_id) : services.length === 1 ? services[0] : undefined
  if (typeof args.service_id === 'string' && !service) return { result: { error: 'no such service', services }, times: [] }
  const duration = service?.duration_minutes ?? rules.default_duration_minutes

  switch (name) {
    case 'find_free_slots': {
      const date = typeof args.date === 'string' && DAY.test(args.date) ? args.date : undefined
      const near = typeof args.time === 'string' && TIME.test(args.time) ? args.time : undefined
      const slots = await slotsFor(desk, date, duration, near)
      return {
        result: { today: desk.today, services: services.map((s) => ({ id: s.id, name: s.name, minutes: s.duration_minutes })), slots, ...(slots.length ? {} : { note: 'No free time then.' }) },
        times: slots.map((s) => s.time),
      }
    }
    case 'list_my_appointments': {
      const list = await desk.upcoming()
      return {
        result: { appointments: list.map((b) => ({ id: b.id, date: b.date, time: b.time, service: b.serviceName })) },
        times: list.map((b) => b.time),
      }
    }
    case 'book_appointment': {
      const date = String(args.date ?? '')
      const time = String(args.time ?? '')
      const name = typeof args.name === 'string' ? args.name.trim() : ''
      if (!DAY.test(date) || !TIME.test(time) || name === '') return { result: { error: 'date (YYYY-MM-DD), time (HH:MM) and name are required' }, times: [] }
      if (services.length > 1 && !service) return { result: { error: 'ask which service first', services }, times: [] }
      if (!confirmedNow(input, date, time)) {
        return { result: { error: 'not confirmed: sum up the service, day, time and name, and book only after the customer says yes' }, times: [time] }
      }
      const phone = desk.knownPhone ?? (typeof args.phone === 'string' ? normalizePhone(args.phone) : null)
      if (!phone) return { result: { error: 'a valid phone number is needed: ask the customer for it' }, times: [] }
      const booked = await desk.book({ date, time, duration, serviceId: service?.id ?? null, name, phone, language: input.language ?? 'tr' })
      if (booked.ok) return { result: { booked: true, date, time, service: service?.name ?? null }, times: [time], done: 'booked' }
      const slots = booked.refusal === 'booking_disabled' || booked.refusal === 'too_many' ? [] : await slotsFor(desk, date, duration, time)
      return { result: { refused: booked.refusal, other_times: slots }, times: slots.map((s) => s.time) }
    }
    case 'cancel_appointment': {
      const id = String(args.appointment_id ?? '')
      const own = (await desk.upcoming()).find((b) => b.id === id)
      if (!own) return { result: { error: 'not one of this customer\'s upcoming appointments' }, times: [] }
      if (!confirmedNow(input, own.date, own.time)) {
        return { result: { error: 'not confirmed: name the appointment and cancel only after the customer says yes' }, times: [own.time] }
      }
      const done = await desk.cancel(id)
      return done ? { result: { cancelled: true, date: own.date, time: own.time }, times: [own.time], done: 'booking_cancelled' } : { result: { error: 'could not cancel' }, times: [] }
    }
  }
}
