// Booking dialogues written after the booking rules were settled and never
// used to tune them: the evaluation prints them apart from booking-dialogues.ts,
// so a rule that only knows its own dialogues shows up here. Same clock,
// owners and calendar as booking-dialogues.ts. Do not tune the rules on
// these; write new ones into booking-dialogues.ts instead.
import type { Dialogue, DialogueTurn } from './booking-dialogues.ts'

const w = (say: string, expect?: string[]): DialogueTurn => ({ say, ...(expect ? { expect } : {}) })

export const HELDOUT_DIALOGUES: Dialogue[] = [
  {
    id: 'h-tr-kestirmek', language: 'tr', channel: 'widget', owner: 'salon',
    turns: [w('perşembe öğlen saç kestirmek istiyorum, müsaitlik var mı'), w('13:30'), w('Sena Demir'), w('0548 111 22 33'), w('evet')],
    booked: { date: '2026-12-03', time: '13:30', service: 'Saç kesimi' },
  },
  {
    id: 'h-tr-wa-cumartesi-boya', language: 'tr', channel: 'whatsapp', owner: 'salon',
    turns: [w('iyi günler cumartesi sabah boya yaptırmak istiyorum'), w('ilk saat olsun'), w('Gül Arı'), w('tamamdır')],
    booked: { date: '2026-12-05', time: '10:00', service: 'Boya' },
  },
  {
    id: 'h-en-tmrw-blowdry', language: 'en', channel: 'widget', owner: 'salon',
    turns: [w('hey do u have anything tmrw afternoon for a blowdry'), w('2'), w('Zoe Park'), w('+44 7700 900123'), w('yes')],
    booked: { date: '2026-12-02', time: '13:30', service: 'Fön' },
  },
  {
    id: 'h-tr-dukkan-saat-16', language: 'tr', channel: 'widget', owner: 'shop',
    turns: [w('yarın için randevu almak mümkün mü'), w('saat 16 olur mu'), w('Oya Kara'), w('0549 222 33 44'), w('olur')],
    booked: { date: '2026-12-02', time: '16:00' },
  },
  {
    id: 'h-en-wa-cant-make-it', language: 'en', channel: 'whatsapp', owner: 'salon', existing: { date: '2026-12-04', time: '16:00' },
    turns: [w('hi, something came up and I cant make it to my appointment, please cancel it'), w('yes please', ['cancelled'])],
    booked: null, cancelled: true,
  },
  {
    id: 'h-tr-wa-yarina-al', language: 'tr', channel: 'whatsapp', owner: 'salon', existing: { date: '2026-12-03', time: '15:00', service: 'Saç kesimi' },
    turns: [w('randevumu yarına alabilir miyiz? saat 11 gibi'), w('evet')],
    booked: { date: '2026-12-02', time: '11:00', service: 'Saç kesimi' }, cancelled: true,
  },
  {
    id: 'h-en-4th-around-3', language: 'en', channel: 'widget', owner: 'salon',
    turns: [w('Is there a slot for a haircut on the 4th of December around 3?'), w('Tom Reed'), w('0532 999 88 77'), w('sure')],
    booked: { date: '2026-12-04', time: '15:00', service: 'Saç kesimi' },
  },
  {
    id: 'h-tr-pazar-sabahi', language: 'tr', channel: 'widget', owner: 'salon',
    turns: [w('pazar sabahı fön için gelebilir miyim', ['kapalı']), w('pazartesi 9:30'), w('Ece Tan'), w('0541 333 44 55'), w('evet')],
    booked: { date: '2026-12-07', time: '09:30', service: 'Fön' },
  },
  {
    id: 'h-en-next-friday-colour', language: 'en', channel: 'widget', owner: 'salon',
    turns: [w('book me a colour for next friday morning'), w('1'), w('Ivy Hart'), w('0532 555 44 33'), w('ok')],
    booked: { date: '2026-12-11', time: '09:00', service: 'Boya' },
  },
  {
    id: 'h-tr-arada-fiyat', language: 'tr', channel: 'widget', owner: 'salon',
    turns: [w('yarın 16:30 saç kesimi randevu'), w('fiyatı ne kadar?'), w('Ali Veli'), w('0542 444 55 66'), w('evet')],
    booked: { date: '2026-12-02', time: '16:30', service: 'Saç kesimi' },
  },
]
