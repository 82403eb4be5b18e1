// What several products, or several of one, come to (the catalogue's prices
// summed, never a discount or shipping made up), and the notes a price or
// stock answer adds: fewer in stock than wanted, another currency asked,
// when one out of stock comes back.
import { addedWith, asksWhatItCosts, type BasketLine } from './basket.ts'
import { INCLUDED, asksWhenBack, topicOf } from './intents.ts'
import { currencyAsked, quantityAsked } from './amounts.ts'
import { pairByEnding, productPair, productTerm } from './question-words.ts'
import { thingWords } from './lexicon.ts'
import * as biz from './business-replies.ts'
import * as say from './replies.ts'
import { bestNamed } from './matching.ts'
import { keyLine, words } from './text.ts'
import type { ResponderOutput } from './types.ts'
import { type Context, reply, contactOf, lastProducts, namedProducts, moreThanStocked } from './reply-context.ts'
import { COMES_WITH } from './cues.ts'

/**
 * What one product's answer leaves unsaid, from its record: "when will it be
 * back?" of one out of stock (the catalogue has no date: said, with who may
 * know one), and a price asked in another currency than the owner's (no rate
 * is made up).
 */
export async function addNotes(out: ResponderOutput, message: string, context: Context): Promise<ResponderOutput> {
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
export async function withBasket(out: ResponderOutput, message: string, context: Context): Promise<ResponderOutput> {
  const wanted = quantityAsked(message)
  // (What shipping costs is no word of a name: "is shipping free", "ücretsiz olur mu".)
  const asked = words(message).filter((word) => topicOf(word.text) === null && !COSTS.test(word.key)).map((word) => word.text).join(' ')
  // "Gömlek ve tişört alsam kargo öder miyim?": the two named, one of each.
  const pair = await namedProducts(asked, context)
  // "Keten gömlek alsam…", or "2 tane alsam…" just after a product: that one, as many as said.
  const term = productTerm(words(asked))
  const discussed = (wanted ?? 0) >= 2 ? await lastProducts(context) : null
  const one = pair ? undefined : thingWords(term).length > 0 ? bestNamed(term, await context.catalogue.search(term, 3), false)[0] : discussed?.length === 1 ? discussed[0] : undefined
  const lines = pair ? pair.map((product) => ({ product, quantity: 1 })) : one ? [{ product: one, quantity: wanted ?? 1 }] : []
  if (lines.length === 0) return out
  return { ...out, reply: `${say.basket(lines, context.language)}\n\n${out.reply}`, productIds: lines.map((line) => line.product.id) }
}

/** Each line's product as the catalogue has it and what they come to; null unless every line names a product of its own. */
export async function answerBasket(lines: readonly BasketLine[], context: Context): Promise<ResponderOutput | null> {
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
export async function answerPriceWithShipping(message: string, context: Context): Promise<ResponderOutput | null> {
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

/** "Kot pantolonla birlikte ne kadar?", "and with the jeans?" just after one product: the two, and what they come to. */
export async function answerWithAnother(message: string, previousKind: string | null | undefined, context: Context): Promise<ResponderOutput | null> {
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

/** What a policy's cost is said with: "free", "ücretsiz", "bedava", "ücretli". */
const COSTS = /^(free|ucretsiz\w*|bedava\w*|ucretli\w*|paid|charged?)$/
