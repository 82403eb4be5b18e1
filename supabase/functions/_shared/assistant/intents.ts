// What a customer's message asks, and of which product. Phrases are matched
// on ASCII keys (see text.ts) so "fiyati" and "fiyatı" read the same; the
// product term keeps the customer's own letters, with the question's words
// taken out, for the catalogue's search (which tolerates typos and suffixes).
import { keyLine, words, type Word } from './text.ts'

export type ProductQuestion = 'price' | 'stock' | 'link' | 'list' | 'search'

/** An empty term means "the product we were talking about" (or, for a list, the whole catalogue). */
export type Intent =
  | { kind: 'injection' }
  | { kind: 'off_topic' }
  | { kind: 'greeting' }
  | { kind: 'thanks' }
  | { kind: 'goodbye' }
  | { kind: ProductQuestion; term: string }
  | { kind: 'compare'; terms: [string, string] }
  | { kind: 'extreme'; order: 'cheapest' | 'priciest'; term: string }
  | { kind: 'unknown' }

const any = (line: string, patterns: readonly RegExp[]) => patterns.some((pattern) => pattern.test(line))

// Attempts to change the assistant's role or read its setup. Matched before
// anything else: such a message gets the same redirect whatever else it asks.
const INJECTION: readonly RegExp[] = [
  / (ignore|disregard|forget|override|bypass|skip) .*(instruction|rule|prompt|guideline|directive|above|previous|system)/,
  / (system|initial|hidden|developer|original) (prompt|message|instruction)/,
  / (print|show|reveal|repeat|display|output|leak|dump|give me|tell me|what are|what is|whats) (me )?(your |the |all |of your )*(prompt|instruction|rule|configuration|config|setup)/,
  / you are now /, / from now on /, / act as /, / pretend /, / jailbreak/, / (dan|developer|god) mode /, / roleplay /,
  / (talimat|yonerge|kural|komut|direktif)\w* .*(unut|yoksay|gormezden|hice say|dikkate alma)/,
  / (unut|yoksay)\w* .*(talimat|yonerge|kural|komut)/,
  / onceki (talimat|yonerge|kural|komut|mesaj)/,
  / sistem (mesaj|istem|prompt|talimat|komut)/,
  / (prompt|istem|talimat|yonerge)\w* (goster|yaz|soyle|paylas|ver)/,
  / (artik|bundan sonra) sen /, / sen artik /, / gibi davran/, / rol(une|unu|u) /,
]

const OFF_TOPIC: readonly RegExp[] = [
  / (weather|forecast|temperature|rain|raining) /, / hava (durumu|nasil|sicak|soguk)/, / yagmur /,
  / (joke|jokes|riddle) /, / (fikra|saka|espri|bilmece)\w* /,
  / (write|generate|fix|debug) .*(code|program|script|function|poem|essay|story|song)/,
  / (python|javascript|typescript|sql|html|css|regex|algorithm|coding|programming) /,
  / (kod|program|yazilim|siir|hikaye|sarki|kompozisyon)\w* (yaz|yazar|yazabilir|olustur|duzelt)/,
  / (politics|political|election|president|government|minister|senator|parliament|war) /,
  / (siyaset|secim|cumhurbaskan|hukumet|bakan|meclis|milletvekili|parti|savas)\w* /,
  / capital of /, / (baskenti|baskent) /, / (who is|who was|who won|when did|when was|history of) /, / (kimdir|kim kazandi|tarihi nedir) /,
  / (solve|calculate|equation|translate|recipe|horoscope|meaning of life) /, / (hesapla|denklem|cevir|tercume|tarif|burc)\w* /,
]

