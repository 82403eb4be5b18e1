// Words that mean the same thing, across Turkish and English, as ASCII keys
// (Turkish letters folded, as text.ts does). A shop writes its catalogue in
// one language and its customers ask in either: "do you sell scarves?" of an
// "İpek Şal", "kupa var mı?" of a "Ceramic Mug". The product search looks
// for the other language's words after the words' own (catalogue.ts), a
// product name holding a word's equivalent names what the customer asked for,
// descriptions are matched the same way ("is it waterproof?" of "su
// geçirmez"), and the FAQ is searched again in the other language's words or
// without the kind of product named (faq-answers.ts).
//
// Only everyday shop words belong here, each group one meaning. A phrase is
// matched as written; a single word also in its Turkish case endings and
// English plural ("çantanız", "bags").
import { quantityOf, words } from './text.ts'

/**
 * One meaning: its English words and its Turkish words (ASCII keys), the
 * first of each its usual word; `thing` when it names a kind of product.
 */
export type Meaning = {
  readonly en: readonly string[]
  readonly tr: readonly string[]
  readonly all: readonly string[]
  readonly thing: boolean
  /** A property a description states ("waterproof"), asked of a product rather than naming one. */
  readonly property: boolean
  /** What a shop's FAQ entry is about and few other questions say ("warranty", "pick up"): an entry saying it answers a question saying it. */
  readonly subject: boolean
}

function meaning(en: string, tr: string, thing: boolean, property = false, subject = false): Meaning {
  const list = (text: string) => text.split(',').map((word) => word.trim()).filter((word) => word !== '')
  return { en: list(en), tr: list(tr), all: [...list(en), ...list(tr)], thing, property, subject }
}
const thing = (en: string, tr: string) => meaning(en, tr, true)
const m = (en: string, tr: string) => meaning(en, tr, false)
const property = (en: string, tr: string) => meaning(en, tr, false, true)
const subject = (en: string, tr: string, isProperty = false) => meaning(en, tr, false, isProperty, true)

