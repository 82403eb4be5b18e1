// The built-in responder's words in both languages (what a record says of an
// attribute is in attribute-replies.ts). Every fact in them comes from a
// product passed in (read from the catalogue at reply time); of the
// customer's own words only the few naming what was asked come back
// ("Katalogda “vegan deri” yer almıyor"), never a sentence, so nothing they
// type can come back looking like a price or a promise.
import { formatPrice } from '../../../../domain/products/currency.ts'
import { productLinkHref } from '../../../../domain/products/links.ts'
import { business } from './business-replies.ts'
import type { Budget } from './amounts.ts'
import type { AssistantLanguage, CatalogueProduct } from './types.ts'

type Lang = AssistantLanguage

/** A price exactly as the products screen shows it in that language. */
export function price(product: CatalogueProduct, language: Lang): string {
  return formatPrice(product.price, product.currency, language)
}

/** The address a click may open, or null: text that is not a web address is no link. */
export function link(product: CatalogueProduct): string | null {
  return productLinkHref(product.product_link)
}

function stockState(product: CatalogueProduct, language: Lang): string {
  if (product.stock <= 0) return language === 'tr' ? 'stokta yok' : 'out of stock'
  return language === 'tr' ? `stokta ${product.stock} adet` : `${product.stock} in stock`
}

/** One line of a list: name, price, stock. */
export function productLine(product: CatalogueProduct, language: Lang): string {
  return `• ${product.name} — ${price(product, language)}, ${stockState(product, language)}`
}

/** What the business offers here: `books` appointments, `sells` products (a salon may list none). */
export type Offers = { books: boolean; sells: boolean }

/** The customer hears what they can ask: appointments when the owner takes them, products only when there are some. */
export function greeting(businessName: string, language: Lang, { books, sells }: Offers = { books: false, sells: true }): string {
  const name = business(businessName, language)
  if (!sells) {
    return language === 'tr'
      ? `Merhaba! ${name} çalışma saatleri, adresi ve iletişim bilgileri hakkında yardımcı olabilirim${books ? '; randevunuzu da oluşturabilirim' : ''}. Nasıl yardımcı olayım?`
      : `Hello! I can help with ${name}'s opening hours, address and contact details${books ? ', and book you an appointment' : ''}. How can I help?`
  }
  if (books) {
    return language === 'tr'
      ? `Merhaba! ${name} ürünleri, fiyatları ve stok durumu, çalışma saatleri, kargo ve iade hakkında yardımcı olabilir, randevunuzu oluşturabilirim. Nasıl yardımcı olayım?`
      : `Hello! I can help with ${name}'s products, prices and stock, opening hours, shipping and returns, and book you an appointment. How can I help?`
  }
  return language === 'tr'
    ? `Merhaba! ${name} ürünleri, fiyatları ve stok durumu, çalışma saatleri, kargo ve iade hakkında yardımcı olabilirim. Ne arıyorsunuz?`
    : `Hello! I can help with ${name}'s products, prices and stock, opening hours, shipping and returns. What are you looking for?`
}

/** "Are you a bot?": said plainly, what it can do, and how to reach a person. */
export function identity(businessName: string, language: Lang, { books, sells }: Offers = { books: false, sells: true }): string {
  const name = business(businessName, language)
  const booking = books ? (language === 'tr' ? ' Randevu da oluşturabilirim.' : ' I can book appointments too.') : ''
  const topics = sells
    ? (language === 'tr' ? 'Ürünler, fiyatlar ve stok, çalışma saatleri, kargo ve iade' : 'products, prices and stock, opening hours, shipping and returns')
    : (language === 'tr' ? 'Çalışma saatleri, adres ve iletişim bilgileri' : 'opening hours, address and contact details')
  return language === 'tr'
    ? `Ben ${name} adına yanıt veren bir yapay zekâ asistanıyım. ${topics} hakkında yardımcı olabilirim.${booking} Bir kişiyle görüşmek isterseniz “yetkiliyle görüşmek istiyorum” yazmanız yeterli.`
    : `I'm an AI assistant answering for ${name}. I can help with ${topics}.${booking} To talk to a person, just write “I'd like to talk to someone”.`
}

