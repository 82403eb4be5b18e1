// Answers about one product or a few named ones: price, stock, link, a list
// or search, an attribute its record states (colour, size, material…), and
// ordering it. Each reads the product from the catalogue at reply time.
import { asksWhatItCosts, readBasket } from './basket.ts'
import { ASKS_MATERIAL, asksContentsOrFit, asksIfGenuine, asksOrigin, saysGenuine, specUnitAsked, asksWhichMaterial, ATTRIBUTE_PATTERNS, attributeOf, colourOf, coloursIn, materialsIn, type Attribute } from './attribute-words.ts'
import { IN_STOCK_ASKED, NEW_ARRIVALS, POPULAR, asksToReserve, bargains, questionsAPrice, topicOf } from './intents.ts'
import { asksOfIt, asksWhetherThereIs, asksWhetherSo, isQuestionWord, pointsAtAll, pointsAtOne, pointsBack, productTerm, yesOrNo } from './question-words.ts'
import { currencyOf, quantityAsked } from './amounts.ts'
import { departmentOf, holdsEquivalent, onlyProperties, namesSubject, nearestKind, phrasesHeld, sameProperty, thingWords, withoutThings } from './lexicon.ts'
import * as biz from './business-replies.ts'
import { editDistance } from './nlu.ts'
import * as attr from './attribute-replies.ts'
import * as say from './replies.ts'
import { bestNamed, coverage, keysOf, sameStem, sameWord, withOrWithout } from './matching.ts'
import { askedSize, colourListed, listedColours, listedSizes, recordStates } from './record-facts.ts'
import { keyLine, words, type Word } from './text.ts'
import type { CatalogueProduct, ResponderOutput } from './types.ts'
import { MAX_LISTED, MAX_FOR_QUESTION, type Context, offered, reply, contactOf, lastProducts, subject, statesAll, namedProducts, onePairFound, justListed, productNameWritten, moreThanStocked } from './reply-context.ts'
import { OTHER, VERB_FORM, PRODUCT_CUES, PICTURE, asksSomething, materialAsked } from './cues.ts'
import { faqFor } from './faq-answers.ts'
import { answerBasket } from './basket-answers.ts'

/** How many products are read when only those in stock are asked for, to find enough of them to show. */
const IN_STOCK_READ = 30

