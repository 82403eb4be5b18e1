// The booking conversation's words (booking-replies.ts) where they are worked out rather than fixed: the booking
// window and the reminder from the owner's settings, and what a confirmed booking or move says.
import { describe, expect, it } from 'vitest'
import { booked, bookingWindow, reminderNote } from './booking-replies.ts'
import type { BookableService } from './types.ts'

const HAIRCUT: BookableService = { id: 's1', name: 'Saç kesimi', duration_minutes: 30, price: 400, currency: 'TRY' }

describe('booking replies', () => {
  it('says the booking window from the settings: days ahead, and the notice in hours or minutes when there is one', () => {
    expect(bookingWindow({ max_days_ahead: 30, min_notice_minutes: 120 }, 'tr')).toBe('Randevuları 30 gün sonrasına kadar, en az 2 saat önceden alabilirsiniz.')
    expect(bookingWindow({ max_days_ahead: 14, min_notice_minutes: 60 }, 'en')).toBe('You can book up to 14 days ahead, at least 1 hour in advance.')
    expect(bookingWindow({ max_days_ahead: 7, min_notice_minutes: 90 }, 'en')).toBe('You can book up to 7 days ahead, at least 90 minutes in advance.')
    expect(bookingWindow({ max_days_ahead: 7, min_notice_minutes: 0 }, 'tr')).toBe('Randevuları 7 gün sonrasına kadar alabilirsiniz.')
  })

  it('says a move was made as a move, and a new booking as made', () => {
    const offer = { date: '2026-12-04', time: '10:00' }
    const moved = { service: HAIRCUT, offer, name: 'Ece Ak', move: { date: '2026-12-02', time: '11:00' } }
    expect(booked(moved, 'tr', false)).toMatch(/^Randevunuz taşındı: 4 Aralık 2026 Cuma saat 10:00 \(Saç kesimi\)\. Görüşmek üzere, Ece Ak!$/)
    expect(booked(moved, 'en', false)).toMatch(/^Your appointment has been moved to .*10:00 \(Saç kesimi\)\. See you then, Ece Ak!$/)
    expect(booked({ service: HAIRCUT, offer, name: 'Ece Ak' }, 'tr', false)).toMatch(/^Randevunuz oluşturuldu: /)
    expect(booked({ service: null, offer, name: 'Ece Ak' }, 'en', true)).toMatch(/^You're booked: .*\(Preview: nothing was booked\.\)$/)
  })

  it('says when the SMS reminder goes as the owner set it, or that none goes and whom to ask', () => {
    expect(reminderNote(24, '', 'tr')).toBe('Randevunuzdan 24 saat önce SMS ile hatırlatma gönderiyoruz.')
    expect(reminderNote(1, '', 'en')).toBe('We send an SMS reminder 1 hour before your appointment.')
    expect(reminderNote(null, 'Işıl Kuaför can help you: 0212 555 00 00', 'en')).toBe("We don't send automatic reminders. Işıl Kuaför can help you: 0212 555 00 00")
  })
})