export function thanks(language: Lang): string {
  return language === 'tr' ? 'Rica ederim! Başka bir sorunuz olursa buradayım.' : "You're welcome! Let me know if you need anything else."
}

/** "I love your shop": thanked for, and what else is wanted. */
export function praised(language: Lang): string {
  return language === 'tr' ? 'Çok teşekkür ederiz, bunu duymak çok güzel! Size nasıl yardımcı olabilirim?' : "Thank you so much, that's lovely to hear! How can I help?"
}

export function goodbye(language: Lang): string {
  return language === 'tr' ? 'İyi günler dileriz, yine bekleriz!' : 'Goodbye, have a nice day!'
}

/** For off-topic questions and attempts to change the assistant: what it is for, nothing about how it works. */
export function redirect(businessName: string, language: Lang, { books, sells }: Offers = { books: false, sells: true }): string {
  const name = business(businessName, language)
  if (!sells) {
    return language === 'tr'
      ? `Bu konuda yardımcı olamıyorum. ${name} çalışma saatleri, adresi ve hizmetleri hakkında sorularınızı yanıtlayabilir, randevunuzu oluşturabilirim.`
      : `Sorry, I can't help with that. I can answer questions about ${name}'s opening hours, address and services, and book you an appointment.`
  }
  // A shop that also takes bookings says so: the customer may not know it can book here.
  return language === 'tr'
    ? `Bu konuda yardımcı olamıyorum. ${name} ürünleri, fiyatları, çalışma saatleri, kargo ve iade hakkında sorularınızı yanıtlayabilirim${books ? '; randevunuzu da oluşturabilirim' : ''}.`
    : `Sorry, I can't help with that. I can answer questions about ${name}'s products and prices, opening hours, shipping and returns${books ? ', and book you an appointment' : ''}.`
}

/** What can be asked here: a salon that lists no products is asked about its hours, address and services, and books. */
function whatCanBeAsked(language: Lang, { books, sells }: Offers): string {
  if (!sells) return language === 'tr' ? 'Bana çalışma saatlerini, adresi ve hizmetleri sorabilir, randevu alabilirsiniz.' : 'You can ask me about opening hours, the address and our services, or book an appointment.'
  return language === 'tr'
    ? `Bana ürünleri, fiyatları, çalışma saatlerini, kargo ve iadeyi sorabilir${books ? ', randevu alabilirsiniz' : 'siniz'}.`
    : `You can ask me about products, prices, opening hours, shipping and returns${books ? ', or book an appointment' : ''}.`
}

/** A message the assistant could not read: said plainly, with the way to ask a person. */
export function dontKnow(contact: string, language: Lang, offers: Offers = { books: false, sells: true }): string {
  const head = `${language === 'tr' ? 'Bunu yanıtlayamıyorum.' : "I can't answer that."}${contact ? ` ${contact}` : ''}`
  // What can be asked on a line of its own: the contact details end with an address, which no sentence should run on from.
  return `${head}\n${whatCanBeAsked(language, offers)}`
}

/** The customer's details given with nothing asked: thanks, and what can be asked here. */
export function thanksForDetails(language: Lang, offers: Offers): string {
  return `${language === 'tr' ? 'Teşekkürler! Size nasıl yardımcı olabilirim?' : 'Thank you! How can I help?'} ${whatCanBeAsked(language, offers)}`
}

export function budgetList(products: readonly CatalogueProduct[], budget: Budget, more: boolean, language: Lang): string {
  const limit = formatPrice(budget.max, budget.currency, language)
  const from = budget.min !== undefined ? formatPrice(budget.min, budget.currency, language) : null
  const head =
    language === 'tr'
      ? from ? `${from} ile ${limit} arasındaki ürünler:` : `${limit} ve altındaki ürünler:`
      : from ? `Products between ${from} and ${limit}:` : `Products at ${limit} or less:`
  const tail = more ? [language === 'tr' ? 'Daha fazlası da var; aradığınız ürünü yazabilirsiniz.' : 'There are more; tell me what you are looking for.'] : []
  return [head, ...products.map((product) => productLine(product, language)), ...tail].join('\n')
}

