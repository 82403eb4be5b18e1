// The booking conversation of the built-in responder: the customer asks for an appointment (with or without a day and
// time), gets up to 5 free times near what they asked, picks the service when the owner has several, gives a name (and
// on the widget a phone number), sees a summary, and is booked on a yes. Cancelling and moving work on the customer's
// own upcoming appointments (the WhatsApp sender's number, or this widget conversation) and are confirmed first.
//
// Where the conversation stands is a BookingDraft kept with the reply (types.ts); every time offered comes from
// free_slots at that reply, and the booking itself re-checks the time under the owner's lock, so a draft can be stale
// but never wrong. A message that does not answer the question asked (a price question mid-booking) is left to the rest
// of the responder and the draft is kept for the next turn.
import { hasAnyHours, minutesToTime, type OpeningHours } from '../../../../domain/business.ts'
import { addDays, parseDayKey } from '../../../../domain/calendar.ts'
import {
  asksHowFarAhead, asksIfItVaries, asksOfATopic, asksPriceOrLength, asksSameTime, asksSomethingElse, asksWhyNumber, alsoAsked, bookingAsked, choiceOf, forAnother, forSeveral, hourAlone, introducedIn, introducesAName, isNo, isYes, nameGiven, numberLater, onTheSameDay, otherServiceNamed, surnameIn, otherTimesAsked, phoneIn, putsOff, wantsIt, writtenAsName, rightAfter, serviceIn, serviceNamed, servicesNamed, shiftAsked, stops, unsure,
} from './booking-reading.ts'
import * as say from './booking-replies.ts'
import { findTimes, fits, MAX_OFFERS, minutes } from './booking-times.ts'
import { asksAQuestion } from './text.ts'
import type { AssistantLanguage, BookableService, BookingDesk, BookingDraft, BookingRules, ResponderOutput } from './types.ts'
import { mergeWhen, readWhen, saysWhen, weekdayAlone, type When } from './when.ts'

type Lang = AssistantLanguage

export type BookingTurn = {
  message: string
  draft: BookingDraft | null
  desk: BookingDesk
  language: Lang
  /** The responder's reading of the message (`booking` when it asks for an appointment). */
  kind: string
  hours: OpeningHours | null
  /** How to reach the business, for what the assistant cannot do. */
  contact: string
  /** What the assistant's last reply was (`booked` just after an appointment was made). */
  lastKind?: string
  /** Whether an appointment was made earlier in this conversation (a reply of kind `booked` in its history). */
  bookedHere?: boolean
}

const out = (reply: string, language: Lang, kind: string, draft: BookingDraft | null): ResponderOutput => ({
  reply, language, productIds: [], kind, booking: draft,
})

// The conversation ---------------------------------------------------------------------

type Loaded = { rules: BookingRules; services: BookableService[] }

const serviceOf = (services: readonly BookableService[], id: string | null | undefined) => services.find((s) => s.id === id) ?? null

/**
 * The next question once a time is chosen: the name, the phone on the widget,
 * then the summary. `lead` goes before the name or phone question (the
 * summary says the time itself).
 */
async function afterTime(draft: BookingDraft, turn: BookingTurn, loaded: Loaded, lead?: string): Promise<ResponderOutput> {
  const { language, desk } = turn
  const next: BookingDraft = { ...draft, offers: undefined }
  if (!next.name) {
    const known = draft.mode === 'move' || draft.another ? null : await desk.knownName()
    if (known) next.name = known
  }
  const ask = (question: string) => (lead ? `${lead} ${question}` : question)
  if (!next.name) return out(ask(say.askName(language)), language, 'booking', { ...next, step: 'name' })
  if (!next.phone && !desk.knownPhone) return out(ask(say.askPhone(language)), language, 'booking', { ...next, step: 'phone' })
  return confirm(next, turn, loaded)
}

function confirm(draft: BookingDraft, turn: BookingTurn, loaded: Loaded): ResponderOutput {
  const summary = summaryOf(draft, loaded)
  return out(say.confirmQuestion(summary, turn.language), turn.language, 'booking', { ...draft, step: 'confirm' })
}

