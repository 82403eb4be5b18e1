// Several products with how many of each, asked what they come to: "2 keten gömlek 1 şapka ne tutar?", "what about
// 2 linen shirts and a hat?". This reads the lines; the responder finds each product in the catalogue and the sum is
// made from the records' prices (replies.ts, basket).
import { productPair, productTerm, withoutWithEnding } from './question-words.ts'
import { keyLine, quantityOf, words, type Word } from './text.ts'

export type BasketLine = { quantity: number; term: string }

/** "A", "bir": one, but only beside a number said outright ("2 gömlek bir şapka", "2 linen shirts and a hat"). */
const ONE = /^(a|an|bir)$/
/** What joins two products: "ve", "and", "ile", "with". */
const JOINS = /^(ve|and|ile|with)$/
/** What counts the things after a number ("2 tane gömlek", "3 adet"): no part of a product's name. */
const COUNTED_IN = /^(tane\w*|adet\w*|pieces?|pcs|x)$/
/** Asked what they cost: the sum, the price, "how much". */
const PRICED = / ((ne|kac) eder|ne tutar\w*|toplam\w*|ne kadar|kac para|kaca|fiyat\w*|how much|total|come to|cost|costs|price\w*) /

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
  // "Kot ve 2 tişört": a product before the first number, joined to it, is one of it.
  const before = list.slice(0, starts[0]!.at)
  const first = JOINS.test(before.at(-1)?.key ?? '') ? productTerm(before.slice(0, -1)) : ''
  const lines = [
    ...(first === '' ? [] : [{ quantity: 1, term: first }]),
    ...starts.flatMap((start, i) => {
      const counted = list.slice(start.at + 1, starts[i + 1]?.at ?? list.length).filter((word) => !COUNTED_IN.test(word.key))
      // "2 tişört ve kot": a second product joined without a number of its own is one of it.
      const pair = productPair(counted.map((word) => word.text).join(' '))
      return pair ? [{ quantity: start.quantity, term: pair[0] }, { quantity: 1, term: pair[1] }] : [{ quantity: start.quantity, term: productTerm(counted) }]
    }),
  ]
  const named = lines.filter((line) => line.term !== '')
  // A number naming nothing after it ("2 tane", a size) makes no line; every line must name something.
  return named.length >= 2 && named.length === lines.length ? named : null
}

/** Whether the message asks what something costs ("ne tutar", "how much", "toplam"). */
export const asksWhatItCosts = (message: string) => PRICED.test(keyLine(words(message)))

/** "İkisini de", "both", "hepsi", "all of them": every product just listed. */
const ALL_LISTED = / (ikisi\w*|ucu de|ucunu de|hepsi\w*|both|all of them|all three|the lot) /
export const namesAllListed = (message: string) => ALL_LISTED.test(keyLine(words(message)))

/** Words around what is added, no part of its name: "and", "together", "peki", "also". */
const ADDING = /^(and|ve|together|birlikte|beraber|peki|also|too|de|da|plus)$/
/** "The one with a hood", "kapüşonlu olan": a kind of the product asked for, nothing added to it. */
const ONE_WITH = /^(one|ones|olan\w*)$/

/**
 * "Kot pantolonla birlikte ne kadar?", "kot pantolon ile birlikte?", "and with the jeans?": the words of a product a
 * message adds to one already discussed, or null unless all it says besides is the joining and the asking. English
 * names it after "with"; Turkish before "ile", or as the word that ends in "with" ("pantolonla").
 */
export function addedWith(message: string): string | null {
  const list = words(message).filter((word) => !ADDING.test(word.key))
  if (list.some((word) => ONE_WITH.test(word.key))) return null
  const only = (part: readonly Word[]) => productTerm(part) === ''
  const english = list.findIndex((word) => word.key === 'with')
  if (english >= 0) return only(list.slice(0, english)) ? productTerm(list.slice(english + 1)) || null : null
  const turkish = list.findIndex((word) => word.key === 'ile')
  if (turkish >= 0) return only(list.slice(turkish + 1)) ? productTerm(list.slice(0, turkish)) || null : null
  const ending = list.findIndex((word) => withoutWithEnding(word.text) !== null)
  if (ending < 0 || !only(list.slice(ending + 1))) return null
  return productTerm([...list.slice(0, ending), ...words(withoutWithEnding(list[ending]!.text)!)]) || null
}
