// The answer to one reading of a message (an Intent from intents.ts): the
// business's own text for a topic, a product answer, a comparison, courtesy,
// a handoff. `answerProduct` reads a product question again as the next
// likeliest kind when the catalogue has no product of that name.
import { BANK_DETAILS_ASKED, PARKING, PICKUP, WISH_FOR_TR, asksOfTheShop, intentOf, mentionsVat, offerWords, saysOffer, saysPaying, topicOf, type Intent } from './intents.ts'
import { asksOfIt, asksWhetherSo, isQuestionWord, ordinalOf, pointsBack, productTerm, yesOrNo } from './question-words.ts'
import { ATTRIBUTE_PATTERNS, attributeOf, materialsIn } from './attribute-words.ts'
import { namesOnlyADay } from './day-words.ts'
import { quantityAsked, writesPercentage } from './amounts.ts'
import { saysCourtesy } from './courtesy-words.ts'
import { departmentIn, holdsEquivalent, onlyProperties, namesSubject, thingWords } from './lexicon.ts'
import { hasAnyHours, hoursStatus } from '../../../../domain/business.ts'
import { bookingAsked } from './booking-reading.ts'
import * as biz from './business-replies.ts'
import { type Classification } from './nlu.ts'
import * as say from './replies.ts'
import { notAService } from './services.ts'
import { WITH_OR_WITHOUT, bestNamed, coverage, keysOf, sameStem, sameWord } from './matching.ts'
import { keyLine, words, type Word } from './text.ts'
import { readWhen } from './when.ts'
import type { AssistantLanguage, BusinessProfile, ResponderOutput } from './types.ts'
import { type Context, offered, reply, contactOf, lastProducts, subject, ofTheKind, previousKind, ofTheOneDiscussed } from './reply-context.ts'
import { OTHER, COMES_WITH, MEASURE, WHERE_WORDS, accountAsked, asksSomething, materialAsked } from './cues.ts'
import { faqFor, FAQ_FIRST } from './faq-answers.ts'
import { answerProductQuestion, answerAttribute, answerOrdering, bargainedOver } from './product-answers.ts'
import { othersThanDiscussed, answerExtreme, answerBudget, answerRecommendation } from './choice-answers.ts'
import { addNotes, withBasket } from './basket-answers.ts'

/** How many of a thing make a discount asked on them a wholesale one. */
const BULK_QUANTITY = 10

/**
 * "Where are you located, can I pick it up from the store?": the entry that answers the rest, and the address asked
 * beside it, which the entry's question does not ask.
 */
function withAddress(answer: string, message: string, question: string, profile: BusinessProfile | null, businessName: string, language: AssistantLanguage): string {
  const asksWhere = (text: string) => words(text).some((word) => WHERE_WORDS.test(word.key))
  if (!asksWhere(message) || asksWhere(question) || !biz.written(profile, 'location')) return answer
  return `${answer}\n${biz.locationAnswer(profile, businessName, language)}`
}

/**
 * The classifier's next reading of a message the first could not answer, when it is about the business and the words
 * bear it out: an appointment only when they ask for one ("can I bring my dog?" books nothing).
 */
function otherReading(alternatives: readonly Classification[], message: string): Classification | undefined {
  // A return, an offer or the customer's own details the words do not bear out is none.
  const borneOut = (reading: Classification) => {
    if (reading.intent === 'booking') return bookingAsked(message, '') !== null
    if (reading.intent === 'discounts') return saysOffer(message)
    if (reading.intent === 'goodbye' || reading.intent === 'thanks') return saysCourtesy(message)
    // "Gözlük uv korumalı mı?" names a kind of thing and no place; "takılarınız gümüş mü?", no time.
    const namesThings = thingWords(message).length > 0 || departmentIn(message) !== null
    if (reading.intent === 'location' && namesThings && topicOf(message) === null) return false
    if (reading.intent === 'shipping') return topicOf(message) !== null // "Ürünler elle mi yapılıyor?" says no sending.
    // ("Saat kaça kadar?": a watch is a thing too, but the hour is asked.)
    if (reading.intent === 'hours' && namesThings && !TIME_WORDS.test(keyLine(words(message)))) return false
    // "Do you sell gift cards?": a card sold is no way to pay.
    if (reading.intent === 'payment') return saysPaying(message) || thingWords(message).length === 0
    return !WORD_BORNE.has(reading.intent) || intentOf(reading.intent, message).kind === reading.intent
  }
  return alternatives.find((reading) => NOT_PRODUCTS.has(reading.intent) && reading.score >= ALTERNATIVE_MIN_SCORE && borneOut(reading))
}
/** Words of a time of opening: "saat kaça kadar", "açık mısınız", "when do you close". */
const TIME_WORDS = / (saat\w*|kac\w*|acik\w*|kapali\w*|kapan\w*|open\w*|close\w*|hours?|when|time|ne zaman) /

