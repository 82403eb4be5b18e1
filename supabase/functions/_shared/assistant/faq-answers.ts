// The owner's FAQ as an answer: when an entry answers the message by itself,
// and the entry to give for a question of a kind (search_faq in the database
// scores the entries; which score is enough is decided here).
import { asksToTryOn } from './intents.ts'
import { namesSubject, sameSubject, sameThings, translate, withoutThings } from './lexicon.ts'
import { keysOf } from './matching.ts'
import { words } from './text.ts'
import type { BusinessKnowledge, FaqHit } from './types.ts'
import { type Context } from './reply-context.ts'

/** The least score (search_faq's share of the asked words an entry holds) for an FAQ entry to be the answer. */
export const FAQ_MIN_SCORE = 0.6
/** An entry on the subject a question names (sameSubject) answers it with a third of its words. */
const FAQ_SUBJECT_MIN_SCORE = 0.3

const PRODUCT_QUESTIONS = new Set(['price', 'stock', 'link', 'list', 'search', 'compare', 'extreme', 'budget'])

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
export async function faqFor(message: string, context: Context, kind: string) {
  if (!asksToTryOn(message)) return faqOf(message, context, kind)
  // "Mağazada deneyebilir miyim?" shares the shop with the entry on collecting there, but only an entry on trying things
  // on answers it.
  const { business } = context
  const searchFaq = async (query: string, limit?: number) => (await business.searchFaq(query, limit)).filter((hit) => asksToTryOn(`${hit.question} ${hit.answer}`))
  return faqOf(message, { ...context, business: { profile: business.profile, hasFaq: business.hasFaq, searchFaq } }, kind)
}

async function faqOf(message: string, context: Context, kind: string) {
  if (!context.business.hasFaq) return null
  // Each query goes to the database once, however many of the readings below ask it.
  const searched = new Map<string, Promise<FaqHit[]>>()
  const search = (query: string) => {
    if (!searched.has(query)) searched.set(query, context.business.searchFaq(query, 3))
    return searched.get(query)!
  }
  const hits = await search(message)
  const best = hits[0]
  if (entryAnswers(best, message)) return best
  // The owner may have written the entry in the other language ("do you wrap presents?" of "Hediye paketi yapıyor
  // musunuz?"), or of all products rather than the one named ("kulaklığın garantisi var mı?").
  const asWritten = words(message).map((word) => word.text).join(' ')
  // A product question keeps its product: "kulaklık stokta var mı?" is not an entry about stock in general.
  // ("Dükkan saatleri" asks the hours, not an entry on the shop once the watch "saat" is taken out.)
  const retries = PRODUCT_QUESTIONS.has(kind) || kind === 'hours' ? [translate(message)] : [translate(message), withoutThings(message)]
  for (const again of new Set(retries)) {
    if (again === asWritten || keysOf(again).length === 0) continue
    const [other] = await search(again)
    if (entryAnswers(other, message)) return other
  }
  // "How long is the warranty on the headphones?", "can I come pick it up today?": the entry on that subject answers,
  // though the message has more words than its question.
  if (!namesSubject(message)) return null
  const onSubject = (hit: FaqHit | undefined) => hit && hit.score >= FAQ_SUBJECT_MIN_SCORE && sameThings(message, hit.question) && sameSubject(message, `${hit.question} ${hit.answer}`)
  // ("Faturalı mı gönderiyorsunuz?" matches the invoice's entry and the one on sending abroad alike: the subject decides.)
  const firstOnSubject = async (query: string) => (await search(query)).find(onSubject)
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
// subject ("is it a genuine product?" is no small talk when the FAQ answers it). A stock, list or link
// question is the FAQ's only when an entry holds its product words too ("hediye kartı var mı?"): faqOf never
// searches it without them, and a price is never the FAQ's.
export const FAQ_FIRST = new Set([
  'location', 'contact', 'shipping', 'delivery_time', 'returns', 'payment', 'discounts', 'booking', 'hours', 'attribute', 'recommend', 'search',
  'unknown', 'ordering', 'stock', 'list', 'link', 'human', 'personal_info', 'off_topic',
])
