// The owner's bookable services asked about outside a booking: "hangi
// hizmetleriniz var?", "stil danışmanlığı ne kadar sürüyor?", "how much is a
// haircut?". Answered from the services read for this reply (booking-desk.ts),
// never from the catalogue or a policy text.
import { asksIfItVaries, asksPriceOrLength, caseNotInName, namesOtherCare, servicesNamed, withoutHairCase } from './booking-reading.ts'
import { includedNotWritten, serviceInfo, serviceList, serviceNotListed, servicesInfo, variesNotWritten } from './booking-replies.ts'
import { asksPriceList, asksWhoIsServed } from './intents.ts'
import { productTerm } from './question-words.ts'
import { coverage, keysOf } from './matching.ts'
import { keyLine, words } from './text.ts'
import type { AssistantLanguage, BookingDesk, BookingDraft, Catalogue, ResponderOutput } from './types.ts'

/** Words asking which services there are… */
const SERVICE_WORDS = / (hizmet\w*|services?|treatments?) /
/** …unless they are of another service: customer service, a courier's. */
const OTHER_SERVICE = / (musteri|customer|kargo\w*|shipping|delivery|teslimat\w*|courier) /
/** Asking what something is: "nedir", "what is", "tell me about". */
const WHAT_IS = / (nedir|ne demek|nasil bir sey|what is|whats|what does|tell me about|hakkinda bilgi\w*) /
/** Asking whether the business does or has something: "yapıyor musunuz", "var mı", "do you do", "do you cut". */
const ASKS_FOR_ONE = / (var|varmi|yapiyor\w*|yapar\w*|yapilir\w*|\w+iyor musunuz|\w+ir misiniz|do (you|u|ya)|(u|ya) do|can (you|u|ya)|have|offer\w*|any) /

/** Words that lead in to a service named alone: "and a blow dry?", "what about a haircut", "peki ya boya?". */
const LEAD_IN = new Set(['and', 'also', 'what', 'how', 'about', 'a', 'an', 'the', 'peki', 'ya', 'bir', 'de', 'da'])

/**
 * The answer when the message asks which services the owner offers, or the
 * price or length of one it names; null otherwise, and when the owner takes
 * no bookings. A product the message names as well as a service wins: the
 * catalogue answers for it.
 */
export async function answerServices(message: string, desk: BookingDesk, catalogue: Catalogue, contact: string, language: AssistantLanguage): Promise<ResponderOutput | null> {
  const line = keyLine(words(message))
  // "Sadece bayanlara mı hizmet veriyorsunuz?": whom the business serves, which the list does not say.
  if (asksWhoIsServed(line)) return null
  const listAsked = SERVICE_WORDS.test(line) && !OTHER_SERVICE.test(line)
  // "Saç kesimi?", "haircut", "and a blow dry?": a service named alone asks what its price or length would.
  const alone = words(message).filter((word) => !LEAD_IN.has(word.key)).length <= 3
  const oneAsked = asksPriceOrLength(message)
  // "Stil danışmanlığı nedir?", "what is the style consultation?": what a service named is. ("Tadilat yapıyor musunuz?"
  // is notAService's, once the catalogue has nothing of that name.)
  const whatIs = WHAT_IS.test(line)
  // A price list of a business that sells nothing is its services and their prices.
  const priceList = asksPriceList(message)
  if (!listAsked && !oneAsked && !priceList && !alone && !whatIs) return null
  const { rules, services } = await desk.load()
  if (!rules.enabled || services.length === 0) return null
  const named = oneAsked || whatIs ? servicesNamed(message, services)[0] : alone ? servicesNamed(message, services, 1)[0] : undefined
  if (named) {
    const term = productTerm(words(message))
    const products = term === '' ? [] : await catalogue.search(term, 3)
    // A product the words name as well wins, unless the words that name the service are not in its name ("kot pantolon
    // kısaltma ne kadar" asks the alteration's price, not the jeans').
    const serviceWords = keysOf(term).filter((key) => coverage(key, named.name) > 0)
    if (products.some((product) => coverage(term, product.name) >= coverage(term, named.name) && serviceWords.every((key) => coverage(key, product.name) > 0))) return null
    // "How much is a haircut and a blow dry?": each one named in all its words, its length and price.
    const all = servicesNamed(withoutHairCase(message), services, 1)
    if (all.length >= 2) return { reply: servicesInfo(all, language, all.some((service) => caseNotInName(message, service.name))), language, productIds: [], kind: 'service' }
    // "Çocuk saç kesimi ne kadar?": the haircut as listed, and that nothing is written for a child.
    if (caseNotInName(message, named.name)) return { reply: variesNotWritten(named, contact, language), language, productIds: [], kind: 'service', known: false }
    // "Size uyan günü yazmanız yeterli": the day written next books this service.
    const booking: BookingDraft = { mode: 'book', step: 'time', serviceId: named.id, duration: named.duration_minutes, offers: [] }
    return { reply: serviceInfo(named, language), language, productIds: [], kind: 'service', booking }
  }
  if (listAsked || (priceList && (await catalogue.list(1)).length === 0)) return { reply: serviceList(services, language), language, productIds: [], kind: 'service' }
  return null
}