// Phrases that set the question; each list is checked in the order of QUESTIONS below.
const COMPARE: readonly RegExp[] = [/ (compare|comparison|difference|differences|differ|versus|vs) /, / (karsilastir|fark)\w* /]
const CHEAPEST: readonly RegExp[] = [/ en (ucuz|uygun|dusuk fiyat)\w* /, / (cheapest|least expensive|lowest price|most affordable|lowest priced) /]
const PRICIEST: readonly RegExp[] = [/ en (pahali|yuksek fiyat)\w* /, / (most expensive|priciest|highest price|highest priced|dearest) /]
const LINK: readonly RegExp[] = [
  / (link|links|linki|linkini|linkiniz|linkleri|url|website|web sitesi|web sayfasi|baglanti|baglantisi|baglantisini|sayfasi) /,
  / (nereden|nerden|nasil) .*(alabilirim|alirim|satin|siparis|alinir)/, / (satin al|siparis)\w* /,
  / where (can|do|could|should) (i|we) (buy|get|order|purchase)/, / where to (buy|get|order)/, / how (can|do|could) (i|we) (buy|order|purchase)/,
]
const PRICE: readonly RegExp[] = [
  / ne kadar /, / (fiyat|ucret)\w* /, / kac (para|tl|lira|dolar|euro)\w* /, / kaca /,
  / how much /, / (price|prices|pricing|priced|cost|costs) /,
]
const LIST: readonly RegExp[] = [
  / (cesit|cesitler|cesitleri|cesitleriniz|cesitlerin|modeller|modelleri|modelleriniz|secenek|secenekler|seceneklerin|seceneklerini|secenekleriniz) /,
  / (neler|nelerdir) /, / ne var /, / (neler|ne) satiyorsunuz /, / hangi /,
  / what (do|else do) you (have|sell|carry|offer)/, / what (kind|kinds|types|type|sort|sorts) /, / (which|what) \w+ (do|does) you /,
  / (show|list) (me )?/, / (options|selection|range) /, / what is available /,
]
const STOCK: readonly RegExp[] = [
  / (stok|stokta|stokda|stoklarda|stokunuz|stoklar|stogu|mevcut|mevcudu|kaldi|tukendi) /, / var m[iu] /, / var midir /, / bulunuyor m[iu] /,
  / (stock|available|availability|unavailable|sold out|left) /, / (do|does) you (have|sell|carry|stock)/, / have you got /, / (got|have) any /,
  / (is|are) there /,
]

// Words that belong to the question, the greeting or the sentence, not to the product.
const QUESTION_WORDS: ReadonlySet<string> = new Set([
  // Turkish
  'ne', 'kadar', 'fiyat', 'fiyati', 'fiyatlari', 'fiyatini', 'fiyatlarini', 'fiyatiniz', 'fiyatlariniz', 'kac', 'kaca', 'para', 'tl',
  'lira', 'ucret', 'ucreti', 'ucretleri', 'var', 'yok', 'mi', 'mu', 'midir', 'mudur', 'misiniz', 'musunuz', 'mevcut', 'mevcudu', 'stok', 'stokta',
  'stokda', 'stoklarda', 'stokunuz', 'stogu', 'kaldi', 'bulunuyor', 'link', 'linki', 'linkini', 'linkiniz', 'linkleri', 'baglanti', 'baglantisi',
  'baglantisini', 'web', 'sitesi', 'sayfasi', 'nereden', 'nerden', 'nasil', 'alabilirim', 'alirim', 'alinir', 'satin', 'al', 'almak',
  'istiyorum', 'siparis', 'verebilirim', 'edebilirim', 'vermek', 'cesit', 'cesitler', 'cesitleri', 'cesitleriniz', 'cesitlerin', 'modeller',
  'modelleri', 'modelleriniz', 'secenek', 'secenekler', 'seceneklerin', 'seceneklerini', 'secenekleriniz', 'neler', 'nelerdir', 'hangi',
  'hangisi', 'hangileri', 'satiyorsunuz', 'ile', 've', 'veya', 'yoksa', 'arasindaki', 'arasinda', 'fark', 'farki', 'farklari', 'farkli',
  'nedir', 'karsilastir', 'karsilastirir', 'karsilastirin', 'karsilastirma', 'karsilastirabilir', 'en', 'ucuz', 'ucuzu', 'uygun', 'uygunu',
  'pahali', 'pahalisi', 'dusuk', 'yuksek', 'lutfen', 'acaba', 'peki', 'bir', 'sizde', 'sizin', 'sende', 'elinizde', 'bende', 'bana', 'icin',
  'de', 'da', 'ki', 'tane', 'adet', 'urun', 'urunler', 'urunu', 'urunun', 'urunleriniz', 'urununuz', 'urunlerinizde', 'hala',
  'merhaba', 'selam', 'selamlar', 'mrb', 'slm', 'gunaydin', 'iyi', 'gunler', 'aksamlar', 'tesekkurler', 'tesekkur', 'ederim', 'sagol',
  'sagolun', 'rica', 'ederiz', 'soyler', 'soyleyebilir', 'misin', 'musun', 'ogrenebilir', 'ogrenmek', 'bilgi', 'alabilir', 'olur',
  // English
  'how', 'much', 'is', 'are', 'was', 'the', 'a', 'an', 'price', 'prices', 'pricing', 'priced', 'of', 'for', 'cost', 'costs', 'does', 'do',
  'you', 'have', 'has', 'got', 'in', 'stock', 'stocked', 'available', 'availability', 'any', 'what', 'whats', 'where', 'can', 'could',
  'should', 'i', 'we', 'buy', 'get', 'purchase', 'order', 'link', 'links', 'url', 'website', 'page', 'to', 'compare', 'comparison', 'and',
  'or', 'between', 'difference', 'differences', 'differ', 'vs', 'versus', 'cheapest', 'most', 'expensive', 'least', 'lowest', 'highest',
  'affordable', 'priciest', 'which', 'please', 'there', 'sell', 'carry', 'offer', 'kinds', 'kind', 'types', 'type', 'sorts', 'sort',
  'options', 'selection', 'range', 'show', 'me', 'list', 'tell', 'about', 'still', 'would', 'like', 'want', 'need', 'looking', 'some',
  'hi', 'hello', 'hey', 'thanks', 'thank', 'your', 'yours', 'our', 'my', 'left', 'else', 'know', 'let', 'find', 'info', 'information',
  'products', 'product', 'items', 'item', 'currently', 'right', 'now', 'today', 'sold', 'out', 'on',
])

