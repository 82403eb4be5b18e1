// When the assistant hands a conversation to a person: the customer asks for
// one ("bir yetkiliyle görüşmek istiyorum", "a real person"), complains
// ("siparişim gelmedi, çok kızgınım"), wants an order already placed cancelled
// or changed ("siparişimi iptal etmek istiyorum"), or the assistant did not know the
// answer twice in a row. Read with the same classifier as the built-in
// responder, whichever responder answers, so a model-backed assistant hands
// off on the same messages. The owner taking a conversation over is theirs
// to decide, on the inbox.
import { bookingAsked, comesAt } from './booking-reading.ts'
import { changesOwnOrder, supposesACase, understand } from './intents.ts'
import { currencyAsked } from './amounts.ts'
import { thingWords } from './lexicon.ts'
import { keyLine, words } from './text.ts'
import { readWhen, saysWhen } from './when.ts'
import { corpusClassifier } from './nlu.ts'
import { onlyNamesAProduct } from './matching.ts'
import { productTerm } from './question-words.ts'
import type { Catalogue, HandoffReason, Turn } from './types.ts'

/** The kind of reply that says the assistant did not know (builtin.ts's `unknown`). */
export const NOT_KNOWN_KIND = 'unknown'

/** Whether the customer's message itself asks for a person: a request for one, or a complaint. */
export async function handoffAsked(message: string, history: readonly Turn[] = [], catalogue?: Catalogue): Promise<Extract<HandoffReason, 'asked' | 'complaint'> | null> {
  const { kind } = await understand(message, await corpusClassifier())
  if (kind === 'human') return 'asked'
  // "Siparişimi iptal etmek istiyorum", "I want to change my order": an order already placed is the owner's to act
  // on; no assistant answer does it.
  // Where it is, too: "siparişimi nasıl takip ederim", "where is my order?" are the owner's to look up.
  // And a payment that fails at the checkout: a sale the owner can still save, no text of theirs answers it.
  const line = keyLine(words(message))
  // So is being told when a product is back ("gelince haber verir misiniz?", "notify me when it's back"): a person
  // does it, with the number or address the customer leaves.
  // And "10 dk geç kalacağım", "running late for my appointment": the owner should know, and may answer.
  // So is a call back ("numaramdan dönüş yapabilir misiniz?", "can you call me back?"): a person makes it.
  if (changesOwnOrder(line) || OWN_ORDER_WHERE.test(line) || PAYMENT_FAILS.test(line) || asksToBeTold(line) || RUNNING_LATE.test(line) || CALL_BACK.test(line)) return 'asked'
  // "Ok let me know", "haber verin" just after a product's stock: told when it is back, as above.
  // (Or just after "when will it arrive?" of one out of stock, which says its stock too.)
  const previous = history.findLast((turn) => turn.role === 'assistant')
  if (TELL_ME_ALONE.test(line) && (previous?.kind === 'stock' || (previous?.kind === 'delivery_time' && previous.productIds.length > 0))) return 'asked'
  // Anger said outright is a complaint, whatever else the message is about ("randevum iptal edildi, çok kızgınım!").
  // So is an order that did not come ("500 TL ödedim ama ürün gelmedi", "I paid and got nothing").
  // And one that came broken, faulty or wrong ("ürün kırık geldi", "the bag I received is damaged").
  // ("What if it arrives damaged?", "kırık gelirse değiştiriyor musunuz?" suppose it: the returns text answers.)
  const supposed = supposesACase(line)
  if (ANGER.test(line) || notArrived(line) || (!supposed && cameWrong(line)) || fedUp(line)) return 'complaint'
  if (kind === 'complaint' && supposed) return null
  // "My order is 500 TL" just after the shipping text tells what the order comes to, to learn what shipping costs.
  if (kind === 'complaint' && statesAmountAfterShipping(message, history)) return null
  // "Hasır şapka": a product's name alone, whatever the classifier heard in it ("hasır" sounds like "hasar", damage).
  if (kind === 'complaint' && catalogue && (await onlyNamesAProduct(productTerm(words(message)), catalogue))) return null
  // "Yarın 14:00 ürün deneme randevusu" asks for an appointment in so many words, whatever the classifier
  // made of its other words; a complaint about an appointment ("randevum iptal edildi, çok kızgınım") stays one.
  // So does coming at a time ("tamam 5 gibi gelsem olur mu?"), which no word of a complaint says.
  if (kind === 'complaint' && !(bookingAsked(message, kind) === 'book' && saysWhen(readWhen(message, ANY_DAY))) && !comesAt(message)) return 'complaint'
  return null
}

