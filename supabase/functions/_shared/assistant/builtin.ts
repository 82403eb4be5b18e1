// The assistant's default responder: a trained classifier and rules instead
// of a language model, so it needs no network and no key, and answers the
// same message the same way. It reads every fact from the catalogue and the
// owner's profile and FAQ while replying (a follow-up re-reads the product by
// id rather than trusting an earlier turn's text) and says so when it does
// not know, instead of guessing. How a message flows: README.md.
// What stands alone is apart (matching.ts, record-facts.ts, replies.ts, attribute-replies.ts).
/* eslint-disable max-lines -- its answerers call one another: a reply that finds no product reads the message again as the next kind of question */
import { addedWith, asksWhatItCosts, namesAllListed, readBasket, type BasketLine } from './basket.ts'
import { ASKS_MATERIAL, COMPARES, asksToTryOn, IF_BOUGHT, INCLUDED, PARKING, PICKUP, WISH_FOR_TR, askedAfterStory, NEW_ARRIVALS, POPULAR, asksContentsOrFit, asksIfGenuine, asksOrigin, saysGenuine, asksOfIt, specUnitAsked, asksWhetherThereIs, asksOfTheShop, asksWhichMaterial, asksToReserve, asksWhenBack, asksWhetherSo, asksTotal, withoutExcuse, ATTRIBUTE_PATTERNS, attributeOf, colourOf, coloursIn, currencyAsked, intentOf, isQuestionWord, materialsIn, mentionsVat, namesOnlyADay, offerWords, ordinalOf, pairByEnding, pointsBack, productPair, saysOffer, saysPaying, productTerm, quantityAsked, saysCourtesy, supposesACase, topicOf, writesPercentage, understand, yesOrNo, type Attribute, type BusinessTopic, type Budget, type Intent } from './intents.ts'
import { departmentIn, departmentOf, forWhom, holdsEquivalent, occasionWords, onlyProperties, namesSubject, phrasesHeld, sameProperty, sameSubject, sameThings, thingWords, translate, wishesForAGift, withoutThings } from './lexicon.ts'
import { hasAnyHours, hoursStatus, rangesOf, weekdayAfter } from '../../../../domain/business.ts'
import { converse, lastDraft } from './booking.ts'
import { asksForReminder, bookingAsked, namesOtherCare } from './booking-reading.ts'
import { reminderNote } from './booking-replies.ts'
import { cameWrong, statesAmountAfterShipping } from './handoff.ts'
import * as biz from './business-replies.ts'
import { replyLanguage } from './language.ts'
import { corpusClassifier, editDistance, type Classification } from './nlu.ts'
import * as attr from './attribute-replies.ts'
import * as say from './replies.ts'
import { answerServices, notAService, serviceIncludesAsked, serviceVariesAsked } from './services.ts'
import { ofAProduct, twoQuestions, type Part } from './two-questions.ts'
import { WITH_OR_WITHOUT, bestNamed, coverage, keysOf, sameStem, sameWord, withOrWithout } from './matching.ts'
import { askedSize, colourListed, listedColours, listedSizes, recordStates } from './record-facts.ts'
import { asciiKey, keyLine, linkWords, linksAsWords, words, type Word } from './text.ts'
import { readWhen } from './when.ts'
import type { AssistantLanguage, BookingDesk, BusinessKnowledge, BusinessProfile, Catalogue, CatalogueProduct, FaqHit, Responder, ResponderOutput, Turn } from './types.ts'

/** At most this many products in one reply: a chat bubble, not a catalogue page. */
export const MAX_LISTED = 5
/** A price, stock or link question names one product; a few close matches are shown in case the first is not it. */
const MAX_FOR_QUESTION = 3
/** The least score (search_faq's share of the asked words an entry holds) for an FAQ entry to be the answer. */
export const FAQ_MIN_SCORE = 0.6
/** How many of a thing make a discount asked on them a wholesale one. */
const BULK_QUANTITY = 10
/** An entry on the subject a question names (sameSubject) answers it with a third of its words. */
const FAQ_SUBJECT_MIN_SCORE = 0.3

type Context = {
  catalogue: Catalogue
  business: BusinessKnowledge
  businessName: string
  language: AssistantLanguage
  history: readonly Turn[]
  now: Date
  /** The owner's appointment desk, when the channel can book. */
  booking?: BookingDesk
}

/**
 * What the customer can ask of here: appointments when the owner takes them and has written the hours they are given
 * in; products, unless a business taking appointments lists none (a salon). A shop's courtesy reads nothing more.
 */
async function offered({ booking, business, catalogue }: Context): Promise<say.Offers> {
  const books = Boolean(booking && hasAnyHours(business.profile?.opening_hours ?? null) && (await booking.load()).rules.enabled)
  return { books, sells: books ? (await catalogue.list(1)).length > 0 : true }
}

/** `known: false` when the text says the business has not written it, or the catalogue does not list it. */
const reply = (kind: string, text: string, language: AssistantLanguage, products: readonly CatalogueProduct[] = [], known = true): ResponderOutput => ({
  reply: text,
  language,
  productIds: products.map((product) => product.id),
  kind,
  ...(known ? {} : { known: false }),
})

const contactOf = (context: Context) => biz.contactDetails(context.business.profile, context.businessName, context.language)

/** The products the latest assistant turn spoke of, read again now; null when no turn spoke of any. */
function lastProducts(context: Context): Promise<CatalogueProduct[] | null> {
  // Read once per reply: several readings of one message ask for them.
  let read = lastRead.get(context)
  if (!read) {
    read = (async () => {
      for (let i = context.history.length - 1; i >= 0; i--) {
        const turn = context.history[i]!
        if (turn.role !== 'assistant' || turn.productIds.length === 0) continue
        return context.catalogue.byIds(turn.productIds.slice(0, MAX_LISTED))
      }
      return null
    })()
    lastRead.set(context, read)
  }
  return read
}
const lastRead = new WeakMap<Context, Promise<CatalogueProduct[] | null>>()

/** The products a question is about: the term's matches, or for an empty term the ones just discussed. */
async function subject(term: string, context: Context, limit: number): Promise<CatalogueProduct[] | 'no_subject' | 'gone'> {
  if (term === '') {
    const products = await lastProducts(context)
    if (products === null) return 'no_subject'
    return products.length === 0 ? 'gone' : products.slice(0, limit)
  }
  // "Kablosuz olan kaç para?" just after a list: the listed products the words name wholly, not the whole catalogue's.
  const listed = (await justListed(context)) ?? []
  const picked = listed.filter((product) => coverage(term, product.name) === 1)
  if (listed.length >= 2 && picked.length > 0 && picked.length < listed.length) return picked.slice(0, limit)
  // A price, stock or link question names its product: a product whose description only shares a word is not it,
  // nor one whose name lacks the kind of thing asked for ("çay bardağı" is no Rize Çayı).
  // Nor one whose record does not state the material asked for ("deri ceket" is no velvet jacket).
  const materials = materialsIn(term)
  const named = bestNamed(term, await context.catalogue.search(term, limit + 2), false)
  return ofTheKind(term, named).filter((product) => statesAll(product, materials)).slice(0, limit)
}

/** What a product comes in, named after it: "zeytinyağı şişesi", "the olive oil bottle", "lokum kutusu". */
const CONTAINER = /^(sise\w*|bottles?|kavanoz\w*|jars?|kutu\w*|box|boxes|ambalaj\w*|packag\w*|teneke\w*|tins?)$/

/** Of these products, those whose names hold the kind of thing the words name ("çay bardağı": a glass), or all when they name none. */
function ofTheKind(term: string, products: readonly CatalogueProduct[]): CatalogueProduct[] {
  const things = thingWords(term)
  const head = things.at(-1)
  // "Zeytinyağı şişesi kaç litre?": the olive oil, in what it comes in, unless a product is that container of it
  // ("water bottle" is the Steel Water Bottle).
  if (head && things.length > 1 && CONTAINER.test(asciiKey(head))) {
    const filled = things.slice(0, -1).join(' ')
    const ofFilled = products.filter((product) => coverage(filled, product.name) > 0)
    const container = ofFilled.filter((product) => coverage(head, product.name) > 0)
    if (ofFilled.length > 0) return container.length > 0 ? container : ofFilled
  }
  // A kind named in two words is one thing: "güneş gözlüğü" is the "Sunglasses", though "gözlüğü" alone is "glasses".
  return head ? products.filter((product) => coverage(head, product.name) > 0 || (things.length > 1 && coverage(things.join(' '), product.name) === 1)) : [...products]
}

/** Whether the product's name or description says each of these words (materials, colours), in either language. */
function statesAll(product: CatalogueProduct, keys: readonly string[]): boolean {
  const record = `${product.name} ${product.description ?? ''}`
  // A colour is a word of its own ("blue" is not said by "Bluetooth").
  const colours = words(record).map((word) => colourOf(word.key)).filter((colour) => colour !== null)
  const says = (key: string) => (colourOf(key) !== null ? colours.includes(colourOf(key)!) : coverage(key, record) > 0)
  return keys.every((key) => says(key) || holdsEquivalent(key, record))
}

/** Words asking where the business is. */
const WHERE_WORDS = /^(adres\w*|nerede\w*|nerde|neresi\w*|where|address|located|konum\w*)$/

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

/** `message`, when given, may name two products joined by "ve" or "and", asked of both. */
async function answerProductQuestion(kind: 'price' | 'stock' | 'link' | 'list' | 'search', term: string, context: Context, message?: string): Promise<ResponderOutput> {
  const { language, businessName, catalogue } = context
  if (kind === 'list' || kind === 'search') {
    // "Kablosuz olan", "the wireless ones" just after a list: those of the list the words name, not the whole catalogue's.
    if (kind === 'search' && message !== undefined && / (olan\w*|one|ones) /.test(keyLine(words(message)))) {
      const listed = (await justListed(context)) ?? []
      const picked = listed.filter((product) => coverage(term, product.name) === 1)
      if (listed.length >= 2 && picked.length > 0) return reply(kind, say.productList(picked, false, language, 'found'), language, picked)
    }
    // One more than shown, to know whether to say there are more.
    const said = [...materialsIn(term), ...coloursIn(term)]
    // "Pamuklu ne var?", "anything in black?": a material or a colour is said in a description as often as in a name;
    // whatever the record says is so.
    const ofWhat = kind === 'list' && said.length > 0 && said.length === words(term).length
    // "Hangi ürünler su geçirmez?", "anything handmade?": a property no name holds, which a description may state.
    const property = !ofWhat && onlyProperties(term)
    const newest = message !== undefined && NEW_ARRIVALS.test(keyLine(words(message)))
    const popular = message !== undefined && POPULAR.test(keyLine(words(message)))
    let found =
      term === '' && kind === 'list'
        ? await catalogue.list(MAX_LISTED + 1, newest ? 'newest' : 'name')
        : ofWhat
          ? (await catalogue.search(term, MAX_LISTED + 1)).filter((product) => statesAll(product, said))
          : property
            ? (await catalogue.search(term, MAX_LISTED + 1)).filter((product) => sameProperty(term, `${product.name} ${product.description ?? ''}`))
            : bestNamed(term, await catalogue.search(term, MAX_LISTED + 1), kind === 'list')
    // "Elektronik ne var?": a department the catalogue does not name, asked as the things it holds.
    const department = found.length === 0 ? departmentOf(term) : null
    // Any thing of it, not the best-named one: a wired headphone is no more electronic than a speaker.
    if (department) found = (await catalogue.search(department, MAX_LISTED + 1)).filter((product) => coverage(department, product.name) > 0)
    // Words alone, with no question the classifier knew: products only when their names are what the words name, and
    // a sentence is no product's name for one word of it ("who won the match last night" is no Yoga Mat).
    const sentence = kind === 'search' && keysOf(term).length >= 3 && found.length > 0 && coverage(term, found[0]!.name) < 0.5
    const shown = sentence ? [] : found.slice(0, MAX_LISTED)
    if (shown.length === 0 && property) return reply(kind, say.noneDescribed(term, contactOf(context), language), language, [], false)
    if (shown.length === 0) {
      // "Küpe yok mu?", "earrings?": a kind of thing asked for is one the catalogue does not hold, not a question the
      // assistant missed.
      const thingAsked = message !== undefined && (asksWhetherThereIs(message) || words(message).length <= 2) && thingWords(term).length > 0
      if (kind === 'search' && !thingAsked) return reply('unknown', say.dontKnow(contactOf(context), language, await offered(context)), language)
      return reply(kind, term === '' ? say.emptyCatalogue(contactOf(context), language) : say.notFound(contactOf(context), language), language, [], false)
    }
    if (property) return reply(kind, say.describedList(shown, found.length > MAX_LISTED, language), language, shown)
    // "Kahve makinesi var mı?" of a shop with Türk Kahvesi: what was asked for is not listed, the coffee only the closest.
    if (kind === 'search' && message !== undefined && asksWhetherThereIs(message) && !ofWhat && !department && shown.every((product) => notInRecord(term, product).length > 0)) {
      const text = shown.length === 1 ? say.closest(shown[0]!, term, language) : say.closestList(shown, term, language)
      return reply(kind, text, language, shown, false)
    }
    const head = newest && term === '' ? 'newest' : popular ? 'unranked' : 'found'
    return reply(kind, say.productList(shown, found.length > MAX_LISTED, language, head), language, shown)
  }

  // "Gürültü engelleme var mı?", "nabız ölçer var mı?" just after one product: a property asked of it, or words its
  // description alone holds, though another's name may hold them ("su geçirmez olan var mı?" asks for others).
  if (kind === 'stock' && message !== undefined && !/ (olan\w*|one|ones|any) /.test(keyLine(words(message)))) {
    const last = (await lastProducts(context)) ?? []
    const described = (product: CatalogueProduct) => coverage(term, product.description ?? '') === 1 && coverage(term, product.name) === 0
    if (last.length === 1 && (onlyProperties(term) || described(last[0]!))) return answerAttribute(attributeOf(words(message)), '', message, context)
  }
  const found = await subject(term, context, MAX_FOR_QUESTION)
  if (found === 'no_subject') return reply(kind, say.whichProduct(language), language)
  if (found === 'gone') return reply(kind, say.gone(contactOf(context), language), language)
  // "Su geçirmez mi?" with no product discussed yet: a property asked of nothing named; which product is the question.
  if (found.length === 0 && onlyProperties(term)) return reply(kind, say.whichProduct(language), language)
  // "Do you have any jewellery?": a department, asked as the things it holds.
  if (found.length === 0 && kind !== 'link' && departmentOf(term)) return answerProductQuestion('list', term, context)
  // "Deri çanta ve gümüş kolye ne kadar?": two products, when the words as one name neither fully.
  const unnamed = found.length === 0 || (found.length === 1 && notInRecord(term, found[0]!).length > 0)
  const pair = unnamed && message && kind !== 'link' ? await namedPair(message, context) : null
  // "Kahve ve çay birlikte kaç TL?", "the mug and the candle together?": what one of each comes to.
  const together = pair && message !== undefined && (kind === 'price' || asksWhatItCosts(message)) && TOGETHER.test(keyLine(words(message)))
  if (pair && together) return reply('price', say.basket(pair.map((product) => ({ product, quantity: 1 })), language), language, pair)
  if (pair) return reply(kind, say.productList(pair, false, language), language, pair)
  // "Kolye ve küpe var mı?" of a shop with a necklace and no earrings: the one it has, and that the other is not listed.
  const half = !pair && found.length === 0 && message && kind !== 'link' ? await onePairFound(message, context) : null
  if (half) {
    const text = kind === 'price' ? say.priceOf(half.found, language) : say.stockOf(half.found, language)
    return reply(kind, `${text}\n${say.notListedTerm(half.missing, language)}`, language, [half.found], false)
  }
  if (found.length === 0) return reply(kind, say.notFound(contactOf(context), language), language, [], false)
  // "Do you have any vegan leather?" of leather goods none of which says vegan: the closest, said to be only that.
  if (found.length > 1 && kind !== 'link' && found.every((product) => notInRecord(term, product).length > 0)) {
    return reply(kind, say.closestList(found, term, language), language, found, false)
  }
  if (found.length > 1) {
    const text = kind === 'link' ? say.linkList(found, businessName, language) : say.productList(found, false, language)
    return reply(kind, text, language, found)
  }
  const product = found[0]!
  // "Uzun kollu tişört var mı?" of a Pamuklu Tişört whose record says nothing of sleeves: never "yes, in stock", but
  // the closest product, said to be only that.
  const unsaid = notInRecord(term, product)
  if (unsaid.length > 0 && kind !== 'link') {
    // "Can you gift wrap the coffee mug?": what the record lacks is the shop's to answer, when an FAQ entry does.
    const hit = await faqFor(unsaid.join(' '), context, kind)
    if (hit) return reply('faq', biz.faqAnswer(hit), language)
    return reply(kind, say.closest(product, term, language), language, [product], false)
  }
  const text =
    kind === 'price' ? say.priceOf(product, language) : kind === 'stock' ? say.stockOf(product, language) : say.linkOf(product, businessName, language)
  return reply(kind, text, language, [product])
}

