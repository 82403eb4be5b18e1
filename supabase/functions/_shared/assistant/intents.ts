// What a customer's message asks, and of which product. The kind of
// question comes from the classifier (nlu.ts, trained on corpus.ts); what it
// is about comes from the words themselves: the product term (the message
// with the question's words taken out, in the customer's own letters, for the
// catalogue's search, which tolerates typos and suffixes), a budget, a day,
// the attribute asked about (question-words.ts, amounts.ts, day-words.ts,
// attribute-words.ts; courtesy in its closed set of words, courtesy-words.ts).
// Phrases are compared on ASCII keys (text.ts), so "fiyati" and "fiyatı" read
// the same. This module holds `understand` and `intentOf`: the rules that
// turn the classifier's label and those readings into an Intent.
//
// One kind stays a fixed list: attempts to change the assistant's role or
// read its setup are refused before the classifier is asked, since a guard a
// statistical model could be talked past is no guard.
/* eslint-disable max-lines -- word lists: each rule sits beside the words it reads, so that a change to one is seen with the other */
import { type Classification, type Classifier } from './nlu.ts'
import { departmentIn, equivalents, forWhom, occasionWords, onlyProperties, thingWords, translate, wishesForAGift, withoutThings } from './lexicon.ts'
import { asciiKey, asksAQuestion, keyLine, words, type Word } from './text.ts'
import { opens, callsOnly, courtesyOnly, withoutThanks, LEADERS } from './courtesy-words.ts'
import { pointsBack, yesOrNo, withoutWhereSeen, withoutWebsite, EXISTENCE, asksWhetherThereIs, asksWhetherSo, productTerm, productPair, pairByEnding, splitPair } from './question-words.ts'
import { type Attribute, FITS, sizeNumber, SIZE_WORDS, COLOUR_NAMES, COLOUR_WORDS, MATERIAL_WORDS, MATERIAL_NAMES, PROPERTY_ASKED, FITS_WHICH, SPEC_UNITS, SPEC_ASKED, CONTENTS_ASKED, GENUINE, GENUINE_ASKED, SCENT_WORDS, DURATION_PHRASES, withoutDuration, attributeOf, ATTRIBUTE_PATTERNS, FIT_ASKED, FIT_WORDS, ASKS_MATERIAL, materialsIn, asksOrigin, placesNamed, ORIGIN_WORDS } from './attribute-words.ts'
import { type DayRef, DAY_WORD, HOLIDAY, namesOnlyADay, dayOf, hoursAsks } from './day-words.ts'
import { accountAsked, PICTURE } from './cues.ts'
import { type Budget, PERCENT, currencyOf, currencyAsked, budgetOf, TAKES, COUNT, quantityAsked, TOTAL, COMES_TO, counting, PER_UNIT, MEASURES, UNITS } from './amounts.ts'

export type ProductQuestion = 'price' | 'stock' | 'link' | 'list' | 'search'
export type BusinessTopic = 'location' | 'contact' | 'shipping' | 'delivery_time' | 'returns' | 'payment' | 'discounts' | 'human' | 'complaint' | 'booking' | 'personal_info'
export type Courtesy = 'greeting' | 'thanks' | 'goodbye' | 'ack' | 'identity' | 'praise'

/** An empty term means "the product we were talking about" (or, for a list, the whole catalogue). */
export type Intent =
  | { kind: 'injection' }
  | { kind: 'off_topic' }
  | { kind: Courtesy }
  | { kind: BusinessTopic }
  | { kind: 'hours'; day: DayRef; asks: 'open' | 'close' | 'now' | 'both' }
  | { kind: 'ordering'; term: string }
  | { kind: ProductQuestion; term: string }
  | { kind: 'compare'; terms: [string, string] }
  | { kind: 'extreme'; order: 'cheapest' | 'priciest'; term: string }
  | { kind: 'budget'; budget: Budget; term: string }
  | { kind: 'recommend'; term: string }
  | { kind: 'attribute'; attribute: Attribute | null; term: string }
  | { kind: 'unknown' }

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

const RESERVE = / (ayir\w*|rezerve|reserve|(hold|keep|put|set) (\w+ ){0,4}(for me|for us|aside)) /
const RESERVE_WORD = /^(hold|keep|put|set|reserve|aside|until|till|ayir\w*|rezerve)$/
const BOOKING_WORDS = / (randevu\w*|rezervasyon\w*|appointment\w*|booking) /

/** "Bana bir tane ayırır mısınız?", "can you hold it for me?": putting a product aside for the customer. */
export const asksToReserve = (message: string) => RESERVE.test(keyLine(words(message)))

/** "When will it be back?", "stoğa ne zaman girer?", "tekrar gelecek mi?": when a product is in stock again. */
export const asksWhenBack = (message: string) => / (ne zaman|when|tekrar|yeniden|again|back|restock\w*|gelecek mi|gelir mi) /.test(keyLine(words(message)))


// Words that name a topic of the business: when the catalogue holds nothing the words name, the topic is what was
// asked ("kargosu ne kadar?", "hangi firma ile gönderiyorsunuz?"). A shop may sell a "Kargo Pantolon", so these are
// read only after the catalogue.
const TOPIC_WORDS: readonly [RegExp, BusinessTopic][] = [
  [/^(kargo\w*|gonder\w*|yolla\w*|yollu\w*|shipping|ship|ships|postage|courier|kurye\w*|delivery|deliveries|deliver|delivers|teslimat\w*)$/, 'shipping'],
  [/^(iade\w*|degisim\w*|degistir\w*|returns?|refunds?|exchange\w*|retun\w*|retrun\w*|reutrn\w*|refnd\w*)$/, 'returns'],
  [/^(odeme\w*|taksit\w*|havale\w*|eft|kredi\w*|payments?|pay|installments?|instalments?|transfer|paypal|crypto|bitcoin|cash|nakit|iban|visa|mastercard|amex|klarna|afterpay|clearpay|applepay|googlepay|papara|iyzico|bkm|troy)$/, 'payment'],
  // How to get there: the address and the map are what the owner wrote of it.
  [/^(otopark\w*|parking|park|metro\w*|otobus\w*|durag\w*|ulasim\w*|bus|subway|tram|tramvay\w*|directions?)$/, 'location'],
  // "Is the price negotiable?", "two of them, any discount?": offers, which the owner writes in the FAQ if anywhere.
  // Wholesale is a price for many, as the owner writes of offers.
  [/^(indirim\w*|kampanya\w*|pazarlik\w*|kupon\w*|toptan\w*|discounts?|negotiable|coupons?|promo\w*|deals?|wholesale\w*|bulk)$/, 'discounts'],
]

/** "Kart geçiyor mu?", "do you take cards?", "POS var mı?": paying by card, though a card alone may be a gift card. */
const CARD_PAYMENT = / (kart\w* (gec\w*|kabul\w*|cek\w*)|pos (var|cihaz\w*|makine\w*)|(take|accept|accepts|taking) (credit |debit |bank )?cards?|cards? (accepted|ok)) /

/** Whether paying is said in so many words ("kartla ödeme", "can I pay by card"), not only sounded like ("hediye kartı"). */
export function saysPaying(message: string): boolean {
  const list = words(message)
  return list.some((word) => TOPIC_WORDS.some(([pattern, topic]) => topic === 'payment' && pattern.test(word.key))) || CARD_PAYMENT.test(keyLine(list))
}

/** The one business topic the message's words name, if they name exactly one. */
export function topicOf(message: string): BusinessTopic | null {
  const list = words(message)
  const found = new Set(list.flatMap((word) => TOPIC_WORDS.filter(([pattern]) => pattern.test(word.key)).map(([, topic]) => topic)))
  if (CARD_PAYMENT.test(keyLine(list))) found.add('payment')
  return found.size === 1 ? [...found][0]! : null
}

const PERSON =
  / (yetkili\w*|temsilci\w*|insan\w*|kisi\w*|sahib\w*|canli|biri|birisi\w*|biriyle|kimse\w*|aramak|arayin|arar|arasin|ara|bot|mudur\w*|yonetici\w*|patron\w*|operator\w*|destek|hizmet\w*|person|people|someone|somebody|human|humans|agent|owner|manager|staff|representative|operator|support|service|call|live|bot) /

/** The classifier's least score for a kind to be taken; below it the message is read by its words alone. */
export const MIN_SCORE = 0.55
/** Words only the shop's hours are asked in (a product "çalışıyor" too). */
const SHOP_HOURS = / (acik\w*|kapali\w*|kapan\w*|acil\w*|kacta|kaca kadar|mesai\w*|bugun|yarin|hafta\w*|pazar\w*|cumartesi\w*|open|close\w*|hours) /
/** A case supposed, not one that happened: "what if", "in case", a Turkish conditional ("gelirse", "uymazsa", "olursa"; not Bursa). */
const WHAT_IF = / (what if|what happens if|in case|if it|if they|if the) | (?!bursa )\w{2,}(rs[ae]|zs[ae]|ys[ae]|ks[ae]) /
/** Whether the words suppose a case rather than tell one ("what if it arrives damaged?", "kırık gelirse"). */
export const supposesACase = (line: string): boolean => WHAT_IF.test(line)
/** Whether the business can be trusted. */
const TRUST = / (scam\w*|legit\w*|fraud\w*|trustworthy|trust you|trust this|guvenilir\w*|guvenebilir\w*|dolandirici\w*|dolandiricilik) /
/** An order placed by phone or e-mail: the way, not a thing. */
const BY_PHONE = / ((by|over the|on the|via|through|with a) (phone|telephone|call|email|e mail|mail)|telefon(la|dan|tan|da)|e ?posta( ile|yla)|mail( ile|le|den)|arayarak) /
/** "Anything for…", "bir şey … için": something wished for an occasion or a person. */
const WISH_FOR = / (anything|something) (nice |good |special )?for /
/** The same in Turkish, what it is for first: "mutfak için ne var?", "annem için neler var acaba". */
export const WISH_FOR_TR = /^ (.+) icin (ne|neler) (var|varmis|onerirsiniz|alabilirim|alsam) (acaba )?$/
/** A present asked for by what it should be: "the best gift to take home", "good souvenirs", "ne hediye alınır". */
const GIFT_ASKED = / ((best|good|nice|ideal|perfect|typical|traditional|popular|what|which|suggest\w*|recommend\w*) (\w+ ){0,2}(gifts?|presents?)|souvenirs?|hatira\w*|hediyelik esya\w*) (?!cards?|vouchers?|certificates?|wrap\w*|box\w*|bags?|paket\w*)/
/** How long a delivery takes, asked at the end: "how long does it take", "how long will it take to get here". */
const DELIVERY_TAKES = / how long (does|do|will|would) (it|they|delivery|shipping|the (order|delivery|package|parcel|shipping)) take( to (arrive|come|get (here|there|to me)|ship|deliver|be delivered))? $/
/** An order's number given: "sipariş no 12345", "order #48213", "sipariş numaram 778812", "my order number is 5521". */
const ORDER_NUMBER = / (siparis\w*|order) (no|numara\w*|number|num|nr)?( is| olan)? ?\d{4,} /
/** How long until it comes, asked the short way: "how long to get to Ankara", "how long till it arrives", "izmire ne kadar sürede ulaşır". */
const DELIVERY_HOW_LONG = / (how long (to|till|until|before|for) (it |they |my order |the order |the parcel |the package |delivery |shipping )?(get|gets|arrive\w*|reach\w*|deliver\w*|ship|ships|come|comes|be (delivered|shipped|here))|ne kadar (surede|zamanda) (gelir|gelirmi|gelmis olur|ulasir\w*|elime\w*|teslim\w*|kargo\w*|gonder\w*|yetis\w*)) /
/** A use of a product, said or asked ("kullanırım", "kullanılır mı", "use it", "wear them"). */
const USE_STATED = / (kullan(ir|il|ac|ab|iyor)\w*|kullanicam|use (it|them|this|that)|using (it|them)|wear (it|them|this|that)|giy(erim|ecegim|ecem|ilir\w*|ebilir\w*)) /
/** The readings a use is heard as: a search for the place or the activity, a wish, a stock question. */
const USED_AS = new Set(['None', 'search', 'ordering', 'stock', 'attribute', 'off_topic'])
/** The words a place is asked of around: "what about within Turkey", "and to Ankara". */
const PLACE_LEAD = /^(what|about|how|and|so|ok|okay|within|in|inside|to|for|ya|peki|hi|hello|thanks|thank|you)$/

const MONEY_BACK = / (param\w*|paraniz\w*|ucretim\w*) (\w+ ){0,2}geri|para iade\w*|geri odeme\w*|money back /
const SEND_BACK = / (send|ship|post|mail|return) (it|them|this|these|that|the \w+) back | geri (gonder|yolla)\w* /
const BY_A_DAY = / ((need|get|arrive|arrives|receive|have|deliver\w*|ship\w*|be here|be there) (it |them |this |that |my order )?(by|before)|(get|receive|have) (it|them|my order) (tomorrow|today|on)|arrives? (tomorrow|today|on)|yetis\w*|elimde olur\w*|elime (gecer|ulasir)\w*|ulasir mi|gelir mi) /
const WHERE_TO_BUY = / (nereden|nerden|where (can|do|could) (i|we)) (satin )?(al\w*|buy|purchase|order|get) /
const RETURNS_WORD = /^(return|returning|refund\w*|iade\w*)$/
/** Collecting an order at the shop. */
export const PICKUP = / (pick (it |them |this |that |my order )?up|collect (it |them |my order )?(from|in|at)|click and collect|(store|in store) pick ?up|magazadan (teslim|al\w*)|gelip (kendim |ben )?al\w*|elden teslim\w*|gel al) /
/** Whether there is somewhere to park ("otopark var mı", "park yeri", "can I park nearby"). */
/** Words asking whether the shop opens or is closed (on a day). */
const OPENS = /^(open|closed|acik\w*|kapali\w*)$/
/** Bank details asked for ("IBAN atar mısınız", "what's your account number"), to pay by transfer. */
export const BANK_DETAILS_ASKED = / (iban\w*|hesap (numara|no|bilgi)\w*|banka (hesab|bilgi)\w*|bank (details|account)|account (number|details)|sort code) /
export const PARKING = / (otopark\w*|park (yeri\w*|yer\w*|edebil\w*|etme\w*|edilir|ederim|edecek\w*|sorunu)|parking|(can|where) (i|we|you) park) /
const WEBSITE = / (web ?site\w*|websites?|internet site\w*|web sayfa\w*|siteniz\w*) /
const SAME_PRICE = / (fiyat\w*|ucret\w*) (\w+ )?(ayni|esit|farkli)| (ayni|esit) fiyat\w*| (same|different) price\w*| cost the same /
const PRICE_MATCH = / (price match\w*|match (the |a |their |your )?price\w*|beat (the |a |their )?price\w*|daha ucuzunu (buldum|gordum)|fiyat esitle\w*) /
const BANK_DETAILS = / (iban\w*|hesap (numara|no|bilgi)\w*|banka (hesab|bilgi)\w*|bank (details|account)|account (number|details)) /
const REACH = / (whatsapp\w*|instagram\w*|insta|facebook\w*|telegram\w*) (numara\w*|hatti\w*|hesab\w*|adres\w*|number|account|handle|page|sayfa\w*)|^ (whats|what is) (your|ur) (whatsapp|instagram|insta|facebook|number|phone|email|e mail) /

