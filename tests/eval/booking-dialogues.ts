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
/* eslint-disable max-lines -- data: one dialogue a few lines, each beside the others of its kind */

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
  /** A second booking the dialogue makes, for another person ("kızım için de"). */
  alsoBooked?: { date: string; time: string; service?: string }
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

/** A customer's turn: what they say, words the reply must hold and words it must not. */
export const w = (say: string, expect?: string[], not?: string[]): DialogueTurn => ({ say, ...(expect ? { expect } : {}), ...(not ? { not } : {}) })

/** Dialogues of one language, channel and owner: an id, the turns, what the calendar holds after, and the customer's appointment before. */
const dialoguesOf =
  (language: Dialogue['language'], channel: Dialogue['channel'], owner: BookingOwner) =>
  (id: string, turns: DialogueTurn[], booked: Dialogue['booked'], before: Pick<Dialogue, 'existing' | 'cancelled' | 'alsoBooked'> = {}): Dialogue => ({
    id,
    language,
    channel,
    owner,
    ...before,
    turns,
    booked,
  })

export const trSalon = dialoguesOf('tr', 'widget', 'salon')
export const trSalonWhatsApp = dialoguesOf('tr', 'whatsapp', 'salon')
export const trShop = dialoguesOf('tr', 'widget', 'shop')
export const enSalon = dialoguesOf('en', 'widget', 'salon')
export const enSalonWhatsApp = dialoguesOf('en', 'whatsapp', 'salon')
export const enShop = dialoguesOf('en', 'widget', 'shop')