export function budgetNone(budget: Budget, language: Lang): string {
  const limit = formatPrice(budget.max, budget.currency, language)
  const from = budget.min !== undefined ? formatPrice(budget.min, budget.currency, language) : null
  return language === 'tr'
    ? `Katalogda ${from ? `${from} ile ${limit} arasında` : `${limit} ve altında`} fiyatlı bir ürün yok.`
    : `There is nothing in the catalogue ${from ? `between ${from} and ${limit}` : `at ${limit} or less`}.`
}

/** None of the kind asked for is in the budget, though other products are (listed after it). */
export function budgetNoneOfKind(budget: Budget, language: Lang): string {
  const limit = formatPrice(budget.max, budget.currency, language)
  const from = budget.min !== undefined ? formatPrice(budget.min, budget.currency, language) : null
  return language === 'tr'
    ? `Aradığınız türden ${from ? `${from} ile ${limit} arasında` : `${limit} ve altında`} bir ürün yok.`
    : `Nothing of the kind you asked for is ${from ? `between ${from} and ${limit}` : `at ${limit} or less`}.`
}

/** After a budget's list of a kind none of which is in stock: what the same budget buys that is. */
export function budgetInStockInstead(products: readonly CatalogueProduct[], language: Lang): string {
  const head = language === 'tr' ? 'Bu bütçede stokta olan diğer ürünler:' : 'What is in stock within the same budget:'
  return [head, ...products.map((product) => productLine(product, language))].join('\n')
}

export function cheaperList(products: readonly CatalogueProduct[], than: CatalogueProduct, language: Lang): string {
  const head = language === 'tr' ? `${than.name} (${price(than, language)}) ürününden daha uygun olanlar:` : `Cheaper than ${than.name} (${price(than, language)}):`
  return [head, ...products.map((product) => productLine(product, language))].join('\n')
}

export function nothingCheaper(than: CatalogueProduct, language: Lang): string {
  return language === 'tr'
    ? `Katalogda ${than.name} (${price(than, language)}) ürününden daha uygun fiyatlı bir ürün yok.`
    : `There is nothing in the catalogue cheaper than ${than.name} (${price(than, language)}).`
}

/** "Anything cheaper?" of one product, when the catalogue has none of its kind for less (other things may cost less). */
export function nothingCheaperOfKind(than: CatalogueProduct, language: Lang): string {
  return language === 'tr'
    ? `Katalogda bu türde ${than.name} (${price(than, language)}) ürününden daha uygun fiyatlı bir ürün yok.`
    : `There is nothing of this kind in the catalogue cheaper than ${than.name} (${price(than, language)}).`
}

/** With `ageAsked`, that no record says which ages a product suits ("for a 10 year old"). */
export function recommendList(products: readonly CatalogueProduct[], language: Lang, ageAsked = false): string {
  const head = ageAsked
    ? language === 'tr' ? 'Katalogda ürünlerin hangi yaşa uygun olduğu yazmıyor; şunlar ilginizi çekebilir:' : "The catalogue doesn't say which ages its products suit; these might do:"
    : language === 'tr' ? 'Şunlar ilginizi çekebilir:' : 'These might suit you:'
  return [head, ...products.map((product) => describe(product, language))].join('\n')
}

/** "Anything else?" after suggestions, and none other fits the wish. */
export function noOtherRecommendation(language: Lang): string {
  return language === 'tr'
    ? 'Katalogda bu isteğe uyan başka bir ürün bulamadım. Bir ürün türü ya da bütçe yazarsanız yeniden bakarım; isterseniz tüm ürünleri de listeleyebilirim.'
    : "I couldn't find anything else in the catalogue for this. Tell me a kind of product or a budget and I'll look again, or I can list all products."
}

