// Coming to the shop to see products ("can I come by to see the bags?",
// "mağazaya gelip çantalara bakabilir miyim?"): where the shop is, whether it
// is open now, and the products named as the catalogue lists them. What is on
// the shelves is nothing the catalogue says, so their stock is the catalogue's;
// nor are the shop's own prices ("is it cheaper in store?"), so those are not
// compared.
import * as biz from './business-replies.ts'
import { thingWords } from './lexicon.ts'
import { bestNamed } from './matching.ts'
import { answerProductQuestion } from './product-answers.ts'
import { pointsBack, productTerm } from './question-words.ts'
import * as say from './replies.ts'
import { MAX_LISTED, contactOf, lastProducts, reply, type Context } from './reply-context.ts'
import { keyLine, words } from './text.ts'
import type { ResponderOutput } from './types.ts'

const COMING = String.raw`(come|come by|come in|come over|drop by|stop by|pop in|swing by|visit|gel\w*|ugra\w*)`
const SEEING = String.raw`(see|look|check|view|bak\w*|gor\w*|incele\w*)`
const IN_STORE = String.raw`(in (the )?(store|shop)|in person|magazada|dukkanda|yerinde)`
/** Coming to see something, or seeing it in the shop: "come by to see the bags", "mağazada görebilir miyim". */
const COMES_TO_SEE = new RegExp(String.raw` ${COMING} (\w+ ){0,5}${SEEING} | ${SEEING} (\w+ ){0,4}${IN_STORE} | ${IN_STORE} (\w+ ){0,4}${SEEING} `)
/** The words of coming and seeing, and where: none names a product. */
const VISIT_WORD = new RegExp(String.raw`^(${COMING.slice(1, -1)}|${SEEING.slice(1, -1)}|store|shop|magaza\w*|dukkan\w*|person|yerinde|to|by|in|over|at|them|it|your|the)$`)

/** The answer to coming to the shop to see products, those named or just discussed, or null when it asks no such thing. */
export async function answerVisit(message: string, context: Context): Promise<ResponderOutput | null> {
  const list = words(message)
  if (!COMES_TO_SEE.test(keyLine(list))) return null
  const { catalogue, business, businessName, language, now } = context
  const where = biz.locationAnswer(business.profile, businessName, language)
  const open = biz.hoursAnswer(business.profile, businessName, null, 'now', now, language)
  // The kinds of thing named, not the story around them ("I'm staying nearby, can I come by to see the mugs?"); "them"
  // the ones just discussed; "the products", none in particular.
  const term = thingWords(productTerm(list.filter((word) => !VISIT_WORD.test(word.key)))).join(' ')
  const discussed = term === '' && pointsBack(message) ? ((await lastProducts(context)) ?? []) : []
  if (term === '' && discussed.length === 0) return reply('location', `${where}\n${open}`, language)
  const found = term === '' ? discussed : bestNamed(term, await catalogue.search(term, MAX_LISTED + 1), true)
  const products = found.length === 0 ? say.notFound(contactOf(context), language) : say.productList(found.slice(0, MAX_LISTED), found.length > MAX_LISTED, language, 'found')
  return reply('location', `${where}\n${open}\n\n${products}`, language, found.slice(0, MAX_LISTED))
}

const STORE = String.raw`(in (the )?(store|shop)|in person|at the (store|shop)|magaza\w*|dukkan\w*)`
const PRICE_WORD = String.raw`(price\w*|fiyat\w*|cost\w*|ucret\w*)`
const SAME_OR_NOT = String.raw`(same|different|differ\w*|ayni|farkli\w*)`
/** A price set against another: cheaper, or the same or a different price (not "the same day"). */
const PRICE_COMPARED = String.raw`(cheaper|dearer|more expensive|less expensive|daha (m[iu] )?(ucuz|pahali)\w*|(ucuz|pahali) m[iu]\w*|${SAME_OR_NOT} (\w+ )?${PRICE_WORD}|${PRICE_WORD} (\w+ ){0,3}${SAME_OR_NOT})`
/** The shop's own prices set against these: "is it cheaper in store?", "mağazada daha mı ucuz", "mağaza fiyatları aynı mı". */
const STORE_PRICES = new RegExp(String.raw` ${STORE} (\w+ ){0,5}${PRICE_COMPARED} | ${PRICE_COMPARED} (\w+ ){0,5}${STORE} `)

/**
 * "Is it cheaper in store?", "kupa mağazada da aynı fiyat mı?": the prices given here are the catalogue's; whether the
 * shop asks other prices is not written, so who can say. A product named or just discussed gets its price first.
 */
export async function answerStorePrices(message: string, context: Context): Promise<ResponderOutput | null> {
  const list = words(message)
  if (!STORE_PRICES.test(keyLine(list))) return null
  const { language } = context
  const term = thingWords(productTerm(list.filter((word) => !VISIT_WORD.test(word.key)))).join(' ')
  const note = biz.storePricesNotWritten(contactOf(context), language)
  if (term === '' && !pointsBack(message)) return reply('price', note, language)
  const price = await answerProductQuestion('price', term, context, message)
  if (price.productIds.length === 0) return reply('price', note, language)
  return { ...price, reply: `${price.reply}\n${note}` }
}