export const SAME_MEANING: readonly Meaning[] = [
  // Clothing and accessories
  thing('shirt, shirts', 'gomlek'), thing('tshirt, t-shirt, tee', 'tisort'), thing('dress, dresses', 'elbise'), thing('skirt', 'etek'),
  thing('trousers, pants', 'pantolon'), thing('jeans', 'kot'), thing('jacket', 'ceket, mont'), thing('coat', 'kaban, palto'),
  thing('sweater, jumper', 'kazak, triko'), thing('cardigan', 'hirka'), thing('hoodie, sweatshirt', ''),
  thing('scarf, scarves', 'sal, esarp, fular, atki'), thing('hat', 'sapka, bere'), thing('shoe, shoes, sneakers, trainers', 'ayakkabi'),
  thing('boots', 'bot, cizme'), thing('slippers', 'terlik'), thing('socks', 'corap'), thing('bag, handbag', 'canta'),
  thing('backpack', 'sirt cantasi'), thing('wallet, purse', 'cuzdan'), thing('belt', 'kemer'), thing('tie', 'kravat'), thing('gloves', 'eldiven'),
  thing('pyjamas, pajamas', 'pijama'), thing('swimsuit, bikini', 'mayo'), thing('necklace', 'kolye'), thing('ring', 'yuzuk'),
  thing('bracelet', 'bileklik, bilezik'), thing('earring, earrings', 'kupe'), thing('watch, watches', 'saat, kol saati'), thing('smartwatch, smartwatches', 'akilli saat'),
  thing('sunglasses', 'gunes gozlugu'), thing('glasses', 'gozluk'), thing('umbrella, brolly, brollies', 'semsiye'),
  // Electronics
  thing('headphones, headphone, headset, earphones, earbuds', 'kulaklik'), thing('speaker, speakers', 'hoparlor'),
  thing('charger', 'sarj aleti, sarj cihazi'), thing('power bank', 'powerbank'), thing('cable', 'kablo'), thing('phone case, case', 'kilif'),
  thing('phone', 'telefon'), thing('mouse', 'fare'), thing('keyboard', 'klavye'), thing('lamp', 'lamba, abajur'), thing('battery', 'pil, batarya'),
  // Food and drink
  thing('coffee', 'kahve'), thing('tea', 'cay'), thing('honey', 'bal'), thing('olive oil', 'zeytinyagi'), thing('olives', 'zeytin'),
  thing('turkish delight', 'lokum'), thing('chocolate', 'cikolata'), thing('cheese', 'peynir'), thing('jam', 'recel'),
  thing('spices, spice', 'baharat'), thing('nuts', 'kuruyemis'), thing('pistachio', 'fistik, fistikli'), thing('hazelnut', 'findik'),
  thing('almond', 'badem'), thing('walnut', 'ceviz'), thing('dried fruit', 'kuru meyve'), thing('cookies, biscuits', 'kurabiye, biskuvi'),
  thing('cake', 'kek'), thing('bread', 'ekmek'), thing('', 'baklava'), thing('molasses', 'pekmez'), thing('soap', 'sabun'),
  thing('candle, candles', 'mum'),
  // Home
  thing('cup, cups', 'fincan'), thing('mug', 'kupa'), thing('plate, plates', 'tabak'), thing('bowl', 'kase'), thing('glass', 'bardak'),
  thing('teapot', 'caydanlik, demlik'), thing('pan', 'tava'), thing('pot', 'tencere'), thing('towel', 'havlu'), thing('carpet, rug', 'hali, kilim'),
  thing('pillow, cushion', 'yastik, kirlent'), thing('blanket', 'battaniye'), thing('bedding, duvet cover', 'nevresim'), thing('vase', 'vazo'),
  thing('mirror', 'ayna'), thing('frame', 'cerceve'), thing('notebook', 'defter'), thing('pen', 'kalem'), thing('bottle', 'sise, matara'),
  thing('toy, toys', 'oyuncak'), thing('perfume', 'parfum'), thing('cream', 'krem'), thing('shampoo', 'sampuan'), thing('lipstick', 'ruj'),
  thing('gift card, gift cards, gift voucher, gift vouchers, voucher, vouchers', 'hediye karti, hediye ceki'), thing('gift, present', 'hediye, hediyelik'),
  // Services a shop books appointments for
  thing('haircut, hair cut, cut, trim', 'sac kesimi, kesim'), thing('colour, color, hair colour, hair color, dye, colouring, coloring', 'boya, sac boyasi, boyama'),
  thing('blow dry, blowdry, blow-dry, blowout', 'fon'), thing('manicure', 'manikur'), thing('pedicure', 'pedikur'), thing('massage', 'masaj'),
  thing('shave', 'tiras'), thing('facial, skin care', 'cilt bakimi'), thing('consultation', 'danismanlik'), thing('fitting', 'prova'), thing('try on, try it on, trying on', 'deneme'),
  thing('alteration, alterations, tailoring, hemming, hemmed, shortening, shorten, take in', 'tadilat, kisaltma, kisaltmak, daraltma, daraltmak'), thing('repair', 'tamir'),
  thing('styling, stylist', 'stil'),
  // What things are made of, look like and are for
  m('leather', 'deri'), m('silk', 'ipek'), m('linen', 'keten'), m('cotton', 'pamuk, pamuklu'), m('wool, woollen', 'yun'),
  m('velvet', 'kadife'), m('suede', 'suet'), m('satin', 'saten'), m('cashmere', 'kasmir'), m('lace', 'dantel'), m('knitted, knit', 'orgu'),
  m('ceramic', 'seramik'), m('porcelain', 'porselen'), m('wood, wooden', 'ahsap'), m('silver', 'gumus'), m('gold', 'altin'),
  m('steel', 'celik'), m('glass', 'cam'), m('straw', 'hasir'), m('bamboo', 'bambu'), m('copper', 'bakir'), m('black', 'siyah'),
  m('white', 'beyaz'), m('red', 'kirmizi'), m('blue', 'mavi'), m('green', 'yesil'), m('grey, gray', 'gri'), m('navy', 'lacivert'),
  m('brown', 'kahverengi'), m('pink', 'pembe'), m('yellow', 'sari'), m('purple', 'mor'), m('orange', 'turuncu'),
  m('real, genuine, pure, authentic', 'hakiki, gercek'), m('wireless', 'kablosuz'), m('wired', 'kablolu'), m('smart', 'akilli'), property('handmade, hand made', 'el yapimi, el isi'), m('organic', 'organik'), m('fresh, freshly', 'taze'), m('fast, quick, rapid', 'hizli'),
  m('summer', 'yazlik'), m('winter', 'kislik'), m('women, womens', 'kadin'), m('men, mens', 'erkek'), m('kids, children', 'cocuk'),
  m('baby', 'bebek'), m('floral', 'cicekli'), m('travel', 'seyahat'), m('sports, sport', 'spor'), m('scented', 'kokulu'),
  // Properties a description states
  property('waterproof, water resistant, water-resistant, atm, swim, swimming, shower, rain', 'suya dayanikli, su gecirmez, su gecirmeyen, denize, havuza, dusta, yagmurda'),
  property('dim, dimmable, brightness', 'kisilabilir, parlaklik'),
  property('charge, charging', 'sarj'), property('lined, lining', 'astar, astarli'), subject('warranty, guarantee', 'garanti, garantili', true), subject('original, counterfeit, fake, replica', 'orijinal, orjinal, sahte, taklit, replika', true),
  property('dishwasher', 'bulasik makinesi'), property('microwave', 'mikrodalga'), property('polarized, polarised, polarising, polarizing', 'polarize'), property('uv, ultraviolet, uv400, uv protection, uv protected', 'uv korumali, uv koruma'), property('high waist, high waisted, high rise', 'yuksek bel'), property('low waist, low waisted, low rise', 'dusuk bel'),
  property('dry clean, dry cleaning, dry cleaned', 'kuru temizleme'), property('machine wash, machine washable, washable, washing machine', 'makinede yikanabilir, makinede yikanir, yikanabilir, camasir makinesi'),
  property('shrink, shrinks, shrinking, shrinkage, shrink after washing, shrink in the wash', 'ceker, ceker mi, cekme, cekmez, cekiyor, cekme yapar, yikaninca ceker, yikayinca ceker, yikandiginda ceker'),
  property('compatible', 'uyumlu, uyuyor, uyar'), property('fits, fit', 'sigar, sigiyor, sigabilir'), property('heart rate, pulse', 'nabiz'), property('noise cancelling, noise-cancelling, noise canceling, noise cancellation, anc', 'gurultu onleyici, gurultu onleme, gurultu engelleme, gurultu engelleyici'), property('ground', 'ogutulmus, cekilmis'), property('extra virgin, virgin', 'sizma, naturel sizma'), property('cold pressed, cold-pressed', 'soguk sikim, soguk sikilmis'),
  // What customers ask of the shop, for its FAQ
  subject('wrap, wrapping', 'paket, paketleme, ambalaj'), subject('gift note, gift message, note card', 'hediye notu, hediye mesaji, not karti'), m('name, names', 'isim'), m('company', 'sirket, firma'),
  subject('print, printing, engraving, engrave, personalised, personalized', 'baski, yazdirma, yazdirmak, yazdirabilir, yazdiriyor, yazdirilabilir, kisiye ozel'), m('discount, discounts', 'indirim'),
  subject('pick up, pick it up, pick them up, collect', 'teslim al'), m('product, products, item, items', 'urun'), m('order, orders', 'siparis'),
  m('card', 'kart'), m('free', 'ucretsiz'), subject('wholesale, bulk, in bulk, bulk order, bulk orders', 'toptan, toplu alim, toplu alimda, toplu alis, toplu siparis'),
  subject('invoice, invoices, receipt, receipts, e-invoice', 'fatura, faturali, e-fatura, efatura'),
  subject('abroad, international, internationally, overseas, worldwide', 'yurt disi, yurtdisi'),
  m('made, produced, manufactured, make, makes, production', 'uretiliyor, uretim, uretilir'), m('where', 'nerede'),
]

