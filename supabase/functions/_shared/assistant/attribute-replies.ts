// What a product's record says of one of its attributes (its colours, sizes,
// material…), in both languages: quoted as the owner wrote it, and never a
// yes the record does not bear out. The built-in responder's other words are
// in replies.ts.
import type { Attribute } from './attribute-words.ts'
import { translate } from './lexicon.ts'
import { recordStates } from './record-facts.ts'
import type { AssistantLanguage, CatalogueProduct } from './types.ts'

type Lang = AssistantLanguage

const ATTRIBUTE_NAMES: Record<Attribute, Record<Lang, string>> = {
  size: { tr: 'beden', en: 'sizes' },
  colour: { tr: 'renk', en: 'colours' },
  material: { tr: 'malzeme', en: 'material' },
  dimensions: { tr: 'ölçü', en: 'dimensions' },
  weight: { tr: 'ağırlık', en: 'weight' },
  duration: { tr: 'süre', en: 'duration' },
  scent: { tr: 'koku', en: 'scent' },
}

/**
 * The product's own record says it: the description (and name) quoted as the owner wrote them; where the name alone
 * says the attribute asked ("kaç gram?" of "Türk Kahvesi 250 g"), the name first.
 */
export function attributeFromRecord(product: CatalogueProduct, language: Lang, attribute: Attribute | null = null, namedSo = false): string {
  const description = product.description?.trim() ?? ''
  // ("Is the olive oil extra virgin?" of the Sızma Zeytinyağı: the caller found the name says what was asked.)
  const byName = namedSo || (attribute !== null && recordStates({ ...product, description: null }, attribute) && !recordStates({ ...product, name: '' }, attribute))
  // "Are the sunglasses polarized?" of the Polarized Sunglasses: the name is all the record says.
  if (description === '' || byName) {
    // (No full stop after a quote that ends with one.)
    const end = /[.!?…]$/u.test(description) ? '' : '.'
    if (language === 'tr') return `Katalogda “${product.name}” adıyla yer alıyor; ${description ? `açıklamada: “${description}”` : 'açıklaması yok'}${end}`
    return `The catalogue lists it as “${product.name}”, ${description ? `described as: “${description}”` : 'with no description'}${end}`
  }
  return language === 'tr' ? `${product.name} için katalogdaki açıklama: “${description}”` : `The catalogue describes ${product.name} as: “${description}”`
}

/**
 * The record does not say it: never a yes, the way to ask instead. Asked
 * something the assistant cannot name ("does it tarnish?"), the customer
 * gets the description as written too, which may answer it ("925 ayar gümüş, rodyum kaplama").
 * Of a kind several products share ("kulaklıklarınız hangi marka?"), none of
 * whose records says it, every one of them is named.
 */
export function attributeNotListed(products: readonly [CatalogueProduct, ...CatalogueProduct[]], attribute: Attribute | null, contact: string, language: Lang): string {
  const [product] = products
  const description = attribute || products.length > 1 ? '' : (product.description?.trim() ?? '')
  const names = new Intl.ListFormat(language, { type: language === 'tr' ? 'conjunction' : 'disjunction' }).format(products.map((one) => one.name))
  if (language === 'tr') {
    const what = attribute ? `${ATTRIBUTE_NAMES[attribute].tr} bilgisi` : 'bu bilgi'
    return `${names} için katalogda ${what} yer almıyor${description ? `; açıklamada: “${description}”` : ''}. ${contact}`
  }
  const what = attribute ? `the ${ATTRIBUTE_NAMES[attribute].en}` : 'this detail'
  return `The catalogue doesn't list ${what} for ${names}${description ? `; it says: “${description}”` : ''}. ${contact}`
}

/** A colour as the record writes it, with the reply's language's word beside it when the lexicon knows one: "siyah (black)". */
function colourShown(colour: string, language: Lang): string {
  if (colour.includes(' ')) return colour
  const parts = colour.split('-')
  const into = parts.map((part) => translate(part, language))
  return into.some((word, i) => word !== parts[i]) && !into.some((word) => word.includes(' ')) ? `${colour} (${into.join('-')})` : colour
}

const coloursShown = (colours: readonly string[], language: Lang) => colours.map((colour) => colourShown(colour, language)).join(', ')

/**
 * The colours the record names, with its description, which says what each is the colour of ("siyah kasa"); no
 * yes, since the record does not say which of them are in stock.
 */
export function coloursListed(product: CatalogueProduct, colours: readonly string[], language: Lang): string {
  const description = product.description?.trim() ?? ''
  return language === 'tr'
    ? `Katalogda ${product.name} için yazan renk: ${coloursShown(colours, language)}.${description ? ` Açıklamada: “${description}”` : ''}`
    : `The catalogue lists ${product.name} in ${coloursShown(colours, language)}.${description ? ` It says: “${description}”` : ''}`
}

/** A colour asked that the record does not name: the ones it does, with the description, never a yes. */
export function colourNotListed(product: CatalogueProduct, asked: string, colours: readonly string[], contact: string, language: Lang): string {
  const description = product.description?.trim() ?? ''
  return language === 'tr'
    ? `Katalogda ${product.name} için ${asked} renk yer almıyor; yazan renk: ${coloursShown(colours, language)}.${description ? ` Açıklamada: “${description}”.` : ''} ${contact}`
    : `The catalogue doesn't list ${product.name} in ${asked}; it lists it in ${coloursShown(colours, language)}.${description ? ` It says: “${description}”.` : ''} ${contact}`
}

/** "Başka rengi var mı?": the colours the record names are all it says. */
export function onlyColours(product: CatalogueProduct, colours: readonly string[], contact: string, language: Lang): string {
  return language === 'tr'
    ? `Katalogda ${product.name} için yalnızca şu renk yazıyor: ${coloursShown(colours, language)}; başka bir renk yer almıyor. ${contact}`
    : `The catalogue lists ${product.name} only in ${coloursShown(colours, language)}; it names no other colour. ${contact}`
}

/** The record lists the size asked: said so, with no yes, since the record does not say which sizes are in stock. */
export function sizeListed(product: CatalogueProduct, size: string, language: Lang): string {
  const description = product.description?.trim() ?? ''
  return language === 'tr'
    ? `Katalogda ${product.name} için ${size} ${/^\d/.test(size) ? 'numara' : 'beden'} yer alıyor: “${description}”`
    : `The catalogue lists size ${size} for ${product.name}: “${description}”`
}

/** The record lists sizes and not the one asked: which it does list, as written, never a yes. */
export function sizeNotListed(product: CatalogueProduct, size: string, contact: string, language: Lang): string {
  const description = product.description?.trim() ?? ''
  return language === 'tr'
    ? `${product.name} için katalogda ${size} beden yer almıyor; açıklamada: “${description}”. ${contact}`
    : `The catalogue doesn't list size ${size} for ${product.name}; it says: “${description}”. ${contact}`
}
