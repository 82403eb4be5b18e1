// Patterns on a message's key line (text.ts `keyLine`: ASCII, spaced at both
// ends) that more than one answerer reads.
import { ACCOUNTS, asksWhetherSo, yesOrNo } from './question-words.ts'
import { ATTRIBUTE_PATTERNS } from './attribute-words.ts'
import { thingWords } from './lexicon.ts'
import { keyLine, words } from './text.ts'

/** "Başka şapka var mı?", "do you have another bag?": of the kind named, the ones not discussed just before. */
export const OTHER = / (baska|baskasi\w*|baskalar\w*|another|other|others|diger\w*|else) /
/** What comes with a product: "do they come with a case", "includes a cable", "kılıfıyla mı geliyor", "şarj aleti dahil mi", "kutusunda ne var". */
export const COMES_WITH = / (come|comes|coming) with | includ\w* | (ile|iyla|iyle|uyla|uyle|yla|yle|birlikte) (mi |mu )?(geliyor|gelir\w*) |(\w+)(iyla|iyle|uyla|uyle|yla|yle) (mi|mu) (geliyor|gelir\w*) | dahil m[iu] | kutu(su)?(nda|da) | in the box /
/** A Turkish verb as a question puts it: "ölçüyor", "yıkanabilir", "girilir". */
export const VERB_FORM = /(iyor|uyor|abilir|ebilir|ilir|ulur|inir|unur)$/

/** A picture of a product asked for: "çantanın fotoğrafını atar mısınız", "can you send a pic". */
export const PICTURE = / (fotograf\w*|resmini|resimleri\w*|gorsel\w*|pictures?|photos?|pics?) /

/** Words asking where the business is. */
export const WHERE_WORDS = /^(adres\w*|nerede\w*|nerde|neresi\w*|where|address|located|konum\w*)$/
/** Words asking how to reach the business. */
export const CONTACT_WORDS = /^(telefon\w*|phone|numara\w*|number|e-?posta\w*|e-?mail|mail|whatsapp\w*|iletisim\w*|contact)$/

/** Something seen or posted there: "instagramda gördüm", "saw your post", which asks for no account. */
const SEEN_THERE = / (gor(dum|duk|dugum|dugumuz|mustum)|paylas\w*|saw|seen|posted|posts?|story|stories|reels?|video\w*|reklam\w*|ads?|advert\w*) /
/** The account elsewhere a message asks after ("instagram hesabınız var mı", "are you on tiktok"), if it asks after one. */
export function accountAsked(message: string): string | null {
  const list = words(message)
  if (SEEN_THERE.test(keyLine(list))) return null
  return ACCOUNTS.find(([pattern]) => list.some((word) => pattern.test(word.key)))?.[1] ?? null
}

/** A question of how many, how long or how big. */
export const MEASURE = / (kac|kacar|how many|how long|how big|how heavy|how tall|how wide) /
export const PRODUCT_CUES = / (kac|kaca|fiyat\w*|ne kadar|var mi|stok\w*|how much|price|cost|costs|in stock|do you have) /

/** Whether the message asks something: a question mark, a yes-or-no question, or "can you…", "could I…". */
export function asksSomething(message: string): boolean {
  return /\?\s*$/.test(message) || yesOrNo(message) || /^ (can|could|would|will|do|does) (you|i|we|u) |^ how (should|do|can|would|to) /.test(keyLine(words(message)))
}
/** "Şal ipek mi?", "is the shawl silk?": a material is what the yes-or-no question asks of. */
export function materialAsked(message: string): boolean {
  const list = words(message)
  const asked = (i: number) => ATTRIBUTE_PATTERNS.material.test(list[i]!.key) && thingWords(list[i]!.text).length === 0
  return asksWhetherSo(message) && list.some((word, i) => asked(i) && (/^m[iu]$/.test(list[i + 1]?.key ?? '') || (i === list.length - 1 && /^(is|are)$/.test(list[0]?.key ?? ''))))
}
