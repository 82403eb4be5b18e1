// How well words name a product: one word in its other forms (sameWord), two
// words on one stem (sameStem), the share of a question's words a name holds
// (coverage), and the products a question names best (bestNamed). The
// catalogue's search in Postgres finds candidates; these decide, in the
// reply, which of them the customer meant.
import { holdsEquivalent, phrasesHeld } from './lexicon.ts'
import { words } from './text.ts'
import type { Catalogue, CatalogueProduct } from './types.ts'

/** Content words of a text as keys: three letters or more, or digits. */
export function keysOf(text: string): string[] {
  return words(text)
    .map((word) => word.key)
    .filter((key) => key.length >= 3 || /^\d+$/.test(key))
}

/** A short word and the start of a longer one that is another word, though it begins with it: "takı" (jewellery) and "takımı" (a set), a mat and a match. */
const OTHER_WORDS: readonly (readonly [string, string])[] = [['taki', 'takim'], ['mat', 'match']]

/**
 * Whether two words are one word in different forms: the same up to a
 * Turkish suffix, a plural, a softened last consonant or one typo at the end
 * ("kulaklığın" and "kulaklık", "kulaklk" and "kulaklık"), never two words
 * that only begin alike ("kablosuz" and "kablolu").
 */
export function sameWord(a: string, b: string): boolean {
  if (a === b) return true
  const shorter = Math.min(a.length, b.length)
  if (shorter < 3) return false
  if (OTHER_WORDS.some(([short, long]) => (a === short && b.startsWith(long)) || (b === short && a.startsWith(long)))) return false
  let common = 0
  while (common < shorter && a[common] === b[common]) common++
  // A word of four letters or fewer whole ("mug", "mugs"); "watt" is not "water", nor "ayar" (a silver's
  // fineness) "ayarlanabilir" (adjustable): a verb made of it is another word.
  if (shorter <= 4) return common === shorter && !/^l[ae][nst]/.test((a.length > b.length ? a : b).slice(shorter))
  // "Wired" is not "wireless": an English ending that makes another word is no typo.
  if (/^(less|ful|ness)/.test((a.length > b.length ? a : b).slice(common))) return false
  return common >= shorter - 1
}

// Suffixes that make another word of a stem: "kablosuz" is not "kablolu", "kulaklık" is not "kulak".
const DERIVING = /^(s[iu]z|l[iu]k|c[iu])/

/**
 * Whether two words share a stem of five letters or more, or of four
 * followed by an ending ("kutulu" and "kutuda"), whatever endings follow:
 * Turkish builds "makinesinde" and "yıkanabilir" on the "makinede" and
 * "yıkanır" a customer writes. Endings that make another word do not count.
 */
export function sameStem(a: string, b: string): boolean {
  const shorter = Math.min(a.length, b.length)
  let common = 0
  while (common < shorter && a[common] === b[common]) common++
  if (common < 4 || (common === 4 && (a.length === 4 || b.length === 4))) return false
  const [restA, restB] = [a.slice(common), b.slice(common)]
  return !DERIVING.test(restA) && !DERIVING.test(restB)
}

/**
 * Whether one word says a thing is with what the other says it is without ("kükürtlü", "kükürtsüz"; "şekerli",
 * "şekersiz"): a record saying either answers a question of the other.
 */
export function withOrWithout(a: string, b: string): boolean {
  const [x, y] = [WITH_OR_WITHOUT.exec(a), WITH_OR_WITHOUT.exec(b)]
  return x !== null && y !== null && x[1] === y[1] && x[2]![0] !== y[2]![0]
}
/** A Turkish word of having or lacking something ("şekerli", "glutensiz"), as an ASCII key. */
export const WITH_OR_WITHOUT = /^([a-z]{3,})(l[iu]|s[iu]z)$/

/** The share of the term's words that a text holds, itself or in the other language: how well the text names what was asked. */
export function coverage(term: string, text: string): number {
  const asked = keysOf(term)
  if (asked.length === 0) return 0
  const held = words(text).map((word) => word.key)
  const phrases = phrasesHeld(term, text)
  return asked.filter((key) => phrases.has(key) || held.some((word) => sameWord(key, word)) || holdsEquivalent(key, text)).length / asked.length
}

/** A length of time a description gives ("30 saat pil", "40-hour battery"), whose unit names nothing sold. */
const A_TIME = /\d+\s*-?\s*(saat\p{L}*|hours?|g[üu]n\p{L}*|days?|dakika\p{L}*|minutes?|dk)(?!\p{L})/giu

/**
 * The products the words name best. The search ranks anything sharing a word
 * with the question, in its name or description; a customer who asks about
 * "kablosuz kulaklık" means the product so named, not the wired one, and one
 * who asks when an order "gelir" means no product whose description happens
 * to say so. Products whose names hold the most of the words are kept; when
 * no name holds any, `descriptions` says whether description matches may
 * stand (a question that names a product kind) or nothing is named.
 */
export function bestNamed(term: string, found: readonly CatalogueProduct[], descriptions: boolean): CatalogueProduct[] {
  const scored = found.map((product) => ({ product, score: coverage(term, product.name) }))
  const best = Math.max(0, ...scored.map((entry) => entry.score))
  // The search's own reach ("el" of "Elbise" for "el yapımı") is no match: the record itself holds a word of the term.
  // ("30 saat pil" is a time, no watch: "saat" after a number is hours.)
  const described = (product: CatalogueProduct) => `${product.name} ${(product.description ?? '').replace(A_TIME, ' ')}`
  if (best === 0) return descriptions ? found.filter((product) => coverage(term, described(product)) > 0) : []
  return scored.filter((entry) => entry.score === best).map((entry) => entry.product)
}

/**
 * Whether a message's product term (question-words.ts `productTerm`: its words without the question's) is all in the
 * name of a product the catalogue has ("hasır şapka", "Hasır Şapka?"): a search for it, whatever the classifier heard.
 */
export async function onlyNamesAProduct(term: string, catalogue: Catalogue): Promise<boolean> {
  // ("My order is 500 TL" names "Stok Kalemi 500" by a number alone: no name.)
  if (!keysOf(term).some((key) => /^[a-z]{3,}/.test(key))) return false
  return (await catalogue.search(term, 3)).some((product) => coverage(term, product.name) === 1)
}
