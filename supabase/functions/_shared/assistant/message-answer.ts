// From a reading of the message to its answer, in the light of the
// conversation: a follow-up is asked of what the last turn spoke of (the
// products it listed, the FAQ entry it gave), a message the classifier
// placed badly is read again by its words, and the rest goes to
// intent-answers.ts.
import { asksWhatItCosts, namesAllListed, readBasket } from './basket.ts'
import { COMPARES, IF_BOUGHT, asksOfTheShop, intentOf, topicOf, understand, type BusinessTopic } from './intents.ts'
import { asksWhetherSo, isQuestionWord, ordinalOf, pointsBack, productTerm, twoPlacesOf } from './question-words.ts'
import { asksTotal, currencyAsked, quantityAsked } from './amounts.ts'
import { attributeOf, coloursIn } from './attribute-words.ts'
import { namesOnlyADay } from './day-words.ts'
import { departmentOf, holdsEquivalent, onlyProperties, thingWords } from './lexicon.ts'
import { statesAmountAfterShipping } from './handoff.ts'
import * as biz from './business-replies.ts'
import { replyLanguage } from './language.ts'
import * as say from './replies.ts'
import { serviceVariesAsked } from './services.ts'
import { bestNamed, coverage, keysOf, onlyNamesAProduct, sameStem, sameWord } from './matching.ts'
import { keyLine, words } from './text.ts'
import type { CatalogueProduct, Responder, ResponderOutput, Turn } from './types.ts'
import { MAX_LISTED, type Context, reply, contactOf, lastProducts, justListed, listedIds, productNameWritten } from './reply-context.ts'
import { CONTACT_WORDS, OTHER, PRODUCT_CUES, WHERE_WORDS, asksSomething } from './cues.ts'
import { faqFor } from './faq-answers.ts'
import { answerAttribute, answerOrdering } from './product-answers.ts'
import { othersThanDiscussed, answerExtreme, answerBudget, answerRecommendation, answerCheaper, answerCheaperThanNamed } from './choice-answers.ts'
import { ALTERNATIVE_MIN_SCORE, POLICY_TOPICS, answerIntent, answerProduct } from './intent-answers.ts'
import { addNotes, answerBasket, answerPriceWithShipping, answerWithAnother } from './basket-answers.ts'
import { answerStorePrices, answerVisit } from './visit-answers.ts'

/** A count asked of nothing named: "kaç?", "kaç tane", "kaç günüm var", "how many?", "how many days do I have?". */
const HOW_MANY_ALONE =
  /^ (peki |ya |and |so |ok )?(kac( tane| adet| gun\w*| ay\w*| hafta\w*| taksit\w*)?|how many( days| months| weeks)?|how long)( (do|have|did) (i|we) (have|got|get)| is it| are there| var| icinde| sure\w*( var)?| hakk\w*( var)?)? $/
const HOW_DO_I =
  /^ (ok |okay |peki |tamam |so )?(how (do|can|should|would) (i|we|u) (do|go about) (that|this|it)|how does (that|this|it) work|nasil yapaca\w*|nasil yapari\w*|nasil yapicam|ne yapmam (gerek\w*|lazim)|ne yapmaliyim|nasil olacak|nasil oluyor) $/

// Readings whose words a product's name may share ("telefon kılıfı", "akıllı saat", "deri ceket kaç dolar"); a question
// of shipping too, unless it asks when ("hızlı şarj aleti var mı", but "kablolu kulaklık ne zaman gelir").
const NAME_CLASHES = new Set(['off_topic', 'contact', 'location', 'hours'])
const clashesWithAName = (kind: string, message: string) =>
  NAME_CLASHES.has(kind) || ((kind === 'shipping' || kind === 'delivery_time') && !/ (ne zaman|when|kac gun\w*|how long|how soon) /.test(keyLine(words(message))))
const ASKED_OF_PRODUCTS = new Set(['price', 'stock', 'link'])
/** Readings a short yes-or-no question right after a product is taken from ("pamuklu mu?" is no question about the hours). */
const SHORT_FOLLOW_UP_OVER = new Set(['hours', 'location', 'contact', 'shipping', 'delivery_time', 'returns', 'payment', 'discounts', 'off_topic', 'unknown'])

/** "Kaç dolar?", "how many euros?": a price asked in a currency, all the message is. */
/** A price asked in another currency as a conversion. */
const CONVERTS = / (cevir\w*|convert\w*) /

/** Whether the words name a property a description may state, in one word or two ("su geçirmez", "gürültü engelleme"). */
function namesAProperty(message: string): boolean {
  const said = words(message).map((word) => word.text)
  return said.some((word, i) => onlyProperties(word) || (i > 0 && onlyProperties(`${said[i - 1]} ${word}`)))
}