export const DIALOGUES: Dialogue[] = [
  // --- Turkish, widget, the salon -------------------------------------------------------------
  trSalon('tr-yarin-15',
    [w('Yarın saat 15:00 için randevu alabilir miyim?', ['hizmet']), w('saç kesimi'), w('Ayşe Yılmaz'), w('0532 111 22 33', ['2 Aralık 2026', '15:00']), w('evet', ['oluşturuldu'])],
    { date: '2026-12-02', time: '15:00', service: 'Saç kesimi' }),
  // The hour with its suffix written apart ("3 te"), after the afternoon's times: 15:00, not the third offer.
  trSalon('tr-ayri-ek',
    [w('yarın için boya randevusu alabilir miyim'), w('öğleden sonra olur mu', ['15:00']), w('3 te', ['adınızı']), w('Ayşe Demir'), w('0532 111 22 50', ['15:00']), w('evet', ['oluşturuldu'])],
    { date: '2026-12-02', time: '15:00', service: 'Boya' }),
  trSalon('tr-dolu-saat',
    [w('yarın 14:00 saç kesimi için randevu', ['dolu']), w('2'), w('Mehmet Demir'), w('05321112244'), w('evet', ['oluşturuldu'])],
    { date: '2026-12-02', time: '13:30', service: 'Saç kesimi' }),
  trSalon('tr-cuma-ogleden-sonra',
    [w('cuma öğleden sonra fön için yer var mı'), w('ilki'), w('adım Zeynep Kaya'), w('0533 222 33 44'), w('onaylıyorum', ['4 Aralık 2026'])],
    { date: '2026-12-04', time: '13:00', service: 'Fön' }),
  trSalon('tr-pazar-kapali',
    [w('pazar günü saç kesimi randevusu alabilir miyim', ['kapalı']), w('1'), w('Can Öztürk'), w('0534 333 44 55'), w('evet')],
    { date: '2026-12-07', time: '09:00', service: 'Saç kesimi' }),
  trSalon('tr-cok-erken',
    [w('bugün saat 11de saç kesimi olur mu', ['kısa süre']), w('bugün 13:00 olsun'), w('Elif Şahin'), w('+90 535 444 55 66'), w('evet')],
    { date: '2026-12-01', time: '13:00', service: 'Saç kesimi' }),
  trSalon('tr-vazgecti',
    [w('randevu almak istiyorum'), w('boya'), w('perşembe 15.00'), w('vazgeçtim', ['bıraktım'])],
    null),
  trSalon('tr-hayir-sonra-baska',
    [w('3 Aralık saat 14 boya randevusu'), w('Selin Aydın'), w('0536 555 66 77'), w('hayır', ['oluşturmadım']), w('4 aralık 14.00'), w('evet')],
    { date: '2026-12-04', time: '14:00', service: 'Boya' }),
  trSalon('tr-haftaya-sali',
    [w('haftaya salı sabah saç kesimi için müsait misiniz'), w('10:00'), w('Burak Koç'), w('0537 666 77 88'), w('tamam')],
    { date: '2026-12-08', time: '10:00', service: 'Saç kesimi' }),
  trSalon('tr-ara-soru',
    [w('yarın fön randevusu istiyorum'), w('saat 4 olur mu'), w('Deniz Arslan'), w('0538 777 88 99'), w('evet', ['16:00'])],
    { date: '2026-12-02', time: '16:00', service: 'Fön' }),
  trSalon('tr-tarih-sayi',
    [w('5.12 saat 11 saç kesimi randevu'), w('Gizem Yıldız'), w('0539 888 99 00'), w('evet', ['5 Aralık 2026'])],
    { date: '2026-12-05', time: '11:00', service: 'Saç kesimi' }),
  // Thursday's mornings are taken: said of the morning, not the day; "10 olur" is offered on two days, so which one.
  trSalon('tr-sabah-dolu-iki-gun',
    [w('perşembe boya yaptırmak istiyorum'), w('sabah erken', ['Perşembe sabah boş saat kalmadı'], ['için boş saat kalmadı']), w('10 olur', ['birden fazla günde', 'Cuma', 'Cumartesi']), w('cumartesi', ['adınızı']), w('adım Elif, numaram 05441234567', ['5 Aralık 2026', '10:00']), w('evet', ['oluşturuldu'])],
    { date: '2026-12-05', time: '10:00', service: 'Boya' }),
  // "Çarşamba" just after next week's times is next week's Wednesday, which was offered.
  trSalon('tr-haftaya-carsamba',
    [w('haftaya saç kesimi için yer var mı', ['9 Aralık 2026']), w('çarşamba öğleden sonra', ['9 Aralık 2026'], ['2 Aralık 2026']), w('14:00'), w('Kerem Aslan'), w('0533 908 12 12'), w('evet', ['oluşturuldu'])],
    { date: '2026-12-09', time: '14:00', service: 'Saç kesimi' }),
  // The latest times of the day offered, not its first ones again.
  trSalon('tr-en-gec',
    [w('saç kesimi randevusu'), w('cumartesi olur mu', ['10:00']), w('en geç kaça kadar var', ['13:30']), w('13:30'), w('Pelin Er'), w('0533 919 14 14'), w('evet', ['oluşturuldu'])],
    { date: '2026-12-05', time: '13:30', service: 'Saç kesimi' }),
  // An okay where the name, then the number, is asked: the question again, not "anything else?".
  trSalon('tr-tamam-isim-sorusu',
    [w('cumaya fön için yer var mı acaba'), w('öğleden sonra 3 gibi', ['15:00', 'adınızı']), w('tamam', ['adınızı']), w('Sevgi Tan', ['telefon']), w('ok', ['telefon']), w('05321239876', ['15:00']), w('evet', ['oluşturuldu'])],
    { date: '2026-12-04', time: '15:00', service: 'Fön' }),
  // A question of its own while the times are offered is answered, and taken for no name.
  trSalon('tr-ara-soru-adres',
    [w('yarın öğleden sonra saç kesimi', ['16:00']), w('adresiniz nerede', ['Adres'], ['Önce bir saat']), w('16:00', ['adınızı']), w('Aylin Koç', ['telefon']), w('05321112030', ['Aylin Koç']), w('evet', ['oluşturuldu'])],
    { date: '2026-12-02', time: '16:00', service: 'Saç kesimi' }),
  trSalon('tr-cok-ileri',
    [w('15 ocak için saç kesimi randevusu', ['henüz']), w('vazgeçtim')],
    null),
  trSalon('tr-isim-numara-birlikte',
    [w('perşembe 16:00 saç kesimi alabilir miyim'), w('Adım Hakan Çelik, numaram 0541 123 45 67'), w('evet')],
    { date: '2026-12-03', time: '16:00', service: 'Saç kesimi' }),
  trSalon('tr-yanlis-numara',
    [w('cuma 10:30 fön randevusu'), w('Merve Aksoy'), w('12345', ['okuyamadım']), w('0542 234 56 78'), w('evet')],
    { date: '2026-12-04', time: '10:30', service: 'Fön' }),
  trSalon('tr-harfsiz',
    [w('yarin ogleden sonra 3 te sac kesimi randevu alabilir miyim'), w('Ozan Guler'), w('05431234567'), w('evet')],
    { date: '2026-12-02', time: '15:00', service: 'Saç kesimi' }),
  trSalon('tr-widget-iptal', [
    w('cuma 15:00 saç kesimi randevusu alabilir miyim'), w('Leyla Acar'), w('0547 678 90 12'), w('evet', ['oluşturuldu']),
    w('randevumu iptal etmek istiyorum', ['4 Aralık 2026', 'iptal edeyim mi']), w('evet', ['iptal edildi']),
  ], null),
  // What a service includes, asked just after it: not written, and the other service as listed; the colour still books
  // (never a blow-dry booking begun).
  trSalon('tr-fon-dahil-mi', [
    w('boya ne kadar', ['1.500']), w('fön dahil mi', ['yazılı değil', 'Fön 30 dakika', '0212 555 00 00'], ['Hangi gün']),
    w('cumartesi 10:00', ['müsait']), w('Gül Tan'), w('0532 111 22 81'), w('evet', ['oluşturuldu', 'Boya']),
  ], { date: '2026-12-05', time: '10:00', service: 'Boya' }),
  // The time asked again in the past tense just after, and cancelling asked with no word of an appointment a turn later:
  // the one booked here, never the opening hours or "I can't answer".
  trSalon('tr-kactaydi-sonra-iptal', [
    w('yarın 15:00 boya'), w('Elif Demir'), w('0532 111 22 99'), w('tamam', ['oluşturuldu']),
    w('saat kaçtaydı', ['2 Aralık 2026', '15:00'], ['Çalışma saat']), w('teşekkürler'),
    w('iptal edebilir miyim', ['2 Aralık 2026', 'iptal edeyim mi']), w('evet', ['iptal edildi']),
  ], null),
  trSalon('tr-saat-sorulurken-bugun-kargo', [
    w('saç kesimi randevusu istiyorum'), w('bugün kargoya verir misiniz', ['Kargo'], ['Şu saatler müsait']), w('1'), w('Deniz Ak'),
    w('yarın havale ile ödesem olur mu', ['ödeme'], ['2 Aralık']), w('0532 222 33 44'), w('evet'),
  ], { date: '2026-12-01', time: '13:00', service: 'Saç kesimi' }),
  // The surname sent on its own after the first name, where the number is asked: the name made whole, the number asked again.
  trSalon('tr-ad-sonra-soyad', [
    w('saç kesimi randevusu almak istiyorum'), w('yarın'), w('10:00', ['Adınızı']), w('Ayşe', ['telefon']), w('Yılmaz', ['telefon'], ['yanıtlayamıyorum']),
    w('0532 111 22 33', ['Ayşe Yılmaz']), w('evet', ['Ayşe Yılmaz']),
  ], { date: '2026-12-02', time: '10:00', service: 'Saç kesimi' }),
  // A time the salon is open at, but the colour's two hours would run into the lunch break: said so, never "outside hours".
  trSalon('tr-boya-moladan-once', [
    w('yarın 11 de boya', ['120 dakika sürüyor', '09:30'], ['dışında']), w('2', ['Adınızı']), w('Elif Su'), w('0532 777 88 99'), w('evet'),
  ], { date: '2026-12-02', time: '09:30', service: 'Boya' }),
  // Put off: the booking left for another time, and said so (not the times again); later times asked are times.
  trSalon('tr-sonra-yazarim', [w('cuma saç kesimi', ['09:00']), w('daha sonra yazarım', ['dilediğiniz zaman'], ['Önce bir saat', '09:00'])], null),
  // Other times than those offered: later ones, the next after them, earlier ones again, and one of them taken.
  trSalon('tr-baska-saat', [
    w('cuma saç kesimi', ['09:00', '11:00']), w('daha geç var mı', ['11:30', '14:30'], ['hizmetlerimiz', '09:00']), w('başka saat var mı', ['15:00', '17:00'], ['11:30']),
    w('daha erken olur mu', ['11:30', '14:30'], ['15:00']), w('3', ['Adınızı']), w('Deniz Ak'), w('0532 555 66 77'), w('evet'),
  ], { date: '2026-12-04', time: '13:30', service: 'Saç kesimi' }),
  trSalon('tr-hizmet-sorulurken-gun', [
    w('randevu almak istiyorum', ['hizmet']), w('pazartesi', ['Not aldım'], ['açığız']), w('saç kesimi', ['7 Aralık 2026']), w('10:00'), w('Can Er'), w('0532 444 55 66'), w('evet'),
  ], { date: '2026-12-07', time: '10:00', service: 'Saç kesimi' }),
  trSalon('tr-fiyat-listesi', [
    w('fiyat listesi alabilir miyim', ['Sunduğumuz hizmetler', 'Boya']), w('röfle var mı', ['hizmetlerimiz arasında bulamadım']),
    w('erkek saçı da kesiyor musunuz', ['Saç kesimi 30 dakika', 'yazılı değil'], ['bulamadım']), w('randevusuz gelebilir miyim', ['0212 555 00 00'], ['Hangi hizmet', 'kargo']),
    // "Gelin" is no delivery ("gelir"): a service asked for, which the list names only in part.
    w('gelin saçı yapıyor musunuz', ['Saç kesimi 30 dakika', 'yazılı değil', '0212 555 00 00'], ['Kargo']),
    // A price of what the salon does not do is none of its services, never "no matching product".
    w('manikür ne kadar', ['hizmetlerimiz arasında bulamadım', 'Saç kesimi'], ['ürün']),
    // Whether a booking is needed is asked, not a booking begun; a card is paying, never the hours ("geçiyor") or a service.
    w('randevu şart mı', ['0212 555 00 00'], ['Hangi hizmet']), w('kart geçiyor mu', ['Ödeme', '0212 555 00 00'], ['bulamadım', 'Çalışma saat']),
    // How many work there is the owner's to say, never the hours ("çalışıyor").
    w('kaç kişi çalışıyor', ['yanıtlayamıyorum', '0212 555 00 00'], ['açığız']),
    w('yakında park yeri var mı', ['0212 555 00 00'], ['Hangi hizmet', 'ürün']),
  ], null),
  // Until when it is open, asked while the times wait, is the hours, never a name; the price asked once the time is
  // chosen is the haircut's, and the name is asked again.
  trSalon('tr-saat-sorulurken-ucret', [
    w('cumartesi saç kesimi için yer var mı', ['5 Aralık 2026']), w('kaça kadar açıksınız', ['açığız'], ['Önce bir saat']), w('11:00'),
    w('ne kadar tutar', ['Saç kesimi 30 dakika', '400', 'adınızı'], ['ürün']), w('Ayşe Kaya'), w('0532 111 22 33'), w('evet', ['oluşturuldu']),
  ], { date: '2026-12-05', time: '11:00', service: 'Saç kesimi' }),
  // "Açık mısınız?" of a day while a service waits for one: the day's hours, then its free times.
  trSalon('tr-hizmetten-sonra-acik-mi', [
    w('boya ne kadar', ['1.500']), w('cumartesi açık mısınız', ['Cumartesi 10:00–14:00 arası açığız', '5 Aralık 2026']), w('11:00'),
    w('Ece Tan'), w('0532 111 22 61'), w('evet', ['oluşturuldu']),
  ], { date: '2026-12-05', time: '11:00', service: 'Boya' }),
  // "Kartla ödeme yapabilir miyim" while the times wait is a question of the shop, never a name.
  trSalon('tr-saat-sorulurken-kartla-odeme', [
    w('yarın saç kesimi', ['2 Aralık 2026']), w('kartla ödeme yapabilir miyim', ['Ödeme'], ['Önce bir saat', 'Kartla Ödeme']), w('1'),
    w('Ada Kurt'), w('0532 111 22 62'), w('evet', ['oluşturuldu']),
  ], { date: '2026-12-02', time: '09:00', service: 'Saç kesimi' }),
  // "Okuldan sonra": the afternoon of the day named, never a name ("Cuma Okuldan Sonra").
  trSalon('tr-okuldan-sonra', [
    w('kızım için saç kesimi randevusu almak istiyorum'), w('cuma okuldan sonra', ['4 Aralık 2026', '15:00'], ['Önce bir saat']), w('16:30 olur mu', ['adınızı']),
    w('Defne Aksoy'), w('0533 222 33 44'), w('evet', ['oluşturuldu']),
  ], { date: '2026-12-04', time: '16:30', service: 'Saç kesimi' }),
  // "Bana hatırlatır mısınız?" where the name is asked: the reminder setting, never a name; the booking goes on.
  trSalon('tr-isim-sorulurken-hatirlatma', [
    w('yarın saç kesimi'), w('10:30'), w('bana hatırlatır mısınız', ['24 saat önce SMS'], ['Hatırlatır']), w('Elif Kaya'), w('0532 111 22 67'),
    w('evet', ['oluşturuldu', 'Elif Kaya']),
  ], { date: '2026-12-02', time: '10:30', service: 'Saç kesimi' }),
  // "Soyadım Demir" where the number is asked: the surname, with the first name given before (it lost both).
  trSalon('tr-soyadim-sonra', [
    w('pazartesi boya'), w('9 olsun'), w('adım Melis'), w('soyadım Demir', ['telefon'], ['Size nasıl yardımcı']), w('0532 111 22 68', ['Melis Demir']),
    w('evet', ['oluşturuldu']),
  ], { date: '2026-12-07', time: '09:00', service: 'Boya' }),
  // "Bir saat ileri alabilir miyiz?" just after booking: the appointment moved by an hour (it asked which product to order).
  trSalon('tr-bir-saat-ileri', [
    w('yarın 10:00 saç kesimi'), w('Ali Can'), w('0532 111 22 70'), w('evet', ['oluşturuldu']), w('bir saat ileri alabilir miyiz', ['11:00', 'taşınacak'], ['ürün']),
    w('evet', ['taşındı']),
  ], { date: '2026-12-02', time: '11:00', service: 'Saç kesimi' }),
  // Thanks to the summary: nothing is booked yet, and the customer is told so before leaving.
  trSalon('tr-ozette-tesekkurler', [
    w('yarın saç kesimi'), w('11:00'), w('Elif Yılmaz'), w('0532 111 22 63'), w('teşekkürler', ['henüz oluşturulmadı', 'onaylıyor musunuz']),
    w('evet', ['oluşturuldu']),
  ], { date: '2026-12-02', time: '11:00', service: 'Saç kesimi' }),
  // "İyi akşamlar" greets; it asks for no evening time.
  trSalon('tr-iyi-aksamlar', [
    w('iyi akşamlar yarın boya yaptırmak istiyorum', ['2 Aralık 2026', '09:00'], ['akşam']), w('1'), w('Derya Kar'), w('0532 555 66 77'), w('evet', ['oluşturuldu']),
  ], { date: '2026-12-02', time: '09:00', service: 'Boya' }),
  trSalon('tr-hizmet-sorulurken-kargo', [
    w('pazar günü randevu var mı', ['hizmet']), w('kargo ücretli mi', undefined, ['hizmeti seçelim']), w('pazartesi 12:00', ['önce hizmeti seçelim']),
    w('saç kesimi', ['ara verdiğimiz saatlere']), w('13:00'), w('Ali Can'), w('0534 111 22 33'), w('evet'),
  ], { date: '2026-12-07', time: '13:00', service: 'Saç kesimi' }),
  // The day in one message, the time in the next, the service last: Thursday at 15:00, not today. "Cuma" is a name here.
  trSalon('tr-gun-sonra-saat', [
    w('perşembe randevu alabilir miyim', ['hizmet']), w('saat 15 olur mu', ['not aldım', 'önce hizmeti seçelim']), w('fön', ['3 Aralık 2026', '15:00', 'müsait']),
    w('Cuma Yılmaz', ['telefon']), w('0546 111 22 33', ['Cuma Yılmaz', '3 Aralık 2026', '15:00']), w('evet', ['oluşturuldu']),
  ], { date: '2026-12-03', time: '15:00', service: 'Fön' }),
  // The afternoon of the day just offered, not the first afternoon slots of several days.
  trSalon('tr-o-gun-ogleden-sonra',
    [w('perşembe saç kesimi randevusu', ['3 Aralık 2026']), w('öğleden sonra olur mu', ['3 Aralık 2026', '13:00', '15:00'], ['4 Aralık']), w('3'), w('Nur Kaya'), w('0547 111 22 33'), w('evet')],
    { date: '2026-12-03', time: '14:00', service: 'Saç kesimi' }),
  // "En erken" is the earliest free time (today after lunch), not the next morning; "hafta sonu" is Saturday.
  trSalon('tr-en-erken',
    [w('en erken ne zaman fön randevusu verebilirsiniz', ['1 Aralık 2026', '13:00']), w('hafta sonu olmaz mı', ['5 Aralık 2026', '10:00']), w('1'), w('Eda Su'), w('0547 222 33 44'), w('evet', ['5 Aralık 2026'])],
    { date: '2026-12-05', time: '10:00', service: 'Fön' }),
  trSalon('tr-ayin-10u',
    [w('ayın 10unda boya yaptırmak istiyorum', ['10 Aralık 2026']), w('13:00'), w('Sena Ak'), w('0547 333 44 55'), w('evet', ['10 Aralık 2026'])],
    { date: '2026-12-10', time: '13:00', service: 'Boya' }),
  // A name that is also a weekday, given before a time was picked: kept as the name, the same day's times again.
  trSalon('tr-isim-gun',
    [w('perşembe saç kesimi'), w('Cuma Yılmaz', ['Önce bir saat seçelim', '3 Aralık 2026'], ['4 Aralık']), w('2'), w('0547 555 66 77'), w('evet', ['Cuma Yılmaz', '3 Aralık 2026'])],
    { date: '2026-12-03', time: '09:30', service: 'Saç kesimi' }),
  // A quarter past on a half-hour grid: not taken, just not a start time.
  trSalon('tr-ceyrek',
    [w("perşembe 3'ü çeyrek geçe fön", ['30 dakikada bir', '15:00'], ['dolu']), w('15:00'), w('Ada Er'), w('0547 444 55 66'), w('evet', ['15:00'])],
    { date: '2026-12-03', time: '15:00', service: 'Fön' }),
  // A service the salon does not offer: the list again, and who to ask.
  trSalon('tr-listede-yok',
    [w('randevu almak istiyorum', ['hizmet']), w('manikür', ['listede yok mu', '0212 555 00 00']), w('peki fön', ['En yakın boş saatler']), w('vazgeçtim', ['bıraktım'])],
    null),
  // A yes with another hour is that hour; a yes naming the hour summed up is a yes.
  trSalon('tr-evet-ama',
    [w('cuma 15te saç kesimi'), w('Ece Tan'), w('0546 222 33 45', ['15:00']), w('evet ama saat 16 olsun', ['16:00'], ['oluşturuldu']), w('evet, 16:00 uygun', ['oluşturuldu', '16:00'])],
    { date: '2026-12-04', time: '16:00', service: 'Saç kesimi' }),
  // A new hour at the summary keeps the day chosen.
  trSalon('tr-ozette-saat',
    [w('cuma 15te saç kesimi'), w('Ece Tan'), w('0546 222 33 44', ['15:00']), w('saat 16 olsun', ['4 Aralık 2026', '16:00'], ['1 Aralık']), w('evet', ['4 Aralık 2026 Cuma saat 16:00'])],
    { date: '2026-12-04', time: '16:00', service: 'Saç kesimi' }),
  // The service said again while times are offered is no name; another service changes it, the day kept.
  trSalon('tr-hizmet-yine',
    [w('yarın saç kesimi için gelebilir miyim'), w('kesim', ['2 Aralık 2026']), w('saat 3 gibi', ['adınızı']), w('Ayşe Kaya'), w('0532 111 22 33', ['Ad: Ayşe Kaya']), w('tamam', ['oluşturuldu'])],
    { date: '2026-12-02', time: '15:00', service: 'Saç kesimi' }),
  trSalon('tr-hizmet-degisti',
    [w('yarın saç kesimi için gelebilir miyim'), w('fön', ['2 Aralık 2026']), w('saat 3 gibi', ['adınızı']), w('Ayşe Kaya'), w('0532 111 22 33', ['Hizmet: Fön']), w('tamam', ['oluşturuldu'])],
    { date: '2026-12-02', time: '15:00', service: 'Fön' }),
  // A name where the number is asked puts the name right; a question there is no name.
  trSalon('tr-telefonda-isim',
    [w('yarın saç kesimi için gelebilir miyim'), w('saat 3 gibi'), w('ayse'), w('neden numara istiyorsunuz', ['hatırlatma', 'vazgeçtim'], ['Neden']), w('Ayşe Kara', ['telefon']), w('0532 111 22 33', ['Ad: Ayşe Kara']), w('evet', ['oluşturuldu'])],
    { date: '2026-12-02', time: '15:00', service: 'Saç kesimi' }),
  // A service's price asked first; the day written after it books that service.
  trSalon('tr-hizmet-fiyati',
    [w('saç kesimi ne kadar', ['30 dakika', '400,00'], ['müsait']), w('yarın 15 olur mu', ['2 Aralık 2026', '15:00']), w('Ayşe Kaya'), w('0532 111 22 33', ['Hizmet: Saç kesimi']), w('evet', ['oluşturuldu'])],
    { date: '2026-12-02', time: '15:00', service: 'Saç kesimi' }),
  // A price the owner did not enter is said to be missing, and thanks and another question book nothing.
  trSalon('tr-fiyatsiz-hizmet',
    [w('fön ücretli mi', ['30 dakika', 'listede yazmıyor'], ['müsait']), w('teşekkürler', ['Rica ederim']), w('kargo ne kadar', ['Kargo'])],
    null),
  trSalon('tr-kizim-ve-ben',
    [w('kızım ve ben için cumartesi saç kesimi', ['bir kişilik', '5 Aralık 2026']), w('2 kişi', ['bir kişilik']), w('11 olur'), w('Ayşe Kaya'), w('0532 765 43 21'),
      w('evet', ['oluşturuldu']), w('şimdi kızım için de 11:30', ['11:30', 'kimin adına'], ['Ayşe Kaya']), w('Elif Kaya', ['Saç kesimi', '5 Aralık 2026']), w('evet', ['Elif Kaya'])],
    { date: '2026-12-05', time: '11:00', service: 'Saç kesimi' }, { alsoBooked: { date: '2026-12-05', time: '11:30', service: 'Saç kesimi' } }),
  trSalon('tr-boya-nedir-ne-kadar-surer',
    [w('merhaba boya nedir tam olarak', ['120 dakika', '1.500']), w('ne kadar sürüyor', ['120 dakika'], ['Kargo']), w('yarın 10 olur mu', ['10:00']), w('Lale Su'), w('0532 555 66 77'), w('evet', ['Boya'])],
    { date: '2026-12-02', time: '10:00', service: 'Boya' }),
  // Mornings ruled out: the afternoon's times, not the morning's.
  trSalon('tr-sabah-olmaz',
    [w('yarın için saç kesimi randevusu almak istiyorum ama sabah olmaz', ['13:00'], ['09:00']), w('1'), w('Derya Kurt'), w('0532 111 22 71'), w('evet', ['oluşturuldu'])],
    { date: '2026-12-02', time: '13:00', service: 'Saç kesimi' }),
  // Whether the price differs for long hair: the chosen service as listed and whom to ask, not "Saç kesimi" for "saç".
  trSalon('tr-uzun-sac',
    [w('boya kaç para', ['1.500']), w('uzun saç için fiyat farklı mı', ['Boya', 'yazılı değil', '0212 555 00 00'], ['Saç kesimi']), w('cuma 2 olur mu', ['14:00']),
      w('Seda Ak'), w('0532 111 22 74', ['Boya']), w('evet', ['oluşturuldu'])],
    { date: '2026-12-04', time: '14:00', service: 'Boya' }),
  // Another hour asked as a question once one was said to be free ("4 olur mu"): that hour, not the name asked again.
  trSalon('tr-saat-olur-mu',
    [w('cuma 3 e fön', ['15:00']), w('olmaz 4 olur mu', ['16:00']), w('Elif Su'), w('0532 111 33 01'), w('evet', ['oluşturuldu'])],
    { date: '2026-12-04', time: '16:00', service: 'Fön' }),
  // The number not at hand: no rush, no shop's number given, and the booking goes on once it comes.
  trSalon('tr-numara-sonra',
    [w('perşembe 13:00 fön', ['13:00']), w('Deniz Er'), w('bir dakika numaramı bilmiyorum ezbere', ['acelesi yok']), w('tamam 0532 111 33 02'), w('evet', ['oluşturuldu'])],
    { date: '2026-12-03', time: '13:00', service: 'Fön' }),
  // Two services at once: told one appointment holds one, then the second booked right after the first.
  trSalon('tr-iki-hizmet',
    [w('pazartesi 15:00 için saç kesimi ve fön randevusu alabilir miyim', ['tek bir hizmet']), w('Nur Ay'), w('0532 111 22 76'), w('evet', ['oluşturuldu']),
      w('saç kesimi için de hemen arkasına alalım', ['15:30', 'Saç kesimi', 'Nur Ay']), w('evet', ['oluşturuldu'])],
    { date: '2026-12-07', time: '15:00', service: 'Fön' }, { alsoBooked: { date: '2026-12-07', time: '15:30', service: 'Saç kesimi' } }),
  // A service wanted as soon as possible: the first free time, as a question a yes takes.
  trSalon('tr-en-kisa-zamanda',
    [w('en kısa zamanda saç kestirmek istiyorum', ['En erken', '13:00']), w('evet', ['adınızı']), w('Ece Tan'), w('0532 111 22 79', ['Saç kesimi']), w('evet', ['oluşturuldu'])],
    { date: '2026-12-01', time: '13:00', service: 'Saç kesimi' }),
  // A time to come said while the service is asked: noted, not taken for a product question.
  trSalon('tr-gelsem',
    [w('merhaba yarın müsait misiniz', ['hizmet']), w('tamam 5 gibi gelsem olur mu', ['Not aldım'], ['ürün']), w('fön', ['17:00']), w('Aslı Er'), w('0532 111 22 81'), w('evet', ['oluşturuldu'])],
    { date: '2026-12-02', time: '17:00', service: 'Fön' }),
  // --- Turkish, WhatsApp ---------------------------------------------------------------------------
  trSalonWhatsApp('tr-wa-yarin',
    [w('Merhaba yarın 10:30 saç kesimi için randevu alabilir miyim'), w('Fatma Koç'), w('evet', ['oluşturuldu'])],
    { date: '2026-12-02', time: '10:30', service: 'Saç kesimi' }),
  trSalonWhatsApp('tr-wa-iptal',
    [w('randevumu iptal etmek istiyorum', ['3 Aralık 2026', '15:00']), w('evet', ['iptal edildi'])],
    null, { existing: { date: '2026-12-03', time: '15:00' }, cancelled: true }),
  // The customer's own appointment looked up: shown, nothing booked or cancelled.
  trSalonWhatsApp('tr-wa-randevum-ne-zaman',
    [w('randevum ne zamandı kontrol eder misiniz', ['3 Aralık 2026', '15:00', 'Saç kesimi'], ['hizmet'])],
    null, { existing: { date: '2026-12-03', time: '15:00', service: 'Saç kesimi' }, cancelled: false }),
  // Forgotten, said before the question: the appointment is still what is asked after.
  trSalonWhatsApp('tr-wa-unuttum',
    [w('randevumu unuttum ne zamandı', ['3 Aralık 2026', '15:00', 'Saç kesimi'], ['hizmet', 'yanıtlayamıyorum'])],
    null, { existing: { date: '2026-12-03', time: '15:00', service: 'Saç kesimi' }, cancelled: false }),
  trSalonWhatsApp('tr-wa-iptal-vazgecti',
    [w('randevumu iptal edebilir misiniz'), w('hayır', ['duruyor'])],
    null, { existing: { date: '2026-12-03', time: '15:00' }, cancelled: false }),
  trSalonWhatsApp('tr-wa-bir-saat-sonraya',
    [w('randevumu 1 saat sonraya alabilir miyiz', ['4 Aralık 2026', '17:00', 'taşınacak']), w('evet', ['taşındı'], ['oluşturuldu'])],
    { date: '2026-12-04', time: '17:00', service: 'Fön' }, { existing: { date: '2026-12-04', time: '16:00', service: 'Fön' }, cancelled: true }),
  trSalonWhatsApp('tr-wa-kactaydi',
    [w('cuma günkü randevum kaçtaydı', ['4 Aralık 2026', '16:00'], ['hizmet'])],
    null, { existing: { date: '2026-12-04', time: '16:00', service: 'Fön' }, cancelled: false }),
  trSalonWhatsApp('tr-wa-tasi',
    [w('randevumun saatini değiştirebilir miyim', ['3 Aralık 2026']), w('cuma 11:00'), w('evet', ['4 Aralık 2026', '11:00'])],
    { date: '2026-12-04', time: '11:00', service: 'Saç kesimi' }, { existing: { date: '2026-12-03', time: '15:00', service: 'Saç kesimi' }, cancelled: true }),
  // The idiom the assistant itself uses ("hangi gün ve saate almak istersiniz"), and the time it had.
  trSalonWhatsApp('tr-wa-saliya-al',
    [w('randevumu cumaya alabilir miyim', ['4 Aralık 2026'], ['hizmet']), w('aynı saatte', ['15:00']), w('evet', ['4 Aralık 2026', '15:00'])],
    { date: '2026-12-04', time: '15:00', service: 'Saç kesimi' }, { existing: { date: '2026-12-03', time: '15:00', service: 'Saç kesimi' }, cancelled: true }),
  trSalonWhatsApp('tr-wa-randevu-yok',
    [w('randevumu iptal etmek istiyorum', ['bulamadım'])],
    null),
  trSalonWhatsApp('tr-wa-3-aralik',
    [w('3 Aralık boya randevusu almak istiyorum'), w('2'), w('Kemal Şen'), w('evet')],
    { date: '2026-12-03', time: '13:30', service: 'Boya' }),
  // Just after booking: "iptal etmek istiyorum" cancels what was made; "cuma olsun" moves it.
  trSalonWhatsApp('tr-wa-hemen-iptal',
    [w('cuma 10da fön'), w('Eda Kaya'), w('evet', ['oluşturuldu']), w('iptal etmek istiyorum', ['iptal edeyim mi']), w('evet', ['iptal edildi'])],
    null),
  trSalonWhatsApp('tr-wa-hemen-tasi',
    [w('yarın 11de saç kesimi'), w('Ece Ak'), w('evet', ['oluşturuldu']), w('cuma olsun', ['4 Aralık 2026']), w('10:00', ['taşınacak']), w('evet', ['taşındı'])],
    { date: '2026-12-04', time: '10:00', service: 'Saç kesimi' }),
  trSalonWhatsApp('tr-wa-bos-yer-en-erken',
    [w('slm yarın boş yeriniz var mı', ['Hangi hizmet']), w('saç kesimi', ['2 Aralık 2026']), w('en erken kaç', ['En erken', '09:00'], ['ürün']),
      w('tamam ona yazın beni', ['kimin adına']), w('Fatma Demir'), w('evet', ['oluşturuldu'])],
    { date: '2026-12-02', time: '09:00', service: 'Saç kesimi' }),
  trSalon('tr-hizmet-adi-tek-basina',
    [w('saç kesimi', ['30 dakika', '400'], ['ürün']), w('yarın 11', ['11:00']), w('Oya Tan'), w('0532 111 22 33'), w('evet')],
    { date: '2026-12-02', time: '11:00', service: 'Saç kesimi' }),
  trSalon('tr-boya-kac-saat',
    [w('merhaba perşembe öğleden sonra boya yaptırmak istiyorum', ['3 Aralık 2026']), w('kaç saat sürüyor', ['120 dakika', '13:00'], ['Önce bir saat']), w('tamam 14 olur', ['kimin adına']),
      w('Nur Ak'), w('0532 333 44 55'), w('evet')],
    { date: '2026-12-03', time: '14:00', service: 'Boya' }),
  // "Boş musunuz?" asks for a time, not for a product that is "boş".
  trSalon('tr-bos-musunuz',
    [w('perşembe akşam 5 te boş musunuz', ['Hangi hizmet'], ['ürün', 'yanıtlayamıyorum']), w('saç kesimi için', ['17:00', 'kimin adına']), w('Ece Su'), w('0532 111 22 83'), w('evet', ['oluşturuldu'])],
    { date: '2026-12-03', time: '17:00', service: 'Saç kesimi' }),
  // Everything told in the first message: nothing of it is asked again.
  trSalon('tr-hepsi-bir-arada',
    [w('merhaba perşembe 15:00 saç kesimi için randevu istiyorum adım Selin Ak numaram 0532 444 55 66', ['Özetliyorum', 'Selin Ak'], ['kimin adına', 'telefon numaranızı']), w('evet', ['oluşturuldu'])],
    { date: '2026-12-03', time: '15:00', service: 'Saç kesimi' }),
  // "Yarın değil perşembe": Thursday's times (Wednesday's were offered again, and booked); "3e" is at 3, and "4 demek
  // istedim" puts it right.
  trSalon('tr-yarin-degil-persembe',
    [w('yarın boya için yer var mı', ['2 Aralık']), w('yarın değil perşembe', ['3 Aralık'], ['2 Aralık']), w('14:00'), w('Nur Er'), w('0533 222 11 01'), w('evet')],
    { date: '2026-12-03', time: '14:00', service: 'Boya' }),
  trSalon('tr-3e-4-demek-istedim',
    [w('perşembe 3e saç kesimi alabilir miyim', ['15:00 müsait']), w('pardon 4 demek istedim', ['16:00 müsait']), w('Elif Can'), w('0533 222 11 03'), w('onaylıyorum')],
    { date: '2026-12-03', time: '16:00', service: 'Saç kesimi' }),
  // "Yrn" is tomorrow, as typed on a phone (today's afternoon was offered, and booked).
  trSalon('tr-yrn-ogleden-sonra',
    [w('mrb yrn sac kesimi icin yer varmi', ['2 Aralık'], ['1 Aralık']), w('ogleden sonra', ['2 Aralık', '13:00'], ['1 Aralık']), w('13.30 olur mu'), w('Buse Tan'), w('05321114455'), w('tmm')],
    { date: '2026-12-02', time: '13:30', service: 'Saç kesimi' }),
  // When it opens, asked while Saturday's times wait: Saturday's hours, not today's.
  trSalon('tr-cumartesi-kacta-aciliyor',
    [w('cumartesi sabah boyaya gelcem', ['5 Aralık']), w('kaçta açılıyosunuz', ['Cumartesi', '10:00–14:00'], ['Bugün']), w('10:00'), w('Ece Ay'), w('0533 444 55 66'), w('evet')],
    { date: '2026-12-05', time: '10:00', service: 'Boya' }),
  // "Şimdi gelebilir miyim": the first free time today, which a yes takes (no matching product was said).
  trSalon('tr-simdi-gelebilir-miyim',
    [w('şimdi gelebilir miyim saç kesimi için', ['En erken boş saat', '1 Aralık'], ['ürün']), w('evet', ['kimin adına']), w('Deniz Ak'), w('0533 444 55 67'), w('evet')],
    { date: '2026-12-01', time: '13:00', service: 'Saç kesimi' }),
  // A two-hour colour "akşama doğru" never fits the evening: that day's latest times, never "nothing free in the coming days".
  trSalon('tr-aksama-dogru-boya',
    [w('bugün akşama doğru boya yaptırabilir miyim', ['akşam boş saat kalmadı', '16:00'], ['Önümüzdeki günlerde']), w('16:00'), w('Lale Öz'), w('0533 444 55 68'), w('evet')],
    { date: '2026-12-01', time: '16:00', service: 'Boya' }),
  // "5'ten sonra": the times from 17:00 on; the name of whom it is for.
  trSalon('tr-5ten-sonra-kizim',
    [w('yarın 5ten sonra fön yaptırabilir miyim', ['17:00', '17:30'], ['09:00', 'kimin adına']), w('17:30'), w('kızım için, adı Elif Kaya', ['telefon numaranızı']),
      w('0532 765 43 21', ['Elif Kaya']), w('evet', ['oluşturuldu'])],
    { date: '2026-12-02', time: '17:30', service: 'Fön' }),
  trSalonWhatsApp('tr-wa-gec-kalacagim',
    [w('cuma 4teki randevuya 10 dk geç kalırım', ['ekibimize aktardım'], ['Hangi hizmet'])],
    null, { existing: { date: '2026-12-04', time: '16:00', service: 'Fön' }, cancelled: false }),
  // --- Turkish, the shop (one service) ------------------------------------------------------------
  trShop('tr-dukkan',
    [w('randevu almak istiyorum', ['En yakın']), w('yarın 11:00'), w('Nazlı Er'), w('0544 345 67 89'), w('evet')],
    { date: '2026-12-02', time: '11:00' }),
  trShop('tr-dukkan-cumartesi',
    [w('cumartesi öğlen uygun musunuz, randevu'), w('12:00'), w('Ali Vural'), w('0545 456 78 90'), w('evet')],
    { date: '2026-12-05', time: '12:00' }),
  // --- English, widget, the salon --------------------------------------------------------------------
  enSalon('en-tomorrow-10',
    [w('Can I book a haircut tomorrow at 10?'), w('John Smith'), w('+90 532 987 65 43'), w('yes', ['booked', 'December 2, 2026'])],
    { date: '2026-12-02', time: '10:00', service: 'Saç kesimi' }),
  enSalon('en-next-tuesday',
    [w('I would like an appointment next Tuesday 2:30 pm', ['service']), w('the third one'), w('Emma Brown'), w('0532 876 54 32'), w('confirm')],
    { date: '2026-12-08', time: '14:30', service: 'Saç kesimi' }),
  enSalon('en-taken',
    [w('haircut on wednesday at 2pm please', ['taken']), w('3'), w('Liam Jones'), w('05327654321'), w('yes')],
    { date: '2026-12-02', time: '15:00', service: 'Saç kesimi' }),
  enSalon('en-sunday',
    [w('Do you have any slots on Sunday for a blow dry?', ['closed']), w('2'), w('Olivia Wilson'), w('+905326543210'), w('yes')],
    { date: '2026-12-07', time: '09:30', service: 'Fön' }),
  enSalon('en-december-3',
    [w('Book me in for colour on December 4th at 9:00'), w('my name is Noah Taylor'), w('0532 543 21 09'), w('yes please')],
    { date: '2026-12-04', time: '09:00', service: 'Boya' }),
  enSalon('en-changed-mind',
    [w('can I make an appointment for a haircut on friday'), w('1'), w('Ava Davies'), w('0532 432 10 98'), w('no', ["haven't booked"])],
    null),
  enSalon('en-too-soon',
    [w('haircut today at 11am?', ['too soon']), w('today 4pm'), w('Mia Evans'), w('0532 321 09 87'), w('yes')],
    { date: '2026-12-01', time: '16:00', service: 'Saç kesimi' }),
  enSalon('en-never-mind',
    [w('I want to book an appointment'), w('blow dry'), w('never mind', ['stopped'])],
    null),
  enSalon('en-morning',
    [w('any free time thursday morning for a haircut?'), w('12:00', ['break'], ['outside']), w('thursday 1pm'), w('James White'), w('0532 210 98 76'), w('yes')],
    { date: '2026-12-03', time: '13:00', service: 'Saç kesimi' }),
  enSalon('en-date-slash',
    [w('blow dry 4/12 at 17:00?'), w('Sophie Green'), w('0532 109 87 65'), w('yes')],
    { date: '2026-12-04', time: '17:00', service: 'Fön' }),
  enSalon('en-widget-move', [
    w('haircut on thursday at 14:00 please'), w('Ella Stone'), w('0532 765 43 21'), w('yes', ['booked']),
    w('can I move my appointment to 4pm?', ['December 3, 2026', '16:00']), w('yes', ['moved', '16:00']),
  ], { date: '2026-12-03', time: '16:00', service: 'Saç kesimi' }),
  enSalon('en-name-before-time',
    [w('haircut on friday please'), w('Emma Brown', ['pick a time first']), w('2'), w('0532 111 00 99'), w('yes', ['Emma Brown'])],
    { date: '2026-12-04', time: '09:30', service: 'Saç kesimi' }),
  enSalon('en-the-10th',
    [w('I would like to book a colour for the 10th', ['December 10, 2026']), w('1'), w('Ruby Hart'), w('0532 444 55 66'), w('yes', ['December 10, 2026'])],
    { date: '2026-12-10', time: '09:00', service: 'Boya' }),
  enSalon('en-this-afternoon',
    [w('can I get a blow dry this afternoon', ['December 1, 2026', '13:00'], ['December 2']), w('2'), w('Zoe Lane'), w('0532 444 55 67'), w('yes')],
    { date: '2026-12-01', time: '13:30', service: 'Fön' }),
  // Quarter past 3 on a half-hour grid: not taken, just not a start time.
  enSalon('en-quarter-past',
    [w('haircut at quarter past 3 on thursday?', ['every 30 minutes', '15:00', '15:30'], ['taken']), w('15:30'), w('Max Hill'), w('0532 444 55 68'), w('yes')],
    { date: '2026-12-03', time: '15:30', service: 'Saç kesimi' }),
  // The price and the length asked once the time is chosen are the blow dry's, and what is still asked is asked again.
  enSalon('en-how-much-once-chosen', [
    w('can i get a blow dry tomorrow at 5pm', ['17:00']), w('how much will it be', ['Fön takes 30 minutes', "price isn't listed", 'name'], ['product']),
    w('Sam Green'), w('how long does it take', ['30 minutes', 'phone number']), w('0532 111 22 33'), w('yes', ['booked']),
  ], { date: '2026-12-02', time: '17:00', service: 'Fön' }),
  // "How much" just after the haircut for kids is the haircut's price as listed, which books on the day written next.
  enSalon('en-how-much-after-kids', [
    w('do you do kids haircuts', ['Saç kesimi', 'Nothing is written']), w('how much', ['Saç kesimi takes 30 minutes', '400'], ['product']),
    w('tomorrow at 10 then', ['10:00']), w('Tom Hill'), w('0532 111 22 44'), w('yes', ['booked']),
  ], { date: '2026-12-02', time: '10:00', service: 'Saç kesimi' }),
  // A name written while the service is asked is kept, never taken for a question of the hours.
  enSalon('en-name-while-service-asked', [
    w('can i come saturday morning', ['service']), w('Emma Stone', ['service'], ['opening hours']), w('haircut', ['December 5']), w('1', ['phone number']),
    w('0532 111 22 55', ['Emma Stone']), w('yes', ['booked']),
  ], { date: '2026-12-05', time: '10:00', service: 'Saç kesimi' }),
  enSalon('en-not-listed',
    [w('I want to book an appointment', ['service']), w('nails please', ['not on the list', '0212 555 00 00']), w('never mind', ['stopped'])],
    null),
  // The day, then the hour, then the service; then another hour while the number is asked: still Friday.
  enSalon('en-day-then-hour', [
    w('can I book an appointment for friday', ['service']), w('is 3pm ok?', ['service first']), w('haircut', ['December 4, 2026', '15:00', 'is free']),
    w('Ann Lee'), w('actually make it 4pm', ['December 4, 2026', '16:00', 'phone']), w('0532 111 22 35'), w('yes', ['December 4, 2026 at 16:00']),
  ], { date: '2026-12-04', time: '16:00', service: 'Saç kesimi' }),
  // Asked why the number is wanted: what it is for, and the booking goes on once it is given.
  enSalon('en-why-number',
    [w('can i book a haircut tomorrow'), w('3pm'), w('Tom Hardy'), w('why do you need my number?', ['reminder', 'never mind']), w('+90 532 111 22 36', ['December 2, 2026']), w('yes', ['booked'])],
    { date: '2026-12-02', time: '15:00', service: 'Saç kesimi' }),
  // Which services, how long one takes, then a day: that one is booked.
  enSalon('en-services',
    [w('what services do you have', ['Boya (120 min', 'Fön (30 min)', 'Saç kesimi (30 min']), w('how long does colouring take', ['Boya takes 120 minutes']), w('friday 2pm', ['December 4, 2026', '14:00']), w('Jo Ray'), w('+905321112237', ['Service: Boya']), w('yes', ['booked'])],
    { date: '2026-12-04', time: '14:00', service: 'Boya' }),
  // A day and time before the service is noted and kept; not knowing which service gets whom to ask.
  enSalon('en-unsure-service',
    [w('can I book an appointment', ['Which service']), w('tomorrow afternoon', ['Noted']), w('not sure which one', ['Not sure which one?', '0212 555 00 00']),
      w('a haircut', ['December 2, 2026', '13:00']), w('1'), w('Lee Park'), w('+90 532 111 22 39', ['13:00']), w('yes', ['booked'])],
    { date: '2026-12-02', time: '13:00', service: 'Saç kesimi' }),
  // The day written short, the hour right after it.
  enSalon('en-short-day',
    [w('can I book a haircut'), w('sat 12', ['December 5, 2026', '12:00', 'name']), w('Anna Lee'), w('+90 532 111 22 40', ['12:00']), w('yes', ['booked'])],
    { date: '2026-12-05', time: '12:00', service: 'Saç kesimi' }),
  // How long a service takes, asked while choosing one: the answer, then its times.
  enSalon('en-how-long-choosing',
    [w('can I book an appointment', ['Which service']), w('how long does a colour take', ['Boya takes 120 minutes', '1,500.00', 'December 1, 2026']),
      w('2'), w('Mia Stone'), w('+90 532 111 22 41', ['Boya']), w('yes', ['booked'])],
    { date: '2026-12-01', time: '13:30', service: 'Boya' }),
  // Booked in this chat, then looked up.
  enSalon('en-when-is-mine',
    [w('haircut tomorrow at 11'), w('Rose Hart'), w('+90 532 111 22 42'), w('yes', ['booked']), w('when is my appointment?', ['December 2, 2026', '11:00', 'Saç kesimi'], ['Which service'])],
    { date: '2026-12-02', time: '11:00', service: 'Saç kesimi' }),
  // A thumbs-up at the summary is a yes.
  enSalon('en-thumbs-up',
    [w('haircut tomorrow at 10'), w('Sam Hill'), w('+90 532 111 22 38', ['December 2, 2026', '10:00']), w('👍', ['booked'])],
    { date: '2026-12-02', time: '10:00', service: 'Saç kesimi' }),
  enSalon('en-morning-full-two-days',
    [w('can i book a colour for thursday morning', ['no free times in the morning']), w('10 please', ['more than one day']), w('the friday one', ['name']), w('Ruth Wells'), w('0532 444 19 20', ['December 4, 2026', '10:00']), w('yes', ['booked'])],
    { date: '2026-12-04', time: '10:00', service: 'Boya' }),
  enSalon('en-next-week-wednesday',
    [w('hi do you have any availability next week for a haircut'), w('wednesday', ['December 9, 2026'], ['December 2, 2026']), w('something around lunch', ['December 9, 2026']), w('13:00'), w('Jo Park'), w('0532 909 13 13'), w('yes', ['booked'])],
    { date: '2026-12-09', time: '13:00', service: 'Saç kesimi' }),
  enSalon('en-does-that-include', [
    w('how much is a colour', ['1,500']), w('does that include a cut', ["doesn't say", 'Saç kesimi takes 30 minutes'], ['Which day']),
    w('saturday at 11 then', ['free']), w('Kim Roe'), w('0532 111 22 82'), w('yes', ['booked', 'Boya']),
  ], { date: '2026-12-05', time: '11:00', service: 'Boya' }),
  // How far ahead one may book: the owner's settings, then the booking as any other.
  enSalon('en-how-far-ahead', [
    w('how far in advance should i book', ['days ahead', 'in advance', 'Which service']), w('haircut'), w('friday 10am'), w('Lee Park'), w('0532 111 22 83'),
    w('yes', ['booked']),
  ], { date: '2026-12-04', time: '10:00', service: 'Saç kesimi' }),
  // "Can I get a trim?": a service wanted (a trim is a haircut), never "I can't answer".
  enSalon('en-can-i-get-a-trim', [
    w('can i get a trim', ['book you in'], ["can't answer"]), w('friday 11am'), w('Max Lane'), w('0532 111 22 84'), w('yes', ['booked', 'Saç kesimi']),
  ], { date: '2026-12-04', time: '11:00', service: 'Saç kesimi' }),
  // "My hair coloured" names the colour alone (it began the colour and offered a haircut after it); "Patel" is a whole name.
  enSalon('en-hair-coloured', [
    w('hi id like to get my hair coloured friday morning', ['December 4, 2026'], ['one service', 'Saç kesimi']), w('the first one'), w('Nina Patel'),
    w('0532 111 22 65', ['Name: Nina Patel']), w('yes', ['booked', 'Nina Patel']),
  ], { date: '2026-12-04', time: '09:00', service: 'Boya' }),
  // Whether a reminder comes: the owner's setting (it got "no address written"), before or after booking.
  enSalon('en-reminder-after-booking', [
    w('haircut friday 10am'), w('Jo Lee'), w('0532 111 22 66'), w('yes', ['booked']), w('can you send me a reminder', ['SMS reminder 24 hours before'], ['address']),
  ], { date: '2026-12-04', time: '10:00', service: 'Saç kesimi' }),
  // "My surname is Hardy": the surname (it was handed to a person as a complaint).
  enSalon('en-surname-after', [
    w('haircut friday 11am'), w('Tom'), w('my surname is Hardy', ['phone number'], ['sorry']), w('0532 111 22 69', ['Tom Hardy']), w('yes', ['booked']),
  ], { date: '2026-12-04', time: '11:00', service: 'Saç kesimi' }),
  // A UK number written the British way reads as no Turkish number: asked again with its country code, then booked.
  enSalon('en-uk-number-without-code', [
    w('haircut on thursday at 9:30'), w('Tom Hardy'), w('07911 123456', ['country code']), w('+44 7911 123456', ['Tom Hardy']), w('yes', ['booked']),
  ], { date: '2026-12-03', time: '09:30', service: 'Saç kesimi' }),
  // "Ya 4 is good" where the name is asked agrees (it said goodbye); "whats free" while times wait asks them again and is
  // no name ("Whats Free" was kept as one).
  enSalon('en-ya-4-is-good', [
    w('hi can i come in tmrw for a trim around 4', ['16:00']), w('ya 4 is good', ['name'], ['Goodbye']), w('Liz Wong'), w('0533 444 55 66'), w('ok', ['booked']),
  ], { date: '2026-12-02', time: '16:00', service: 'Saç kesimi' }),
  enSalon('en-whats-free', [
    w('next monday morning, colour', ['December 7, 2026']), w('whats free', ['09:00'], ["Let's pick a time first"]), w('9', ['name']), w('Ann Lee'),
    w('0533 444 55 67', ['Name: Ann Lee']), w('correct', ['booked']),
  ], { date: '2026-12-07', time: '09:00', service: 'Boya' }),
  // Another day asked for while times wait gets its times, not the day's opening hours nobody asked.
  enSalon('en-what-about-tomorrow', [
    w('can i get a blow dry today'), w('what about tomorrow', ['December 2, 2026'], ["we're open"]), w('first one'), w('Kim Ray'), w('0532 111 22 71'),
    w('yes', ['booked']),
  ], { date: '2026-12-02', time: '09:00', service: 'Fön' }),
  enSalon('en-thanks-at-summary', [
    w('haircut tomorrow'), w('11am'), w('Sam Lee'), w('0532 111 22 64'), w('thanks!', ["isn't booked yet", 'shall i book it']), w('yes', ['booked']),
  ], { date: '2026-12-02', time: '11:00', service: 'Saç kesimi' }),
  enSalon('en-what-time-was-it', [
    w('haircut tomorrow at 10'), w('Jo Lee'), w('0532 111 22 97'), w('yes', ['booked']),
    w('what time was it again', ['December 2, 2026', '10:00'], ["can't answer"]), w('thanks'),
    w('can i cancel', ['December 2, 2026', 'cancel']), w('yes', ['cancelled']),
  ], null),
  enSalon('en-latest',
    [w('can i get a haircut, latest time on thursday?', ['17:30'], ['09:00']), w('5'), w('Mia Stone'), w('0532 929 15 15'), w('yes', ['booked'])],
    { date: '2026-12-03', time: '17:30', service: 'Saç kesimi' }),
  enSalon('en-day-while-choosing-service',
    [w('i want to book', ['service']), w('monday', ['Noted'], ["we're open"]), w('haircut', ['December 7, 2026']), w('2'), w('Sam Lee'), w('0532 444 66 77'), w('yes', ['booked'])],
    { date: '2026-12-07', time: '09:30', service: 'Saç kesimi' }),
  enSalon('en-shipping-today-midway',
    [w('can i book a haircut'), w('will you ship it today', ['shipping'], ['These times are free']), w('1'), w('can i pay by card tomorrow?', ['payment'], ['December 2, 2026']), w('Zoe Ward'), w('0532 111 44 55'), w('yes', ['booked'])],
    { date: '2026-12-01', time: '13:00', service: 'Saç kesimi' }),
  enSalon('en-sure-then-name',
    [w('hey any slots this week for a blow dry'), w('thursday after work, like 5ish', ['17:00']), w('sure', ['name']), w('its Kate Moss', ['phone']), w('+44 7911 123456', ['Kate Moss']), w('yep', ['booked'])],
    { date: '2026-12-03', time: '17:00', service: 'Fön' }),
  // "Anything later?" is no goodbye: none later that day, so the next days'; "what times do you have" shows them again.
  enSalon('en-anything-later',
    [w('haircut on saturday afternoon', ['12:00']), w('anything later?', ['no later free time', 'December 7'], ['Goodbye']), w('what times do you have', ['December 7'], ['among our services']),
      w('1', ['name']), w('Tom Hardy'), w('0532 333 44 55'), w('yes', ['booked'])],
    { date: '2026-12-07', time: '09:00', service: 'Saç kesimi' }),
  enSalon('en-first-then-last',
    [w('haircut on friday at 11'), w('Jane', ['phone']), w('Doe', ['phone'], ["can't answer"]), w('Why', ['reminder']), w('0532 222 33 44', ['Jane Doe']), w('yes', ['Jane Doe'])],
    { date: '2026-12-04', time: '11:00', service: 'Saç kesimi' }),
  enSalon('en-not-a-service',
    [w('do you do highlights', ["couldn't find that among our services", 'Saç kesimi'], ['matching product']), w('how much is a haircut and a blow dry', ['Fön', 'Saç kesimi']),
      // Paying by card and coming unbooked are rules of the business, never services looked for.
      w('do you take cards', ['payment', '0212 555 00 00'], ['among our services']), w('do you take walk-ins', ['0212 555 00 00'], ['among our services', 'payment']),
      w('do i need an appointment', ['0212 555 00 00'], ['Which service']),
      w('how many stylists do you have', ["can't answer", '0212 555 00 00'], ['among our services']),
      // Parking is getting there (the address, which this owner has not written); the rules for cancelling and a
      // consultation are the owner's to say; never "no matching product" or a booking.
      w('is there parking nearby', ['0212 555 00 00'], ['matching product', 'Which service']),
      w('whats your cancellation policy', ['0212 555 00 00'], ['matching product']),
      w('can i get a consultation first', ['0212 555 00 00'], ['matching product'])],
    null),
  enSalon('en-earliest-blow-dry',
    [w('haircut?', ['30 minutes'], ['product']), w('whats the earliest you can do a blow dry', ['earliest', 'December 1, 2026', '13:00']), w('ok', ['name']), w('Ann Lee'), w('0532 222 33 44'), w('yes')],
    { date: '2026-12-01', time: '13:00', service: 'Fön' }),
  enSalon('en-how-much-perfect-name',
    [w('Hi! I would like to book a haircut for next Friday morning please', ['December 11, 2026']), w('how much is it', ['400', '09:00']), w('is 9:30 ok', ['name']),
      w('perfect, Sam Green', ['phone']), w('0532 444 55 66', ['Sam Green']), w('yes please', ['booked'])],
    { date: '2026-12-11', time: '09:30', service: 'Saç kesimi' }),
  // "Anything free this week?" asks for a time, however much it sounds like a product wanted.
  enSalon('en-anything-free',
    [w('Hi, do you have anything free this week for a colour?', ['free times'], ['product']), w('thursday afternoon', ['13:00']), w('2pm', ['name']), w('Iris Bell'), w('0532 111 22 72', ['Boya']), w('yes', ['booked'])],
    { date: '2026-12-03', time: '14:00', service: 'Boya' }),
  enSalon('en-not-mornings',
    [w('can you fit me in tomorrow for a haircut? not in the morning though', ['13:00'], ['09:00']), w('3', ['name']), w('Jude Fox'), w('0532 111 22 73', ['15:00']), w('yes', ['booked'])],
    { date: '2026-12-02', time: '15:00', service: 'Saç kesimi' }),
  enSalon('en-long-hair',
    [w('how much is a colour'), w('is it the same price for long hair', ['Boya', 'Nothing is written', '0212 555 00 00'], ['Saç kesimi']), w('friday at 2', ['14:00']),
      w('Mia Stone'), w('0532 111 22 75', ['Boya']), w('yes', ['booked'])],
    { date: '2026-12-04', time: '14:00', service: 'Boya' }),
  enSalon('en-two-services',
    [w('can i do a haircut and a blow dry on monday at 4pm', ['one service']), w('Ola Berg'), w('0532 111 22 77'), w('yes', ['booked']),
      w('and the haircut right after', ['16:30', 'Saç kesimi', 'Ola Berg']), w('yes', ['booked'])],
    { date: '2026-12-07', time: '16:00', service: 'Fön' }, { alsoBooked: { date: '2026-12-07', time: '16:30', service: 'Saç kesimi' } }),
  // A question after booking is no second booking.
  enSalon('en-after-question',
    [w('friday 17:00 blow dry'), w('Kim Ray'), w('0532 111 22 78'), w('yes', ['booked']), w('thanks, do you also sell hair products', [], ['To sum up', 'These times are free'])],
    { date: '2026-12-04', time: '17:00', service: 'Fön' }),
  enSalon('en-want-one',
    [w('i want a haircut', ['next free times'], ['product']), w('4', ['name']), w('Leo Hart'), w('0532 111 22 80', ['Saç kesimi']), w('yes', ['booked'])],
    { date: '2026-12-02', time: '09:30', service: 'Saç kesimi' }),
  // Agreeing to the time offered is no name ("Sounds Good" was booked), and a surname may be a word of agreeing.
  enSalon('en-sounds-good',
    [w('i want a haircut friday 10am', ['10:00', 'name']), w('sounds good', ['name'], ["can't answer"]), w('John Good'), w('0532 111 22 84', ['John Good']), w('sounds good', ['booked'])],
    { date: '2026-12-04', time: '10:00', service: 'Saç kesimi' }),
  // A Turkish name in an English conversation is a name: the number is asked, and the booking summed up, in English.
  enSalon('en-turkish-name',
    [w('i want a haircut friday 11am', ['11:00', 'name']), w('Ayşe Yılmaz', ['phone number'], ['telefon']), w('0532 111 22 85', ['To sum up', 'Ayşe Yılmaz'], ['Özetliyorum']), w('yes', ['booked'])],
    { date: '2026-12-04', time: '11:00', service: 'Saç kesimi' }),
  // A child's price just after the haircut: the haircut as listed, and whom to ask; no product search.
  enSalon('en-kids-price',
    [w('do you do kids haircuts', ['Saç kesimi']), w('how much for a kid', ['Saç kesimi', 'Nothing is written', '0212 555 00 00'], ['matching product'])],
    null),
  // "After 4": the times from 16:00 on, not 16:00 taken; a name for someone else is that person's, and a number that
  // cannot be read is said so (it was lost as small talk).
  enSalon('en-after-four-daughter',
    [w('can i get a trim on friday'), w('anything after 4?', ['16:00', '16:30', '17:30'], ['09:00', 'name']), w('4:30', ['name']),
      w('its for my daughter, her name is Lily Brown', ['phone number']), w('07911 123456', ["couldn't read"]), w('+44 7911 123456', ['Lily Brown']), w('yes', ['booked'])],
    { date: '2026-12-04', time: '16:30', service: 'Saç kesimi' }),
  // After the last free time: the day's latest, and that none is so late; never "nothing free in the coming days".
  enSalon('en-after-closing',
    [w('blow dry tomorrow after 7pm?', ['no free times from 19:00', '17:30'], ['coming days']), w('17:30'), w('Ada Lane'), w('0532 111 22 86'), w('yes')],
    { date: '2026-12-02', time: '17:30', service: 'Fön' }),
  // Nails wished for at a salon that does hair: none of its services, which are listed (a product was asked about).
  enSalon('en-nails-done',
    [w('i want to get my nails done', ["couldn't find that among our services", 'Saç kesimi'], ['product'])],
    null),
  // --- English, WhatsApp ---------------------------------------------------------------------------
  enSalonWhatsApp('en-wa-book',
    [w('Hi, could I get a haircut appointment on Friday at 3pm?'), w('Daniel Hall'), w('yes')],
    { date: '2026-12-04', time: '15:00', service: 'Saç kesimi' }),
  enSalonWhatsApp('en-wa-cancel',
    [w('I need to cancel my appointment', ['December 4, 2026']), w('yes', ['cancelled'])],
    null, { existing: { date: '2026-12-04', time: '16:00' }, cancelled: true }),
  enSalonWhatsApp('en-wa-move',
    [w('Can I reschedule my appointment to Monday at 10?'), w('yes', ['December 7, 2026', '10:00'])],
    { date: '2026-12-07', time: '10:00', service: 'Fön' }, { existing: { date: '2026-12-04', time: '16:00', service: 'Fön' }, cancelled: true }),
  enSalonWhatsApp('en-wa-none',
    [w('please cancel my booking', ["can't find"])],
    null),
  enSalonWhatsApp('en-wa-make-it-4',
    [w('book me a haircut tomorrow at 3pm'), w('Max Bell'), w('yes', ['booked']), w('actually can we make it 4', ['16:00', 'moves']), w('yes', ['moved'])],
    { date: '2026-12-02', time: '16:00', service: 'Saç kesimi' }),
  enSalonWhatsApp('en-wa-push-next-week',
    [w('can i push my appointment to next week', ['December 7, 2026']), w('monday'), w('1', ['moves']), w('yes', ['moved'])],
    { date: '2026-12-07', time: '09:00', service: 'Fön' }, { existing: { date: '2026-12-04', time: '16:00', service: 'Fön' }, cancelled: true }),
  enSalonWhatsApp('en-wa-half-hour-earlier',
    [w('can we move my appointment half an hour earlier', ['15:30', 'moves']), w('yes', ['moved'])],
    { date: '2026-12-04', time: '15:30', service: 'Fön' }, { existing: { date: '2026-12-04', time: '16:00', service: 'Fön' }, cancelled: true }),
  enSalonWhatsApp('en-wa-what-time-was-it',
    [w('what time was my appointment again', ['December 4, 2026', '16:00'], ['Which service'])],
    null, { existing: { date: '2026-12-04', time: '16:00', service: 'Fön' }, cancelled: false }),
  enSalonWhatsApp('en-wa-keep',
    [w('I want to cancel my appointment'), w('no', ['stays'])],
    null, { existing: { date: '2026-12-04', time: '16:00' }, cancelled: false }),
  enSalonWhatsApp('en-wa-friend-too',
    [w('can my friend and I both get haircuts on friday', ['one person at a time', 'December 4, 2026']), w('ok 10', ['name']), w('Nora Quinn'), w('yes', ['booked']),
      w('and one for my friend at 10:30', ['10:30', 'name'], ['Nora Quinn']), w('Ruth Lane'), w('yes', ['Ruth Lane'])],
    { date: '2026-12-04', time: '10:00', service: 'Saç kesimi' }, { alsoBooked: { date: '2026-12-04', time: '10:30', service: 'Saç kesimi' } }),
  enSalonWhatsApp('en-wa-running-late',
    [w('running 15 mins late for my appointment', ['passed you to our team'], ['Which service'])],
    null, { existing: { date: '2026-12-04', time: '16:00', service: 'Fön' }, cancelled: false }),
  enSalonWhatsApp('en-wa-do-i-have-one',
    [w('do i have an appointment?', ['December 4, 2026', '16:00'], ['Which service']), w('can i change it to the morning', ['09:00', 'December 4, 2026']), w('1', ['moves']), w('yes', ['moved'])],
    { date: '2026-12-04', time: '09:00', service: 'Fön' }, { existing: { date: '2026-12-04', time: '16:00', service: 'Fön' }, cancelled: true }),
  trSalonWhatsApp('tr-wa-adim-ece',
    [w('merhabalar cumartesi sabah 10 a randevu alabilir miyim fön için', ['Eski Müşteri']), w('adım Ece', ['Ece', 'Onaylıyor musunuz'], ['Eski Müşteri']), w('evet', ['Ece'])],
    { date: '2026-12-05', time: '10:00', service: 'Fön' }, { existing: { date: '2026-12-04', time: '16:00', service: 'Fön' }, cancelled: false }),
  // --- English, the shop -----------------------------------------------------------------------------
  enShop('en-shop',
    [w('I would like to book an appointment', ['next free']), w('2'), w('Grace Hill'), w('0532 098 76 54'), w('yes')],
    { date: '2026-12-01', time: '13:30' }),
  enShop('en-shop-saturday',
    [w('appointment saturday 10:30?'), w('Henry King'), w('0532 987 12 34'), w('yes')],
    { date: '2026-12-05', time: '10:30' }),
  enShop('en-shop-offhours',
    [w('can I come in tomorrow at 20:00 for an appointment', ['outside']), w('1'), w('Lily Scott'), w('0532 876 12 34'), w('yes')],
    { date: '2026-12-02', time: '15:00' }),
  trShop('tr-dukkan-ogle-arasi',
    [w('yarın 12.30 randevu alabilir miyim', ['ara verdiğimiz saatlere'], ['dışında']), w('13:00'), w('Ebru Taş'), w('0546 567 89 01'), w('evet')],
    { date: '2026-12-02', time: '13:00' }),
]