/** Asked what the present should be and told, and still nothing in the catalogue fits: said so, not asked again. */
export function noRecommendation(language: Lang): string {
  return language === 'tr'
    ? 'Katalogda buna uyan bir ürün bulamadım. Bir ürün türü ya da bütçe yazarsanız yeniden bakarım; isterseniz tüm ürünleri de listeleyebilirim.'
    : "I couldn't find anything in the catalogue for that. Tell me a kind of product or a budget and I'll look again, or I can list everything we have."
}

export function clarifyRecommendation(language: Lang): string {
  return language === 'tr'
    ? 'Size uygun bir şey bulabilmem için biraz daha anlatır mısınız: ne tür bir ürün arıyorsunuz, kimin için ve bütçeniz ne kadar?'
    : 'Could you tell me a little more: what kind of product are you looking for, who is it for, and what is your budget?'
}

/** How to buy: the product's link (or none), then the owner's ordering text or the way to ask. */
export function orderAnswer(products: readonly CatalogueProduct[], orderingInfo: string | null, contact: string, language: Lang): string {
  const lines = products.map((product) => {
    const href = link(product)
    return href ? `${productLine(product, language)} — ${href}` : productLine(product, language)
  })
  const how = orderingInfo ? (language === 'tr' ? `Sipariş: ${orderingInfo}` : `Ordering: ${orderingInfo}`) : contact
  if (lines.length === 0) {
    return language === 'tr' ? `${how}\nHangi ürünü almak istersiniz?` : `${how}\nWhich product would you like?`
  }
  return [...lines, how].join('\n')
}

/** "I'll take that one" when several were shown: which, before how to order any of them. */
export function whichToOrder(language: Lang): string {
  return language === 'tr'
    ? 'Hangisini almak istersiniz? Listedeki sırasını ya da adını yazabilirsiniz.'
    : 'Which one would you like? You can write its place in the list or its name.'
}

/** Said after the order answer to "can you hold it for me?": the assistant puts nothing aside; who can. */
export function cannotReserve(contact: string, language: Lang): string {
  return language === 'tr' ? `Ürün ayırmayı buradan yapamıyorum. ${contact}` : `I can't put products aside from here. ${contact}`
}

/** The product nearest to what was asked, whose record does not say all of it: offered as only that. */
export function closest(product: CatalogueProduct, asked: string, language: Lang): string {
  const description = product.description?.trim() ? ` (${product.description.trim()})` : ''
  return language === 'tr'
    ? `Katalogda “${asked}” yer almıyor; en yakını:\n${productLine(product, language)}${description}`
    : `The catalogue doesn't list “${asked}”; the closest is:\n${productLine(product, language)}${description}`
}

/** Several near what was asked, none of whose records says all of it ("vegan leather" of leather goods): only that. */
export function closestList(products: readonly CatalogueProduct[], asked: string, language: Lang): string {
  const lines = products.map((product) => productLine(product, language)).join('\n')
  return language === 'tr' ? `Katalogda “${asked}” yer almıyor; en yakınları:\n${lines}` : `The catalogue doesn't list “${asked}”; the closest are:\n${lines}`
}

/** More asked for than the catalogue shows in stock. */
export function fewerInStock(product: CatalogueProduct, wanted: number, contact: string, language: Lang): string {
  return language === 'tr'
    ? `${wanted} adet için: katalogda ${product.name} stoğu ${product.stock} adet görünüyor. ${contact}`
    : `For ${wanted}: the catalogue shows ${product.stock} of ${product.name} in stock. ${contact}`
}

/** "3 tane tişört toplam ne kadar?": the record's price times the number asked, in its currency. */
export function totalFor(product: CatalogueProduct, wanted: number, language: Lang): string {
  const total = formatPrice(Math.round(product.price * 100 * wanted) / 100, product.currency, language)
  return language === 'tr' ? `${wanted} adet toplam ${total}.` : `For ${wanted}, that's ${total} in total.`
}