const OWN_ORDER_WHERE =
  / (siparisim\w*|kargom\w*|paketim\w*|my order\w*|my package|my parcel) .*(takip\w*|nerede|nerde|where|track\w*|status|kargoya verildi\w*|kargolandi\w*|gonderildi\w*|shipped|dispatched|sent out)|(kargoya verildi\w*|kargolandi\w*|gonderildi\w*|shipped|dispatched) .*(siparisim\w*|kargom\w*|my order\w*)|(takip\w*|track\w*) (\w+ )?(siparisim\w*|kargom\w*|my order\w*|my package)|(kargo )?takip (numara|kod)\w*|tracking (number|code|no|link)|where is my (order|package|parcel) |(siparis (verdim|verdik|ettim)|siparisim\w*|kargom\w*|i ordered|we ordered|my order) .*(verilmedi|gonderilmedi|kargolanmadi|yola cikmadi|not (yet )?(been )?(shipped|sent|dispatched)|(hasnt|hasn t|has not|wasnt|was not) (been )?(shipped|sent|dispatched)) /
const CALL_BACK = / (donus yap\w*|bana (geri )?don\w*|beni ara(yabilir|r|yin|sin)\w*|call me( back)?|get back to me|give me a call|ring me) /
const RUNNING_LATE =
  / (gec kal\w*|gecikece\w*|gecikiyor\w*|gecikir\w*|running late|run late|be late|\d+ (dk|dakika\w*|mins?|minutes) (gec|late)|late for (my|the|our) (appointment|booking)|running (a bit |a little |\d+ (mins?|minutes) )late) /
const PAYMENT_FAILS =
  / ((?<!kapida )odeme (yapamiyorum|yapamadim|olmuyor(?! m[iu] )|gecmiyor|hata\w*|basarisiz\w*)|kartim (reddedildi|gecmedi|gecmiyor|kabul edilmedi)|(card|payment) (was |is |got )?(declined|rejected|failed|not going through|wont go through|doesnt go through|isnt going through)|(cant|cannot|couldnt|unable to) (pay|checkout|check out|complete (the |my )?(payment|order|checkout))|(odeme\w* yaptim|odedim|odemesini yaptim|havale (yaptim|ettim|gonderdim)|eft (yaptim|ettim)|parayi (yatirdim|gonderdim)|i (paid|have paid|ve paid|sent the (money|payment))) (\w+ ){0,4}(gorunmuyor|gozukmuyor|dusmedi|onaylanmadi|olusmadi|not (showing|there)|isnt (showing|there)|no (order|confirmation))) /
const TELL_ME_EN = / (let me know|notify me|tell me|message me|text me|inform me|email me|ping me) (when|once|as soon as|if) (it|they|its|theyre|the \w+) |notify me /
const TELL_ME_TR = / (haber\w*|haberdar\w*|bildir\w*|mesaj at\w*|yazar misiniz|yazin|arar misiniz|arayin) /
const BACK_TR = / (gelince|girince|gelirse|gelir gelmez|gelindiginde|stoga\w*|stoklara\w*) /
const TELL_ME_ALONE =
  /^ (ok |okay |tamam |peki |o zaman )*(please |lutfen )?((can|could|will|would) (you|u) (please )?)?(let me know|notify me|tell me|message me|text me|haber ver\w*|bana haber ver\w*|haberdar ed\w*|bildirin|bildirir)( misiniz| musunuz| misin)?( (please|pls|lutfen|then|o zaman|when|once))? $/
function asksToBeTold(line: string): boolean {
  return TELL_ME_EN.test(line) || (TELL_ME_TR.test(line) && BACK_TR.test(line))
}
const ANGER =
  / (kizgin\w*|sinirli\w*|rezalet\w*|berbat|skandal|sikayet\w*|angry|furious|terrible|awful|unacceptable|disgrace\w*|complain\w*|ridiculous|outrageous|(nobody|no one) (answers|replies|responds|gets back|got back|called)|kimse (cevap|yanit|donmu\w*|donmedi|aramadi|ilgilen\w*)|dalga mi gec\w*) /

