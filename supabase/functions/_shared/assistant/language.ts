// The language of each message, so a customer who switches mid-conversation
// is answered in the language they just wrote. A message that gives no clear
// sign (a product name alone, "ok", a number) keeps the conversation's
// language instead of flipping on a guess.
import { CORPUS } from './corpus.ts'
import type { AssistantLanguage, Turn } from './types.ts'
import { capitalisedAsAName, words } from './text.ts'

// Common words only: product names are neutral, and a word both languages
// write ("link", "ok", "stok"/"stock" differ) is left out.
const TURKISH_WORDS: ReadonlySet<string> = new Set([
  'merhaba', 'selam', 'selamlar', 'gunaydin', 'iyi', 'gunler', 'aksamlar', 'tesekkur', 'tesekkurler', 'tesekkurederim', 'sagol', 'sagolun',
  'eyvallah', 'hosca', 'kal', 'kalin', 'gorusuruz', 'ne', 'kadar', 'fiyat', 'fiyati', 'fiyatlari', 'fiyatini', 'kac', 'kaca', 'para', 'lira',
  'ucret', 'ucreti', 'var', 'yok', 'mi', 'mu', 'misiniz', 'musunuz', 'midir', 'stokta', 'stokda', 'stoklarda', 'mevcut',
  'linki', 'linkini', 'baglanti', 'baglantisi', 'nereden', 'nerden', 'alabilirim', 'satin', 'siparis', 'cesit', 'cesitleri', 'cesitleriniz',
  'neler', 'nelerdir', 'hangi', 'hangisi', 'ile', 've', 'veya', 'yoksa', 'arasindaki', 'arasinda', 'fark', 'farki', 'nedir', 'en', 'ucuz',
  'ucuzu', 'pahali', 'pahalisi', 'uygun', 'lutfen', 'acaba', 'bir', 'bu', 'su', 'sizde', 'sizin', 'elinizde', 'urun', 'urunler', 'urunleriniz',
  'istiyorum', 'peki', 'evet', 'hayir', 'tamam', 'nasil', 'bana', 'benim', 'icin', 'de', 'da', 'ki', 'unut', 'talimat', 'talimatlari',
  'onceki', 'goster', 'sistem', 'mesajini', 'hava', 'durumu', 'fikra', 'anlat', 'yaz', 'kod', 'simdi', 'artik', 'sen', 'sana',
  // Questions asked without a Turkish letter: the particle's persons, and what a visitor asks for.
  'miyim', 'miyiz', 'misin', 'muyum', 'muyuz', 'musun', 'mudur', 'alabilir', 'olur', 'olabilir', 'mumkun', 'randevu', 'randevum',
  'kargo', 'teslimat', 'yarin', 'bugun', 'saat', 'kacta', 'acik', 'kapali', 'adres', 'adresiniz', 'nerede',
])

const ENGLISH_WORDS: ReadonlySet<string> = new Set([
  'hi', 'hello', 'hey', 'thanks', 'thank', 'you', 'bye', 'goodbye', 'how', 'much', 'is', 'are', 'the', 'a', 'an', 'price', 'prices', 'of',
  'for', 'cost', 'costs', 'does', 'do', 'have', 'has', 'in', 'stock', 'available', 'any', 'what', 'whats', 'where', 'can', 'i', 'buy',
  'get', 'purchase', 'order', 'to', 'compare', 'and', 'or', 'between', 'difference', 'cheapest', 'most', 'expensive', 'least', 'which',
  'please', 'your', 'it', 'its', 'this', 'that', 'there', 'sell', 'kinds', 'types', 'show', 'me', 'list', 'tell', 'about', 'still',
  'would', 'like', 'want', 'need', 'ignore', 'instructions', 'print', 'system', 'prompt', 'weather', 'joke', 'write', 'good', 'morning',
  'ok', 'okay', 'yes', 'no', 'with', 'did', 'will', 'my', 'we', 'they', 'than', 'now',
])

// The corpus's words count too, each for the one language whose examples use it.
const corpusWords = (language: AssistantLanguage) =>
  new Set(CORPUS.filter((entry) => entry.language === language).flatMap((entry) => words(entry.text).map((word) => word.key).filter((key) => /^[a-z]{2,}$/.test(key))))
const CORPUS_TR = corpusWords('tr')
const CORPUS_EN = corpusWords('en')
// Names both languages write alike ("Apple Pay var mı?", "can I pay with PayPal?"): the corpus's use of them shows no language.
const NAMES: ReadonlySet<string> = new Set(['apple', 'google', 'paypal', 'visa', 'mastercard', 'troy', 'amex', 'whatsapp', 'instagram', 'facebook', 'iban', 'eft', 'iphone', 'samsung'])
const ONLY_TR: ReadonlySet<string> = new Set([...CORPUS_TR, ...TURKISH_WORDS].filter((word) => !CORPUS_EN.has(word) && !ENGLISH_WORDS.has(word) && !NAMES.has(word)))
const ONLY_EN: ReadonlySet<string> = new Set([...CORPUS_EN, ...ENGLISH_WORDS].filter((word) => !CORPUS_TR.has(word) && !TURKISH_WORDS.has(word) && !NAMES.has(word)))

// "ı" is left out: it is what a Turkish keyboard gives for "I" too, yet no English text writes it by choice.
const TURKISH_LETTERS = /[çğışöüÇĞİŞÖÜ]/

/** 'tr' or 'en' when the message itself shows its language, else null. */
export function detectLanguage(message: string): AssistantLanguage | null {
  let turkish = TURKISH_LETTERS.test(message) ? 1.5 : 0
  let english = 0
  for (const word of words(message)) {
    if (word.apostropheSuffix) turkish += 1
    if (ONLY_TR.has(word.key)) turkish += 1
    if (ONLY_EN.has(word.key)) english += 1
  }
  if (turkish > english) return 'tr'
  if (english > turkish) return 'en'
  return null
}

/**
 * The reply's language: the message's own, else that of the customer's latest
 * message that showed one, else the widget's (the host page's), else Turkish.
 * What the customer wrote outweighs the page: an English speaker on a Turkish
 * shop's site who writes "is 3pm ok?" is answered in English. The
 * assistant's own turns do not count, since they quote the owner's texts as
 * written, in whatever language the owner wrote them.
 */
export function replyLanguage(message: string, widget: AssistantLanguage | undefined, history: readonly Turn[]): AssistantLanguage {
  const own = givesDetails(history, history.length) ? null : languageOf(message)
  if (own) return own
  for (let i = history.length - 1; i >= 0; i--) {
    const turn = history[i]!
    const detected = turn.role === 'user' && !givesDetails(history, i) ? languageOf(turn.content) : null
    if (detected) return detected
  }
  return widget ?? 'tr'
}

/**
 * The language a customer's message shows. Two to four capitalised words and nothing else ("Kader Can", "Ben Cole")
 * are a name: Turkish letters in it still show Turkish, but words of either language in it ("Can", "Ben") show nothing.
 */
function languageOf(message: string): AssistantLanguage | null {
  if (capitalisedAsAName(message)) return /[çğıöşüİ]/i.test(message) ? 'tr' : null
  return detectLanguage(message)
}

/**
 * Whether the customer's message at `at` answers a booking's question for their name or number: "Ayşe Yılmaz",
 * "Ali Kaya" written in an English conversation is a name, no sign of Turkish.
 */
function givesDetails(history: readonly Turn[], at: number): boolean {
  const asked = history[at - 1]
  return asked?.role === 'assistant' && (asked.booking?.step === 'name' || asked.booking?.step === 'phone')
}