/** The words asked that neither the product's name nor its description holds; a quantity ("3 silk scarves") is how many, no word of it. */
function notInRecord(term: string, product: CatalogueProduct): string[] {
  if (term === '') return []
  const record = `${product.name} ${product.description ?? ''}`
  // "Kadife cekt": a word one typo from the record's is that word, as the search found it; never a kind of thing
  // that is a word of its own ("kazak" is no "kazan").
  const long = words(record).map((word) => word.key).filter((word) => word.length >= 4)
  const misspelt = (key: string) => key.length >= 4 && thingWords(key).length === 0 && long.some((word) => editDistance(key, word, 1) <= 1)
  // "Güneş gözlüğü" of "Sunglasses": words the record holds together in another language's one.
  const together = phrasesHeld(term, record)
  // (Words that judge rather than name, "cheap headphones", "kaliteli kahve", ask for no other product.)
  return keysOf(term).filter((key) => !isQuestionWord(key) && !/^\d+$/.test(key) && !JUDGING.test(key) && coverage(key, record) === 0 && !misspelt(key) && !together.has(key))
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
    // ("Saat kaça kadar?": a watch is a thing too, but the hour is asked.)
    if (reading.intent === 'hours' && namesThings && !TIME_WORDS.test(keyLine(words(message)))) return false
    // "Do you sell gift cards?": a card sold is no way to pay.
    if (reading.intent === 'payment') return saysPaying(message) || thingWords(message).length === 0
    return !WORD_BORNE.has(reading.intent) || intentOf(reading.intent, message).kind === reading.intent
  }
  return alternatives.find((reading) => NOT_PRODUCTS.has(reading.intent) && reading.score >= ALTERNATIVE_MIN_SCORE && borneOut(reading))
}

/** Two products asked for at once, their sum ("birlikte", "together", "toplam", "ne tutar", "what do they come to"). */
const TOGETHER = / (birlikte|beraber|ikisi birden|toplam\w*|tutar\w*|(kac|ne) eder|together|altogether|total|in total|combined|comes? to) /
/** Words of a time of opening: "saat kaça kadar", "açık mısınız", "when do you close". */
const TIME_WORDS = / (saat\w*|kac\w*|acik\w*|kapali\w*|kapan\w*|open\w*|close\w*|hours?|when|time|ne zaman) /
/** Where a parcel is on its way ("kargoda", "in transit"), and a fee asked ("who pays the shipping?"). */
const IN_TRANSIT = / (kargoda|yolda|teslimatta|in transit|on the way|during (shipping|delivery)) /
const FEE = / (ucret\w*|para\w*|oder\w*|odey\w*|fee|fees|cost\w*|pays?|charge\w*) /
/** Topics a supposed case may ask of besides the returns ("if it comes broken, who pays the shipping?"). */
const BUSINESS_KINDS_NOT_RETURNS = new Set(['shipping', 'delivery_time', 'payment', 'ordering'])

/** Readings the classifier may hear in words that never say them (intents.ts `intentOf` asks for their words). */
const WORD_BORNE = new Set(['returns', 'personal_info'])

/** "Başka şapka var mı?", "do you have another bag?": of the kind named, the ones not discussed just before. */
const OTHER = / (baska|another|other|others|diger\w*|else) /
/** The words of a question about colour, besides colours themselves. */
const ABOUT_COLOUR = /^(renk\w*|rengi\w*|colou?rs?|available|come|comes|have|has|got|any|var|mevcut|baska|farkli|diger\w*|other|another|different|more|olan\w*|one)$/
/** "Farklı renkleri var mı?", "different colours?". */
const DIFFERENT = / (farkli|different|more) /
/** "How about the necklace…", "peki kolye…": the words turn to another product. */
const TURNS_TO = / (how about|what about|and the|peki|ya) /

/** The products the words name other than the one just discussed, or null when it is not of them. */
async function othersThanDiscussed(term: string, context: Context, none?: (product: CatalogueProduct) => string): Promise<ResponderOutput | null> {
  const { language } = context
  const discussed = (await lastProducts(context)) ?? []
  if (discussed.length === 0) return null
  const found = ofTheKind(term, bestNamed(term, await context.catalogue.search(term, MAX_LISTED + discussed.length + 1), true))
  const seen = found.filter((product) => discussed.some((one) => one.id === product.id))
  // Another of a kind the product just discussed is not: the question as asked.
  if (seen.length === 0) return null
  const others = found.filter((product) => !seen.includes(product))
  if (others.length === 0) return reply('stock', none ? none(seen[0]!) : say.noOther(seen[0]!, term, language), language, [seen[0]!])
  const shown = others.slice(0, MAX_LISTED)
  return reply('list', say.productList(shown, others.length > MAX_LISTED, language), language, shown)
}

/** Two products, each named by the words on its side of "ve", "and" or "ile", or null. */
async function namedPair(message: string, context: Context): Promise<[CatalogueProduct, CatalogueProduct] | null> {
  // Joined by a word ("ve", "and", "ile"), or by "with" as the first name's ending ("kot pantolonla keten gömlek").
  for (const terms of [productPair(message), pairByEnding(message)]) {
    if (!terms) continue
    const [first, second] = await Promise.all(terms.map(async (term) => bestNamed(term, await context.catalogue.search(term, 3), false)[0] ?? null))
    if (first && second && first.id !== second.id) return [first, second]
  }
  return null
}

/** Of two products named ("kolye ve küpe"), the one the catalogue has and the words of the one it does not. */
async function onePairFound(message: string, context: Context): Promise<{ found: CatalogueProduct; missing: string } | null> {
  const terms = productPair(message)
  if (!terms) return null
  const [first, second] = await Promise.all(terms.map(async (term) => bestNamed(term, await context.catalogue.search(term, 3), false)[0] ?? null))
  if (first && !second) return { found: first, missing: terms[1] }
  if (second && !first) return { found: second, missing: terms[0] }
  return null
}

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

async function answerExtreme(order: 'cheapest' | 'priciest', term: string, message: string, context: Context): Promise<ResponderOutput> {
  const { language, catalogue } = context
  const kind = order
  if (term === '') {
    // "En ucuzu hangisi?" just after a list: the cheapest of that list, unless the words speak of the whole shop, or
    // the list answered a question about the whole shop ("the cheapest item in the shop?", "and the priciest one?").
    const asked = context.history.findLast((turn) => turn.role === 'user')?.content ?? ''
    // "And the most expensive?" just after the cheapest: the other end of what was asked then (of the same products,
    // the whole shop or the list before it), not of its answer.
    const previousKind = context.history.findLast((turn) => turn.role === 'assistant')?.kind
    const askedAt = context.history.findLastIndex((turn) => turn.role === 'user')
    if ((previousKind === 'cheapest' || previousKind === 'priciest') && askedAt >= 0) {
      const then = { ...context, history: context.history.slice(0, askedAt) }
      return answerExtreme(order, productTerm(words(asked)), `${asked} ${message}`, then)
    }
    const listed = overWholeShop(message) || overWholeShop(asked) ? [] : ((await justListed(context)) ?? [])
    const chosen = inCurrencyAsked(listed.length >= 2 ? extremesByCurrency(listed, order) : (await catalogue.extremes(order)).slice(0, MAX_LISTED), message)
    if (chosen.length === 0) return reply(kind, say.emptyCatalogue(contactOf(context), language), language)
    return reply(kind, say.extreme(chosen, order, language), language, chosen)
  }
  // "The most expensive backpack": among what the words name, not everything sharing a word with them.
  const pool = bestNamed(term, await catalogue.search(term, 50), true)
  if (pool.length === 0) return reply(kind, say.notFound(contactOf(context), language), language, [], false)
  const chosen = inCurrencyAsked(extremesByCurrency(pool, order), message)
  return reply(kind, say.extreme(chosen, order, language), language, chosen)
}

/** "The cheapest thing in lira": of one per currency, the one in the currency named, when there is one. */
function inCurrencyAsked(chosen: CatalogueProduct[], message: string): CatalogueProduct[] {
  const currency = currencyAsked(message)
  const asked = chosen.filter((product) => product.currency === currency)
  return asked.length > 0 ? asked : chosen
}

/** The cheapest or dearest of a pool in each currency: prices in different currencies are never ranked together. */
function extremesByCurrency(pool: readonly CatalogueProduct[], order: 'cheapest' | 'priciest'): CatalogueProduct[] {
  const best = new Map<string, CatalogueProduct>()
  for (const product of pool) {
    const current = best.get(product.currency)
    const better = !current || (order === 'cheapest' ? product.price < current.price : product.price > current.price)
    if (better) best.set(product.currency, product)
  }
  return [...best.values()].slice(0, MAX_LISTED)
}

/** Words for the whole shop: "en ucuz ürününüz", "the cheapest thing you sell", "mağazadaki en pahalı şey". */
const WHOLE_SHOP = /^(urun\w*|product\w*|things?|items?|sell\w*|sat\w*|magaza\w*|dukkan\w*|shop|store|everything|anything|overall|whole|tum\w*|butun\w*|sey\w*|neyiniz)$/

function overWholeShop(message: string): boolean {
  return words(message).some((word) => WHOLE_SHOP.test(word.key))
}

/**
 * The list the conversation is choosing from: the products of the reply just before this message, or, when that reply
 * picked some of an earlier list ("en ucuzu hangisi", then "en pahalısı?"), the whole of that earlier list.
 */
async function justListed(context: Context): Promise<CatalogueProduct[] | null> {
  const ids = listedIds(context.history.filter((turn) => turn.role === 'assistant'))
  return ids.length === 0 ? null : context.catalogue.byIds(ids.slice(0, MAX_LISTED))
}

