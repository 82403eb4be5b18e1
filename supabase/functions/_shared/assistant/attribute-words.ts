// What a question asks of a product's record: which attribute (size,
// colour, material, dimensions, weight, duration, scent), the colours and
// materials it names, a figure of a specification, its origin, whether it
// is genuine.
import { thingWords } from './lexicon.ts'
import { asciiKey, keyLine, words, type Word } from './text.ts'
import { yesOrNo } from './question-words.ts'

export type Attribute = 'size' | 'colour' | 'material' | 'dimensions' | 'weight' | 'duration' | 'scent'

/** Whether something fits the one asking ("olur mu", "uyar mı", "would it fit"). */
export const FITS = / (olur|olurmu|uyar|uyarmi|fit|fits|fitting) /
/** A size written as a number, "42" or "42si" (its 42): the number, or null (a child's 4, a dress's 12, shoes' 38, a waist's 32). */
export function sizeNumber(key: string): string | null {
  return /^([2-9]|[1-5]\d|60)(si|su)?$/.exec(key)?.[1] ?? null
}
const OWN_MEASURES = /^(boyum|boyunda|boyundayim|boyluyum|kilom|kiloyum|kilodayim)$/
export const SIZE_WORDS = /^(beden\w*|numara\w*|size|sizes|small|medium|large|waist|xs|s|m|l|xl|xxl|xxxl)$/
/** Turkish colours, which take endings ("siyahı", "kırmızısı"). */
const COLOUR_STEMS = ['siyah', 'beyaz', 'kirmizi', 'mavi', 'yesil', 'sari', 'pembe', 'lacivert', 'kahverengi', 'turuncu', 'bordo', 'turkuaz']
/** Colours themselves, not the words asking for one. ("Haki" and "taba" alone: "hakiki", "tabak" are no colours.) */
export const COLOUR_NAMES = new RegExp(
  `^((${COLOUR_STEMS.join('|')})\\w*|mor|gri|bej|haki|ekru|taba|lila|antrasit|black|white|red|blue|green|yellow|pink|purple|gr[ae]y|navy|beige|brown|orange|burgundy|khaki|turquoise|lilac|ivory)$`,
)
export const COLOUR_WORDS = new RegExp(`^(renk\\w*|rengi\\w*|colou?rs?)$|${COLOUR_NAMES.source}`)
export const MATERIAL_WORDS = /^(neyden|kumas\w*|malzeme\w*|materyal\w*|icerig\w*|icerik\w*|pamuk\w*|keten\w*|deri\w*|ipek\w*|yun\w*|polyester|materials?|fabric|made|cotton|linen|leather|silk|wool)$/
/** Materials a description names: "925 ayar gümüş" answers "what is it made of?". */
export const MATERIAL_NAMES = /^(gumus\w*|altin\w*|celik\w*|seramik\w*|porselen\w*|ahsap\w*|bambu\w*|plastik\w*|metal\w*|kadife\w*|kasmir\w*|denim|silver|gold|steel|stainless|ceramic|porcelain|wood\w*|bamboo|plastic|velvet|cashmere|suede|glass|cam|camdan|ayar)$/
const DIMENSION_WORDS = /^(kalinlik\w*|kalinligi\w*|kalin|thick|thickness|genislik\w*|boy|boyu|olcu|olcusu|olculer\w*|olculeri\w*|boyut\w*|ebat\w*|cm|mm|ml|litre\w*|litres?|liters?|hacm\w*|uzunlug\w*|genislig\w*|yuksekli\w*|dimensions?|big|long|wide|width|length|height|volume|capacity|hold|holds)$/
const WEIGHT_WORDS = /^(agirlig\w*|agirlik|kilo\w*|gram\w*|kg|weight|weigh|heavy)$/
/** How long something lasts: a battery, a candle, a charge ("how long does it last?", "pil ömrü", "kaç saat gider"). */
const DURATION_WORDS = /^(battery|pil|pili|omru|omur)$/
/** A property of a product asked in words no attribute reads: its brand or maker, its expiry, how many pieces it has. */
export const PROPERTY_ASKED = / (kac parca\w*|how many (pieces|parts)|kac kisilik|(for|serves) how many( people| persons| guests)?|how many (people|persons|guests) (is it|does it|for)|uretim tarih\w*|ne zaman (uretil|kavrul|pisiril|paketlen|sisele|toplan|hasat edil)\w*|production date|when was (it|this|that|the \w+) (made|roasted|baked|packed|bottled|harvested|produced)|roast date|kavrum tarih\w*|nereden (geliyor|gelir|getiri\w*)|mensei\w*|comes? from|made in|origin|marka\w*|brands?|manufacturer\w*|uretici\w*|who makes|made by|kim (uretiyor|yapiyor)|son kullanma( tarih\w*)?|skt\w*|raf omr\w*|expiry( date)?|expiration( date)?|expires?|expiring|best before( date)?|use by( date)?|shelf life|surum\w*|versiyon\w*|(which|what) version) /
/** Which things a product fits or works with ("hangi modellere uyuyor", "which phones does it fit"). */
export const FITS_WHICH = / (hangi (\w+ )?(uyar\w*|uyuyor\w*|uyumlu\w*)|(which|what) (\w+ ){1,4}(fit|fits|work with|works with)|compatible with|ile uyumlu\w*) /
/** Units of a device's specification ("kaç watt", "how many mAh"). */
export const SPEC_UNITS = /^(watt|watts|w|volt|volts|v|mah|amper|amp|amps|gb|tb|mp|megapiksel|megapixels?|hz|rpm|inc|inch|inches)$/
export const SPEC_ASKED = new RegExp(` (kac|how many|what) (${SPEC_UNITS.source.slice(2, -2)}) `)
/** The unit of a specification figure asked ("kaç watt" → "watt"), or null. */
export const specUnitAsked = (message: string): string | null => SPEC_ASKED.exec(keyLine(words(message)))?.[2] ?? null
/** What is inside something to eat or use ("içinde ne var", "what's in it"). */
export const CONTENTS_ASKED = / (icinde ne var|icinde neler var|icinde ne(ler)? bulunuyor|icindekiler\w*|ingredients?|(what s|whats|what is) (in|inside) (it|them|this|that|the)|what goes into) /
/** Whether the words ask what is inside a product ("lokumun içinde ne var?") or what it fits ("which phones does it fit?"). */
export const asksContentsOrFit = (message: string): boolean => {
  const line = keyLine(words(message))
  return CONTENTS_ASKED.test(line) || FITS_WHICH.test(line)
}
/** Whether a material is the real thing: "real silver", "gerçek deri mi", "is it genuine?". */
export const GENUINE = /^(real|genuine|pure|authentic|hakiki|gercek|saf|halis)$/
export const GENUINE_ASKED = / (real|genuine|pure|authentic|hakiki|gercek|saf|halis|yuzde (100|yuz)|100 percent) ((\w+ )?(mi|mu|mudur|midir|misiniz) |\w+ (mi|mu) $|$)| (is|are) (it|this|that|they|these|those|the \w+( \w+)?) (real|genuine|pure|authentic|(100|a hundred) percent) \w+ $/
/** Whether the words ask if a product (or its material) is the real thing. */
// ("100% silk?", "%100 keten mi": the sign is the percentage; "100 tl mi", "yüz maskesi mi" ask no such thing.)
export const asksIfGenuine = (message: string): boolean => GENUINE_ASKED.test(keyLine(words(message))) || (/(100\s*%|%\s*100)\s*\p{L}/u.test(message) && yesOrNo(message))
/** Whether a record says its material is the real thing ("Hakiki dana derisi", "%100 ipek", "925 ayar gümüş"). */
export const saysGenuine = (text: string): boolean =>
  // (A hundred is genuine only as a share: "%100 ipek", not "100 ml".)
  words(text).some((word) => GENUINE.test(word.key) || /^(925|sterling)$/.test(word.key)) || /%\s*100(?!\d)|(?<!\d)100\s*%|y[üu]zde\s*(100|y[üu]z)\b/iu.test(text)
