// The booking dialogues of the assistant evaluation (booking-eval.ts): a
// customer books, is refused and offered other times, changes their mind,
// cancels or moves, in Turkish and English, on the widget and on WhatsApp.
// The clock is fixed: Tuesday 1 December 2026, 10:00 in Istanbul. Each
// dialogue ends with what the owner's calendar should hold from it.
//
// The salon is open Monday to Friday 09:00–18:00 (lunch 12:00–13:00 closed)
// and Saturday 10:00–14:00, books on a 30-minute grid with two hours'
// notice, and has three services. Already booked (capacity 1): Wednesday 2
// December 14:00–15:00 and Thursday 3 December 10:00–12:00. The shop has a
// single service (so it never asks which).

export type BookingOwner = 'salon' | 'shop'

export type DialogueTurn = {
  say: string
  /** Words the reply must hold (folded: case and Turkish letters aside). */
  expect?: string[]
  /** Words it must not hold. */
  not?: string[]
}

export type Dialogue = {
  id: string
  language: 'tr' | 'en'
  channel: 'widget' | 'whatsapp'
  owner: BookingOwner
  turns: DialogueTurn[]
  /** What the calendar holds after the dialogue, made by it: a booking, or none. */
  booked: { date: string; time: string; service?: string } | null
  /** An appointment of this customer's there before the dialogue (to cancel or move), as the owner's calendar has it. */
  existing?: { date: string; time: string; service?: string }
  /** The existing appointment is cancelled at the end. */
  cancelled?: boolean
}

export const NOW = '2026-12-01T07:00:00Z'

export const SALON_SERVICES = [
  { name: 'Saç kesimi', duration_minutes: 30, price: 400 },
  { name: 'Boya', duration_minutes: 120, price: 1500 },
  { name: 'Fön', duration_minutes: 30, price: null },
] as const

const w = (say: string, expect?: string[], not?: string[]): DialogueTurn => ({ say, ...(expect ? { expect } : {}), ...(not ? { not } : {}) })

