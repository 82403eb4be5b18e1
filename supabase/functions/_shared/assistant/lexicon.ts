// Words that mean the same thing, across Turkish and English, as ASCII keys
// (Turkish letters folded, as text.ts does). A shop writes its catalogue in
// one language and its customers ask in either: "do you sell scarves?" of an
// "İpek Şal", "kupa var mı?" of a "Ceramic Mug". The product search is given
// the other language's words too (catalogue.ts), and a product name holding
// a word's equivalent names what the customer asked for (builtin.ts).
// Descriptions are matched the same way ("is it waterproof?" of "su
// geçirmez").
//
// Only everyday shop words belong here, each group one meaning. A phrase is
// matched as written; a single word also in its Turkish case endings and
// English plural ("çantanız", "bags").
import { words } from './text.ts'

export const SAME_MEANING: readonly (readonly string[])[] = [
  // Clothing and accessories
  ['shirt', 'shirts', 'gomlek'], ['tshirt', 't-shirt', 'tee', 'tisort'], ['dress', 'dresses', 'elbise'], ['skirt', 'etek'],
  ['trousers', 'pants', 'pantolon'], ['jeans', 'kot'], ['jacket', 'ceket', 'mont'], ['coat', 'kaban', 'palto'],
  ['sweater', 'jumper', 'kazak', 'triko'], ['cardigan', 'hirka'], ['hoodie', 'sweatshirt'], ['scarf', 'scarves', 'sal', 'esarp', 'fular', 'atki'],
  ['hat', 'sapka', 'bere'], ['shoe', 'shoes', 'sneakers', 'trainers', 'ayakkabi'], ['boots', 'bot', 'cizme'], ['slippers', 'terlik'],
  ['socks', 'corap'], ['bag', 'handbag', 'canta'], ['backpack', 'sirt cantasi'], ['wallet', 'purse', 'cuzdan'], ['belt', 'kemer'],
  ['tie', 'kravat'], ['gloves', 'eldiven'], ['pyjamas', 'pajamas', 'pijama'], ['swimsuit', 'bikini', 'mayo'],
  ['necklace', 'kolye'], ['ring', 'yuzuk'], ['bracelet', 'bileklik', 'bilezik'], ['earring', 'earrings', 'kupe'],
  ['watch', 'watches', 'saat', 'kol saati'], ['sunglasses', 'gunes gozlugu'], ['glasses', 'gozluk'], ['umbrella', 'semsiye'],
  // Electronics
  ['headphones', 'headphone', 'headset', 'earphones', 'earbuds', 'kulaklik'], ['speaker', 'speakers', 'hoparlor'],
  ['charger', 'sarj aleti', 'sarj cihazi'], ['power bank', 'powerbank'], ['cable', 'kablo'], ['phone case', 'case', 'kilif'],
  ['phone', 'telefon'], ['mouse', 'fare'], ['keyboard', 'klavye'], ['lamp', 'lamba', 'abajur'], ['battery', 'pil', 'batarya'],
  // Food and drink
  ['coffee', 'kahve'], ['tea', 'cay'], ['honey', 'bal'], ['olive oil', 'zeytinyagi'], ['olives', 'zeytin'],
  ['turkish delight', 'lokum'], ['chocolate', 'cikolata'], ['cheese', 'peynir'], ['jam', 'recel'], ['spices', 'spice', 'baharat'],
  ['nuts', 'kuruyemis'], ['pistachio', 'fistik', 'fistikli'], ['hazelnut', 'findik'], ['almond', 'badem'], ['walnut', 'ceviz'],
  ['dried fruit', 'kuru meyve'], ['cookies', 'biscuits', 'kurabiye', 'biskuvi'], ['cake', 'kek'], ['bread', 'ekmek'],
  ['baklava'], ['molasses', 'pekmez'], ['soap', 'sabun'], ['candle', 'candles', 'mum'],
  // Home
  ['cup', 'cups', 'fincan'], ['mug', 'kupa'], ['plate', 'plates', 'tabak'], ['bowl', 'kase'], ['glass', 'bardak'],
  ['teapot', 'caydanlik', 'demlik'], ['pan', 'tava'], ['pot', 'tencere'], ['towel', 'havlu'], ['carpet', 'rug', 'hali', 'kilim'],
  ['pillow', 'cushion', 'yastik', 'kirlent'], ['blanket', 'battaniye'], ['bedding', 'duvet cover', 'nevresim'], ['vase', 'vazo'],
  ['mirror', 'ayna'], ['frame', 'cerceve'], ['notebook', 'defter'], ['pen', 'kalem'], ['bottle', 'sise', 'matara'],
  ['toy', 'toys', 'oyuncak'], ['perfume', 'parfum'], ['cream', 'krem'], ['shampoo', 'sampuan'], ['lipstick', 'ruj'],
  ['gift card', 'hediye karti', 'hediye ceki'], ['gift', 'present', 'hediye', 'hediyelik'],
  // What things are made of, look like and are for
  ['leather', 'deri'], ['silk', 'ipek'], ['linen', 'keten'], ['cotton', 'pamuk', 'pamuklu'], ['wool', 'woollen', 'yun'],
  ['ceramic', 'seramik'], ['porcelain', 'porselen'], ['wood', 'wooden', 'ahsap'], ['silver', 'gumus'], ['gold', 'altin'],
  ['steel', 'celik'], ['glass', 'cam'], ['straw', 'hasir'], ['bamboo', 'bambu'], ['copper', 'bakir'],
  ['black', 'siyah'], ['white', 'beyaz'], ['red', 'kirmizi'], ['blue', 'mavi'], ['green', 'yesil'], ['grey', 'gray', 'gri'],
  ['navy', 'lacivert'], ['brown', 'kahverengi'], ['pink', 'pembe'], ['yellow', 'sari'], ['purple', 'mor'], ['orange', 'turuncu'],
  ['wireless', 'kablosuz'], ['wired', 'kablolu'], ['smart', 'akilli'], ['handmade', 'el yapimi'], ['organic', 'organik'],
  ['summer', 'yazlik'], ['winter', 'kislik'], ['women', 'womens', 'kadin'], ['men', 'mens', 'erkek'], ['kids', 'children', 'cocuk'],
  ['baby', 'bebek'], ['floral', 'cicekli'], ['travel', 'seyahat'], ['sports', 'sport', 'spor'], ['scented', 'kokulu'],
  // Properties a description states
  ['suya dayanikli', 'su gecirmez', 'su gecirmeyen', 'waterproof', 'water resistant', 'water-resistant', 'atm'],
  ['sarj', 'charge', 'charging'], ['astar', 'astarli', 'lined', 'lining'], ['garanti', 'garantili', 'warranty', 'guarantee'],
  ['bulasik makinesi', 'dishwasher'], ['mikrodalga', 'microwave'], ['polarize', 'polarized', 'polarised', 'polarising', 'polarizing'],
  ['uyumlu', 'compatible'], ['ogutulmus', 'cekilmis', 'ground'],
]