/**
 * "How much for a kid?", "uzun saç için farklı mı?" just after a service was named: that service as listed, and that
 * no price or length for a case of it is written; "how much?", "ne kadar sürer?" naming nothing: that service's price
 * and length. Null when the words ask no such thing or name a service themselves.
 */
export async function serviceVariesAsked(message: string, before: string, desk: BookingDesk, contact: string, language: AssistantLanguage): Promise<ResponderOutput | null> {
  const ofIt = asksPriceOrLength(message) && !namesAnything(message)
  if (!asksIfItVaries(message) && !(asksPriceOrLength(message) && / (for|icin) /.test(keyLine(words(message)))) && !ofIt) return null
  const { rules, services } = await desk.load()
  if (!rules.enabled || services.length === 0 || servicesNamed(message, services, 1).length > 0) return null
  const [service] = servicesNamed(before, services)
  if (!service) return null
  if (ofIt && !asksIfItVaries(message)) {
    const booking: BookingDraft = { mode: 'book', step: 'time', serviceId: service.id, duration: service.duration_minutes, offers: [] }
    return { reply: serviceInfo(service, language), language, productIds: [], kind: 'service', booking }
  }
  return { reply: variesNotWritten(service, contact, language), language, productIds: [], kind: 'service', known: false }
}

/** "Fön dahil mi?", "does that include a cut?", "is a wash included?": what one service holds, which no list says. */
const INCLUDED = / (dahil\w*|icinde (mi|mu|var)\w*|iceriyor\w*|include|includes|included|including|come with|comes with) /

/**
 * "Fön dahil mi?" just after a service was asked about (the one the draft waits with, else the one the customer's last
 * words named): that service as listed, that whether it holds the other is not written, and the other as listed when
 * it is a service too; never a booking of the other begun.
 */
export async function serviceIncludesAsked(
  message: string,
  asked: { before: string; serviceId?: string | null },
  desk: BookingDesk,
  contact: string,
  language: AssistantLanguage,
): Promise<ResponderOutput | null> {
  if (!INCLUDED.test(keyLine(words(message)))) return null
  const { rules, services } = await desk.load()
  if (!rules.enabled || services.length === 0) return null
  const service = services.find((listed) => listed.id === asked.serviceId) ?? servicesNamed(asked.before, services)[0]
  if (!service) return null
  const other = servicesNamed(message, services).find((named) => named.id !== service.id) ?? null
  return { reply: includedNotWritten(service, other, contact, language), language, productIds: [], kind: 'service', known: false }
}

/** Whether the words name anything besides asking a price or a length ("kaç saat sürer?" names nothing). */
const namesAnything = (message: string) =>
  productTerm(words(message).filter((word) => !asksPriceOrLength(word.text) && !/^(saat|hours?)$/.test(word.key))) !== ''

/**
 * "Do you do highlights?", "röfle var mı?", "manikür ne kadar?" of a business that takes bookings and lists no
 * products: what the words name is none of its services, which are these. Null for a business that sells products
 * (the catalogue's "not found" is right there) or takes no bookings.
 */
export async function notAService(message: string, desk: BookingDesk, catalogue: Catalogue, contact: string, language: AssistantLanguage): Promise<ResponderOutput | null> {
  const line = keyLine(words(message))
  // "Manikür ne kadar?" asks as much whether there is one as "manikür var mı?"; "kaç saat sürer?" names nothing.
  if (asksWhoIsServed(line)) return null
  if (!ASKS_FOR_ONE.test(line) && !(asksPriceOrLength(message) && namesAnything(message)) && !namesOtherCare(message)) return null
  const { rules, services } = await desk.load()
  if (!rules.enabled || services.length === 0) return null
  // "Erkek saçı da kesiyor musunuz?": a service named in other words is said as the owner lists it, and who knows more.
  const named = servicesNamed(message, services)
  if (named.length === 1 && caseNotInName(message, named[0]!.name)) return { reply: variesNotWritten(named[0]!, contact, language), language, productIds: [], kind: 'service', known: false }
  if (named.length > 0) return { reply: `${servicesInfo(named, language)} ${contact}`, language, productIds: [], kind: 'service' }
  // A shop that sells products: what no product and no service is, the catalogue's "not found" says.
  if ((await catalogue.list(1)).length > 0) return null
  return { reply: serviceNotListed(services, contact, language), language, productIds: [], kind: 'service', known: false }
}
