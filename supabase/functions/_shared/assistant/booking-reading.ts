// How the booking conversation (booking.ts) reads a customer's message: a
// request to book, cancel or move, yes and no, a pick from the list shown, a
// name, a phone number, a service, and whether it asks something else while
// a booking waits. Words are compared on ASCII keys (text.ts), in Turkish and
// English.
import { normalizePhone } from '../../../../domain/phone.ts'
import { asksCancellationFee, comesWithoutBooking, topicOf } from './intents.ts'
import { translate } from './lexicon.ts'
import { sameWord } from './matching.ts'
import { asciiKey, asksAQuestion, capitalisedAsAName, keyLine, PARTICLE, words } from './text.ts'
import type { BookableService } from './types.ts'
import { readWhen, saysWhen } from './when.ts'

const line = (message: string) => keyLine(words(message))

const UNSURE = / (bilmiyorum|emin degil\w*|karar veremedim|kararsiz\w*|fark etmez|farketmez|hangisi olur|not sure|dont know|no idea|unsure|whichever|any of them) /
/** "Bilmiyorum", "not sure which one": the customer cannot choose. */
export const unsure = (message: string) => UNSURE.test(line(message))

const APPOINTMENT = / (randevu\w*|rezervasyon\w*|appointment\w*|booking\w*|reservation\w*|seans\w*|session) /
const BOOK_WORDS = / (randevu\w*|rezervasyon\w*|appointment\w*|book|booking|reserve|reservation|schedule|musait\w*|bos yer\w*|bos saat\w*|bos (gun|zaman)\w*|(?<!park )yer\w* (var mi|kaldi mi)|slot|slots|free time|free times|opening(?! (hours?|times?) )|openings|anything free|any availability|availability|(free|available) (this|next|tomorrow|today|tonight)|fit me in|squeeze me in|bos musunuz|bos musun|bosluk\w*|are you free|(what|which|other|more|later|earlier) (times|slots)|times (are )?(free|available|open|left)|(hangi|ne) saat\w* (bos|musait|uygun)|baska (saat|gun)\w* (var|bos|musait)) /
/** "Do you have anything tomorrow afternoon?", "yarın için bir şey var mı?": anything, at a time named, is a free time. */
const ANYTHING = / (anything|bir sey|birsey) /
const CANCEL_WORDS = / (iptal\w*|cancel\w*|gelemeyece\w*|gelemiyorum|katilamayaca\w*) /
const MOVE_WORDS = / (degistir\w*|ertele\w*|kaydir\w*|tasi\w*|baska (bir )?(gun|saat)\w*|reschedul\w*|move|change|postpone|push|shift|bring (it )?forward|another (day|time)|different (day|time)) /
const STOP_WORDS = / (vazgec\w*|bosver|bos ver|gerek yok|istemiyorum|never mind|nevermind|forget it|no thanks|stop) /
const YES = / (evet|evt|olur|tamam|tmm|tamamdir|onay\w*|uygun|uyar|ok|okay|okey|yes|yep|yeah|yea|sure|confirm\w*|correct|dogru|aynen|kesinlikle|tabii|tabi|elbette|perfect|great|harika|super|sounds good|works for me|that works|fine by me|good|fine|works|alright|all right|cool) /
const NO = / (hayir|yok|olmaz|istemiyorum|no|nope|nah|not|degil|uymaz|uymuyor|hicbiri|none|neither) /

/** A thumbs-up or an OK hand alone says yes as plainly as the word. */
const YES_SIGN = /^\s*(👍|👌|✅|✔️?)(\p{Emoji_Modifier})?\s*[!.]*\s*$/u

export const isYes = (message: string) => YES_SIGN.test(message) || (YES.test(line(message)) && !NO.test(line(message)))
export const isNo = (message: string) => NO.test(line(message)) && !YES.test(line(message))

const ORDINALS: ReadonlyArray<RegExp> = [
  / (ilk\w*|birinci\w*|first|1st) /, / (ikinci\w*|second|2nd) /, / (ucuncu\w*|third|3rd) /, / (dorduncu\w*|fourth|4th) /, / (besinci\w*|fifth|5th) /,
]

/** "2", "2.", "2 numara", "ikincisi", "the second one": the n-th of `count` listed; null when none is picked. */
export function choiceOf(message: string, count: number): number | null {
  const plain = /^\s*(?:no\.?\s*)?(\d)\s*(?:[.)]|numara\w*|nolu|olsun|lutfen|please)?\s*[.!]?\s*$/i.exec(asciiKey(message))
  if (plain) {
    const n = Number(plain[1])
    return n >= 1 && n <= count ? n : null
  }
  const l = line(message)
  if (/ (sonuncu\w*|last|last one) /.test(l) && count > 0) return count
  const index = ORDINALS.findIndex((pattern) => pattern.test(l))
  return index >= 0 && index < count ? index + 1 : null
}

