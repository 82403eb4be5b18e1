// Answers that choose among products: the cheapest or dearest, what a budget
// buys, a recommendation for a wish, something cheaper than what was shown,
// and others than the one discussed.
import { currencyAsked, type Budget } from './amounts.ts'
import { productTerm } from './question-words.ts'
import { GIFT_WORD, departmentIn, forWhom, occasionWords, thingWords, wishesForAGift } from './lexicon.ts'
import * as say from './replies.ts'
import { bestNamed, coverage } from './matching.ts'
import { asciiKey, keyLine, words } from './text.ts'
import type { CatalogueProduct, ResponderOutput } from './types.ts'
import { MAX_LISTED, type Context, reply, contactOf, lastProducts, ofTheKind, justListed } from './reply-context.ts'

/**
 * The products the words name other than the ones just discussed (or those given: "lokum yerine" names its own), or null
 * when they are not of them.
 */
export async function othersThanDiscussed(
  term: string,
  context: Context,
  none?: (discussed: readonly CatalogueProduct[]) => string,
  given?: readonly CatalogueProduct[],
): Promise<ResponderOutput | null> {
  const { language } = context
  const discussed = given ?? (await lastProducts(context)) ?? []
  if (discussed.length === 0) return null
  const found = ofTheKind(term, bestNamed(term, await context.catalogue.search(term, MAX_LISTED + discussed.length + 1), true))
  const seen = found.filter((product) => discussed.some((one) => one.id === product.id))
  // Another of a kind the product just discussed is not: the question as asked.
  if (seen.length === 0) return null
  const others = found.filter((product) => !seen.includes(product))
  // (Every one discussed is named: of two headphones listed, naming one would say the shop has only that.)
  if (others.length === 0) return reply('stock', none ? none(seen) : say.noOther(seen, term, language), language, seen)
  const shown = others.slice(0, MAX_LISTED)
  return reply('list', say.productList(shown, others.length > MAX_LISTED, language), language, shown)
}

export async function answerExtreme(order: 'cheapest' | 'priciest', term: string, message: string, context: Context): Promise<ResponderOutput> {
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
    // (A reply between, "I can't answer that" or the payment text, does not lose the list shown before it.)
    const listed = overWholeShop(message) || overWholeShop(asked) ? [] : ((await justListed(context)) ?? (await lastProducts(context)) ?? [])
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

export async function answerBudget(budget: Budget, term: string, context: Context): Promise<ResponderOutput> {
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
export async function answerRecommendation(asked: string, context: Context, shown: ReadonlySet<string> = new Set()): Promise<ResponderOutput> {
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
  const said = productTerm(list.filter((word, at) => !FAN.test(word.key) && !ofAge.has(at)))
  // "A gift for a coffee lover": the coffee is the present; "gift" would rank every record that says it first.
  const liked = productTerm(words(said).filter((word) => !GIFT_WORD.test(word.key)))
  const term = thingWords(liked).length > 0 ? liked : said
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

/** Products cheaper than the cheapest just listed, in its currency, the dearest of them first; of the kind named, if one is. */
export async function answerCheaper(listed: readonly CatalogueProduct[], term: string, context: Context): Promise<ResponderOutput> {
  const { language, catalogue } = context
  const bases = extremesByCurrency(listed, 'cheapest')
  // Only words naming a kind narrow it ("daha ucuz tişört"): of any other ("why so expensive?"), "nothing cheaper" would
  // be said of the whole catalogue after searching for nothing in it.
  // "Anything cheaper?" of one product discussed (a backpack) asks for a cheaper one of its kind, not a cheaper dress; of
  // a list the customer asked for ("kulaklık var mı"), a cheaper one of what was asked.
  // (What was asked when they were shown, though something else was asked since.)
  const shownAt = context.history.findLastIndex((turn) => turn.role === 'assistant' && turn.productIds.length > 0)
  const asked = context.history.slice(0, Math.max(shownAt, 0)).findLast((turn) => turn.role === 'user')
  // (A present wished for is no kind: a cheaper gift may be anything.)
  // (Nor are two kinds asked at once, "hoparlör ve vazo": cheaper than the cheapest of them is anything.)
  const askedTerm = asked && !wishesForAGift(asked.content) ? productTerm(words(asked.content)) : ''
  const askedKind = asked && / (ve|and|ile|or|veya) /.test(keyLine(words(asked.content))) ? '' : thingWords(askedTerm).join(' ')
  const discussedKind = listed.length === 1 ? (thingWords(listed[0]!.name).at(-1) ?? '') : askedKind
  const kind = thingWords(term).length > 0 ? term : discussedKind
  // (Of a kind, those whose names hold it: "saat" is also the hours a description gives.)
  const found = kind === '' ? await catalogue.inBudget({ currency: bases[0]!.currency, max: bases[0]!.price }, MAX_LISTED + 2) : ofTheKind(kind, await catalogue.search(kind, 50))
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

/** "Cheaper than the leather bag", "akıllı saatten daha ucuz": the words naming what it is set against, and what follows. */
const CHEAPER_THAN_EN = / (?:cheaper|less expensive) than (?:the |your |a |an |that |this )?(.+?) $/
const CHEAPER_THAN_TR = /^(.*? )?(\S+?)(?:dan|den|tan|ten) daha (?:ucuz|uygun)\w* (.*)$/

/**
 * "Anything cheaper than the leather bag?", "akıllı saatten daha ucuz saat var mı?": cheaper than the one product the
 * words name, of the kind asked or of its own; null when they name no single product.
 */
export async function answerCheaperThanNamed(message: string, context: Context): Promise<ResponderOutput | null> {
  const line = keyLine(words(message))
  const en = CHEAPER_THAN_EN.exec(line)
  const tr = en ? null : CHEAPER_THAN_TR.exec(line)
  const base = en ? productTerm(words(en[1]!)) : tr ? productTerm(words(`${tr[1] ?? ''}${tr[2]!}`)) : ''
  if (thingWords(base).length === 0) return null
  const named = bestNamed(base, await context.catalogue.search(base, 3), false)
  if (named.length !== 1) return null
  const kind = tr ? thingWords(productTerm(words(tr[3]!))).join(' ') : ''
  return answerCheaper(named, kind, context)
}
