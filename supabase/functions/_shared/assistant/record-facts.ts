// What a product's own record states: the sizes its description lists, the
// colours its name and description name, and whether its name or description speaks of an attribute at all. An
// attribute question is answered from the record only when it does; the
// assistant never says yes about what the owner did not write.
import { ATTRIBUTE_PATTERNS, colourOf, sizeNumber, type Attribute } from './attribute-words.ts'
import { holdsEquivalent } from './lexicon.ts'
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

/** Words that make a shade of the colour after them: "sage green", "koyu mavi", "açık gri". */
const SHADES = /^(sage|olive|mint|sky|light|dark|pale|deep|bright|pastel|baby|royal|forest|emerald|dusty|powder|koyu|acik|pudra|buz|petrol|zeytin|hardal|gece|kiremit|metalik|metallic|neon)$/

/**
 * The colours the record names, as written there and lower-cased: "beyaz-lacivert", "sage green", "siyah" of
 * "Siyah Deri Ceket". Words of colour side by side are one colour; parted by a comma or a slash, so many.
 */
export function listedColours(product: CatalogueProduct): string[] {
  const listed: string[] = []
  let run: string[] = []
  let shade: string | null = null
  const end = () => {
    const colour = run.join(' ')
    if (colour !== '' && !listed.includes(colour)) listed.push(colour)
    run = []
  }
  // A comma, a slash or a full stop ends a colour: "beyaz, lacivert" lists two.
  for (const [token] of `${product.name} ${product.description ?? ''}`.matchAll(/[\p{L}\p{N}-]+|[,;/|.]/gu)) {
    if (/^[,;/|.]$/.test(token)) {
      end()
      shade = null
      continue
    }
    const parts = token.split('-').filter((part) => part !== '')
    const written = token.toLocaleLowerCase('tr')
    if (parts.length > 0 && parts.every((part) => colourOf(asciiKey(part)) !== null)) {
      if (shade !== null && run.length === 0) run.push(shade)
      run.push(written)
      shade = null
    } else {
      end()
      shade = SHADES.test(asciiKey(token)) ? written : null
    }
  }
  end()
  return listed
}

/** Colours and their shades, in both languages: "kahverengi mi?" of "taba" is not answered no. */
const COLOUR_FAMILIES: readonly (readonly string[])[] = [
  ['kahverengi', 'brown', 'taba', 'bej', 'beige'],
  ['mavi', 'blue', 'lacivert', 'navy', 'turkuaz', 'turquoise'],
  ['kirmizi', 'red', 'bordo', 'burgundy'],
  ['yesil', 'green', 'haki', 'khaki', 'turkuaz', 'turquoise'],
  ['mor', 'purple', 'lila', 'lilac'],
  ['gri', 'grey', 'gray', 'antrasit'],
  ['beyaz', 'white', 'ekru', 'ivory'],
]

/**
 * Whether a colour (as colourOf gives it) is among those listed, in either language ("navy" of "lacivert"), or,
 * with `shades`, one of its shades or the colour a listed shade is of ("blue" of "lacivert").
 */
export function colourListed(colour: string, listed: readonly string[], shades = false): boolean {
  const family = shades ? COLOUR_FAMILIES.filter((members) => members.includes(colour)).flat() : [colour]
  return listed.some((named) => words(named.replace(/-/g, ' ')).some((word) => family.includes(colourOf(word.key) ?? '')) || holdsEquivalent(colour, named))
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