// Words that point back at the product already discussed: a question made only of these is a follow-up.
const POINTERS: ReadonlySet<string> = new Set([
  'it', 'its', 'this', 'that', 'one', 'them', 'these', 'those', 'they', 'bu', 'su', 'o', 'onun', 'bunun', 'sunun', 'bunu', 'onu', 'sunu',
  'bunlar', 'onlar', 'bunlarin', 'onlarin',
])

const GREETING: ReadonlySet<string> = new Set([
  'hi', 'hello', 'hey', 'hiya', 'greetings', 'good', 'morning', 'afternoon', 'evening', 'there', 'merhaba', 'merhabalar', 'selam',
  'selamlar', 'mrb', 'slm', 'gunaydin', 'iyi', 'aksamlar', 'gunler', 'nasilsiniz', 'nasilsin', 'how', 'are', 'you', 'sa', 'selamunaleykum',
])
const THANKS: ReadonlySet<string> = new Set([
  'thanks', 'thank', 'thx', 'ty', 'tesekkurler', 'tesekkur', 'tesekkurederim', 'sagol', 'sagolun', 'sag', 'olun', 'eyvallah', 'cok',
  'ederim', 'ederiz', 'so', 'much', 'a', 'lot', 'many', 'you', 'great', 'perfect', 'super', 'harika', 'tamam', 'ok', 'okay',
])
const GOODBYE: ReadonlySet<string> = new Set([
  'bye', 'goodbye', 'see', 'you', 'later', 'have', 'a', 'nice', 'good', 'day', 'hosca', 'kal', 'kalin', 'gorusuruz', 'iyi', 'gunler',
  'aksamlar', 'gorusmek', 'uzere', 'take', 'care', 'cheers',
])
const THANKS_MARKERS = /^(thanks|thank|thx|ty|tesekkur\w*|sagol\w*|eyvallah)$/
const GOODBYE_MARKERS = /^(bye|goodbye|later|hosca|gorusuruz|gorusmek|kalin|care)$/
const GREETING_MARKERS = /^(hi|hello|hey|hiya|greetings|morning|merhaba\w*|selam\w*|mrb|slm|gunaydin|sa)$/

// Between the two products of a comparison: the strong ones are preferred, since "and" may be part of a name.
const STRONG_SEPARATORS: ReadonlySet<string> = new Set(['or', 'vs', 'versus', 'with', 'ile', 'veya', 'yoksa'])
const WEAK_SEPARATORS: ReadonlySet<string> = new Set(['and', 've'])