/** How it smells ("kokusu nasıl?", "what scent is it?"). */
export const SCENT_WORDS = /^(smell|smells|scent|scents|fragrance|aroma|koku|kokusu|kokulari|kokuyor|esans\w*)$/
export const DURATION_PHRASES = / (how (long|many hours) (does|do|will|would|can) (\w+ ){1,3}(last|burn|run|go)|kac saat (gider|dayanir|yanar|calisir|caliyor|gidiyor|gidiyo)|ne kadar (dayanir|dayaniyor|yanar)|(sarj\w*|pil\w*|batarya\w*) (ne kadar|kac gun|kac saat) (gider|gidiyor|gidiyo|dayanir|dayaniyor)|how long (for|is) (\w+ ){1,3}to (last|burn|run)|burn(ing)? time|yanma sure\w*|(sarj|pil|batarya)\w* sure\w*|charging time|battery life|pil omru) /
/** "How long" of a time: what it takes, until when, to do something; "how long is it" stays a length. */
const HOW_LONG_A_TIME = / how long (does|do|did|will|would|can|could|should|until|till|to|for|before|after|is (the )?(shipping|delivery|wait)|are (the )?(shipping|delivery) )/
/** The words of how long something lasts, besides the thing that lasts ("headphone battery life", "candle burn"). */
const LASTING = /^(battery|pil|pili|sarj|sarji|omru|omur|sure|suresi|charging|time|life|last|lasts|burn|burns|run|runs|gider|gidiyor|gidiyo|dayanir|dayaniyor|yanar|calisir|calisiyor)$/
/** Words of lasting that together name no product ("şarj süresi", "pil ömrü", "battery life"). */
const LASTING_PHRASE = / ((sarj|pil|batarya)\w* (sure\w*|omru)|battery life|charging time) /
/** "Headphone battery life?": what the words ask of, when a duration is asked and a kind of thing is left to name it. */
export function withoutDuration(list: readonly Word[]): Word[] {
  if (attributeOf(list) !== 'duration') return [...list]
  const rest = list.filter((word) => !LASTING.test(word.key))
  // ("Pil" alone may be batteries sold; "pil ömrü", "şarj süresi" are only how long something lasts.)
  return thingWords(rest.map((word) => word.text).join(' ')).length > 0 || LASTING_PHRASE.test(keyLine(list)) ? rest : [...list]
}