// Turkish case and possessive endings and English plurals a single word may carry.
const ENDINGS = /^(s|es|i|u|in|un|ini|unu|iniz|unuz|lar|ler|lari|leri|lara|lere|lardan|lerden|larla|lerle|la|le|yla|yle|larin|lerin|lariniz|leriniz|larimiz|lerimiz|larda|lerde|da|de|ta|te|dan|den|tan|ten|a|e|ya|ye|yi|yu|nin|nun|si|su|li|lu|inin|unun|sinin|sunun|sini|sunu|ina|una|sina|suna|inda|unda|sinda|sunda|indan|undan|sindan|sundan)$/

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
function groupsAt(keys: readonly string[], at: number): { group: Meaning; span: number; language: 'en' | 'tr' }[] {
  const found: { group: Meaning; span: number; language: 'en' | 'tr' }[] = []
  for (const group of SAME_MEANING) {
    let span = 0
    let language: 'en' | 'tr' = 'en'
    for (const side of ['en', 'tr'] as const) {
      for (const member of group[side]) {
        const held = holdsAt(keys, at, member)
        if (held > span) [span, language] = [held, side]
      }
    }
    if (span > 0) found.push({ group, span, language })
  }
  return found
}

/**
 * Things that are a kind of another, shown when the other is asked for: asked for bags, a shop shows its backpack too.
 * Named one by one: "güneş gözlüğü" ends in "gözlük" as "sırt çantası" ends in "çanta", yet glasses asked for are not
 * sunglasses.
 */
