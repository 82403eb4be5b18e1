// What a product's own record states: the sizes its description lists, and
// whether its name or description speaks of an attribute at all. An
// attribute question is answered from the record only when it does; the
// assistant never says yes about what the owner did not write.
import { ATTRIBUTE_PATTERNS, sizeNumber, type Attribute } from './intents.ts'
import { asciiKey, words } from './text.ts'
import type { CatalogueProduct } from './types.ts'

const LETTER_SIZES = ['xxs', 'xs', 's', 'm', 'l', 'xl', 'xxl', 'xxxl']
const LETTER_SIZE = /^(xxs|xs|s|m|l|xl|xxl|xxxl|2xl|3xl)$/
/** "Would a medium fit?": the letter a size's name stands for. */
const SIZE_NAMES: Partial<Record<string, string>> = { small: 's', medium: 'm', large: 'l' }

/** The size a message asks for: a letter size ("XL") or a number ("44"), as a key. */
export function askedSize(message: string): string | null {
  const list = words(message)
  const letter = list.find(({ key }) => LETTER_SIZE.test(key) || SIZE_NAMES[key])
  if (letter) return SIZE_NAMES[letter.key] ?? letter.key.replace(/^2xl$/, 'xxl').replace(/^3xl$/, 'xxxl')
  // "2 tane", "3 pieces" count; a number otherwise is a size.
  const number = list.find(({ key }, i) => sizeNumber(key) !== null && !/^(tane\w*|adet\w*|pieces?|pcs|units?|in)$/.test(list[i + 1]?.key ?? ''))
  return number ? sizeNumber(number.key) : null
}

/**
 * The sizes a description lists: letter sizes and their ranges ("S, M, L",
 * "XS to L", "S-XL") and number ranges ("36-45"). `known` says whether the
 * description lists sizes of the asked kind at all.
 */
export function listedSizes(description: string) {
  const text = asciiKey(description)
  const letters = new Set<string>()
  const ranges: [number, number][] = []
  const at = (size: string) => LETTER_SIZES.indexOf(size)
  for (const [, from, to] of text.matchAll(/\b(xxs|xs|s|m|l|xl|xxl|xxxl)\s*(?:-|to|ile|'?(?:den|dan|ten|tan))\s*(xxs|xs|s|m|l|xl|xxl|xxxl)\b/g)) {
    for (let i = at(from!); i >= 0 && i <= at(to!); i++) letters.add(LETTER_SIZES[i]!)
  }
  for (const [word] of text.matchAll(/\b(xxs|xs|s|m|l|xl|xxl|xxxl)\b/g)) letters.add(word)
  for (const [, from, to] of text.matchAll(/\b(\d{2})\s*-\s*(\d{2})\b/g)) ranges.push([Number(from), Number(to)])
  return {
    known: (size: string) => (sizeNumber(size) !== null ? ranges.length > 0 : letters.size > 0),
    /** Any size at all, letters or a range of numbers. */
    any: () => letters.size > 0 || ranges.length > 0,
    has: (size: string) => (sizeNumber(size) !== null ? ranges.some(([from, to]) => Number(size) >= from && Number(size) <= to) : letters.has(size)),
  }
}

const SCENT_NAMES =
  /^(lavender|lavanta\w*|vanilla|vanilya\w*|rose|roses|gul|jasmine|yasemin\w*|sandalwood|sandal|citrus|narenciye\w*|lemon|limon\w*|cinnamon|tarcin\w*|mint|nane\w*|musk|misk\w*|amber|oud|bergamot|bergamut|vetiver|coconut|hindistan|pine|sage|adacayi\w*|scent\w*|scented|kokulu|kokusu|aroma\w*|fragrance|unscented|kokusuz)$/

const MEASURES = /\d\s*(cm|mm|ml|cl|lt|l|litres?|liters?|litre|inch|in[cç]|")(?![\p{L}])|\d+\s*x\s*\d+/iu
const MEASURE_WORDS = /^(olcu\w*|boyut\w*|ebat\w*)$/

/** Whether the product's own record (name or description) speaks of the attribute. */
export function recordStates(product: CatalogueProduct, attribute: Attribute): boolean {
  const text = `${product.name} ${product.description ?? ''}`
  // "Beyaz-lacivert" states two colours.
  const keys = words(text.replace(/-/g, ' ')).map((word) => word.key)
  switch (attribute) {
    case 'size':
      // "What size is it?" of a scarf is answered by its "90x90 cm" (but not by a dress's "midi boy").
      return keys.some((key) => /^(beden\w*|numara\w*|size|sizes|xs|s|m|l|xl|xxl|xxxl)$/.test(key)) || MEASURES.test(text) || keys.some((key) => MEASURE_WORDS.test(key))
    case 'dimensions':
      // A length said in words is one too: "midi boy", "maxi".
      return MEASURES.test(text) || keys.some((key) => MEASURE_WORDS.test(key) || /^(boy|boylu|midi|maxi)$/.test(key))
    case 'weight':
      return /\d\s*(g|gr|kg|gram)\b/i.test(text)
    case 'duration':
      return /\d\s*-?\s*(saat|hours?|hrs?|h|gün|days?|dakika|dk|minutes?|mins?)(?![\p{L}])/iu.test(text)
    case 'scent':
      // A scent is named: "Lavender", "vanilya kokulu".
      return keys.some((key) => SCENT_NAMES.test(key))
    case 'material':
      return /%\s*\d|\d+\s*%/.test(text) || keys.some((key) => ATTRIBUTE_PATTERNS.material.test(key))
    case 'colour':
      return keys.some((key) => ATTRIBUTE_PATTERNS.colour.test(key))
  }
}