/** How a cut fits ("runs small", "true to size", "kalıbı dar mı", "slim fit mi"), and the words that ask it. */
export const FIT_WORDS = /^(run|runs|running|come|comes|coming|up|small|large|big|narrow|wide|true|to|size|fit|fits|fitting|slim|regular|loose|tight|kalib\w*|kalip\w*|dar|genis|buyuk|kucuk|normal|standart)$/
export const FIT_ASKED = / ((run|runs|running|come|comes|coming) (up )?(small|large|big|narrow|wide|true)|true to size|(small|large|big|slim|regular|loose|tight|narrow) (fit|fitting)|kalib\w* (dar|genis|buyuk|kucuk|normal|standart)\w*|(dar|genis|buyuk|kucuk) kalip\w*) /
/** The attribute a question asks about, from its words; null when it names none the rules know. */
export function attributeOf(list: readonly Word[]): Attribute | null {
  // "Kilom 58": the customer's own measure, given to ask a size, asks no product's weight.
  const keys = list.map((word) => word.key).filter((key) => !OWN_MEASURES.test(key))
  // "How long is the warranty?": a promise asked about measures nothing.
  if (keys.some((key) => /^(garanti\w*|warrant\w*|guarantee\w*)$/.test(key))) return null
  // "Where are the mugs made?": where from, not what of.
  if (ORIGIN.test(keyLine(list))) return null
  // "Do they run small?", "true to size?", "kalıbı dar mı?": how the cut fits, a detail a description may state, no size asked.
  if (FIT_ASKED.test(keyLine(list))) return null
  if (keys.some((key) => /^(beden\w*|numara\w*|size|sizes|small|medium|large)$/.test(key))) return 'size'
  // "Is the linen shirt available in L?": a letter size worn "in" is the size asked, whatever material names the product.
  if (list.some((word, i) => /^(xxs|xs|s|m|l|xl|xxl|xxxl|2xl|3xl)$/.test(word.key) && list[i - 1]?.key === 'in')) return 'size'
  if (keys.some((key) => WEIGHT_WORDS.test(key))) return 'weight'
  if (keys.some((key) => SCENT_WORDS.test(key))) return 'scent'
  // ("Hangi pille çalışıyor?", "what batteries does it take?" ask which kind, not how long.)
  const whichBattery = / (hangi|which|what|ne) (pil\w*|batter\w*) /.test(keyLine(list))
  // ("Pil dahil mi?", "is a battery included?" ask what comes in the box, not how long it lasts.)
  const comesWith = keys.some((key) => /^(dahil\w*|included|includes?|including|geliyor\w*|gelir\w*|comes?)$/.test(key))
  // ("Pili değişiyor mu?", "is the battery replaceable?" ask whether it can be changed.)
  const replaced = keys.some((key) => /^(degis\w*|change\w*|replace\w*|removable|swap\w*)$/.test(key))
  if (DURATION_PHRASES.test(keyLine(list)) || (keys.some((key) => DURATION_WORDS.test(key)) && !whichBattery && !comesWith && !replaced)) return 'duration'
  // "How long does it take?", "how long to ship?": a time, which no record measures.
  const aTime = HOW_LONG_A_TIME.test(keyLine(list))
  if (keys.some((key) => DIMENSION_WORDS.test(key) && !(aTime && key === 'long'))) return 'dimensions'
  if (keys.some((key) => COLOUR_WORDS.test(key))) return 'colour'
  if (keys.some((key) => MATERIAL_WORDS.test(key) && !/^(keten|deri|ipek|yun|pamuk)/.test(key))) return 'material'
  if (asksWhichMaterial(list)) return 'material'
  if (keys.some((key) => SIZE_WORDS.test(key))) return 'size'
  return null
}