const KIND_OF: readonly (readonly [kind: string, of: string])[] = [['backpack', 'bag'], ['smartwatch', 'watch']]
const groupOf = (en: string) => SAME_MEANING.find((group) => group.thing && group.en.includes(en))!
const KINDS = new Map<Meaning, Meaning[]>()
for (const [kind, of] of KIND_OF) KINDS.set(groupOf(of), [...(KINDS.get(groupOf(of)) ?? []), groupOf(kind)])
const withKinds = (groups: readonly Meaning[]) => [...new Set(groups.flatMap((group) => [group, ...(KINDS.get(group) ?? [])]))]

/** Every equivalent of the words of `text` that it does not already hold, and their kinds, for searching in either language. */
export function equivalents(text: string): string[] {
  const keys = words(text).map((word) => word.key)
  const out = new Set<string>()
  for (let at = 0; at < keys.length; at++) {
    for (const group of withKinds(groupsAt(keys, at).map((entry) => entry.group))) {
      for (const member of group.all) if (!keys.some((_, i) => holdsAt(keys, i, member) > 0)) out.add(member)
    }
  }
  return [...out]
}

/** Whether `text` holds the word `key` in another word of the same meaning ("şal" for "scarves"), or names a kind of it ("backpack" for "bag"). */
export function holdsEquivalent(key: string, text: string): boolean {
  const groups = withKinds(groupsAt([key], 0).map((entry) => entry.group))
  if (groups.length === 0) return false
  const keys = words(text.replace(/-/g, ' ')).map((word) => word.key)
  return keys.some((_, at) => groups.some((group) => group.all.some((member) => holdsAt(keys, at, member) > 0)))
}

/** The words of `term` that make a phrase of several words ("olive oil") whose meaning the text holds in another word ("Zeytinyağı"). */
export function phrasesHeld(term: string, text: string): Set<string> {
  const keys = words(term).map((word) => word.key)
  const held = words(text.replace(/-/g, ' ')).map((word) => word.key)
  const out = new Set<string>()
  for (let at = 0; at < keys.length; at++) {
    for (const { group, span } of groupsAt(keys, at)) {
      if (span < 2) continue
      if (held.some((_, i) => group.all.some((member) => holdsAt(held, i, member) > 0))) for (const key of keys.slice(at, at + span)) out.add(key)
    }
  }
  return out
}