/** "2 gömlek 1 şapka ne tutar?": each product's line for the number asked, and the sum in each currency. */
export function basket(lines: readonly { product: CatalogueProduct; quantity: number }[], language: Lang): string {
  const amount = (value: number, currency: string) => formatPrice(Math.round(value * 100) / 100, currency, language)
  const rows = lines.map(({ product, quantity }) => `• ${quantity} × ${product.name} — ${amount(product.price * quantity, product.currency)} (${stockState(product, language)})`)
  const sums = new Map<string, number>()
  for (const { product, quantity } of lines) sums.set(product.currency, (sums.get(product.currency) ?? 0) + product.price * quantity)
  const total = [...sums].map(([currency, value]) => amount(value, currency)).join(' + ')
  return language === 'tr'
    ? `Katalogdaki fiyatlarla:\n${rows.join('\n')}\nToplam: ${total}`
    : `At the catalogue's prices:\n${rows.join('\n')}\nTotal: ${total}`
}

/**
 * "Başka şapka var mı?" when the catalogue's only hat is the one just discussed; "başka fıstıklı bir şey var mı?",
 * "anything else with pistachio?" (a property, no kind of thing) when it is the only one so described.
 */
/** "Kablosuz Kulaklık ve Kablolu Kulaklık", "A, B and C": every product named, however many. */
const namesOf = (products: readonly CatalogueProduct[], language: Lang) => new Intl.ListFormat(language, { type: 'conjunction' }).format(products.map((one) => one.name))

export function noOther(products: readonly CatalogueProduct[], asked: string, language: Lang, property = false): string {
  const names = namesOf(products, language)
  if (property || /^with /i.test(asked)) return language === 'tr' ? `Katalogda ${names} dışında başka ${asked} ürün yok.` : `The catalogue has nothing else ${asked} besides ${names}.`
  return language === 'tr' ? `Katalogda ${names} dışında başka ${asked} yok.` : `The catalogue has no other ${asked} than ${names}.`
}

export function notFound(contact: string, language: Lang): string {
  const prefix = language === 'tr' ? 'Üzgünüm, bununla eşleşen bir ürün bulamadım.' : "Sorry, I couldn't find a matching product."
  return `${prefix} ${contact}`
}

/** "Hangi ürünler el yapımı?" of a catalogue no record of which says so. */
export function noneDescribed(asked: string, contact: string, language: Lang): string {
  const prefix = language === 'tr' ? `Katalogda açıklamasında “${asked}” yazan bir ürün yok.` : `No product in the catalogue is described as “${asked}”.`
  return `${prefix} ${contact}`
}

/** Only written words are read here: said to a voice note, and to a message saying one was sent. */
export function textOnly(language: Lang): string {
  return language === 'tr' ? 'Şu an yalnızca yazılı mesajları okuyabiliyorum; sorunuzu yazarak iletir misiniz?' : 'I can only read text messages for now; could you type your question?'
}

/** A link to a page the catalogue names nothing of: it cannot be opened here, so its name is asked for. */
export function linkNotRead(language: Lang): string {
  return language === 'tr'
    ? 'Bağlantıları açıp göremiyorum; sorduğunuz ürünün adını yazar mısınız?'
    : "I can't open links; could you write the name of the product you mean?"
}

/** "Are the prices on your website correct?": what is said here is the catalogue's now; the website is not seen from here. */
export function pricesCurrent(language: Lang): string {
  return language === 'tr'
    ? 'Buradan verdiğim fiyatlar katalogdan şu anda okunur; web sitesini buradan göremiyorum. Hangi ürünü sorduğunuzu yazarsanız güncel fiyatını söyleyeyim.'
    : "The prices I give here are read from the catalogue as it is right now; I can't see the website from here. Tell me which product and I'll give you its current price."
}

export function whichProduct(language: Lang): string {
  return language === 'tr'
    ? 'Hangi ürünü sorduğunuzu anlayamadım; ürünün adını yazar mısınız?'
    : 'Which product do you mean? Please tell me its name.'
}