/** "10 olur", "ok 11", "11 please", "saat 3": an hour alone, agreed to, as said of times just offered; null when it is not one. */
export function hourAlone(message: string): number | null {
  const plain = /^\s*(?:(?:ok|okay|tamam|tmm|peki|evet|yes|yeah|sure)\s*,?\s*)?(?:saat\s*)?(\d{1,2})\s*(?:olur|olsun|uygun\w*|uyar|iyi|ok|okay|please|pls|lutfen|works|is fine|fine|good)?\s*(?:mu|mi|then|o zaman)?\s*[.!?]?\s*$/i.exec(asciiKey(message))
  const hour = plain ? Number(plain[1]) : null
  return hour !== null && hour <= 23 ? hour : null
}

/** The phone number a message holds, in E.164; undefined when it holds none, null when what it holds is no number. */
export function phoneIn(message: string): string | null | undefined {
  const run = /(\+?\d[\d\s().-]{8,}\d)/.exec(message)
  if (!run) return undefined
  return normalizePhone(run[1]!)
}

const NOT_NAMES = new Set([
  'evet', 'hayir', 'tamam', 'olur', 'yes', 'no', 'ok', 'randevu', 'appointment', 'merhaba', 'selam', 'hello', 'hi', 'tesekkurler', 'thanks', 'thank',
  'yarin', 'bugun', 'tomorrow', 'today', 'saat', 'fiyat', 'price', 'kac', 'ne', 'nedir', 'var', 'mi', 'mu', 'how', 'what', 'when', 'where', 'is', 'the',
  // Asking for another day or time ("cuma olsun", "friday instead", "pazar günü", "aynı saatte").
  'gun', 'gunu', 'day', 'next', 'this', 'ayni', 'same', 'time', 'saatte', 'olsun', 'olabilir', 'yapalim', 'alalim', 'lutfen',
  'instead', 'make', 'please', 'then', 'actually', 'rather',
  // Asking what is free ("whats free?", "which times?"): never a name.
  'whats', 'which', 'who', 'why', 'free', 'available', 'open', 'times', 'slots', 'musait', 'bos',
])
/** "Miyim", "musunuz", "yapabilir": a question's particle or a verb of ability ("havale yapabilir miyim"), never a name. */
const NOT_NAME_FORMS = new RegExp(`^(${PARTICLE}|\\w+[ae]bil(ir|iyor)\\w*)$`)
/** Words of agreeing to what was offered ("yes that works", "sounds good"): never a whole name, though "Good" may be part of one. */
const AGREEING = new Set(['that', 'works', 'work', 'fine', 'good', 'great', 'perfect', 'sounds', 'suits', 'okay', 'sure', 'cool', 'uyar', 'uygun', 'harika', 'super', 'me', 'for', 'it'])

/** Words that introduce a name in English: "my name is John", "it's Kate Moss". */
const INTRODUCED = /^(my\s+name\s+is|name\s*:|i\s+am|i'm|it's|its|it\s+is|this\s+is|under)\s+/iu
/** Whom the booking is for, before that person's name: "for my daughter", "(it's) for her", "kızım için", "onun için". */
const FOR_ANOTHER = /^(for\s+(my\s+\p{L}+|her|him|them)|(\p{L}+m|onun)\s+için)\s*[,:;-]?\s*/iu
/** Words that introduce another person's name: "her name is", "kızımın adı", "adı". */
const ANOTHERS_NAME = /^((her|his|their)\s+name\s+is|(\p{L}+m[ıiuü]n\s+)?ad[ıi])\s*:?\s+/iu
/** Whether a name is introduced as one ("adım Ayşe Kaya", "ben Elif", "it's Kate Moss"). */
export const introducesAName = (message: string) => INTRODUCED.test(message.trim()) || /^(benim\s+)?(ad[ıi]m|ismim|ben)\s+\p{L}/iu.test(message.trim())

/** A name written as one: two to four capitalised words ("Ayşe Kaya"), or introduced ("adım Ece"). */
export const writtenAsName = (message: string) => capitalisedAsAName(message) || introducesAName(message)

/** One word that says something rather than names ("Neden?", "Pardon", "Sure"). */
const SAID_NOT_NAMED = /^\s*(neden|niye|nicin|niçin|ne|nasil|nasıl|pardon|affedersiniz|hmm|why|what|how|sorry|sure|okay)\b/i
/** One word, capitalised as a name is ("Yılmaz"), that says nothing else. */
export const oneNameWord = (message: string) => /^\s*\p{Lu}\p{Ll}+[.!]?\s*$/u.test(message) && !SAID_NOT_NAMED.test(message)

