// The assistant's default responder: a trained classifier and rules instead
// of a language model, so it needs no network and no key, and answers the
// same message the same way. It reads every fact from the catalogue and the
// owner's profile and FAQ while replying (a follow-up re-reads the product by
// id rather than trusting an earlier turn's text) and says so when it does
// not know, instead of guessing. How a message flows: README.md.
//
// This module takes the message in: a pasted link, a story told before the
// question, a booking under way or a service asked after, two questions in
// one. What it asks is answered in message-answer.ts, which hands each
// reading to intent-answers.ts and the answerers it calls (product-,
// choice-, basket- and faq-answers.ts over reply-context.ts).
import { askedAfterStory, withoutExcuse, intentOf, supposesACase, topicOf, understand, type Intent } from './intents.ts'
import { thingWords } from './lexicon.ts'
import { hoursStatus, rangesOf, weekdayAfter } from '../../../../domain/business.ts'
import { converse, lastDraft } from './booking.ts'
import { asksForReminder, bookingAsked, namesOtherCare } from './booking-reading.ts'
import { reminderNote } from './booking-replies.ts'
import { cameWrong } from './handoff.ts'
import * as biz from './business-replies.ts'
import { replyLanguage } from './language.ts'
import { corpusClassifier } from './nlu.ts'
import * as say from './replies.ts'
import { answerServices, notAService, serviceIncludesAsked } from './services.ts'
import { ofAProduct, twoQuestions, type Part } from './two-questions.ts'
import { bestNamed } from './matching.ts'
import { keyLine, linkWords, linksAsWords, words } from './text.ts'
import type { AssistantLanguage, BusinessProfile, Responder, ResponderOutput, Turn } from './types.ts'
import { answerMessage } from './message-answer.ts'

/**
 * "Cumartesi açık mısınız?" while a service waits for its day: that day's hours before its free times (a closed day the
 * offer says itself).
 */
function withDayHours(booked: ResponderOutput, message: string, understood: Intent, profile: BusinessProfile | null, businessName: string, now: Date, language: AssistantLanguage): ResponderOutput {
  const asksOpen = / (acik\w*|open|calisiyor musunuz|calisir misiniz) /.test(keyLine(words(message)))
  if (understood.kind !== 'hours' || !understood.day || !asksOpen || booked.booking?.step !== 'time' || !profile) return booked
  const day = understood.day
  const today = hoursStatus(profile.opening_hours, profile.time_zone, now).local.weekday
  const weekday = 'weekday' in day ? day.weekday : 'offset' in day ? weekdayAfter(today, day.offset) : null
  if (!weekday || rangesOf(profile.opening_hours, weekday).length === 0) return booked
  return { ...booked, reply: `${biz.hoursAnswer(profile, businessName, day, 'open', now, language)}\n${booked.reply}` }
}
/** A voice note spoken of ("sesli mesaj attım", "did you get my voice note"). */
const VOICE_NOTE = / (sesli (mesaj|not|kayit)\w*|ses (kaydi|kayd|mesaj)\w*|voice (message|note|msg|memo)s?|audio (message|note)s?) /
/** Where a parcel is on its way ("kargoda", "in transit"), and a fee asked ("who pays the shipping?"). */
const IN_TRANSIT = / (kargoda|yolda|teslimatta|in transit|on the way|during (shipping|delivery)) /
const FEE = / (ucret\w*|para\w*|oder\w*|odey\w*|fee|fees|cost\w*|pays?|charge\w*) /
/** Topics a supposed case may ask of besides the returns ("if it comes broken, who pays the shipping?"). */
const BUSINESS_KINDS_NOT_RETURNS = new Set(['shipping', 'delivery_time', 'payment', 'ordering'])
/** Readings that only look in the catalogue, which a business that sells nothing has no use for. */
const NO_CATALOGUE_KINDS = new Set(['stock', 'link', 'list', 'search'])
/** Readings that ask something of a product the words name. */
const OF_A_PRODUCT = new Set(['price', 'stock', 'link', 'attribute', 'search'])
/** The kinds of the business's texts, which the words of a question name when it is asked of one. */
const TOPIC_KINDS = new Set(['shipping', 'delivery_time', 'returns', 'payment', 'ordering'])

