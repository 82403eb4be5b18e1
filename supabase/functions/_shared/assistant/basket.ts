// Several products with how many of each, asked what they come to: "2 keten gömlek 1 şapka ne tutar?", "what about
// 2 linen shirts and a hat?". This reads the lines; the responder finds each product in the catalogue and the sum is
// made from the records' prices (replies.ts, basket).
import { productTerm } from './intents.ts'
import { keyLine, quantityOf, words } from './text.ts'

export type BasketLine = { quantity: number; term: string }

/** "A", "bir": one, but only beside a number said outright ("2 gömlek bir şapka", "2 linen shirts and a hat"). */
const ONE = /^(a|an|bir)$/
/** What counts the things after a number ("2 tane gömlek", "3 adet"): no part of a product's name. */
const COUNTED_IN = /^(tane\w*|adet\w*|pieces?|pcs|x)$/
/** Asked what they cost: the sum, the price, "how much". */
const PRICED = / (ne tutar\w*|toplam\w*|ne kadar|kac para|kaca|fiyat\w*|how much|total|come to|cost|costs|price\w*) /

/**
 * The products and how many of each the message counts, when it counts two or more and says at least one number
 * outright; null otherwise ("3 tişört" is one product's price, "gömlek ve şapka" a pair).
 */
export function readBasket(message: string): BasketLine[] | null {
  const list = words(message)
  const starts = list.flatMap((word, at) => {
    const quantity = quantityOf(word) ?? (ONE.test(word.key) ? 1 : null)
    return quantity === null ? [] : [{ at, quantity, said: !ONE.test(word.key) }]
  })
  if (!starts.some((start) => start.said)) return null
  const lines = starts.map((start, i) => {
    const end = starts[i + 1]?.at ?? list.length
    return { quantity: start.quantity, term: productTerm(list.slice(start.at + 1, end).filter((word) => !COUNTED_IN.test(word.key))) }
  })
  const named = lines.filter((line) => line.term !== '')
  // A number naming nothing after it ("2 tane", a size) makes no line; every line must name something.
  return named.length >= 2 && named.length === lines.length ? named : null
}

/** Whether the message asks what something costs ("ne tutar", "how much", "toplam"). */
export const asksWhatItCosts = (message: string) => PRICED.test(keyLine(words(message)))

/** "İkisini de", "both", "hepsi", "all of them": every product just listed. */
const ALL_LISTED = / (ikisi\w*|ucu de|ucunu de|hepsi\w*|both|all of them|all three|the lot) /
export const namesAllListed = (message: string) => ALL_LISTED.test(keyLine(words(message)))