/** The ids of the list the last of these replies named, or picked some of (justListed). */
function listedIds(replies: readonly Turn[]): string[] {
  let ids = replies.at(-1)?.productIds ?? []
  if (ids.length === 0) return []
  for (let i = replies.length - 2; i >= 0; i--) {
    const earlier = replies[i]!.productIds
    if (earlier.length === 0) continue
    if (!ids.every((id) => earlier.includes(id))) break
    // ("The second one", then "is it wireless?", "how long is the battery?": the same one, still of the list before.)
    if (earlier.length === ids.length) continue
    ids = earlier
  }
  return ids
}

async function answerBudget(budget: Budget, term: string, context: Context): Promise<ResponderOutput> {
  const { language, catalogue } = context
  let found: CatalogueProduct[]
  let matches: CatalogueProduct[] = []
  if (term === '') {
    found = await catalogue.inBudget(budget, MAX_LISTED + 1)
  } else {
    matches = await catalogue.search(term, 50)
    found = matches
      .filter((p) => p.currency === budget.currency && p.price <= budget.max && (budget.min === undefined || p.price >= budget.min))
      .sort((a, b) => b.price - a.price)
    // "1000 TL'ye kadar hediye": a word no product holds narrows nothing; the budget still does. Nor does a present
    // wished for with no kind of thing named ("annem için doğum günü hediyesi, bütçem 1000 TL"), where what it found
    // is over the budget: those are no kind asked for.
    const namesAKind = thingWords(term).some((word) => !wishesForAGift(word) && !forWhom(asciiKey(word)))
    if (matches.length === 0 || (found.length === 0 && !namesAKind)) found = await catalogue.inBudget(budget, MAX_LISTED + 1)
  }
  // "300 TL altı kulaklık" with none so cheap: that none of the kind is, and what the budget does buy (a list of a budget
  // holds nothing over it).
  if (found.length === 0 && matches.length > 0) {
    const instead = await catalogue.inBudget(budget, MAX_LISTED + 1)
    const shown = instead.slice(0, MAX_LISTED)
    if (shown.length > 0) return reply('budget', `${say.budgetNoneOfKind(budget, language)}\n${say.budgetList(shown, budget, instead.length > MAX_LISTED, language)}`, language, shown)
  }
  if (found.length === 0) return reply('budget', say.budgetNone(budget, language), language)
  const shown = found.slice(0, MAX_LISTED)
  const list = say.budgetList(shown, budget, found.length > MAX_LISTED, language)
  // "500 TL altı hediye" where every gift is out of stock: those, then what the budget buys today (a kind of product
  // asked for, "300 TL altı kulaklık", is not answered with other things).
  if (wishesForAGift(term) && found.every((p) => p.stock <= 0)) {
    const inStock = (await catalogue.inBudget(budget, MAX_LISTED * 3)).filter((p) => p.stock > 0).slice(0, MAX_LISTED)
    if (inStock.length > 0) return reply('budget', `${list}\n${say.budgetInStockInstead(inStock, language)}`, language, [...shown, ...inStock])
  }
  return reply('budget', list, language, shown)
}

/** A suggestion is of what can be bought now: the products in stock before the ones out of it, each in its order. */
const inStockFirst = (products: readonly CatalogueProduct[]) => [...products.filter((product) => product.stock > 0), ...products.filter((product) => product.stock <= 0)]

/** Words for someone fond of a thing. */
const FAN = /^(lovers?|fans?|sever|seven|severler|tutkun\w*|meraklis\w*|hayran\w*)$/
/** `shown`: products already suggested for this wish, left out ("anything else?"). */
async function answerRecommendation(asked: string, context: Context, shown: ReadonlySet<string> = new Set()): Promise<ResponderOutput> {
  const { language, catalogue } = context
  // "A coffee lover", "kahve tutkunu": the person, whose liking is what the words name. "For a 10 year old", "10 yaşında
  // bir çocuğa": an age, which no record's figures are ("32 x 24 x 10 cm" is no bag for a ten-year-old).
  const list = words(asked)
  const ofAge = new Set<number>()
  list.forEach((word, at) => {
    if (!/^\d{1,3}$/.test(word.key) || !/^(years?|yrs?|yo|yas\w*|aylik\w*|months?)$/.test(list[at + 1]?.key ?? '')) return
    ofAge.add(at).add(at + 1)
    if (list[at + 2]?.key === 'old') ofAge.add(at + 2)
  })
  const term = productTerm(list.filter((word, at) => !FAN.test(word.key) && !ofAge.has(at)))
  if (term === '') return reply('recommend', say.clarifyRecommendation(language), language)
  // "For a summer wedding": what answers most of the words, in name or description.
  const bestFor = async (words: string) => {
    const scored = (await catalogue.search(words, MAX_LISTED + shown.size))
      .filter((product) => !shown.has(product.id))
      .map((product) => ({ product, score: coverage(words, `${product.name} ${product.description ?? ''}`) }))
    const best = Math.max(0, ...scored.map((entry) => entry.score))
    return inStockFirst(scored.filter((entry) => best > 0 && entry.score === best).map((entry) => entry.product)).slice(0, 3)
  }
  // "Annem için hediye, takı seviyor": a department named is what the person likes; its things, by their names.
  const department = departmentIn(term)
  let found = department ? inStockFirst((await catalogue.search(department, MAX_LISTED + shown.size)).filter((product) => !shown.has(product.id) && coverage(department, product.name) > 0)).slice(0, 3) : []
  if (found.length === 0) found = await bestFor(term)
  // "Sevgilime ne alsam?": a present; "tatile gidiyorum": something for the summer. The customer's own words come first.
  const occasion = occasionWords(term)
  if (found.length === 0 && occasion !== '') found = await bestFor(`${term} ${occasion}`)
  if (found.length === 0) {
    // Just asked what it should be, and told: nothing fits, rather than the same question again.
    const previous = context.history.findLast((turn) => turn.role === 'assistant')
    // "My sister loves jewellery" of a shop with none: a kind of thing was told, so nothing fits.
    const askedBefore = (previous?.kind === 'recommend' && previous.productIds.length === 0) || department !== null || thingWords(term).length > 0
    if (shown.size > 0) return reply('recommend', say.noOtherRecommendation(language), language)
    return reply('recommend', askedBefore ? say.noRecommendation(language) : say.clarifyRecommendation(language), language)
  }
  // (Unless a record speaks of ages: "3 yaş üstü", "for kids".)
  const agesWritten = found.some((product) => / (yas\w*|ages?|kids?|child\w*|cocuk\w*|bebek\w*|baby|babies) /.test(keyLine(words(`${product.name} ${product.description ?? ''}`))))
  return reply('recommend', say.recommendList(found, language, ofAge.size > 0 && !agesWritten), language, found)
}

/**
 * An attribute question: the product named, or the one just discussed when
 * the words name none ("suya dayanıklı mı?"). The record answers only when
 * it speaks of the attribute, or holds the very words asked about; then its
 * description is quoted as the owner wrote it. Otherwise the reply says the
 * catalogue does not list it: never a yes.
 */