export const DIALOGUES: Dialogue[] = [
  // --- Turkish, widget, the salon -------------------------------------------------------------
  {
    id: 'tr-yarin-15', language: 'tr', channel: 'widget', owner: 'salon',
    turns: [w('Yarın saat 15:00 için randevu alabilir miyim?', ['hizmet']), w('saç kesimi'), w('Ayşe Yılmaz'), w('0532 111 22 33', ['2 Aralık 2026', '15:00']), w('evet', ['oluşturuldu'])],
    booked: { date: '2026-12-02', time: '15:00', service: 'Saç kesimi' },
  },
  {
    id: 'tr-dolu-saat', language: 'tr', channel: 'widget', owner: 'salon',
    turns: [w('yarın 14:00 saç kesimi için randevu', ['dolu']), w('2'), w('Mehmet Demir'), w('05321112244'), w('evet', ['oluşturuldu'])],
    booked: { date: '2026-12-02', time: '13:30', service: 'Saç kesimi' },
  },
  {
    id: 'tr-cuma-ogleden-sonra', language: 'tr', channel: 'widget', owner: 'salon',
    turns: [w('cuma öğleden sonra fön için yer var mı'), w('ilki'), w('adım Zeynep Kaya'), w('0533 222 33 44'), w('onaylıyorum', ['4 Aralık 2026'])],
    booked: { date: '2026-12-04', time: '13:00', service: 'Fön' },
  },
  {
    id: 'tr-pazar-kapali', language: 'tr', channel: 'widget', owner: 'salon',
    turns: [w('pazar günü saç kesimi randevusu alabilir miyim', ['kapalı']), w('1'), w('Can Öztürk'), w('0534 333 44 55'), w('evet')],
    booked: { date: '2026-12-07', time: '09:00', service: 'Saç kesimi' },
  },
  {
    id: 'tr-cok-erken', language: 'tr', channel: 'widget', owner: 'salon',
    turns: [w('bugün saat 11de saç kesimi olur mu', ['kısa süre']), w('bugün 13:00 olsun'), w('Elif Şahin'), w('+90 535 444 55 66'), w('evet')],
    booked: { date: '2026-12-01', time: '13:00', service: 'Saç kesimi' },
  },
  {
    id: 'tr-vazgecti', language: 'tr', channel: 'widget', owner: 'salon',
    turns: [w('randevu almak istiyorum'), w('boya'), w('perşembe 15.00'), w('vazgeçtim', ['bıraktım'])],
    booked: null,
  },
  {
    id: 'tr-hayir-sonra-baska', language: 'tr', channel: 'widget', owner: 'salon',
    turns: [w('3 Aralık saat 14 boya randevusu'), w('Selin Aydın'), w('0536 555 66 77'), w('hayır', ['oluşturmadım']), w('4 aralık 14.00'), w('evet')],
    booked: { date: '2026-12-04', time: '14:00', service: 'Boya' },
  },
  {
    id: 'tr-haftaya-sali', language: 'tr', channel: 'widget', owner: 'salon',
    turns: [w('haftaya salı sabah saç kesimi için müsait misiniz'), w('10:00'), w('Burak Koç'), w('0537 666 77 88'), w('tamam')],
    booked: { date: '2026-12-08', time: '10:00', service: 'Saç kesimi' },
  },
  {
    id: 'tr-ara-soru', language: 'tr', channel: 'widget', owner: 'salon',
    turns: [w('yarın fön randevusu istiyorum'), w('saat 4 olur mu'), w('Deniz Arslan'), w('0538 777 88 99'), w('evet', ['16:00'])],
    booked: { date: '2026-12-02', time: '16:00', service: 'Fön' },
  },
  {
    id: 'tr-tarih-sayi', language: 'tr', channel: 'widget', owner: 'salon',
    turns: [w('5.12 saat 11 saç kesimi randevu'), w('Gizem Yıldız'), w('0539 888 99 00'), w('evet', ['5 Aralık 2026'])],
    booked: { date: '2026-12-05', time: '11:00', service: 'Saç kesimi' },
  },
  {
    id: 'tr-cok-ileri', language: 'tr', channel: 'widget', owner: 'salon',
    turns: [w('15 ocak için saç kesimi randevusu', ['henüz']), w('vazgeçtim')],
    booked: null,
  },
  {
    id: 'tr-isim-numara-birlikte', language: 'tr', channel: 'widget', owner: 'salon',
    turns: [w('perşembe 16:00 saç kesimi alabilir miyim'), w('Adım Hakan Çelik, numaram 0541 123 45 67'), w('evet')],
    booked: { date: '2026-12-03', time: '16:00', service: 'Saç kesimi' },
  },
  {
    id: 'tr-yanlis-numara', language: 'tr', channel: 'widget', owner: 'salon',
    turns: [w('cuma 10:30 fön randevusu'), w('Merve Aksoy'), w('12345', ['okuyamadım']), w('0542 234 56 78'), w('evet')],
    booked: { date: '2026-12-04', time: '10:30', service: 'Fön' },
  },
  {
    id: 'tr-harfsiz', language: 'tr', channel: 'widget', owner: 'salon',
    turns: [w('yarin ogleden sonra 3 te sac kesimi randevu alabilir miyim'), w('Ozan Guler'), w('05431234567'), w('evet')],
    booked: { date: '2026-12-02', time: '15:00', service: 'Saç kesimi' },
  },
  {
    id: 'tr-widget-iptal', language: 'tr', channel: 'widget', owner: 'salon',
    turns: [
      w('cuma 15:00 saç kesimi randevusu alabilir miyim'), w('Leyla Acar'), w('0547 678 90 12'), w('evet', ['oluşturuldu']),
      w('randevumu iptal etmek istiyorum', ['4 Aralık 2026', 'iptal edeyim mi']), w('evet', ['iptal edildi']),
    ],
    booked: null,
  },
  {
    id: 'tr-hizmet-sorulurken-kargo', language: 'tr', channel: 'widget', owner: 'salon',
    turns: [
      w('pazar günü randevu var mı', ['hizmet']), w('kargo ücretli mi', undefined, ['hizmeti seçelim']), w('pazartesi 12:00', ['önce hizmeti seçelim']),
      w('saç kesimi', ['çalışma saatlerimizin dışında']), w('13:00'), w('Ali Can'), w('0534 111 22 33'), w('evet'),
    ],
    booked: { date: '2026-12-07', time: '13:00', service: 'Saç kesimi' },
  },
  // --- Turkish, WhatsApp ---------------------------------------------------------------------------
  {
    id: 'tr-wa-yarin', language: 'tr', channel: 'whatsapp', owner: 'salon',
    turns: [w('Merhaba yarın 10:30 saç kesimi için randevu alabilir miyim'), w('Fatma Koç'), w('evet', ['oluşturuldu'])],
    booked: { date: '2026-12-02', time: '10:30', service: 'Saç kesimi' },
  },
  {
    id: 'tr-wa-iptal', language: 'tr', channel: 'whatsapp', owner: 'salon', existing: { date: '2026-12-03', time: '15:00' },
    turns: [w('randevumu iptal etmek istiyorum', ['3 Aralık 2026', '15:00']), w('evet', ['iptal edildi'])],
    booked: null, cancelled: true,
  },
  {
    id: 'tr-wa-iptal-vazgecti', language: 'tr', channel: 'whatsapp', owner: 'salon', existing: { date: '2026-12-03', time: '15:00' },
    turns: [w('randevumu iptal edebilir misiniz'), w('hayır', ['duruyor'])],
    booked: null, cancelled: false,
  },
  {
    id: 'tr-wa-tasi', language: 'tr', channel: 'whatsapp', owner: 'salon', existing: { date: '2026-12-03', time: '15:00', service: 'Saç kesimi' },
    turns: [w('randevumun saatini değiştirebilir miyim', ['3 Aralık 2026']), w('cuma 11:00'), w('evet', ['4 Aralık 2026', '11:00'])],
    booked: { date: '2026-12-04', time: '11:00', service: 'Saç kesimi' }, cancelled: true,
  },
  {
    id: 'tr-wa-randevu-yok', language: 'tr', channel: 'whatsapp', owner: 'salon',
    turns: [w('randevumu iptal etmek istiyorum', ['bulamadım'])],
    booked: null,
  },
  {
    id: 'tr-wa-3-aralik', language: 'tr', channel: 'whatsapp', owner: 'salon',
    turns: [w('3 Aralık boya randevusu almak istiyorum'), w('2'), w('Kemal Şen'), w('evet')],
    booked: { date: '2026-12-03', time: '13:30', service: 'Boya' },
  },
  // --- Turkish, the shop (one service) ------------------------------------------------------------
  {
    id: 'tr-dukkan', language: 'tr', channel: 'widget', owner: 'shop',
    turns: [w('randevu almak istiyorum', ['En yakın']), w('yarın 11:00'), w('Nazlı Er'), w('0544 345 67 89'), w('evet')],
    booked: { date: '2026-12-02', time: '11:00' },
  },
  {
    id: 'tr-dukkan-cumartesi', language: 'tr', channel: 'widget', owner: 'shop',
    turns: [w('cumartesi öğlen uygun musunuz, randevu'), w('12:00'), w('Ali Vural'), w('0545 456 78 90'), w('evet')],
    booked: { date: '2026-12-05', time: '12:00' },
  },
  // --- English, widget, the salon --------------------------------------------------------------------
  {
    id: 'en-tomorrow-10', language: 'en', channel: 'widget', owner: 'salon',
    turns: [w('Can I book a haircut tomorrow at 10?'), w('John Smith'), w('+90 532 987 65 43'), w('yes', ['booked', 'December 2, 2026'])],
    booked: { date: '2026-12-02', time: '10:00', service: 'Saç kesimi' },
  },
  {
    id: 'en-next-tuesday', language: 'en', channel: 'widget', owner: 'salon',
    turns: [w('I would like an appointment next Tuesday 2:30 pm', ['service']), w('the third one'), w('Emma Brown'), w('0532 876 54 32'), w('confirm')],
    booked: { date: '2026-12-08', time: '14:30', service: 'Saç kesimi' },
  },
  {
    id: 'en-taken', language: 'en', channel: 'widget', owner: 'salon',
    turns: [w('haircut on wednesday at 2pm please', ['taken']), w('3'), w('Liam Jones'), w('05327654321'), w('yes')],
    booked: { date: '2026-12-02', time: '15:00', service: 'Saç kesimi' },
  },
  {
    id: 'en-sunday', language: 'en', channel: 'widget', owner: 'salon',
    turns: [w('Do you have any slots on Sunday for a blow dry?', ['closed']), w('2'), w('Olivia Wilson'), w('+905326543210'), w('yes')],
    booked: { date: '2026-12-07', time: '09:30', service: 'Fön' },
  },
  {
    id: 'en-december-3', language: 'en', channel: 'widget', owner: 'salon',
    turns: [w('Book me in for colour on December 4th at 9:00'), w('my name is Noah Taylor'), w('0532 543 21 09'), w('yes please')],
    booked: { date: '2026-12-04', time: '09:00', service: 'Boya' },
  },
  {
    id: 'en-changed-mind', language: 'en', channel: 'widget', owner: 'salon',
    turns: [w('can I make an appointment for a haircut on friday'), w('1'), w('Ava Davies'), w('0532 432 10 98'), w('no', ["haven't booked"])],
    booked: null,
  },
  {
    id: 'en-too-soon', language: 'en', channel: 'widget', owner: 'salon',
    turns: [w('haircut today at 11am?', ['too soon']), w('today 4pm'), w('Mia Evans'), w('0532 321 09 87'), w('yes')],
    booked: { date: '2026-12-01', time: '16:00', service: 'Saç kesimi' },
  },
  {
    id: 'en-never-mind', language: 'en', channel: 'widget', owner: 'salon',
    turns: [w('I want to book an appointment'), w('blow dry'), w('never mind', ['stopped'])],
    booked: null,
  },
  {
    id: 'en-morning', language: 'en', channel: 'widget', owner: 'salon',
    turns: [w('any free time thursday morning for a haircut?'), w('12:00', ['outside']), w('thursday 1pm'), w('James White'), w('0532 210 98 76'), w('yes')],
    booked: { date: '2026-12-03', time: '13:00', service: 'Saç kesimi' },
  },
  {
    id: 'en-date-slash', language: 'en', channel: 'widget', owner: 'salon',
    turns: [w('blow dry 4/12 at 17:00?'), w('Sophie Green'), w('0532 109 87 65'), w('yes')],
    booked: { date: '2026-12-04', time: '17:00', service: 'Fön' },
  },
  {
    id: 'en-widget-move', language: 'en', channel: 'widget', owner: 'salon',
    turns: [
      w('haircut on thursday at 14:00 please'), w('Ella Stone'), w('0532 765 43 21'), w('yes', ['booked']),
      w('can I move my appointment to 4pm?', ['December 3, 2026', '16:00']), w('yes', ['booked', '16:00']),
    ],
    booked: { date: '2026-12-03', time: '16:00', service: 'Saç kesimi' },
  },
  {
    id: 'en-name-before-time', language: 'en', channel: 'widget', owner: 'salon',
    turns: [w('haircut on friday please'), w('Emma Brown', ['pick a time first']), w('2'), w('0532 111 00 99'), w('yes', ['Emma Brown'])],
    booked: { date: '2026-12-04', time: '09:30', service: 'Saç kesimi' },
  },
  // --- English, WhatsApp ---------------------------------------------------------------------------
  {
    id: 'en-wa-book', language: 'en', channel: 'whatsapp', owner: 'salon',
    turns: [w('Hi, could I get a haircut appointment on Friday at 3pm?'), w('Daniel Hall'), w('yes')],
    booked: { date: '2026-12-04', time: '15:00', service: 'Saç kesimi' },
  },
  {
    id: 'en-wa-cancel', language: 'en', channel: 'whatsapp', owner: 'salon', existing: { date: '2026-12-04', time: '16:00' },
    turns: [w('I need to cancel my appointment', ['December 4, 2026']), w('yes', ['cancelled'])],
    booked: null, cancelled: true,
  },
  {
    id: 'en-wa-move', language: 'en', channel: 'whatsapp', owner: 'salon', existing: { date: '2026-12-04', time: '16:00', service: 'Fön' },
    turns: [w('Can I reschedule my appointment to Monday at 10?'), w('yes', ['December 7, 2026', '10:00'])],
    booked: { date: '2026-12-07', time: '10:00', service: 'Fön' }, cancelled: true,
  },
  {
    id: 'en-wa-none', language: 'en', channel: 'whatsapp', owner: 'salon',
    turns: [w('please cancel my booking', ["can't find"])],
    booked: null,
  },
  {
    id: 'en-wa-keep', language: 'en', channel: 'whatsapp', owner: 'salon', existing: { date: '2026-12-04', time: '16:00' },
    turns: [w('I want to cancel my appointment'), w('no', ['stays'])],
    booked: null, cancelled: false,
  },
  // --- English, the shop -----------------------------------------------------------------------------
  {
    id: 'en-shop', language: 'en', channel: 'widget', owner: 'shop',
    turns: [w('I would like to book an appointment', ['next free']), w('2'), w('Grace Hill'), w('0532 098 76 54'), w('yes')],
    booked: { date: '2026-12-01', time: '13:30' },
  },
  {
    id: 'en-shop-saturday', language: 'en', channel: 'widget', owner: 'shop',
    turns: [w('appointment saturday 10:30?'), w('Henry King'), w('0532 987 12 34'), w('yes')],
    booked: { date: '2026-12-05', time: '10:30' },
  },
  {
    id: 'en-shop-offhours', language: 'en', channel: 'widget', owner: 'shop',
    turns: [w('can I come in tomorrow at 20:00 for an appointment', ['outside']), w('1'), w('Lily Scott'), w('0532 876 12 34'), w('yes')],
    booked: { date: '2026-12-02', time: '15:00' },
  },
  {
    id: 'tr-dukkan-ogle-arasi', language: 'tr', channel: 'widget', owner: 'shop',
    turns: [w('yarın 12.30 randevu alabilir miyim', ['çalışma saatlerimizin dışında']), w('13:00'), w('Ebru Taş'), w('0546 567 89 01'), w('evet')],
    booked: { date: '2026-12-02', time: '13:00' },
  },
]
