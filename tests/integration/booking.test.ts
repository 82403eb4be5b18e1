// Booking in the database (migration 20261130000100): the owner's settings
// and services and the limits they keep, free_slots on the owner's clock and
// time zone (summer time in Berlin, a day that starts at 23:30 UTC in
// Istanbul), the one booking path and its refusals, 20 simultaneous bookings
// of one place, moves, what only the server may write on an appointment, and
// the reminder claims two schedulers share. PGlite and PostgreSQL 15; the
// clock is always given (p_now), never read.
import { describe, expect, it } from 'vitest'
import {
  ASSISTANT_BOOKINGS_MAX, BOOKING_REFUSALS, BUFFER_MINUTES_MAX, CAPACITY_MAX, DEFAULT_BOOKING_SETTINGS, MAX_DAYS_AHEAD_MAX, MIN_NOTICE_MINUTES_MAX,
  REMINDER_HOURS_MAX, SERVICE_NAME_MAX, SERVICES_MAX, SLOT_MINUTES_OPTIONS, validateBookingSettings, validateServiceForm,
  emptyServiceForm, type BookingSettings,
} from '../../domain/booking.ts'
import { APPOINTMENT_DURATIONS } from '../../domain/records.ts'
import { BACKENDS, useTestStack, type Owner } from '../support/stack.ts'
import { uniquePhone } from '../support/factories.ts'

// Tuesday 1 December 2026, 10:00 in Istanbul (UTC+3 all year).
const NOW = '2026-12-01T07:00:00Z'
const WEEKDAY_HOURS = [['09:00', '12:00'], ['13:00', '17:00']]
const HOURS = { mon: WEEKDAY_HOURS, tue: WEEKDAY_HOURS, wed: WEEKDAY_HOURS, thu: WEEKDAY_HOURS, fri: WEEKDAY_HOURS, sat: [['10:00', '14:00']], sun: [] }

type Slot = { slot_date: string; slot_time: string; starts_at: string }
type Booked = { appointment_id?: string; customer_id?: string; starts_at?: string; error: string | null }

