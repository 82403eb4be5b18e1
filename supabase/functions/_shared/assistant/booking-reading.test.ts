// How the built-in booking conversation reads a customer's answers
// (_shared/assistant/booking-reading.ts): picks from a list, names, numbers,
// yes and no, services named in either language, and what starts a booking.
// The whole dialogues are the booking evaluation's (tests/eval/booking-dialogues.ts).
import { describe, expect, it } from 'vitest'
import { alsoAsked, asksHowFarAhead, asksIfItVaries, asksPriceOrLength, asksOfATopic, asksSomethingElse, asksWhyNumber, bookingAsked, choiceOf, forAnother, forSeveral, hourAlone, introducedIn, isNo, isYes, nameGiven, nameIn, numberLater, onTheSameDay, otherServiceNamed, otherTimesAsked, phoneIn, putsOff, rightAfter, serviceIn, wantsIt, shiftAsked, stops, unsure } from './booking-reading.ts'
import { asksAQuestion } from './text.ts'
import { handoffAsked } from './handoff.ts'
import type { BookableService } from './types.ts'

const SERVICES: BookableService[] = [
  { id: 'a', name: 'Boya', duration_minutes: 120, price: 1500, currency: 'TRY' },
  { id: 'b', name: 'Fön', duration_minutes: 30, price: null, currency: 'TRY' },
  { id: 'c', name: 'Saç kesimi', duration_minutes: 30, price: 400, currency: 'TRY' },
]