/** A place in the list and nothing asked of it ("the second one", "ikincisi olsun"; not "ikincisinin fiyatı ne"). */
function picksOne(message: string): boolean {
  const list = words(message)
  const line = keyLine(list)
  return ordinalOf(message) !== null && twoPlacesOf(message) === null && !asksSomething(message) && !PRODUCT_CUES.test(line) &&
    !/ (ne|neden|nasil|hangi\w*|nerede|what|which|how|why|where|link\w*|baglanti\w*|url) /.test(line) && attributeOf(list.filter((word) => !/^\d\./.test(word.key))) === null
}

/** When something comes: "ne zaman", "when", "how soon". */
const WHEN_COMING = / (ne zaman|when|how soon) /
/** The shop's opening and closing, which "when" asks as often. */
const OPENING = / (open\w*|clos\w*|acik\w*|acil\w*|aciyor\w*|kapa\w*|saat\w*|hours?) /

/**
 * "İlkinin linki?" after a list: the conversation as if the last reply had named only that product. The list is the one
 * the last reply picked from, when it named some of an earlier one ("hangisi daha ucuz?", then "ikincisinin linki").
 */
function narrowedToPlace(message: string, history: readonly Turn[]): Turn[] {
  // ("The first two", "the first and the third": two of them, which the list itself holds.)
  const place = twoPlacesOf(message) ? null : ordinalOf(message)
  const at = history.findLastIndex((turn) => turn.role === 'assistant' && turn.productIds.length > 0)
  if (place === null || at < 0) return [...history]
  const listed = listedIds(history.slice(0, at + 1).filter((turn) => turn.role === 'assistant')).slice(0, MAX_LISTED)
  if (listed.length < 2) return [...history]
  const chosen = place < 0 ? listed.at(-1) : listed[place]
  if (!chosen) return [...history]
  return history.map((turn, i) => (i === at ? { ...turn, productIds: [chosen] } : turn))
}