describe.each(BACKENDS)('booking on %s', (backend) => {
  const stack = useTestStack(backend)

  async function owner(settings: Partial<BookingSettings> = {}, profile: { hours?: object; zone?: string } = {}): Promise<Owner> {
    const o = await stack.signUpOwner()
    await stack.db.query('update public.business_profiles set opening_hours = $2, time_zone = $3 where user_id = $1', [
      o.user.id, JSON.stringify(profile.hours ?? HOURS), profile.zone ?? 'Europe/Istanbul',
    ])
    const s = { ...DEFAULT_BOOKING_SETTINGS, enabled: true, ...settings }
    await stack.db.query(
      `update public.booking_settings set enabled = $2, slot_minutes = $3, default_duration_minutes = $4, min_notice_minutes = $5,
              max_days_ahead = $6, buffer_minutes = $7, capacity = $8, reminder_hours_before = $9 where user_id = $1`,
      [o.user.id, s.enabled, s.slot_minutes, s.default_duration_minutes, s.min_notice_minutes, s.max_days_ahead, s.buffer_minutes, s.capacity, s.reminder_hours_before],
    )
    return o
  }

  async function slots(o: Owner, from: string, to: string, duration: number | null, now = NOW): Promise<Slot[]> {
    const { data, error } = await stack.service().rpc('free_slots', { p_user_id: o.user.id, p_from: from, p_to: to, p_duration_minutes: duration, p_now: now })
    if (error) throw new Error(`free_slots failed: ${error.code} ${error.message}`)
    return data as Slot[]
  }
  const times = (list: Slot[]) => list.map((s) => `${s.slot_date} ${s.slot_time.slice(0, 5)}`)

  async function appointment(o: Owner, date: string, time: string, duration = 60, status = 'scheduled', customerId: string | null = null): Promise<string> {
    const { rows } = await stack.db.query<{ id: string }>(
      `insert into public.appointments (user_id, customer_id, appointment_date, appointment_time, duration_minutes, status)
       values ($1, $2, $3, $4, $5, $6) returning id`,
      [o.user.id, customerId, date, time, duration, status],
    )
    return rows[0]!.id
  }

  async function book(o: Owner, date: string, time: string, extra: Record<string, unknown> = {}): Promise<Booked> {
    const { data, error } = await stack.service().rpc('book_appointment', {
      p_user_id: o.user.id, p_date: date, p_time: time, p_duration_minutes: null, p_service_id: null,
      p_customer_name: 'Ayşe Yılmaz', p_phone: '+905321234567', p_conversation_id: null, p_language: 'tr', p_now: NOW, ...extra,
    })
    if (error) throw new Error(`book_appointment failed: ${error.code} ${error.message}`)
    return data as Booked
  }

  describe('settings and services', () => {
    it('gives every new account booking settings with the domain defaults, off', async () => {
      const o = await stack.signUpOwner()
      const { data, error } = await o.client.from('booking_settings').select('*').eq('user_id', o.user.id).single()
      expect(error).toBeNull()
      const { user_id: _u, created_at: _c, updated_at: _up, ...settings } = data as Record<string, unknown>
      expect(settings).toEqual(DEFAULT_BOOKING_SETTINGS)
    })

    // Each limit of domain/booking.ts at its edge and one past it, through the owner's own token.
    const edges: Array<[keyof BookingSettings, unknown[], unknown[]]> = [
      ['slot_minutes', [...SLOT_MINUTES_OPTIONS], [0, 25, 90]],
      ['default_duration_minutes', [...APPOINTMENT_DURATIONS], [45, 240]],
      ['min_notice_minutes', [0, MIN_NOTICE_MINUTES_MAX], [-1, MIN_NOTICE_MINUTES_MAX + 1]],
      ['max_days_ahead', [1, MAX_DAYS_AHEAD_MAX], [0, MAX_DAYS_AHEAD_MAX + 1]],
      ['buffer_minutes', [0, BUFFER_MINUTES_MAX], [-1, BUFFER_MINUTES_MAX + 1]],
      ['capacity', [1, CAPACITY_MAX], [0, CAPACITY_MAX + 1]],
      ['reminder_hours_before', [null, 1, REMINDER_HOURS_MAX], [0, REMINDER_HOURS_MAX + 1]],
    ]
    it.each(edges)('holds %s to the domain rule', async (field, allowed, refused) => {
      const o = await stack.signUpOwner()
      for (const value of allowed) {
        expect(validateBookingSettings({ ...DEFAULT_BOOKING_SETTINGS, [field]: value })[field as 'capacity'], `${field}=${value}`).toBeUndefined()
        const { error } = await o.client.from('booking_settings').update({ [field]: value }).eq('user_id', o.user.id)
        expect(error, `${field}=${value}`).toBeNull()
      }
      for (const value of refused) {
        expect(validateBookingSettings({ ...DEFAULT_BOOKING_SETTINGS, [field]: value })[field as 'capacity'], `${field}=${value}`).toBeDefined()
        const { error } = await o.client.from('booking_settings').update({ [field]: value }).eq('user_id', o.user.id)
        expect(error?.code, `${field}=${value}`).toBe('23514')
      }
    })

    it('keeps services to their rules and at most SERVICES_MAX an owner', async () => {
      const o = await stack.signUpOwner()
      const valid = { name: 'x'.repeat(SERVICE_NAME_MAX), duration_minutes: 30, price: 9999999999.99, currency: 'TRY' }
      expect((await o.client.from('services').insert({ ...valid, user_id: o.user.id })).error).toBeNull()
      for (const bad of [{ name: 'x'.repeat(SERVICE_NAME_MAX + 1) }, { name: '  ' }, { duration_minutes: 45 }, { price: -1 }, { currency: 'XYZ' }]) {
        const form = { ...emptyServiceForm(), name: valid.name, ...bad, price: 'price' in bad ? '-1' : '' } as ReturnType<typeof emptyServiceForm>
        expect(Object.keys(validateServiceForm(form)).length, JSON.stringify(bad)).toBeGreaterThan(0)
        const { error } = await o.client.from('services').insert({ ...valid, ...bad, user_id: o.user.id })
        expect(error?.code, JSON.stringify(bad)).toBe('23514')
      }
      await stack.db.query(
        `insert into public.services (user_id, name) select $1, 'Hizmet ' || n from generate_series(2, $2) n`,
        [o.user.id, SERVICES_MAX],
      )
      const { error } = await o.client.from('services').insert({ user_id: o.user.id, name: 'Bir tane daha' })
      expect(error?.code).toBe('23514')
      expect(error?.message).toMatch(/50 services/)
    })
  })

  describe('free_slots', () => {
    it('lists the grid of each opening range from the minimum notice on, on the owner\'s clock', async () => {
      const o = await owner()
      // 10:00 now, two hours' notice: noon, then the afternoon range (12:00–13:00 is closed).
      expect(times(await slots(o, '2026-12-01', '2026-12-01', 60))).toEqual(
        ['13:00', '13:30', '14:00', '14:30', '15:00', '15:30', '16:00'].map((t) => `2026-12-01 ${t}`),
      )
      const wednesday = await slots(o, '2026-12-02', '2026-12-02', 90)
      expect(times(wednesday)).toEqual(
        ['09:00', '09:30', '10:00', '10:30', '13:00', '13:30', '14:00', '14:30', '15:00', '15:30'].map((t) => `2026-12-02 ${t}`),
      )
      expect(new Date(wednesday[0]!.starts_at).toISOString()).toBe('2026-12-02T06:00:00.000Z')
      // The default length when none is asked: 60 minutes.
      expect(await slots(o, '2026-12-02', '2026-12-02', null)).toHaveLength(12)
      expect(await slots(o, '2026-12-06', '2026-12-06', 60)).toEqual([])
    })

    it('ends at max_days_ahead and never starts before the owner\'s today', async () => {
      const o = await owner({ max_days_ahead: 3 })
      const list = await slots(o, '2026-11-20', '2027-01-31', 60)
      expect([...new Set(list.map((s) => s.slot_date))]).toEqual(['2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04'])
    })

    it('counts live, not-cancelled appointments against capacity, widened by the buffer', async () => {
      const o = await owner()
      await appointment(o, '2026-12-02', '10:00', 60)
      await appointment(o, '2026-12-02', '14:00', 60, 'cancelled')
      const deleted = await appointment(o, '2026-12-02', '15:00', 60)
      await stack.db.query('update public.appointments set _deleted = true where id = $1', [deleted])
      const morning = (list: Slot[]) => times(list).filter((t) => t < '2026-12-02 12')
      expect(morning(await slots(o, '2026-12-02', '2026-12-02', 60))).toEqual(['2026-12-02 09:00', '2026-12-02 11:00'])
      expect(times(await slots(o, '2026-12-02', '2026-12-02', 60))).toContain('2026-12-02 14:00')

      await stack.db.query('update public.booking_settings set buffer_minutes = 15 where user_id = $1', [o.user.id])
      expect(morning(await slots(o, '2026-12-02', '2026-12-02', 60))).toEqual([])
      await stack.db.query('update public.booking_settings set buffer_minutes = 0, capacity = 2 where user_id = $1', [o.user.id])
      expect(morning(await slots(o, '2026-12-02', '2026-12-02', 60))).toHaveLength(5)
    })

    it('reads "today" in the owner\'s time zone: 23:30 UTC is already tomorrow in Istanbul', async () => {
      const o = await owner()
      const list = await slots(o, '2026-12-01', '2026-12-02', 60, '2026-12-01T23:30:00Z')
      expect(list[0]).toMatchObject({ slot_date: '2026-12-02', slot_time: '09:00:00' })
      expect(new Date(list[0]!.starts_at).toISOString()).toBe('2026-12-02T06:00:00.000Z')
    })

    it('follows summer time in Berlin: skipped wall times are no slots, and instants move by the offset', async () => {
      const o = await owner({ slot_minutes: 30, min_notice_minutes: 0 }, { zone: 'Europe/Berlin', hours: { sun: [['01:00', '04:00']] } })
      const spring = await slots(o, '2027-03-28', '2027-03-28', 30, '2027-03-20T00:00:00Z')
      expect(spring.map((s) => s.slot_time.slice(0, 5))).toEqual(['01:00', '01:30', '03:00', '03:30'])
      expect(spring.map((s) => new Date(s.starts_at).toISOString().slice(11, 16))).toEqual(['00:00', '00:30', '01:00', '01:30'])
      const winter = await slots(o, '2026-12-06', '2026-12-06', 30, '2026-12-01T00:00:00Z')
      expect(new Date(winter[0]!.starts_at).toISOString()).toBe('2026-12-06T00:00:00.000Z')
      const summer = await slots(o, '2027-04-04', '2027-04-04', 30, '2027-03-20T00:00:00Z')
      expect(new Date(summer[0]!.starts_at).toISOString()).toBe('2027-04-03T23:00:00.000Z')
    })

    it('answers the owner for their own calendar only, and nobody anonymous', async () => {
      const o = await owner()
      const stranger = await stack.signUpOwner()
      const own = await o.client.rpc('free_slots', { p_user_id: o.user.id, p_from: '2026-12-02', p_to: '2026-12-02', p_duration_minutes: 60, p_now: NOW })
      expect(own.error).toBeNull()
      expect((own.data as Slot[]).length).toBe(12)
      const theirs = await stranger.client.rpc('free_slots', { p_user_id: o.user.id, p_from: '2026-12-02', p_to: '2026-12-02', p_duration_minutes: 60 })
      expect(theirs.error?.code).toBe('42501')
      const anon = await stack.anon().rpc('free_slots', { p_user_id: o.user.id, p_from: '2026-12-02', p_to: '2026-12-02', p_duration_minutes: 60 })
      expect(anon.error).not.toBeNull()
      expect(anon.data).toBeNull()
    })
  })

  describe('book_appointment', () => {
    it('books a free time for a new customer, linked to the conversation that asked', async () => {
      const o = await owner()
      const { rows: [conversation] } = await stack.db.query<{ id: string }>(
        `insert into public.conversations (user_id, channel) values ($1, 'widget') returning id`, [o.user.id])
      const phone = uniquePhone()
      const booked = await book(o, '2026-12-02', '13:00', { p_phone: phone, p_conversation_id: conversation!.id, p_language: 'en' })
      expect(booked.error).toBeNull()
      expect(new Date(booked.starts_at!).toISOString()).toBe('2026-12-02T10:00:00.000Z')
      const { rows: [row] } = await stack.db.query<Record<string, unknown>>(
        `select a.source, a.status, a.duration_minutes, a.conversation_id, c.name, c.phone_number, r.language, v.customer_id as linked
           from public.appointments a join public.customers c on c.id = a.customer_id
           join public.appointment_reminders r on r.appointment_id = a.id
           join public.conversations v on v.id = a.conversation_id
          where a.id = $1`, [booked.appointment_id])
      expect(row).toEqual({
        source: 'assistant', status: 'scheduled', duration_minutes: 60, conversation_id: conversation!.id,
        name: 'Ayşe Yılmaz', phone_number: phone, language: 'en', linked: booked.customer_id,
      })
      // The same number later is the same customer, whatever name is given.
      const again = await book(o, '2026-12-03', '13:00', { p_phone: phone, p_customer_name: 'Başka İsim' })
      expect(again.customer_id).toBe(booked.customer_id)
    })

    it('takes its length from the service, and names the service on the appointment', async () => {
      const o = await owner()
      const { rows: [service] } = await stack.db.query<{ id: string }>(
        `insert into public.services (user_id, name, duration_minutes) values ($1, 'Boya', 120) returning id`, [o.user.id])
      const booked = await book(o, '2026-12-02', '13:00', { p_service_id: service!.id })
      const { rows: [row] } = await stack.db.query('select duration_minutes, description, service_id from public.appointments where id = $1', [booked.appointment_id])
      expect(row).toEqual({ duration_minutes: 120, description: 'Boya', service_id: service!.id })
      // 15:30 + 120 minutes runs past the 17:00 close.
      expect((await book(o, '2026-12-02', '15:30', { p_service_id: service!.id })).error).toBe('outside_hours')
    })

    it('refuses with each of the domain\'s codes, and books nothing', async () => {
      const o = await owner()
      const cases: Array<[string, string, string]> = [
        ['2026-12-02', '12:00', 'outside_hours'],
        ['2026-12-06', '10:00', 'outside_hours'],
        ['2026-12-02', '16:30', 'outside_hours'],
        ['2026-12-01', '11:00', 'too_soon'],
        ['2027-01-15', '10:00', 'too_far'],
      ]
      for (const [date, time, code] of cases) expect((await book(o, date, time)).error, `${date} ${time}`).toBe(code)
      expect((await book(o, '2026-12-02', '13:00')).error).toBeNull()
      expect((await book(o, '2026-12-02', '13:30', { p_phone: uniquePhone() })).error).toBe('slot_taken')
      await stack.db.query('update public.booking_settings set enabled = false where user_id = $1', [o.user.id])
      expect((await book(o, '2026-12-04', '13:00')).error).toBe('booking_disabled')
      const { rows: [count] } = await stack.db.query<{ n: number }>('select count(*)::int as n from public.appointments where user_id = $1', [o.user.id])
      expect(count!.n).toBe(1)
      expect([...new Set(cases.map((c) => c[2])), 'slot_taken', 'booking_disabled', 'too_many'].sort()).toEqual([...BOOKING_REFUSALS].sort())
    })

    it('books at most ASSISTANT_BOOKINGS_MAX upcoming appointments for one number or one conversation', async () => {
      const o = await owner({ capacity: 10 })
      const phone = uniquePhone()
      for (let i = 0; i < ASSISTANT_BOOKINGS_MAX; i++) expect((await book(o, '2026-12-02', `1${3 + i}:00`, { p_phone: phone })).error).toBeNull()
      expect((await book(o, '2026-12-03', '13:00', { p_phone: phone })).error).toBe('too_many')
      // Another number from the same conversation is refused as well; a stranger is not.
      const other = await owner({ capacity: 10 })
      const { rows: [conversation] } = await stack.db.query<{ id: string }>(
        `insert into public.conversations (user_id, channel) values ($1, 'widget') returning id`, [other.user.id])
      for (let i = 0; i < ASSISTANT_BOOKINGS_MAX; i++) {
        expect((await book(other, '2026-12-02', `1${3 + i}:00`, { p_phone: uniquePhone(), p_conversation_id: conversation!.id })).error).toBeNull()
      }
      expect((await book(other, '2026-12-03', '13:00', { p_phone: uniquePhone(), p_conversation_id: conversation!.id })).error).toBe('too_many')
      expect((await book(other, '2026-12-03', '13:00', { p_phone: uniquePhone() })).error).toBeNull()
    })

    it('lets exactly one of 20 simultaneous bookings of the last place through', async () => {
      const o = await owner()
      const results = await Promise.all(
        Array.from({ length: 20 }, () => book(o, '2026-12-03', '14:00', { p_phone: uniquePhone() })),
      )
      expect(results.filter((r) => r.error === null)).toHaveLength(1)
      expect(results.filter((r) => r.error === 'slot_taken')).toHaveLength(19)
      const { rows: [count] } = await stack.db.query<{ n: number }>(
        `select count(*)::int as n from public.appointments where user_id = $1 and appointment_date = '2026-12-03'`, [o.user.id])
      expect(count!.n).toBe(1)
    })

    it('moves an appointment in one step, or leaves it as it was when the new time is refused', async () => {
      const o = await owner()
      const first = await book(o, '2026-12-03', '10:00')
      // Half an hour later overlaps only the appointment being moved.
      const moved = await book(o, '2026-12-03', '10:30', { p_replaces: first.appointment_id })
      expect(moved.error).toBeNull()
      const status = async (id: string) => (await stack.db.query<{ status: string }>('select status from public.appointments where id = $1', [id])).rows[0]!.status
      expect(await status(first.appointment_id!)).toBe('cancelled')
      const refused = await book(o, '2026-12-03', '12:00', { p_replaces: moved.appointment_id })
      expect(refused.error).toBe('outside_hours')
      expect(await status(moved.appointment_id!)).toBe('scheduled')
    })

    it('is the server\'s alone: an owner cannot call it', async () => {
      const o = await owner()
      const { error } = await o.client.rpc('book_appointment', {
        p_user_id: o.user.id, p_date: '2026-12-02', p_time: '13:00', p_duration_minutes: null, p_service_id: null,
        p_customer_name: 'X', p_phone: '+905321234567', p_conversation_id: null, p_language: 'tr',
      })
      expect(error?.code).toBe('42501')
    })
  })

  describe('what only the server writes on an appointment', () => {
    it('keeps the booking conversation from the owner, and drops a service that is not theirs', async () => {
      const o = await owner()
      const other = await owner()
      const { rows: [theirs] } = await stack.db.query<{ id: string }>(`insert into public.services (user_id, name) values ($1, 'Onların') returning id`, [other.user.id])
      const { rows: [mine] } = await stack.db.query<{ id: string }>(`insert into public.services (user_id, name) values ($1, 'Benim') returning id`, [o.user.id])
      const { rows: [conversation] } = await stack.db.query<{ id: string }>(
        `insert into public.conversations (user_id, channel) values ($1, 'widget') returning id`, [o.user.id])
      const { data, error } = await o.client.from('appointments')
        .insert({ user_id: o.user.id, appointment_date: '2026-12-02', appointment_time: '10:00', service_id: theirs!.id, conversation_id: conversation!.id })
        .select('id, source, service_id, conversation_id').single()
      expect(error).toBeNull()
      expect(data).toMatchObject({ source: 'owner', service_id: null, conversation_id: null })
      const booked = await book(o, '2026-12-04', '13:00', { p_conversation_id: conversation!.id })
      const updated = await o.client.from('appointments').update({ conversation_id: null, service_id: mine!.id, notes: 'not' })
        .eq('id', booked.appointment_id!).select('source, service_id, conversation_id').single()
      expect(updated.data).toEqual({ source: 'assistant', service_id: mine!.id, conversation_id: conversation!.id })
    })
  })

  describe('reminders', () => {
    const claim = async (now: string) => {
      const { data, error } = await stack.service().rpc('claim_due_reminders', { p_now: now, p_limit: 50 })
      if (error) throw new Error(`claim_due_reminders failed: ${error.code} ${error.message}`)
      return data as Array<{ appointment_id: string; for_start: string; attempt: number; language: string; phone_number: string }>
    }
    const finish = async (id: string, forStart: string, sent: boolean, now: string) => {
      const { error } = await stack.service().rpc('finish_reminder', { p_appointment_id: id, p_for_start: forStart, p_sent: sent, p_error: sent ? null : 'provider down', p_now: now })
      if (error) throw new Error(`finish_reminder failed: ${error.code} ${error.message}`)
    }
    const mine = <T extends { appointment_id: string }>(list: T[], id: string): T[] => list.filter((r) => r.appointment_id === id)

    async function customer(o: Owner): Promise<string> {
      const { rows } = await stack.db.query<{ id: string }>(
        `insert into public.customers (user_id, name, phone_number) values ($1, 'Can', $2) returning id`, [o.user.id, uniquePhone()])
      return rows[0]!.id
    }

    it('claims a reminder once it is due, once, across two racing schedulers', async () => {
      const o = await owner({ reminder_hours_before: 24 })
      // Wednesday 13:00 in Istanbul is 10:00 UTC: due from Tuesday 10:00 UTC.
      const id = await appointment(o, '2026-12-02', '13:00', 60, 'scheduled', await customer(o))
      expect(mine(await claim('2026-12-01T09:59:00Z'), id)).toEqual([])
      const [x, y] = await Promise.all([claim('2026-12-01T10:00:00Z'), claim('2026-12-01T10:00:00Z')])
      expect(mine([...x!, ...y!], id)).toHaveLength(1)
      expect(mine([...x!, ...y!], id)[0]).toMatchObject({ attempt: 1, language: 'tr' })
      // Leased: nobody takes it again while its scheduler works.
      expect(mine(await claim('2026-12-01T10:05:00Z'), id)).toEqual([])
    })

    it('retries a failed reminder with backoff, and never again once sent, until the appointment moves', async () => {
      const o = await owner({ reminder_hours_before: 24 })
      const id = await appointment(o, '2026-12-02', '13:00', 60, 'confirmed', await customer(o))
      const [first] = mine(await claim('2026-12-01T10:00:00Z'), id)
      await finish(id, first!.for_start, false, '2026-12-01T10:00:10Z')
      expect(mine(await claim('2026-12-01T10:05:00Z'), id)).toEqual([])
      const [second] = mine(await claim('2026-12-01T10:05:10Z'), id)
      expect(second!.attempt).toBe(2)
      await finish(id, second!.for_start, false, '2026-12-01T10:05:20Z')
      expect(mine(await claim('2026-12-01T10:15:00Z'), id)).toEqual([])
      const [third] = mine(await claim('2026-12-01T10:15:20Z'), id)
      await finish(id, third!.for_start, true, '2026-12-01T10:15:30Z')
      const { rows: [state] } = await stack.db.query<{ sent_at: Date; last_error: string | null }>(
        'select sent_at, last_error from public.appointment_reminders where appointment_id = $1', [id])
      expect(state).toMatchObject({ last_error: null })
      expect(state!.sent_at).not.toBeNull()
      expect(mine(await claim('2026-12-01T12:00:00Z'), id)).toEqual([])
      await stack.db.query(`update public.appointments set appointment_time = '14:00' where id = $1`, [id])
      expect(mine(await claim('2026-12-01T12:00:00Z'), id)).toMatchObject([{ attempt: 1 }])
    })

    it('sends none for cancelled appointments, customers without a number, owners who turned reminders off, or after the owner\'s button', async () => {
      const o = await owner({ reminder_hours_before: 24 })
      const cancelled = await appointment(o, '2026-12-02', '13:00', 60, 'cancelled', await customer(o))
      const nobody = await appointment(o, '2026-12-02', '14:00', 60, 'scheduled', null)
      const byHand = await appointment(o, '2026-12-02', '15:00', 60, 'scheduled', await customer(o))
      await stack.service().rpc('note_reminder_sent', { p_appointment_id: byHand, p_now: '2026-12-01T08:00:00Z' })
      const off = await owner({ reminder_hours_before: null })
      const offId = await appointment(off, '2026-12-02', '13:00', 60, 'scheduled', await customer(off))
      const claimed = (await claim('2026-12-01T12:30:00Z')).map((r) => r.appointment_id)
      for (const id of [cancelled, nobody, byHand, offId]) expect(claimed).not.toContain(id)
    })

    it('lets the owner read how a reminder went, and nobody else', async () => {
      const o = await owner()
      const id = await appointment(o, '2026-12-02', '13:00', 60, 'scheduled', await customer(o))
      await stack.service().rpc('note_reminder_sent', { p_appointment_id: id })
      const own = await o.client.from('appointment_reminders').select('appointment_id, sent_at').eq('appointment_id', id)
      expect(own.data).toHaveLength(1)
      const write = await o.client.from('appointment_reminders').update({ sent_at: null }).eq('appointment_id', id).select()
      expect(write.error?.code).toBe('42501')
    })
  })
})