async function answerAttribute(attribute: Attribute | null, term: string, message: string, context: Context): Promise<ResponderOutput> {
  const { language } = context
  // "Kırmızı elbise var mı?" where the catalogue has a Kırmızı Elbise: the colour is the product's name, the question its stock.
  const whole = productTerm(words(message))
  // "Siyah mı?" asks whether the product discussed is black, not for the Siyah Deri Ceket.
  // ("Siyahı var mı?", "siyah dışında renk var mı?" name only a colour: of the one discussed.)
  if (attribute === 'colour' && whole !== term && whole !== '' && !asksWhetherSo(message) && words(whole).some((word) => colourOf(word.key) === null)) {
    const named = (await context.catalogue.search(whole, 3)).filter((product) => coverage(whole, product.name) === 1)
    if (named.length === 1) return answerProductQuestion('stock', whole, context)
  }
  // "Silk tie?", "the leather one, how much?": a material that is part of the one name the message writes, with its kind
  // of product or a price or stock asked, and nothing asking what it is made of. "Is it cotton?" names no product: it asks the
  // material of the one discussed.
  // ("Şal ipek mi?" asks whether the shawl is silk: the material is what "mi" asks of.)
  if (attribute === 'material' && (thingWords(whole).length > 0 || PRODUCT_CUES.test(keyLine(words(message)))) && !asksOfIt(message) && !asksWhichMaterial(words(message)) && !keysOf(message).some((key) => ASKS_MATERIAL.test(key)) && !materialAsked(message)) {
    const named = (await context.catalogue.search(whole, 3)).filter((product) => coverage(whole, product.name) === 1)
    if (named.length === 1) return answerProductQuestion(asksWhetherSo(message) ? 'stock' : 'price', whole, context)
  }
  // "36 beden var mı?" after a list of several: which of them is asked about is the question, not the first one's answer.
  const discussed = term === '' ? await lastProducts(context) : null
  if (discussed && discussed.length > 1) return reply('attribute', say.whichProduct(language), language)
  let found = await subject(term, context, 1)
  // "Kolye çelik mi?" of a silver necklace: the material is what is asked, so the necklace is still the one asked about;
  // so are the headphones of "how long does the headphone battery last?".
  const properties = attribute ? keysOf(term).filter((key) => ATTRIBUTE_PATTERNS[attribute!].test(key)) : []
  const asides = [...materialsIn(term), ...properties]
  if (Array.isArray(found) && found.length === 0 && asides.length > 0) {
    const kind = productTerm(words(term).filter((word) => !asides.includes(word.key)))
    if (kind !== '') found = await subject(kind, context, 1)
  }
  // "Gözlük uv korumalı mı?": a kind of thing and properties a description states; the thing is the one asked about.
  if (Array.isArray(found) && found.length === 0 && thingWords(term).length > 0 && onlyProperties(withoutThings(term))) found = await subject(thingWords(term).join(' '), context, 1)
  // Words that name no product, or name one only in part and no kind of product, just after a product, ask of it:
  // "kaç gün şarj gidiyor" after the watch asks of the watch, though "şarj" is a word of the charger's name.
  if (term !== '') {
    let none = found === 'no_subject' || found === 'gone' || found.length === 0 || coverage(term, found[0]!.name) === 0
    // "Does the silver necklace come in a gift box?": the name the message writes, though "box" heads its words.
    const written = none ? await productNameWritten(message, context) : null
    if (written) {
      found = await subject(written, context, 1)
      none = !Array.isArray(found) || found.length === 0
    }
    const first = none ? null : (found as CatalogueProduct[])[0]!
    const namedWhole = first !== null && keysOf(first.name).every((word) => keysOf(term).some((key) => sameWord(key, word)))
    // ("Bluetooth versiyonu kaç?" just after headphones whose record says "Bluetooth 5.3": of them, not the Bluetooth Hoparlör.)
    const heldByDiscussed = async () => {
      const [one, ...more] = (await lastProducts(context)) ?? []
      return one !== undefined && more.length === 0 && keysOf(term).every((key) => keysOf(`${one.name} ${one.description ?? ''}`).some((word) => sameWord(key, word)))
    }
    const partly = first !== null && ((thingWords(term).length === 0 && coverage(term, first.name) < 1) || (!namedWhole && (await heldByDiscussed())))
    const last = none || partly ? await lastProducts(context) : null
    // ("Kaç gram?" after three gift ideas: which of them is the question, not the first one's weight.)
    if (none && last && last.length > 1 && thingWords(term).length === 0) return reply('attribute', say.whichProduct(language), language)
    if (last && (last.length === 1 || (none && last.length > 0))) found = last.slice(0, 1)
  }
  if (found === 'no_subject') return reply('attribute', say.whichProduct(language), language)
  if (found === 'gone') return reply('attribute', say.gone(contactOf(context), language), language)
  const product = found[0]
  // ("Do you have this in a bigger size?" with nothing discussed: "this" is the product to name.)
  if (!product && (onlyProperties(term) || (thingWords(term).length === 0 && pointsBack(message)))) return reply('attribute', say.whichProduct(language), language)
  // "Beden tablosu var mı?": words that name no kind of product ask something of the shop, not for a product.
  if (!product && thingWords(term).length === 0) {
    const hit = await faqFor(message, context, 'attribute')
    return hit ? reply('faq', biz.faqAnswer(hit), language) : reply('unknown', say.dontKnow(contactOf(context), language, await offered(context)), language)
  }
  if (!product) return reply('attribute', say.notFound(contactOf(context), language), language, [], false)
  const named = words(product.name).map((word) => word.key)
  // ("Güneş gözlüğü" names the Sunglasses in two words.)
  const phrased = phrasesHeld(message, product.name)
  const asking = keysOf(message).filter((key) => !isQuestionWord(key) && !named.some((word) => sameWord(key, word)) && !holdsEquivalent(key, product.name) && !phrased.has(key))
  // "Nabız ölçüyor mu?" of "nabız ölçer": what is asked about is the thing, not the verb asking it.
  const things = asking.filter((key) => !VERB_FORM.test(key))
  const asked = things.length > 0 ? things : asking
  // "Hangi kulaklıklarınız var?" asks nothing of a product but which there are ("are the sunglasses polarized?" asks
  // whether they are so, which the name says).
  const unit = specUnitAsked(message)
  if (asked.length === 0 && attribute === null && term !== '' && !asksWhetherSo(message) && !asksContentsOrFit(message) && !unit && !asksOrigin(message)) {
    return answerProductQuestion('list', term, context)
  }
  // "Powerbank kaç mAh?" of the Powerbank 20000 mAh: a figure in that unit is in its record ("20000 mAh", "20W").
  const figures = keysOf(`${product.name} ${product.description ?? ''}`)
  if (unit && figures.some((key, i) => (key === unit && /^\d/.test(figures[i - 1] ?? '')) || (key.endsWith(unit) && /^\d+$/.test(key.slice(0, -unit.length))))) {
    return reply('attribute', attr.attributeFromRecord(product, language), language, [product])
  }
  // "XL var mı?" of a shirt in "S, M, L": the sizes it lists answer it, whichever they are.
  if (attribute === 'size') {
    const size = askedSize(message)
    const listed = size ? listedSizes(product.description ?? '') : null
    if (size && listed && listed.known(size)) {
      if (listed.has(size)) return reply('attribute', attr.sizeListed(product, size.toUpperCase(), language), language, [product])
      return reply('attribute', attr.sizeNotListed(product, size.toUpperCase(), contactOf(context), language), language, [product], false)
    }
    // "In 12" of a dress in "XS to L": the record lists sizes, none of them so written.
    if (size && listed?.any()) return reply('attribute', attr.sizeNotListed(product, size.toUpperCase(), contactOf(context), language), language, [product], false)
    // "Do you have 3?" of a yoga mat, whose record lists no sizes: how many, which its stock answers (a number a size
    // could well be, or said as one, "42 numara", stays a size).
    const count = size && /^\d{1,2}$/.test(size) && Number(size) <= 20 && !/ (numara\w*|beden\w*|size\w*|no) /.test(keyLine(words(message)))
    if (count && !listed?.any() && asksWhetherThereIs(message)) {
      return reply('stock', [say.stockOf(product, language), ...moreThanStocked(product, Number(size), context)].join(' '), language, [product])
    }
  }
  if (attribute === 'colour') {
    const answered = await answerColour(product, term, message, asking, context)
    if (answered) return answered
  }
  // "Is the linen shirt see-through?": the material named is the product's own name (or its other language's), what is
  // asked is something else, which its material stated in the record does not answer.
  const materialNamed = attribute === 'material' && asked.length > 0 && !keysOf(message).some((key) => ASKS_MATERIAL.test(key)) &&
    keysOf(message).filter((key) => ATTRIBUTE_PATTERNS.material.test(key)).every((key) => named.some((word) => sameWord(key, word)) || holdsEquivalent(key, product.name))
  if (materialNamed) attribute = null
  // "Gümüş mü?" of the Gümüş Kolye, "ipek mi?" of the İpek Eşarp: its name says so.
  // ("Tişörtün rengi ne?" names the product and asks its colour, which the name does not say.)
  const ofName = attribute === null && asksWhetherSo(message) && asking.length === 0 && keysOf(message).some((key) => !isQuestionWord(key) && (named.some((word) => sameWord(key, word)) || holdsEquivalent(key, product.name)))
  // "İpek şal gerçek ipek mi?": the material asked to be real is the one its name says.
  const realAsNamed = asksIfGenuine(message) && materialsIn(message).some((key) => named.some((word) => sameWord(key, word)) || holdsEquivalent(key, product.name))
  // ("Deri çanta hakiki deri mi?" of a record that does not say so: its name says leather, not that it is genuine.)
  if (realAsNamed && !saysGenuine(product.description ?? '')) {
    return reply('attribute', attr.attributeNotListed([product], null, contactOf(context), language), language, [product], false)
  }
  if (ofName || realAsNamed) return reply('attribute', attr.attributeFromRecord(product, language), language, [product])
  const described = keysOf((product.description ?? '').replace(/-/g, ' '))
  // Most of what was asked, not one shared word: "microwave safe" is not answered by "dishwasher safe".
  // ("Kükürtlü mü?" of "kükürtsüz": the record says which.)
  const held = asked.filter((key) => described.some((word) => sameWord(key, word) || sameStem(key, word) || withOrWithout(key, word))).length
  // "Desenli mi düz mü?", "deri mi suni mi?": one of two asked, and the record (its name or description) says which.
  const list = words(message)
  const alternatives = list.filter((_, i) => /^m[iu]$/.test(list[i + 1]?.key ?? '')).map((word) => word.key)
  const recordKeys = [...described, ...named]
  const saysWhich = alternatives.length === 2 && alternatives.filter((key) => recordKeys.some((word) => sameWord(key, word) || sameStem(key, word))).length === 1
  // A property in any of its names, short words too ("uv" of "UV400 korumalı").
  const spoken = words(message).map((word) => word.key).filter((key) => !named.some((word) => sameWord(key, word)) && !holdsEquivalent(key, product.name))
  const holds = (asked.length > 0 && held / asked.length >= 0.6) || saysWhich || sameProperty(spoken.join(' '), product.description ?? '')
  // "Kulaklıklarınız hangi marka?", "kulaklık kaç saat gider?": a kind several products share is asked of all of them;
  // the records that say it answer, and the ones that do not are named. ("Koşu ayakkabısı", "the linen dress" name the
  // one, not the Spor Ayakkabı or the Çiçekli Elbise too.)
  const kind = words(term).filter((word) => !properties.includes(word.key)).map((word) => word.text).join(' ')
  const share = coverage(kind, product.name)
  const kin = thingWords(kind).length > 0 && share > 0 ? await subject(kind, context, MAX_FOR_QUESTION) : []
  const others = Array.isArray(kin) ? kin.filter((other) => other.id !== product.id && coverage(kind, other.name) >= share) : []
  const states = (record: CatalogueProduct) =>
    (attribute && recordStates(record, attribute)) ||
    (record === product ? holds : asked.some((key) => keysOf(record.description ?? '').some((word) => sameWord(key, word) || sameStem(key, word))))
  const stating = [product, ...others].filter(states)
  // "Bu saatin garantisi kaç yıl?", "how many years warranty on the watch?": what no record states, on a subject the
  // owner's FAQ speaks of, is the entry's to answer, however the question was first read (a price, a search).
  if (stating.length === 0 && namesSubject(message)) {
    const hit = await faqFor(message, context, 'attribute')
    if (hit) return reply('faq', biz.faqAnswer(hit), language)
  }
  // "Kadın için keten gömlek var mı?": the product asked for by its name, with words its record does not say; the
  // product as only the closest, with its price and stock ("keten gömleğin cebi var mı?" asks a detail of it).
  const askedFor = keysOf(message).filter((key) => !isQuestionWord(key)).at(-1)
  if (attribute === null && stating.length === 0 && others.length === 0 && asksWhetherThereIs(message) && yesOrNo(message) && !asksContentsOrFit(message) && askedFor && (named.some((word) => sameWord(askedFor, word)) || holdsEquivalent(askedFor, product.name))) {
    return reply('stock', say.closest(product, term, language), language, [product], false)
  }
  const unsaid = [product, ...others].filter((record) => !states(record))
  const answers = stating.map((record) => attr.attributeFromRecord(record, language, attribute))
  if (unsaid.length > 0) answers.push(attr.attributeNotListed(unsaid as [CatalogueProduct, ...CatalogueProduct[]], attribute, contactOf(context), language))
  return reply('attribute', answers.join('\n'), language, [...stating, ...unsaid], stating.length > 0)
}

/**
 * "Ne renk?", "siyahı var mı?", "başka rengi var mı?": the colours the record names answer it, whichever they are;
 * null when the record names none, or the question asks more than a colour ("is the black watch waterproof?").
 */
async function answerColour(product: CatalogueProduct, term: string, message: string, asking: readonly string[], context: Context): Promise<ResponderOutput | null> {
  const { language } = context
  const colours = listedColours(product)
  if (colours.length === 0 || !asking.every((key) => colourOf(key) !== null || ABOUT_COLOUR.test(key))) return null
  const asked = words(message).filter((word) => colourOf(word.key) !== null)
  // A shade is not denied ("kahverengi mi?" of "taba"): the colours listed answer it, with neither yes nor no.
  const lists = (record: CatalogueProduct, word: Word) => colourListed(colourOf(word.key)!, listedColours(record), true)
  // "Siyah mı kahverengi mi?": the one listed answers it; only a colour asked alone, or all asked, are said to be missing.
  const missing = asked.every((word) => !lists(product, word)) ? asked[0] : undefined
  if (missing) {
    // "Lacivert gömlek var mı?" names a kind, not one product: another of the kind may be the navy one.
    const kin = term !== '' ? (await context.catalogue.search(term, 5)).filter((other) => other.id !== product.id && coverage(term, other.name) === 1) : []
    const instead = kin.find((other) => asked.some((word) => lists(other, word)))
    if (instead) return reply('attribute', attr.coloursListed(instead, listedColours(instead), language), language, [instead])
    if (kin.length > 0) return null
    // The colour as the customer wrote it, without its ending: one of the known colour names.
    const written = missing.text.slice(0, colourOf(missing.key)!.length)
    return reply('attribute', attr.colourNotListed(product, written, colours, contactOf(context), language), language, [product], false)
  }
  const line = keyLine(words(message))
  // ("Beyazdan başka renk var mı?", "any colour other than black?" of a record naming only white: the same answer.)
  if (asked.every((word) => lists(product, word)) && (OTHER.test(line) || DIFFERENT.test(line) || / (disinda|haric) /.test(line))) return reply('attribute', attr.onlyColours(product, colours, contactOf(context), language), language, [product], false)
  return reply('attribute', attr.coloursListed(product, colours, language), language, [product])
}

async function answerOrdering(term: string, message: string, context: Context): Promise<ResponderOutput> {
  const { language } = context
  // "3 tane türk kahvesi 2 tane çay", "i need 2 mugs and a candle": each product, how many and what they come to, and how
  // to order (the number went to the one product found, or none was).
  const lines = readBasket(message)
  const basket = lines ? await answerBasket(lines, context) : null
  if (basket) {
    const how = biz.written(context.business.profile, 'ordering') ? biz.policyAnswer(context.business.profile, context.businessName, 'ordering', language) : contactOf(context)
    return { ...basket, kind: 'ordering', reply: `${basket.reply}\n${how}` }
  }
  // "Bal ve zeytinyağı almak istiyorum", "2 linen shirts and 1 straw hat": two products, each by its own words.
  const pair = term !== '' ? await namedPair(message, context) : null
  const found = pair ?? (await subject(term, context, MAX_FOR_QUESTION))
  let products = Array.isArray(found) ? (term === '' || pair ? found : bestNamed(term, found, false)) : []
  // "Bundan 3 tane istiyorum, nasıl yapıcam?": words that only say what the customer will do order the product just discussed.
  if (products.length === 0 && term !== '' && keysOf(term).every((key) => VERB_FORM.test(key) || WILL_DO.test(key))) products = (await lastProducts(context)) ?? []
  const discussed = products.length === 0 && term !== '' ? ((await lastProducts(context)) ?? []) : []
  if (discussed.length > 0) {
    // "Can I wash it?": "can I" asks what may be done with the product just discussed, which its record may say.
    if (pointsBack(message) && asksSomething(message) && topicOf(message) === null) return answerAttribute(attributeOf(words(message)), '', message, context)
    // "Annem için alıyorum": whom it is for, or why, names no other product; the one just discussed is bought.
    if (BUYING.test(keyLine(words(message))) && thingWords(term).length === 0) products = discussed
  }
  // "Aksesuar olabilir": a department, wished for rather than ordered; its things are listed.
  if (products.length === 0 && departmentOf(term)) return answerProductQuestion('list', term, context)
  // "I want 2 mugs" of a shop with none: not in the catalogue, never "which product would you like?".
  if (products.length === 0 && thingWords(term).length > 0) return reply('ordering', say.notFound(contactOf(context), language), language, [], false)
  const how = biz.policyText(context.business.profile, 'ordering')
  const count = quantityAsked(message)
  const [one] = products
  // "I'll take 2": what they come to, when the catalogue shows that many; else that it shows fewer.
  const wanted = products.length === 1 ? moreThanStocked(one!, count, context) : []
  const total = products.length === 1 && count !== null && count > 1 && count <= one!.stock ? [say.totalFor(one!, count, language)] : []
  // "Bana bir tane ayırır mısınız?": how to order, and that putting one aside is the owner's to do (said with the
  // owner's contact details once, where no ordering text of the owner's comes first).
  const reserving = asksToReserve(message)
  const reach = reserving && how === null ? say.cannotReserve(contactOf(context), language) : contactOf(context)
  const text = [say.orderAnswer(products, how, reach, language), ...total, ...wanted].join('\n')
  const reserve = reserving && how !== null ? `\n${say.cannotReserve(contactOf(context), language)}` : ''
  // "I'll take it, how do I pay?": how to order, and how to pay when the owner wrote it.
  const pay = PAYING.test(keyLine(words(message))) && biz.written(context.business.profile, 'payment')
    ? `\n${biz.policyAnswer(context.business.profile, context.businessName, 'payment', language)}`
    : ''
  return reply('ordering', `${text}${reserve}${pay}`, language, products, how !== null || products.some((product) => product.product_link))
}

/** A count asked of nothing named: "kaç?", "kaç tane", "kaç günüm var", "how many?", "how many days do I have?". */
const HOW_MANY_ALONE =
  /^ (peki |ya |and |so |ok )?(kac( tane| adet| gun\w*| ay\w*| hafta\w*| taksit\w*)?|how many( days| months| weeks)?|how long)( (do|have|did) (i|we) (have|got|get)| is it| are there| var| icinde| sure\w*( var)?| hakk\w*( var)?)? $/
const HOW_DO_I =
  /^ (ok |okay |peki |tamam |so )?(how (do|can|should|would) (i|we|u) (do|go about) (that|this|it)|how does (that|this|it) work|nasil yapaca\w*|nasil yapari\w*|nasil yapicam|ne yapmam (gerek\w*|lazim)|ne yapmaliyim|nasil olacak|nasil oluyor) $/