const RETURN_CUES =
  / (iade\w*|degis\w*|uymaz\w*|uymad\w*|olmaz\w*|olmad\w*|geri|begenme\w*|(kucuk|buyuk|dar|bol) geld\w*|return\w*|refund\w*|exchange\w*|fit|fits|money back|swap\w*|change my mind|too (small|big|large|tight|short|long)|send (it|them) back) /
/** Whether the words speak of a return: something bought that did not fit or is to go back ("M aldım ama olmadı"). */
export const saysReturn = (message: string) => RETURN_CUES.test(keyLine(words(message)))
/** The words of an offer a text holds, in either language ("toptan", "wholesale", "indirim"). */
export function offerWords(text: string): string[] {
  const offer = TOPIC_WORDS.find(([, topic]) => topic === 'discounts')![0]
  return [...new Set(words(`${text} ${translate(text)}`).map((word) => word.key).filter((key) => offer.test(key)))]
}
/** Whether the words speak of an offer: the classifier's next reading of "is there a fitting room?" is none. */
export const saysOffer = (message: string) => DISCOUNT_CUES.test(keyLine(words(message)))
const DISCOUNT_CUES =
  / (indirim\w*|kampanya\w*|kupon\w*|kod\w*|pazarlik\w*|firsat\w*|ucuz\w*|discount\w*|sales?|deals?|offers?|coupons?|promo\w*|codes?|negotiable|cheaper|off) /
// ("This is the worst shop", "it's so slow": what is said of something, no name.)
const GIVES_DETAILS = / (ben|benim|adim|ismim|isim|soyadim|numaram|telefonum|mailim|adresim|my (name|number|phone|email|e mail)|i am|im|(this is|it s|its)(?! (the|a|an|so|very|really|not|too|just|such|what|how|why|ridiculous|terrible|awful|unacceptable|bad|great|amazing) )) /
export const COMPARES = / (difference|differences|differ|fark|farki|farklari|compare|karsilastir\w*|vs|versus) /

/** The words that rank by price: the cheapest, the dearest, the most or least of something. */
/** "Is it cheaper for students?", "öğrencilere daha uygun mu?": a price for a group of people, an offer if anywhere. */
const GROUP_PRICE = / (cheaper|less|discount\w*|deal|daha ucuz\w*|daha uygun\w*|indirim\w*) (for |if (i m|im|you re|youre|we re|were) (a |an )?)?(students?|pensioners?|seniors?|teachers?|nurses?)|(ogrenci\w*|emekli\w*|ogretmen\w*) (icin )?(daha )?(ucuz\w*|uygun\w*|indirim\w*) /
/** A discount asked for: "indirim yapar mısınız", "indirim olur mu", "any discount", "can you give a discount". */
const DISCOUNT_ASKED = / ((indirim\w*|discount\w*) (yap\w*|olur\w*|olabilir\w*|var m\w*|ver\w*|uygula\w*|mumkun\w*|please|pls)|(any|a|get|give|got|do) discount\w*) /
const BARGAINS = new RegExp(
  ' (son fiyat\\w*|fiyat\\w* son m[iu]|son m[iu] (bu )?fiyat\\w*|en son ne olur|best price|final price|lowest (price )?you can (do|go)|can you do (any |a )?better|' +
    // "Better price?", "150 dolara olur mu?", "1000 tl'ye verir misiniz?": a price offered.
    '(better|lower|cheaper|good|special) price|pazarlik\\w*|\\d+ (tl|try|lira\\w*|dolar\\w*|usd|euro\\w*|avro\\w*|eur)( ye| ya| e| a)? (olur m[iu]|olmaz m[iu]|verir mi\\w*|verseniz|birak\\w*|yapar mi\\w*|yapsaniz)) ',
)
/** Whether the message bargains over a price ("son fiyat?", "150 dolara olur mu?"), not only asks for an offer. */
export const bargains = (message: string): boolean => BARGAINS.test(keyLine(words(message)))
/** Words that ask how to reach the shop, not for a thing. */
const CONTACT_CUES = / (numara\w*|numbers?|ulas\w*|reach|iletisim\w*|contact|e ?posta\w*|email|mail|adres\w*|ara\w*|call) /
/** Trying clothes on ("prova kabini var mı", "mağazada deneme yapabilir miyim", "can I try it on"): the owner's to say. */
const TRY_ON = / (try (it |them |this |that |things |these |those |something |stuff |clothes |(the |a |an )?\w+ (\w+ )?)?on|fitting rooms?|changing rooms?|deneyebilir\w*|denemek|deneme (kabin\w*|yapabil\w*|imkan\w*)|prova\w*|kabin\w*) /
/** Whether the words ask to try something on at the shop. */
export const asksToTryOn = (text: string): boolean => TRY_ON.test(keyLine(words(text)))
/** Saying one buys it. */
const BUYS = / (alacagim|aliyorum|alayim|aliriz|alacagiz|alalim) /
/** Help asked for with nothing said of what. */
const ASKS_HELP = /^ (hi |hello |merhaba |selam )?(i need |need |i want |can you |can u |could you |please )?help( me)?( please| pls| plz)? $|^ (merhaba |selam )?(bir )?yardim\w*( lazim| istiyorum| eder misiniz| edebilir misiniz| edin| edermisiniz| olur musunuz| olabilir misiniz| lutfen)? $/
/** Words that end a conversation or decline more. */
const CLOSES = / (yok|hayir|gerek|yeter|zaman|sefer\w*|time|no|nope|nothing|all|tesekkur\w*|sagol\w*|thanks|thank|thx|bye|gorusuruz|hoscakal\w*|iyi) /
/** The words that make a rank the most or the least of all. */
const SUPERLATIVE = / (en|most|least|cheapest|priciest|lowest|highest|best) /
const RANKS = / (en|ucuz\w*|uygun\w*|pahali\w*|dusuk\w*|yuksek\w*|hesapli\w*|ekonomik\w*|luks\w*|degerli\w*|cheap\w*|expensive|dear\w*|pric(ey|ier|iest)|lowest|highest|least|most|affordable|premium|top) /

/** Whom a present is for, said alone: "erkek için", "annem için", "for my dad". */
const PERSON_WORDS =
  '(erkek|erkekler|kadin|kadinlar|bayan|bayanlar|cocuk|cocuklar|cocugum|bebek|bebegim|genc|gencler|babam|annem|esim|kocam|karim|sevgilim|arkadasim|men|mens|women|womens|man|woman|kid|kids|child|children|boy|boys|girl|girls|him|her|dad|mom|mum|husband|wife|boyfriend|girlfriend|friend)'
/** The customer's own order, placed already, and its details ("fatura bilgilerim"). */
const OWN_ORDER = / (siparisim\w*|verdigim siparis\w*|siparis verdim|siparis vermistim|siparis verdikten sonra|my order\w*|the order i (made|placed)|i (just )?ordered|i placed an order|after (ordering|i ordered|placing (my|the|an) order)|(teslimat |kargo |gonderim )?adresim\w*|my (delivery |shipping )?address|siparisi|siparis iptal\w*|fatura (bilgilerim|adresim)\w*|my (billing|invoice) (details|address|info)) /
/** A change to it: cancelled, an item, the address, the size. */
const ORDER_CHANGE = / (iptal\w*|degistir\w*|degisiklik\w*|ekle\w*|cikar\w*|adres\w*|cancel\w*|change\w*|amend\w*|add|adding|remove|update|edit\w*|modify|wrong) /
/** An order that came ("beden küçük geldi", "it arrived"), or is to go back: an exchange or a return, the returns text's. */
const ARRIVED_OR_BACK = / (iade\w*|return\w*|refund\w*|send (it|them) back|geldi|gelen|teslim al\w*|arrived|received|came|fit|fits|olmadi|kucuk|buyuk|dar|bol) /

/**
 * "Dün verdiğim siparişi değiştirebilir miyim?", "can I cancel my order?", "I want to add something to my order": an
 * order already placed, to be changed, which the owner does (no text of theirs does it). One that came and is to be
 * exchanged or sent back is a return.
 */
export function changesOwnOrder(line: string): boolean {
  return OWN_ORDER.test(line) && ORDER_CHANGE.test(line) && !ARRIVED_OR_BACK.test(line)
}

/** Someone's liking told: "she likes", "my dad loves", "he's into". */
const LIKES = / (she|he|they|hes|shes|theyre|my \w+|wife|husband|gf|bf|girlfriend|boyfriend|mom|mum|dad|sister|brother|friend|someone who|somebody who) (really |also |just )?(likes?|loves?|is into|into|enjoys?|adores?|prefers?|is a fan of) /
/** What went wrong with something liked: "loves it but the clasp broke" is a complaint. */
const GONE_WRONG = / (but|ama|broke|broken|damaged|problem\w*|issue|wrong|return\w*|refund\w*|iade\w*|bozuk\w*|kirik\w*|kirildi) /

const FOR_PERSON = new RegExp(
  `^ (peki |ya |and |what about |how about )?(bir |a |an |my )?${PERSON_WORDS} (icin )?$|^ (peki |and |what about |how about )?for (a |an |my )?${PERSON_WORDS} $`,
)
/** An order, as a policy speaks of it ("siparişte", "orders", "sepet"). */
const ORDER_WORD = /^(siparis\w*|orders?|sepet\w*|alisveris\w*|basket|cart)$/
/** Buying, supposed: "alırsam", "alsak", "if I take". */
export const IF_BOUGHT = / (alsa\w*|alirsa\w*|if (i|we) (take|get|buy|order)) /
const SUM_ASKED = / ((ne|kac) eder|ne tutar\w*|toplam\w*|ne kadar|kac para|kaca|how much|total|come to|cost) /
const HOURS_NAMED = / (hours|opening hours|calisma saat\w*|mesai( saat\w*)?) /
const WANTS_ONE = / (id like|i would like|i want|i need|ill take|ill have|can i have|can i get|istiyorum|isterim|alacagim|alicam) /
const INFO_ASKED = / (bilgi (al|ver|ist|rica|ogren)\w*|(info|information|details) (on|about|regarding|of)) /
/** What sells most ("en çok satan", "best seller", "most popular"): no record says it, so the products as they are. */
export const POPULAR = / (en (cok|fazla) (satan|satilan|tercih edilen|begenilen|sevilen|alinan)\w*|cok satan\w*|best ?sell\w*|top sell\w*|most popular|popular|populer\w*|most (sold|bought|ordered|liked)) /
const POPULAR_WORD = /^(satan\w*|satilan\w*|tercih|edilen|begenilen|sevilen|alinan|best|sellers?|bestsellers?|selling|top|popular|populer\w*|sold|bought|ordered|liked|most|cok|fazla|en)$/
/** Whether the prices are current ("fiyatlar güncel mi", "are the prices on the site correct"), of no product named. */
export const PRICES_CURRENT = / (fiyat\w*|prices?|pricing) (\w+ ){0,6}(guncel\w*|dogru\w*|gecerli\w*|correct|up to date|current|accurate|right|valid|updated) /
const CURRENT_WORD = /^(fiyat\w*|prices?|pricing|guncel\w*|dogru\w*|gecerli\w*|correct|up|to|date|current|accurate|right|valid|updated)$/
/** A price gone up ("zam mı geldi", "why did the price go up"): what it is now is what can be said; why is the owner's. */
const PRICE_ROSE = / (zam|zamm\w*|zaml\w*|pahalan\w*|pahallan\w*|(price|prices) (\w+ ){0,2}(went|gone|go|going) up|(raised|increased|put up|hiked) (the |your |its )?prices?|prices? (increased|rose|risen|changed)|fiyat\w* (artti|artmis|artiyor|yukseldi|yukselmis|degisti|degismis)) /
/** A price the customer read elsewhere, to be checked: "the website says the lamp is 10 euros", "sitede 10 euro yazıyor". */
const QUOTED_AMOUNT = String.raw`\d+ (tl|lira\w*|try|usd|dolar\w*|dollars?|euros?|eur|avro\w*|gbp|pounds?)`
const PRICE_QUOTED = new RegExp(String.raw` ${QUOTED_AMOUNT} (\w+ ){0,3}(yaziyor\w*|gorunuyor\w*|idi|ydi|iken)| (says|said|shows|showed|listed|advertised|was|were) (\w+ ){0,5}${QUOTED_AMOUNT} `)
/** Where a price was read: "your website", "sitede", "instagramda", "ilanda". */
const ON_A_SITE = /^(your|ur|web|websites?|sites?|site\w+|online|instagram\w*|insta|facebook\w*|ilan\w*|trendyol\w*|hepsiburada\w*)$/
/** The website said to show another price: "the website says it is cheaper", "sitede farklı yazıyor". */
const SITE_SAYS = / (website|site|sitede\w*|sitenizde\w*|web sitesinde\w*|instagramda\w*) (\w+ ){0,4}(says|said|shows|showed|cheaper|ucuz\w*|farkli|different|baska|yaziyor\w*|goruyor\w*) /
/** Whether the words question a price: whether it is current, gone up, or as read elsewhere; what it is now answers. */
export const questionsAPrice = (line: string): boolean => PRICES_CURRENT.test(line) || PRICE_ROSE.test(line) || PRICE_QUOTED.test(line) || SITE_SAYS.test(line)
/** The words of questioning a price, besides the product and the amount. */
const QUESTIONING_WORD = /^(zam|zamm\w*|zaml\w*|fiyat\w*|pahal\w*|neden|niye|why|did|has|have|the|price|prices|its?|went|gone|go|going|up|raised|increased|put|hiked|rose|risen|changed|artti|artmis|artiyor|yukseldi|yukselmis|degisti|degismis|yaziyor\w*|gorunuyor\w*|idi|ydi|iken|says|said|shows|showed|listed|advertised|was|were|is|are|gecen|hafta|last|week|month|ay|before|onceden|eskiden|confirm|teyit\w*|dogru\w*|right|correct|can|you|that|this|mi|mu|geldi|gelmis|olmus|oldu)$/
/** Only what is in stock asked for ("stokta neler var", "which headphones are in stock"): the others are left out. */
export const IN_STOCK_ASKED = / (stokta (ne|neler|hangi\w*|olan\w*)|stoktaki\w*|(hangi\w*|which|what|whats|ne|neler) (\w+ ){0,3}(stokta|in stock|available)) /
/** New arrivals asked for ("yeni gelenler", "what's new this week"): the catalogue, newest first. */
/** The words of a question about new arrivals, which name no product. */
const NEW_WORDS = /^(yeni|gelen\w*|eklenen\w*|sezon\w*|son|new|arrivals?|just|recently|newly|arrived|added|stuff|products?|items?|neler|ne|var|whats|what|anything|urun\w*)$/
export const NEW_ARRIVALS = / ((whats|what is|anything) new|new (arrivals?|in|stuff|products?|items?)|(just|recently|newly) (in|arrived|added)|yeni (gelen\w*|urun\w*|eklenen\w*|sezon\w*)|(neler|ne) yeni|yeni (ne|neler) var|son (gelen|eklenen)\w*) /
const WHOLE_CATALOGUE =
  /^ (hi |hello |merhaba |selam )?(can you |could you |please )?(show me everything|show me all (your |the )?(products|items|stuff)|(whats|what is|anything) new( this week| this month| today| in)?|new arrivals|(tum|butun) urun\w*( gorebilir miyim| gorebilir miyiz| neler| nedir| var mi)?|urunlerinizin (hepsi\w*|tamami\w*)( gorebilir miyim)?|urunleriniz\w* (gorebilir (miyim|miyiz)|gosterir misiniz|gosterebilir misiniz)|(can|could|may) (i|we) see (your |all your |all the |the )?(products|items|stuff|catalog\w*)|yeni (gelen\w*|urun\w*)( neler| var mi| nedir)?|(neler|ne) yeni) (please |lutfen )?$/