/** The subjects a shop's FAQ is about that the text speaks of ("warranty", "pick up"), in any of their names. */
function subjectsOf(text: string): Set<Meaning> {
  const list = words(text)
  const keys = list.map((word) => word.key)
  // "2 paket alsam kargo bedava mı?", "daha büyük paketi var mı?": packs counted or sized, no wrapping asked.
  const counted = (at: number) => at > 0 && (quantityOf(list[at - 1]!) !== null || PACK_SIZES.test(keys[at - 1]!)) && PACKS.test(keys[at]!)
  return new Set(keys.flatMap((_, at) => (counted(at) ? [] : groupsAt(keys, at).map((entry) => entry.group))).filter((group) => group.subject))
}

const PACKS = /^(paket|paketi|paketler|paketleri|pack|packs)$/
const PACK_SIZES = /^(buyuk|kucuk|bigger|larger|smaller|big|small|large|ekonomik|economy|family|aile|boy|kg|kilo\w*|g|gr|gram\w*|litre\w*|lt|l|ml|\d+\w*)$/

/** Whether the question speaks of a subject a shop's FAQ is about. */
export const namesSubject = (question: string): boolean => subjectsOf(question).size > 0

/** Whether the question and the text (an FAQ entry) speak of one subject a shop's FAQ is about, in any of its names. */
export function sameSubject(question: string, text: string): boolean {
  const held = subjectsOf(text)
  return [...subjectsOf(question)].some((group) => held.has(group))
}

/** Whether a property asked about appears in the text in any of its names ("su geçirmez" for "suya dayanıklı mı?"). */
export function sameProperty(question: string, text: string): boolean {
  const asked = words(question).map((word) => word.key)
  const held = words(text.replace(/-/g, ' ')).map((word) => word.key)
  const meanings = new Set(asked.flatMap((_, at) => groupsAt(asked, at).map((entry) => entry.group)))
  return held.some((_, at) => groupsAt(held, at).some((entry) => meanings.has(entry.group)))
}

/**
 * The text with each word this lexicon knows put in the other language's
 * usual word ("do you wrap presents" → "do you paket hediye"), the rest kept:
 * for finding an FAQ entry the owner wrote in the other language. With
 * `into`, only the words of the other language are changed.
 */
export function translate(text: string, into?: 'tr' | 'en'): string {
  const list = words(text)
  const keys = list.map((word) => word.key)
  const out: string[] = []
  for (let at = 0; at < keys.length; ) {
    const [best] = groupsAt(keys, at).sort((a, b) => b.span - a.span)
    const other = best && best.language !== into ? best.group[best.language === 'en' ? 'tr' : 'en'][0] : undefined
    if (best && other) {
      out.push(other)
      at += best.span
    } else {
      out.push(list[at]!.text)
      at += 1
    }
  }
  return out.join(' ')
}

/** The kinds of product the text names, each with its words, the longest reading first ("gift card" before "gift"). */
function thingsNamed(text: string): { group: Meaning; words: string[] }[] {
  const list = words(text)
  const keys = list.map((word) => word.key)
  const out: { group: Meaning; words: string[] }[] = []
  for (let at = 0; at < keys.length; ) {
    const [best] = groupsAt(keys, at).filter((entry) => entry.group.thing).sort((a, b) => b.span - a.span)
    if (best) {
      out.push({ group: best.group, words: list.slice(at, at + best.span).map((word) => word.text) })
      at += best.span
    } else at += 1
  }
  return out
}

/** The words of the text that name a kind of product ("Kablolu Kulaklık" → "kulaklık"). */
export function thingWords(text: string): string[] {
  return thingsNamed(text).flatMap((named) => named.words)
}

/**
 * Whether a question about things could be the entry's: true unless both name kinds of product and none is the same
 * ("do you have gift vouchers?" is no question about "Hediye paketi yapıyor musunuz?", though both say "gift").
 */