export const builtinResponder: Responder = async (asked) => {
  // A pasted product link is read as the words it names.
  // ("Sorry to bother you but is the lamp dimmable?": the question, without the apology, is what every reading reads.)
  const linked = { ...asked, message: withoutExcuse(linksAsWords(asked.message)) }
  const draft = lastDraft(asked.history)
  // A link whose words name no product ("https://www.trendyol.com/abc-p-123 bu sizde var mı?", an Instagram post): "bu" is
  // that page, which cannot be opened here, never the product discussed before.
  const linkedWords = draft ? null : linkWords(asked.message)
  if (linkedWords !== null && (linkedWords === '' || bestNamed(linkedWords, await asked.catalogue.search(linkedWords, 3), false).length === 0)) {
    const language = replyLanguage(linked.message, asked.language, asked.history)
    return { reply: say.linkNotRead(language), language, productIds: [], kind: 'unknown' }
  }
  // "Sesli mesaj attım, dinler misiniz?": a voice note, which is not heard here; only written words are read.
  const said = keyLine(words(asked.message))
  if (!draft && VOICE_NOTE.test(said) && words(asked.message).length <= 10 && thingWords(asked.message).length === 0) {
    const language = replyLanguage(linked.message, asked.language, asked.history)
    return { reply: say.textOnly(language), language, productIds: [], kind: 'unknown', known: false }
  }
  // Only the question after a story of an earlier purchase is read ("çanta aldım, çok beğendim; cüzdan var mı?").
  // ("Randevumu unuttum, ne zamandı?" is no story: the appointment is what is asked after.)
  const own = bookingAsked(linked.message, '')
  const story = draft || own === 'check' || own === 'cancel' || own === 'move' ? null : await askedAfterStory(linked.message, await corpusClassifier())
  const input = story ? { ...linked, message: story.text } : linked
  const { message, language, history, business } = input
  const classified = story?.understood ?? (await understand(message, await corpusClassifier()))
  // A booking reading with no word of a booking in it:
  const unbooked = !draft && classified.kind === 'booking' && bookingAsked(message, '') === null
  // "And on Saturday?" just after the hours asks that day's hours, not for an appointment;
  const afterHours = unbooked && history.findLast((turn) => turn.role === 'assistant')?.kind === 'hours'
  // "anything in leather?" reads like "anything on Friday?", but asks for the products made of it.
  const ofProducts = unbooked && !afterHours ? intentOf('None', message) : null
  // "What if it arrives damaged?", "what happens if it's the wrong size?": a case supposed, which the returns text answers.
  const line = keyLine(words(message))
  // "Kargoda kırılırsa ne olur?": the shipment is only where the damage is supposed; no fee of it is asked.
  const inTransit = IN_TRANSIT.test(line) && !FEE.test(line)
  const supposed = supposesACase(line) && cameWrong(line) && (!BUSINESS_KINDS_NOT_RETURNS.has(classified.kind) || inTransit)
  // (At a shop that takes no bookings, "can I get the mug in blue?" asks of the mug, which it names.)
  const namesAProduct = ofProducts !== null && 'term' in ofProducts && OF_A_PRODUCT.has(ofProducts.kind) && thingWords(ofProducts.term).length > 0
  const ofAProduct = namesAProduct && !(input.booking && (await input.booking.load()).rules.enabled)
  const understood = supposed
    ? { ...classified, kind: 'returns' as const }
    : afterHours ? { ...classified, ...intentOf('hours', message) } : ofProducts?.kind === 'list' || ofAProduct ? { ...classified, ...ofProducts } : classified
  const replyIn = replyLanguage(message, language, history)
  const contact = biz.contactDetails(business.profile, input.businessName, replyIn)
  if (input.booking) {
    const lastKind = history.findLast((turn) => turn.role === 'assistant')?.kind
    // "Fön dahil mi?", "does that include a cut?" just after a service: what it holds, which the list does not say; the
    // service still waits for a day (never a booking of the other begun).
    const serviceBefore = lastKind === 'service' ? history.findLast((turn) => turn.role === 'user') : undefined
    const includes = serviceBefore ? await serviceIncludesAsked(message, { before: serviceBefore.content, serviceId: draft?.serviceId }, input.booking, contact, replyIn) : null
    if (includes) return { ...includes, booking: draft }
    // "Hatırlatma gönderiyor musunuz?", "will you remind me?": the owner's reminder setting; a booking under way waits.
    // ("Randevumu hatırlatır mısınız?" asks when the customer's appointment is.)
    if (asksForReminder(message) && bookingAsked(message, understood.kind) !== 'check') {
      const { rules } = await input.booking.load()
      if (rules.enabled) return { reply: reminderNote(rules.reminder_hours_before, contact, replyIn), language: replyIn, productIds: [], kind: 'booking', booking: draft }
    }
    const booked = await converse({ message, draft, desk: input.booking, language: replyIn, kind: understood.kind, hours: business.profile?.opening_hours ?? null, contact, lastKind: lastKind ?? undefined, bookedHere: history.some((turn) => turn.kind === 'booked') })
    if (booked) return withDayHours(booked, message, understood, business.profile, input.businessName, input.now, replyIn)
  }
  // A service's price or length, or which there are: the service keeps for the day written next, unless a booking is under way.
  const services = input.booking ? await answerServices(message, input.booking, input.catalogue, contact, replyIn) : null
  if (services && !draft) return services
  // "Gelin saçı yapıyor musunuz?" of a salon, heard as shipping ("gelin" sounds like "gelir"): something the business is
  // asked to do, in no words of the topic, is a service it lists or does not. So is care of nails, brows, skin asked
  // however it was heard ("i want to get my nails done" was a wish for a product).
  if (input.booking && !draft && ((TOPIC_KINDS.has(understood.kind) && topicOf(message) === null) || namesOtherCare(message))) {
    const unserved = await notAService(message, input.booking, input.catalogue, contact, replyIn)
    if (unserved) return unserved
  }
  if (!draft && !services) {
    const two = await answerTwo(input, replyIn)
    if (two) return two
  }
  // "Kaçta açılıyorsunuz?" while one day's times wait: that day's hours, not today's.
  let ofTheDay = understood
  if (understood.kind === 'hours' && !understood.day && draft?.step === 'time') {
    const waiting = [...new Set((draft.offers ?? []).map((offer) => offer.date))]
    if (waiting.length === 1) ofTheDay = { ...understood, day: { date: waiting[0]! } }
  }
  const answered = services ?? (await answerMessage(input, ofTheDay))
  // "Can I get a consultation first?" of a business that books and sells nothing: no product is looked for, so never
  // "no matching product"; what it cannot answer is the FAQ's or the owner's. Asked only once the catalogue found
  // nothing, so no answer that finds a product reads the catalogue again. ("Do you do home visits?" is a service it
  // does not list, which it says.)
  if (!services && input.booking && !draft && NO_CATALOGUE_KINDS.has(answered.kind) && answered.productIds.length === 0 && (await input.catalogue.list(1)).length === 0) {
    return (await notAService(message, input.booking, input.catalogue, contact, replyIn)) ?? (await answerMessage(input, { kind: 'unknown', alternatives: understood.alternatives, unknownWords: understood.unknownWords }))
  }
  // A question in the middle of a booking ("kargo ücretli mi?") is answered, and the booking waits for the next turn.
  return draft ? { ...answered, booking: draft } : answered
}