/** The catalogue named as a thing to be sent or seen ("katalog atar mısınız", "send me the catalogue", "fiyat listesi"). */
const CATALOGUE_WORD = /^(katalo[gk]\w*|catalog\w*|brochure|menu|pdf|liste\w*|list|pricelist|gorebilecegim\w*|bakabilecegim\w*|urunlerinizi|urunlerin\w*)$/
const WITHOUT_BOOKING =
  / (randevusuz|randevu almadan|randevu\w* (\w+ )?(sart|zorunlu|gerekli|gerekiyor|lazim|mecburi) (mi|mu)|without (an |a )?(appointment|booking)|no appointment|walk[ -]?ins?|drop[ -]?ins?|(do|would|will) (i|we) need (an |a )?(appointment|booking)|(do|would|will) (i|we) (need|have) to (book|(make|get) (an |a )?(appointment|booking))|(is|are) (an |a )?(appointments?|bookings?) (required|necessary|needed|a must)|(appointments?|bookings?) only) /
/** A price offered for a product: an amount (with its currency, or of three figures) and "verir misiniz", "do it for"… */
const AMOUNT = String.raw`(\d+ (tl|tlye|tlya|lira\w*|try|usd|dolar\w*|euros?|eur)|\d{3,}(e|a|ye|ya)?)`
const HAGGLES = new RegExp(
  String.raw` ${AMOUNT} (verir misiniz|verirmisiniz|verir misin|birakir\w*|birakabilir\w*|olmaz mi)|(can|could|would|will) (you|u|ya) do (it|them|this|that|the \w+) (for|at) (\d|(tl|usd|eur) )|(would|will) (you|u) take \d|pazarlik\w*`,
)
/** What kind of business it is: "bayan kuaförü müsünüz", "are you a men's barber?" (the hours, or the address, were given). */
const BUSINESS_KIND = / ((bayan|kadin|erkek|cocuk|unisex) )?(kuafor\w*|berber\w*|salon\w*|guzellik salon\w*) (mi|mu)(siniz|sunuz)|(are|r) (you|u) (a |an )?((womens|women s|ladies|mens|men s|kids|unisex) )?(salon|barbers?|barbershop|hairdressers?|hair salon) /
/** Whom the business serves, asked of no service: "sadece bayanlara mı hizmet veriyorsunuz", "do you do men too?", "unisex mi". */
const WHO_IS_SERVED = / (sadece (bayan|kadin|erkek|cocuk)\w* (mi|mu)|(bayan|kadin|erkek|cocuk)\w* (de )?(hizmet|kabul)\w*|(bayan|kadin|erkek|cocuk) musteri\w*|unisex (mi|misiniz|mi acaba)|(are|r) (you|u) unisex) | ((do|cut|serve|take) (you |u )?(men|mens|guys|women|ladies|kids|children|boys|girls)( too| as well| only)?|(men|women|ladies|kids|children) only) $/
export const asksWhoIsServed = (line: string): boolean => WHO_IS_SERVED.test(line)
/** "Nerelisiniz?", "where do you ship from?", "nereden alabilirim?": asked of the shop, of buying or of an order. */
const OF_THE_SHOP_OR_ORDER = / (you|your|u|siz|sizin|nerelisiniz|alabil\w*|alirim|alinir|bulabil\w*|satin\w*|buy|purchase|get|siparis\w*|kargo\w*|orders?|ship\w*|parcels?|packages?|gonder\w*|yolla\w*|delivery|teslimat\w*) /
/** Coming back into stock, in English: "restocked", "back in stock", "coming back" (the Turkish forms read as delivery). */
const RESTOCK = / (restock\w*|back in stock|in stock again|(?<!(i ll|ill|we ll|i will|we will|i|we) )(be|coming) back) /
const RESTOCK_WORDS = /^(restock\w*|back|in|stock|again|be|coming|soon|will|do|you|any|news|on|the|is|are)$/
/** Following a shipment: "takip numarası", "track my parcel", "tracking number". */
const TRACKING =
  / ((track|trace) (my |the |an |a |our )?(order|parcel|package|shipment|delivery)\w*|tracking (number|code|link|no|info\w*|id)|where (can|do) i track|takip (no|numara\w*|kodu\w*|linki?\w*)|kargo\w* (takip|kodu\w*|numara\w*)|(kargo\w*|siparis\w*|gonderi\w*|paket\w*) (\w+ )?takip (edebil|ede|etmek|eder)\w*|gonderi (kodu|numara\w*)) /
/** Goods sold for less: "sale items", "on sale", "indirimli ürünler", "kampanyalı". */
const SALE_GOODS = / (sale|sales|clearance|discounted|reduced|indirimli\w*|kampanyali\w*|outlet) /
/** One of several picked by what it is like: "linen olan", "kırmızı olanı", "the red one". */
const ONE_PICKED = / (olan|olani|olanin|one) /
/** The price asked, in so many words. */
const PRICE_ASKED = / (ne kadar|kac para|kaca|kac lira|(ne|kac) eder|fiyat\w*|how much|price|cost|costs) /
const ONE_PICKED_WORDS = /^(olan|olani|olanin|the|one|ne|kadar|kac|para|kaca|lira|fiyat\w*|how|much|price|cost|costs|is|of|whats|what)$/
/** "Kaç kişi çalışıyor?", "how many stylists do you have?": the people of the business, which no field holds. */
const STAFF =
  / kac (kisi (calis\w*|var|bakiyor\w*)|kisiyle calis\w*|kisisiniz|calisan\w*|personel\w*|eleman\w*|kuafor\w*|berber\w*|usta\w*)|how many (staff|people|employees|stylists|hairdressers|barbers|workers|members of staff)( \w+)* (work|working|do you have|are there|have you got)|how many (staff|employees|stylists|hairdressers|barbers|workers) /
/**
 * "İptal koşullarınız neler?", "what's your cancellation policy?", "geç kalırsam ne olur?": a rule of the business for
 * cancelling or coming late, the FAQ's or the owner's ("10 dakika geç kalacağım" tells the owner, and goes to a person).
 */
/** A name given outright: "my surname is …", "soyadım …", "adım …". */
const NAME_GIVEN = /^ (my (sur|last|first|full|family) ?name (is|s) |(soyadim|soyismim|adim|ismim) \S)/
/** "What should I bring?", "yanımda ne getirmeliyim?": what to come with, the owner's to say (no product wished for). */
const WHAT_TO_BRING = / (what (should|do|must|shall) (i|we) bring|what to bring|ne getir\w*|neler getir\w*|yanima ne al\w*) /
const CANCELLATION_RULES = / (iptal (politika|kosul|sart|kural)\w*|cancel\w* (policy|policies|terms|rules)|gec kalirsam|gec kalirsak|gec kalinirsa|gec kalan\w*|if (i m|im|i am|we re|were) late|late (policy|arrivals?)) /
/** The customer will be late: "geç kalacağım", "biraz gecikeceğim", "I'm running late", "I'll be 10 minutes late". */
/** A change made to a thing: "değiştirilebilir", "değişiyor mu", "değiştirebilir miyim", "change", "replace". */
const CHANGED = / (degis(ir|iyor|iyo|ebilir|ebiliyor)\w*|degistir\w*|change\w*|replace\w*|swap\w*) /
/** What the customer asks to exchange, in the first person ("değiştirebilir miyim", "değiştirmek istiyorum"). */
const EXCHANGE_MINE = / degistir(ebilir miyim|ebilir miyiz|mek istiyorum|mek istiyoruz|ebilir misiniz|ir misiniz|sem|sek) /
/** A part of a product that may be replaced on its own: a strap, a battery, a lens. */
const PART = /^(kayis\w*|kordon\w*|pil|pili|pilleri|batarya\w*|cam|cami|camlari|lens\w*|ekran\w*|fermuar\w*|ucu|uclari|strap\w*|band|bands|battery|batteries|glass|screen|lenses|zip|zipper|tip|tips|cable|kablo\w*)$/

/** Displeasure in so many words ("berbat", "rezalet", "worst", "rude", "hayal kırıklığı"). */
const DISPLEASED =
  / (berbat\w*|rezalet\w*|worst|terrible|awful|horrible|rude|kaba|kabasiniz|kabaydi\w*|kabalik\w*|hayal kirikli\w*|disappoint\w*|unacceptable|ridiculous|saygisiz\w*|never (order|shop|buy)\w* (from|here|with|again)|(asla|bir daha) (sizden )?alisveris yapma\w*) /

/** Praise of the shop or all it sells. */
const PRAISE =
  / ((love|loved|like|adore) (your|this|the) (shop|store|products|page|site|stuff)|(best|great|amazing|lovely|nice|beautiful|wonderful) (shop|store|products)|(harika|super|cok guzel|muhtesem|mukemmel|sahane) (bir )?(magaza\w*|dukkan\w*|sayfa\w*|urunler\w*)|(magazaniz|dukkaniniz|urunleriniz|urunler|sayfaniz) (cok |gercekten )?(guzel|harika|super|muhtesem|mukemmel|sahane)\w*|(magazanizi|dukkaninizi|urunlerinizi|urunleri) (cok )?(sevdim|begendim|bayildim)) /

const RUNNING_LATE = / (gec kalacag\w*|gec kaliyorum|gec kalicam|gecikecegi\w*|gecikiyorum|running late|(ill|i ll|i will|we ll|well|we will) be (\w+ ){0,3}late|im late|i m late|stuck in traffic|trafikteyim|trafige takildim) /
/** "Randevusuz gelebilir miyim?", "walk-ins ok?", "randevu şart mı?": coming without an appointment, which asks for none. */
export const comesWithoutBooking = (message: string) => WITHOUT_BOOKING.test(keyLine(words(message)))
const PRICE_LIST = / (fiyat listesi\w*|fiyat listeniz\w*|ucret listesi\w*|price list|pricelist|fiyatlariniz|ucretleriniz|your prices|how much is everything|how much are things|what are the prices|what do you charge(?= $)|ne kadar aliyorsunuz|fiyatlar nasil|fiyatlar ne kadar) /
/** "Fiyat listesi?", "price list?": the catalogue's prices, or a salon's services (services.ts). */
export const asksPriceList = (message: string) => PRICE_LIST.test(keyLine(words(message)))
// Not "resmi": "resmi fatura" is an official invoice.
const ON_SALE = / satista /

const ASKS_TO_ASK =
  /^ (merhaba |merhabalar |selam |selamlar |iyi gunler |iyi aksamlar |hi |hello )*(ben |size )?(bilgi|bilgi lutfen|info|information|bilgi (alabilir miyim|almak istiyorum|almak istiyordum|rica ediyorum|verir misiniz|verebilir misiniz)|bir (sey|sorum var|sorum olacakti|sorum olacak|sey sorabilir miyim|soru sorabilir miyim|sey (soracaktim|sorucaktim|soracagim|sormak istiyordum))|soru sorabilir miyim|sorum var|sorum olacakti|i have a question|can i ask (you )?(something|a question)|quick question) $/

/** "Do you speak English?", "Türkçe biliyor musunuz?": answered in the language asked, with what can be asked. */
const ASKS_LANGUAGE = / (do|can) you (speak|understand|write) (english|turkish)|(english|ingilizce|turkce) (please|lutfen|biliyor\w*|konusuyor\w*|konusabilir\w*|yazabilir\w*|anliyor\w*) /

/** What the profile has no field for: invoices, whether the goods are genuine. */
const NO_FIELD = /^(fatura\w*|e-?fatura\w*|invoices?|receipts?|orijinal\w*|orjinal\w*|original|originals|authentic|genuine|sahte|fake)$/
/** The rest of such a question: the shop's goods, and asking for the paper ("kesiyor musunuz", "do you give", "faturalı mı gönderiyorsunuz", "does an invoice come with the order"). */
const ASKED_OF_THE_SHOP = /^(urun\w*|products?|items?|goods|your|sizin|siz|kesiyor\w*|kesilir|kesebilir\w*|veriyor\w*|give|issue|provide|gonder\w*|geliyor\w*|gelir|yapiyor\w*|ile|birlikte|siparis\w*|send|sent|ship|ships|come|comes|with|orders?|includes?|included)$/
/** Wrapping as a present ("hediye paketi", "gift wrap"): a service of the shop, which no field of the profile holds. */
const GIFT_WRAP = / (hediye (paket\w*|ambalaj\w*|notu\w*|mesaj\w*)|not kart\w*|gift ?wrap\w*|giftwrap\w*|wrap (it|them|this) (up )?(as a gift|for a gift)|gift (message|note)s?) /
/** The VAT, and whether a price holds it: one rule of the shop for every price, whichever product it is asked of. */
const VAT = /^(kdv\w*|vat|tax|taxes)$/
/** Words of what a price holds or leaves out: "dahil", "hariç", "including", "extra". */
export const INCLUDED = /^(dahil\w*|haric\w*|included|including|includes?|inclusive|exclusive|excluding|incl|inc|excl|ekleniyor|eklenir|ayrica|extra|plus)$/

/** Whether a text speaks of the VAT: "KDV dahil mi?" asked, or "Fiyatlarımıza KDV dahildir" written by the owner. */
export const mentionsVat = (text: string) => words(text).some((word) => VAT.test(word.key))

const CANCELLATION_FEE = / (iptal\w*|cancel\w*|gec kal\w*|late|no shows?) (\w+ )?(ucret\w*|fee|fees|charge|charges|bedel\w*|kesinti\w*|para) | (ucret\w*|fee|fees|charge|charges) (\w+ ){0,2}(iptal\w*|cancel\w*|late|no shows?) /
/** A fee for cancelling or coming late ("iptal ücreti var mı", "is there a fee if I cancel"): a rule of the business no field holds. */
export const asksCancellationFee = (message: string): boolean => CANCELLATION_FEE.test(keyLine(words(message)))

/**
 * "Fatura kesiyor musunuz?", "fiyatlara KDV dahil mi?", "ürünleriniz el yapımı mı?", "are all your products vegan?",
 * "hediye paketi yapıyor musunuz?": asked of the shop and all it sells, which no field of the profile and no one product answers.
 */
export function asksOfTheShop(message: string): boolean {
  // "Hello! Are your products handmade?": the greeting it opens with is not the question.
  const all = words(message)
  const list = all.slice(Math.max(all.findIndex((word) => !opens(word.key)), 0))
  if (asksCancellationFee(message) || GIFT_WRAP.test(keyLine(list)) || TRY_ON.test(keyLine(list))) return true
  if (mentionsVat(message) && (list.some((word) => INCLUDED.test(word.key)) || productTerm(list.filter((word) => !VAT.test(word.key))) === '')) return true
  if (list.some((word) => NO_FIELD.test(word.key)) && productTerm(list.filter((word) => !NO_FIELD.test(word.key) && !ASKED_OF_THE_SHOP.test(word.key))) === '') return true
  // Whether they are so, not whether the customer may see them ("tüm ürünleri görebilir miyim" lists them).
  // ("Ürünler elle mi yapılıyor?": the question's "mi" may stand before the verb, and "ürünler" opening it are all of them.)
  const ofThem = /^m[iu](d[iu]r)?$/.test(list.at(-1)?.key ?? '') || /^m[iu]$/.test(list.at(-2)?.key ?? '') || /^ (are|do|is|does) /.test(keyLine(list))
  return ofThem && yesOrNo(list.map((word) => word.text).join(' ')) && !EXISTENCE.test(keyLine(list)) && !/ stok\w* /.test(keyLine(list)) && /^ urunler | (urunleriniz\w*|urunlerin hepsi|tum urunler\w*|your (products|items|things)|all (the |of the )?(products|items)) /.test(keyLine(list))
}