/** Readings the classifier may hear in words that never say them (intents.ts `intentOf` asks for their words). */
const WORD_BORNE = new Set(['returns', 'personal_info'])
/** "How about the necklace…", "peki kolye…": the words turn to another product. */
const TURNS_TO = / (how about|what about|and the|peki|ya) /

async function answerCompare(terms: [string, string], message: string, context: Context): Promise<ResponderOutput> {
  const { language, catalogue } = context
  // A side found by its words, or by the kind of thing they name ("bal gerçek" of "bal gerçek mi katkısız mı").
  const side = async (term: string) => {
    const found = bestNamed(term, await catalogue.search(term, 3), true)[0]
    const kind = thingWords(term).join(' ')
    return found ?? (kind !== '' && kind !== term ? (bestNamed(kind, await catalogue.search(kind, 3), false)[0] ?? null) : null)
  }
  const [first, second] = await Promise.all(terms.map(side))
  if (first && second && first.id !== second.id) return reply('compare', say.comparison([first, second], language), language, [first, second])
  const found = first ?? second ?? null
  // "Bal gerçek mi katkısız mı?": one product and a property beside it, no second product; what it is, asked of it.
  const other = first ? terms[1] : terms[0]
  // ("Saat su geçirmez mi denize girilir mi?": both sides may find the one product, the second by its description.)
  if (found && (!first || !second || first.id === second.id) && thingWords(other).length === 0) return answerAttribute(attributeOf(words(message)), found.name, message, context)
  // "Are these fakes or original?" compares no products: the owner's FAQ may answer it.
  if (!found) {
    const hit = await faqFor(message, context, 'unknown')
    if (hit) return reply('faq', biz.faqAnswer(hit), language)
    // "Hangi firma ile gönderiyorsunuz?": no products on either side, but a topic of the business.
    const topic = topicOf(message)
    if (topic) return answerIntent({ kind: topic }, message, context)
  }
  return reply('compare', say.compareMissing(found, contactOf(context), language), language, found ? [found] : [])
}
const WAVE = /^\s*(👋(\p{Emoji_Modifier})?\s*)+[!.]*\s*$/u

// Readings of a message that are not about a product: when the catalogue
// holds nothing the words name, one of these (if the classifier saw it at
// all) is a better answer than "no matching product".
const NOT_PRODUCTS = new Set(['hours', 'location', 'contact', 'shipping', 'delivery_time', 'returns', 'payment', 'discounts', 'human', 'complaint', 'booking', 'personal_info', 'off_topic', 'ordering'])
/** Readings of a message that ends the conversation or thanks for it. */
const PARTINGS = new Set(['goodbye', 'thanks'])
/** The least score a second reading needs to be answered instead. */
export const ALTERNATIVE_MIN_SCORE = 0.15
/** The least score a second reading as a recommendation needs when no product is what the words name. */
const RECOMMEND_MIN_SCORE = 0.3
/** The least score a reading about the business needs to keep a yes-or-no question from the product just discussed. */
const BUSINESS_READING_MIN_SCORE = 0.2
const FOLLOWED_KINDS = new Set(['price', 'stock', 'link', 'attribute'])
/** A Turkish noun with "its" on it: "kutusu", "garantisi", "askısı", "kapağı". */
const ITS = /^\w{2,}(s[iu]|[bcdfghjklmnprstvyz][iu])$/
/** In a part of it: "kutusunda", "paketinde", "içinde". */
const HELD_IN = /^\w{2,}(s[iu]nd[ae]|[iu]nd[ae])$/
const HOW_MUCH_IN = /^ (kac|ne kadar|how many|how much) (dolar|dollars?|euro|euros|avro|tl|lira|pound|pounds|sterlin) (mi |mu |is it |eder |ediyor )?$/

/** A question that opens on "it" ("does it…", "is it…"); "is this bag…" names its product. */
const OPENS_ON_IT = /^ (is|does|can|will|would|could|has|was) it /

/** A question of what or which ("what layout?", "hangi model?"), at the start of the message. */
const WHICH = /^ (what|whats|which|hangi|ne|nasil) /

/** A Turkish question of what, at the end of the message ("asit oranı ne?", "garantisi nedir?"). */
const ENDS_ON_WHAT = / (ne|nedir|neymis|nasil|kac|hangisi) $/

