// Word-level text handling shared by language detection and intent parsing.
// Customers often type Turkish without its letters ("fiyati", "tesekkurler"),
// so words are compared by an ASCII key, while the word itself keeps its
// letters for the catalogue search.

export type Word = {
  /** Lower-cased, Turkish letters kept, a Turkish suffix after an apostrophe removed ("iphone'un" → "iphone"). */
  text: string
  /** `text` with Turkish letters folded to ASCII, for comparing with the word lists. */
  key: string
  /** True when the written word carried an apostrophe suffix, which only Turkish writes. */
  apostropheSuffix: boolean
}

const ASCII: Readonly<Record<string, string>> = { ç: 'c', ğ: 'g', ı: 'i', ö: 'o', ş: 's', ü: 'u', â: 'a', î: 'i', û: 'u' }

/** Lower case that keeps English capitals readable: "I" is "i" here, as most customers mean it. */
export function lower(text: string): string {
  return text.normalize('NFC').replace(/İ/g, 'i').replace(/I/g, 'i').toLowerCase()
}

export function asciiKey(text: string): string {
  return lower(text).replace(/[çğıöşüâîû]/g, (letter) => ASCII[letter] ?? letter)
}

const APOSTROPHES = /['’‘`´]/
const ENGLISH_CONTRACTIONS: ReadonlySet<string> = new Set(['s', 't', 're', 'll', 've', 'd', 'm'])

/** The message's words in order; punctuation separates words and is dropped. */
export function words(message: string): Word[] {
  const result: Word[] = []
  for (const raw of lower(message).match(/[\p{L}\p{N}][\p{L}\p{N}'’‘`´.,+-]*/gu) ?? []) {
    // Trailing punctuation belongs to the sentence, not the word ("3.5," → "3.5").
    const trimmed = raw.replace(/[.,+'’‘`´-]+$/u, '')
    const parts = trimmed.split(APOSTROPHES)
    const suffix = parts.length > 1 ? parts.slice(1).join('') : ''
    // English contractions stay one word ("what's" → "whats"); anything else after an apostrophe is a Turkish suffix.
    const english = ENGLISH_CONTRACTIONS.has(suffix)
    // "Hiii", "selaaam", "çoook": a letter drawn out is the letter (not an x or a w: "xxxl", "www").
    const text = (english ? parts.join('') : (parts[0] ?? trimmed)).replace(/(\p{L})\1{2,}/gu, (run, letter: string) => ('xw'.includes(letter) ? run : letter))
    if (text === '') continue
    // "ne kdr", "nkdr", "fyt": chat shorthand for the words the rules and the corpus know.
    const expanded = suffix === '' ? SHORTHANDS[asciiKey(text)] : undefined
    if (expanded) {
      for (const part of expanded.split(' ')) result.push({ text: part, key: asciiKey(part), apostropheSuffix: false })
      continue
    }
    const glued = suffix === '' ? gluedQuestion(text) : null
    if (glued) {
      for (const part of glued) result.push({ text: part, key: asciiKey(part), apostropheSuffix: false })
      continue
    }
    result.push({ text, key: asciiKey(text), apostropheSuffix: suffix !== '' && !english })
  }
  return result
}

const SHORTHANDS: Readonly<Record<string, string>> = {
  nbr: 'naber', kdr: 'kadar', nkdr: 'ne kadar', nekdr: 'ne kadar', fyt: 'fiyat', fiyt: 'fiyat', fyti: 'fiyatı', stkta: 'stokta', nsl: 'nasıl', tsk: 'teşekkürler',
  tskler: 'teşekkürler', tskrler: 'teşekkürler', tsklr: 'teşekkürler', wat: 'what', wut: 'what',
  tmm: 'tamam', tmmdir: 'tamamdır', alicam: 'alacağım', alcam: 'alacağım', alcm: 'alacağım', aliyom: 'alıyorum',
}

// Turkish writes the question particle apart ("var mı", "atar mısın"), but customers often glue it on ("varmı",
// "atarmısın", "ücretsizmi"). It is split off where what comes before it can only be a word a question is asked of:
// "var"/"yok", a verb ("atar", "ediyor", "gidiyo", "gönderebilir", "geçirmez"), an adjective made with -li/-siz, or a few common
// adjectives; never a noun that merely ends in "mi" ("kalemi").
const QUESTION_PARTICLE = /^(.{2,}?)(m[ıiuü](?:s[ıiuü]n(?:[ıiuü]z)?|y[ıiuü]m|y[ıiuü]z|d[ıiuü]r)?)$/u
const ASKED_OF = /^(var|yok|açık|acik|kapalı|kapali|uygun|ucuz|pahalı|pahali|orijinal|orjinal|mevcut|stokta|stokda|hazır|hazir|aynı|ayni)$|(yor|yo|[aeıiuü]r|m[ae]z|l[ıiuü]|s[ıiuü]z)$/u

function gluedQuestion(text: string): [string, string] | null {
  const match = QUESTION_PARTICLE.exec(text)
  if (!match) return null
  const [, stem, particle] = match
  if (!ASKED_OF.test(stem!) || (/(l[ıiuü]|s[ıiuü]z)$/u.test(stem!) && stem!.length < 5)) return null
  return [stem!, particle!]
}

/** Two to four capitalised words and nothing else ("Ayşe Kaya", "Kader Can"): written as a name is. */
export const capitalisedAsAName = (message: string) => /^\s*\p{Lu}\p{Ll}+(\s+\p{Lu}\p{Ll}+){1,3}\s*$/u.test(message)

/** Numbers written as words. Not "on" (ten, and the English "on") nor "altı" (six, and "under"). */
const NUMBER_WORDS: Readonly<Record<string, number>> = {
  iki: 2, uc: 3, dort: 4, bes: 5, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
}

/** How many a word counts ("2", "iki", "three"), if it is a number. */
export function quantityOf(word: Word): number | null {
  if (/^\d{1,3}$/.test(word.key)) return Number(word.key)
  return NUMBER_WORDS[word.key] ?? null
}

/** The ASCII keys joined by single spaces, for phrase matching with word boundaries. */
export function keyLine(list: readonly Word[]): string {
  return ` ${list.map((word) => word.key).join(' ')} `
}

/** The question particle with its person and tense, as ASCII keys: "mi", "miyim", "musunuz", "midir", "miydi". */
export const PARTICLE = 'm[iu](y[iu][mz]|s[iu]n([iu]z)?|d[iu]r|yd[iu])?'
/** Words only a question holds, never a name ("Can" is one, so "can" is not here). */
const QUESTION_CUE = new RegExp(` (ne|neler|nerede|nerde|nereye|nasil|kac|kaca|kacta|kacda|kim|hangi\\w*|${PARTICLE}|neden|niye|where|what|whats|how|when|why|which|who|is|are|do|does) `)

/** Whether the message is put as a question: a question mark or a word only questions hold. */
export const asksAQuestion = (message: string) => /\?/.test(message) || QUESTION_CUE.test(keyLine(words(message)))

const LINK = /\b(?:https?:\/\/|www\.)[^\s<>"]+/giu
const HAS_LINK = /\b(?:https?:\/\/|www\.)\S/iu

/**
 * A link the customer pastes ("…/urun/kot-pantolon bu var mı?") read as the
 * words of its last path segment ("kot pantolon"), which usually name the
 * product; a link with no such words (an id, a code) is left out.
 */
export function linksAsWords(message: string): string {
  if (!HAS_LINK.test(message)) return message
  return message
    .replace(LINK, (link) => ` ${slugWords(link)} `)
    .replace(/\s+/g, ' ')
    .trim()
}

/** The words the message's links name (linksAsWords): null when it has no link, '' when they name nothing. */
export function linkWords(message: string): string | null {
  if (!HAS_LINK.test(message)) return null
  return (message.match(LINK) ?? []).map(slugWords).join(' ').replace(/\s+/g, ' ').trim()
}

function slugWords(link: string): string {
  try {
    const path = new URL(/^www\./i.test(link) ? `https://${link}` : link).pathname
    const segment = decodeURIComponent(path.split('/').filter(Boolean).at(-1) ?? '').replace(/\.[a-z0-9]{2,5}$/i, '')
    // Words and numbers ("iphone-15"), not ids that mix them ("Cx12Ab").
    const parts = segment.split(/[-_+.\s]+/).filter((part) => /^(\p{L}+|\d+)$/u.test(part))
    return parts.some((part) => /^\p{L}{2,}$/u.test(part)) ? parts.join(' ') : ''
  } catch {
    return ''
  }
}