/** "Hangi ürünler", "which of your products", "anything with": asking of them all which are so. */
const WHICH_PRODUCTS = / (hangi urun\w*|which (of (your|the) )?(products|items|ones)( are| is| have)?|(anything|something|any (products|items))( with| that is| that are| that has| thats)?) /

/** "Bir de", "ayrıca", "also": a question added to what was asked. */
const ALSO = /^\s*(?:bir de|ayrıca|ayrica|peki bir de|also|and also|plus)\b[\s,:-]*/iu
/** The message without an apology or a leave to ask before its question, when a question of two words or more follows. */
export function withoutExcuse(message: string): string {
  const excused = EXCUSED.exec(message)
  return excused && words(message.slice(excused[0].length)).length >= 2 ? message.slice(excused[0].length) : message
}
/** An apology or a leave to ask before the question: "sorry to bother you but", "excuse me,", "kusura bakmayın ama". */
const EXCUSED = /^\s*(?:(?:so\s+)?sorry to (?:bother|trouble|disturb) you(?: but)?|sorry,? but|excuse me|pardon(?: me)?|quick question|kusura bakmay[ıi]n(?:\s+ama)?|rahats[ıi]z ediyorum(?:\s+ama)?|affedersiniz|bir sorum (?:olacakt[ıi]|var))\b[\s,:.!-]*/iu