export function gone(contact: string, language: Lang): string {
  const prefix = language === 'tr' ? 'Bu ürün artık katalogda görünmüyor.' : 'That product is no longer in the catalogue.'
  return `${prefix} ${contact}`
}

export function emptyCatalogue(contact: string, language: Lang): string {
  const prefix = language === 'tr' ? 'Şu an katalogda ürün görünmüyor.' : 'There are no products in the catalogue right now.'
  return `${prefix} ${contact}`
}

/** What a list of products is, said before it. */
const LIST_HEADS: Record<'found' | 'newest' | 'unranked', Record<Lang, string>> = {
  found: { tr: 'Bulduklarım:', en: "Here's what I found:" },
  newest: { tr: 'En son eklenen ürünlerimiz:', en: 'Our most recently added products:' },
  // Asked what sells most: no record says, and the list does not pretend to rank.
  unranked: { tr: 'Hangi ürünün en çok sattığı bilgisi bende yok; katalogda şunlar var:', en: "I don't have sales figures, so I can't say what sells most; here's what the catalogue has:" },
}

/**
 * Several products, at most `shown` of them, with a note when there are more. `head`: what the list is, the products
 * found, the latest added, or the catalogue's with no ranking claimed.
 */
export function productList(products: readonly CatalogueProduct[], more: boolean, language: Lang, head: keyof typeof LIST_HEADS = 'found'): string {
  const tail = more ? [language === 'tr' ? 'Daha fazlası da var; ürün adıyla sorabilirsiniz.' : 'There are more; ask me by product name.'] : []
  return [LIST_HEADS[head][language], ...products.map((product) => productLine(product, language)), ...tail].join('\n')
}

/**
 * "Hangi ürünler su geçirmez?": the products whose records speak of it, each with what its record says, since
 * "suya dayanıklı" is not "su geçirmez" and the customer should judge.
 */
export function describedList(products: readonly CatalogueProduct[], more: boolean, language: Lang): string {
  const head = language === 'tr' ? 'Açıklamasında bununla ilgili bir şey yazan ürünler:' : 'Products whose descriptions say something about it:'
  const lines = products.map((product) => (product.description ? `${productLine(product, language)}: “${product.description}”` : productLine(product, language)))
  const tail = more ? [language === 'tr' ? 'Daha fazlası da var; ürün adıyla sorabilirsiniz.' : 'There are more; ask me by product name.'] : []
  return [head, ...lines, ...tail].join('\n')
}

export function priceOf(product: CatalogueProduct, language: Lang): string {
  const amount = price(product, language)
  if (language === 'tr') {
    return product.stock > 0 ? `${product.name} fiyatı ${amount}; stokta ${product.stock} adet var.` : `${product.name} fiyatı ${amount}; ancak şu an stokta yok.`
  }
  return product.stock > 0 ? `${product.name} is ${amount}, with ${product.stock} in stock.` : `${product.name} is ${amount}, but it is out of stock right now.`
}

/** `wanted`: how many were asked for; more than the stock is no "yes". */
export function stockOf(product: CatalogueProduct, language: Lang, wanted: number | null = null): string {
  const amount = price(product, language)
  if (wanted !== null && product.stock > 0 && wanted > product.stock) {
    return language === 'tr' ? `${product.name} stokta ${product.stock} adet var. Fiyatı ${amount}.` : `${product.name} has ${product.stock} in stock. It's ${amount}.`
  }
  if (language === 'tr') {
    return product.stock > 0
      ? `Evet, ${product.name} stokta var (${product.stock} adet). Fiyatı ${amount}.`
      : `Maalesef ${product.name} şu an stokta yok. Fiyatı ${amount}.`
  }
  return product.stock > 0
    ? `Yes, ${product.name} is in stock (${product.stock} available). It's ${amount}.`
    : `Sorry, ${product.name} is out of stock right now. It's ${amount}.`
}

