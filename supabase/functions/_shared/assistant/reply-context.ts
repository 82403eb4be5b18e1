// What one reply of the built-in responder reads besides the message: the
// conversation so far (the products the last turns spoke of, re-read by id,
// never taken from their text), the catalogue, and what the business offers.
// Every answerer takes the Context and builds its output with `reply`.
import { ASKS_MATERIAL, colourOf, materialsIn } from './attribute-words.ts'
import { asksOfIt, asksWhetherSo, pairByEnding, pointsBack, productPair, listedTerms, productTerm } from './question-words.ts'
import { understand, type Intent } from './intents.ts'
import { holdsEquivalent, thingWords, translate } from './lexicon.ts'
import { hasAnyHours } from '../../../../domain/business.ts'
import * as biz from './business-replies.ts'
import { corpusClassifier } from './nlu.ts'
import * as say from './replies.ts'
import { bestNamed, coverage, keysOf, sameWord } from './matching.ts'
import { recordStates } from './record-facts.ts'
import { asciiKey, words } from './text.ts'
import type { AssistantLanguage, BookingDesk, BusinessKnowledge, Catalogue, CatalogueProduct, ResponderOutput, Turn } from './types.ts'

/** At most this many products in one reply: a chat bubble, not a catalogue page. */
export const MAX_LISTED = 5
/** A price, stock or link question names one product; a few close matches are shown in case the first is not it. */
export const MAX_FOR_QUESTION = 3