function summaryOf(draft: BookingDraft, loaded: Loaded): say.Summary {
  return {
    service: serviceOf(loaded.services, draft.serviceId),
    offer: { date: draft.date!, time: draft.time! },
    name: draft.name ?? '',
    move: draft.mode === 'move' && draft.choices?.[0] ? { date: draft.choices[0].date, time: draft.choices[0].time } : null,
  }
}

/**
 * Offers for what the message asks (or the next free times), or the time
 * itself when it is free. Moving an appointment, "aynı saatte" is the time it had.
 */
function offerFor(message: string, draft: BookingDraft, turn: BookingTurn, loaded: Loaded): Promise<ResponderOutput> {
  const when = readWhen(message, turn.desk.today)
  const had = draft.mode === 'move' ? draft.choices?.[0]?.time : undefined
  return offerAt(had && !when.times && asksSameTime(message) ? { ...when, times: [had] } : when, draft, turn, loaded)
}

/** Whether the message names a day or time other than the one chosen. */
function saysOtherTime(message: string, draft: BookingDraft, today: string): boolean {
  const said = readWhen(message, today)
  if (!saysWhen(said) || !draft.date || !draft.time) return saysWhen(said)
  const wanted = mergeWhen({ date: draft.date, times: [draft.time] }, said)
  return wanted.date !== draft.date || (wanted.times !== undefined && !wanted.times.includes(draft.time)) || !fits(draft.time, wanted)
}

/**
 * A new day or time once one was chosen ("saat 4 olsun", "make it Friday"):
 * what the message leaves unsaid stays as chosen, and the rest of the draft is kept.
 */
function changeWhen(message: string, draft: BookingDraft, turn: BookingTurn, loaded: Loaded): Promise<ResponderOutput> {
  const chosen: When = draft.date && draft.time ? { date: draft.date, times: [draft.time] } : {}
  return offerAt(mergeWhen(chosen, readWhen(message, turn.desk.today)), { ...draft, date: undefined, time: undefined }, turn, loaded)
}

async function offerAt(when: When, draft: BookingDraft, turn: BookingTurn, loaded: Loaded, lead?: string): Promise<ResponderOutput> {
  const { language, desk } = turn
  const duration = draft.duration ?? loaded.rules.default_duration_minutes
  // A time or part of the day without a day is of the day just offered, or of the appointment being moved.
  const dayHint = draft.offers?.[0]?.date ?? (draft.mode === 'move' ? draft.choices?.[0]?.date : undefined)
  const found = await findTimes(when, duration, desk, loaded.rules, turn.hours, dayHint)
  // The time asked for is free: said so, since the customer may have named it over several messages.
  if (found.exact) return afterTime({ ...draft, date: found.exact.date, time: found.exact.time }, turn, loaded, say.isFree(found.exact, language))
  const reason = found.reason && found.asked ? say.refusal(found.reason, found.asked, language, loaded.rules.slot_minutes, duration) : undefined
  if (found.offers.length === 0) {
    return out([reason, say.nothingFree(language)].filter(Boolean).join(' '), language, 'booking', null)
  }
  // The earliest alone is put as a question, which a "yes" takes.
  if (when.earliest && !reason && found.offers.length === 1) return out(say.earliest(found.offers[0]!, language), language, 'booking', { ...draft, step: 'time', offers: found.offers, date: undefined, time: undefined })
  const text = !saysWhen(when) && !lead && !reason
    ? `${say.askWhen(language)}\n${say.offers(found.offers, language, language === 'tr' ? 'En yakın boş saatler:' : 'The next free times:')}`
    : reason ? say.offersAfter(reason, found.offers, language) : say.offers(found.offers, language, lead)
  return out(text, language, 'booking', { ...draft, step: 'time', offers: found.offers, date: undefined, time: undefined })
}

/**
 * "Başka saat var mı?", "anything later?": the free times after those offered, on the same day or else the next days
 * that have any; "daha erken?": the same day's before them, or that there are none.
 */