const WAVE = /^\s*(👋(\p{Emoji_Modifier})?\s*)+[!.]*\s*$/u

/** Saying it is being bought, not asking how ordering works. */
const BUYING = / (aliyorum|alacagim|alicam|alcam|alayim|alirim|alsam|buying|ill take|ill get|take it|get it|buy it) /

const PAYING = / (pay|paying|payment|odeme\w*|oderim|odeyebilir\w*|odenir) /

const PRODUCT_QUESTIONS = new Set(['price', 'stock', 'link', 'list', 'search', 'compare', 'extreme', 'budget'])
/** Readings that only look in the catalogue, which a business that sells nothing has no use for. */
const NO_CATALOGUE_KINDS = new Set(['stock', 'link', 'list', 'search'])

/** Whether an entry of the owner's FAQ answers the message as written. */
export async function faqAnswers(business: BusinessKnowledge, message: string): Promise<boolean> {
  if (!business.hasFaq) return false
  const [best] = await business.searchFaq(message, 1)
  return entryAnswers(best, message)
}

/** Whether the FAQ's best entry answers the message: most of the asked words, and no other kind of thing than asked. */
function entryAnswers(hit: FaqHit | undefined, message: string): hit is FaqHit {
  return hit !== undefined && hit.score >= FAQ_MIN_SCORE && sameThings(message, hit.question)
}

/** The owner's FAQ entry that answers this question, if one does. */
async function faqFor(message: string, context: Context, kind: string) {
  if (!asksToTryOn(message)) return faqOf(message, context, kind)
  // "Mağazada deneyebilir miyim?" shares the shop with the entry on collecting there, but only an entry on trying things
  // on answers it.
  const { business } = context
  const searchFaq = async (query: string, limit?: number) => (await business.searchFaq(query, limit)).filter((hit) => asksToTryOn(`${hit.question} ${hit.answer}`))
  return faqOf(message, { ...context, business: { profile: business.profile, hasFaq: business.hasFaq, searchFaq } }, kind)
}

async function faqOf(message: string, context: Context, kind: string) {
  if (!context.business.hasFaq) return null
  const hits = await context.business.searchFaq(message, 3)
  const best = hits[0]
  if (entryAnswers(best, message)) return best
  // The owner may have written the entry in the other language ("do you wrap presents?" of "Hediye paketi yapıyor
  // musunuz?"), or of all products rather than the one named ("kulaklığın garantisi var mı?").
  const asWritten = words(message).map((word) => word.text).join(' ')
  // A product question keeps its product: "kulaklık stokta var mı?" is not an entry about stock in general.
  const retries = PRODUCT_QUESTIONS.has(kind) ? [translate(message)] : [translate(message), withoutThings(message)]
  for (const again of new Set(retries)) {
    if (again === asWritten || keysOf(again).length === 0) continue
    const [other] = await context.business.searchFaq(again, 1)
    if (entryAnswers(other, message)) return other
  }
  // "How long is the warranty on the headphones?", "can I come pick it up today?": the entry on that subject answers,
  // though the message has more words than its question.
  if (!namesSubject(message)) return null
  const onSubject = (hit: FaqHit | undefined) => hit && hit.score >= FAQ_SUBJECT_MIN_SCORE && sameThings(message, hit.question) && sameSubject(message, `${hit.question} ${hit.answer}`)
  // ("Faturalı mı gönderiyorsunuz?" matches the invoice's entry and the one on sending abroad alike: the subject decides.)
  const firstOnSubject = async (query: string) => (await context.business.searchFaq(query, 3)).find(onSubject)
  const found = hits.find(onSubject) ?? (await firstOnSubject(translate(message)))
  if (found) return found
  // ("How many years warranty on the watch?": the entry is of every product, so the watch's words do not count against it.)
  for (const unnamed of new Set([withoutThings(message), withoutThings(translate(message))])) {
    if (keysOf(unnamed).length === keysOf(message).length) continue
    const ofAll = await firstOnSubject(unnamed)
    if (ofAll) return ofAll
  }
  return null
}

// Kinds the owner's FAQ may answer before the built-in answer: questions about
// the business, and messages the rules could not place or took for another
// subject ("is it a genuine product?" is no small talk when the FAQ answers it). Product facts (price,
// stock, links) are always read from the catalogue itself.
const FAQ_FIRST = new Set([
  'location', 'contact', 'shipping', 'delivery_time', 'returns', 'payment', 'discounts', 'booking', 'hours', 'attribute', 'recommend', 'search',
  'unknown', 'ordering', 'stock', 'list', 'link', 'human', 'personal_info', 'off_topic',
])

// Readings of a message that are not about a product: when the catalogue
// holds nothing the words name, one of these (if the classifier saw it at
// all) is a better answer than "no matching product".
const NOT_PRODUCTS = new Set(['hours', 'location', 'contact', 'shipping', 'delivery_time', 'returns', 'payment', 'discounts', 'human', 'complaint', 'booking', 'personal_info', 'off_topic', 'ordering'])
/** Readings of a message that ends the conversation or thanks for it. */
const PARTINGS = new Set(['goodbye', 'thanks'])
/** The least score a second reading needs to be answered instead. */
const ALTERNATIVE_MIN_SCORE = 0.15
/** The least score a second reading as a recommendation needs when no product is what the words name. */
const RECOMMEND_MIN_SCORE = 0.3
/** The least score a reading about the business needs to keep a yes-or-no question from the product just discussed. */
const BUSINESS_READING_MIN_SCORE = 0.2
const FOLLOWED_KINDS = new Set(['price', 'stock', 'link', 'attribute'])

/** The kind of the customer's previous question, for "ya kablolu olan?" after "kablosuz kulaklık ne kadar?". */
async function previousKind(context: Context): Promise<string | null> {
  for (let i = context.history.length - 1; i >= 0; i--) {
    const turn = context.history[i]!
    if (turn.role !== 'user') continue
    return (await understand(turn.content, await corpusClassifier())).kind
  }
  return null
}

// Readings whose words a product's name may share ("telefon kılıfı", "akıllı saat", "deri ceket kaç dolar"); a question
// of shipping too, unless it asks when ("hızlı şarj aleti var mı", but "kablolu kulaklık ne zaman gelir").
const NAME_CLASHES = new Set(['off_topic', 'contact', 'location', 'hours'])
const clashesWithAName = (kind: string, message: string) =>
  NAME_CLASHES.has(kind) || ((kind === 'shipping' || kind === 'delivery_time') && !/ (ne zaman|when|kac gun\w*|how long|how soon) /.test(keyLine(words(message))))
const ASKED_OF_PRODUCTS = new Set(['price', 'stock', 'link'])
/** Readings that ask something of a product the words name. */
const OF_A_PRODUCT = new Set(['price', 'stock', 'link', 'attribute', 'search'])
/** Readings a short yes-or-no question right after a product is taken from ("pamuklu mu?" is no question about the hours). */
const SHORT_FOLLOW_UP_OVER = new Set(['hours', 'location', 'contact', 'shipping', 'delivery_time', 'returns', 'payment', 'discounts', 'off_topic', 'unknown'])
/** A Turkish noun with "its" on it: "kutusu", "garantisi", "askısı", "kapağı". */
const ITS = /^\w{2,}(s[iu]|[bcdfghjklmnprstvyz][iu])$/
/** What comes with a product: "do they come with a case", "includes a cable", "kılıfıyla mı geliyor". */
const COMES_WITH = / (come|comes|coming) with | includ\w* | (ile|iyla|iyle|uyla|uyle|yla|yle|birlikte) (mi |mu )?(geliyor|gelir\w*) |(\w+)(iyla|iyle|uyla|uyle|yla|yle) (mi|mu) (geliyor|gelir\w*) /
/** Words that judge a product rather than name it ("cheap", "güzel", "kaliteli"). */
const JUDGING = /^(cheap\w*|ucuz\w*|nice|good|iyi|guzel\w*|best|kaliteli\w*|quality|yeni|new|uygun\w*|affordable|beautiful|great|cool|hos|sik|tatli|cute|lovely)$/
/** In a part of it: "kutusunda", "paketinde", "içinde". */
const HELD_IN = /^\w{2,}(s[iu]nd[ae]|[iu]nd[ae])$/
/** A Turkish verb as a question puts it: "ölçüyor", "yıkanabilir", "girilir". */
const VERB_FORM = /(iyor|uyor|abilir|ebilir|ilir|ulur|inir|unur)$/
/** A Turkish verb saying what the customer will do: "yapıcam", "alacağım", "ödeyeyim". */
const WILL_DO = /^\w{2,}(acagim|ecegim|acam|ecem|icam|icem|ucam|ucem|ayim|eyim|maliyim|meliyim)$/

/** "Kaç dolar?", "how many euros?": a price asked in a currency, all the message is. */
/** A price asked in another currency as a conversion. */
const CONVERTS = / (cevir\w*|convert\w*) /
const HOW_MUCH_IN = /^ (kac|ne kadar|how many|how much) (dolar|dollars?|euro|euros|avro|tl|lira|pound|pounds|sterlin) (mi |mu |is it |eder |ediyor )?$/

/** A question that opens on "it" ("does it…", "is it…"); "is this bag…" names its product. */
const OPENS_ON_IT = /^ (is|does|can|will|would|could|has|was) it /

/** A question of what or which ("what layout?", "hangi model?"), at the start of the message. */
const WHICH = /^ (what|whats|which|hangi|ne|nasil) /

/** A Turkish question of what, at the end of the message ("asit oranı ne?", "garantisi nedir?"). */
const ENDS_ON_WHAT = / (ne|nedir|neymis|nasil|kac|hangisi) $/

/** A question of how many, how long or how big. */
const MEASURE = / (kac|kacar|how many|how long|how big|how heavy|how tall|how wide) /
const PRODUCT_CUES = / (kac|kaca|fiyat\w*|ne kadar|var mi|stok\w*|how much|price|cost|costs|in stock|do you have) /

/** Business kinds the owner writes a text for, and the text's topic. */
const POLICY_TOPICS: Partial<Record<string, biz.PolicyTopic>> = { shipping: 'shipping', delivery_time: 'delivery', returns: 'returns', payment: 'payment' }
/** The kinds of the business's texts, which the words of a question name when it is asked of one. */
const TOPIC_KINDS = new Set(['shipping', 'delivery_time', 'returns', 'payment', 'ordering'])
/** The kind of reply a policy text is, as the classifier names its topic. */
const POLICY_KIND: Record<biz.PolicyTopic, Intent['kind']> = { shipping: 'shipping', delivery: 'delivery_time', returns: 'returns', payment: 'payment', ordering: 'ordering' }

/** Whether the message asks every word of an FAQ question ("yurt dışına gönderiyor musunuz" of "Yurt dışına gönderim var mı?"). */
function asksAllOf(question: string, message: string): boolean {
  const asked = keysOf(message)
  return keysOf(question)
    .filter((key) => !isQuestionWord(key))
    .every((key) => asked.some((word) => sameWord(key, word) || sameStem(key, word)))
}

/**
 * The words of a product's name the message writes, when they make it about that product whatever else its words
 * suggest: two words or more, or in a yes-or-no question one naming a kind of thing ("kolye alerji yapar mı?").
 */
async function productNameWritten(message: string, context: Context): Promise<string | null> {
  const term = productTerm(words(message))
  if (term === '') return null
  // In either language: "velvet jacket" writes the name "Kadife Ceket".
  const asked = [...keysOf(message), ...keysOf(translate(message))]
  const found = await context.catalogue.search(term, 3)
  const shared = found.map((product) => keysOf(product.name).filter((key) => asked.some((word) => sameWord(key, word))))
  const named = shared.find((keys) => keys.length >= 2) ?? (asksWhetherSo(message) ? shared.find((keys) => keys.some((key) => thingWords(key).length > 0)) : undefined)
  return named ? named.join(' ') : null
}

/**
 * "What is it made of?" just after one product, whose record states it: the record answers, not an FAQ entry that
 * shares a word ("where are your products made?").
 */
async function ofTheOneDiscussed(intent: Intent, message: string, context: Context): Promise<boolean> {
  if (intent.kind !== 'attribute' || intent.attribute === null || intent.term !== '' || !(pointsBack(message) || asksOfIt(message) || ASKS_MATERIAL.test(words(message)[0]?.key ?? ''))) return false
  const last = (await lastProducts(context)) ?? []
  return last.length === 1 && recordStates(last[0]!, intent.attribute)
}