const CURRENCY_WORDS: Record<string, Record<Lang, string>> = {
  TRY: { tr: 'TL', en: 'lira' },
  USD: { tr: 'dolar', en: 'dollars' },
  EUR: { tr: 'euro', en: 'euros' },
  GBP: { tr: 'sterlin', en: 'pounds' },
}
const currencyWord = (code: string, language: Lang) => CURRENCY_WORDS[code]?.[language] ?? code

/** Said after a price asked in another currency ("gözlük kaç TL?" of a price in GBP): no rate is made up. */
export function otherCurrency(product: CatalogueProduct, asked: string, language: Lang): string {
  const written = currencyWord(product.currency, language)
  return language === 'tr'
    ? `Katalogdaki fiyat ${written} cinsinden; ${currencyWord(asked, language)} karşılığını bilemiyorum.`
    : `The catalogue gives the price in ${written}; I can't say what it is in ${currencyWord(asked, language)}.`
}

/** Said before how to order one that is out of stock: that it is, and that no date of its return is written. */
export function soldOut(product: CatalogueProduct, language: Lang): string {
  return language === 'tr'
    ? `Maalesef ${product.name} şu an stokta yok; ne zaman tekrar stoğa gireceği katalogda yazmıyor.`
    : `Sorry, ${product.name} is out of stock right now; the catalogue doesn't say when it will be back.`
}

/** Said after "out of stock" to "when will it be back?": the catalogue holds no date, and who may know one. */
export function notBackYet(contact: string, language: Lang): string {
  return language === 'tr' ? `Ne zaman tekrar stoğa gireceği katalogda yazmıyor. ${contact}` : `The catalogue doesn't say when it will be back. ${contact}`
}

/** "Kablosuz Kulaklık (₺1.299,90 TRY, stokta 12 adet)": a product named with its price and stock. */
const withState = (product: CatalogueProduct, language: Lang) => `${product.name} (${price(product, language)}, ${stockState(product, language)})`

export function linkOf(product: CatalogueProduct, businessName: string, language: Lang): string {
  const href = link(product)
  const named = withState(product, language)
  if (href) return language === 'tr' ? `${named} bu bağlantıdan alınabilir: ${href}` : `You can get ${named} here: ${href}`
  const name = business(businessName, language)
  return language === 'tr'
    ? `${named} için bir bağlantım yok; satın almak için ${name} ile iletişime geçebilirsiniz.`
    : `I don't have a link for ${named}; please contact ${name} to buy it.`
}

/** A picture asked for: none is sent from here; the product's page shows it (each one's, of several), or the business can send one. */
export function pictureOf(products: readonly CatalogueProduct[], businessName: string, contact: string, language: Lang): string {
  const product = products[0]!
  if (products.length > 1) return linkList(products, businessName, language, language === 'tr' ? 'Buradan fotoğraf gönderemiyorum; ürün sayfalarında görülebilirler:' : "I can't send pictures here; you can see them on their pages:")
  const href = link(product)
  const named = withState(product, language)
  if (href) return language === 'tr' ? `Buradan fotoğraf gönderemiyorum; ${named} ürün sayfasında görülebilir: ${href}` : `I can't send pictures here; you can see ${named} on its page: ${href}`
  return language === 'tr'
    ? `Buradan fotoğraf gönderemiyorum ve ${named} için bir ürün sayfası yok. ${contact}`
    : `I can't send pictures here, and ${named} has no product page. ${contact}`
}

/** Several products' links: a link where one exists, else the plain line; `said` before them in place of "found". */
export function linkList(products: readonly CatalogueProduct[], businessName: string, language: Lang, said?: string): string {
  const lines = products.map((product) => {
    const href = link(product)
    return href ? `${productLine(product, language)} — ${href}` : productLine(product, language)
  })
  const missing = products.some((product) => link(product) === null)
  const head = said ?? (language === 'tr' ? 'Bulduklarım:' : "Here's what I found:")
  const tail = missing
    ? [language === 'tr' ? `Bağlantısı olmayanlar için ${business(businessName, language)} ile iletişime geçebilirsiniz.` : `For those without a link, please contact ${business(businessName, language)}.`]
    : []
  return [head, ...lines, ...tail].join('\n')
}

