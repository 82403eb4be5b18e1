// A message that asks two things, one of them about the business: "kadife ceketin fiyatı nedir ve kargo ücreti ne
// kadar?", "what time do you open, and where are you?"; or a product and then a question of it ("is the backpack in
// stock and does it fit a 17 inch laptop?"). Read whole, the classifier hears only the louder question;
// read in two, each gets its answer, in the order asked.
import { asksOfIt, yesOrNo } from './question-words.ts'
import { asksOfTheShop, saysReturn, understand, type Understood } from './intents.ts'
import { thingWords } from './lexicon.ts'
import type { Classifier } from './nlu.ts'
import { keyLine, words } from './text.ts'

/** Where one question ends and the next begins: a question mark, a comma or semicolon, or a joining word. */
const BETWEEN = /(?:[?;,]\s+|\s+(?:ve|ayrıca|ayrica|bir de|and|also|plus)\s+)/giu

/** Questions about the business, and the text of the owner's each is answered by: shipping and delivery share one. */
const TOPICS: Record<string, string> = {
  shipping: 'shipping',
  delivery_time: 'shipping',
  returns: 'returns',
  payment: 'payment',
  hours: 'hours',
  location: 'address',
  contact: 'contact',
  discounts: 'discounts',
}
/** Questions about a named product, or words that may name one ("coffee mug kaç dolar"). */
const OF_PRODUCTS = new Set(['price', 'stock', 'link', 'attribute', 'search'])

/** Questions asked of a product already named ("how much is it", "rengi ne"). */
const OF_IT = new Set(['price', 'stock', 'link', 'attribute'])

/** A place led into ("what about within Turkey", "and to Ankara", "peki İzmir'e"). */
const A_PLACE = /^ (what about|how about|and|ya|peki)( (within|in|inside|to|for))? | (within|inside) /

export type Part = { text: string; understood: Understood }

/** Whether the words ask something of the product they name ("hasır şapka var mı", not "the sunglasses" or "I love the dress"). */
function asksBesidesNaming(text: string): boolean {
  return /\?/.test(text) || yesOrNo(text) || ASKING.test(keyLine(words(text)))
}
const ASKING = / (ne|neler|kac|kaca|nasil|hangi|nerede|var|yok|what|whats|how|which|where|when|do you|does|is|are|can|could|fiyat\w*|price|stok\w*|stock|link\w*) /

/** A product question, or words the corpus does not know read as off-topic ("coffee mug kaç dolar" is no exchange rate). */
export const ofAProduct = (understood: Understood) =>
  (OF_PRODUCTS.has(understood.kind) && 'term' in understood && understood.term !== '') || (understood.kind === 'off_topic' && understood.unknownWords > 0)

/**
 * The two questions the message asks, when one is about the business and the other about a product or another
 * topic of the business; null when it asks one thing ("kahve ve çay fiyatı", a name with "ve" in it, a comparison).
 */
export async function twoQuestions(message: string, classifier: Classifier): Promise<[Part, Part] | null> {
  for (const at of message.matchAll(BETWEEN)) {
    const first = message.slice(0, at.index).trim()
    const second = message.slice(at.index + at[0].length).trim()
    if (first === '' || second === '') continue
    const [one, two] = await Promise.all([understand(first, classifier), understand(second, classifier)])
    // "M aldım ama olmadı, L ile değişir mi?": what went wrong with a purchase is the reason for the return asked
    // beside it, not a question of its own about the size.
    const why = (text: string, part: Understood) => part.kind !== 'returns' && saysReturn(text)
    if ((two.kind === 'returns' && why(first, one)) || (one.kind === 'returns' && why(second, two))) continue
    // "Gömlek ve tişört alsam kargo öder miyim?": a product only named, then another, joins two things bought in one question.
    if (ofAProduct(one) && !asksBesidesNaming(first) && thingWords(second).length > 0) continue
    // "What about within Turkey, how long does it take?": the place the delivery question is asked of, no product.
    if (TOPICS[two.kind] === 'shipping' && A_PLACE.test(keyLine(words(first))) && words(first).length <= 4) continue
    const topics = [one, two].flatMap((part) => TOPICS[part.kind] ?? [])
    const products = [one, two].filter(ofAProduct)
    // "Can you gift wrap the mug and ship it to my mom?": a service of the shop, which the FAQ answers, beside a topic.
    const ofTheShop = ([[first, one], [second, two]] as const).filter(([text, part]) => part.kind === 'unknown' && asksOfTheShop(text))
    // "Pazartesi kaçta açıyorsunuz ve cumartesi kaça kadar?": the hours of two days are two questions too.
    const twoDays = one.kind === 'hours' && two.kind === 'hours' && one.day !== null && two.day !== null && JSON.stringify(one.day) !== JSON.stringify(two.day)
    // "Do you have the Travel Backpack in stock and does it fit a 17 inch laptop?": a question of a product, then one of
    // it. ("The sunglasses, are they scratch resistant?" names the product and asks one thing.)
    const ofIt = ofAProduct(one) && OF_IT.has(one.kind) && asksBesidesNaming(first) && OF_IT.has(two.kind) && (!('term' in two) || two.term === '' || asksOfIt(second))
    // "Ok I'll take it, how do I pay?": buying what was discussed, then a topic of the business.
    const orders = [one, two].filter((part) => part.kind === 'ordering').length
    const asksTwo = (topics.length === 1 && products.length + ofTheShop.length + orders === 1) || (topics.length === 2 && topics[0] !== topics[1]) || twoDays || ofIt
    if (asksTwo) return [{ text: first, understood: one }, { text: second, understood: two }]
  }
  return null
}
