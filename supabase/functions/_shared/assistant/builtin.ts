// The assistant's default responder: rules instead of a model, so it needs no
// network and no key, and answers the same message the same way. It reads
// every fact from the catalogue while replying (a follow-up re-reads the
// product by id rather than trusting an earlier turn's text) and says so
// when it does not know, instead of guessing.
import { parseIntent, type Intent } from './intents.ts'
import { replyLanguage } from './language.ts'
import * as say from './replies.ts'
import type { AssistantLanguage, Catalogue, CatalogueProduct, Responder, ResponderOutput, Turn } from './types.ts'

/** At most this many products in one reply: a chat bubble, not a catalogue page. */
export const MAX_LISTED = 5
/** A price, stock or link question names one product; a few close matches are shown in case the first is not it. */
const MAX_FOR_QUESTION = 3
/** How much of the catalogue a "cheapest overall" question ranks. */
const RANKED_LIMIT = 200

type Context = { catalogue: Catalogue; businessName: string; language: AssistantLanguage; history: readonly Turn[] }

const reply = (text: string, language: AssistantLanguage, products: readonly CatalogueProduct[] = []): ResponderOutput => ({
  reply: text,
  language,
  productIds: products.map((product) => product.id),
})

/** The products the latest assistant turn spoke of, read again now; null when no turn spoke of any. */
async function lastProducts(context: Context): Promise<CatalogueProduct[] | null> {
  for (let i = context.history.length - 1; i >= 0; i--) {
    const turn = context.history[i]!
    if (turn.role !== 'assistant' || turn.productIds.length === 0) continue
    return context.catalogue.byIds(turn.productIds.slice(0, MAX_LISTED))
  }
  return null
}

/** The products a question is about: the term's matches, or for an empty term the ones just discussed. */
async function subject(term: string, context: Context, limit: number): Promise<CatalogueProduct[] | 'no_subject' | 'gone'> {
  if (term === '') {
    const products = await lastProducts(context)
    if (products === null) return 'no_subject'
    return products.length === 0 ? 'gone' : products.slice(0, limit)
  }
  return (await context.catalogue.search(term, limit)).slice(0, limit)
}

async function answerProductQuestion(kind: 'price' | 'stock' | 'link' | 'list' | 'search', term: string, context: Context): Promise<ResponderOutput> {
  const { language, businessName, catalogue } = context
  if (kind === 'list' || kind === 'search') {
    // One more than shown, to know whether to say there are more.
    const found = term === '' && kind === 'list' ? await catalogue.list(MAX_LISTED + 1) : await catalogue.search(term, MAX_LISTED + 1)
    if (found.length === 0) return reply(term === '' ? say.emptyCatalogue(businessName, language) : say.notFound(businessName, language), language)
    const shown = found.slice(0, MAX_LISTED)
    return reply(say.productList(shown, found.length > MAX_LISTED, language), language, shown)
  }

  const found = await subject(term, context, MAX_FOR_QUESTION)
  if (found === 'no_subject') return reply(say.whichProduct(language), language)
  if (found === 'gone') return reply(say.gone(businessName, language), language)
  if (found.length === 0) return reply(say.notFound(businessName, language), language)
  if (found.length > 1) {
    const text = kind === 'link' ? say.linkList(found, businessName, language) : say.productList(found, false, language)
    return reply(text, language, found)
  }
  const product = found[0]!
  const text =
    kind === 'price' ? say.priceOf(product, language) : kind === 'stock' ? say.stockOf(product, language) : say.linkOf(product, businessName, language)
  return reply(text, language, [product])
}

async function answerCompare(terms: [string, string], context: Context): Promise<ResponderOutput> {
  const { language, businessName, catalogue } = context
  const [first, second] = await Promise.all(terms.map(async (term) => (await catalogue.search(term, 1))[0] ?? null))
  if (first && second && first.id !== second.id) return reply(say.comparison(first, second, language), language, [first, second])
  const found = first ?? second ?? null
  return reply(say.compareMissing(found, businessName, language), language, found ? [found] : [])
}

async function answerExtreme(order: 'cheapest' | 'priciest', term: string, context: Context): Promise<ResponderOutput> {
  const { language, businessName, catalogue } = context
  const pool = term === '' ? await catalogue.list(RANKED_LIMIT) : await catalogue.search(term, RANKED_LIMIT)
  if (pool.length === 0) return reply(term === '' ? say.emptyCatalogue(businessName, language) : say.notFound(businessName, language), language)
  const best = new Map<string, CatalogueProduct>()
  for (const product of pool) {
    const current = best.get(product.currency)
    const better = !current || (order === 'cheapest' ? product.price < current.price : product.price > current.price)
    if (better) best.set(product.currency, product)
  }
  const chosen = [...best.values()].slice(0, MAX_LISTED)
  return reply(say.extreme(chosen, order, language), language, chosen)
}

async function answerIntent(intent: Intent, context: Context): Promise<ResponderOutput> {
  const { language, businessName } = context
  switch (intent.kind) {
    case 'injection':
    case 'off_topic':
      return reply(say.redirect(businessName, language), language)
    case 'greeting':
      return reply(say.greeting(businessName, language), language)
    case 'thanks':
      return reply(say.thanks(language), language)
    case 'goodbye':
      return reply(say.goodbye(language), language)
    case 'compare':
      return answerCompare(intent.terms, context)
    case 'extreme':
      return answerExtreme(intent.order, intent.term, context)
    case 'unknown':
      return reply(say.dontKnow(businessName, language), language)
    default:
      return answerProductQuestion(intent.kind, intent.term, context)
  }
}

export const builtinResponder: Responder = async ({ message, language, history, businessName, catalogue }) => {
  const replyIn = replyLanguage(message, language, history)
  const intent = parseIntent(message, history.length > 0)
  return answerIntent(intent, { catalogue, businessName, language: replyIn, history })
}