function describe(product: CatalogueProduct, language: Lang): string {
  const description = product.description?.trim()
  const short = description && description.length > 90 ? `${description.slice(0, 89).trimEnd()}…` : description
  return short ? `${productLine(product, language)} (${short})` : productLine(product, language)
}

export function comparison(products: readonly CatalogueProduct[], language: Lang): string {
  const lines = products.map((product) => describe(product, language))
  // Amounts in different currencies are not compared: the catalogue has no exchange rates.
  if (products.every((product) => product.currency === products[0]!.currency)) {
    const prices = new Set(products.map((product) => product.price))
    const cheapest = products.reduce((best, product) => (product.price < best.price ? product : best))
    if (prices.size === 1) lines.push(language === 'tr' ? (products.length === 2 ? 'İkisinin fiyatı aynı.' : 'Hepsinin fiyatı aynı.') : 'They cost the same.')
    else if (products.length === 2) lines.push(language === 'tr' ? `${cheapest.name} daha uygun fiyatlı.` : `${cheapest.name} is the cheaper one.`)
    else lines.push(language === 'tr' ? `En uygun fiyatlısı ${cheapest.name}.` : `${cheapest.name} is the cheapest.`)
  }
  return lines.join('\n')
}

/** "Which one would you recommend?" just after a list: the records side by side, and no taste made up. */
export function noneBetter(products: readonly CatalogueProduct[], language: Lang): string {
  return [
    comparison(products, language),
    language === 'tr'
      ? 'Hangisinin daha iyi olduğunu katalog söylemiyor. Ne için kullanacağınızı ya da bütçenizi yazarsanız ona göre bakarım.'
      : "The catalogue doesn't say which one is better. Tell me what you need it for or your budget, and I'll look with that in mind.",
  ].join('\n')
}

/** "Anything similar?" when the catalogue has no other of its kind. */
export function noSimilar(products: readonly CatalogueProduct[], language: Lang): string {
  const names = namesOf(products, language)
  return language === 'tr' ? `Katalogda ${names} dışında benzer bir ürün yok.` : `The catalogue has nothing similar to ${names}.`
}

/** A product asked for beside one the catalogue has, in the customer's words: not listed. */
export function notListedTerm(term: string, language: Lang): string {
  return language === 'tr' ? `“${term}” ise katalogda yer almıyor.` : `“${term}” isn't in the catalogue.`
}

export function compareMissing(found: CatalogueProduct | null, contact: string, language: Lang): string {
  if (!found) {
    return language === 'tr'
      ? `Karşılaştırmak istediğiniz ürünleri bulamadım. ${contact}`
      : `I couldn't find the products you want to compare. ${contact}`
  }
  return language === 'tr'
    ? `Yalnızca birini bulabildim:\n${describe(found, language)}\nDiğerini katalogda bulamadım. ${contact}`
    : `I could only find one of them:\n${describe(found, language)}\nThe other one isn't in the catalogue. ${contact}`
}

/** The cheapest or dearest product in each currency: prices in different currencies are never ranked together. */
export function extreme(products: readonly CatalogueProduct[], order: 'cheapest' | 'priciest', language: Lang): string {
  const label = order === 'cheapest' ? (language === 'tr' ? 'En uygun fiyatlı' : 'The cheapest') : language === 'tr' ? 'En pahalı' : 'The most expensive'
  if (products.length === 1) {
    const product = products[0]!
    return language === 'tr'
      ? `${label} ürün: ${product.name} — ${price(product, language)}, ${stockState(product, language)}.`
      : `${label} is ${product.name} at ${price(product, language)}, ${stockState(product, language)}.`
  }
  const head = language === 'tr' ? `${label} ürünler (para birimine göre):` : `${label}, by currency:`
  return [head, ...products.map((product) => productLine(product, language))].join('\n')
}