export async function answerMessage(
  { message, language, history, businessName, catalogue, business, now, booking }: Parameters<Responder>[0],
  understood: Awaited<ReturnType<typeof understand>>,
): Promise<ResponderOutput> {
  const replyIn = replyLanguage(message, language, history)
  const context: Context = { catalogue, business, businessName, language: replyIn, history: narrowedToPlace(message, history), now, booking }
  // Words the corpus does not know may be a product's name: "deri ceket kaç dolar" asks a price, not the exchange rate.
  // An off-topic reading reads no data unless the words also ask a price or stock ("kaç", "how much").
  // So does a yes-or-no question ("kolye alerji yapar mı?"), when its words name a product.
  const mayBeProduct = understood.kind !== 'off_topic' || PRODUCT_CUES.test(keyLine(words(message))) || asksWhetherSo(message)
  // "Can I come by to see the bags?": where the shop is, whether it is open, and the bags.
  const visit = await answerVisit(message, context)
  if (visit) return visit
  const storePrices = await answerStorePrices(message, context)
  if (storePrices) return storePrices
  const withShipping = await answerPriceWithShipping(message, context)
  if (withShipping) return withShipping
  // "Anything cheaper than the smart watch?": set against the product named, however much its name is the whole question.
  const cheaperThanNamed = await answerCheaperThanNamed(message, context)
  if (cheaperThanNamed) return cheaperThanNamed
  // ("Gömlek ve tişört alsam kargo öder miyim?": things bought, then shipping; no question of a product's name.)
  const boughtThenShipped = understood.kind === 'shipping' && IF_BOUGHT.test(keyLine(words(message)))
  const written = !boughtThenShipped && clashesWithAName(understood.kind, message) && understood.unknownWords > 0 && mayBeProduct ? await productNameWritten(message, context) : null
  // A product's name alone is a search for it, whatever the classifier heard in it: "hasır şapka" is no complaint, however
  // much "hasır" sounds like "hasar"; "smart watch" no small talk, though no word of it is "Akıllı Saat". (Small talk
  // reads the catalogue only when it names a kind of thing sold and asks no price or stock, which is read below:
  // "what is the weather like" reads nothing.)
  const misheardName = understood.kind === 'complaint' || (understood.kind === 'off_topic' && thingWords(message).length > 0 && !PRODUCT_CUES.test(keyLine(words(message))))
  if (misheardName && (await onlyNamesAProduct(productTerm(words(message)), catalogue))) {
    return answerProduct(intentOf('search', message), message, context, [])
  }
  if (written !== null) {
    // Whether it is so is asked of the product the name names ("kolye alerji yapar mı?").
    if (asksWhetherSo(message)) return answerAttribute(attributeOf(words(message)), written, message, context)
    const asked = understood.alternatives.find((reading) => ASKED_OF_PRODUCTS.has(reading.intent))?.intent ?? 'search'
    return answerProduct(intentOf(asked, message), message, context, [])
  }
  // The reply just before, which short follow-ups are read against.
  const previousReply = history.findLast((turn) => turn.role === 'assistant')
  const previousKind = previousReply?.kind
  // "The second one", "ikincisi" after several shown: that one; just after "which one would you like?" (or all of them
  // ordered), it is ordered.
  if (listedIds(history.filter((turn) => turn.role === 'assistant')).length > 1 && picksOne(message)) {
    if (previousKind === 'ordering') return answerOrdering('', message, context, quantityAsked(history.findLast((turn) => turn.role === 'user')?.content ?? ''))
    if (understood.kind !== 'ordering' && words(message).length <= 4) return answerIntent({ kind: 'price', term: '' }, message, context)
  }
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
  // "Peki 50 dolar altı?", "what about under 100?" just after "20 euro altı hediye": the same kind, in the new budget, as
  // long ago as the run of budgets goes, whatever the last one showed.
  if (understood.kind === 'budget' && understood.term === '' && previousKind === 'budget') {
    for (let at = history.length - 1; at > 0 && history[at]!.kind === 'budget' && history[at - 1]!.role === 'user'; at -= 2) {
      const before = intentOf('budget', history[at - 1]!.content)
      const term = before.kind === 'budget' ? before.term : ''
      if (thingWords(term).length > 0 || departmentOf(term)) return answerBudget(understood.budget, term, context)
    }
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
  if (previousKind === 'faq' && words(message).length <= 6 && FAQ_FOLLOWED.has(understood.kind)) {
    const term = 'term' in understood ? understood.term : ''
    // A product the words name whole: "not" (a note) only begins "Notebook".
    const whole = (product: CatalogueProduct) => keysOf(term).some((key) => keysOf(product.name).some((word) => word === key || sameStem(key, word)))
    const named = term === '' ? [] : bestNamed(term, await catalogue.search(term, 3), false).filter(whole)
    // The question the entry first answered: "ücretli mi?" after "not ekleyebilir miyim?" is still of the gift wrapping.
    const asked = entryAsked(history)
    // A question an entry answers by itself ("isim yazdırma yapıyor musunuz?") is that entry's, as ever.
    const joined = named.length === 0 && !(await faqFor(message, context, 'unknown')) ? await faqFor(`${asked} ${message}`, context, 'unknown') : null
    // The entry's own question holds most of the joined words whatever follows it: a follow-up read as the address or
    // the contact details, in words of them ("adresiniz nerede?", "telefon numaranız ne?"), asks that, not the entry.
    const hit = joined && !asksWhereOrHowToReach(understood.kind, message) ? joined : null
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
  // "What's the difference between the first two?", "ilk ikisi arasındaki fark ne": those two of the list, side by side.
  const said = keyLine(words(message))
  const places = / (better|daha iyi\w*) /.test(said) || COMPARES.test(said) || WHICH_ONE.test(said) ? twoPlacesOf(message) : null
  const shownLast = places ? ((await justListed(context)) ?? []) : []
  const [first, second] = places ? places.map((place) => shownLast.at(place)) : []
  if (first && second && first.id !== second.id) return answerIntent({ kind: 'compare', terms: [first.name, second.name] }, message, context)
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
  // ("Başkası var mı?", "diğerleri?", "any others?": another, of nothing named, is another of its kind too.)
  const otherAlone = OTHER.test(keyLine(words(message))) && words(message).every((word) => OTHER.test(` ${word.key} `) || ASKING_ONLY.test(word.key))
  // ("Lokum gibi başka ne var?": like it, and another.)
  const likeAnother = OTHER.test(keyLine(words(message))) && words(message).some((word) => word.key === 'gibi')
  const similarAsked = otherVariant || otherAlone || likeAnother || words(message).some((word) => SIMILAR.test(word.key))
  const rest = similarAsked ? productTerm(words(message).filter((word) => !SIMILAR.test(word.key) && !VARIANT.test(word.key) && !OTHER.test(` ${word.key} `) && word.key !== 'gibi')) : ''
  const discussedBefore = similarAsked ? ((await lastProducts(context)) ?? []) : []
  const ofItsKind = rest === '' || (discussedBefore.length === 1 && words(rest).every((word) => coverage(word.text, discussedBefore[0]!.name) > 0))
  // "Kablolu kulaklık yerine ne alabilirim?", "anything similar to the keyboard?": the one product the words name.
  const namedNow = similarAsked && !ofItsKind ? bestNamed(rest, await catalogue.search(rest, 3), false) : []
  const discussedNow = ofItsKind ? discussedBefore : namedNow.length === 1 ? namedNow : []
  // Of several just listed, which one is the question.
  if (discussedNow.length > 1) return reply('attribute', say.whichProduct(replyIn), replyIn)
  if (discussedNow.length === 1) {
    const kind = thingWords(discussedNow[0]!.name).at(-1)
    // "None" said of the product, not of its kind as the name inflects it ("Çantası").
    const others = kind ? await othersThanDiscussed(kind, context, (discussed) => say.noSimilar(discussed, replyIn), discussedNow) : null
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
  if (understood.kind !== 'compare' && WHICH_ONE.test(asked) && (CHEAPER.test(asked) || DEARER.test(asked)) && ((await justListed(context)) ?? (await lastProducts(context)) ?? []).length >= 2) {
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

/** The customer's question that began the FAQ answers the conversation ends on. */
function entryAsked(history: readonly Turn[]): string {
  let asked = ''
  for (let i = history.length - 1; i > 0 && history[i]!.role === 'assistant' && history[i]!.kind === 'faq'; i -= 2) {
    if (history[i - 1]!.role === 'user') asked = history[i - 1]!.content
  }
  return asked
}

/** Whether the message asks where the business is or how to reach it, as the classifier read it and in words of it. */
function asksWhereOrHowToReach(kind: string, message: string): boolean {
  const said = (pattern: RegExp) => words(message).some((word) => pattern.test(word.key))
  return (kind === 'location' && said(WHERE_WORDS)) || (kind === 'contact' && said(CONTACT_WORDS))
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

/** Words pointing at the products just listed, together. */
const AMONG_THEM = /^(aralarindaki|aralarinda|arasindaki|ikisinin|ikisi|ikisini|hepsinin|bunlarin|onlarin|between|them|these|those|both|all|three)$/

/** Words asking for something like the product discussed. */
const SIMILAR = /^(benzer\w*|similar|alternatif\w*|alternatives?|muadil\w*|yerine|instead)$/
/** Words that only ask whether there is one, or its price: "var mı", "do you have", "ne kadar". */
const ASKING_ONLY = /^(var|mi|mu|yok|mevcut|peki|ya|hic|ne|kadar|fiyat\w*|any|anything|something|do|you|have|got|is|are|there|one|ones|available|and|so|ok|how|much)$/
/** Words of a product's variants: "model", "çeşit", "styles", "options". */
const VARIANT = /^(model\w*|cesit\w*|cesid\w*|tur|turu|turler\w*|secenek\w*|styles?|options?|kinds?|types?|designs?|models?|versions?)$/

/** Readings a place alone gets ("izmire": a search; "northern cyprus": nothing the network knows). */
const TO_A_PLACE = new Set(['search', 'unknown', 'off_topic', 'again', 'attribute', 'stock'])
/** A place asked of: "to …", "what about …", "ya …", or a Turkish place alone with its "to" ending ("İzmir'e", "Ankaraya"). */
const asksOfAPlace = (message: string) => {
  const line = keyLine(words(message))
  // (After an apostrophe the ending is left out of the words: "İzmir'e" is read in the message as written.)
  return /^ (to|what about|how about|and|ya|peki) /.test(line) || (words(message).length <= 2 && (/ \w{3,}(y?[ae]) $/.test(line) || /\p{L}['’]y?[ae](?!\p{L})/iu.test(message)))
}

/** Readings a short question just after an FAQ answer may be asked of that entry under. */
const FAQ_FOLLOWED = new Set(['search', 'stock', 'attribute', 'unknown', 'off_topic', 'location', 'contact', 'price', 'link'])

/** How an answer to "what kind of product, for whom?" may be read on its own: as nothing, or as a search. */
const TELLS_MORE = new Set(['off_topic', 'unknown', 'search', 'list', 'recommend', 'attribute'])
/** Words that name shipping itself. */
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
const DEARER = / (daha pahali\w*|more expensive|pricier|dearer) /
/** Which of them ("hangisi", "which"; "the cheaper one", "ucuz olanı": the one of them, not "a cheaper one"). */
const WHICH_ONE = / (hangisi\w*|which|the (cheaper|cheapest|less expensive|dearer|more expensive|pricier) ones?|(ucuz|pahali) olani\w*) /