async function otherTimes(direction: 'later' | 'earlier', draft: BookingDraft, turn: BookingTurn, loaded: Loaded): Promise<ResponderOutput> {
  const { language, desk } = turn
  const offers = draft.offers ?? []
  const duration = draft.duration ?? loaded.rules.default_duration_minutes
  const edge = direction === 'later' ? offers.at(-1)! : offers[0]!
  const day = (await desk.freeSlots(edge.date, edge.date, duration)).map((slot) => ({ date: slot.slot_date, time: slot.slot_time }))
  const beyond = direction === 'later' ? day.filter((o) => o.time > edge.time).slice(0, MAX_OFFERS) : day.filter((o) => o.time < edge.time).slice(-MAX_OFFERS)
  if (beyond.length > 0) return out(say.offers(beyond, language), language, 'booking', { ...draft, offers: beyond })
  if (direction === 'earlier') return out(say.offersAfter(say.noEarlier(language), offers, language), language, 'booking', draft)
  const found = await findTimes({ from: addDays(edge.date, 1) }, duration, desk, loaded.rules, turn.hours)
  if (found.offers.length === 0) return out(say.nothingFree(language), language, 'booking', draft)
  return out(say.offers(found.offers, language, say.noLaterThatDay(language)), language, 'booking', { ...draft, offers: found.offers })
}

/** A new booking conversation: the service first when there are several, then the time. */
async function start(message: string, turn: BookingTurn, loaded: Loaded, base: Partial<BookingDraft> = {}): Promise<ResponderOutput> {
  const { services, rules } = loaded
  // "Perşembe 15:00 saç kesimi, adım Selin Ak, numaram 0532 …": what the first message already tells is not asked again.
  const name = introducedIn(message)
  const phone = phoneIn(message)
  const draft: BookingDraft = { mode: 'book', step: 'time', ...(name ? { name } : {}), ...(phone ? { phone } : {}), ...base }
  if (draft.serviceId === undefined) {
    if (services.length === 0) draft.serviceId = null
    else if (services.length === 1) draft.serviceId = services[0]!.id
    else {
      const named = serviceIn(message, services)
      if (!named) {
        const when = readWhen(message, turn.desk.today)
        return out(say.askService(services, turn.language), turn.language, 'booking', { ...draft, step: 'service', ...(saysWhen(when) ? { when } : {}) })
      }
      draft.serviceId = named.id
    }
  }
  draft.duration = draft.duration ?? serviceOf(services, draft.serviceId)?.duration_minutes ?? rules.default_duration_minutes
  return offerAt(mergeWhen(draft.when, readWhen(message, turn.desk.today)), { ...draft, when: undefined }, turn, loaded)
}

async function findOwn(turn: BookingTurn, mode: 'cancel' | 'move', message: string, loaded: Loaded): Promise<ResponderOutput> {
  const { desk, language } = turn
  const list = await desk.upcoming()
  if (list.length === 0) return out(say.noUpcoming(turn.desk.knownPhone === null, turn.contact, language), language, 'booking', null)
  const choices = list.slice(0, MAX_OFFERS).map((b) => ({ id: b.id, date: b.date, time: b.time }))
  if (list.length > 1) return out(say.whichBooking(choices, language), language, 'booking', { mode, step: 'pick', choices })
  return chosenOwn(list[0]!.id, mode, message, turn, loaded)
}

/** "Randevum ne zaman?": the customer's own upcoming appointments, as the desk finds them; a booking under way waits. */
async function showOwn(turn: BookingTurn): Promise<ResponderOutput> {
  const { desk, language } = turn
  const list = await desk.upcoming()
  if (list.length === 0) return out(say.noUpcoming(desk.knownPhone === null, turn.contact, language), language, 'booking', turn.draft)
  const named = list.slice(0, MAX_OFFERS).map((b) => ({ date: b.date, time: b.time, service: b.serviceName }))
  return out(say.ownUpcoming(named, language), language, 'booking_shown', turn.draft)
}

async function chosenOwn(id: string, mode: 'cancel' | 'move', message: string, turn: BookingTurn, loaded: Loaded): Promise<ResponderOutput> {
  const { language } = turn
  const own = (await turn.desk.upcoming()).find((b) => b.id === id)
  if (!own) return out(say.noUpcoming(turn.desk.knownPhone === null, turn.contact, language), language, 'booking', null)
  const offer = { date: own.date, time: own.time }
  if (mode === 'cancel') return out(say.confirmCancel(offer, language), language, 'booking', { mode, step: 'confirm_cancel', target: id, choices: [{ id, ...offer }] })
  const draft: BookingDraft = {
    mode: 'move', step: 'time', target: id, choices: [{ id, ...offer }],
    serviceId: own.serviceId, duration: own.duration, name: own.customerName ?? undefined, phone: own.phone ?? undefined,
  }
  // "Bir saat sonraya": the same day, that much later or earlier.
  const shift = shiftAsked(message)
  const shifted = shift === null ? null : minutes(own.time) + shift
  if (shifted !== null && shifted >= 0 && shifted < 24 * 60 && !saysWhen(readWhen(message, turn.desk.today))) {
    return offerAt({ date: own.date, times: [minutesToTime(shifted)] }, draft, turn, loaded)
  }
  if (!saysWhen(readWhen(message, turn.desk.today))) return out(say.moveWhen(offer, language), language, 'booking', draft)
  return offerFor(message, draft, turn, loaded)
}