/** Business kinds the owner writes a text for, and the text's topic. */
export const POLICY_TOPICS: Partial<Record<string, biz.PolicyTopic>> = { shipping: 'shipping', delivery_time: 'delivery', returns: 'returns', payment: 'payment' }
/** The kind of reply a policy text is, as the classifier names its topic. */
const POLICY_KIND: Record<biz.PolicyTopic, Intent['kind']> = { shipping: 'shipping', delivery: 'delivery_time', returns: 'returns', payment: 'payment', ordering: 'ordering' }

/** Whether the message asks every word of an FAQ question ("yurt dışına gönderiyor musunuz" of "Yurt dışına gönderim var mı?"). */
function asksAllOf(question: string, message: string): boolean {
  const asked = keysOf(message)
  return keysOf(question)
    .filter((key) => !isQuestionWord(key))
    .every((key) => asked.some((word) => sameWord(key, word) || sameStem(key, word)))
}

export async function answerIntent(intent: Intent, message: string, context: Context, alternatives: readonly Classification[] = []): Promise<ResponderOutput> {
  const { language, businessName, now } = context
  const profile = context.business.profile
  // "Yaz için ne var?": what there is for something is the catalogue's, unless it names a subject an entry speaks of
  // ("yazdırma" shares the root of "yaz", summer, and was answered).
  const wishOnly = intent.kind === 'recommend' && WISH_FOR_TR.test(keyLine(words(message))) && !namesSubject(message)
  if (FAQ_FIRST.has(intent.kind) && !wishOnly && !(await ofTheOneDiscussed(intent, message, context))) {
    const hit = await faqFor(message, context, intent.kind)
    // "Sizde hediyelik ne var?", "what gift items do you have?": products whose records say so are asked for, before an
    // entry on gift wrapping that shares the word.
    const asked = hit && intent.kind === 'list' ? intent.term : ''
    const listed = asked !== '' ? await answerProductQuestion('list', asked, context, message) : null
    if (listed && listed.productIds.length > 0 && (await context.catalogue.byIds(listed.productIds)).every((product) => coverage(asked, `${product.name} ${product.description ?? ''}`) === 1)) return listed
    if (hit) {
      // "Hangi kargoyla gönderiyorsunuz?" shares shipping with the entry on sending abroad, but asks what the shipping
      // text says: an entry the message asks only part of comes after the text the owner wrote on the topic.
      const topic = POLICY_TOPICS[intent.kind]
      // Only when the message speaks of the topic: "toptan satış var mı?", heard as payment, is the entry's alone.
      if (topic && biz.written(profile, topic) && topicOf(message) !== null && !asksAllOf(hit.question, message)) {
        return reply(intent.kind, `${biz.policyAnswer(profile, businessName, topic, language)}\n\n${biz.faqAnswer(hit)}`, language)
      }
      const answer = intent.kind === 'location' ? withAddress(biz.faqAnswer(hit), message, hit.question, profile, businessName, language) : biz.faqAnswer(hit)
      return reply('faq', answer, language)
    }
  }
  switch (intent.kind) {
    case 'off_topic': {
      // "Kaç dolar?" just after a product asks its price; "dolar kaç?" asks the exchange rate.
      const last = HOW_MUCH_IN.test(keyLine(words(message))) ? await lastProducts(context) : null
      if (last && last.length === 1) return addNotes(reply('price', say.priceOf(last[0]!, language), language, last), message, context)
      return reply(intent.kind, say.redirect(businessName, language, await offered(context)), language)
    }
    case 'injection':
      return reply(intent.kind, say.redirect(businessName, language, await offered(context)), language)
    case 'greeting':
      return reply('greeting', say.greeting(businessName, language, await offered(context)), language)
    case 'identity':
      return reply('identity', say.identity(businessName, language, await offered(context)), language)
    case 'thanks':
      return reply('thanks', say.thanks(language), language)
    case 'praise':
      return reply('thanks', say.praised(language), language)
    case 'goodbye':
      // "İyi çalışmalar", "hayırlı işler" open a conversation as often as they close one: as its first words, a greeting.
      if (BOTH_WAYS.test(keyLine(words(message))) && !context.history.some((turn) => turn.role === 'user')) {
        return reply('greeting', say.greeting(businessName, language, await offered(context)), language)
      }
      return reply('goodbye', say.goodbye(language), language)
    case 'ack': {
      // "Peki onun?": the product just discussed, as the catalogue has it now.
      const last = pointsBack(message) ? await lastProducts(context) : null
      if (last && last.length === 1) return reply('price', say.priceOf(last[0]!, language), language, last)
      // "👋" as the first message waves hello.
      if (WAVE.test(message) && !context.history.some((turn) => turn.role === 'user')) return answerIntent({ kind: 'greeting' }, message, context)
      return reply('ack', biz.ackAnswer(language), language)
    }
    case 'hours': {
      // "Saat kaça kadar?" just after "yarın açık mısınız?": of the day asked then, not of today.
      const asked = context.history.findLast((turn) => turn.role === 'user')
      // ("Are you open now?" is of now, whatever day was asked before.)
      const ofNow = intent.asks === 'now' || / (now|today|tonight|simdi|su an|bugun\w*) /.test(keyLine(words(message)))
      const before = intent.day === null && !ofNow && context.history.findLast((turn) => turn.role === 'assistant')?.kind === 'hours' && asked ? intentOf('hours', asked.content) : null
      // "29 Ekim'de açık mısınız?": a date other than today is that date's.
      const today = profile && hasAnyHours(profile.opening_hours) ? hoursStatus(profile.opening_hours, profile.time_zone, now).local.date : null
      const dated = intent.day === null && today ? readWhen(message, today).date : undefined
      const day = dated && dated !== today ? { date: dated } : before?.kind === 'hours' ? before.day : intent.day
      return reply('hours', biz.hoursAnswer(profile, businessName, day, intent.asks, now, language), language, [], biz.written(profile, 'hours'))
    }
    case 'location':
      // "Mağazadan teslim alabilir miyim?": no field holds it (the FAQ, read first, may).
      if (PICKUP.test(keyLine(words(message)))) {
        // "Adresiniz nerede, mağazaya gelip alabilir miyim?": the address asked beside it keeps the entry from the search.
        const pickupAsked = words(message).filter((word) => !WHERE_WORDS.test(word.key))
        const hit = pickupAsked.length < words(message).length ? await faqFor(pickupAsked.map((word) => word.text).join(' '), context, 'location') : null
        if (hit) return reply('faq', withAddress(biz.faqAnswer(hit), message, hit.question, profile, businessName, language), language)
        return reply('location', biz.placeAnswer('pickup', profile, businessName, language), language, [], false)
      }
      // "Otopark var mı?": the address is where the shop is, not whether one can park there.
      if (PARKING.test(keyLine(words(message)))) return reply('location', biz.placeAnswer('parking', profile, businessName, language), language, [], false)
      return reply('location', biz.locationAnswer(profile, businessName, language), language, [], biz.written(profile, 'location'))
    case 'contact': {
      // (The owner's FAQ, asked above, is where an account the owner has would be written.)
      const account = accountAsked(message)
      if (account) return reply('contact', biz.accountAnswer(account, profile, businessName, language), language, [], false)
      return reply('contact', biz.contactAnswer(profile, businessName, language), language, [], biz.written(profile, 'contact'))
    }
    case 'shipping':
      // "Is return shipping free?", "iade kargosu": shipping a return back is the returns text's.
      if (/ (iade\w*|returns?|returning|refunds?) /.test(keyLine(words(message)))) return answerIntent({ kind: 'returns' }, message, context, alternatives)
      return withBasket(reply('shipping', biz.policyAnswer(profile, businessName, 'shipping', language), language, [], biz.written(profile, 'shipping')), message, context)
    case 'delivery_time': {
      const text = biz.policyAnswer(profile, businessName, 'delivery', language)
      // "Ne zaman gelir?" of a product that is out of stock, named or just discussed, may ask when it is back: its
      // stock and that the catalogue has no date, then delivery. "Kaç günde gelir?" and a question naming the order or
      // its shipping ask only how long delivery takes.
      const line = keyLine(words(message))
      const asksBack = (words(message).length <= 5 || / (stog\w*|stok\w*|stock) /.test(line) || productTerm(words(message)) !== '') && / (ne zaman|when) /.test(line) && !/ (kargo\w*|siparis\w*|orders?|ship\w*|deliver\w*|teslim\w*|parcel|package|paket\w*) /.test(line)
      const term = asksBack ? productTerm(words(message)) : ''
      const named = term === '' ? null : await subject(term, context, 1)
      const product = asksBack ? (Array.isArray(named) && named.length === 1 ? named : await lastProducts(context)) : null
      if (product?.length === 1 && product[0]!.stock <= 0) {
        // Delivery follows only when the owner wrote of it: "nothing written" beside a product's answer is noise.
        // Nor when the words ask of its stock alone ("şapka ne zaman stoğa girer").
        const ofStock = / (stog\w*|stok\w*|stock|restock\w*) /.test(line)
        const delivery = biz.written(profile, 'delivery') && !ofStock ? `\n\n${text}` : ''
        return reply('delivery_time', `${say.stockOf(product[0]!, language)} ${say.notBackYet(contactOf(context), language)}${delivery}`, language, product)
      }
      return reply('delivery_time', text, language, [], biz.written(profile, 'delivery'))
    }
    case 'returns':
      return reply('returns', biz.policyAnswer(profile, businessName, 'returns', language), language, [], biz.written(profile, 'returns'))
    case 'payment':
      return reply('payment', biz.paymentAnswer(profile, businessName, BANK_DETAILS_ASKED.test(keyLine(words(message))), language), language, [], biz.written(profile, 'payment'))
    case 'discounts': {
      // "Toptan alırsam indirim olur mu?", "do you give discounts for bulk orders": no field holds offers, so an entry on
      // the offer named (wholesale) answers, however many more words the message says than the entry's question.
      // A discount on many ("30 mugs for my office, any discount?") is a wholesale one; a percentage ("10% off") counts none.
      const many = !writesPercentage(message) && (quantityAsked(message) ?? 0) >= BULK_QUANTITY
      const bulk = many ? offerWords('wholesale') : []
      const asked = [...offerWords(message), ...bulk]
      const searches = context.business.hasFaq ? [message, ...(bulk.length > 0 ? [bulk.join(' ')] : [])] : []
      const near = (await Promise.all(searches.map((query) => context.business.searchFaq(query, 3)))).flat()
      const entry = near.find((hit) => offerWords(`${hit.question} ${hit.answer}`).some((key) => asked.includes(key)))
      if (entry) return reply('faq', biz.faqAnswer(entry), language)
      // "Ceket 150 dolara olur mu?": the catalogue's price of the product bargained over, beside what the owner wrote of offers.
      const named = await bargainedOver(message, context)
      const priced = named ? `${say.priceOf(named, language)}\n` : ''
      return reply('discounts', `${priced}${biz.discountsAnswer(profile, businessName, language)}`, language, named ? [named] : [], false)
    }
    case 'human':
      return reply('human', biz.humanAnswer(profile, businessName, language), language)
    case 'complaint':
      return reply('complaint', biz.complaintAnswer(profile, businessName, language), language)
    case 'booking':
      // "Cumartesi?" where no bookings are taken here: that day's hours.
      if (namesOnlyADay(message)) return answerIntent(intentOf('hours', message), message, context)
      return reply('booking', biz.bookingAnswer(profile, businessName, language), language)
    case 'personal_info':
      return reply('personal_info', say.thanksForDetails(language, await offered(context)), language)
    case 'ordering':
      return answerOrdering(intent.term, message, context)
    case 'stock':
    case 'search':
      if (intent.term !== '' && OTHER.test(keyLine(words(message)))) {
        const others = await othersThanDiscussed(intent.term, context)
        if (others) return others
      }
      if (intent.term !== '') {
        // The kind of thing the words name decides between equally named products: "kazak çeker mi" is of the sweater,
        // though "çeker" is one letter from "ceket".
        const candidates = bestNamed(intent.term, await context.catalogue.search(intent.term, 3), false)
        const ofKind = candidates.length > 1 ? ofTheKind(intent.term, candidates) : candidates
        const named = ofKind.length === 1 ? ofKind : candidates
        // About the product just discussed: "do they have UV400 protection?", "öğütülmüş mü?" and "kaç mm?" when the
        // words name no other product, "is it bluetooth?" even when they would; a yes-or-no question that may well
        // be about the business instead ("is there a warranty?") is left to that reading unless it names a property.
        const attribute = attributeOf(words(message))
        const aboutBusiness = alternatives.some((reading) => NOT_PRODUCTS.has(reading.intent) && reading.score >= BUSINESS_READING_MIN_SCORE)
        // "Is the first one wireless?": the one picked from the list is "it", whatever else the words name.
        // "How about the necklace, is it gold?": "it" is the necklace the words turn to, not the product before.
        const ofPicked = (asksOfIt(message) && !(TURNS_TO.test(keyLine(words(message))) && named.length > 0)) || ordinalOf(message) !== null
        const askedOfIt = ofPicked || asksWhetherSo(message) || attribute !== null
        // "Pamuklu mu?" just after the shirt asks whether it is cotton, though a Pamuklu Tişört is sold too: a
        // yes-or-no question whose words name no kind of product is a property of the product just discussed.
        if (named.length > 0 && asksWhetherSo(message) && words(message).length <= 3 && thingWords(intent.term).length === 0) {
          const last = (await lastProducts(context)) ?? []
          // Of the product just discussed, whether or not its name holds the word ("ipek mi?" of the İpek Eşarp is
          // answered from its record, never with its stock).
          if (last.length === 1) return answerAttribute(attribute, '', message, context)
        }
        // "Deri ceket hakiki mi?", "fincan takımı kaç kişilik?": a yes-or-no or how-many question of a named product, in
        // words its name does not hold, asks them of it. Just after another product, "şarjı kaç gün gider" measures
        // that one, though "şarj" names a charger.
        const measuresNamed = named.length === 1 && MEASURE.test(keyLine(words(message))) && !((await lastProducts(context)) ?? []).some((product) => product.id !== named[0]!.id)
        const one = named.length === 1 ? named[0]! : null
        const notInName = one === null ? [] : keysOf(intent.term).filter((key) => !keysOf(one.name).some((word) => sameWord(key, word)) && !holdsEquivalent(key, one.name))
        // "Do they come with a case?", "kılıfıyla mı geliyor?" just after the headphones: what comes with them, their
        // records' to say, never the Telefon Kılıfı sold on its own.
        const discussed = COMES_WITH.test(keyLine(words(message))) ? ((await lastProducts(context)) ?? []) : []
        if (discussed.length > 0 && !(one && discussed.some((product) => product.id === one.id))) return answerAttribute(null, '', message, context)
        // "Cam şişe mi?" just after the olive oil: whether it comes in glass, not a Steel Water Bottle made of it.
        const lastOne = one && asksWhetherSo(message) && (words(message).length <= 3 || asksOfIt(message)) ? ((await lastProducts(context)) ?? []) : []
        if (lastOne.length === 1 && lastOne[0]!.id !== one!.id && notInName.length > 0 && notInName.every((key) => materialsIn(key).length > 0)) {
          return answerAttribute(attribute, '', message, context)
        }
        const unnamed = notInName.length > 0
        if (one && (((asksWhetherSo(message) || measuresNamed) && unnamed) || materialAsked(message))) {
          return answerAttribute(attribute, intent.term, message, context)
        }
        // "Kutulu mu?", "kaç kişilik?": a short question of how or how much, whose words name no product.
        // "Polarized?", "machine washable?": a word or two asked, naming no kind of product, is a property too.
        const line = keyLine(words(message))
        const oneWordAsked = words(message).length <= 2 && /\?\s*$/.test(message) && thingWords(intent.term).length === 0
        const ofTheLast =
          named.length === 0 &&
          words(message).length <= 3 &&
          (asksWhetherSo(message) || oneWordAsked || MEASURE.test(line) || WHICH.test(line) || (ENDS_ON_WHAT.test(line) && !aboutBusiness))
        // "Is there parking?" just after a product: a topic of the business, not a detail of the product.
        const ofTheShop = topicOf(message) !== null && named.length === 0
        if (!ofTheShop && ((named.length === 0 && (pointsBack(message) || ofTheLast)) || (askedOfIt && (!aboutBusiness || attribute !== null) && (named.length === 0 || ofPicked)))) {
          if ((await lastProducts(context))?.length) return answerAttribute(attribute, '', message, context)
        }
        // "Kutusu var mı?", "garanti var mı?" just after a product: a part of it or a promise, no product of that name.
        // The owner's FAQ first: a warranty may be the shop's for everything.
        // "Garanti süresi?", "how long is the warranty?": asked however, and of the shop when no product was discussed.
        const warranty = WARRANTY.test(keyLine(words(message)))
        const partOf = keysOf(intent.term).every((key) => ITS.test(key)) || onlyProperties(intent.term) || warranty
        const discussedOne = (await lastProducts(context))?.length === 1
        if (named.length === 0 && words(message).length <= 5 && (yesOrNo(message) || warranty) && partOf && topicOf(message) === null && (discussedOne || warranty)) {
          const hit = await faqFor(message, context, intent.kind)
          if (hit) return reply('faq', biz.faqAnswer(hit), context.language)
          if (discussedOne) return answerAttribute(warranty ? null : attribute, '', message, context)
        }
        // "Ya kablolu olan?": the previous question asked again of the product these words name.
        if (intent.kind === 'search' && named.length > 0) {
          const previous = await previousKind(context)
          if (previous && FOLLOWED_KINDS.has(previous)) {
            // "Kablosuz olanı?" after the wired headphones: the wireless headphones, not a wireless mouse.
            const [last] = thingWords(intent.term).length === 0 ? ((await lastProducts(context)) ?? []) : []
            // The last word naming a kind of product is the name's head ("Kablolu Kulaklık": headphones, wired).
            const kind = last ? (thingWords(last.name).at(-1) ?? '') : ''
            const asked = kind === '' ? message : `${message} ${kind}`
            return answerProduct(intentOf(previous, asked), asked, context, alternatives)
          }
        }
      }
      return answerProduct(intent, message, context, alternatives)
    case 'compare':
      return answerCompare(intent.terms, message, context)
    case 'extreme': {
      const out = await answerExtreme(intent.order, intent.term, message, context)
      // "En yakın eczane nerede?": the catalogue has nothing of the words, so another reading of them answers.
      const other = out.productIds.length === 0 && intent.term !== '' ? otherReading(alternatives, message) : undefined
      return other ? answerIntent(intentOf(other.intent, message), message, context) : out
    }
    case 'budget':
      return answerBudget(intent.budget, intent.term, context)
    case 'recommend':
      return answerRecommendation(intent.term, context)
    case 'attribute': {
      // "Does it keep coffee hot?", "is the first one cotton?": a question opening on "it", or picking from the list just
      // given, asks of that product, whatever its other words name.
      const pointsAtOne = OPENS_ON_IT.test(keyLine(words(message))) || ordinalOf(message) !== null
      // "Is it leather?" with nothing discussed yet: "it" is no product, whatever "leather" is a word of.
      if (pointsAtOne && (await lastProducts(context)) === null) return reply('attribute', say.whichProduct(context.language), context.language)
      const ofIt = pointsAtOne && Boolean((await lastProducts(context))?.length)
      const out = await answerAttribute(intent.attribute ?? attributeOf(words(message)), ofIt ? '' : intent.term, message, context)
      if (out.productIds.length > 0 || intent.term === '') return out
      const measured = ofIt ? null : await namedWithoutOneWord(intent.term, context)
      if (measured) return answerAttribute(intent.attribute ?? attributeOf(words(message)), measured, message, context)
      // "Başka renkle değiştirmek istiyorum": no product to ask it of, but a topic of the business.
      const topic = topicOf(message)
      if (topic) return answerIntent({ kind: topic }, message, context)
      // "En sevdiğin renk ne?": another reading of the words answers.
      const other = otherReading(alternatives, message)
      return other ? answerIntent(intentOf(other.intent, message), message, context) : out
    }
    case 'unknown': {
      // "Peki onun?": the product just discussed, as the catalogue has it now.
      const last = pointsBack(message) && !asksOfTheShop(message) ? await lastProducts(context) : null
      if (last && last.length === 1) {
        // "Peki onun?" asks the usual thing, its price; "is it polarised?" asks what the record may say.
        if (productTerm(words(message)) === '') return reply('price', say.priceOf(last[0]!, language), language, last)
        return answerAttribute(attributeOf(words(message)), '', message, context)
      }
      // "Asit oranı ne?": a short question of what, just after one product, asks it of that product.
      const line = keyLine(words(message))
      const aboutBusiness = alternatives.some((reading) => NOT_PRODUCTS.has(reading.intent) && reading.score >= BUSINESS_READING_MIN_SCORE)
      if (!aboutBusiness && !asksOfTheShop(message) && words(message).length <= 4 && (asksWhetherSo(message) || WHICH.test(line) || ENDS_ON_WHAT.test(line) || MEASURE.test(line))) {
        const discussed = await lastProducts(context)
        if (discussed && discussed.length === 1) return answerAttribute(attributeOf(words(message)), '', message, context)
      }
      // "KDV dahil mi?": no field holds it, but the owner may have written it in a text of the business.
      const vat = mentionsVat(message) ? biz.policySaying(profile, mentionsVat) : null
      if (vat) return reply(POLICY_KIND[vat], biz.policyAnswer(profile, businessName, vat, language), language)
      // "One for me too": what the rules could not place, the classifier may have read second.
      const other = otherReading(alternatives, message)
      if (other) return answerIntent(intentOf(other.intent, message), message, context)
      return reply('unknown', say.dontKnow(contactOf(context), language, await offered(context)), language)
    }
    default:
      // "What does it smell like?": of the product just discussed when the words name no other.
      if ('term' in intent && intent.term !== '' && asksOfIt(message) && ['price', 'list', 'link'].includes(intent.kind)) {
        const named = bestNamed(intent.term, await context.catalogue.search(intent.term, 3), false)
        if (named.length === 0 && (await lastProducts(context))?.length) return answerAttribute(attributeOf(words(message)), '', message, context)
      }
      // "Kutusunda neler var?" just after the watch: what its box holds, the watch's record to say (never a product
      // whose description says "kutusunda"); with no one product discussed, which one is the question.
      // "Başka fıstıklı bir şey var mı?" just after the Fıstıklı Lokum: others so described, not the one discussed again.
      if (intent.kind === 'list' && intent.term !== '' && OTHER.test(keyLine(words(message)))) {
        const others = await othersThanDiscussed(intent.term, context, (discussed) => say.noOther(discussed, intent.term, language, true))
        if (others) return others
      }
      if (intent.kind === 'list' && intent.term !== '' && keysOf(intent.term).every((key) => HELD_IN.test(key))) {
        if ((await lastProducts(context))?.length === 1) return answerAttribute(null, '', message, context)
        return reply('attribute', say.whichProduct(language), language)
      }
      return answerProduct(intent, message, context, alternatives)
  }
}