/** "Yılmaz", "soyadım Yılmaz", "my surname is Smith": a surname sent after the first name, or null. */
export function surnameIn(message: string): string | null {
  const led = /^\s*(soyad[ıi]m(\s+de)?|soyismim|my (sur|last) ?name is|(sur|last) ?name\s*:?)\s+/iu.exec(message)
  const rest = (led ? message.slice(led[0].length) : message).trim().replace(/[.!]$/u, '')
  if (led) return /^\p{L}+$/u.test(rest) ? rest : null
  return oneNameWord(message) ? rest : null
}

/** A person's name as written in an answer to "what is your name?": "Ayşe Yılmaz", "adım Ayşe Yılmaz", "my name is John Smith". */
export function nameIn(message: string): string | null {
  let text = message.replace(/\+?\d[\d\s().-]{8,}\d/g, ' ').trim()
  text = text
    .replace(/^(benim\s+)?(ad[ıi]m|ismim|isim|ad[ıi]\s*soyad[ıi]m?|ad\s*soyad)\s*[:,]?\s*/iu, '')
    .replace(INTRODUCED, '')
    .replace(/^ben\s+/iu, '')
    // "It's for my daughter, her name is Lily Brown", "kızım için, adı Elif Kaya", "Fatma Yılmaz adına": whom it is for.
    .replace(FOR_ANOTHER, '')
    .replace(ANOTHERS_NAME, '')
    .replace(/\s+ad[ıi]na\s*[.!]?$/iu, '')
    // "Perfect, Sam Green", "tamam Ayşe Kaya": an okay before the name is no part of it.
    .replace(/^(\p{L}+)[\s,!.:-]+(?=\p{L})/u, (whole, first: string) => (YES.test(` ${asciiKey(first)} `) ? '' : whole))
    // ("Patel", "Bruno": the word must stand alone.)
    .replace(/(?:\s*[,;]\s*|\s+)(numaram|telefonum|tel|telefon|phone|number|no)\s*[:.]?\s*$/iu, '')
    .replace(/[.!,;]+\s*$/u, '')
    .trim()
  if (!text || /[?]/.test(text)) return null
  const parts = text.split(/\s+/)
  if (parts.length < 1 || parts.length > 5) return null
  if (!parts.every((part) => /^[\p{L}][\p{L}'’.-]*$/u.test(part))) return null
  if (parts.some((part) => NOT_NAMES.has(asciiKey(part)) || NOT_NAME_FORMS.test(asciiKey(part)))) return null
  // "Sure", "yep", "tamamdır": agreeing, never a name.
  if (parts.every((part) => YES.test(` ${asciiKey(part)} `) || NO.test(` ${asciiKey(part)} `) || AGREEING.has(asciiKey(part)))) return null
  const name = parts.map((part) => part.charAt(0).toLocaleUpperCase('tr') + part.slice(1)).join(' ')
  return name.length >= 2 && name.length <= 60 ? name : null
}

/**
 * A name introduced in a longer message ("… saç kesimi, adım Selin Ak numaram 0532 …", "… my name is Tom Hill and my
 * number is …"): only after words that introduce one, up to the next word that is no part of it; null when none is.
 */
export function introducedIn(message: string): string | null {
  const found = /(?:^|[\s,.;:])(?:(?:benim\s+)?ad[ıi]m|ismim|my\s+name\s+is|name\s*:|(?:her|his|their)\s+name\s+is|\p{L}+m[ıiuü]n\s+ad[ıi])\s+([\p{L}'’.-]+(?:\s+[\p{L}'’.-]+){0,3})/iu.exec(message)
  if (!found) return null
  const kept: string[] = []
  for (const part of found[1]!.split(/\s+/)) {
    if (/^(numaram\w*|numara\w*|telefon\w*|tel|cep\w*|ve|and|my|number|phone|mobile|e-?mail\w*|mail\w*)$/iu.test(asciiKey(part))) break
    kept.push(part)
  }
  return kept.length > 0 ? nameIn(kept.join(' ')) : null
}

/**
 * The name in a message that may also read as a day: "Cuma Yılmaz" is a
 * name (a first name that is a weekday, and nothing else of when); "cuma
 * olsun" (NOT_NAMES), "cuma öğleden sonra" or a lone "cuma" is a day.
 */
export function nameGiven(message: string, today: string): string | null {
  const name = nameIn(message)
  if (!name) return null
  const when = readWhen(message, today)
  if (!saysWhen(when)) return name
  const [, ...rest] = name.split(' ')
  const onlyADay = when.date !== undefined && !when.times && !when.part && !when.from
  return onlyADay && rest.length > 0 && !saysWhen(readWhen(rest.join(' '), today)) ? name : null
}

/** Parts of the body, and what is done to them, that a hair service is not: beard, brows, nails, lashes, waxing, make-up. */
const ELSEWHERE = /^(sakal\w*|beards?|kas|kasi|kaslar\w*|eyebrows?|brows?|tirnak\w*|nails?|manikur\w*|pedikur\w*|manicures?|pedicures?|makyaj\w*|makeup|agda\w*|wax\w*|kirpik\w*|lash\w*|eyelash\w*|cilt\w*|facials?|skin|masaj\w*|massages?)$/
/** Whether the words name such care ("kaş aldırmak istiyorum", "get my nails done"), which only a service of it is. */
export const namesOtherCare = (message: string) => words(message).some((word) => ELSEWHERE.test(word.key))

const GENERIC_SERVICE_WORDS = / (randevu\w*|urun\w*|hizmet\w*|seans\w*|appointment\w*|session\w*|service\w*|booking\w*|products?|items?) /

/** The service a message names, by number in the list shown or by the words of its name. */
export function serviceIn(message: string, services: readonly BookableService[]): BookableService | null {
  const n = choiceOf(message, services.length)
  if (n) return services[n - 1]!
  return serviceNamed(message, services)
}

/** The service whose own words the message holds, most of them; never one picked by number. */
export function serviceNamed(message: string, services: readonly BookableService[]): BookableService | null {
  return servicesNamed(message, services)[0] ?? null
}

/** Every service the message names by this share of its own words or more, the best named first ("a haircut and a blow dry"). */
export function servicesNamed(message: string, services: readonly BookableService[], least = 0.5): BookableService[] {
  // Read in the other language's words too: "a haircut" of a "Saç kesimi".
  const saying = (text: string) => [...words(text), ...words(translate(text))].map((w) => w.key).filter((k) => k.length >= 3)
  // "Beard trim", "kaş alımı": a part of the body and what is done to it name only a service whose name holds that part
  // (a trim is a haircut, but a beard trim is not).
  const list = words(message)
  const besides = saying(list.filter((word, i) => !ELSEWHERE.test(word.key) && !ELSEWHERE.test(list[i - 1]?.key ?? '')).map((word) => word.text).join(' '))
  const all = saying(message)
  const shares = services.map((service) => {
    const said = words(service.name).some((word) => ELSEWHERE.test(word.key)) ? all : besides
    // The name as the owner wrote it and in the other language's words: "kısaltmak" names a "Tadilat" by "alteration".
    const share = Math.max(
      ...[service.name, translate(service.name)].map((name) => {
        // "Ürün deneme randevusu" is named by "deneme": words any service's name may hold name none of them.
        const named = words(name).map((w) => w.key).filter((k) => k.length >= 3)
        const own = named.filter((k) => !GENERIC_SERVICE_WORDS.test(` ${k} `))
        const keys = own.length > 0 ? own : named
        if (keys.length === 0) return 0
        const held = keys.filter((key) => said.some((word) => word.startsWith(key.slice(0, Math.max(4, key.length - 2))) || key.startsWith(word.slice(0, Math.max(4, word.length - 2))))).length
        return held / keys.length
      }),
    )
    return { service, share }
  })
  const kept = shares.filter((entry) => entry.share >= least)
  // "Çocuk saç kesimi" names the children's haircut, not also the "Saç kesimi" its words hold.
  const keys = (service: BookableService) => words(service.name).map((w) => w.key)
  const within = (a: BookableService, b: BookableService) => keys(a).length < keys(b).length && keys(a).every((key) => keys(b).includes(key))
  return kept
    .filter((entry) => !kept.some((other) => other.share >= entry.share && within(entry.service, other.service)))
    .sort((a, b) => b.share - a.share)
    .map((entry) => entry.service)
}

// Readings that are questions of their own, answered by the rest of the responder while a booking waits.
const OTHER_QUESTIONS = new Set([
  'price', 'stock', 'link', 'list', 'compare', 'cheapest', 'priciest', 'extreme', 'budget', 'recommend', 'attribute', 'ordering',
  'hours', 'location', 'contact', 'shipping', 'delivery_time', 'returns', 'payment', 'discounts', 'human', 'complaint', 'faq',
])

/** Words asking whether the shop is open, not for a time. */
const OPEN_WORDS = / (acik\w*|kapali\w*|kapan\w*|open\w*|close\w*|calisma\w*|mesai\w*|hours) /
/** Coming at a time: "gelsem", "gelebilir miyim", "can I come", "drop by". */
const COMING = / (gel\w*|come|coming|drop by|stop by|pop in|swing by) /
/** "Tamam 5 gibi gelsem olur mu?": a time to come, whatever product question or complaint the network heard in it. */
export const comesAt = (message: string, when = readWhen(message, '2000-01-01')): boolean => when.times !== undefined && COMING.test(line(message))

/** Whether a message in the middle of a booking asks something else ("kargo ücretli mi?"). */
export function asksSomethingElse(message: string, kind: string): boolean {
  const when = readWhen(message, '2000-01-01')
  // "pazartesi 12:00", "monday" also read as that day's hours; said in a booking, and not asked, it is the time wanted.
  if (kind === 'hours' && saysWhen(when) && !/\?/.test(message) && (when.times || !OPEN_WORDS.test(line(message)))) return false
  if (comesAt(message, when)) return false
  return OTHER_QUESTIONS.has(kind) || (/\?/.test(message) && !saysWhen(when))
}

/**
 * "Bugün kargoya verir misiniz?", "will you ship it today?" while times are offered: a question of the shop's shipping,
 * payment or returns, whose "today" is no time wanted.
 */
export const asksOfATopic = (message: string, kind: string) =>
  topicOf(message) !== null && kind !== 'booking' && (asksSomethingElse(message, kind) || asksAQuestion(message) || /^ (will|would|can|could) /.test(line(message)))

/** "Randevumu", "my appointment": one the customer already has. */
const CHECK_WORDS = / (kontrol\w*|degil mi|dimi|di mi|isnt it|right|unuttum|hatirlamiyorum|forgot|dont remember|var miydi|var mi|ne zaman\w*|saat kac\w*|kacta\w*|kacti\w*|hangi gun\w*|hatirlat\w*|check\w*|confirm\w*|when is|when was|what time (is|was)|do i have|is there) /
const OWN_APPOINTMENT = / (randevum\w*|randevu (saatim|gunum|tarihim)\w*|rezervasyonum\w*|my (appointment|booking|reservation)\w*|(do|did) i (have|book|make) (an |a )?(appointment|booking|reservation)\w*) /
/** Taking it to another day or time: "salıya alabilir miyim", "yarına çekebilir misiniz", "cuma olsun", "friday instead". */
const TO_ANOTHER = / (al\w*|cek\w*|olsun|olabilir\w*|instead) /
const SAME_TIME = / (ayni saat\w*|same time) /
/** A new time for what was just booked: "make it 4", "friday instead", "saat 4 olsun", "yarına alabilir miyiz". */
const CHANGE_JUST_MADE = / (make it|instead|rather|olsun|yapalim|yapabilir miyiz|alabilir miyiz|alalim|cekebilir\w*|cekelim) /
/** "Kaç gün önceden randevu almalıyım?", "how far ahead can I book?": the owner's booking window, asked. */
const HOW_FAR_AHEAD = / (how far (in advance|ahead|out)|how (many days|long|much notice) (in advance|ahead|before|beforehand|notice)|how much notice|kac gun (once\w*|ileri\w*|sonrasina kadar)|ne kadar (once|onceden|ileri\w*)|en gec kac gun) /
export const asksHowFarAhead = (message: string) => HOW_FAR_AHEAD.test(line(message))
/** "Saat kaçtaydı?", "what time was it again?": the time or day of something already made, asked in the past tense. */
const WHEN_WAS_IT = / (kactaydi\w*|kacti|kactiydi|ne zamandi\w*|ne zamanaydi\w*|hangi gundu\w*|hangi gunedi\w*|what (time|day) (was|is) it|when (was|is) it) /
/** An order, not an appointment: "siparişimi iptal etmek istiyorum". */
const ORDER = / (siparis\w*|orders?|kargo\w*|parcel|package|paket\w*) /

/**
 * What is asked of one service: its price or how long it takes. ("Kaça kadar açıksınız?" asks until when, no price;
 * "sure" is a yes, whatever "süre" is without its letters.)
 */
const PRICE_OR_LENGTH = / (fiyat\w*|ucret\w*|kac para|kac tl|kac lira|kaca(?! kadar)|ne kadar|tutar\w*|(kac|ne) eder|price\w*|cost\w*|how much|surer\w*|suruyor\w*|surecek\w*|suresi\w*|surmez\w*|how long|take|takes|dakika\w*|minutes?) /

/** "Bir dakika", "one sec": the customer asking to wait, no length of anything. */
const HOLD_ON = /^ (bir|bi) (dakika|dk|saniye|sn)\w* /
const OWN_NUMBER = / (numaram\w*|telefonum\w*|my (phone )?number) /
const NOT_AT_HAND = / (bilmiyorum|hatirla\w*|ezber\w*|bakay\w*|bakip|bakmam\w*|sonra|dont know|don t know|remember|forgot|check|look|find|later) /

/** "Bir dakika, numaramı bilmiyorum ezbere", "hang on, let me check my number": the number comes later, not asked of the shop. */
export const numberLater = (message: string) => {
  const said = line(message)
  return (OWN_NUMBER.test(said) && NOT_AT_HAND.test(said)) || HOLD_ON.test(said) || /^ (hang on|one sec\w*|one moment|just a (sec|second|moment|minute)|wait)\b/.test(said)
}

/** Whether the message asks the price or the length of something ("ücretli mi?", "ne kadar sürer?", "how much is …"). */
export const asksPriceOrLength = (message: string) => PRICE_OR_LENGTH.test(line(message).replace(HOLD_ON, ' '))

/** "Saç kesimi istiyorum", "I need a haircut asap": a service wanted, which asks for an appointment as a day named does. */
export const wantsIt = (message: string) => / (istiyorum|istiyoruz|istiyordum|isterim|istesem|lazim|gerek\w*|yaptirmak\w*|kestirmek\w*|boyatmak\w*|want|wanna|need|would like|id like|looking for|book me|(can|could|may) (i|we) (get|have)) /.test(line(message))

/** "Aynı gün", "on the same day": two things at one visit, which asks for a day as much as a day named does. */
export const onTheSameDay = (message: string) => / (ayni gun\w*|same day) /.test(line(message))

/** Whether a service's price or length differs for a case: "uzun saç için de aynı mı?", "is it more for long hair?". */
const VARIES = / (ayni mi|ayni fiyat\w*|farkli mi|fark\w*|degisir\w*|degisiyor\w*|same|different|differ\w*|vary|varies|extra|ekstra|daha (pahali|ucuz|uzun|kisa|fazla)|more|less|cheaper) /
const FOR_A_CASE = / (icin|icinde|for|with) /
export const asksIfItVaries = (message: string) => VARIES.test(line(message)) && FOR_A_CASE.test(line(message))

/** Whom a service is for, or the hair it is done on: a case the owner's list may price apart. */
const A_CASE = /^(cocuk\w*|erkek\w*|bay|bayan\w*|kadin\w*|gelin\w*|kids?|child|children|childs|boys?|girls?|men|mens|man|women|womens|woman|ladies|gents|brides?|bridal|wedding)$/
/** Long or short hair, not a long time: "uzun saç", "short haircut", never "how long does it take". */
const HAIR_CASE = / (uzun|kisa|long|short) (sac\w*|hair\w*) /

/** "Çocuk saç kesimi ne kadar?" of a list whose "Saç kesimi" names no child: the case asked, which the name leaves out. */
export const caseNotInName = (message: string, name: string) => {
  const named = new Set(words(name).map((word) => word.key))
  const asked = words(message).filter((word) => A_CASE.test(word.key) || (/^(uzun|kisa|long|short)$/.test(word.key) && HAIR_CASE.test(line(message))))
  return asked.some((word) => !named.has(word.key))
}

/** The message without the hair a case is of: "a blow dry for long hair" names the blow dry, not also the haircut. */
export const withoutHairCase = (message: string) => line(message).replace(HAIR_CASE, ' ').trim()

/** "Neden numara istiyorsunuz?", "why do you need my number?", a bare "neden?" when it is asked for: what it is for. */
export function asksWhyNumber(message: string): boolean {
  const l = line(message)
  return / (neden|niye|nicin|why|what for) /.test(l) && (words(message).length <= 3 || / (numara\w*|telefon\w*|tel|number|phone) /.test(l))
}

/** Whether the message starts a booking conversation (or a cancellation or move of one). */
export function bookingAsked(
  message: string,
  kind: string,
  { justBooked = false, justShown = false, drafting = false, bookedHere = false } = {},
): 'book' | 'cancel' | 'move' | 'check' | null {
  const l = line(message)
  // "Randevusuz gelebilir miyim?", "walk-ins ok?": coming without one asks for none; "iptal edersem ücret alıyor
  // musunuz?" asks a rule, not to cancel.
  if (comesWithoutBooking(message) || asksCancellationFee(message) || putsOff(message)) return null
  const appointment = APPOINTMENT.test(l)
  // "İptal etmek istiyorum" just after booking, or once one was booked in this conversation, or heard as a booking with
  // none under way: the appointment is meant (an order cancelled is not).
  const madeHere = justBooked || justShown || (bookedHere && !ORDER.test(l))
  if ((appointment || madeHere || (kind === 'booking' && !drafting)) && CANCEL_WORDS.test(l)) return 'cancel'
  // "Saat kaçtaydı?", "what time was it again?" once one was booked here: that appointment, looked up.
  if (madeHere && !drafting && WHEN_WAS_IT.test(l)) return 'check'
  if (appointment && MOVE_WORDS.test(l)) return 'move'
  // "Actually can we make it 4?", "cuma olsun" just after booking, "can I change it to the morning?" just after the
  // customer's appointments were shown: the appointment, taken to that time.
  // ("Bir saat ileri alabilir miyiz?", "can we push it an hour later?": by an hour, likewise.)
  if ((justBooked || justShown) && (MOVE_WORDS.test(l) || CHANGE_JUST_MADE.test(l)) && (saysWhen(readWhen(message, '2000-01-01')) || shiftAsked(message) !== null)) return 'move'
  // "Randevum var mıydı, kontrol eder misiniz?", "when is my appointment?": the customer's own, looked up.
  if (OWN_APPOINTMENT.test(l) && CHECK_WORDS.test(l)) return 'check'
  // "Randevumu salıya alabilir miyim?", "1 saat sonraya alabilir miyiz?": the customer's own appointment taken to a day
  // or time, or by an hour, is a move.
  if (OWN_APPOINTMENT.test(l) && TO_ANOTHER.test(l) && (saysWhen(readWhen(message, '2000-01-01')) || shiftAsked(message) !== null)) return 'move'
  if (justBooked && forAnother(message)) return 'book'
  // "Can you reserve one for me?" of a hat: the goods put aside, which is the owner's to do, not an appointment (nor is
  // a day they are held until).
  if (RESERVES_GOODS.test(l) && !appointment && (/ (until|till|kadar) /.test(l) || !saysWhen(readWhen(message, '2000-01-01')))) return null
  if (kind === 'booking' || (BOOK_WORDS.test(l) && !/ (siparis\w*|order\w*) /.test(l))) return 'book'
  if (ANYTHING.test(l) && saysWhen(readWhen(message, '2000-01-01'))) return 'book'
  return null
}

/** "Reserve one", "reserve it", "bir tane rezerve": goods put aside (a slot, a time or a table reserved is a booking). */
const RESERVES_GOODS = / ((reserve|rezerve) (one|it|them|that|this|these|those|\d+|(a|an|the|some|one of the) (?!(slots?|times?|spots?|places?|seats?|tables?|days?|dates?|hours?|session|appointment) )\w+)|(bir tane|birini|onu|bunu|\d+ tane) rezerve) /

const SHIFT = / (\d{1,2}|bir|a|an|one|iki|two|uc|three|yarim|half an|half) (saat\w*|hours?|dakika\w*|dk|mins?|minutes) (sonra\w*|ileri\w*|later|erken\w*|once\w*|geri\w*|earlier) /
const SHIFT_AMOUNTS: Readonly<Record<string, number>> = { bir: 1, a: 1, an: 1, one: 1, iki: 2, two: 2, uc: 3, three: 3, yarim: 0.5, 'half an': 0.5, half: 0.5 }

/** "1 saat sonraya", "yarım saat erkene", "an hour later", "30 minutes earlier": how far to move it, in minutes. */
export function shiftAsked(message: string): number | null {
  const found = SHIFT.exec(line(message))
  if (!found) return null
  const [, amount, unit, direction] = found as unknown as [string, string, string, string]
  const count = /^\d+$/.test(amount) ? Number(amount) : SHIFT_AMOUNTS[amount]!
  const minutes = count * (/^(saat|hour)/.test(unit) ? 60 : 1)
  return /^(erken|once|geri|earlier)/.test(direction) ? -minutes : minutes
}

const WHICH_TIMES = / ((what|which) (times|slots)|(hangi|ne) saat\w* (bos|musait|uygun)|times (are )?(free|available|open|left)|whats (free|available|open)|what (is|s) (free|available)) /
const LATER = / (daha gec\w*|daha sonra\w*|later|after that|(?<!ogle |oglen |ogleden )sonrasi\w*|(baska|diger|other|more|another|different) (saat\w*|times?|slots?)) /
const EARLIER = / (daha erken\w*|earlier|before that|oncesi\w*) /
const PUTS_OFF = / (yazar\w*|arar\w*|bakar\w*|doner\w*|haber verir\w*|karar verir\w*|ill|i ll|talk|text|call|get back|see you|decide|book later|come back) /
/**
 * Of the times just offered: "hangi saatler boş?", "what times do you have?" asks them again; "başka saat var mı?",
 * "anything later?" asks for the ones after them, "daha erken?", "anything earlier?" for the ones before.
 */
export function otherTimesAsked(message: string): 'same' | 'later' | 'earlier' | null {
  const l = line(message)
  // "Daha sonra yazarım", "I'll book later": the customer will come back, no time is asked.
  if (PUTS_OFF.test(l)) return null
  return EARLIER.test(l) ? 'earlier' : LATER.test(l) ? 'later' : WHICH_TIMES.test(l) ? 'same' : null
}

/** "Aynı saatte", "same time": of an appointment being moved, the time it had. */
export const asksSameTime = (message: string) => SAME_TIME.test(line(message))

/** "Daha sonra yazarım", "I'll book later": the customer will come back another time. */
export function putsOff(message: string): boolean {
  const l = line(message)
  return PUTS_OFF.test(l) && / (daha sonra|sonra|later|another time|baska zaman|baska bir zaman) /.test(l)
}

/** "Vazgeçtim", "never mind": the customer drops the booking (unless the same message names a new day or time). */
export const stops = (message: string) => STOP_WORDS.test(line(message))

const PARTY_COUNT = / ([2-9]|iki|uc|dort|bes|two|three|four|five) (kisi\w*|people|persons|of us) | (ikimiz\w*|ucumuz\w*|both of us|two of us|for two|for 2) /
const RELATIVE = '(kizim\\w*|oglum\\w*|annem\\w*|esim\\w*|arkadasim\\w*|kardesim\\w*|ablam\\w*|my (daughter|son|mum|mom|mother|wife|husband|partner|friend|sister|brother|kids|children))'
const TOGETHER = new RegExp(` ${RELATIVE} (ve|and|ile|with) (ben|me|i|myself|bana) | (ben|benim|me|i|myself) (ve|and|ile|with) ${RELATIVE} | ${RELATIVE} (ve|and) ${RELATIVE} | (annem|kizim|oglum|esim|arkadasim|kardesim|ablam)(le|la) (ben|birlikte|beraber) `)

/** "2 kişi", "kızım ve ben", "for me and my friend": more than one person to be booked. */
export const forSeveral = (message: string) => PARTY_COUNT.test(line(message)) || TOGETHER.test(line(message))

const ANOTHER = new RegExp(
  ` (bir randevu daha|one more (appointment|booking|slot)|another (appointment|booking|slot)|second (appointment|booking)) | bir de ${RELATIVE} | ${RELATIVE} (icin )?(de|da) | ${RELATIVE} (too|as well) | (also|and one|one) for ${RELATIVE} `,
)

/** "Hatırlatma gönderiyor musunuz?", "will you remind me?": whether a reminder comes, not when an appointment is. */
const REMINDER = / (hatirlatma\w*|hatirlatir m[iu]s\w*|hatirlatiyor m[iu]s\w*|reminders?|remind (me|us)|reminded) /
export const asksForReminder = (message: string) => REMINDER.test(line(message))

/** "Kızım için de 11:30", "and one for my son", "bir randevu daha": another appointment, for someone else, just after one was made. */
export const forAnother = (message: string) => ANOTHER.test(line(message))

/**
 * "Saç kesimi ve fön", "stil danışmanlığı ve tadilat": a service the message names besides the one chosen, by words of
 * its own (not the ones the two names share).
 */
export function otherServiceNamed(message: string, services: readonly BookableService[], chosen: BookableService): BookableService | undefined {
  const own = words(`${chosen.name} ${translate(chosen.name)}`).map((word) => word.key)
  // ("Get my hair coloured" names the colour alone: the hair is what every service of a salon is done to.)
  const rest = words(message).filter((word) => !own.some((key) => sameWord(word.key, key)) && !HAIR.test(word.key)).map((word) => word.text).join(' ')
  return servicesNamed(rest, services).find((service) => service.id !== chosen.id)
}

const HAIR = /^(sac|saci|sacim\w*|saclar\w*|hair|hairs)$/

/** "Hemen arkasına", "right after it": the next appointment to follow the one just made. */
const AFTER_IT = / (arkasina|arkasindan|ardindan|ardina|sonrasina|hemen sonra\w*|right after|straight after|after (it|that|this)|afterwards|then) /
export const rightAfter = (message: string) => AFTER_IT.test(line(message))
/** "Fön için de", "the blow dry too": something more, just after an appointment was made. */
export const alsoAsked = (message: string) => rightAfter(message) || / (de|da|too|also|as well|now) /.test(line(message))