async function answerIntent(intent: Intent, message: string, context: Context, alternatives: readonly Classification[] = []): Promise<ResponderOutput> {
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
    case 'contact':
      return reply('contact', biz.contactAnswer(profile, businessName, language), language, [], biz.written(profile, 'contact'))
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
      return reply('payment', biz.policyAnswer(profile, businessName, 'payment', language), language, [], biz.written(profile, 'payment'))
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
      return reply('discounts', biz.discountsAnswer(profile, businessName, language), language, [], false)
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
      return reply('personal_info', biz.personalInfoAnswer(language), language)
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
        const others = await othersThanDiscussed(intent.term, context, (product) => say.noOther(product, intent.term, language, true))
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

/**
 * What one product's answer leaves unsaid, from its record: "when will it be
 * back?" of one out of stock (the catalogue has no date: said, with who may
 * know one), and a price asked in another currency than the owner's (no rate
 * is made up).
 */
async function addNotes(out: ResponderOutput, message: string, context: Context): Promise<ResponderOutput> {
  if ((out.kind !== 'stock' && out.kind !== 'price') || out.productIds.length !== 1) return out
  const asksBack = out.kind === 'stock' && asksWhenBack(message)
  const currency = currencyAsked(message)
  const wanted = quantityAsked(message)
  if (!asksBack && !currency && wanted === null) return out
  const [product] = await context.catalogue.byIds(out.productIds)
  if (!product) return out
  const notes = [
    ...(asksBack && product.stock <= 0 ? [say.notBackYet(contactOf(context), context.language)] : []),
    ...(currency && currency !== product.currency ? [say.otherCurrency(product, currency, context.language)] : []),
    ...moreThanStocked(product, wanted, context),
    // "3 tane tişört toplam ne kadar?": what that many come to, from the record's price.
    ...(out.kind === 'price' && wanted !== null && wanted > 1 && wanted <= product.stock ? [say.totalFor(product, wanted, context.language)] : []),
  ]
  return notes.length === 0 ? out : { ...out, reply: [out.reply, ...notes].join(' ') }
}

/**
 * "2 tane alsam kargo ücretsiz olur mu?" just after a product, or two products named: what they come to at the
 * catalogue's price, before the owner's shipping text, which says from what amount shipping is free. The sum is the
 * customer's to compare.
 */
async function withBasket(out: ResponderOutput, message: string, context: Context): Promise<ResponderOutput> {
  const wanted = quantityAsked(message)
  // (What shipping costs is no word of a name: "is shipping free", "ücretsiz olur mu".)
  const asked = words(message).filter((word) => topicOf(word.text) === null && !COSTS.test(word.key)).map((word) => word.text).join(' ')
  // "Gömlek ve tişört alsam kargo öder miyim?": the two named, one of each.
  const pair = await namedPair(asked, context)
  // "Keten gömlek alsam…", or "2 tane alsam…" just after a product: that one, as many as said.
  const term = productTerm(words(asked))
  const discussed = (wanted ?? 0) >= 2 ? await lastProducts(context) : null
  const one = pair ? undefined : thingWords(term).length > 0 ? bestNamed(term, await context.catalogue.search(term, 3), false)[0] : discussed?.length === 1 ? discussed[0] : undefined
  const lines = pair ? pair.map((product) => ({ product, quantity: 1 })) : one ? [{ product: one, quantity: wanted ?? 1 }] : []
  if (lines.length === 0) return out
  return { ...out, reply: `${say.basket(lines, context.language)}\n\n${out.reply}`, productIds: lines.map((line) => line.product.id) }
}

/** "10 tane alabilir miyim?" of a product with 7 in stock: that the catalogue shows fewer, and whom to ask. */
function moreThanStocked(product: CatalogueProduct, wanted: number | null, context: Context): string[] {
  if (wanted === null || product.stock <= 0 || wanted <= product.stock) return []
  return [say.fewerInStock(product, wanted, contactOf(context), context.language)]
}

/** A price, stock, link or list question; when nothing in the catalogue is what the words name, another reading of the message if there is one. */
async function answerProduct(intent: Intent, message: string, context: Context, alternatives: readonly Classification[]): Promise<ResponderOutput> {
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

/** Whether the words name a property a description may state, in one word or two ("su geçirmez", "gürültü engelleme"). */
function namesAProperty(message: string): boolean {
  const said = words(message).map((word) => word.text)
  return said.some((word, i) => onlyProperties(word) || (i > 0 && onlyProperties(`${said[i - 1]} ${word}`)))
}

/** Each line's product as the catalogue has it and what they come to; null unless every line names a product of its own. */
async function answerBasket(lines: readonly BasketLine[], context: Context): Promise<ResponderOutput | null> {
  const products = await Promise.all(lines.map(async (line) => bestNamed(line.term, await context.catalogue.search(line.term, 3), false)[0] ?? null))
  if (products.some((product) => product === null) || new Set(products.map((product) => product!.id)).size < products.length) return null
  const counted = lines.map((line, i) => ({ product: products[i]!, quantity: line.quantity }))
  return reply('price', say.basket(counted, context.language), context.language, counted.map((line) => line.product))
}

/** Shipping said to come with a price: "with shipping", "kargoyla" (besides "dahil", "including": INCLUDED). */
const WITH_SHIPPING = / (with (shipping|delivery|postage)|kargoyla|kargo ile) /
/** Words around a price asked with its shipping, no part of the product's name. */
const PRICE_AROUND = /^(with|ile|in|the|of|price\w*|fiyat\w*)$/

/**
 * "Elbise kaç para, kargo dahil mi?", "how much is the dress including shipping?", "how much with shipping" of the one
 * product just discussed: its price, then the owner's shipping text; null unless the message asks whether shipping is in
 * the price of a kind of product the catalogue has, or what the one discussed costs with it.
 */
async function answerPriceWithShipping(message: string, context: Context): Promise<ResponderOutput | null> {
  const { language, businessName } = context
  const list = words(message)
  if (topicOf(message) !== 'shipping' || !(list.some((word) => INCLUDED.test(word.key)) || WITH_SHIPPING.test(keyLine(list)))) return null
  const term = productTerm(list.filter((word) => topicOf(word.text) === null && !INCLUDED.test(word.key) && !PRICE_AROUND.test(word.key)))
  const discussed = term === '' && asksWhatItCosts(message) ? await lastProducts(context) : null
  if (thingWords(term).length === 0 && discussed?.length !== 1) return null
  const product = discussed?.length === 1 ? discussed[0] : bestNamed(term, await context.catalogue.search(term, 3), false)[0]
  if (!product) return null
  const { profile } = context.business
  const shipping = biz.policyAnswer(profile, businessName, 'shipping', language)
  return reply('shipping', `${say.priceOf(product, language)}\n\n${shipping}`, language, [product], biz.written(profile, 'shipping'))
}

/** When something comes: "ne zaman", "when", "how soon". */
const WHEN_COMING = / (ne zaman|when|how soon) /
/** The shop's opening and closing, which "when" asks as often. */
const OPENING = / (open\w*|clos\w*|acik\w*|acil\w*|aciyor\w*|kapa\w*|saat\w*|hours?) /

/** "Kot pantolonla birlikte ne kadar?", "and with the jeans?" just after one product: the two, and what they come to. */
async function answerWithAnother(message: string, previousKind: string | null | undefined, context: Context): Promise<ResponderOutput | null> {
  if (!(previousKind === 'price' || asksWhatItCosts(message)) || COMES_WITH.test(keyLine(words(message))) || productPair(message) || pairByEnding(message)) return null
  const term = addedWith(message)
  const last = term === null ? null : await lastProducts(context)
  // "Kargo ile birlikte ne kadar?": with the shipping, which is the owner's text, not a "Kargo Pantolon".
  if (term === null || topicOf(term) !== null || last?.length !== 1) return null
  const added = bestNamed(term, await context.catalogue.search(term, 3), false)[0]
  if (!added || added.id === last[0]!.id) return null
  const both = [last[0]!, added]
  return reply('price', say.basket(both.map((product) => ({ product, quantity: 1 })), context.language), context.language, both)
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

/**
 * "İlkinin linki?" after a list: the conversation as if the last reply had named only that product. The list is the one
 * the last reply picked from, when it named some of an earlier one ("hangisi daha ucuz?", then "ikincisinin linki").
 */
function narrowedToPlace(message: string, history: readonly Turn[]): Turn[] {
  const place = ordinalOf(message)
  const at = history.findLastIndex((turn) => turn.role === 'assistant' && turn.productIds.length > 0)
  if (place === null || at < 0) return [...history]
  const listed = listedIds(history.slice(0, at + 1).filter((turn) => turn.role === 'assistant')).slice(0, MAX_LISTED)
  if (listed.length < 2) return [...history]
  const chosen = place < 0 ? listed.at(-1) : listed[place]
  if (!chosen) return [...history]
  return history.map((turn, i) => (i === at ? { ...turn, productIds: [chosen] } : turn))
}

async function answerMessage(
  { message, language, history, businessName, catalogue, business, now, booking }: Parameters<Responder>[0],
  understood: Awaited<ReturnType<typeof understand>>,
): Promise<ResponderOutput> {
  const replyIn = replyLanguage(message, language, history)
  const context: Context = { catalogue, business, businessName, language: replyIn, history: narrowedToPlace(message, history), now, booking }
  // Words the corpus does not know may be a product's name: "deri ceket kaç dolar" asks a price, not the exchange rate.
  // An off-topic reading reads no data unless the words also ask a price or stock ("kaç", "how much").
  // So does a yes-or-no question ("kolye alerji yapar mı?"), when its words name a product.
  const mayBeProduct = understood.kind !== 'off_topic' || PRODUCT_CUES.test(keyLine(words(message))) || asksWhetherSo(message)
  const withShipping = await answerPriceWithShipping(message, context)
  if (withShipping) return withShipping
  // ("Gömlek ve tişört alsam kargo öder miyim?": things bought, then shipping; no question of a product's name.)
  const boughtThenShipped = understood.kind === 'shipping' && IF_BOUGHT.test(keyLine(words(message)))
  const written = !boughtThenShipped && clashesWithAName(understood.kind, message) && understood.unknownWords > 0 && mayBeProduct ? await productNameWritten(message, context) : null
  if (written !== null) {
    // Whether it is so is asked of the product the name names ("kolye alerji yapar mı?").
    if (asksWhetherSo(message)) return answerAttribute(attributeOf(words(message)), written, message, context)
    const asked = understood.alternatives.find((reading) => ASKED_OF_PRODUCTS.has(reading.intent))?.intent ?? 'search'
    return answerProduct(intentOf(asked, message), message, context, [])
  }
  // The reply just before, which short follow-ups are read against.
  const previousReply = history.findLast((turn) => turn.role === 'assistant')
  const previousKind = previousReply?.kind
  // "2 keten gömlek 1 şapka ne tutar?", "what about 2 linen shirts and a hat?" after a price: what they come to.
  const lines = readBasket(message)
  if (lines && (asksWhatItCosts(message) || previousKind === 'price')) {
    const basket = await answerBasket(lines, context)
    if (basket) return basket
  }
  // "Total?", "toplam ne kadar?" just after "I'll take 2" of one product: what that many come to.
  const saidBefore = history.findLast((turn) => turn.role === 'user')
  const countedBefore = saidBefore && asksTotal(message) && quantityAsked(message) === null ? quantityAsked(saidBefore.content) : null
  const ofOne = countedBefore !== null && countedBefore > 1 ? await lastProducts(context) : null
  if (ofOne?.length === 1) return reply('price', say.basket([{ product: ofOne[0]!, quantity: countedBefore! }], replyIn), replyIn, ofOne)
  // …and just after "3 kahve 2 çay": what those come to.
  const basketBefore = countedBefore !== null ? readBasket(saidBefore!.content) : null
  const again = basketBefore ? await answerBasket(basketBefore, context) : null
  if (again) return again
  const withAnother = await answerWithAnother(message, previousKind, context)
  if (withAnother) return withAnother
  // "When do you expect more?", "ne zaman gelir?" just after a product out of stock: when it is back, which the
  // catalogue does not say (not the opening hours, nor how long a parcel takes).
  const line = keyLine(words(message))
  if (WHEN_COMING.test(line) && !OPENING.test(line) && topicOf(message) === null && thingWords(message).length === 0 && ['stock', 'price', 'search'].includes(previousKind ?? '')) {
    const last = await lastProducts(context)
    if (last?.length === 1 && last[0]!.stock <= 0) return addNotes(reply('stock', say.stockOf(last[0]!, replyIn), replyIn, last), message, context)
  }
  // "İkisini de alsam ne tutar?", "how much for both?" just after a list: one of each, and what they come to.
  if (namesAllListed(message) && asksWhatItCosts(message)) {
    // With no list just given, "both" are the last two products discussed ("keten gömlek var mı", then "şapka var mı").
    const discussed = history.filter((turn) => turn.role === 'assistant').flatMap((turn) => turn.productIds)
    const lastTwo = [...new Set(discussed.reverse())].slice(0, 2).reverse()
    const justGiven = (await justListed(context)) ?? []
    const listed = justGiven.length >= 2 ? justGiven : await catalogue.byIds(lastTwo)
    if (listed.length >= 2) return reply('price', say.basket(listed.map((product) => ({ product, quantity: 1 })), replyIn), replyIn, listed)
  }
  // "Başka ne var?", "anything else?", "any other ideas?" just after suggestions: more for the same wish, never the
  // catalogue from its first letter; and that there are none when none are left.
  const asksMore = (text: string) => OTHER.test(keyLine(words(text))) && words(text).length <= 5 && thingWords(text).length === 0 && topicOf(text) === null
  if (previousKind === 'recommend' && (previousReply?.productIds.length ?? 0) > 0 && asksMore(message)) {
    // The wish is the message before this run of suggestions and "anything else?"s; all they showed is left out.
    let at = history.length - 1
    while (at > 0 && history[at]!.role === 'assistant' && history[at]!.kind === 'recommend' && asksMore(history[at - 1]!.content)) at -= 2
    const wish = history.slice(0, at + 1).findLast((turn) => turn.role === 'user')
    const shown = new Set(history.slice(at).flatMap((turn) => (turn.role === 'assistant' ? turn.productIds : [])))
    if (wish) return answerRecommendation(wish.content, context, shown)
  }
  // "Bütçem 500 TL", "under 50 dollars" just after suggestions or a list of a kind: the same wish, in that budget (as
  // "annem için 500 TL altı hediye" said at once), not everything the budget buys.
  // (One suggestion is a wish too: "a gift for my dad, he likes coffee", then "under 300 tl".)
  const shown = history.at(-1)?.productIds.length ?? 0
  if (understood.kind === 'budget' && understood.term === '' && ['recommend', 'list', 'search', 'stock', 'cheapest'].includes(previousKind ?? '') && (shown >= 2 || (shown === 1 && previousKind === 'recommend'))) {
    const wish = history.findLast((turn) => turn.role === 'user')
    const term = wish ? productTerm(words(wish.content)) : ''
    if (thingWords(term).length > 0 || departmentOf(term)) return answerBudget(understood.budget, term, context)
  }
  // "What about wireless ones?", "kablosuz olanlar?" just after a kind of thing was asked for: that kind, so described.
  if (['search', 'list', 'stock'].includes(understood.kind) && 'term' in understood && / (ones|olanlar\w*) /.test(keyLine(words(message)))) {
    const described = productTerm(words(understood.term).filter((word) => !/^(ones|olanlar\w*)$/.test(word.key)))
    const kindAsked = history.findLast((turn) => turn.role === 'user' && thingWords(productTerm(words(turn.content))).length > 0)
    // (A colour is left to the colour's own reading: which records say it.)
    if (described !== '' && thingWords(described).length === 0 && coloursIn(described).length === 0 && kindAsked) {
      return answerIntent({ kind: understood.kind as 'search', term: `${described} ${thingWords(productTerm(words(kindAsked.content))).join(' ')}` }, message, context)
    }
  }
  // "Cumartesi de aynı mı?", "and Sunday?" just after the hours: that day's hours, whatever the words sounded like.
  if (previousKind === 'hours' && understood.kind !== 'hours' && understood.kind !== 'booking' && namesOnlyADay(message)) {
    return answerIntent(intentOf('hours', message), message, context)
  }
  // "How much for a kid?" just after a service: that service as listed, and that no price for a case of it is written.
  const serviceBefore = previousKind === 'service' ? history.findLast((turn) => turn.role === 'user') : undefined
  const varies = serviceBefore && booking ? await serviceVariesAsked(message, serviceBefore.content, booking, contactOf(context), replyIn) : null
  if (varies) return varies
  // "İzmir'e?", "what about to northern cyprus" just after the shipping text: the same question, of another place, which
  // the same text (and any entry it was answered with) answers; never a product search for the place.
  if ((previousKind === 'shipping' || previousKind === 'delivery_time') && TO_A_PLACE.has(understood.kind) && words(message).length <= 5 && topicOf(message) === null && asksOfAPlace(message)) {
    const term = 'term' in understood ? understood.term : ''
    const named = term === '' ? [] : bestNamed(term, await catalogue.search(term, 3), false)
    const asked = history.findLast((turn) => turn.role === 'user')
    // (A kind of product is no place: "peki kolye?" asks for a necklace.)
    if (named.length === 0 && thingWords(message).length === 0 && asked) {
      const again = await answerIntent(intentOf(previousKind, asked.content), asked.content, context)
      // "And to Germany?": the owner's FAQ may say whether it goes there ("Yurt dışına gönderim var mı?").
      const place = productTerm(words(message).filter((word) => !/^(and|ve|peki|what|about|to)$/.test(word.key)))
      const hit = place === '' ? null : await faqFor(place, context, previousKind)
      const entry = hit ? biz.faqAnswer(hit) : ''
      return entry !== '' && !again.reply.includes(entry) ? { ...again, reply: `${again.reply}\n\n${entry}` } : again
    }
  }
  // "Is it free over a certain amount?", "how long does it take?" just after the shipping text: asked of it again, naming
  // no product and no other topic (off topic, and "which product?", were the answers).
  const policyBefore = previousKind === 'shipping' || previousKind === 'delivery_time' || previousKind === 'returns' || previousKind === 'payment' ? previousKind : null
  // ("Is it dishwasher safe?" asks a property of the product before.)
  const ofAProperty = attributeOf(words(message)) !== null || namesAProperty(message)
  if (policyBefore && ['off_topic', 'attribute', 'unknown'].includes(understood.kind) && words(message).length <= 8 && thingWords(message).length === 0 && topicOf(message) === null && pointsBack(message) && !ofAProperty) {
    return answerIntent({ kind: policyBefore }, message, context)
  }
  // "Kaç?", "how many?", "kaç gün?" of nothing named, just after a policy text: how many of what it spoke of (instalments,
  // days to send something back), which that text says if anything does.
  if (policyBefore && HOW_MANY_ALONE.test(keyLine(words(message)))) return answerIntent({ kind: policyBefore }, message, context)
  // "Ücretli mi?", "not ekleyebilir miyim?" just after an FAQ answer, naming no product: asked of that entry.
  if (previousKind === 'faq' && words(message).length <= 4 && FAQ_FOLLOWED.has(understood.kind)) {
    const term = 'term' in understood ? understood.term : ''
    // A product the words name whole: "not" (a note) only begins "Notebook".
    const whole = (product: CatalogueProduct) => keysOf(term).some((key) => keysOf(product.name).some((word) => word === key || sameStem(key, word)))
    const named = term === '' ? [] : bestNamed(term, await catalogue.search(term, 3), false).filter(whole)
    // The question the entry first answered: "ücretli mi?" after "not ekleyebilir miyim?" is still of the gift wrapping.
    const asked = entryAsked(history)
    // A question an entry answers by itself ("isim yazdırma yapıyor musunuz?") is that entry's, as ever.
    const hit = named.length === 0 && !(await faqFor(message, context, 'unknown')) ? await faqFor(`${asked} ${message}`, context, 'unknown') : null
    if (hit) return reply('faq', biz.faqAnswer(hit), replyIn)
    // Asked in more words than the entry holds ("kolyeyi hediye paketi yapabilir misiniz", then "not da ekleyebilir
    // misiniz"): the entry whose answer was given, when the words ask of nothing else (no topic, no product, no word of
    // another entry).
    const given = previousReply?.content
    const mayBeOfIt = !hit && named.length === 0 && topicOf(message) === null && understood.kind !== 'location' && understood.kind !== 'contact'
    const ofNothingElse = mayBeOfIt && (await business.searchFaq(message, 3)).every((candidate) => biz.faqAnswer(candidate) === given)
    const found = ofNothingElse ? (await business.searchFaq(asked, 5)).find((candidate) => biz.faqAnswer(candidate) === given) : undefined
    // …and the follow-up shares a word with it ("not" of "sipariş notuna"): "mağazadan teslim alabilir miyim?" is no more
    // of the gift wrapping.
    const entry = found && sharesAWord(message, `${found.question} ${found.answer}`) ? found : undefined
    if (entry) return reply('faq', biz.faqAnswer(entry), replyIn)
  }
  // "Pamuklu mu?" just after a product: a short yes-or-no question with a word the corpus does not know asks it of
  // that product, however the classifier read its one familiar particle.
  // So does one naming a property a description may state ("hızlı şarj destekliyor mu?" of a powerbank), in a few more words.
  const asksProperty = words(message).length <= 5 && namesAProperty(message)
  // ("Is it usd?" asks the price's currency, below.)
  const followsUp = SHORT_FOLLOW_UP_OVER.has(understood.kind) && asksWhetherSo(message) && !asksOfTheShop(message) && topicOf(message) === null && currencyAsked(message) === null
  if (followsUp && ((understood.unknownWords > 0 && words(message).length <= 3) || asksProperty)) {
    if ((await lastProducts(context))?.length) return answerAttribute(attributeOf(words(message)), '', message, context)
  }
  // "Su geçirmez diyorsunuz, denizde kullanılır mı?": longer, but repeating what the one product's record says, and
  // naming no other product.
  if (followsUp || (understood.kind === 'search' && asksWhetherSo(message) && topicOf(message) === null)) {
    const last = (await lastProducts(context)) ?? []
    const record = last.length === 1 ? `${last[0]!.name} ${last[0]!.description ?? ''}` : ''
    const recordKeys = keysOf(record).filter((key) => key.length >= 4)
    const echoes = keysOf(message).some((key) => key.length >= 4 && !isQuestionWord(key) && recordKeys.some((word) => sameWord(key, word)))
    if (echoes && thingWords(message).every((thing) => coverage(thing, last[0]!.name) > 0)) return answerAttribute(attributeOf(words(message)), '', message, context)
  }
  // "What's the difference between them?", "aralarındaki fark ne?" just after a list: the products listed, side by side;
  // "which one would you recommend?", "hangisi daha iyi?" too, with no taste made up.
  const betterAsked = WHICH_BETTER.test(keyLine(words(message)))
  if ((COMPARES.test(keyLine(words(message))) && productTerm(words(message).filter((word) => !AMONG_THEM.test(word.key))) === '') || betterAsked) {
    const listed = (await justListed(context)) ?? []
    if (listed.length >= 2) return reply('compare', betterAsked ? say.noneBetter(listed, replyIn) : say.comparison(listed, replyIn), replyIn, listed)
  }
  // "What's the difference between the two headphones?" with none listed: those of that kind, side by side.
  const kindCompared = COMPARES.test(keyLine(words(message))) ? productTerm(words(message).filter((word) => !AMONG_THEM.test(word.key) && !/^(two|2|iki)$/.test(word.key))) : ''
  if (kindCompared !== '' && thingWords(kindCompared).join(' ') === kindCompared) {
    const ofKind = (await context.catalogue.search(kindCompared, MAX_LISTED + 1)).filter((product) => coverage(kindCompared, product.name) > 0 || holdsEquivalent(kindCompared, product.name))
    if (ofKind.length >= 2 && ofKind.length <= MAX_LISTED) return reply('compare', say.comparison(ofKind, replyIn), replyIn, ofKind)
  }
  // "Benzer bir şey var mı?", "anything similar?" just after a product: others of its kind. So is "benzer bir çanta" of
  // the bag, whose name holds what the words name.
  // ("Başka model var mı?", "any other styles?": another of its kind, in the words of variants.)
  const otherVariant = OTHER.test(keyLine(words(message))) && words(message).some((word) => VARIANT.test(word.key))
  const similarAsked = otherVariant || words(message).some((word) => SIMILAR.test(word.key))
  const rest = similarAsked ? productTerm(words(message).filter((word) => !SIMILAR.test(word.key) && !VARIANT.test(word.key) && !OTHER.test(` ${word.key} `))) : ''
  const discussedBefore = similarAsked ? ((await lastProducts(context)) ?? []) : []
  const ofItsKind = rest === '' || (discussedBefore.length === 1 && words(rest).every((word) => coverage(word.text, discussedBefore[0]!.name) > 0))
  const discussedNow = ofItsKind ? discussedBefore : []
  // Of several just listed, which one is the question.
  if (discussedNow.length > 1) return reply('attribute', say.whichProduct(replyIn), replyIn)
  if (discussedNow.length === 1) {
    const kind = thingWords(discussedNow[0]!.name).at(-1)
    // "None" said of the product, not of its kind as the name inflects it ("Çantası").
    const others = kind ? await othersThanDiscussed(kind, context, (product) => say.noSimilar(product, replyIn)) : null
    if (others) return others
  }
  // "Takı seviyor", "she likes jewellery" just after being asked what the present should be: the wish, told in two
  // messages, is read whole.
  const lastTurn = history.at(-1)
  if (lastTurn?.role === 'assistant' && lastTurn.kind === 'recommend' && lastTurn.productIds.length === 0 && TELLS_MORE.has(understood.kind)) {
    const wish = history.at(-2)?.role === 'user' ? history.at(-2)!.content : ''
    const suggested = await answerRecommendation(productTerm(words(`${wish} ${message}`)), context)
    // "He likes to read" of a shop with no books: nothing fits, never "I can't help with that".
    // (A search of the words told is in the wish's search already.)
    if (suggested.productIds.length > 0 || ['off_topic', 'unknown', 'search'].includes(understood.kind)) return suggested
  }
  // "I bought it 3 weeks ago", "10 gün önce teslim aldım" just after the returns: whether the return is still possible,
  // which the returns text says.
  if (previousKind === 'returns' && TIME_AGO.test(keyLine(words(message)))) return answerIntent({ kind: 'returns' }, message, context)
  // "Is it free?", "ücretli mi?" naming nothing else, just after the shipping or the returns: what that text says of it.
  // "How much to the UK?" too: a place, no product, is what the shipping text is asked of.
  const howMuchTerm = productTerm(words(message))
  const howMuch = Boolean(previousKind && COSTED_TOPICS[previousKind]) && / (how much|ne kadar|kac para) /.test(keyLine(words(message))) && thingWords(message).length === 0 &&
    (howMuchTerm === '' || (await context.catalogue.search(howMuchTerm, 1)).length === 0)
  const costOnly = howMuch || (words(message).some((word) => COST_WORDS.test(word.key)) && productTerm(words(message).filter((word) => !COST_WORDS.test(word.key))) === '')
  // "Kargo ücreti ne kadar izmire?" just after the returns names a place a parcel goes to: the shipping text's, not the
  // return's shipping.
  const toAPlace = understood.kind === 'shipping' && productTerm(words(message).filter((word) => !SHIPPING_WORD.test(word.key))) !== ''
  if (costOnly && previousKind && COSTED_TOPICS[previousKind]) return answerIntent({ kind: toAPlace ? 'shipping' : COSTED_TOPICS[previousKind] }, message, context)
  // "Siparişim 600 TL", "my order is 500 tl" just after the shipping text: what shipping costs for it, which the text says.
  if (statesAmountAfterShipping(message, history)) return answerIntent({ kind: 'shipping' }, message, context)
  // How long, with no product in the words, just after a business text asks more of it: "kaç gün içinde?" after the
  // returns, "how long would it take?" after shipping (the delivery's time, not a length). With no product discussed
  // at all, "how long would it take?" is the delivery's too.
  if (understood.kind === 'attribute' && understood.term === '' && ASKS_HOW_LONG.test(keyLine(words(message)))) {
    const followed = TIMED_TOPICS[previousKind ?? '']
    if (followed) return answerIntent({ kind: followed }, message, context)
    const delivery = understood.alternatives.some((reading) => reading.intent === 'delivery_time' && reading.score >= ALTERNATIVE_MIN_SCORE)
    if (delivery && !(await lastProducts(context))?.length) return answerIntent({ kind: 'delivery_time' }, message, context)
  }
  // "In EUR right?", "what is it in lira roughly?": the price of the product just discussed, in the currency asked when
  // it is the owner's, else as written with no rate made up.
  // "TL'ye çevirir misiniz?", "can you convert it to lira?" say so, whatever the network made of them.
  const converts = CONVERTS.test(keyLine(words(message)))
  // "Dolar mı o?", "is it usd?": whether the price is in that currency, asked of it ("dolar kaç?" asks the rate).
  const whetherIn = / (m[iu]|is (it|that|this)|are (they|those|these)) /.test(keyLine(words(message)))
  if (currencyAsked(message) !== null && productTerm(words(message)) === '' && (converts || whetherIn || !['budget', 'extreme', 'list', 'off_topic'].includes(understood.kind))) {
    const last = (await lastProducts(context)) ?? []
    if (last.length === 1) return addNotes(reply('price', say.priceOf(last[0]!, replyIn), replyIn, last), message, context)
  }
  // "Daha ucuz bir şey var mı?" just after a list: cheaper than the cheapest of it. "Kahve mi çay mı daha ucuz?" compares.
  // "Çok pahalı ya", "too expensive": cheaper than what was shown, too. A reply between (an "I can't answer") does not
  // lose the products shown before it.
  // "Hangisi daha ucuz?", "which one is more expensive?" just after a list: that end of it, not cheaper ones than it.
  const asked = keyLine(words(message))
  // "How do I do that?", "nasıl yapacağım?" just after a policy text (returns, shipping…): that text, which says how.
  const lastKind = context.history.findLast((turn) => turn.role === 'assistant')?.kind ?? ''
  if (HOW_DO_I.test(asked) && POLICY_TOPICS[lastKind]) return answerIntent({ kind: lastKind as BusinessTopic }, message, context)
  if (understood.kind !== 'compare' && WHICH_ONE.test(asked) && (CHEAPER.test(asked) || DEARER.test(asked)) && ((await justListed(context)) ?? []).length >= 2) {
    return answerExtreme(CHEAPER.test(asked) ? 'cheapest' : 'priciest', '', message, context)
  }
  if (understood.kind !== 'compare' && (CHEAPER.test(keyLine(words(message))) || TOO_DEAR.test(keyLine(words(message))))) {
    const listed = (await justListed(context)) ?? (await lastProducts(context)) ?? []
    if (listed.length > 0) {
      const cheaper = await answerCheaper(listed, understood.kind === 'unknown' || !('term' in understood) ? '' : understood.term, context)
      if (understood.kind !== 'discounts') return cheaper
      // "Pahalıymış, indirim olur mu?": the offers asked for (the owner's, or that none are written), then cheaper ones.
      const offers = await answerIntent(understood, message, context, understood.alternatives)
      return { ...offers, reply: `${offers.reply}\n\n${cheaper.reply}`, productIds: cheaper.productIds }
    }
    // "Çok pahalı ya", "çantalar çok pahalı" with nothing shown yet: the most affordable (of the kind named), never the
    // dearest ("pahalı" as the network hears it). ("Kargo çok pahalı" is of a policy: the usual answer.)
    if (TOO_DEAR.test(asked) && !CHEAPER.test(asked) && topicOf(message) === null) {
      const named = productTerm(words(message))
      return answerExtreme('cheapest', thingWords(named).length > 0 ? named : '', message, context)
    }
  }
  return answerIntent(understood, message, context, understood.alternatives)
}

/** Whether the message asks something: a question mark, a yes-or-no question, or "can you…", "could I…". */
function asksSomething(message: string): boolean {
  return /\?\s*$/.test(message) || yesOrNo(message) || /^ (can|could|would|will|do|does) (you|i|we|u) |^ how (should|do|can|would|to) /.test(keyLine(words(message)))
}

/** The customer's question that began the FAQ answers the conversation ends on. */
function entryAsked(history: readonly Turn[]): string {
  let asked = ''
  for (let i = history.length - 1; i > 0 && history[i]!.role === 'assistant' && history[i]!.kind === 'faq'; i -= 2) {
    if (history[i - 1]!.role === 'user') asked = history[i - 1]!.content
  }
  return asked
}

/** Whether a word the message asks with, not only its question words, is one of the text's ("not" of "notuna"). */
function sharesAWord(message: string, text: string): boolean {
  const theirs = keysOf(text)
  // A root of five letters is shared too: "ücretli" asks of "ücretsiz".
  const rooted = (a: string, b: string) => a.length >= 5 && b.length >= 5 && a.slice(0, 5) === b.slice(0, 5)
  return keysOf(message).some((key) => key.length >= 3 && !isQuestionWord(key) && theirs.some((word) => sameWord(key, word) || sameStem(key, word) || rooted(key, word)))
}

/** "Which one would you recommend?", "hangisi daha iyi?": which of a list is best, asked. */
const WHICH_BETTER = /^ (peki |so |ok |and )?(hangisi\w* (daha )?(iyi|guzel|kaliteli|onerir\w*|tavsiye\w*)|hangisini (onerir\w*|tavsiye\w*|alay\w*|almali\w*|secey\w*|secmeli\w*)|which (one )?(is |would you |do you |should i )?(better|best|recommend\w*|suggest\w*|get|buy|choose|pick)) /
/** "Şal ipek mi?", "is the shawl silk?": a material is what the yes-or-no question asks of. */
function materialAsked(message: string): boolean {
  const list = words(message)
  const asked = (i: number) => ATTRIBUTE_PATTERNS.material.test(list[i]!.key) && thingWords(list[i]!.text).length === 0
  return asksWhetherSo(message) && list.some((word, i) => asked(i) && (/^m[iu]$/.test(list[i + 1]?.key ?? '') || (i === list.length - 1 && /^(is|are)$/.test(list[0]?.key ?? ''))))
}

/** Words pointing at the products just listed, together. */
const AMONG_THEM = /^(aralarindaki|aralarinda|arasindaki|ikisinin|ikisi|ikisini|hepsinin|bunlarin|onlarin|between|them|these|those|both|all|three)$/

/** Words asking for something like the product discussed. */
const SIMILAR = /^(benzer\w*|similar|alternatif\w*|alternatives?|muadil\w*|yerine)$/
/** Words of a product's variants: "model", "çeşit", "styles", "options". */
const VARIANT = /^(model\w*|cesit\w*|cesid\w*|tur|turu|turler\w*|secenek\w*|styles?|options?|kinds?|types?|designs?|models?|versions?)$/

/** A warranty asked about, however long or whether there is one. */
const WARRANTY = / (garanti\w*|warrant\w*|guarantee\w*) /

/** Readings a place alone gets ("izmire": a search; "northern cyprus": nothing the network knows). */
const TO_A_PLACE = new Set(['search', 'unknown', 'off_topic', 'again', 'attribute', 'stock'])
/** A place asked of: "to …", "what about …", "ya …", or a Turkish place alone with its "to" ending ("İzmir'e", "Ankaraya"). */
const asksOfAPlace = (message: string) => {
  const line = keyLine(words(message))
  return /^ (to|what about|how about|and|ya|peki) /.test(line) || (words(message).length <= 2 && / \w{3,}(y?[ae]) $/.test(line))
}

/** Readings a short question just after an FAQ answer may be asked of that entry under. */
const FAQ_FOLLOWED = new Set(['search', 'stock', 'attribute', 'unknown', 'off_topic', 'location', 'contact', 'price', 'link'])

/** How an answer to "what kind of product, for whom?" may be read on its own: as nothing, or as a search. */
const TELLS_MORE = new Set(['off_topic', 'unknown', 'search', 'list', 'recommend', 'attribute'])
/** Words that name shipping itself. */
/** What a policy's cost is said with: "free", "ücretsiz", "bedava", "ücretli". */
const COSTS = /^(free|ucretsiz\w*|bedava\w*|ucretli\w*|paid|charged?)$/
const SHIPPING_WORD = /^(kargo\w*|shipping|ship|delivery|teslimat\w*|gonderi\w*|postage)$/
/** Words asking what something costs, or whether it is free. */
const COST_WORDS = /^(free|paid|charge\w*|cost|costs|fee|fees|ucretsiz\w*|ucretli\w*|bedava\w*|parali\w*)$/
/** A business text that says what it costs, and the topic that answers it. */
const COSTED_TOPICS: Partial<Record<string, BusinessTopic>> = { shipping: 'shipping', delivery_time: 'shipping', returns: 'returns' }
/** A while ago: "3 weeks ago", "geçen hafta", "10 gün önce". */
const TIME_AGO = / (\d+|a|one|two|three|bir|iki|uc|birkac|last|gecen) (days?|weeks?|months?|gun|gundur|hafta|haftadir|ay|aydir) | (ago|once) /
/** How long something takes, or within how many days. */
const ASKS_HOW_LONG = / (how long|ne kadar sur\w*|kac (gun|hafta|is gunu)\w*|how many (days|weeks)|within) /
/** A business text a question of how long follows, and the topic that answers it: after shipping, the delivery's time. */
const TIMED_TOPICS: Partial<Record<string, BusinessTopic>> = { shipping: 'delivery_time', delivery_time: 'delivery_time', returns: 'returns' }

const TOO_DEAR = / (cok|fazla|biraz|baya|bayagi|kadar|too|bit|so|very|quite|thats|its|is) (pahali\w*|expensive|pricey|dear) | pahali (ya|geldi|gibi|bence) | pahaliymis | (ama|but|yet) (\w+ )?(pahali\w*|expensive|pricey) /
const CHEAPER = / (daha ucuz\w*|daha uygun\w*|cheaper|less expensive|anything less) /
/** Words said on coming in as much as on leaving ("iyi çalışmalar", "hayırlı işler", "good evening"). */
const BOTH_WAYS = /^ (merhaba |selam )?(iyi calismalar|hayirli isler|kolay gelsin|iyi gunler|iyi aksamlar|good (morning|afternoon|evening|day)) $/
const DEARER = / (daha pahali\w*|more expensive|pricier|dearer) /
/** Which of the products listed: "hangisi", "which one". */
const WHICH_ONE = / (hangisi\w*|which) /

/** Products cheaper than the cheapest just listed, in its currency, the dearest of them first; of the kind named, if one is. */
async function answerCheaper(listed: readonly CatalogueProduct[], term: string, context: Context): Promise<ResponderOutput> {
  const { language, catalogue } = context
  const bases = extremesByCurrency(listed, 'cheapest')
  // Only words naming a kind narrow it ("daha ucuz tişört"): of any other ("why so expensive?"), "nothing cheaper" would
  // be said of the whole catalogue after searching for nothing in it.
  // "Anything cheaper?" of one product discussed (a backpack) asks for a cheaper one of its kind, not a cheaper dress; of
  // a list the customer asked for ("kulaklık var mı"), a cheaper one of what was asked.
  const asked = context.history.findLast((turn) => turn.role === 'user')
  // (A present wished for is no kind: a cheaper gift may be anything.)
  // (Nor are two kinds asked at once, "hoparlör ve vazo": cheaper than the cheapest of them is anything.)
  const askedTerm = asked && !wishesForAGift(asked.content) ? productTerm(words(asked.content)) : ''
  const askedKind = asked && / (ve|and|ile|or|veya) /.test(keyLine(words(asked.content))) ? '' : thingWords(askedTerm).join(' ')
  const discussedKind = listed.length === 1 ? (thingWords(listed[0]!.name).at(-1) ?? '') : askedKind
  const kind = thingWords(term).length > 0 ? term : discussedKind
  const found = kind === '' ? await catalogue.inBudget({ currency: bases[0]!.currency, max: bases[0]!.price }, MAX_LISTED + 2) : await catalogue.search(kind, 50)
  const cheaperThan = (base: CatalogueProduct) => found.filter((product) => product.currency === base.currency && product.price < base.price).sort((a, b) => b.price - a.price)
  // Of a list in several currencies, set against the cheapest shown in a currency the cheaper ones are priced in: a
  // shirt in lira is cheaper than a bag in lira, never than a jacket in euros.
  const than = bases.find((base) => cheaperThan(base).length > 0) ?? bases[0]!
  const cheaper = cheaperThan(than)
  if (cheaper.length === 0) {
    // None of its kind for less: said so, unless nothing at all costs less (which says more).
    const ofKind = kind === discussedKind && kind !== '' && (await catalogue.inBudget({ currency: than.currency, max: than.price }, MAX_LISTED + 2)).some((product) => product.price < than.price)
    return reply('budget', ofKind ? say.nothingCheaperOfKind(than, language) : say.nothingCheaper(than, language), language, [than])
  }
  const shown = cheaper.slice(0, MAX_LISTED)
  return reply('budget', say.cheaperList(shown, than, language), language, shown)
}