// Turkish case and possessive endings and English plurals a single word may carry.
const ENDINGS = /^(s|es|i|u|in|un|ini|unu|iniz|unuz|lar|ler|lari|leri|larin|lerin|lariniz|leriniz|larimiz|lerimiz|larda|lerde|da|de|ta|te|dan|den|tan|ten|a|e|ya|ye|yi|yu|nin|nun|si|su|li|lu)$/

/** Whether `word` (an ASCII key) is `member`, a single word, in one of its forms. */
function isForm(member: string, word: string): boolean {
  if (word === member) return true
  // Turkish softens a last k or p before a vowel: "kulaklığı", "çantası".
  const stems = /k$/.test(member) ? [member, member.replace(/k$/, 'g')] : /p$/.test(member) ? [member, member.replace(/p$/, 'b')] : [member]
  return stems.some((stem) => word.startsWith(stem) && ENDINGS.test(word.slice(stem.length)))
}

/** Whether the keys hold `member` (a word in its forms, or a phrase as written) starting at `at`. */
function holdsAt(keys: readonly string[], at: number, member: string): number {
  const parts = member.split(' ')
  if (parts.length === 1) return isForm(member, keys[at]!) ? 1 : 0
  for (let i = 0; i < parts.length; i++) {
    const key = keys[at + i]
    if (key === undefined) return 0
    // The phrase's last word may carry an ending ("güneş gözlüğü").
    if (i === parts.length - 1 ? !isForm(parts[i]!, key) && !key.startsWith(parts[i]!) : key !== parts[i]) return 0
  }
  return parts.length
}

/** The groups a word of the keys (at `at`) belongs to, with how many keys it spans. */
function groupsAt(keys: readonly string[], at: number): { group: readonly string[]; span: number }[] {
  const found: { group: readonly string[]; span: number }[] = []
  for (const group of SAME_MEANING) {
    let span = 0
    for (const member of group) span = Math.max(span, holdsAt(keys, at, member))
    if (span > 0) found.push({ group, span })
  }
  return found
}

/** Every equivalent of the words of `text` that it does not already hold, for searching in either language. */
export function equivalents(text: string): string[] {
  const keys = words(text).map((word) => word.key)
  const out = new Set<string>()
  for (let at = 0; at < keys.length; at++) {
    for (const { group } of groupsAt(keys, at)) {
      for (const member of group) if (!keys.some((_, i) => holdsAt(keys, i, member) > 0)) out.add(member)
    }
  }
  return [...out]
}

/** Whether `text` holds the word `key` in another word of the same meaning ("şal" for "scarves"). */
export function holdsEquivalent(key: string, text: string): boolean {
  const groups = groupsAt([key], 0).map((entry) => entry.group)
  if (groups.length === 0) return false
  const keys = words(text.replace(/-/g, ' ')).map((word) => word.key)
  return keys.some((_, at) => groups.some((group) => group.some((member) => holdsAt(keys, at, member) > 0)))
}

/** Whether a property asked about appears in the text in any of its names ("su geçirmez" for "suya dayanıklı mı?"). */
export function sameProperty(question: string, text: string): boolean {
  const asked = words(question).map((word) => word.key)
  const held = words(text.replace(/-/g, ' ')).map((word) => word.key)
  const meanings = new Set(asked.flatMap((_, at) => groupsAt(asked, at).map((entry) => entry.group)))
  return held.some((_, at) => groupsAt(held, at).some((entry) => meanings.has(entry.group)))
}