/**
 * "Fincan takımı kaç parça?", "bal kaç gram?": a measure asked of a product, whose word for the measure keeps the
 * whole term from naming anything. The product the other words name wholly, one word left out, if one does; never
 * once the conversation is about a product.
 */
async function namedWithoutOneWord(term: string, context: Context): Promise<string | null> {
  const list = words(term)
  if (list.length < 2 || list.length > 4) return null
  // After a product, "şarjı kaç gün gider" asks of that product: a word of it ("şarj") is not a new one.
  if ((await lastProducts(context))?.length) return null
  for (let i = list.length - 1; i >= 0; i--) {
    // A material is what is asked for, not a measure: without "deri", "deri ceket" would name a velvet one.
    if (materialsIn(list[i]!.text).length > 0) continue
    const rest = list.filter((_, j) => j !== i).map((word) => word.text).join(' ')
    const named = (await context.catalogue.search(rest, 3)).filter((product) => coverage(rest, product.name) === 1)
    if (named.length > 0) return rest
  }
  return null
}

/** A price, stock, link or list question; when nothing in the catalogue is what the words name, another reading of the message if there is one. */
export async function answerProduct(intent: Intent, message: string, context: Context, alternatives: readonly Classification[]): Promise<ResponderOutput> {
  if (!('term' in intent) || !['price', 'stock', 'link', 'list', 'search'].includes(intent.kind)) return answerIntent(intent, message, context)
  const kind = intent.kind as 'price' | 'stock' | 'link' | 'list' | 'search'
  const out = await addNotes(await answerProductQuestion(kind, intent.term, context, message), message, context)
  if (out.productIds.length === 0 && intent.term !== '') {
    // "Kargosu ne kadar?": nothing in the catalogue is what the words name, but a topic of the business is.
    const topic = topicOf(message)
    if (topic) return answerIntent({ kind: topic }, message, context)
    // "Gümüş mü?", "is it leather?", "şekerli mi?" with nothing discussed: a property asked of no product; which one is
    // the question.
    const property = (word: Word) => Object.values(ATTRIBUTE_PATTERNS).some((pattern) => pattern.test(word.key)) || (WITH_OR_WITHOUT.test(word.key) && thingWords(word.text).length === 0)
    if (asksWhetherSo(message) && words(intent.term).every(property)) {
      return reply(kind, say.whichProduct(context.language), context.language)
    }
    const measured = MEASURE.test(keyLine(words(message))) ? await namedWithoutOneWord(intent.term, context) : null
    if (measured) return answerAttribute(attributeOf(words(message)), measured, message, context)
    // Nothing in the catalogue is what the words name: the owner's FAQ may answer them ("toptan alırsam fiyat düşer mi?").
    const hit = FAQ_FIRST.has(kind) ? null : await faqFor(message, context, kind)
    if (hit) return reply('faq', biz.faqAnswer(hit), context.language)
    // "Do you do highlights?" of a salon that lists no products: none of its services, which are these.
    const unserved = context.booking ? await notAService(message, context.booking, context.catalogue, contactOf(context), context.language) : null
    if (unserved) return unserved
    const other = otherReading(alternatives, message)
    if (other) return answerIntent(intentOf(other.intent, message), message, context)
    // "Bu kadar yeter", "tamam sağolun iyi geceler": words no product holds, from someone taking their leave or thanking.
    // A question is never answered with a goodbye ("can you gift wrap and add a note?").
    // Nor are words that say more than courtesy ("anything for saturday night dinner party" is no "good night").
    const parting = asksSomething(message) || !saysCourtesy(message) ? undefined : alternatives.find((reading) => PARTINGS.has(reading.intent) && reading.score >= ALTERNATIVE_MIN_SCORE)
    if (parting) return answerIntent({ kind: parting.intent as 'goodbye' | 'thanks' }, message, context)
    // "Yaz için hafif bir şey arıyorum": no product of that name, but a wish the names and descriptions may answer.
    if (alternatives.some((reading) => reading.intent === 'recommend' && reading.score >= RECOMMEND_MIN_SCORE)) return answerRecommendation(intent.term, context)
  }
  return out
}

/** A warranty asked about, however long or whether there is one. */
const WARRANTY = / (garanti\w*|warrant\w*|guarantee\w*) /
/** Words said on coming in as much as on leaving ("iyi çalışmalar", "hayırlı işler", "good evening"). */
const BOTH_WAYS = /^ (merhaba |selam )?(iyi calismalar|hayirli isler|kolay gelsin|iyi gunler|iyi aksamlar|good (morning|afternoon|evening|day)) $/