/** A Turkish "your" ending taken off ("kulaklıklarınız" → "kulaklıklar"), when enough of the word is left. */
export function stripPossessive(word: string): string {
  const stripped = word.replace(/(?:[ıiuü]n[ıiuü]z|n[ıiuü]z)(?:[ıiuü]n|d[ae]|[ıiuü])?$/u, '')
  if (stripped === word || Array.from(stripped).length < 3) return word
  // The soft ğ of "kulaklığınız" is the k of "kulaklık".
  return stripped.replace(/ğ$/u, 'k')
}

/** The product words of a run of words: question words and pointers out, the last word's possessive ending off. */
export function productTerm(list: readonly Word[]): string {
  const kept = list.filter((word) => !QUESTION_WORDS.has(word.key) && !POINTERS.has(word.key)).map((word) => word.text)
  if (kept.length > 0) kept[kept.length - 1] = stripPossessive(kept[kept.length - 1]!)
  return kept.join(' ')
}

function onlyWordsOf(list: readonly Word[], ...sets: ReadonlySet<string>[]): boolean {
  return list.length > 0 && list.every((word) => sets.some((set) => set.has(word.key)))
}

function courtesy(list: readonly Word[], hasHistory: boolean): Intent | null {
  const has = (marker: RegExp) => list.some((word) => marker.test(word.key))
  const line = keyLine(list)
  // "Sağ olun" is thanks written as two words.
  const thanked = has(THANKS_MARKERS) || /\bsag ol/.test(line)
  if (thanked && onlyWordsOf(list, THANKS, GOODBYE, GREETING)) return { kind: 'thanks' }
  // "İyi günler" opens a conversation as often as it closes one.
  const parting = has(GOODBYE_MARKERS) || (hasHistory && / iyi (gunler|aksamlar|geceler) /.test(line)) || / have a (nice|good) /.test(line)
  if (parting && onlyWordsOf(list, GOODBYE, THANKS)) return { kind: 'goodbye' }
  if ((has(GREETING_MARKERS) || / (good|iyi) (morning|afternoon|evening|gunler|aksamlar) /.test(line)) && onlyWordsOf(list, GREETING)) {
    return { kind: 'greeting' }
  }
  return null
}

/** The two product terms around the separator, or null when one side has no product words. */
function splitPair(list: readonly Word[], explicit: boolean): [string, string] | null {
  const find = (set: ReadonlySet<string>) => list.findIndex((word, index) => index > 0 && set.has(word.key))
  let at = find(STRONG_SEPARATORS)
  if (at < 0 && explicit) at = find(WEAK_SEPARATORS)
  if (at < 0) return null
  const first = productTerm(list.slice(0, at))
  const second = productTerm(list.slice(at + 1))
  if (first === '' || second === '') return null
  return [first, second]
}

/** The question a message asks; `hasHistory` tells an opening "iyi günler" from a parting one. */
export function parseIntent(message: string, hasHistory = false): Intent {
  const list = words(message)
  if (list.length === 0) return { kind: 'unknown' }
  const line = keyLine(list)
  if (any(line, INJECTION)) return { kind: 'injection' }
  if (any(line, OFF_TOPIC)) return { kind: 'off_topic' }
  const polite = courtesy(list, hasHistory)
  if (polite) return polite

  const term = productTerm(list)
  if (any(line, COMPARE)) {
    const pair = splitPair(list, true)
    if (pair) return { kind: 'compare', terms: pair }
  }
  if (any(line, CHEAPEST)) return { kind: 'extreme', order: 'cheapest', term }
  if (any(line, PRICIEST)) return { kind: 'extreme', order: 'priciest', term }
  // "X or Y?" compares too, but "is it in stock or not" does not.
  if (!/ (not|degil|yok) /.test(line)) {
    const pair = splitPair(list, false)
    if (pair) return { kind: 'compare', terms: pair }
  }
  if (any(line, LINK)) return { kind: 'link', term }
  if (any(line, PRICE)) return { kind: 'price', term }
  if (any(line, LIST)) return { kind: 'list', term }
  if (any(line, STOCK)) return { kind: 'stock', term }
  if (term !== '') return { kind: 'search', term }
  return { kind: 'unknown' }
}