/** A name given before the message ("merhaba, ben Ayşe,", "hi, I'm Tom."), ended by a comma or a full stop. */
const INTRODUCTION = /^\s*(?:(?:merhaba|merhabalar|selam|iyi günler|hi|hello|hey)[\s,!.]+)?(?:ben|benim adım|adım|i'm|i am|im|my name is|this is)\s+\p{L}+(?:\s+\p{L}+)?\s*[,.]\s*/iu

/** "Are you a bot?", "sen kimsin?": who answers. (Asking for a real person is a handoff, read before the responder.) */
const ASKS_WHO = [
  / (are|r) (you|u) (a |an )?(bot|robot|ai|chatbot|machine|computer|program) /,
  / (is this|am i (talking|speaking|chatting) (to|with)) (a |an )?(bot|robot|ai|chatbot|machine|computer|program) /,
  / who (are you|am i (talking|speaking|chatting) (to|with)) /,
  / (bot|robot|chatbot|yapay zeka|makine|program) (mu|mi|musun|misin|musunuz|misiniz|mudur|midir) /,
  / (botla|robotla|yapay zekayla|makineyle) mi /,
  / (sen|siz) kimsin\w* /,
  / kim(inle|le) (konusuyorum|yaziyorum|yazisiyorum|gorusuyorum) /,
  / (are|r) (you|u) (real|human|a (real )?(person|human))( or (a )?(bot|robot|ai|machine))? $/,
  // ("Gerçek mi?" alone asks whether a product is genuine: "is it real", not "are you".)
  /^ ((sen|siz) (gercek|insan) (misin|misiniz|mi)\w*|(gercek|insan) (misin|misiniz)\w*|insan mi\w*|gercek (bir )?(kisi|insan) (misin|misiniz|mi|mi\w*)) /,
  / (gercek|insan) (biri|birisi|bir insan)\w* (mi|mu) (konusuyorum|yaziyorum|yazisiyorum) | am i (talking|speaking|chatting) (to|with) (a )?(real )?(person|human) /,
]

/** The questions that may follow a leading "tamam": what a customer asks next, not what the classifier guesses from a short rest. */
const ANSWERED_AFTER_LEADERS = new Set([
  'ordering', 'price', 'stock', 'link', 'hours', 'shipping', 'delivery_time', 'returns', 'payment', 'location', 'contact', 'human', 'booking',
  'cheapest', 'priciest', 'budget', 'recommend', 'list',
])

const PRODUCT_KINDS = new Set(['price', 'stock', 'link', 'list'])
/** Words asking for products, not for a property of one: "anything", "bir şey", "ürünleriniz", "ne var". */
const WANTS_PRODUCTS = / (anything|something|any|products?|items?|stuff|things?|bisey|birsey|sey|seyler|urun\w*|neler|ne var\w*|what (do|have) (you|u|ya) (have|got|sell)|what have (you|u) got) /
const BUSINESS_KINDS = new Set(['location', 'contact', 'shipping', 'delivery_time', 'returns', 'payment', 'discounts', 'human', 'complaint', 'booking', 'personal_info'])
const COURTESY_KINDS = new Set(['greeting', 'thanks', 'goodbye', 'ack'])

/** An intent, with the classifier's other readings of the message, best first, for when the first finds nothing. */
export type Understood = Intent & {
  alternatives: readonly Classification[]
  /** How many of the message's words the corpus never uses: product names, mostly. */
  unknownWords: number
}

/** A purchase or a liking told in the first person ("aldım", "beğendim", "I bought", "loved", "happy with"). */
const TOLD_TR = /^(?!(yardim|uretim|egitim)$)\w{2,}(d|t)(im|um)$/
const TOLD_EN = /^(bought|ordered|purchased|got|loved|liked|received|tried|love|happy|pleased|satisfied|saw)$/
/** Where an English question starts after what was told: "I ordered a dress, do you have a matching belt?". */
const ASKS_FROM = /^(do|does|have|has|is|are|can|could|any|how|what|which)$/
const PRODUCT_QUESTIONS = new Set(['search', 'stock', 'price', 'link'])

/**
 * "Geçen hafta bir çanta aldım, çok beğendim; bir de cüzdan var mı?": the story of an earlier purchase is not the
 * question, the product asked after it is; so after one that went wrong ("cüzdan aldım beğenmedim, çanta var mı?").
 * The product question after the story, read, or null when the message tells nothing or asks no product after it.
 */
export async function askedAfterStory(message: string, classifier: Classifier): Promise<{ text: string; understood: Understood } | null> {
  const text = toldBefore(words(message))
  if (text === null) return null
  const understood = await understand(text, classifier)
  // ("Ödeme yaptım kaç günde gelir": when it comes, after the payment told.)
  return (PRODUCT_QUESTIONS.has(understood.kind) && 'term' in understood && understood.term !== '') || understood.kind === 'delivery_time' ? { text, understood } : null
}

/** What the message asks after the last thing the customer tells they did ("... loved it, do you have wallets?"). */
function toldBefore(list: readonly Word[]): string | null {
  const at = list.findLastIndex((word) => TOLD_TR.test(word.key) || TOLD_EN.test(word.key))
  if (at < 0) return null
  // Turkish puts what was bought before the verb, so the question follows it; English puts it after.
  const from = TOLD_EN.test(list[at]!.key) ? list.findIndex((word, i) => i > at && ASKS_FROM.test(word.key)) : at + 1
  if (from < 0 || from >= list.length) return null
  return list
    .slice(from)
    .map((word) => word.text)
    .join(' ')
}

/** When one may come to the shop ("saat kaçta gelebilirim", "what time can I come by"). */
const COME_WHEN = / ((saat )?kacta|ne zaman) (gelebilir(im|iz)|gelsem|gelsek|geleyim|ugrayabilir(im|iz)|ugrasam|ugrayayim)|what time (can|should|could|do) (i|we) (come|stop by|drop by|pop in|visit|come in|come by|come over) /
/** A phone, tablet or computer by its maker or model ("iPhone 15", "Galaxy", "Redmi"). */
const DEVICE_MODEL = / (iphone\w*|samsung\w*|galaxy|xiaomi|redmi|huawei|ipad\w*|macbook\w*|pixel|oppo|airpods?) /
/** Whom a message is said to, as its first word ("abla", "hocam", "kanka"). */
const VOCATIVE = /^(abla|abi|ablacim|abicim|hocam|hocacim|kanka|kankam|kanki|kardesim|reis|dostum|bro|mate)$/
const TRAILING_PARTICLE = /^(ya|yaa|yahu|be|ki|abi|abla|hocam)$/
const SURPRISE = /^(gercekten|hic|cidden|really|seriously)$/
const COMES_TO_ALONE = /^ (peki |tamam |ok |bu |bunlar |o )*(kac|ne)( kadar)? eder $/
const PRICED = / (kac|fiyat\w*|ne kadar|stok\w*|indirim\w*|how much|price\w*|cost\w*|stock|discount\w*) /
const NONE_LEFT = /^ (stokta )?(yok|kalmadi|bitti|tukendi|tukenmis) m[iu] $|^ (no|none|out of) stock( left)? $/

/** The question a message asks, read with the classifier. */
export async function understand(message: string, classifier: Classifier): Promise<Understood> {
  const list = words(message)
  // "👍", "🙏", "?": no words. A sign of agreement or thanks is taken as one; anything else is an opening to answer.
  if (list.length === 0) return { kind: /\p{Extended_Pictographic}/u.test(message) ? 'ack' : 'greeting', alternatives: [], unknownWords: 0 }
  const line = keyLine(list)
  if (INJECTION.some((pattern) => pattern.test(line))) return { kind: 'injection', alternatives: [], unknownWords: 0 }
  // "0532 123 45 67" alone: the customer's number, given.
  if (/^\s*\+?\d[\d\s().-]{8,}\d\s*$/.test(message)) return { kind: 'personal_info', alternatives: [], unknownWords: 0 }
  const opening = list.findIndex((word) => !opens(word.key))
  if (opening === -1) return { kind: 'greeting', alternatives: [], unknownWords: 0 }
  // ("Yarın?" alone is no "see you tomorrow".)
  const courtesy = list.every((word) => DAY_WORD.test(word.key)) ? null : courtesyOnly(list)
  if (courtesy) return { kind: courtesy, alternatives: [], unknownWords: 0 }
  // "S.a.": the Turkish greeting, abbreviated.
  if (callsOnly(list) || /^\s*s\.\s*a\.?\s*$/i.test(message)) return { kind: 'greeting', alternatives: [], unknownWords: 0 }
  if (ASKS_WHO.some((pattern) => pattern.test(line))) return { kind: 'identity', alternatives: [], unknownWords: 0 }
  // "Bilgi alabilir miyim?", "I have a question": asking to ask is answered with what can be asked.
  if (ASKS_TO_ASK.test(line) || ASKS_LANGUAGE.test(line)) return { kind: 'greeting', alternatives: [], unknownWords: 0 }
  // "Fatura kesiyor musunuz?", "ürünleriniz orijinal mi?": what no field of the profile holds, asked of no product, is
  // the FAQ's or the owner's to answer, never the nearest topic the network guesses (the hours, the discounts).
  if (asksOfTheShop(message)) return { kind: 'unknown', alternatives: [], unknownWords: 0 }
  // "Randevusuz gelebilir miyim?", "walk-ins ok?": whether one may come without booking, the FAQ's or the owner's to say;
  // so is what kind of business it is, and whom it serves.
  if (WITHOUT_BOOKING.test(line) || BUSINESS_KIND.test(line) || asksWhoIsServed(line)) return { kind: 'unknown', alternatives: [], unknownWords: 0 }
  // "Kaç kişi çalışıyor?", "how many staff do you have?": not the hours ("çalışıyor"), not a product; the owner's to say.
  // So are the rules for cancelling ("iptal koşullarınız", "what's your cancellation policy"), and what to bring.
  if (STAFF.test(line) || CANCELLATION_RULES.test(line) || WHAT_TO_BRING.test(line)) return { kind: 'unknown', alternatives: [], unknownWords: 0 }
  // "Are you on facebook?", "tiktok hesabınız": an account elsewhere, asked of no product and no price, is how to reach the
  // shop, never the hours "are you on" sounds like ("instagramda gördüm bu çantayı" asks for the bag).
  // "Facebook sayfanızdaki lokum kaç para?": where it was seen is no part of the question about it.
  const unseen = withoutWhereSeen(list)
  if (unseen.length < list.length && productTerm(unseen) !== '') return understand(unseen.map((word) => word.text).join(' '), classifier)
  // "Mağaza saatleri", "dükkanın saatleri": the shop's hours, however much "saat" is a watch or an appointment's time.
  if (/ (magaza\w*|dukkan\w*|store|shop|shops) (calisma |acilis |kapanis )?saat\w* /.test(line)) return { kind: 'hours', day: dayOf(list), asks: hoursAsks(line), alternatives: [], unknownWords: 0 }
  // "Fiyatlar güncel mi?": the prices given here are the catalogue's now, whatever the network makes of "güncel".
  // ("Kulaklık fiyatı güncel mi?": the headphones' price, now.)
  if (PRICES_CURRENT.test(line)) return { kind: 'price', term: productTerm(withoutWebsite(list).filter((word) => !CURRENT_WORD.test(word.key))), alternatives: [], unknownWords: 0 }
  // "Kulaklığa zam mı geldi?", "the website says the lamp is 10 euros": the price now, of the product named, is the answer
  // (never a budget of the amount quoted, nor the shop's contact details for "website").
  if (questionsAPrice(line)) {
    const named = withoutWebsite(list).filter((word) => !QUESTIONING_WORD.test(word.key) && !/^\d/.test(word.key) && currencyOf(word.key) === null && !ON_A_SITE.test(word.key))
    return { kind: 'price', term: productTerm(named), alternatives: [], unknownWords: 0 }
  }
  // "Is everything on your website in stock?", "sitedeki çanta kaç para": the website is where it is listed, not the
  // shop's details asked for.
  const offSite = withoutWebsite(list)
  if (offSite.length < list.length && offSite.length >= 2) return understand(offSite.map((word) => word.text).join(' '), classifier)
  if (accountAsked(message) && list.length <= 6 && thingWords(message).length === 0 && !PRICED.test(line)) return { kind: 'contact', alternatives: [], unknownWords: 0 }
  // "My surname is Hardy", "soyadım Demir": the customer's own details, however sorry the network heard the name.
  if (NAME_GIVEN.test(line)) return { kind: 'personal_info', alternatives: [], unknownWords: 0 }
  // "The worst shop ever", "bana çok kaba davrandınız": displeasure with the shop, naming no product, is a complaint (never
  // thanked, never a search for its words).
  if (DISPLEASED.test(line) && thingWords(message).length === 0 && !asksWhetherSo(message)) return { kind: 'complaint', alternatives: [], unknownWords: 0 }
  // "I love your shop", "ürünleriniz çok güzel": praise, asking nothing and naming nothing wanted, is thanked for; never
  // the address or every product.
  if (PRAISE.test(line) && !asksAQuestion(message) && thingWords(message).length === 0) return { kind: 'praise', alternatives: [], unknownWords: 0 }
  // "10 dakika geç kalacağım", "I'm running late": news for the owner, passed to a person (never an order or the hours).
  if (RUNNING_LATE.test(line)) return { kind: 'human', alternatives: [], unknownWords: 0 }
  // "Saatin kayışı değiştirilebilir mi?", "can you change the watch strap?": a part of the product replaced is asked of
  // the product, whose record may say; "saati değiştirebilir miyim?", with no part, exchanges the product itself.
  if (CHANGED.test(line)) {
    const part = list.findIndex((word) => PART.test(word.key))
    const term = productTerm(list.filter((word, i) => i !== part && !CHANGED.test(` ${word.key} `)))
    if (part >= 0 && thingWords(term).length > 0) return { kind: 'attribute', attribute: null, term, alternatives: [], unknownWords: 0 }
    if (part < 0 && EXCHANGE_MINE.test(line) && thingWords(term).length > 0) return { kind: 'returns', alternatives: [], unknownWords: 0 }
  }
  // "Sorry to bother you but…", "kusura bakmayın,…": the apology before the question is not the question.
  const excused = withoutThanks(withoutExcuse(message))
  if (excused !== message) return understand(excused, classifier)
  // "Bir de iade süreniz ne kadar?", "also, do you ship abroad?": what is asked besides is asked.
  const also = ALSO.exec(message)
  if (also && words(message.slice(also[0].length)).length >= 2) return understand(message.slice(also[0].length), classifier)
  // "Merhaba, ben Ayşe. Elbiseyi değiştirmek istiyorum": the introduction is not the question.
  const introduced = INTRODUCTION.exec(message)
  if (introduced && words(message.slice(introduced[0].length)).length >= 2) return understand(message.slice(introduced[0].length), classifier)
  // "Abla merhaba, deri ceket kaç dolar?", "hocam kulaklık var mı": whom it is said to, first, is no one a present is for.
  if (list.length >= 3 && VOCATIVE.test(list[0]!.key) && !/^(icin|for)$/.test(list[1]!.key)) return understand(list.slice(1).map((word) => word.text).join(' '), classifier)
  // "Stokta yok mu ya?", "ne zaman gelir yahu": a particle of feeling at the end is no "what about…".
  if (list.length >= 3 && TRAILING_PARTICLE.test(list.at(-1)!.key)) return understand(list.slice(0, -1).map((word) => word.text).join(' '), classifier)
  // "Gerçekten yok mu?", "hiç kalmadı mı?": surprise at the answer asks it again.
  if (list.length >= 3 && SURPRISE.test(list[0]!.key)) return understand(list.slice(1).map((word) => word.text).join(' '), classifier)
  // "Yok mu?", "no stock?": a question, never the "no, thanks" of a goodbye.
  if (NONE_LEFT.test(line)) return { kind: 'stock', term: '', alternatives: [], unknownWords: 0 }
  // "Kaç eder?", "bu ne eder": what the one discussed comes to, never the sums the corpus keeps off topic ("iki artı iki").
  if (COMES_TO_ALONE.test(line)) return { kind: 'price', term: '', alternatives: [], unknownWords: 0 }
  let classified: Classification = await classifier.classify(message)
  // "Slm, kargo kaç gün sürüyor?": the greeting is not the question.
  if (opening > 0 && list.length - opening >= 2 && (classified.intent === 'greeting' || classified.score < MIN_SCORE)) {
    classified = await classifier.classify(list.slice(opening).map((word) => word.text).join(' '))
  }
  // "Tamam, nasıl alırım?": the question after the acknowledgement is what is asked.
  const leading = list.findIndex((word) => !LEADERS.has(word.key) && !opens(word.key))
  if (leading > 0 && (classified.intent === 'ack' || classified.score < MIN_SCORE)) {
    const rest = await classifier.classify(list.slice(leading).map((word) => word.text).join(' '))
    const parting = rest.score >= MIN_SCORE && (rest.intent === 'goodbye' || rest.intent === 'thanks')
    // A sure "okay" gives way only to a surer question; a message the classifier could not place, to any it can.
    const enough = classified.intent === 'ack' ? 0.8 : MIN_SCORE
    if (parting || (list.length - leading >= 2 && rest.score >= enough && ANSWERED_AFTER_LEADERS.has(rest.intent))) classified = rest
    // "Ok, the price in dollars?", "peki bunun rengi ne": a question after the okay, put as one, is read as if said alone.
    else if (classified.intent === 'ack' && list.length - leading >= 2 && asksAQuestion(message)) return understand(list.slice(leading).map((word) => word.text).join(' '), classifier)
  }
  let label = classified.score >= MIN_SCORE ? classified.intent : 'None'
  // "Pazar günleri?", "hafta sonu", "yarın?": a day named alone asks its hours, however the network heard it (a goodbye).
  if (namesOnlyADay(message) && list.length <= 3 && label !== 'hours' && label !== 'booking') label = 'hours'
  // Courtesy is made of courtesy words: "ya kablolu olan?" is no "okay" however sure the network is of its one known word.
  if (COURTESY_KINDS.has(label) && (classified.unknown ?? 0) > 0 && productTerm(list) !== '') label = 'None'
  // A parting too unsure to decide the message still counts as a reading when nothing else places it ("tamamdır sonra yazarım").
  const unsure = label === 'None' && (classified.intent === 'goodbye' || classified.intent === 'thanks') ? [{ intent: classified.intent, score: classified.score }] : []
  return { ...intentOf(label, message), alternatives: [...unsure, ...(classified.alternatives ?? [])], unknownWords: classified.unknown ?? 0 }
}

/** The intent a classifier label means for this message, with what the words say it is about. */
/** A time of day, "15:00" or "9.30": no product's name, though names hold numbers ("iPhone 15"). */
const CLOCK_TIME = /(?<![\d.,:])([01]?\d|2[0-3])[:.][0-5]\d(?![\d.,:])/g

export function intentOf(asked: string, message: string): Intent {
  const list = words(message.replace(CLOCK_TIME, ' '))
  const line = keyLine(list)
  // Handing the conversation to a person is asked for with a person in the words ("yetkili", "someone", "beni arayın"):
  // "değiştirmek istiyorum" wants an exchange, however much it sounds like "görüşmek istiyorum".
  // The customer's own details are given with them in the words: a number, an address, "adım", "ben Ali", "this is Anna".
  const gives = asked !== 'personal_info' || GIVES_DETAILS.test(line) || (message.match(/\d/g) ?? []).length >= 7 || /\S@\S+\.\S/.test(message)
  // A return is asked with a word of one ("can I bring my dog?" is none, however the network heard "bring").
  const returning = asked !== 'returns' || RETURN_CUES.test(line)
  const intent = (asked === 'human' && !PERSON.test(line)) || !gives || !returning ? 'None' : asked
  // "Kadife ceketten 10 tane", "30 of the mugs", "3 tişört": how many is asked, and names no product.
  // ("Price for 3?": a number alone priced is how many, of the product discussed; "46 var mı?", a size.) "For my mum",
  // "my mom's birthday": a person the present is for, never the candle "mum" is in Turkish.
  const whose = (i: number) => /^(my|our|his|her|for|to)$/.test(list[i - 1]?.key ?? '') && forWhom(list[i]!.key)
  const named = productTerm(list.filter((word, i) => !counting(list, i) && !(COUNT.test(word.key) && /^\d{1,4}$/.test(list[i - 1]?.key ?? '')) && !whose(i)))
  const term = intent === 'price' && /^\d{1,3}$/.test(named) ? '' : named
  // "Is there a pocket on the linen shirt?": a thing named and no word of an offer is asked of the thing, however much
  // "is there a … on" sounds like a discount on it.
  const offerSaid = saysOffer(message) || topicOf(message) === 'discounts' || BARGAINS.test(line) || GROUP_PRICE.test(line) || PRICE_MATCH.test(line)
  if (intent === 'discounts' && !offerSaid && thingWords(term).length > 0) return intentOf('None', message)
  // Amounts and quantities name no product: "500 TL altı", "2 tane alacağım", "2 şişe alsam".
  const termWithoutNumbers = productTerm(
    list.filter(
      (word, i) =>
        !/^\d/.test(word.key) &&
        !/^(tl|try|lira\w*|usd|dolar\w*|dollars?|eur|euro\w*|avro\w*|gbp|sterlin\w*)$/.test(word.key) &&
        !(i > 0 && /^\d/.test(list[i - 1]!.key) && UNITS.test(word.key)),
    ),
  )

  // "What about within Turkey, how long does it take?": the delivery's time, asked of a place at most, never a product
  // named by the place ("Türk Kahvesi") or a length.
  const holidayAlone = (besides = /^$/) =>
    HOLIDAY.test(line) && productTerm(list.filter((word) => !HOLIDAY.test(` ${word.key} `) && !/^(public|national|official|bank|resmi|milli|dini)$/.test(word.key) && !besides.test(word.key))) === ''
  // "Is your shop open on Christmas?": whether it opens that day, however much "shop" sounds like where it is.
  if (intent === 'location' && list.some((word) => OPENS.test(word.key)) && holidayAlone(OPENS)) return { kind: 'hours', day: { holiday: true }, asks: hoursAsks(line) }
  // "How much does the umbrella weigh?", "what does the mug hold?": a measure of it, however much "how much" sounds like its price.
  const measureVerb = / (how much|how many \w+|what) (does|do|did|will|would|can) (\w+ ){1,4}(weigh|hold|carry)$/.exec(line.trimEnd())
  if (measureVerb) {
    const attribute = attributeOf(list) ?? 'weight'
    return { kind: 'attribute', attribute, term: productTerm(list.filter((word) => !ATTRIBUTE_PATTERNS[attribute].test(word.key))) }
  }
  // "What bulb does it take?", "which batteries does the remote use?": a detail of the product, however much "take" sounds
  // like an order; "you" is the shop ("what cards do you take" is payment).
  const usesPart = / (what|which) (\w+ ){1,3}(does|do|will) (it|they|this|that|these|those|the (\w+ ){0,2}\w+) (take|use|need)$/.exec(line.trimEnd())
  if (usesPart) return { kind: 'attribute', attribute: attributeOf(words(usesPart[0])), term: productTerm(words(usesPart[4]!).filter((word) => !/^(it|they|this|that|these|those|the)$/.test(word.key))) }
  // "How many ml is the bottle?", "how many grams is the coffee?": a measure of it, however much "how many" sounds like stock.
  const unit = / how many (\w+) (is|are|does|do|in|of) /.exec(line)?.[1]
  const ofUnit = unit === undefined ? null : attributeOf(words(unit))
  if (ofUnit === 'dimensions' || ofUnit === 'weight') return { kind: 'attribute', attribute: ofUnit, term: productTerm(list.filter((word) => word.key !== unit)) }
  // "Can I preorder the keyboard?": an order of it, as "ön sipariş" is, never a detail of its record.
  if (/ (pre[ -]?order\w*) /.test(line)) return { kind: 'ordering', term: productTerm(list.filter((word) => !/^(pre|pre-?order\w*|orders?|ordering)$/.test(word.key))) }
  // "Havuz kenarında kullanırım", "I will use it at the beach": a use, of the product named or discussed, which its
  // record may speak of; never a search for the pool or the beach.
  if (USE_STATED.test(line) && USED_AS.has(intent)) return { kind: 'attribute', attribute: attributeOf(list), term: productTerm(list.filter((word) => thingWords(word.text).length > 0)) }
  // "Do they run small?", "kalıbı dar mı?": how it fits, of the product named or discussed; no size, no search for "small".
  if (FIT_ASKED.test(line)) return { kind: 'attribute', attribute: null, term: productTerm(list.filter((word) => !FIT_WORDS.test(word.key))) }
  const takes = DELIVERY_TAKES.exec(line)
  if (takes && words(line.slice(0, takes.index)).filter((word) => !PLACE_LEAD.test(word.key)).length <= 2) return { kind: 'delivery_time' }
  if (DELIVERY_HOW_LONG.test(line) && thingWords(message).length === 0) return { kind: 'delivery_time' }
  // "1 kg mı?", "is it 350 ml?", "250 gramlık mı": a measure asked whether so, of the one discussed: its weight or size as
  // its name or description gives it, never a clothing size or a product called "1 kilo".
  const measured = list.some((word, i) => /^\d/.test(word.key) && MEASURES.test(list[i + 1]?.key ?? ''))
  if (measured && asksWhetherSo(message) && thingWords(termWithoutNumbers).length === 0 && topicOf(message) === null) {
    const attribute = attributeOf(list.filter((word) => !/^\d/.test(word.key))) ?? 'weight'
    return { kind: 'attribute', attribute, term: '' }
  }

  // "Kulaklığı 500 TL'ye verir misiniz?", "can you do the mug for 10 euros?": a price offered is bargaining, which is the
  // owner's offers to answer (a budget, an order or a size were read).
  if (HAGGLES.test(line)) return { kind: 'discounts' }
  // An amount with a bound is a budget whatever else the words suggest, unless the question is about the business.
  // ("750 TL altı siparişte kargo ne kadar?" bounds the order a policy speaks of, naming nothing to buy: no budget.)
  const ofAPolicy = topicOf(message) !== null && thingWords(productTerm(words(termWithoutNumbers).filter((word) => topicOf(word.text) === null && !ORDER_WORD.test(word.key)))).length === 0
  if (!BUSINESS_KINDS.has(intent) && intent !== 'hours' && !ofAPolicy) {
    const budget = budgetOf(message, intent === 'budget' || intent === 'recommend')
    // "Not more than 40 euros": the bound's words name nothing either.
    if (budget) return { kind: 'budget', budget, term: productTerm(words(termWithoutNumbers).filter((word) => !/^(not|no)$/.test(word.key))) }
  }
  // "Dün verdiğim siparişi değiştirebilir miyim?", "can I add something to my order?": an order placed is changed by a
  // person, not by the returns text or the ordering text (sending it back is a return).
  if (changesOwnOrder(line)) return { kind: 'human' }
  // "Kargo ne zaman gelir, sipariş no 12345", "order #48213 where is it?": one order, which a person looks up; never the
  // shipping text of every order.
  if (ORDER_NUMBER.test(line) && topicOf(message) !== 'returns') return { kind: 'human' }
  // "Faturamı mailime atar mısınız?", "can you email me my invoice?": the customer's own papers, which a person sends.
  if (/ (faturami\w*|faturam|fisimi|fisim|makbuzumu|my (invoice|receipt|bill)s?) /.test(line) && / (at\w*|gonder\w*|ilet\w*|mail\w*|email\w*|send|resend|forward) /.test(line)) return { kind: 'human' }
  // "2 candles please", "kahveden 5 paket istiyorum": so many of a kind of thing, wanted, is an order however the network
  // heard it (off topic; shipping, for "paket").
  const manyWanted = quantityAsked(message) !== null && thingWords(termWithoutNumbers).length > 0
  // ("Can I get 40 t-shirts?" asks for them, though it reads as a yes-or-no question.)
  const asksFor = / can (i|we) (get|have|order|buy) /.test(line)
  if (manyWanted && (WANTS_ONE.test(line) || / (please|pls|plz|lutfen) /.test(line)) && (asksFor || !asksWhetherSo(message)) && ['off_topic', 'None', 'search', 'shipping', 'human'].includes(intent)) {
    return { kind: 'ordering', term: termWithoutNumbers }
  }
  // "How do I know this isn't a scam?", "güvenilir misiniz?": who the business is and how to reach it, never "I can't
  // help with that". (Of a product, "sahte mi?" asks whether it is genuine.)
  if (TRUST.test(line) && thingWords(message).length === 0 && !['human', 'complaint'].includes(intent)) return { kind: 'contact' }
  // "Can I get 10% off?", "%10 indirim yapar mısınız": a discount asked for, however little else the words say.
  if (new RegExp(`${PERCENT.source}\\s*(off|discount|indirim)`, 'i').test(asciiKey(message))) return { kind: 'discounts' }
  // "Hangi ürünler su geçirmez?", "which of your products are handmade?", "anything with uv protection?": a property asked
  // of all products, those whose records say so (however much "hangi" sounds like "hangi kargo"), never of the one
  // just discussed.
  const which = WHICH_PRODUCTS.exec(line)
  const property = which ? productTerm(list.slice(words(line.slice(0, which.index + which[0].length)).length)) : ''
  if (property !== '' && onlyProperties(property)) return { kind: 'list', term: property }
  // "Do you accept returns on sale items?", "indirimli ürünler iade edilir mi?": a return of goods of a kind of sale, the
  // returns text's to say ("sale" is no "Şal").
  if (/ (return\w*|refund\w*|exchange\w*|iade\w*) /.test(line) && SALE_GOODS.test(line)) return { kind: 'returns' }
  // "What do you charge for the mug?": its price ("charge" names nothing), however the network heard "what … for".
  const charged = / (what|how much) (do|would|will) (you|u|ya) charge for (.+) $/.exec(line)
  if (charged && !BUSINESS_KINDS.has(intent)) {
    const of = productTerm(words(charged[4]!))
    if (thingWords(of).length > 0) return { kind: 'price', term: of }
  }
  // "Linen olan ne kadar?", "the red one, how much?": the price of the one of those shown that the words pick, not its
  // material or colour.
  const describing = (key: string) => COLOUR_NAMES.test(key) || ((MATERIAL_WORDS.test(key) || MATERIAL_NAMES.test(key)) && !ASKS_MATERIAL.test(key))
  if (ONE_PICKED.test(line) && PRICE_ASKED.test(line) && !/ (sur(er|uyor|mesi)\w*|how long) /.test(line) && attributeOf(list.filter((word) => !describing(word.key))) === null) {
    const picked = productTerm(list.filter((word) => !ONE_PICKED_WORDS.test(word.key)))
    if (picked !== '') return { kind: 'price', term: picked }
  }
  // "Ok 2 please", "3 lütfen", "2 tane olsun": how many of the product discussed, ordered, however much "ok" sounds like an okay.
  if (/^ ((ok|okay|tamam|peki|yes|evet|sure) )?\d{1,2} ((tane|adet|pieces|pcs) )?(please|pls|plz|lutfen|then|olsun) $/.test(line)) return { kind: 'ordering', term: '' }
  // "Çayın son kullanma tarihi ne zaman?", "what brand are your headphones?", "fincan takımı kaç parça?": a property of
  // the product named or discussed that no field of the catalogue keeps; the record may still say it, or whom to ask
  // does. ("Hangi markalar var?" asks what is sold.)
  if (PROPERTY_ASKED.test(line)) {
    const of = productTerm(words(line.replace(PROPERTY_ASKED, ' ')))
    if (of !== '' || !/ (markalar\w*|brands) /.test(line)) return { kind: 'attribute', attribute: null, term: of }
  }
  // "Şarj aleti kaç watt?", "how many mAh is the powerbank?": a figure of its specification, which its name or
  // description may state, not its price.
  if (SPEC_ASKED.test(line) && !BUSINESS_KINDS.has(intent)) {
    return { kind: 'attribute', attribute: null, term: productTerm(list.filter((word) => !SPEC_UNITS.test(word.key) && !/^(how|many|much)$/.test(word.key))) }
  }
  // "Telefon kılıfı hangi modellere uyuyor?", "which phones does the case fit?": what it fits, which its record may say.
  if (FITS_WHICH.test(line) && !BUSINESS_KINDS.has(intent)) {
    const of = productTerm(list.filter((word) => !/^(uyar\w*|uyuyor\w*|uyumlu\w*|fit|fits|work|works|compatible|with|does|do|model\w*)$/.test(word.key)))
    if (thingWords(of).length > 0) return { kind: 'attribute', attribute: null, term: of }
  }
  // "Lokumun içinde ne var?", "what's in the turkish delight?": what it holds, which its description may say (as
  // "Antep fıstıklı" does), not its price or stock.
  if (CONTENTS_ASKED.test(line) && !BUSINESS_KINDS.has(intent)) {
    return { kind: 'attribute', attribute: null, term: productTerm(words(line.replace(CONTENTS_ASKED, ' '))) }
  }
  // "Is the silver necklace real silver?", "deri ceket hakiki mi": what it is made of, asked of the product the words name
  // (however much "real" sounds like asking for a real person).
  if (GENUINE_ASKED.test(line) && !['human', 'complaint'].includes(intent)) {
    // The words before "real" name the product ("the silver necklace"); those after it, what it is asked to be.
    const real = list.findIndex((word) => GENUINE.test(word.key))
    return { kind: 'attribute', attribute: 'material', term: productTerm(list.slice(0, real)) }
  }
  // "Kahve ve bal toplam ne tutar?", "kot pantolonla gömlek kaç tutar?": two products' sum is their price, however the
  // network heard it.
  if ((TOTAL.test(line) || COMES_TO.test(line)) && !BUSINESS_KINDS.has(intent) && (productPair(message) || pairByEnding(message))) return { kind: 'price', term }
  // "Ok 50 then, total?": what that many of the product discussed come to.
  if (TOTAL.test(line) && quantityAsked(message) !== null && termWithoutNumbers.split(' ').every((word) => word === '' || /^(then|olsun|tane|adet|pieces|pcs)$/.test(asciiKey(word)))) return { kind: 'price', term: '' }
  // "My sister loves jewellery", "she likes summer stuff": what someone likes, told, asks what would suit them (not a
  // complaint, however the network heard "my sister"; "she loves it, thanks" tells no liking of a kind of thing).
  const liked = LIKES.exec(line)
  const likedTerm = liked ? productTerm(words(line.slice(liked.index + liked[0].length)).filter((word) => !/^(it|them|this|that|stuff|things?)$/.test(word.key))) : ''
  // ("Someone who loves tea" is no person asked for, however the network heard "someone".)
  const ofSomeone = liked?.[1]?.endsWith(' who') === true
  if (liked && likedTerm !== '' && !GONE_WRONG.test(line) && !['thanks', 'goodbye', 'ack', ...(ofSomeone ? [] : ['human'])].includes(intent)) return { kind: 'recommend', term: likedTerm }
  // "What is the best gift to take home from Turkey?", "best souvenir?": a present wished for, however much "take home"
  // sounds like shipping or "from Turkey" like paying; the kind of thing, when one is named, is what is wished for.
  if (GIFT_ASKED.test(line) && !['human', 'complaint', 'booking'].includes(intent)) {
    // ("To take home" is where it goes, no home goods.)
    const wished = productTerm(words(line.replace(/ (to )?(take|bring) (\w+ )?(home|back)( from \w+)? /, ' ')))
    return { kind: 'recommend', term: thingWords(wished).length > 0 ? wished : 'gift' }
  }
  // "Anything for a saturday night dinner party?", "got anything for a 5 year old": a wish, whatever else the words sound
  // like ("good night").
  const wish = WISH_FOR.exec(line)
  // ("Anything for summer?" lists what is described so, read below.)
  if (wish && !BUSINESS_KINDS.has(intent) && !['human', 'complaint', 'booking', 'list'].includes(intent)) {
    const wished = productTerm(words(line.slice(wish.index + wish[0].length)))
    const described = words(wished).every((word) => equivalents(word.text).length > 0 && thingWords(word.text).length === 0)
    if (wished !== '' && !described) return { kind: 'recommend', term: wished }
  }
  // (What it is for is a kind of thing, a department, a person or an occasion: "ödeme için ne var" asks of paying.)
  const wishTr = WISH_FOR_TR.exec(line)
  const wishedTr = wishTr ? productTerm(words(wishTr[1]!)) : ''
  const namedTr = wishedTr !== '' && (thingWords(wishedTr).length > 0 || departmentIn(wishedTr) !== null)
  if ((namedTr || occasionWords(wishedTr) !== '') && !['human', 'complaint', 'booking'].includes(intent)) {
    // ("Yılbaşı için": an occasion, which stands for what suits it.)
    return { kind: 'recommend', term: namedTr ? wishedTr : occasionWords(wishedTr) }
  }
  // "Keten gömlek 2 adet ne tutar?", "how much for 3 mugs?", "3 tane alsam toplam ne tutar" of the one discussed: what that
  // many of a product come to is its price; "ikisini alırsam?", so many bought if, said alone, asks it too.
  const wanted = quantityAsked(message)
  const boughtIf = IF_BOUGHT.test(line) && termWithoutNumbers === '' && (intent === 'None' || intent === 'off_topic')
  if (wanted !== null && (SUM_ASKED.test(line) || boughtIf) && !BUSINESS_KINDS.has(intent)) {
    return { kind: 'price', term: term.split(' ').filter((word) => word !== String(wanted)).join(' ') }
  }
  // "Tüm ürünleri görebilir miyim?", "show me everything", "what's new?", "katalog atar mısınız": the catalogue, whatever
  // the network makes of it.
  if (WHOLE_CATALOGUE.test(line)) return { kind: 'list', term: '' }
  // ("Tişört fiyatlarınız" asks the t-shirts' prices.)
  const onlyCatalogue = words(term).every((word) => CATALOGUE_WORD.test(word.key))
  const catalogueAsked = onlyCatalogue && (term !== '' || PRICE_LIST.test(line))
  if (catalogueAsked && !BUSINESS_KINDS.has(intent)) return { kind: 'list', term: '' }
  // "En çok satan kolye hangisi?", "what's your best seller?": the products (of the kind named), with no ranking made up.
  if (POPULAR.test(line) && !BUSINESS_KINDS.has(intent)) return { kind: 'list', term: productTerm(list.filter((word) => !POPULAR_WORD.test(word.key))) }
  // "Keten gömlek hakkında bilgi alabilir miyim?", "can I get information about your products?": information asked for
  // is the product's, or what is sold, however much "alabilir miyim" sounds like buying.
  if (INFO_ASKED.test(line) && !BUSINESS_KINDS.has(intent) && topicOf(message) === null) {
    if (term !== '') return { kind: 'search', term }
    if (/ (urun\w*|products?|items?|catalog\w*|katalog\w*) /.test(line)) return { kind: 'list', term: '' }
  }
  // "Başka adrese gönderebilir misiniz?": where the parcel goes, the shipping text's; never where the shop is.
  if (intent === 'location' && / ((baska|farkli|diger|ayri) (bir )?adres\w*|adres(e|ine|ime) (gonder\w*|yolla\w*|kargola\w*)|(another|different|other) address) /.test(line)) return { kind: 'shipping' }
  // "Do you sell online only or do you have a shop?": where the shop is, which the address says.
  if (/ (online only|only online|sadece (online|internetten)|(a |physical )(shop|store) (i can visit|to visit)|have a (physical )?(shop|store)|magazaniz (var|da) mi) /.test(line)) return { kind: 'location' }
  // "WhatsApp numaranız var mı?", "what's your Instagram?": how to reach the shop, not a product or an order.
  // A message carrying a number gives the customer's own ("my WhatsApp number is 0532…").
  if (REACH.test(line) && (message.match(/\d/g) ?? []).length < 10) return { kind: 'contact' }
  // "Can I pick it up in store?", "mağazadan teslim alabilir miyim?": of the shop's place, never an appointment.
  // ("Kolyeyi ayırır mısınız, yarın gelip alırım?" asks to put it aside: the ordering answer says whom to ask.)
  if (PICKUP.test(line) && !asksToReserve(message)) return { kind: 'location' }
  // "Arabayla gelirsem park yeri var mı?": a place to park is of the shop's place, never a free place in the calendar.
  if (PARKING.test(line)) return { kind: 'location' }
  // "I need it by Friday", "cumaya yetişir mi?": whether delivery makes a day, which the delivery text says as far as
  // anyone here can; never that day's opening hours.
  if (BY_A_DAY.test(line) && (dayOf(list) !== null || / (by|before) (next week|the weekend|\d) /.test(line))) return { kind: 'delivery_time' }
  // "Ürünlerinizi nereden alabilirim?", "where can I buy it?": how to order, of the product discussed if any.
  if (WHERE_TO_BUY.test(line) && words(term).every((word) => /^(urun\w*|products?|things?|items?|them|it)$/.test(word.key))) return { kind: 'ordering', term: '' }
  // "Yeni gelen ürünler neler?": the newest of the catalogue, however the network heard it.
  if (NEW_ARRIVALS.test(line) && productTerm(list.filter((word) => !NEW_WORDS.test(word.key))) === '') return { kind: 'list', term: '' }
  // "I want to return the bag": the bag is what goes back; the return is asked.
  if ((PRODUCT_KINDS.has(intent) || intent === 'search' || intent === 'None') && words(term).some((word) => RETURNS_WORD.test(word.key))) return { kind: 'returns' }
  // "Web siteniz var mı?": where the shop is online, unless it asks how to order there.
  if (WEBSITE.test(line) && !/ (siparis\w*|order\w*|satin|buy|al\w*) /.test(line)) return { kind: 'contact' }
  // "Fiyatları aynı mı?", "are they the same price?": the prices of what was discussed, never same-day delivery ("aynı gün").
  if (SAME_PRICE.test(line) && topicOf(message) === null) return { kind: 'price', term }
  // "Do you price match?", "başka yerde daha ucuzunu buldum": an offer asked for, which the owner writes if anywhere.
  if (PRICE_MATCH.test(line)) return { kind: 'discounts' }
  // "IBAN verir misiniz?", "hesap numaranız": where a transfer goes, which the payment text or the FAQ may say; and a card.
  if (BANK_DETAILS.test(line) || CARD_PAYMENT.test(line)) return { kind: 'payment' }
  // "Nasıl ödeyeceğim?", "neyle ödeyebilirim?": how to pay, asked with the verb.
  if (/ (nasil|ne ile|neyle) (odey\w*|oderi\w*|odese\w*)| (odey\w*|oderi\w*) (nasil|ne ile|neyle) /.test(line)) return { kind: 'payment' }
  // "How do I send it back?": a return, however much "ok" leads it.
  if (SEND_BACK.test(line)) return { kind: 'returns' }
  // "Paramı ne zaman geri alırım?": money back is a return's, however much "ne zaman" sounds like delivery.
  if (MONEY_BACK.test(line)) return { kind: 'returns' }
  // "Kahveyi öğütülmüş mü gönderiyorsunuz?": the state the product named comes in, which its record may say, not the
  // shipping text ("paketlenmiş mi gönderiyorsunuz" is about the parcel).
  const sentAs = / (\w+(mis|mus)) (mi|mu) (gonder\w*|yolla\w*|gel\w*) /.exec(line)
  if (sentAs && (intent === 'shipping' || intent === 'delivery_time') && !/^(paket|kargo|sigorta)/.test(sentAs[1]!) && thingWords(term).length > 0) {
    return { kind: 'attribute', attribute: null, term: productTerm(list.filter((word) => !/^(gonder|yolla|gel)/.test(word.key))) }
  }
  // "Siparişim gecikti", "my order is delayed": the customer's own order late, a complaint (never an order placed).
  if (OWN_ORDER.test(line) && / (gecikti|gec kaldi|is late|delayed) /.test(line)) return { kind: 'complaint' }
  // "Nereden sipariş verebilirim?": how to order, however much "nereden" sounds like "siparişim nerede" (a complaint).
  if (intent === 'complaint' && / (nereden|nasil|nerden) (siparis ver\w*|siparis edebil\w*|satin al\w*|alabil\w*)/.test(line) && !OWN_ORDER.test(line)) {
    return { kind: 'ordering', term: '' }
  }
  // "Zeytinyağı nereden?", "where is the olive oil from?": where a product comes from, which its record may say; not the
  // shop's address, nor a complaint ("where is it"). ("Nerelisiniz?", "where do you ship from?" ask of the shop.)
  if (asksOrigin(message, list) && !OF_THE_SHOP_OR_ORDER.test(line)) {
    // ("Çin'de mi üretildi?": the place asked of is no product.)
    const places = placesNamed(message)
    const of = productTerm(list.filter((word) => !ORIGIN_WORDS.test(word.key) && !places.has(word.key)))
    // ("Ürünler nerede üretiliyor?": of all the shop sells, the owner's to say.)
    const ofAll = (text: string) => words(text).every((word) => /^(urun\w*|products?|items?|goods|your|tum|all|the)$/.test(word.key))
    if ((of === '' && / (urunler\w*|urunleriniz\w*|products|items|goods) /.test(line)) || (of !== '' && ofAll(of))) return { kind: 'unknown' }
    return { kind: 'attribute', attribute: null, term: of }
  }
  // "Öğle arası var mı?", "do you close for lunch?": the hours, which say when the shop is open.
  if (/ (ogle (arasi|tatil)\w*|lunch (break|time)|close for lunch) /.test(line)) return { kind: 'hours', day: dayOf(list), asks: hoursAsks(line) }
  // "Saat kaçta gelebilirim?", "what time can I come by?": when the shop is open to come to.
  if (COME_WHEN.test(line) && !['booking', 'human', 'complaint', 'personal_info'].includes(intent)) return { kind: 'hours', day: dayOf(list), asks: hoursAsks(line) }
  // "What's the number?", "numaranız ne?": the shop's number, never a size of a product ("42 numaranız var mı?").
  if (/^ (what s|whats|what is) (the|your|ur) (phone )?number $| numaraniz (ne|nedir|kac) /.test(line) && !/\d/.test(line)) return { kind: 'contact' }
  // "Son fiyat ne olur?", "what's your best price?": bargaining, which the owner writes of with the offers if anywhere;
  // so is a price for a group of people ("is it cheaper for students?").
  // "İki tane kot alacağım, indirim yapar mısınız?", "any discount if I buy two?": a discount asked for, whatever the
  // product beside it.
  if (BARGAINS.test(line) || GROUP_PRICE.test(line) || DISCOUNT_ASKED.test(line)) return { kind: 'discounts' }
  // "When will it be back?", "when will it be restocked?": the stock of the product discussed, and that no date is known.
  // ("Do you have the straw hat, and if not when will it be back?" names the product.)
  if (/ when (will|is|does|do|are) (it|they|this|that|these|those)( be| come| get)? (back|restocked|restocking|available again|in stock again) /.test(line)) {
    return { kind: 'stock', term: productTerm(list.filter((word) => !/^(back|if|not|and|in|stock|restocked|restocking|available|again|get)$/.test(word.key))) }
  }
  // "Will the keyboard be restocked?", "is the mug coming back?": the stock of the product named, and that no date is
  // known; the words of coming back name no detail of it.
  if (RESTOCK.test(line)) return { kind: 'stock', term: productTerm(list.filter((word) => !RESTOCK_WORDS.test(word.key))) }
  // "Kargomu nasıl takip ederim?", "how do I track my parcel?": the customer's own shipment, which only a person can look up.
  if (TRACKING.test(line)) return { kind: 'human' }
  // "Ayakkabı numaraları kaç?": the sizes of a thing named, not the shop's number.
  const notPhone = (word: string) => !/^(telefon\w*|phones?|whatsapp\w*|iletisim\w*|cep\w*)$/.test(asciiKey(word))
  if (intent === 'contact' && / numara\w* /.test(line) && thingWords(message).some(notPhone)) {
    return { kind: 'attribute', attribute: 'size', term: productTerm(list.filter((word) => !/^numara/.test(word.key))) }
  }
  // "What are ur hours?": the hours named and nothing else, however the network heard the rest.
  if (HOURS_NAMED.test(line) && productTerm(list.filter((word) => !/^(hours|calisma|saat\w*|mesai\w*|opening)$/.test(word.key))) === '' && !BUSINESS_KINDS.has(intent)) {
    return { kind: 'hours', day: dayOf(list), asks: hoursAsks(line) }
  }
  // "Saat kaça kadar?", "saat kaçta?": until or at what time, the shop's; never the price of a watch ("Akıllı Saat"),
  // which is asked "saat kaç para", "saat ne kadar".
  if (/ (kaca kadar|kacta) /.test(line) && productTerm(list.filter((word) => !/^(saat|kaca|kadar|kacta)$/.test(word.key))) === '' && !BUSINESS_KINDS.has(intent)) {
    return { kind: 'hours', day: dayOf(list), asks: hoursAsks(line) }
  }
  // "Size guide?", "size chart": the sizes of the product discussed or named (or the FAQ's chart), never the delivery.
  if (/ (size (guide|chart|table)s?|sizing( guide| chart)?) /.test(line)) {
    return { kind: 'attribute', attribute: 'size', term: productTerm(list.filter((word) => !/^(guides?|charts?|tables?|sizing)$/.test(word.key))) }
  }
  // "Garanti süresi", "how long is the warranty?": a promise of the product discussed or of the shop, which the FAQ
  // or the record may hold, never the delivery's time.
  if (/ (garanti\w*|warrant\w*|guarantee\w*) /.test(line) && (intent === 'delivery_time' || intent === 'shipping')) {
    return { kind: 'stock', term: productTerm(list.filter((word) => !/^(sure\w*|long)$/.test(word.key))) }
  }
  // "Telefonu kaç kere şarj eder?", "does it charge my phone?": the customer's phone, and what the product does for it.
  // ("Telefon şarj aleti" is a product.)
  // ("iPhone'u kaç kere doldurur?", "how fast does it charge?", "ne kadar sürede dolar?" ask the same, however much "how
  // fast" sounds like delivery.)
  const ofPhone =
    / (telefonu|telefonumu|telefonlari|telefonlarimizi|iphone\w*|samsung\w*)( u| yu| i)? (\w+ ){0,3}(sarj (eder|ede\w+)|doldur\w*) | charges? (my |your |a |an |the )?(phone|iphone|telefon)\w* /.test(line) ||
    ((intent === 'delivery_time' || intent === 'shipping') && / (how fast|how quickly|how long) (does|do|will|can) (it|they|this|that|the \w+) (charge|charging|last|run) /.test(line)) ||
    / how long (does|do|will|would) (it|they|this|that|the \w+) take to (fully )?(charge|recharge) /.test(line) ||
    / (ne kadar surede|kac saatte|kac dakikada) (dolar|doluyor|sarj olur|sarj oluyor) /.test(line) ||
    / kac (kere|kez|defa) (sarj (eder|ede\w+|ol\w+)|doldur\w*) /.test(line)
  if (ofPhone || (intent === 'contact' && !CONTACT_CUES.test(line) && / (sarj\w*|uyumlu\w*|uyar|uyuyor|charges?|charging|compatible) /.test(line))) {
    const asking = /^(telefon\w*|phones?|iphone\w*|samsung\w*|u|yu|i|kere|kez|defa|times|sarj|eder|ede\w+|doldur\w*|charges?|charging|recharge|fully|take|to|can|my|how|fast|quickly|long|does|do|will|last|run|dolar|doluyor|olur|oluyor|olabilir|surede|saatte|dakikada)$/
    return { kind: 'attribute', attribute: null, term: productTerm(list.filter(({ key }) => !asking.test(key))) }
  }
  // "For iPhone 15?", "samsunga uyar mı": a device model named is what a product fits, never the shop's number.
  if (intent === 'contact' && !CONTACT_CUES.test(line) && DEVICE_MODEL.test(line)) {
    return { kind: 'attribute', attribute: null, term: productTerm(list.filter((word) => !DEVICE_MODEL.test(` ${word.key} `) && !/^\d/.test(word.key))) }
  }
  // "Telefon kılıfı": a thing named with "telefon" is a product, not the shop's number. "I was wondering if you have the
  // leather bag in black" (heard as the shop's contact) asks its colour.
  if (intent === 'contact' && term !== '' && !CONTACT_CUES.test(line) && thingWords(message).some((word) => !/^(telefon\w*|phones?)$/.test(asciiKey(word)))) {
    const read = intentOf('None', message)
    return read.kind === 'attribute' ? read : { kind: 'search', term }
  }
  // "Çantanın fotoğrafını atar mısınız?", "can you send a picture of the bag?": its page is what shows it, whatever
  // the network makes of "send". "Deri çanta hâlâ satışta mı?" asks whether it is still sold, not how to pay.
  if (PICTURE.test(line)) return { kind: 'link', term }
  if (ON_SALE.test(line) && (intent === 'payment' || intent === 'None') && term !== '') return { kind: 'stock', term }
  // "Merhabaa", "hii": a greeting alone with its last letter doubled (three or more are folded for any word, text.ts).
  if (/^ (merhabaa|mrbb|selamm|slmm|hii|heyy|helloo)( (nasilsiniz|there|all))? $/.test(line)) return { kind: 'greeting' }
  // "Kimsiniz?", "kimsin?": who answers, as "siz kimsiniz?" asks.
  if (/^ (sen |siz )?(kimsin|kimsiniz)( acaba)? $/.test(line)) return { kind: 'identity' }
  // "M olur mu bana?", "would a medium fit me?": a size asked of the product discussed or named, however far from the
  // shop the network heard it. One that did not fit, or is to go back, is a return's.
  const returnOrMiss = / (doesnt|dont|didnt|not|wont|olmad\w*|olmuyor|uymad\w*|uymuyor) /.test(line) || RETURN_CUES.test(line.replace(/ (fit|fits) /g, ' '))
  if (FITS.test(line) && !returnOrMiss && list.some((word) => SIZE_WORDS.test(word.key))) {
    return { kind: 'attribute', attribute: 'size', term: productTerm(list.filter((word) => !SIZE_WORDS.test(word.key) && !/^\d/.test(word.key))) }
  }
  // "I'd like the straw hat", "I want a hat": a kind of product wanted, however far from the shop the network heard it.
  if (intent === 'off_topic' && WANTS_ONE.test(line) && term !== '' && thingWords(message).length > 0) return { kind: 'ordering', term }
  // "Does the watch charge fast?", "is the watch good for swimming?": a yes-or-no question of a kind of thing sold is
  // asked of it, however far from the shop the classifier heard it.
  if (intent === 'off_topic' && asksWhetherSo(message) && thingWords(term).length > 0) return { kind: 'attribute', attribute: attributeOf(list), term }
  // "10 yaşında bir çocuğa hediye ne alabilirim": a present wanted, however far from the shop the network heard the age.
  if (intent === 'off_topic' && wishesForAGift(message)) return { kind: 'recommend', term }
  // "Kazak kaç dolar?", "how many euros is the scarf": a kind of thing sold priced in a currency, however much it sounds
  // like the exchange rate ("dolar kaç TL?" names no thing).
  const priced = productTerm(list.filter((word) => currencyOf(word.key) === null))
  if (intent === 'off_topic' && / (kac|ne kadar|how much|how many) /.test(line) && currencyAsked(message) !== null && thingWords(priced).length > 0) return { kind: 'price', term: priced }
  // "Hoparlörün şarjı ne kadar dayanıyor?", "kablosuz olanın şarj süresi": how long a thing lasts, however far from the shop
  // the network heard it, or however much "süre" sounds like the delivery's, the returns' or the hours'.
  const heardAsATime = (intent === 'delivery_time' || intent === 'returns' || intent === 'hours') && topicOf(message) === null
  if ((intent === 'off_topic' || heardAsATime) && DURATION_PHRASES.test(line)) return { kind: 'attribute', attribute: 'duration', term: productTerm(withoutDuration(list)) }
  if (intent === 'off_topic') return { kind: 'off_topic' }
  // "I need help", "yardım lazım": what the assistant can help with, as to a greeting.
  if (ASKS_HELP.test(line)) return { kind: 'greeting' }
  // "Can you help me find a bag?": what is to be found is asked for, not where the shop is.
  if (/ help (me )?(to )?find /.test(line) && term !== '') return { kind: 'search', term }
  // What is ordered or put aside, without when or the asking: "hold the jacket until Saturday" orders a jacket.
  const ordered = () => productTerm(words(termWithoutNumbers).filter((word) => !DAY_WORD.test(word.key) && !RESERVE_WORD.test(word.key)))
  // "Cumartesiye kadar ayırır mısınız?", "can you hold one for me?": putting a product aside is an order's business,
  // however much "kadar" sounds like a price or the day like its hours.
  if (asksToReserve(message) && !BOOKING_WORDS.test(line) && (PRODUCT_KINDS.has(intent) || ['None', 'attribute', 'hours', 'again'].includes(intent))) {
    return { kind: 'ordering', term: ordered() }
  }
  // "Saat kaç?" asks the time, not the price of a watch ("akıllı saat kaç para?"): what the shop can say is whether it is open.
  if (/^ (su an |simdi )?saat kac (acaba |su an |simdi )?$|^ what time is it (now |right now )?$/.test(line)) return { kind: 'hours', day: null, asks: 'now' }
  // "What time is it in New York?": the time somewhere else is nothing the shop knows.
  if (/^ what time is it (?!now |right now )\S/.test(line)) return { kind: 'off_topic' }
  // "What about Saturday?", "peki pazar?", "cumartesi kaça kadar?": a day alone asks its hours.
  // "Saturday until when?" asks how late, not when an order comes.
  if (/ (until|till|til) (when|what time) /.test(line) && dayOf(list) !== null) return { kind: 'hours', day: dayOf(list), asks: 'close' }
  // "Yılbaşı için ne önerirsiniz?", "for christmas what do you suggest?": a present for the occasion, not its hours.
  if (HOLIDAY.test(line) && / (oner\w*|tavsiye\w*|recommend\w*|suggest\w*|ne alsam|ne alabilirim|gift\w*|hediye\w*|present\w*) /.test(line)) {
    return { kind: 'recommend', term: occasionWords(message) }
  }
  // "Ok what about public holidays?": a holiday named and nothing else asks its hours.
  if (holidayAlone()) return { kind: 'hours', day: { holiday: true }, asks: hoursAsks(line) }
  if ((intent === 'again' || intent === 'None' || intent === 'ack' || intent === 'price') && dayOf(list) !== null && productTerm(list.filter((word) => !DAY_WORD.test(word.key))) === '') {
    return { kind: 'hours', day: dayOf(list), asks: hoursAsks(line) }
  }
  // "Tamam alacağım", "tmm alıcam": buying what was discussed, not only an okay.
  if (intent === 'ack' && BUYS.test(line)) return { kind: 'ordering', term: ordered() }
  // "Can I get 6?", "ok just 5 then": how many of the product discussed, ordered.
  if (list.some((word, i) => /^\d{1,3}$/.test(word.key) && TAKES.test(list[i - 1]?.key ?? '')) && termWithoutNumbers === '') return { kind: 'ordering', term: '' }
  // "Tamam keteni alayım": buying the product named, however the rest was heard.
  if ((intent === 'None' || PRODUCT_KINDS.has(intent)) && term !== '' && BUYS.test(line) && !asksWhetherSo(message)) return { kind: 'ordering', term: ordered() }
  // "Peki mavisi?": a colour, size or material after an okay asks it of the product discussed.
  if (intent === 'ack' && list.length <= 3 && attributeOf(list) !== null) return { kind: 'attribute', attribute: attributeOf(list), term: '' }
  // "Peki fiyatı?", "ok the price?": so does its price.
  if (intent === 'ack' && list.length <= 3 && / (fiyat\w*|ucreti?|kac para|ne kadar|price|cost|how much) /.test(line)) return { kind: 'price', term: '' }
  // "Bank transfer ok?": a question naming a topic of the business is that question, however "ok" sounds.
  const topicAsked = /\?\s*$/.test(message) ? topicOf(message) : null
  if ((intent === 'ack' || intent === 'thanks') && topicAsked) return { kind: topicAsked }
  // "I want to return something", "so no refund?": a return, its shipping or paying named is what is asked, however
  // much "something" sounds like a wish for a suggestion or "no" like a goodbye.
  const topicNamed = topicOf(message)
  if ((intent === 'recommend' || intent === 'goodbye') && (topicNamed === 'returns' || topicNamed === 'shipping' || topicNamed === 'payment')) return { kind: topicNamed }
  // "I want a refund": no product is ordered.
  if (intent === 'ordering' && topicNamed === 'returns') return { kind: 'returns' }
  // "Can I order by phone?", "telefonla sipariş verebilir miyim": how the order is placed, not a phone case ordered.
  if (intent === 'ordering' && BY_PHONE.test(line)) return { kind: 'ordering', term: productTerm(words(line.replace(BY_PHONE, ' '))) }
  // "Başka?", "anything else?": more is asked for, unless the words close ("başka bir şey yok", "nothing else, thanks").
  if (intent === 'goodbye' && / (baska|else|other|others|diger\w*) /.test(line) && !CLOSES.test(line)) return { kind: 'list', term: '' }
  // "Is that free?": a question is asked of what was said before, not a goodbye ("is that all?" still closes).
  // ("Have a good one" wishes, it does not ask.)
  if (intent === 'goodbye' && yesOrNo(message) && !/^ (have|has) /.test(line) && !CLOSES.test(line)) return { kind: 'attribute', attribute: attributeOf(list), term }
  if (COURTESY_KINDS.has(intent)) {
    // A greeting with a question after it ("merhaba, kulaklık ne kadar") is the question.
    if (term === '' || intent !== 'greeting') return { kind: intent as Courtesy }
  }
  // "Hoparlör kaç saat çalışıyor?", "mouse hangi pil ile çalışıyor?": how a product runs, not when the shop works.
  if (intent === 'hours' && / calis\w* /.test(line) && thingWords(term).length > 0 && !SHOP_HOURS.test(line)) {
    const lasting = / kac saat /.test(line) ? 'duration' : null
    return { kind: 'attribute', attribute: lasting, term: productTerm(withoutDuration(list).filter((word) => !/^(calis\w*|pil\w*|ile)$/.test(word.key))) }
  }
  // "Hoparlör ve akıllı saat", "kol saati": things named, one of them a watch, and no word of a time or of opening.
  if (intent === 'hours' && !SHOP_HOURS.test(line) && !/ (kac\w*|ne zaman|when|what time|times?|calisma\w*) /.test(line) && thingWords(term).length >= 2) return { kind: 'stock', term }
  if (intent === 'hours') return { kind: 'hours', day: dayOf(list), asks: hoursAsks(line) }
  // A message carrying a phone number or an e-mail address gives the customer's own, it does not ask for the shop's.
  if (intent === 'contact' && ((message.match(/\d/g) ?? []).length >= 10 || /\S@\S+\.\S/.test(message))) return { kind: 'personal_info' }
  // "Can I try things on there?", "can I try the jacket on in store?": whether the shop has somewhere to try things is
  // nothing the owner's texts say, and no question about paying or an appointment, however "there" or "try" sounded.
  if ((intent === 'payment' || (intent === 'booking' && !BOOKING_WORDS.test(line))) && TRY_ON.test(line)) return { kind: 'unknown' }
  // "Can you add a card?", "not yazabilir miyim?": a card or a note put in the parcel, not one to pay with.
  if (intent === 'payment' && !saysPaying(message) && / (add|include|put|write|ekle\w*|koy\w*|yaz\w*) /.test(line)) return { kind: 'unknown' }
  // "Tamam 2 tane alıcam, nasıl ödeme yapıcam?": buying now, then how to pay; the order's answer gives the payment text too.
  if (intent === 'payment' && / (aliyorum|alacagim|alicam|alcam|alayim|ill take|ill buy|ill get|im buying) /.test(line)) return { kind: 'ordering', term }
  if (intent === 'payment' && !saysPaying(message)) {
    // "Hediye kartı var mı?" asks for a thing sold, "toptan satış yapıyor musunuz?" about offers, however much "kart"
    // and "satış" sound like paying.
    if (thingWords(message).length > 0 && term !== '') return { kind: 'stock', term }
    const topic = topicOf(message)
    if (topic) return { kind: topic }
  }
  if (BUSINESS_KINDS.has(intent)) return { kind: intent as BusinessTopic }
  // "Kolye olabilir mi?", "bir çanta olabilir": a kind of product suggested, not an order placed.
  if (intent === 'ordering' && / olabilir (mi )?$/.test(line) && thingWords(term).length > 0 && !/ (siparis\w*|satin|al\w*) /.test(line)) return { kind: 'search', term }
  if (intent === 'ordering') return { kind: 'ordering', term: ordered() }
  if (intent === 'cheapest' || intent === 'priciest') {
    // "Kulaklık fiyatları" asks the prices, not which is cheapest: a superlative is what makes it an extreme.
    if (!RANKS.test(line)) return { kind: 'price', term }
    // "Kot pantolonun beli yüksek mi?", "çanta pahalı mı?": whether the product named is so, not which is the most.
    if (asksWhetherSo(message) && !SUPERLATIVE.test(line)) {
      return / (yuksek\w*|dusuk\w*|high\w*|low\w*) /.test(line) ? { kind: 'attribute', attribute: null, term } : { kind: 'price', term }
    }
    return { kind: 'extreme', order: intent, term }
  }
  if (intent === 'recommend') return { kind: 'recommend', term }
  // "Erkek için", "for my dad": whom it is for, said alone, asks what would suit them.
  if (FOR_PERSON.test(line) && !BUSINESS_KINDS.has(intent)) return { kind: 'recommend', term }
  // "46 var mı?", "what about 30?": a number alone names no product but a size of the one discussed ("do you have 2 in
  // stock?" asks how many).
  const counted = quantityAsked(message) !== null
  if ((intent === 'stock' || intent === 'None' || intent === 'again') && /^\d{1,3}$/.test(term) && !counted) return { kind: 'attribute', attribute: 'size', term: '' }
  if (intent === 'stock' && /^\d{1,3}$/.test(term) && counted) return { kind: 'stock', term: '' }
  // "Spor ayakkabı 42 var mı?", "ayakkabının 42'si": a number after a kind of product is its size ("gömlekten 3 var mı",
  // after "-den", counts).
  const termList = words(term)
  const sizeAfter = termList.length > 1 && sizeNumber(termList.at(-1)!.key) !== null && !/(den|dan|ten|tan)$/.test(termList.at(-2)!.key)
  if ((intent === 'stock' || intent === 'None') && sizeAfter && !counted && thingWords(term).length > 0) {
    return { kind: 'attribute', attribute: 'size', term: productTerm(list.filter((word) => !/^\d/.test(word.key))) }
  }
  // "Do you have the jeans in 32?": a number after "in" is a size of the product named, never its stock.
  if (/ in (a |an |size )?\d{1,3} (waist )?$/.test(line) && !counted && (intent === 'stock' || intent === 'None' || intent === 'attribute' || PRODUCT_KINDS.has(intent))) {
    return { kind: 'attribute', attribute: 'size', term: productTerm(list.filter((word) => !/^\d/.test(word.key) && word.key !== 'waist')) }
  }
  // "L bedeni var mı?", "siyahı kaldı mı?": a stock question about a size or a colour asks what the record may not hold.
  // "Do you have the leather bag in black?": a colour or size of the product named, asked however the network heard it.
  const inVariant = list.some((word, i) => word.key === 'in' && COLOUR_NAMES.test(list[i + 1]?.key ?? ''))
  const asksVariant = (intent === 'stock' || intent === 'None' || (intent === 'search' && inVariant)) && ['size', 'colour'].includes(attributeOf(list) ?? '')
  // "Any colour other than black?", "siyah dışında renk var mı": the colours of the one discussed, not what is black.
  const besides = / (other than|besides|apart from|except|disinda|haric|\w+(dan|den|tan|ten) baska) /.test(line) && / (colou?rs?|renk\w*) /.test(line)
  if (list.some((word) => COLOUR_NAMES.test(word.key)) && besides && productTerm(list.filter((word) => !COLOUR_WORDS.test(word.key) && !COLOUR_NAMES.test(word.key) && !/^(than|besides|apart|except)$/.test(word.key))) === '') {
    return { kind: 'attribute', attribute: 'colour', term: '' }
  }
  // "Anything in leather?", "pamuklu ürünleriniz neler?": a material alone, asked for as products, asks which are made of it.
  const onlyMaterials = term !== '' && materialsIn(term).length === words(term).length
  // "Anything for summer?", "anything waterproof?": so too words the lexicon knows of what things are like or are for.
  const onlyDescribed = term !== '' && words(term).every((word) => equivalents(word.text).length > 0 && thingWords(word.text).length === 0)
  // "Çiçekli olanın bedenleri neler?": a size or colour of the one of those just shown that the words pick, not a list.
  const ofOneShown = / (olan|olanin|olanini|olaninin|one) /.test(line) && ['size', 'colour'].includes(attributeOf(list) ?? '')
  if ((onlyMaterials || onlyDescribed) && !ofOneShown && WANTS_PRODUCTS.test(line) && (intent === 'attribute' || intent === 'None' || PRODUCT_KINDS.has(intent))) return { kind: 'list', term }
  // "Anything in black?", "siyah ne var?": the same of a colour, which the names and descriptions say or not.
  // ("Siyah renkli neler var?": "renkli", coloured, is no word of a product.)
  const colours = list.filter((word) => COLOUR_NAMES.test(word.key))
  const onlyColours = colours.length > 0 && productTerm(list.filter((word) => !COLOUR_WORDS.test(word.key))) === '' && !/ (ones?|olan\w*) /.test(line)
  if (onlyColours && WANTS_PRODUCTS.test(line) && (intent === 'attribute' || intent === 'None' || PRODUCT_KINDS.has(intent))) {
    return { kind: 'list', term: colours.map((word) => word.text).join(' ') }
  }
  // "Is it plain or patterned?": which of two the product discussed is, no two products to compare.
  if (/^ (is|are|was|were) (it|they|this|that|these|those) /.test(line) && / or /.test(line) && !COMPARES.test(line) && !/ (cheaper|pricier|bigger|smaller|larger|lighter|heavier|better|worse|warmer|cooler|longer|shorter|softer|more|less) (or|than) /.test(line)) {
    return { kind: 'attribute', attribute: attributeOf(list), term: '' }
  }
  // "What's the difference between the t-shirt and the linen shirt?": a comparison said in so many words, whatever
  // material or property its names hold.
  if (COMPARES.test(line)) {
    const pair = splitPair(list, true)
    if (pair) return { kind: 'compare', terms: pair }
  }
  // "Do you have tshirts and linen shirts?": two kinds of thing asked for, not the material of one.
  const pairAsked = intent === 'attribute' || intent === 'None' ? splitPair(list, true) : null
  if (pairAsked && pairAsked.every((side) => thingWords(side).length > 0) && asksWhetherThereIs(message)) return { kind: 'stock', term }
  // "Kış için mont var mı?", "do you have a coat for winter?": a kind of product wanted for a season or an occasion, not
  // a detail of one.
  const forOccasion = / (icin|for) /.test(line) && occasionWords(message) !== '' && thingWords(term).length > 0
  if (intent === 'attribute' && forOccasion && attributeOf(list) === null && asksWhetherThereIs(message)) return { kind: 'stock', term }
  // "Kaç mm?": a question whose only object is a measure or a property asks it of a product.
  const termWords = words(term)
  const onlyProperty = termWords.length > 0 && termWords.every((word) => attributeOf([word]) !== null)
  // "250 gram kahve kaç para?": a measure given, not asked, is part of what the price is asked of.
  const givesMeasure = list.some((word, i) => /^\d+(g|gr|kg|ml|l|lt)$/.test(word.key) || (/^\d+$/.test(word.key) && /^(g|gr|gram\w*|kg|kilo\w*|ml|l|lt|litre\w*|litres?|liters?)$/.test(list[i + 1]?.key ?? '')))
  if (givesMeasure && / (kac para|kaca|ne kadar|fiyat\w*|how much|price|cost) /.test(line) && ['weight', 'dimensions'].includes(attributeOf(list) ?? '')) return { kind: 'price', term }
  // "Kulaklığın pil ömrü ne kadar?": how long it lasts, however much "ne kadar" sounds like its price.
  const lastsAsked = intent === 'price' && DURATION_PHRASES.test(line) && !/ (fiyat\w*|prices?|kac para|cost\w*) /.test(line)
  // "What's the mug's capacity?" reads like "what about the mug?", but it says what it asks.
  // "Bu ürünün rengi ne?", "what colours do your products come in?" name no product but point at one, or at all: a
  // property of one, never the whole catalogue.
  const ofThisOne = intent === 'list' && term === '' && attributeOf(list) !== null && (pointsBack(message) || list.some((word) => CATALOGUE_WORD.test(word.key) || /^(urun\w*|products?|items?)$/.test(word.key)))
  // "Gözlük uv korumalı mı?": a property a description states, asked of a kind of thing, is no stock question.
  // ("Yıkanınca çeker mi?", a property alone: of the one discussed, never a product one letter from "çeker".)
  const propertyOfIt = ['stock', 'search', 'None'].includes(intent) && asksWhetherSo(message) && term !== '' && onlyProperties(thingWords(term).length > 0 ? withoutThings(term) : term)
  if (propertyOfIt && thingWords(term).length === 0) return { kind: 'attribute', attribute: attributeOf(list), term: '' }
  if (intent === 'attribute' || lastsAsked || asksVariant || ofThisOne || propertyOfIt || (intent === 'list' && ofOneShown) || ((intent === 'None' || intent === 'again') && attributeOf(list)) || (PRODUCT_KINDS.has(intent) && onlyProperty)) {
    // "Gömlek beyaz mı?": the colour asked about is not part of the product's name.
    return {
      kind: 'attribute',
      attribute: attributeOf(list),
      term: productTerm(withoutDuration(list.filter((word) => !COLOUR_WORDS.test(word.key) && !SIZE_WORDS.test(word.key) && !SCENT_WORDS.test(word.key) && !/^\d/.test(word.key)))),
    }
  }
  if (intent === 'compare' || (intent === 'None' && !/ (not|degil|yok) /.test(line))) {
    const pair = splitPair(list, intent === 'compare')
    if (pair) return { kind: 'compare', terms: pair }
  }
  if (intent === 'budget') return term === '' ? { kind: 'list', term } : { kind: 'search', term }
  // "What about the necklace?": a search, which asks the previous question again of what it names.
  if (intent === 'again') return term === '' ? { kind: 'unknown' } : { kind: 'search', term }
  // "Güneş gözlüğü erkek modeli mi?" asks whether it is so, not for the models there are.
  if (intent === 'list' && term !== '' && asksWhetherSo(message)) return { kind: 'search', term }
  // "Zeytinyağının litresi kaç para?", "how much per kg is the tea?": the price of the product as listed, whose name
  // says how much it holds; "litresi" is no word of its name.
  if (intent === 'price' && list.some((word, i) => PER_UNIT.test(word.key) || (word.key === 'per' && UNITS.test(list[i + 1]?.key ?? '')))) {
    return { kind: 'price', term: productTerm(list.filter((word, i) => !PER_UNIT.test(word.key) && word.key !== 'per' && !(list[i - 1]?.key === 'per' && UNITS.test(word.key)))) }
  }
  if (PRODUCT_KINDS.has(intent)) return { kind: intent as ProductQuestion, term }
  if (intent === 'compare') return { kind: 'search', term }
  if (term !== '') return { kind: 'search', term }
  return { kind: 'unknown' }
}