export function sameThings(asked: string, entry: string): boolean {
  const mine = thingsNamed(asked).map((named) => named.group)
  const theirs = thingsNamed(entry).map((named) => named.group)
  return mine.length === 0 || theirs.length === 0 || mine.some((group) => theirs.includes(group))
}

// Kinds of products a customer asks for by department ("elektronik ne var?",
// "what clothes do you have?"): the things each holds, as the catalogue would
// name them (the product search adds the other language's words).
const DEPARTMENTS: readonly { words: RegExp; things: string }[] = [
  { words: /^(elektronik\w*|electronics?|teknoloji\w*|tech|gadgets?)$/, things: 'kulaklik hoparlor sarj powerbank kablo kilif telefon mouse klavye saat lamba pil' },
  { words: /^(giyim\w*|kiyafet\w*|elbiseler|clothes|clothing|apparel)$/, things: 'gomlek tisort elbise etek pantolon ceket kaban kazak hirka sal sapka ayakkabi corap kravat' },
  { words: /^(aksesuar\w*|accessor\w*)$/, things: 'canta cuzdan kemer kravat kolye yuzuk bileklik kupe saat gozluk semsiye sal sapka' },
  { words: /^(taki|takilar\w*|takiya|takiyi|mucevher\w*|jewell?ery|jewelry|jewell?er(y|ies))$/, things: 'kolye yuzuk bileklik bilezik kupe halhal bros' },
  { words: /^(gida\w*|yiyecek\w*|yemek\w*|food|foods|groceries|sarkuteri\w*|icecek\w*|drinks?)$/, things: 'kahve cay bal zeytinyagi zeytin lokum cikolata peynir recel baharat kuruyemis pekmez' },
  { words: /^(mutfak\w*|kitchen\w*)$/, things: 'fincan kupa tabak kase bardak demlik tava tencere' },
  // "She loves cooking": what goes into a dish and what it is cooked in.
  { words: /^(cooking|cook|cooks|baking|chef|asci\w*|pisirme\w*)$/, things: 'zeytinyagi baharat biber tava tencere bicak' },
  { words: /^(homeware|dekorasyon\w*|decor|home)$/, things: 'fincan kupa tabak kase bardak demlik vazo mum lamba' },
  // "He loves music": what music is listened to on.
  { words: /^(muzik\w*|music|musics|sarki\w*|songs?)$/, things: 'kulaklik hoparlor plak pikap radyo' },
]

// Things a shop may not sell, with the kind of thing nearest to them, so a shop without them can offer its own of that
// kind as the closest, never as the thing asked: a maker's product ("airpods var mı?"), or glasses where only
// sunglasses are sold (glasses asked for are not sunglasses; see equivalents).
const NEAR_KINDS: readonly { words: RegExp; kind: string }[] = [
  { words: /^(airpods?|earpods?|buds)$/, kind: 'kulaklik' },
  { words: /^(gozluk|gozlugu|gozlukler\w*|glasses|eyeglasses|spectacles)$/, kind: 'gunes gozlugu' },
]
/** Words that make glasses another thing than sunglasses ("okuma gözlüğü", "prescription glasses"). */
const NOT_NEAR = /^(okuma|numarali|optik|reading|prescription|lens\w*|mercek\w*)$/

/** The kind of thing nearest to what the text names ("airpods pro": kulaklik), or null; a thing named besides it ("airpods kılıfı") is what is asked. */
export function nearestKind(text: string): string | null {
  const list = words(text)
  const found = NEAR_KINDS.find(({ words: pattern }) => list.some((word) => pattern.test(word.key)))
  if (!found || list.some((word) => NOT_NEAR.test(word.key))) return null
  const besides = list.filter((word) => !found.words.test(word.key)).map((word) => word.text).join(' ')
  return thingWords(besides).length === 0 ? found.kind : null
}

/** The things of the department a text asks for, as one search, or null when it names no department. */
export function departmentOf(text: string): string | null {
  const keys = words(text).map((word) => word.key)
  const found = DEPARTMENTS.find(({ words: pattern }) => keys.some((key) => pattern.test(key)))
  return found && keys.every((key) => found.words.test(key) || /^(urun\w*|products?|items?|things?|seyler\w*)$/.test(key)) ? found.things : null
}