/** `message`, when given, may name two products joined by "ve" or "and", asked of both. */
export async function answerProductQuestion(kind: 'price' | 'stock' | 'link' | 'list' | 'search', term: string, context: Context, message?: string): Promise<ResponderOutput> {
  const { language, businessName, catalogue } = context
  if (kind === 'list' || kind === 'search') {
    // "Kablosuz olan", "the wireless ones" just after a list: those of the list the words name, not the whole catalogue's.
    // ("Kablosuzun?": the wireless one's, a word of the list's names with the "of" ending.)
    const owner = words(term).length === 1 ? term.replace(/n?[ıiuü]n$/u, '') : term
    const ofOne = owner !== term && Array.from(owner).length >= 3
    if (kind === 'search' && message !== undefined && (ofOne || / (olan\w*|one|ones) /.test(keyLine(words(message))))) {
      const listed = (await justListed(context)) ?? []
      const picked = listed.filter((product) => coverage(term, product.name) === 1 || (ofOne && coverage(owner, product.name) === 1))
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
    const inStockOnly = message !== undefined && IN_STOCK_ASKED.test(keyLine(words(message)))
    let found =
      term === '' && kind === 'list'
        ? await catalogue.list(inStockOnly ? IN_STOCK_READ : MAX_LISTED + 1, newest ? 'newest' : 'name')
        : ofWhat
          ? (await catalogue.search(term, MAX_LISTED + 1)).filter((product) => statesAll(product, said))
          : property
            ? (await catalogue.search(term, MAX_LISTED + 1)).filter((product) => sameProperty(term, `${product.name} ${product.description ?? ''}`))
            : bestNamed(term, await catalogue.search(term, MAX_LISTED + 1), kind === 'list')
    // "Elektronik ne var?": a department the catalogue does not name, asked as the things it holds.
    const department = found.length === 0 ? departmentOf(term) : null
    // Any thing of it, not the best-named one: a wired headphone is no more electronic than a speaker.
    if (department) found = (await catalogue.search(department, MAX_LISTED + 1)).filter((product) => coverage(department, product.name) > 0)
    // "Stokta neler var?": those in stock, unless none is (then each is shown as it stands).
    if (inStockOnly && found.some((product) => product.stock > 0)) found = found.filter((product) => product.stock > 0)
    // Words alone, with no question the classifier knew: products only when their names are what the words name, and
    // a sentence is no product's name for one word of it ("who won the match last night" is no Yoga Mat).
    const sentence = kind === 'search' && keysOf(term).length >= 3 && found.length > 0 && coverage(term, found[0]!.name) < 0.5
    const shown = sentence ? [] : found.slice(0, MAX_LISTED)
    if (shown.length === 0 && property) return reply(kind, say.noneDescribed(term, contactOf(context), language), language, [], false)
    const nearest = shown.length === 0 ? await closestOfNearestKind(kind, term, context) : null
    if (nearest) return nearest
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
  if (found === 'no_subject') return reply(kind, message !== undefined && questionsAPrice(keyLine(words(message))) ? say.pricesCurrent(language) : say.whichProduct(language), language)
  if (found === 'gone') return reply(kind, say.gone(contactOf(context), language), language)
  // "Su geçirmez mi?" with no product discussed yet: a property asked of nothing named; which product is the question.
  if (found.length === 0 && onlyProperties(term)) return reply(kind, say.whichProduct(language), language)
  // "Do you have any jewellery?": a department, asked as the things it holds.
  if (found.length === 0 && kind !== 'link' && departmentOf(term)) return answerProductQuestion('list', term, context)
  // "Deri çanta ve gümüş kolye ne kadar?": two products, when the words as one name neither fully.
  // ("Kablolu ve kablosuz kulaklık": each found lacks the other's word, yet the two are named.)
  const unnamed = found.length === 0 || found.every((product) => notInRecord(term, product).length > 0)
  const pair = unnamed && message && kind !== 'link' ? await namedProducts(message, context) : null
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
  // "Teneke olarak var mı?", "do you have it in a bigger bottle?" just after the olive oil: a form of it, which its record
  // may say, not another product (nor the Steel Water Bottle the words also name).
  const inAForm = message !== undefined && AS_A_FORM.test(keyLine(words(message))) && (found.length === 0 || OF_IT_IN.test(keyLine(words(message))))
  if (inAForm && ((await lastProducts(context))?.length ?? 0) === 1) {
    return answerAttribute(null, '', message, context)
  }
  const nearest = found.length === 0 && kind !== 'link' ? await closestOfNearestKind(kind, term, context) : null
  if (nearest) return nearest
  if (found.length === 0) return reply(kind, say.notFound(contactOf(context), language), language, [], false)
  // "Gözlük var mı?" of a shop with Güneş Gözlüğü: found by the word its name ends in, yet sunglasses are only the
  // closest to glasses (a word asked that is part of the nearest kind's name, and every one found of that kind).
  const near = kind === 'link' ? null : nearestKind(term)
  if (near && words(near).length > words(term).length && coverage(term, near) === 1 && found.every((product) => coverage(near, product.name) === 1)) {
    return reply(kind, found.length === 1 ? say.closest(found[0]!, term, language) : say.closestList(found, term, language), language, found, false)
  }
  // "Do you have any vegan leather?" of leather goods none of which says vegan: the closest, said to be only that.
  if (found.length > 1 && kind !== 'link' && found.every((product) => notInRecord(term, product).length > 0)) {
    return reply(kind, say.closestList(found, term, language), language, found, false)
  }
  // "Can you send me a picture of the lamp?": its page, or whom to ask for one; never "to buy it".
  const pictures = kind === 'link' && message !== undefined && PICTURE.test(keyLine(words(message)))
  if (found.length > 1) {
    const text = pictures ? say.pictureOf(found, businessName, contactOf(context), language) : kind === 'link' ? say.linkList(found, businessName, language) : say.productList(found, false, language)
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
  if (pictures) return reply(kind, say.pictureOf([product], businessName, contactOf(context), language), language, [product], say.link(product) !== null)
  const text =
    kind === 'price'
      ? say.priceOf(product, language)
      : kind === 'stock'
        ? say.stockOf(product, language, message === undefined ? null : quantityAsked(message))
        : say.linkOf(product, businessName, language)
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

/** A form a product is asked in: "teneke olarak", "in a jar", "as a set". */
const AS_A_FORM = / \w+ olarak | (in|as) an? \w+ /
/** The product discussed, asked for in another form: "do you have it in…", "does it come as…". */
const OF_IT_IN = / (have|get|comes?|available|sell) (it|them|this|that|these) (in|as) /
/** Two products asked for at once, their sum ("birlikte", "together", "toplam", "ne tutar", "what do they come to"). */
const TOGETHER = / (birlikte|beraber|ikisi birden|toplam\w*|tutar\w*|(kac|ne) eder|together|altogether|total|in total|combined|comes? to) /
/** The words of a question about colour, besides colours themselves. */
const ABOUT_COLOUR = /^(renk\w*|rengi\w*|colou?rs?|available|come|comes|have|has|got|any|var|mevcut|baska|farkli|diger\w*|other|another|different|more|olan\w*|one)$/
/** "Farklı renkleri var mı?", "different colours?". */
const DIFFERENT = / (farkli|different|more) /


/** "Airpods var mı?", "gözlük var mı?" of a shop without them: not listed, and its own of the nearest kind the closest (a "Telefon Kılıfı" is no phone). */
async function closestOfNearestKind(kind: string, term: string, context: Context): Promise<ResponderOutput | null> {
  const near = nearestKind(term)
  if (!near) return null
  const ofKind = (await context.catalogue.search(near, MAX_FOR_QUESTION)).filter((product) => coverage(near, product.name) === 1 && thingWords(product.name).length <= words(near).length)
  if (ofKind.length === 0) return null
  const text = ofKind.length === 1 ? say.closest(ofKind[0]!, term, context.language) : say.closestList(ofKind, term, context.language)
  return reply(kind, text, context.language, ofKind, false)
}
/**
 * An attribute question: the product named, or the one just discussed when
 * the words name none ("suya dayanıklı mı?"). The record answers only when
 * it speaks of the attribute, or holds the very words asked about; then its
 * description is quoted as the owner wrote it. Otherwise the reply says the
 * catalogue does not list it: never a yes.
 */
export async function answerAttribute(attribute: Attribute | null, term: string, message: string, context: Context): Promise<ResponderOutput> {
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
      return reply('stock', [say.stockOf(product, language, Number(size)), ...moreThanStocked(product, Number(size), context)].join(' '), language, [product])
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
  // (Where the description says it too, "925 ayar gümüş", the description is the answer.)
  const describedSo = keysOf(message).some((key) => !isQuestionWord(key) && (keysOf(product.description ?? '').some((word) => sameWord(key, word)) || holdsEquivalent(key, product.description ?? '')))
  if (ofName || realAsNamed) return reply('attribute', attr.attributeFromRecord(product, language, null, ofName && !describedSo), language, [product])
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

/** `counted`: how many were asked for before, when the message only picks which ("2 tane alayım", then "ikincisi"). */
export async function answerOrdering(term: string, message: string, context: Context, counted: number | null = null): Promise<ResponderOutput> {
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
  const pair = term !== '' ? await namedProducts(message, context) : null
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
  const count = quantityAsked(message) ?? counted
  const [one] = products
  // "I'll take 2": what they come to, when the catalogue shows that many; else that it shows fewer.
  const wanted = products.length === 1 ? moreThanStocked(one!, count, context) : []
  const total = products.length === 1 && count !== null && count > 1 && count <= one!.stock ? [say.totalFor(one!, count, language)] : []
  // "Bana bir tane ayırır mısınız?": how to order, and that putting one aside is the owner's to do (said with the
  // owner's contact details once, where no ordering text of the owner's comes first).
  const reserving = asksToReserve(message)
  const reach = reserving && how === null ? say.cannotReserve(contactOf(context), language) : contactOf(context)
  // "10 tane telefon kılıfı alabilir miyim?" of one out of stock: that it is, first, and that no date of its return is written.
  const soldOut = products.length === 1 && one!.stock <= 0 ? [say.soldOut(one!, language)] : []
  // "I'll take that one", "2 tane alayım", "tamam alıyorum" just after several: which one, with how to order any of them,
  // never all of them ordered.
  const oneOfThem = pointsAtOne(message) || ((count !== null || BUYING.test(keyLine(words(message)))) && !pointsAtAll(message))
  const which = term === '' && !pair && products.length > 1 && oneOfThem ? [say.whichToOrder(language)] : []
  // (Of all that were shown, in their order, so that "the fifth" is the fifth seen.)
  const choices = which.length > 0 ? ((await justListed(context)) ?? products) : products
  const text = [...which, ...soldOut, say.orderAnswer(choices, how, reach, language), ...total, ...wanted].join('\n')
  const reserve = reserving && how !== null ? `\n${say.cannotReserve(contactOf(context), language)}` : ''
  // "I'll take it, how do I pay?": how to order, and how to pay when the owner wrote it.
  const pay = PAYING.test(keyLine(words(message))) && biz.written(context.business.profile, 'payment')
    ? `\n${biz.policyAnswer(context.business.profile, context.businessName, 'payment', language)}`
    : ''
  return reply('ordering', `${text}${reserve}${pay}`, language, choices, how !== null || choices.some((product) => product.product_link))
}

/** Saying it is being bought, not asking how ordering works. */
const BUYING = / (aliyorum|alacagim|alicam|alcam|alayim|alirim|alsam|buying|ill take|ill get|take it|get it|buy it) /

const PAYING = / (pay|paying|payment|odeme\w*|oderim|odeyebilir\w*|odenir) /
/** Words that judge a product rather than name it ("cheap", "güzel", "kaliteli"). */
const JUDGING = /^(cheap\w*|ucuz\w*|nice|good|iyi|guzel\w*|best|kaliteli\w*|quality|yeni|new|uygun\w*|affordable|beautiful|great|cool|hos|sik|tatli|cute|lovely)$/
/** A Turkish verb saying what the customer will do: "yapıcam", "alacağım", "ödeyeyim". */
const WILL_DO = /^\w{2,}(acagim|ecegim|acam|ecem|icam|icem|ucam|ucem|ayim|eyim|maliyim|meliyim)$/

/**
 * The one product a price offered names ("ceket 150 dolara olur mu?", "a better price on the headphones?"), or null:
 * none, several, or a discount asked for ("indirim yapar mısınız", which asks no price).
 */
export async function bargainedOver(message: string, context: Context): Promise<CatalogueProduct | null> {
  if (!bargains(message)) return null
  const term = productTerm(words(message).filter((word) => !/^\d/.test(word.key) && currencyOf(word.key) === null))
  const named = thingWords(term).length > 0 ? bestNamed(term, await context.catalogue.search(term, 3), false) : []
  return named.length === 1 ? named[0]! : null
}