export type Context = {
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
export async function offered({ booking, business, catalogue }: Context): Promise<say.Offers> {
  const books = Boolean(booking && hasAnyHours(business.profile?.opening_hours ?? null) && (await booking.load()).rules.enabled)
  return { books, sells: books ? (await catalogue.list(1)).length > 0 : true }
}

/** `known: false` when the text says the business has not written it, or the catalogue does not list it. */
export const reply = (kind: string, text: string, language: AssistantLanguage, products: readonly CatalogueProduct[] = [], known = true): ResponderOutput => ({
  reply: text,
  language,
  productIds: products.map((product) => product.id),
  kind,
  ...(known ? {} : { known: false }),
})

export const contactOf = (context: Context) => biz.contactDetails(context.business.profile, context.businessName, context.language)

/** The products the latest assistant turn spoke of, read again now; null when no turn spoke of any. */
export function lastProducts(context: Context): Promise<CatalogueProduct[] | null> {
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
export async function subject(term: string, context: Context, limit: number): Promise<CatalogueProduct[] | 'no_subject' | 'gone'> {
  if (term === '') {
    const products = await lastProducts(context)
    if (products === null) return 'no_subject'
    return products.length === 0 ? 'gone' : products.slice(0, limit)
  }
  // "Kablosuz olan kaç para?" just after a list: the listed products the words name wholly, not the whole catalogue's.
  // ("The leather one, how big is it?" just after the Deri Çanta alone: that bag, not the Leather Notebook.)
  const listed = (await justListed(context)) ?? []
  const picked = listed.filter((product) => coverage(term, product.name) === 1)
  if (picked.length > 0 && (listed.length === 1 || picked.length < listed.length)) return picked.slice(0, limit)
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
export function ofTheKind(term: string, products: readonly CatalogueProduct[]): CatalogueProduct[] {
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
export function statesAll(product: CatalogueProduct, keys: readonly string[]): boolean {
  const record = `${product.name} ${product.description ?? ''}`
  // A colour is a word of its own ("blue" is not said by "Bluetooth").
  const colours = words(record).map((word) => colourOf(word.key)).filter((colour) => colour !== null)
  const says = (key: string) => (colourOf(key) !== null ? colours.includes(colourOf(key)!) : coverage(key, record) > 0)
  return keys.every((key) => says(key) || holdsEquivalent(key, record))
}

/** The products a message lists, each named by its own words (listedTerms), or null unless every one is found, two or more. */
export async function namedProducts(message: string, context: Context): Promise<CatalogueProduct[] | null> {
  const best = async (term: string) => bestNamed(term, await context.catalogue.search(term, 3), false)[0] ?? null
  // Things side by side ("çay kahve", "tea coffee"), each a kind of thing, are each one's, unless one name holds them all.
  const sideBySide = async (term: string) => {
    const each = words(term)
    if (each.length < 2 || !each.every((word) => thingWords(word.text).length > 0)) return [term]
    const whole = await best(term)
    return whole && coverage(term, whole.name) === 1 ? [term] : each.map((word) => word.text)
  }
  // Listed ("çay, kahve ve bal", "and", "ile"), or joined by "with" as the first name's ending ("kot pantolonla keten gömlek").
  for (const listed of [listedTerms(message), pairByEnding(message)]) {
    const terms = listed ? (await Promise.all(listed.map(sideBySide))).flat() : []
    if (terms.length < 2 || terms.length > MAX_LISTED) continue
    const named = (await Promise.all(terms.map(best))).filter((product): product is CatalogueProduct => product !== null)
    if (named.length === terms.length && new Set(named.map((product) => product.id)).size === named.length) return named
  }
  return null
}

/** Of two products named ("kolye ve küpe"), the one the catalogue has and the words of the one it does not. */
export async function onePairFound(message: string, context: Context): Promise<{ found: CatalogueProduct; missing: string } | null> {
  const terms = productPair(message)
  if (!terms) return null
  const [first, second] = await Promise.all(terms.map(async (term) => bestNamed(term, await context.catalogue.search(term, 3), false)[0] ?? null))
  if (first && !second) return { found: first, missing: terms[1] }
  if (second && !first) return { found: second, missing: terms[0] }
  return null
}

/**
 * The list the conversation is choosing from: the products of the reply just before this message, or, when that reply
 * picked some of an earlier list ("en ucuzu hangisi", then "en pahalısı?"), the whole of that earlier list.
 */
export async function justListed(context: Context): Promise<CatalogueProduct[] | null> {
  const ids = listedIds(context.history.filter((turn) => turn.role === 'assistant'))
  return ids.length === 0 ? null : context.catalogue.byIds(ids.slice(0, MAX_LISTED))
}

/** The ids of the list the last of these replies named, or picked some of (justListed). */
export function listedIds(replies: readonly Turn[]): string[] {
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

/** The kind of the customer's previous question, for "ya kablolu olan?" after "kablosuz kulaklık ne kadar?". */
export async function previousKind(context: Context): Promise<string | null> {
  for (let i = context.history.length - 1; i >= 0; i--) {
    const turn = context.history[i]!
    if (turn.role !== 'user') continue
    return (await understand(turn.content, await corpusClassifier())).kind
  }
  return null
}

/**
 * The words of a product's name the message writes, when they make it about that product whatever else its words
 * suggest: two words or more, or in a yes-or-no question one naming a kind of thing ("kolye alerji yapar mı?").
 */
export async function productNameWritten(message: string, context: Context): Promise<string | null> {
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
export async function ofTheOneDiscussed(intent: Intent, message: string, context: Context): Promise<boolean> {
  if (intent.kind !== 'attribute' || intent.attribute === null || intent.term !== '' || !(pointsBack(message) || asksOfIt(message) || ASKS_MATERIAL.test(words(message)[0]?.key ?? ''))) return false
  const last = (await lastProducts(context)) ?? []
  return last.length === 1 && recordStates(last[0]!, intent.attribute)
}

/** "10 tane alabilir miyim?" of a product with 7 in stock: that the catalogue shows fewer, and whom to ask. */
export function moreThanStocked(product: CatalogueProduct, wanted: number | null, context: Context): string[] {
  if (wanted === null || product.stock <= 0 || wanted <= product.stock) return []
  return [say.fewerInStock(product, wanted, contactOf(context), context.language)]
}