/** Fed up with the assistant itself ("you are useless", "bu bot işe yaramıyor"): a person takes over. */
const FED_UP_EN = / (useless|stupid|dumb|idiot\w*|pointless|not helpful|unhelpful|no help|(dont|do not|doesnt) (understand|get it|help)) /
const AT_THE_BOT = / (you|u|youre|ur|bot|robot|assistant|chatbot|this chat|ai) /
const FED_UP_TR = / (salak\w*|aptal\w*|gerizekal\w*|ise yaramaz\w*|ise yaramiyor\w*|anlamiyorsun\w*|anlamadin\w*|bos yapma|sacmaliyorsun) /
/** "Stupid question, but …" is the customer's own modesty. */
const OWN_QUESTION = / (stupid|dumb|silly) questions? /
const fedUp = (line: string) => FED_UP_TR.test(line) || (FED_UP_EN.test(line) && AT_THE_BOT.test(line) && !OWN_QUESTION.test(line))

const NOT_ARRIVED =
  / (gelmedi|ulasmadi|gecikti|gec kaldi|teslim edilmedi|elime gecmedi|didnt (arrive|come|get)|hasnt (arrived|come)|never (arrived|came|got)|not (arrived|received)|havent (received|got)|got nothing|nothing (arrived|came)) /
/** A product not yet back in stock is no order gone missing ("ceket stoğa gelmedi mi?"). */
const RESTOCK = / (stog\w*|stok\w*|stock|restock\w*) /

const CAME_WRONG =
  / (kirik|kirilmis|kirildi|kirilirsa|kirilir ise|bozuldu|bozulmus|koptu|kopmus|yirtildi|sokuldu|sokulmus|bozulursa|yirtilirsa|(hasar|zarar) gorurse|hasarli|hasar gormus|yirtik|yirtilmis|bozuk|defolu|arizali|calismiyor|lekeli|damaged|broken|(it|they|this|that) broke|fell apart|came apart|torn|faulty|defective|cracked|stained|doesnt work|not working|stopped working|(dont|doesnt|wont|isnt|arent|not) (charge|charging|turn on|switch on|power on)|sarj (olmuyor|etmiyor|almiyor|tutmuyor)|acilmiyor|calismadi|wrong (item|size|colou?r|product|one)|yanlis (urun|beden|renk) (geldi|gonder\w*)|eksik (geldi|gonder\w*|cikti|urun)|(was|is|are|were|came|arrived) missing|missing (items?|pieces?|parts?|products?)|incomplete|smells? (weird|bad|strange|funny|off|awful|terrible)|kokusu (kotu|garip|tuhaf|berbat)|(kotu|garip|tuhaf|berbat|pis) kokuyor|kuflu|kuflenmis|moldy|mouldy|expired|tarihi gecmis|sizdiriyor|leaking|leaks) /
/** "Kırık beyaz" is a colour; "bozuk para" small change. */
const NOT_DAMAGE = / (kirik beyaz|bozuk para) /

/** Whether the words say what came is broken, faulty or not what was ordered. */
export function cameWrong(line: string): boolean {
  return CAME_WRONG.test(line) && !NOT_DAMAGE.test(line)
}

/** Whether the words say an order did not come. */
export function notArrived(line: string): boolean {
  return NOT_ARRIVED.test(line) && !RESTOCK.test(line)
}

/** "Siparişim 600 TL", "my order is 500 tl" just after the shipping text: an amount told, with no order gone missing. */
export function statesAmountAfterShipping(message: string, history: readonly Turn[]): boolean {
  const previous = history.findLast((turn) => turn.role === 'assistant')?.kind
  if (previous !== 'shipping' || !/\d/.test(message) || notArrived(keyLine(words(message)))) return false
  // "750 altı mı?", "so under 500?": an amount against the free-shipping limit, in no currency, naming no product.
  return currencyAsked(message) !== null || (AGAINST_A_LIMIT.test(keyLine(words(message))) && thingWords(message).length === 0)
}
const AGAINST_A_LIMIT = / \d{2,6} (alti\w*|ustu\w*|uzeri\w*|ustunde\w*)| (under|over|above|below|less than|more than) \d{2,6} /

/** Whether a message names a day or time does not depend on which day is today. */
const ANY_DAY = '2000-01-03'

/** Whether this reply, of this kind, is the second "I don't know" in a row. */
export function notKnownTwice(kind: string, history: readonly Turn[]): boolean {
  if (kind !== NOT_KNOWN_KIND) return false
  const previous = [...history].reverse().find((turn) => turn.role === 'assistant')
  return previous?.kind === NOT_KNOWN_KIND
}