/**
 * "Kızım için de 11:30" just after booking: another person's appointment, on the day and for the service of the
 * customer's upcoming ones when they share them, reachable on the same number; the name is asked.
 */
async function nextPerson(desk: BookingDesk): Promise<Partial<BookingDraft>> {
  const own = await desk.upcoming()
  const shared = <T>(pick: (b: (typeof own)[number]) => T): T | undefined => (own.length > 0 && own.every((b) => pick(b) === pick(own[0]!)) ? pick(own[0]!) : undefined)
  const [date, serviceId, phone] = [shared((b) => b.date), shared((b) => b.serviceId), shared((b) => b.phone)]
  return { another: true, ...(serviceId ? { serviceId, duration: shared((b) => b.duration) } : {}), ...(date ? { when: { date } } : {}), ...(phone ? { phone } : {}) }
}

/**
 * Another service for the customer just booked: the same person and number, on the day of their appointments when they
 * share one, from the end of the last of them when it is to follow ("hemen arkasına").
 */
async function nextService(desk: BookingDesk, service: BookableService, after: boolean): Promise<Partial<BookingDraft>> {
  const own = await desk.upcoming()
  const date = own.length > 0 && own.every((b) => b.date === own[0]!.date) ? own[0]!.date : undefined
  const ends = own.map((b) => minutes(b.time) + b.duration)
  const from = date && after ? minutesToTime(Math.max(...ends)) : undefined
  const phone = own.length > 0 && own.every((b) => b.phone === own[0]!.phone) ? own[0]!.phone ?? undefined : undefined
  const name = own.length > 0 && own.every((b) => b.customerName === own[0]!.customerName) ? own[0]!.customerName ?? undefined : undefined
  return { serviceId: service.id, duration: service.duration_minutes, ...(date ? { when: { date, ...(from ? { times: [from] } : {}) } } : {}), ...(phone ? { phone } : {}), ...(name ? { name } : {}) }
}

async function book(draft: BookingDraft, turn: BookingTurn, loaded: Loaded): Promise<ResponderOutput> {
  const { desk, language } = turn
  const phone = draft.phone ?? desk.knownPhone
  if (!phone) return out(say.askPhone(language), language, 'booking', { ...draft, step: 'phone' })
  const result = await desk.book({
    date: draft.date!, time: draft.time!, duration: draft.duration ?? loaded.rules.default_duration_minutes,
    serviceId: draft.serviceId ?? null, name: draft.name ?? '', phone, language, replaces: draft.mode === 'move' ? draft.target : undefined,
  })
  if (result.ok) return out(say.booked(summaryOf(draft, loaded), language, desk.dryRun), language, 'booked', null)
  if (result.refusal === 'booking_disabled' || result.refusal === 'too_many') {
    return out(`${say.refusal(result.refusal, null, language)} ${turn.contact}`, language, 'booking_failed', null)
  }
  // Taken meanwhile, or no longer possible: new offers near it, never an error.
  const asked = { date: draft.date!, time: draft.time! }
  const lead = say.refusal(result.refusal, asked, language)
  const again = await offerAt({ date: asked.date, times: [asked.time] }, { ...draft, step: 'time', date: undefined, time: undefined }, turn, loaded, `${lead} ${say.freeTimes(language)}`)
  return again.booking ? again : { ...again, kind: 'booking_failed' }
}

/** Where the booking conversation stood after the latest assistant turn, if that turn left one. */
export function lastDraft(history: readonly { role: string; booking?: BookingDraft | null }[]): BookingDraft | null {
  for (let i = history.length - 1; i >= 0; i--) {
    if (history[i]!.role === 'assistant') return history[i]!.booking ?? null
  }
  return null
}