/** The things of a department any word of the text names ("annem takı seviyor": jewellery), as one search. */
export function departmentIn(text: string): string | null {
  const keys = words(text).map((word) => word.key)
  return DEPARTMENTS.find(({ words: pattern }) => keys.some((key) => pattern.test(key)))?.things ?? null
}

/** Whether every word of the text is a property a description may state ("su geçirmez", "dishwasher safe" is not: "safe"). */
export function onlyProperties(text: string): boolean {
  const keys = words(text).map((word) => word.key)
  if (keys.length === 0) return false
  for (let at = 0; at < keys.length; ) {
    const [best] = groupsAt(keys, at).filter((entry) => entry.group.property).sort((a, b) => b.span - a.span)
    if (!best) return false
    at += best.span
  }
  return true
}

/** The text without the words that name a kind of product ("kulaklığın garantisi var mı" → "garantisi var mı"). */
export function withoutThings(text: string): string {
  const list = words(text)
  const keys = list.map((word) => word.key)
  const out: string[] = []
  for (let at = 0; at < keys.length; ) {
    const [best] = groupsAt(keys, at).filter((entry) => entry.group.thing).sort((a, b) => b.span - a.span)
    if (best) at += best.span
    else out.push(list[at++]!.text)
  }
  return out.join(' ')
}

// Who a present is for and what it celebrates, and the season a trip or a
// place means: a recommendation asked as "sevgilime ne alsam?" or "going on
// holiday, what do you suggest?" looks for what the catalogue calls a gift or
// a summer thing.
const OCCASIONS: readonly { cue: RegExp; words: string }[] = [
  {
    cue: /^(sevgili\w*|anne\w*|baba\w*|esim\w*|esime|esimin|kardes\w*|arkadas\w*|abla\w*|abi\w*|agabey\w*|teyze\w*|dayi\w*|amca\w*|dede\w*|nine\w*|babaanne\w*|anneanne\w*|patron\w*|mudur\w*|ogretmen\w*|hocam\w*|kayinvalide\w*|nisanli\w*|dogum|yildonum\w*|bayram\w*|yilbasi\w*|sevgililer|mom|mum|mother|mothers|dad|father|fathers|wife|husband|girlfriend|boyfriend|partner|fiance|fiancee|friend|friends|sister|brother|grandma|grandmother|grandpa|grandfather|boss|teacher|colleague|coworker|aunt|uncle|birthday|anniversary|christmas|valentine\w*|housewarming|present)$/,
    words: 'hediye gift',
  },
  { cue: /^(tatil\w*|yaz|yazin|yazlik\w*|plaj\w*|deniz\w*|sahil\w*|havuz\w*|vacation|holiday|holidays|beach|summer|pool|seaside|sunny)$/, words: 'yazlik summer plaj' },
  { cue: /^(kis|kisin|kislik\w*|kar|soguk\w*|winter|snow|cold)$/, words: 'kislik winter' },
]

/** A word for a present ("hediyelik", "gifts", "souvenir"). */
export const GIFT_WORD = /^(hediye\w*|gifts?|presents?|souvenirs?)$/

/** Whether the words wish for a present ("hediye", "gift ideas", "annem için"), not name a kind of product. */
export function wishesForAGift(text: string): boolean {
  return words(text).some(({ key }) => GIFT_WORD.test(key)) || occasionWords(text).includes('gift')
}

/** Whether the word names whom a present is for, or what it celebrates ("mum" of "for my mum": in Turkish, a candle). */
export const forWhom = (key: string): boolean => OCCASIONS[0]!.cue.test(key)

/** The words a recommendation's occasion stands for ("sevgilime" → "hediye gift"), none when it names none. */
export function occasionWords(text: string): string {
  const keys = words(text).map((word) => word.key)
  return OCCASIONS.filter(({ cue }) => keys.some((key) => cue.test(key)))
    .map((occasion) => occasion.words)
    .join(' ')
}