/**
 * Two questions in one message, one of them about the business ("ceketin fiyatı nedir ve kargo ücreti ne kadar?"):
 * each answered, the second as asked after the first. Null when the message asks one thing, or its product
 * question finds no product (then the message is read whole).
 */
async function answerTwo(input: Parameters<Responder>[0], language: AssistantLanguage): Promise<ResponderOutput | null> {
  const parts = await twoQuestions(input.message, await corpusClassifier())
  if (!parts) return null
  const [one, two] = parts
  const first = await answerMessage({ ...input, language, message: one.text }, one.understood)
  // A product question that found no product: the message is read whole instead, as before.
  // (The owner's FAQ answering a part that names a product answers it: "can you gift wrap the necklace".)
  const unanswered = (out: ResponderOutput, part: Part) => out.kind === 'unknown' || (ofAProduct(part.understood) && out.productIds.length === 0 && out.kind !== 'faq')
  if (unanswered(first, one)) return null
  const asked: Turn[] = [
    ...input.history,
    { role: 'user', content: one.text, productIds: [] },
    { role: 'assistant', content: first.reply, productIds: first.productIds, kind: first.kind },
  ]
  // "…kaç günde gelir? Bir de iade süreniz ne kadar?": the rest may hold two questions itself.
  const rest = { ...input, language, message: two.text, history: asked }
  const second = (await answerTwo(rest, language)) ?? (await answerMessage(rest, two.understood))
  if (unanswered(second, two)) return null
  // "Kargo ücreti ne kadar, kaç günde gelir?": one text of the owner's answers both, and is said once. So does the stock
  // of a product, which says its price ("do you have sunglasses? how much?").
  const priceSaid = first.kind === 'stock' && second.kind === 'price' && second.productIds.length === 1 && first.productIds.includes(second.productIds[0]!)
    ? (await input.catalogue.byIds(second.productIds)).some((product) => second.reply === say.priceOf(product, language))
    : false
  const text = first.reply.includes(second.reply) || priceSaid ? first.reply : second.reply.includes(first.reply) ? second.reply : `${first.reply}\n\n${second.reply}`
  return {
    ...first,
    reply: text,
    productIds: [...new Set([...first.productIds, ...second.productIds])],
    ...(first.known === false || second.known === false ? { known: false } : {}),
  }
}