/**
 * The reply when the message belongs to a booking conversation (a new one or
 * the one in `draft`); null when it does not, and the rest of the responder
 * answers it (the draft, if any, is then kept by the caller).
 */
export async function converse(turn: BookingTurn): Promise<ResponderOutput | null> {
  const result = await conversation(turn)
  // "Kızım ve ben için", "2 kişi": one booking holds one person, which the customer is told before going on.
  if (result?.kind === 'booking' && result.booking && forSeveral(turn.message)) return { ...result, reply: `${say.onePerBooking(turn.language)}\n${result.reply}` }
  // "Saç kesimi ve fön için", "a haircut and colour": one appointment holds one service, which the customer is told too.
  const serviceId = result?.kind === 'booking' && !turn.draft ? result.booking?.serviceId : undefined
  if (serviceId) {
    const { services } = await turn.desk.load()
    const chosen = serviceOf(services, serviceId)
    const next = chosen ? otherServiceNamed(turn.message, services, chosen) : undefined
    if (chosen && next) return { ...result!, reply: `${say.oneServicePerBooking(chosen.name, next.name, turn.language)}\n${result!.reply}` }
  }
  return result
}

async function conversation(turn: BookingTurn): Promise<ResponderOutput | null> {
  const { message, draft, desk, language } = turn
  let asked = bookingAsked(message, turn.kind, {
    justBooked: turn.lastKind === 'booked',
    justShown: turn.lastKind === 'booking_shown',
    drafting: draft !== null,
    bookedHere: turn.bookedHere === true,
  })
  // "Yarın 11'de saç kesimi olur mu?": a service the owner offers and a time ask for a booking in so many words.
  // So do "can I do a haircut and colour on the same day?" and "I need a haircut asap".
  const mayName = !draft && !asked && (saysWhen(readWhen(message, desk.today)) || onTheSameDay(message) || wantsIt(message))
  // "Saç kesimi için de hemen arkasına": another service, just after an appointment was made.
  // ("Do you also sell hair products?" asks something else.)
  const mayFollow = !draft && !asked && turn.lastKind === 'booked' && alsoAsked(message) && (rightAfter(message) || !asksAQuestion(message))
  if (!draft && !asked && !mayName && !mayFollow) return null
  const loaded = await desk.load()
  if (!loaded.rules.enabled) return null
  if (!turn.hours || !hasAnyHours(turn.hours)) return null
  if (mayName) {
    if (!serviceIn(message, loaded.services) || choiceOf(message, loaded.services.length)) return null
    // Wanted with no day: the service named in all its words ("kot pantolon istiyorum" wants the jeans, not their hemming).
    if (!saysWhen(readWhen(message, desk.today)) && !onTheSameDay(message) && servicesNamed(message, loaded.services, 1).length === 0) return null
    asked = 'book'
  }
  if (mayFollow) {
    // Named in all its words: "saçımı da yıkar mısınız" is no second haircut.
    const [service] = servicesNamed(message, loaded.services, 1)
    if (!service) return null
    return start(message, turn, loaded, await nextService(desk, service, rightAfter(message)))
  }

  if (asked === 'cancel' || asked === 'move') return findOwn(turn, asked, message, loaded)
  if (asked === 'check') return showOwn(turn)
  // "Ürün deneme randevusu ücretli mi?": the price or length of a service, asked with no day or time, books nothing yet.
  if (!draft && asksPriceOrLength(message) && serviceNamed(message, loaded.services) && !saysWhen(readWhen(message, desk.today))) return null
  if (!draft && turn.lastKind === 'booked' && forAnother(message)) return start(message, turn, loaded, await nextPerson(desk))
  // "How far in advance should I book?": the owner's window, then the booking begun as any other.
  if (!draft && asksHowFarAhead(message)) {
    const started = await start(message, turn, loaded)
    return { ...started, reply: `${say.bookingWindow(loaded.rules, language)}\n${started.reply}` }
  }
  if (!draft) return start(message, turn, loaded)

  if ((stops(message) || putsOff(message)) && !saysWhen(readWhen(message, desk.today))) {
    if (draft.mode !== 'book') return out(say.kept(language), language, 'booking', null)
    return out(putsOff(message) ? say.putOff(language) : say.dropped(language), language, 'booking', null)
  }
  const newWhen = draft.step !== 'time' && draft.step !== 'service' && !(draft.step === 'name' && nameGiven(message, desk.today))
  if (asked === 'book' && newWhen && saysWhen(readWhen(message, desk.today))) {
    // A new day or time in the middle: offered again, the rest kept.
    return changeWhen(message, draft, turn, loaded)
  }

  // "Ne kadar tutacak?", "how much will it be?" once the time is chosen: the chosen service's price and length, and
  // what is still asked, asked again.
  const chosenService = serviceOf(loaded.services, draft.serviceId)
  const answersTheStep = isYes(message) || isNo(message) || phoneIn(message) !== undefined || (draft.step === 'name' && nameGiven(message, desk.today) !== null)
  if (chosenService && (draft.step === 'name' || draft.step === 'phone' || draft.step === 'confirm') && asksPriceOrLength(message) && !answersTheStep &&
    !serviceNamed(message, loaded.services) && !asksOfATopic(message, turn.kind) && !saysWhen(readWhen(message, desk.today))) {
    const again = draft.step === 'name' ? out(say.askName(language), language, 'booking', draft)
      : draft.step === 'phone' ? out(say.askPhone(language), language, 'booking', draft)
      : confirm(draft, turn, loaded)
    return { ...again, reply: `${say.serviceFacts(chosenService, language)}\n\n${again.reply}` }
  }

  switch (draft.step) {
    case 'service': {
      const named = serviceIn(message, loaded.services)
      if (!named) {
        // A question of its own ("kargo ücretli mi") is answered and the booking waits; anything else (a name,
        // a time) asks for the service again, keeping the day and time said so far, and a name written as one
        // ("Emma Stone", whatever the network heard in it).
        const name = writtenAsName(message) ? nameGiven(message, desk.today) : null
        if (!name && asksSomethingElse(message, turn.kind)) return null
        const said = readWhen(message, desk.today)
        const when = mergeWhen(draft.when, said)
        // A day or time is noted and kept; being unsure, or what may name a service the owner does not offer, gets
        // whom to ask.
        const heard = saysWhen(said) ? 'when' : unsure(message) ? 'unsure' : 'other'
        return out(say.askService(loaded.services, language, { heard, contact: turn.contact }), language, 'booking', { ...draft, ...(saysWhen(when) ? { when } : {}), ...(name ? { name } : {}) })
      }
      const started = await start(message, turn, loaded, { ...draft, serviceId: named.id, duration: named.duration_minutes })
      // "How long does a fitting take?" while choosing: the answer, then the times.
      if (asksPriceOrLength(message)) return { ...started, reply: `${say.serviceFacts(named, language)}\n\n${started.reply}` }
      return started
    }
    case 'time': {
      const offers = draft.offers ?? []
      const n = choiceOf(message, offers.length)
      if (n) return afterTime({ ...draft, date: offers[n - 1]!.date, time: offers[n - 1]!.time }, turn, loaded)
      const said = readWhen(message, desk.today)
      // ("Daha erken?" reads as the morning too, but names no day or hour of its own.)
      const asksOther = otherTimesAsked(message)
      const other = offers.length > 0 && !said.date && !said.times && !said.from && (!said.part || asksOther !== 'same') ? asksOther : null
      if (other === 'same') return out(say.offers(offers, language), language, 'booking', draft)
      if (other) return otherTimes(other, draft, turn, loaded)
      // "Uzun saç için de aynı mı?" while the times wait: the chosen service as listed, that no other case is written, the
      // same times. ("Saç" names no service here: "Saç kesimi" was not asked for.)
      const chosen = serviceOf(loaded.services, draft.serviceId)
      if (chosen && asksIfItVaries(message) && !saysWhen(said)) {
        const varies = say.variesNotWritten(chosen, turn.contact, language)
        return out(offers.length > 0 ? `${varies}\n\n${say.offers(offers, language)}` : varies, language, 'booking', draft)
      }
      // "Kaç saat sürüyor?" while the times wait: the service's length and price, and the same times.
      const about = serviceNamed(message, loaded.services) ?? chosen
      if (about && asksPriceOrLength(message) && !asksOfATopic(message, turn.kind) && !saysWhen(said)) {
        const facts = offers.length > 0 ? `${say.serviceFacts(about, language)}\n\n${say.offers(offers, language)}` : say.serviceInfo(about, language)
        return out(facts, language, 'booking', draft)
      }
      // "10 olur", "11 please": an hour alone is of the times just offered.
      const hour = saysWhen(said) ? null : hourAlone(message)
      const heard = hour === null ? said : readWhen(`saat ${hour}`, desk.today)
      // "Wednesday" just after next week's times: the Wednesday offered, not this week's.
      const sameWeekday = (a: string, b: string) => parseDayKey(a)!.getDay() === parseDayKey(b)!.getDay()
      const offeredDay = heard.date && weekdayAlone(message, desk.today) && !offers.some((o) => o.date === heard.date)
        ? offers.find((o) => sameWeekday(o.date, heard.date!))?.date
        : undefined
      const when = offeredDay ? { ...heard, date: offeredDay } : heard
      if (when.times && !when.date) {
        const matching = offers.filter((o) => when.times!.includes(o.time))
        if (matching.length === 1) return afterTime({ ...draft, date: matching[0]!.date, time: matching[0]!.time }, turn, loaded)
        // Offered on more than one day: which of them, never the first guessed.
        if (matching.length > 1) return out(say.offers(matching, language, say.onSeveralDays(language)), language, 'booking', { ...draft, offers: matching })
      }
      // "Cuma", "the Saturday one" after one time offered on several days: that day's.
      if (when.date && !when.times && offers.length > 1 && offers.every((o) => o.time === offers[0]!.time)) {
        const onDay = offers.filter((o) => o.date === when.date)
        if (onDay.length === 1) return afterTime({ ...draft, date: onDay[0]!.date, time: onDay[0]!.time }, turn, loaded)
      }
      if ((hour !== null && offers.length > 0) || offeredDay) return offerAt(when, draft, turn, loaded)
      // A service named again is no name ("tadilat" after "prova için"); another one than chosen changes it.
      const service = draft.mode === 'book' ? serviceIn(message, loaded.services) : null
      if (service && service.id !== draft.serviceId) {
        const when = offers.length > 0 ? { date: offers[0]!.date } : undefined
        return start(message, turn, loaded, { name: draft.name, phone: draft.phone, serviceId: service.id, duration: service.duration_minutes, when })
      }
      // "Cuma Yılmaz" before a time was chosen is a name, kept below, not Friday.
      // "Adresiniz nerede?" is a question of its own, answered while the times wait, never a name.
      const name = service || (asksSomethingElse(message, turn.kind) && asksAQuestion(message)) ? null : nameGiven(message, desk.today)
      if (!name && asksOfATopic(message, turn.kind)) return null
      if (!name && (saysWhen(when) || (draft.mode === 'move' && asksSameTime(message)))) return offerFor(message, draft, turn, loaded)
      if (isYes(message) && offers.length === 1) return afterTime({ ...draft, date: offers[0]!.date, time: offers[0]!.time }, turn, loaded)
      if (isNo(message)) return out(language === 'tr' ? 'Hangi gün ve saat size uyar?' : 'Which day and time would suit you?', language, 'booking', { ...draft, offers })
      if (asked && !name) return offerFor(message, draft, turn, loaded)
      // A name, a number or a "yes" before a time was chosen: the times again, and the name and number kept.
      const phone = phoneIn(message)
      if (offers.length === 0 || (!name && !phone && asksSomethingElse(message, turn.kind))) return null
      return out(say.offers(offers, language, say.pickFirst(language)), language, 'booking', {
        ...draft, ...(name ? { name } : {}), ...(phone ? { phone } : {}),
      })
    }
    case 'name': {
      const phone = phoneIn(message)
      const name = nameGiven(message, desk.today)
      // "Yarın havale ile ödesem olur mu?": a question of the shop, answered while the name waits; its day is no new time.
      if (!name && !phone && asksOfATopic(message, turn.kind)) return null
      if (!name && !phone && saysWhen(readWhen(message, desk.today))) return changeWhen(message, draft, turn, loaded)
      // "Tamam", "ok": agreed to the time; the name is still what is asked.
      if (!name && !phone && (isYes(message) || turn.kind === 'ack')) return out(say.askName(language), language, 'booking', draft)
      // A number that is no number ("07700 900456" without its country code) is said to be unread, never passed by.
      if (!name) return phone ? out(say.askName(language), language, 'booking', { ...draft, phone })
        : phone === null ? out(say.badPhone(language), language, 'booking', draft) : null
      return afterTime({ ...draft, name, phone: phone ?? draft.phone }, turn, loaded)
    }
    case 'phone': {
      const phone = phoneIn(message)
      if (phone === undefined && numberLater(message)) return out(say.phoneWhenReady(language), language, 'booking', draft)
      if (phone === undefined && asksOfATopic(message, turn.kind)) return null
      if (phone === undefined && saysWhen(readWhen(message, desk.today))) return changeWhen(message, draft, turn, loaded)
      // A name where the number was asked puts it right, and the number is asked again: only one written as a
      // name is ("Ayşe Kaya"), since words here more often ask why a number is wanted.
      const written = writtenAsName(message) && !serviceIn(message, loaded.services)
      const name = written && phone === undefined ? nameGiven(message, desk.today) : null
      if (name) return out(say.askPhone(language), language, 'booking', { ...draft, name })
      if (phone === undefined && asksWhyNumber(message)) return out(say.whyPhone(language), language, 'booking', draft)
      if (phone === undefined && (isYes(message) || turn.kind === 'ack')) return out(say.askPhone(language), language, 'booking', draft)
      // "Ayşe", then "Yılmaz" where the number was asked: the surname, sent after the first name; the number is asked again.
      const firstName = draft.name && !draft.name.includes(' ') ? draft.name : null
      const surname = firstName && phone === undefined && !written && surnameIn(message) && !isNo(message)
        ? nameGiven(`${firstName} ${surnameIn(message)}`, desk.today)
        : null
      if (surname && !serviceIn(message, loaded.services)) return out(say.askPhone(language), language, 'booking', { ...draft, name: surname })
      if (phone === undefined) return /\d/.test(message) ? out(say.badPhone(language), language, 'booking', draft) : null
      if (phone === null) return out(say.badPhone(language), language, 'booking', draft)
      return afterTime({ ...draft, phone }, turn, loaded)
    }
    case 'confirm': {
      // "Evet ama saat 16 olsun" changes the time; "evet, 15:00 uygun" confirms the one summed up.
      if (saysOtherTime(message, draft, desk.today)) return changeWhen(message, draft, turn, loaded)
      // "Adım Ece": another name than the one summed up, summed up again.
      const renamed = introducesAName(message) ? nameGiven(message, desk.today) : null
      if (renamed && renamed !== draft.name) return confirm({ ...draft, name: renamed }, turn, loaded)
      if (isYes(message)) return book(draft, turn, loaded)
      if (isNo(message)) return out(say.notBooked(language), language, 'booking', { ...draft, step: 'time', date: undefined, time: undefined, offers: [] })
      // "Teşekkürler", "bye" to the summary: nothing is booked yet, which the customer leaving must know.
      return turn.kind === 'thanks' || turn.kind === 'goodbye' ? out(say.notYetBooked(language), language, 'booking', draft) : null
    }
    case 'pick': {
      const choices = draft.choices ?? []
      const n = choiceOf(message, choices.length)
      const when = readWhen(message, desk.today)
      const byDate = when.date ? choices.filter((c) => c.date === when.date) : []
      const picked = n ? choices[n - 1] : byDate.length === 1 ? byDate[0] : undefined
      if (!picked) return isNo(message) ? out(say.kept(language), language, 'booking', null) : null
      return chosenOwn(picked.id, draft.mode === 'move' ? 'move' : 'cancel', '', turn, loaded)
    }
    case 'confirm_cancel': {
      const target = draft.choices?.[0]
      if (!target) return null
      if (isYes(message)) {
        const done = await desk.cancel(target.id)
        if (!done) return out(say.noUpcoming(turn.desk.knownPhone === null, turn.contact, language), language, 'booking', null)
        return out(say.cancelled(target, language, desk.dryRun), language, 'booking_cancelled', null)
      }
      if (isNo(message)) return out(say.kept(language), language, 'booking', null)
      return null
    }
  }
}