/** "Hangi deriden?", "what kind of leather?": which of a material, asked; the material names no product here. */
export function asksWhichMaterial(list: readonly Word[]): boolean {
  return list.some((word, i) => i > 0 && /^(hangi|which|what|ne)$/.test(list[i - 1]!.key) && (MATERIAL_WORDS.test(word.key) || MATERIAL_NAMES.test(word.key)))
    || / what (kind|type|sort) of /.test(keyLine(list)) && list.some((word) => MATERIAL_WORDS.test(word.key) || MATERIAL_NAMES.test(word.key))
}

/** Words that ask what a product is made of, rather than name a material. */
export const ASKS_MATERIAL = /^(neyden|kumas\w*|malzeme\w*|materyal\w*|icerig\w*|icerik\w*|materials?|fabric|made)$/

/** The colours a text names ("siyah çanta": siyah), not the words asking for one. */
export function coloursIn(text: string): string[] {
  return words(text)
    .map((word) => word.key)
    .filter((key) => COLOUR_NAMES.test(key))
}

/** The colour a word names, without its Turkish ending ("kirmizisi": kirmizi), or null. */
export function colourOf(key: string): string | null {
  if (!COLOUR_NAMES.test(key)) return null
  return COLOUR_STEMS.find((stem) => key.startsWith(stem)) ?? key
}

/** The materials a product term names ("deri ceket": deri), not the words asking for one. */
export function materialsIn(term: string): string[] {
  return words(term)
    .map((word) => word.key)
    .filter((key) => (MATERIAL_WORDS.test(key) || MATERIAL_NAMES.test(key)) && !ASKS_MATERIAL.test(key))
}

export const ATTRIBUTE_PATTERNS: Record<Attribute, RegExp> = {
  size: SIZE_WORDS,
  colour: COLOUR_WORDS,
  material: new RegExp(`${MATERIAL_WORDS.source}|${MATERIAL_NAMES.source}`),
  dimensions: DIMENSION_WORDS,
  weight: WEIGHT_WORDS,
  duration: DURATION_WORDS,
  scent: SCENT_WORDS,
}
/** Where a thing comes from or is made: "nereden", "nerenin malı", "menşei", "where is it from", "where are they made". */
export const ORIGIN =
  / (where (is|are|was|were|do|does) (\w+ ){0,5}(from|made|produced|sourced|grown)|made where|nereden|nerenin\w*|nerede (uretil|yapil)\w*|mensei\w*|mensesi\w*|nere (mali|uretimi)\w*|uretim yeri\w*|\w+(de|da|te|ta) m[iu] (uretil|yapil|imal)\w*|yerli m[iu]|yerli uretim\w*|made in \w+) /
/** Places named with their "in" ending after an apostrophe ("Çin'de", "İtalya'da"), which the words leave out. */
export const placesNamed = (message: string) => new Set([...message.matchAll(/(\p{L}+)['’](?:de|da|te|ta)(?!\p{L})/giu)].map((match) => asciiKey(match[1]!)))
/** "Where is it from?", "nerenin malı?", "Çin'de mi üretildi?": where a product comes from is asked. */
export function asksOrigin(message: string, list: readonly Word[] = words(message)): boolean {
  const line = keyLine(list)
  return ORIGIN.test(line) || (placesNamed(message).size > 0 && / m[iu] (uretil|yapil|imal)\w* /.test(line))
}
export const ORIGIN_WORDS = /^(where|is|are|was|were|do|does|it|they|from|made|produced|sourced|grown|nereden|nerenin\w*|nerede|uretil\w*|yapil\w*|mense\w*|nere|mali|uretimi|uretim|yeri\w*|and|ve|peki)$/