describe('the booking conversation reads', () => {
  it("a service's price or length asked, never until when it is open, nor a yes", () => {
    for (const message of ['ne kadar tutar', 'kaç eder', 'kaç dakika sürüyor', 'ne kadar sürer', 'ücreti ne kadar', 'how much will it be', 'how long does it take']) {
      expect(asksPriceOrLength(message), message).toBe(true)
    }
    for (const message of ['kaça kadar açıksınız', 'sure', 'sure, Sam Green', 'yes sure', 'bir dakika numaramı bakayım']) expect(asksPriceOrLength(message), message).toBe(false)
    expect(asksAQuestion('kaça kadar açıksınız')).toBe(true)
  })

  it('the number to come later, never a question for the shop\'s', () => {
    for (const message of ['bir dakika numaramı bilmiyorum ezbere', 'numaramı hatırlamıyorum', 'hang on i need to check my number', 'bi saniye', 'one sec']) {
      expect(numberLater(message), message).toBe(true)
    }
    for (const message of ['numaranız ne', 'what is your number', '0532 111 22 33', 'neden numara istiyorsunuz']) expect(numberLater(message), message).toBe(false)
  })

  it('a pick from the list by number or ordinal, and nothing else', () => {
    for (const [text, n] of [['2', 2], ['2.', 2], ['3 numara', 3], ['ikincisi', 2], ['ilki olsun', 1], ['the second one', 2], ['first', 1], ['sonuncusu', 3], ['last one', 3]] as const) {
      expect(choiceOf(text, 3), text).toBe(n)
    }
    for (const text of ['7', 'öğleden sonra', 'saat 2', '14:00', 'yarın']) expect(choiceOf(text, 3), text).toBeNull()
  })

  it('a day said alone in a booking is the day wanted, and whether the shop is open that day a question', () => {
    for (const text of ['pazartesi', 'monday', 'pazartesi 12:00']) expect(asksSomethingElse(text, 'hours'), text).toBe(false)
    for (const text of ['pazartesi açık mısınız', 'are you open on monday', 'monday?']) expect(asksSomethingElse(text, 'hours'), text).toBe(true)
  })

  it('a time to come as the time wanted, whatever the network heard', () => {
    expect(asksSomethingElse('tamam 5 gibi gelsem olur mu', 'stock')).toBe(false)
    expect(asksSomethingElse('can i come at 4?', 'unknown')).toBe(false)
    expect(asksSomethingElse('kulaklık 5 tane var mı', 'stock')).toBe(true)
  })

  it("a question of the shop's shipping or payment, whose day is no time wanted, and no such question in a time or a name", () => {
    for (const [text, kind] of [['will you ship it today', 'search'], ['bugün kargoya verir misiniz', 'search'], ['can i pay by card tomorrow?', 'payment'], ['yarın havale ile ödesem olur mu', 'payment']] as const) {
      expect(asksOfATopic(text, kind), text).toBe(true)
    }
    for (const [text, kind] of [['yarın 10:00', 'booking'], ['tomorrow instead', 'booking'], ['Will Smith', 'personal_info'], ['cuma olur mu', 'booking']] as const) {
      expect(asksOfATopic(text, kind), text).toBe(false)
    }
  })

  it('an hour alone, agreed to, and no hour in anything more', () => {
    for (const [text, hour] of [['10', 10], ['10 olur', 10], ['11 please', 11], ['saat 3 uygun mu?', 3], ['4 ok', 4], ['15', 15], ['ok 10', 10], ['tamam 11 olsun', 11], ['okay, 3 then', 3]] as const) {
      expect(hourAlone(text), text).toBe(hour)
    }
    for (const text of ['10 tane', 'cuma 10', '25', '10:30', 'olur', '2 kişi', 'ok 10 tane']) expect(hourAlone(text), text).toBeNull()
  })

  it('more than one person to be booked, and another appointment for someone else', () => {
    for (const text of ['kızım ve ben için cumartesi', '2 kişi', 'iki kişiyiz', 'annemle ben gelicez', 'for me and my friend', 'my daughter and I', 'both of us']) {
      expect(forSeveral(text), text).toBe(true)
    }
    for (const text of ['kızım için saç kesimi', 'for my mom', 'saat 2 de', '2 tane']) expect(forSeveral(text), text).toBe(false)
    for (const text of ['şimdi kızım için de 11:30', 'and one for my friend at 10:30', 'bir randevu daha', 'my son too', 'bir de oğlum için']) expect(forAnother(text), text).toBe(true)
    for (const text of ['kızım için', 'evet', 'for my friend', 'one more question', 'bir de şunu sorayım']) expect(forAnother(text), text).toBe(false)
  })

  it('a question put as one, and a name as none', () => {
    for (const text of ['adresiniz nerede', 'kargo ücretli mi', 'what time do you close', 'fiyatı?', 'kartla ödeme yapabilir miyim', 'havale kabul ediyor musunuz']) expect(asksAQuestion(text), text).toBe(true)
    for (const text of ['Emma Brown', 'Can Öztürk', 'Ayşe Yılmaz', 'adım Deniz Arslan']) expect(asksAQuestion(text), text).toBe(false)
  })

  it('a name introduced in a longer message, up to the next word that is no part of it', () => {
    expect(introducedIn('perşembe 15:00 saç kesimi için randevu istiyorum adım Selin Ak numaram 0532 444 55 66')).toBe('Selin Ak')
    expect(introducedIn('haircut on thursday at 3pm please, my name is Tom Hill and my number is 0532 444 55 67')).toBe('Tom Hill')
    expect(introducedIn('a trim for my daughter on friday at 4, her name is Lily Brown')).toBe('Lily Brown')
    expect(introducedIn('yarın 10da fön, kızımın adı Elif Kaya')).toBe('Elif Kaya')
    // Only after words that introduce one: "I am looking for" is no name.
    for (const text of ['i want a haircut on friday, I am looking for a morning slot', 'saç kesimi istiyorum', 'adım']) expect(introducedIn(text), text).toBeNull()
  })

  it('a name, with or without its lead words and a number beside it', () => {
    const named = [
      ['Ayşe Yılmaz', 'Ayşe Yılmaz'],
      ['adım zeynep kaya', 'Zeynep Kaya'],
      ['Adım Hakan Çelik, numaram 0541 123 45 67', 'Hakan Çelik'],
      ['my name is Noah Taylor', 'Noah Taylor'],
      ['its Kate Moss', 'Kate Moss'],
      ['perfect, Sam Green', 'Sam Green'],
      ['tamam Ayşe Kaya', 'Ayşe Kaya'],
      // A word of agreeing may be part of a name, never all of it.
      ['John Good', 'John Good'],
      // A name ending in a word of a number's lead-in is whole ("Nina Patel" was booked as "Nina Pa").
      ['Nina Patel', 'Nina Patel'],
      ['Bruno Reno', 'Bruno Reno'],
      ['Ayşe Kaya, numaram', 'Ayşe Kaya'],
      ['Ayşe Kaya tel:', 'Ayşe Kaya'],
      // For someone else: the name of whom it is for.
      ['its for my daughter, her name is Lily Brown', 'Lily Brown'],
      ['for my son Tom Hill', 'Tom Hill'],
      ['his name is Jack', 'Jack'],
      ['kızım için, adı Elif Kaya', 'Elif Kaya'],
      // Whom it is for said again after the child was named in the request.
      ['its for her, her name is Lily Brown', 'Lily Brown'],
      ['onun için, adı Elif Kaya', 'Elif Kaya'],
      ['annem için Fatma Demir', 'Fatma Demir'],
      ['oğlumun adı Mert Can', 'Mert Can'],
      ['Fatma Yılmaz adına', 'Fatma Yılmaz'],
    ]
    for (const [text, name] of named) expect(nameIn(text!), text).toBe(name)
    for (const text of ['evet', 'kaç para?', '0532 111 22 33', 'yarın saat 3', 'what time do you open', 'sure', 'yep', 'tamamdır', 'okey', 'nope', 'yes that works', 'sounds good', 'perfect, works for me', 'uygun', 'havale yapabilir miyim', 'kartla ödeyebilir miyiz', 'whats free', 'which times', 'for my daughter', 'kızım için']) expect(nameIn(text), text).toBeNull()
  })

  it('"why do you need my number?" where the number is asked, and no other why', () => {
    for (const text of ['neden numara istiyorsunuz', 'neden?', 'niye', 'telefonumu neden istiyorsunuz', 'why do you need my number?', 'why?', 'what for?']) {
      expect(asksWhyNumber(text), text).toBe(true)
    }
    for (const text of ['kargo neden bu kadar geç geliyor', 'why is shipping so expensive', '0532 111 22 33', 'Ayşe Kaya']) expect(asksWhyNumber(text), text).toBe(false)
  })

  it('a name that could be a day as a name, and another day asked for as none', () => {
    const today = '2026-12-01'
    expect(nameGiven('Cuma Yılmaz', today)).toBe('Cuma Yılmaz')
    expect(nameGiven('Ayşe Yılmaz', today)).toBe('Ayşe Yılmaz')
    expect(nameGiven('Pazar Demir', today)).toBe('Pazar Demir')
    for (const text of ['cuma', 'cuma olsun', 'friday instead', 'make it friday', 'perşembe olabilir', 'yarın olsun', 'cuma öğleden sonra', 'pazar günü', 'next friday', 'this friday', 'aynı saatte', 'same time']) {
      expect(nameGiven(text, today), text).toBeNull()
    }
  })

  it('the customer dropping the booking', () => {
    for (const text of ['vazgeçtim', 'boşver', 'never mind', 'forget it']) expect(stops(text), text).toBe(true)
    for (const text of ['evet', 'cuma olsun', 'Ayşe Yılmaz']) expect(stops(text), text).toBe(false)
  })

  it('a phone number in E.164, or that what was written is none', () => {
    expect(phoneIn('0532 111 22 33')).toBe('+905321112233')
    expect(phoneIn('numaram +90 (532) 111-22-33')).toBe('+905321112233')
    expect(phoneIn('Ayşe')).toBeUndefined()
    expect(phoneIn('1234567890123')).toBeNull()
  })

  it('yes and no in both languages', () => {
    for (const text of ['evet', 'Evet, onaylıyorum', 'olur', 'tamam', 'yes please', 'confirm', 'sure', '👍', '👍🏻', '👌', 'sounds good', 'that works']) expect(isYes(text), text).toBe(true)
    for (const text of ['hayır', 'yok', 'no', 'nope', 'istemiyorum']) expect(isNo(text), text).toBe(true)
    expect(isYes('hayır olmaz')).toBe(false)
  })

  it('a service by its number or its words, in the other language too', () => {
    expect(serviceIn('saç kesimi', SERVICES)?.id).toBe('c')
    expect(serviceIn('sac kesimi icin', SERVICES)?.id).toBe('c')
    expect(serviceIn('a haircut please', SERVICES)?.id).toBe('c')
    expect(serviceIn('blow dry', SERVICES)?.id).toBe('b')
    expect(serviceIn('colour', SERVICES)?.id).toBe('a')
    expect(serviceIn('2', SERVICES)?.id).toBe('b')
    expect(serviceIn('cuma öğleden sonra', SERVICES)).toBeNull()
    // A trim is a haircut; a beard trim, brows or nails are no service of a hair salon's names.
    expect(serviceIn('a trim please', SERVICES)?.id).toBe('c')
    for (const text of ['do you do beard trims', 'sakal tıraşı yapıyor musunuz', 'kaş alımı ne kadar', 'nail cut']) expect(serviceIn(text, SERVICES), text).toBeNull()
    expect(serviceIn('kaş alımı', [...SERVICES, { id: 'k', name: 'Kaş alımı', duration_minutes: 15, price: 150, currency: 'TRY' }])?.id).toBe('k')
    // Named beside another part, a haircut is still named.
    expect(serviceIn('a haircut and a manicure', SERVICES)?.id).toBe('c')
  })

  it('a service by the word of its name that is its own, not by the words any service may hold', () => {
    const boutique: BookableService[] = [
      { id: 's', name: 'Stil danışmanlığı', duration_minutes: 90, price: 750, currency: 'TRY' },
      { id: 't', name: 'Tadilat ve prova', duration_minutes: 60, price: 300, currency: 'TRY' },
      { id: 'u', name: 'Ürün deneme randevusu', duration_minutes: 30, price: null, currency: 'TRY' },
    ]
    expect(serviceIn('deneme', boutique)?.id).toBe('u')
    expect(serviceIn('deneme randevusu', boutique)?.id).toBe('u')
    expect(serviceIn('danışmanlık', boutique)?.id).toBe('s')
    expect(serviceIn('prova', boutique)?.id).toBe('t')
    expect(serviceIn('randevu', boutique)).toBeNull()
    expect(serviceIn('ürün', boutique)).toBeNull()
    // In English: trying on is the try-on appointment, a fitting the alterations.
    expect(serviceIn('can I come in on Tuesday to try on the velvet jacket', boutique)?.id).toBe('u')
    expect(serviceIn('I need a fitting', boutique)?.id).toBe('t')
    // What the alteration is for names it, in either language, as "styling" names the Stil danışmanlığı.
    expect(serviceIn('elbisemin boyunu kısaltmak istiyorum', boutique)?.id).toBe('t')
    expect(serviceIn('I need my trousers hemmed', boutique)?.id).toBe('t')
    expect(serviceIn('can I book a styling session on saturday', boutique)?.id).toBe('s')
    expect(serviceIn('hemen gelebilir miyim', boutique)).toBeNull()
    expect(serviceIn('a product', boutique)).toBeNull()
  })

  it('whether a service costs or takes otherwise for a case, and no such question in a time or a plain price', () => {
    for (const message of ['uzun saç için de aynı mı', 'uzun saç için fiyat farklı mı', 'is it the same price for long hair', 'is it more for thick hair']) {
      expect(asksIfItVaries(message), message).toBe(true)
    }
    for (const message of ['boya kaç para', 'how long does it take', 'same time on friday', 'cuma günü için']) expect(asksIfItVaries(message), message).toBe(false)
  })

  it('another service to follow the one just booked, and two at one visit', () => {
    for (const message of ['saç kesimi için de hemen arkasına alalım', 'and a blow dry right after', 'fön de olsun']) expect(alsoAsked(message), message).toBe(true)
    expect(rightAfter('and a blow dry right after')).toBe(true)
    expect(rightAfter('fön de olsun')).toBe(false)
    expect(alsoAsked('tamam teşekkürler')).toBe(false)
    expect(onTheSameDay('can i do a haircut and colour on the same day')).toBe(true)
    expect(onTheSameDay('aynı gün kargo var mı')).toBe(true)
    expect(onTheSameDay('cuma günü olur mu')).toBe(false)
  })

  it('a second service named besides the one chosen, by words of its own', () => {
    const [boya, fon, kesim] = SERVICES as [BookableService, BookableService, BookableService]
    expect(otherServiceNamed('cuma saç kesimi ve fön için randevu', SERVICES, kesim)?.id).toBe(fon.id)
    expect(otherServiceNamed('can i do a haircut and colour on the same day', SERVICES, kesim)?.id).toBe(boya.id)
    expect(otherServiceNamed('yarın saç kesimi için randevu', SERVICES, kesim)).toBeUndefined()
    // The hair is what a salon's services are done to: "my hair coloured" names the colour alone, "a cut" a haircut.
    expect(otherServiceNamed('hi id like to get my hair coloured thursday morning', SERVICES, boya)).toBeUndefined()
    expect(otherServiceNamed('saçımı boyatmak istiyorum', SERVICES, boya)).toBeUndefined()
    expect(otherServiceNamed('a colour and a cut on friday', SERVICES, boya)?.id).toBe(kesim.id)
    const boutique: BookableService[] = [
      { id: 's', name: 'Stil danışmanlığı', duration_minutes: 90, price: 750, currency: 'TRY' },
      { id: 't', name: 'Tadilat ve prova', duration_minutes: 60, price: 300, currency: 'TRY' },
    ]
    expect(otherServiceNamed('yarın stil danışmanlığı ve tadilat için randevu', boutique, boutique[0]!)?.id).toBe('t')
    expect(otherServiceNamed('yarın prova ve tadilat için randevu', boutique, boutique[1]!)).toBeUndefined()
    // Two names that share a word: the shared word names no second one.
    const salon: BookableService[] = [kesim, { id: 'd', name: 'Saç boyama', duration_minutes: 90, price: 900, currency: 'TRY' }]
    expect(otherServiceNamed('saç kesimi istiyorum', salon, kesim)).toBeUndefined()
  })

  it('a service wanted, in the words people want things with', () => {
    for (const message of ['saç kesimi istiyorum', 'i need a haircut asap', 'fön lazım', 'saçımı boyatmak istiyorum', "i'd like a blow dry"]) expect(wantsIt(message), message).toBe(true)
    for (const message of ['saç kesimi ne kadar', 'do you do blow dries']) expect(wantsIt(message), message).toBe(false)
  })

  it('the times offered asked again, or others after or before them, and no such ask in the hours or a time named', () => {
    for (const message of ['hangi saatler boş', 'what times do you have', 'which slots are free']) expect(otherTimesAsked(message), message).toBe('same')
    // "Öğlen sonrası" is the afternoon (read as a part of the day), not the times after those offered.
    expect(otherTimesAsked('öğlen sonrası olur mu')).toBeNull()
    expect(otherTimesAsked('sonrası var mı')).toBe('later')
    for (const message of ['daha geç var mı', 'başka saat var mı', 'anything later?', 'any other times', 'more slots?']) expect(otherTimesAsked(message), message).toBe('later')
    for (const message of ['daha erken olur mu', 'anything earlier?']) expect(otherTimesAsked(message), message).toBe('earlier')
    for (const message of ['saat kaça kadar açıksınız', 'what time do you close', 'cuma 15:00', 'tamam']) expect(otherTimesAsked(message), message).toBeNull()
    // Coming back later is no time asked, nor a booking, but a booking put off.
    for (const message of ['daha sonra yazarım', "ok i'll book later", 'talk later']) {
      expect(otherTimesAsked(message), message).toBeNull()
      expect(putsOff(message), message).toBe(true)
    }
    expect(bookingAsked("ok i'll book later, thanks", 'thanks')).toBeNull()
    for (const message of ['daha geç var mı', 'anything later?', 'sonra']) expect(putsOff(message), message).toBe(false)
    // With no booking under way, asking for free times asks for one.
    for (const message of ['what times do you have', 'hangi saatler müsait', 'başka gün var mı']) expect(bookingAsked(message, 'list'), message).toBe('book')
    for (const message of ['what time do you close', 'hangi saatlerde açıksınız']) expect(bookingAsked(message, 'hours'), message).toBeNull()
  })

  it('reads goods put aside as no booking, and a time or a slot reserved as one', () => {
    for (const message of ['can you reserve one for me', 'could you reserve it until friday', 'reserve the hat for me pls', 'bana bir tane rezerve edebilir misiniz']) {
      expect(bookingAsked(message, 'unknown'), message).toBeNull()
    }
    for (const message of ['can i reserve a slot on friday', 'i want to reserve a time for a haircut', 'reserve one for me tomorrow at 3', 'can i reserve an appointment']) {
      expect(bookingAsked(message, 'unknown'), message).toBe('book')
    }
  })

  it('how far an appointment is moved, in minutes, later or earlier', () => {
    for (const [text, minutes] of [['randevumu 1 saat sonraya alabilir miyiz', 60], ['yarım saat erkene çekebilir miyiz', -30], ['an hour later', 60], ['half an hour earlier', -30], ['2 hours later', 120], ['15 dk sonraya', 15]] as const) {
      expect(shiftAsked(text), text).toBe(minutes)
    }
    for (const text of ['yarın saat 3', '1 saat sürer mi', 'in an hour', 'cuma olsun']) expect(shiftAsked(text), text).toBeNull()
  })

  it('what starts a booking, a cancellation or a move', () => {
    const cases: [message: string, kind: string, asked: ReturnType<typeof bookingAsked>][] = [
      ['randevu almak istiyorum', 'unknown', 'book'],
      ['any slots on friday?', 'stock', 'book'],
      ['do you have anything free this week for a colour?', 'recommend', 'book'],
      ['any availability tomorrow', 'unknown', 'book'],
      ['can you fit me in today', 'unknown', 'book'],
      ['perşembe akşam 6 da boş musunuz', 'search', 'book'],
      ['are you free thursday at 5', 'unknown', 'book'],
      // Anything at a time named, a gap: a free time.
      ['do you have anything tomorrow afternoon', 'stock', 'book'],
      ['got anything on saturday', 'hours', 'book'],
      ['yarın için bir şey var mı', 'hours', 'book'],
      ['yarın öğleden sonra boşluk var mı', 'search', 'book'],
      ['anything for a dinner party', 'recommend', null],
      // Free and available of goods are not a time.
      ['is shipping free on orders over 500', 'shipping', null],
      ['is the mug available', 'stock', null],
      ['do you have any openings on friday', 'stock', 'book'],
      // The shop's opening hours are no appointment.
      ['hi, what are your opening hours', 'hours', null],
      ['opening times?', 'hours', null],
      ['randevumu iptal etmek istiyorum', 'booking', 'cancel'],
      ['can I reschedule my appointment', 'booking', 'move'],
      ['randevumu salıya alabilir miyim', 'shipping', 'move'],
      ['randevumu yarına çekebilir misiniz', 'unknown', 'move'],
      ['randevumu taşıyabilir miyiz', 'unknown', 'move'],
      ['can I have my appointment on friday instead', 'unknown', 'move'],
      ['can i push my appointment to next week', 'booking', 'move'],
      ['randevumu 1 saat sonraya alabilir miyiz', 'booking', 'move'],
      // One the customer has, looked up.
      ['randevum ne zamandı kontrol eder misiniz', 'booking', 'check'],
      ['when is my appointment?', 'booking', 'check'],
      ['what time was my appointment again', 'booking', 'check'],
      ['cuma günkü randevum kaçtaydı', 'booking', 'check'],
      // Coming without one asks for none.
      ['randevusuz gelebilir miyim', 'booking', null],
      ['walk ins ok?', 'booking', null],
      ['do you take walk-ins', 'booking', null],
      ['randevu şart mı', 'booking', null],
      // A place to park is no free place in the calendar.
      ['yakında park yeri var mı', 'unknown', null],
      // How far ahead one may book begins a booking too (its answer leads it).
      ['how far in advance should i book', 'unknown', 'book'],
      ['randevu almak zorunlu mu', 'booking', null],
      ['do i need an appointment', 'booking', null],
      ['is an appointment required', 'booking', null],
      // Needing one is asking for one.
      ['yarın için randevu lazım', 'booking', 'book'],
      ['i need to book an appointment', 'booking', 'book'],
      ['do i have a booking on friday', 'booking', 'check'],
      ['randevumu unuttum', 'booking', 'check'],
      ['randevu saatim kaçtı', 'booking', 'check'],
      // Asked to be confirmed: "…değil mi?", "…right?".
      ['randevum yarın değil mi?', 'booking', 'check'],
      ['my appointment is on friday right?', 'booking', 'check'],
      ['i forgot my appointment time', 'booking', 'check'],
      // A new appointment, not one the customer has.
      ['salıya randevu alabilir miyim', 'unknown', 'book'],
      ['siparişimi iptal etmek istiyorum', 'complaint', null],
      ['kargo ücretli mi', 'shipping', null],
    ]
    for (const [message, kind, asked] of cases) expect(bookingAsked(message, kind), message).toBe(asked)
    // Just after booking, or heard as a booking with none under way: the appointment is meant.
    expect(bookingAsked('iptal etmek istiyorum', 'unknown', { justBooked: true })).toBe('cancel')
    expect(bookingAsked('iptal etmek istiyorum', 'booking')).toBe('cancel')
    // Once one was booked in this conversation: cancelling, and its time asked in the past tense, are of it; an order
    // cancelled is not, nor the time asked with nothing booked.
    expect(bookingAsked('iptal edebilir miyim', 'unknown', { bookedHere: true })).toBe('cancel')
    expect(bookingAsked('siparişimi iptal etmek istiyorum', 'complaint', { bookedHere: true })).toBeNull()
    expect(bookingAsked('saat kaçtaydı', 'hours', { justBooked: true })).toBe('check')
    expect(bookingAsked('what time was it again', 'unknown', { bookedHere: true })).toBe('check')
    expect(bookingAsked('saat kaçtaydı', 'hours')).toBeNull()
    expect(bookingAsked('saat kaçtaydı', 'hours', { bookedHere: true, drafting: true })).toBeNull()
    // Asking the fee for cancelling is asking a rule, not cancelling.
    expect(bookingAsked('randevuyu iptal edersem ücret alıyor musunuz', 'booking')).toBeNull()
    expect(bookingAsked('is there a fee if i cancel my appointment', 'booking', { justBooked: true })).toBeNull()
    expect(bookingAsked('iptal etmek istiyorum', 'booking', { drafting: true })).toBe('book')
    expect(bookingAsked('actually can we make it 4', 'unknown', { justBooked: true })).toBe('move')
    expect(bookingAsked('cuma olsun', 'unknown', { justBooked: true })).toBe('move')
    expect(bookingAsked('cuma olsun', 'unknown')).toBeNull()
    expect(bookingAsked('what are your hours on friday', 'hours', { justBooked: true })).toBeNull()
    // Just after the customer's own appointments were shown, too; and "do I have an appointment?" looks them up.
    expect(bookingAsked('can i change it to the morning', 'unknown', { justShown: true })).toBe('move')
    expect(bookingAsked('can i change it to the morning', 'unknown')).toBeNull()
    expect(bookingAsked('do i have an appointment?', 'booking')).toBe('check')
  })

  it('an appointment asked for with a day or time as no complaint, and a complaint about one as a complaint', async () => {
    expect(await handoffAsked('yarın 14:00 ürün deneme randevusu')).toBeNull()
    // Coming at a time is none either, whatever the network heard ("tamam 5 gibi gelsem olur mu" got an apology).
    expect(await handoffAsked('tamam 5 gibi gelsem olur mu')).toBeNull()
    expect(await handoffAsked('saat 3te geldim kimse yoktu, çok kızgınım')).toBe('complaint')
    expect(await handoffAsked('randevum iptal edildi, çok kızgınım!')).toBe('complaint')
    expect(await handoffAsked('Siparişim gelmedi, çok kızgınım!')).toBe('complaint')
  })
})

describe('unsure', () => {
  it.each(['bilmiyorum hangisi', 'emin değilim', 'fark etmez', 'not sure which one', "I don't know"])('%s cannot choose', (message) => {
    expect(unsure(message)).toBe(true)
  })
  it.each(['saç kesimi', 'yarın', 'the first one', 'I know what I want'])('%s is no doubt', (message) => {
    expect(unsure(message)).toBe(false)
  })
})

describe('the booking window asked', () => {
  it('reads how far ahead or how much notice is asked', () => {
    for (const message of ['how far in advance should i book', 'how far ahead can i book a haircut', 'kaç gün önceden randevu almalıyım', 'randevuyu ne kadar önceden almam lazım']) {
      expect(asksHowFarAhead(message), message).toBe(true)
    }
    for (const message of ['yarın randevu alabilir miyim', 'how long does a haircut take', 'kaç gün sonra kargoya verilir']) expect(asksHowFarAhead(message), message).toBe(false)
  })
})
