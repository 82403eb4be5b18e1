// The words of a question and what they leave: the product term (the
// message without its question words, for the catalogue's search), two
// products joined in one message, a pointer back to what was listed ("the
// second one"), and the forms of a yes-or-no question.
import { thingWords } from './lexicon.ts'
import { withOrWithout } from './matching.ts'
import { asciiKey, keyLine, words, type Word } from './text.ts'
import { opens, LEADERS } from './courtesy-words.ts'

// Words that belong to the question, the greeting or the sentence, not to the product.
const QUESTION_WORDS: ReadonlySet<string> = new Set([
  // Turkish
  'ne', 'kadar', 'kadardir', 'kadarmis', 'fiyat', 'fiyati', 'fiyatlari', 'fiyatini', 'fiyatlarini', 'fiyatiniz', 'fiyatlariniz', 'kac', 'kaca', 'para', 'tl',
  'lira', 'lirasi', 'liralari', 'ucret', 'ucreti', 'ucretleri', 'var', 'yok', 'mi', 'mu', 'midir', 'mudur', 'misiniz', 'musunuz', 'mevcut', 'mevcudu', 'stok', 'stokta',
  'stokda', 'stoklarda', 'stokunuz', 'stogu', 'kaldi', 'bulunuyor', 'link', 'linki', 'linkini', 'linkiniz', 'linkleri', 'baglanti', 'baglantisi',
  'baglantisini', 'web', 'sitesi', 'sayfasi', 'nereden', 'nerden', 'nasil', 'alabilirim', 'alirim', 'alinir', 'satin', 'al', 'almak',
  'istiyorum', 'siparis', 'verebilirim', 'edebilirim', 'vermek', 'cesit', 'cesitler', 'cesitleri', 'cesitleriniz', 'cesitlerin', 'modeller',
  'modelleri', 'modelleriniz', 'secenek', 'secenekler', 'seceneklerin', 'seceneklerini', 'secenekleriniz', 'neler', 'nelerdir', 'hangi',
  'hangisi', 'hangisini', 'hangisine', 'hangileri', 'hangilerini', 'satiyorsunuz', 'ile', 've', 'veya', 'yoksa', 'arasindaki', 'arasinda', 'fark', 'farki', 'farklari', 'farkli',
  'nedir', 'karsilastir', 'karsilastirir', 'karsilastirin', 'karsilastirma', 'karsilastirabilir', 'en', 'ucuz', 'ucuzu', 'uygun', 'uygunu',
  'kullanilir', 'kullanilabilir', 'kullanabilir', 'use', 'used', 'suitable', 'kadardi', 'neydi', 'neden', 'niye', 'nicin', 'why',
  'pahali', 'pahalisi', 'dusuk', 'yuksek', 'fiyatli', 'fiyatlisi', 'hesapli', 'hesaplisi', 'ekonomik', 'lutfen', 'acaba', 'peki', 'bir', 'sizde', 'sizin', 'sende', 'elinizde', 'bende', 'bana', 'icin',
  'de', 'da', 'ki', 'tane', 'adet', 'urun', 'urunler', 'urunu', 'urunun', 'urunleriniz', 'urununuz', 'urunlerinizde', 'urunleri', 'urunlerini', 'urunlerinizi', 'urunlerin', 'hala',
  'merhaba', 'selam', 'selamlar', 'mrb', 'slm', 'gunaydin', 'iyi', 'gunler', 'aksamlar', 'tesekkurler', 'tesekkur', 'ederim', 'sagol',
  'sagolun', 'rica', 'ederiz', 'soyler', 'soyleyebilir', 'misin', 'musun', 'ogrenebilir', 'ogrenmek', 'bilgi', 'bilgisi', 'bilgileri', 'bilgilerini', 'alabilir', 'olur', 'olsun',
  // English
  'how', 'much', 'is', 'are', 'was', 'the', 'a', 'an', 'price', 'prices', 'pricing', 'priced', 'of', 'for', 'cost', 'costs', 'does', 'do',
  'you', 'have', 'has', 'got', 'in', 'stock', 'stocked', 'available', 'availability', 'any', 'what', 'whats', 'where', 'can', 'could',
  'should', 'i', 'we', 'buy', 'get', 'purchase', 'order', 'link', 'links', 'url', 'website', 'page', 'to', 'compare', 'comparison', 'and',
  'or', 'between', 'difference', 'differences', 'differ', 'vs', 'versus', 'cheapest', 'most', 'expensive', 'least', 'lowest', 'highest',
  'affordable', 'priciest', 'which', 'please', 'there', 'sell', 'carry', 'offer', 'kinds', 'kind', 'types', 'type', 'sorts', 'sort',
  'options', 'selection', 'range', 'show', 'me', 'list', 'tell', 'about', 'still', 'would', 'like', 'want', 'need', 'looking', 'some',
  'hi', 'hello', 'hey', 'thanks', 'thank', 'your', 'yours', 'our', 'my', 'left', 'else', 'know', 'let', 'find', 'info', 'information',
  'products', 'product', 'items', 'item', 'currently', 'right', 'now', 'today', 'sold', 'out', 'on',
  // Asking about an attribute, an order, a recommendation or a budget
  'beden', 'bedeni', 'bedenleri', 'bedenler', 'bedenli', 'numara', 'numarasi', 'numaralar', 'renk', 'rengi', 'renkleri', 'renkler',
  'renkte', 'kumas', 'kumasi', 'malzeme', 'malzemesi', 'materyal', 'materyali', 'olcu', 'olculeri', 'olcusu', 'boyut', 'boyutu',
  'boyutlari', 'ebat', 'ebati', 'agirlik', 'agirligi', 'size', 'sizes', 'colour', 'color', 'colours', 'colors', 'material',
  'made', 'fabric', 'dimensions', 'dimension', 'big', 'weight', 'heavy', 'alacagim', 'aliyorum', 'alayim', 'istiyorum', 'siparis',
  'tamam', 'ok', 'okay', 'take', 'ill', 'will', 'two', 'iki', 'onerir', 'onerirsin', 'onerirsiniz', 'oneri', 'tavsiye', 'tavsiyeniz',
  'misin', 'musun', 'ariyorum', 'ariyordum', 'bakiyorum', 'bakiyordum', 'bakiniyorum', 'recommend', 'suggest', 'suggestion', 'suggestions', 'something', 'sey', 'bisey', 'birsey', 'altinda',
  'alti', 'ustu', 'uzeri', 'under', 'below', 'over', 'above', 'up', 'at', 'most', 'least', 'fazla', 'az', 'butce', 'butcem',
  'budget', 'liraya', 'liralik', 'dolar', 'dollar', 'dollars', 'euro', 'euros', 'avro', 'pound', 'pounds', 'sterlin', 'sterling', 'gbp', 'usd', 'eur', 'arasi', 'between', 'ne', 'nedir', 'neler', 'hangi',
  'var', 'mi', 'mu', 'miyim', 'muyum', 'miyiz', 'muyuz', 'misiniz', 'musunuz', 'midir', 'mudur', 'birlikte', 'beraber', 'together', 'altogether', 'combined', 'kac', 'kadar', 'kadr', 'kdr', 'nekadar', 'nekadr', 'cm', 'icin', 'olan', 'gibi', 'm', 's', 'l', 'xl', 'xs', 'xxl', 'it', 'is', 'what', 'which', 'there',
  'have', 'do', 'in', 'baska', 'another', 'other', 'also', 'disinda', 'haric', 'boy', 'boyu', 'uzunlugu', 'long', 'id', 'im', 'ive', 'youre', 'dont',
  'kalan', 'kalmis', 'elinizde', 'elimde', 'ya', 'olan', 'ama', 'about', 'alirim', 'veriyorum', 'veririm', 'verecegim', 'alacagiz', 'begendim', 'begendik', 'begenmistim', 'sevdim', 'alicam', 'alcam', 'alicaz', 'vericem', 'vercem', 'vericez', 'atarmisiniz', 'atarmisin', 'gonderirmisiniz', 'send', 'gonder', 'gonderir', 'gonderebilir', 'atar',
  'atabilir', 'atin', 'yollar', 'yollayabilir', 'diger', 'digeri', 'obur', 'oburu', 'oteki', 'other', 'again', 'thing', 'things', 'anything', 'sey', 'seyler', 'bisey', 'birsey', 'urununuz',
  'sattiginiz', 'satilan', 'satiyorsunuz', 'satista', 'hala', 'still', 'pay', 'odeme', 'odemeyi', 'oderim', 'you', 'sell', 'selling', 'got', 'adet', 'tane', 'stuff', 'goods',
  // Where an order is placed, not what is ordered ("can I order on WhatsApp?").
  'verebilir', 'verebilirim', 'verilir', 'verilebilir', 'whatsapp', 'whatsapptan', 'whatsappdan', 'instagram', 'instagramdan', 'dm', 'website', 'siteden', 'sitenizden', 'internetten',
  // Where it was seen ("I saw the velvet jacket on insta", "instada gördüm").
  'saw', 'seen', 'insta', 'instada', 'ig', 'tiktok', 'tiktokta', 'facebook', 'fb', 'gordum', 'gormustum',
  // A price in another currency, asked as a conversion ("TL'ye çevirir misiniz", "tl ye", "convert it to euros").
  'ye', 'cevir', 'cevirir', 'cevirin', 'cevirebilir', 'cevirebilirmisiniz', 'convert', 'converted', 'conversion',
  // A picture of it is asked for, not a product called so ("çantanın fotoğrafını atar mısınız").
  'picture', 'pictures', 'photo', 'photos', 'pic', 'pics', 'fotograf', 'fotografi', 'fotografini', 'fotograflari', 'fotograflarini',
  'resmini', 'resimleri', 'resimlerini', 'gorsel', 'gorseli', 'gorselini', 'gorselleri',
  'gorebilir', 'gorebilirim', 'gormek', 'gormem', 'goster', 'gosterir', 'gosterebilir', 'gosterin', 'see', 'view',
  // The whole catalogue's most or least ("the most expensive thing overall").
  'overall', 'altogether',
  // How many, and how many are taken ("how many are left", "ok just 5 then").
  'many', 'just', 'only', 'then', 'sadece',
  // Help asked for is no product ("can you help me find a bag?").
  'help', 'yardim', 'yardimci',
  'ney', 'neyiniz', 'neyin', 'neleriniz', 'nelerin', 'olani', 'olanlari', 'olanin', 'sizdeki', 'sizdekiler', 'elinizdeki', 'burada', 'here',
  'alsam', 'alsak', 'alsaniz', 'alirsam', 'alirsak', 'alirsaniz', 'gelip', 'oder', 'oderim', 'oderiz', 'odemem', 'odeyecek', 'olacak', 'istesem', 'dearest', 'pricey', 'degerli', 'degerlisi', 'premium', 'luxury', 'luks', 'lux',
  // Which of a list ("ilkinin linki", "the second one"): ordinalOf reads the place, no product is so named.
  'ilk', 'ilki', 'ilkini', 'ilkinin', 'ilkine', 'birinci', 'birincisi', 'birincinin', 'ikinci', 'ikincisi', 'ikincinin', 'ikinciyi', 'ucuncu',
  'ucuncusu', 'ucuncunun', 'ucuncuyu', 'dorduncu', 'dorduncusu', 'besinci', 'besincisi', 'sonuncu', 'sonuncusu', 'sonuncunun', 'sonuncuyu',
  'first', 'second', 'third', 'fourth', 'fifth', 'birincisinin', 'birincisini', 'ikincisinin', 'ikincisini', 'ucuncusunun', 'ucuncusunu',
  'dorduncusunun', 'dorduncusunu', 'besincisinin', 'besincisini', 'sonuncusunun', 'sonuncusunu',
  'durum', 'durumu', 'status', 'daha', 'youve', 'weve', 'theyve', 'youll', 'youd', 'isnt', 'doesnt', 'cant', 'wont', 'didnt', 'arent', 'theres', 'heres', 'wheres', 'hows', 'lets', 'thats', 'cheers', 'too', 'gimme', 'ayir', 'ayirin', 'ayirir', 'ayirabilir', 'ayirabilirmisiniz', 'when', 'be', 'back', 'restock', 'coming', 'come', 'comes', 'tekrar', 'gelecek', 'gelir', 'zaman', 'stoga', 'stoklara', 'girer', 'girecek',
  // Haste ("kaç tl acil dönüş", "asap pls"): how soon an answer is wanted, no part of a name.
  'acil', 'acele', 'donus', 'donusunuz', 'donusunuzu', 'bekliyorum', 'asap', 'urgent', 'urgently',
  // Whom it is said to ("abla ceket kaç?", "hocam"): no part of a name.
  'abla', 'abi', 'hocam', 'kardesim', 'kardes', 'canim', 'dostum', 'efendim', 'bro', 'mate', 'sir', 'madam',
  'ablacim', 'abicim', 'abim', 'ablam', 'hocacim', 'kanka', 'kankam', 'kanki', 'reis', 'gulum', 'tatlim', 'canimm',
  // Exclamations and lead-ins ("omg", "lol", "quick question"): no product's words.
  'omg', 'lol', 'haha', 'hahaha', 'xd', 'wow', 'ooh', 'oh', 'aa', 'vay', 'quick', 'question', 'questions',
  // Asking to be looked at for ("bi bakar mısınız, kılıf stokta yok mu?"): no product's words.
  'bi', 'bakar', 'bakarmisiniz', 'bakabilir', 'bakabilirmisiniz', 'bakin', 'bakiniz',
  // Text-speak ("whats the cheapest thing u have"), and the words around an amount, a time or a sameness.
  'u', 'ur', 'r', 'n', 'rn', 'she', 'he', 'her', 'him', 'pls', 'plz', 'thx', 'ty', 'wat', 'wats', 'waht', 'whta', 'hav', 'hve', 'hw', 'olarak', 'roughly', 'approximately', 'approx', 'around', 'yaklasik', 'civari', 'civarinda',
  'ayni', 'aynimi', 'same', 'yet', 'already', 'henuz', 'icinde', 'olabilir',
  // Surprise at an answer ("gerçekten yok mu?", "hiç kalmadı mı?"): no product's words.
  'gercekten', 'hic', 'kalmadi', 'kalmamis',
  // Praise and its intensifiers: the customer's taste, which no record holds ("çok güzel elbise", "that lovely scarf").
  'cok', 'guzel', 'guzelim', 'sik', 'hos', 'harika', 'mukemmel', 'muhtesem', 'enfes', 'nice', 'lovely', 'beautiful', 'pretty', 'cute',
  // …as seen ("ilki güzelmiş", "ikincisi çok tatlıymış", "the first one looks nice"); "tatlı" alone may be what a shop sells.
  'guzelmis', 'guzeldi', 'harikaymis', 'hosmus', 'sikmis', 'tatliymis', 'tatlimis', 'sevimli', 'sevimliymis', 'looks', 'seems',
  'gorgeous', 'stunning', 'amazing', 'awesome', 'perfect', 'great', 'excellent', 'super', 'very', 'so', 'such', 'really',
  'love', 'loves', 'likes', 'loving', 'adore', 'obsessed', 'bayildim', 'bayiliyorum', 'asik', 'asigim',
  // The customer's own measures, given to ask a size ("1.70 boyundayım 65 kiloyum", "I'm 5'6, would a medium fit?").
  'boyum', 'boyunda', 'boyundayim', 'boyluyum', 'kilom', 'kiloyum', 'kilodayim', 'kg', 'tall', 'fit', 'fits', 'almaliyim', 'olurmu',
  // What was bought before ("bought a medium but it doesn't fit"): the product is the one discussed, not one so named.
  'bought', 'but', 'aldim', 'almistim', 'ama', 'fakat',
  // What a product needs ("kuru temizleme mi gerekir?", "is dry cleaning required?"): the need is asked, not named.
  'gerekir', 'gerekiyor', 'gerekli', 'required', 'needed',
  // The whole catalogue ("show me everything you have", "tüm ürünleri göster"): no kind of product.
  'everything', 'tum', 'butun', 'hersey',
  // Asking again what was said ("gömlek 649 muydu?"), or asking at all ("quick q").
  'muydu', 'miydi', 'quick', 'q',
  // A sum asked of several ("3 tane tişört toplam ne kadar?").
  'toplam', 'toplamda', 'tutar', 'tutari', 'eder', 'total', 'together',
  // How pleased the customer was with it ("gözlük almıştım, çok memnunum; şapkanız var mı?").
  'memnun', 'memnunum', 'memnunuz', 'mutlu', 'mutluyum', 'happy', 'pleased', 'satisfied',
  // A question put politely ("I was wondering if you have the bag in black").
  'wondering', 'wonder', 'if', 'whether',
  // Whom it is said to, and an okay before a question ("do u guys have hats", "fine, what's similar", "cool, how do i order").
  'guys', 'yall', 'yo', 'fine', 'cool', 'alright', 'sweet', 'gotcha', 'okay', 'ok', 'okey', 'tamam', 'tamamdir',
  // Exclamations before a question ("oh it's out of stock?").
  'oh', 'ah', 'aah', 'ooh', 'hmm', 'hm', 'wow', 'aa', 'ay', 'vay', 'hee',
  // What information is asked about ("keten gömlek hakkında bilgi", "details on the bag").
  'hakkinda', 'hakkindaki', 'konusunda', 'details', 'detail', 'regarding',
  'bucks', 'buck', 'quid', 'shop', 'shops', 'store', 'stores', 'online', 'less', 'than', 'more', 'max', 'maximum', 'maksimum', 'within', 'cheaper', 'upto',
])

// Words that point back at the product already discussed: a question made only of these is a follow-up.
const POINTERS: ReadonlySet<string> = new Set([
  'it', 'its', 'this', 'that', 'one', 'them', 'these', 'those', 'they', 'bu', 'su', 'o', 'onun', 'bunun', 'sunun', 'bunu', 'onu', 'sunu',
  'bundan', 'ondan', 'sundan', 'buna', 'ona', 'suna', 'bunlar', 'onlar', 'bunlarin', 'onlarin', 'bunlardan', 'ikisi', 'ikisinin', 'ikisini', 'ikiside', 'hepsi', 'hepsinin', 'hepsini', 'both', 'all', 'ones',
])

// Between the two products of a comparison: the strong ones are preferred, since "and" may be part of a name.
const STRONG_SEPARATORS: ReadonlySet<string> = new Set(['or', 'vs', 'versus', 'with', 'ile', 'veya', 'yoksa'])
const WEAK_SEPARATORS: ReadonlySet<string> = new Set(['and', 've'])

const PLACES: readonly [RegExp, number][] = [
  [/ (ilk|ilki|ilkini|ilkinin|ilkine|birinci\w*|the first|first one|1\.[a-z]\w*|number 1) /, 0],
  [/ (ikinci\w*|the second|second one|2\.[a-z]\w*|number 2) /, 1],
  [/ (ucuncu\w*|the third|third one|3\.[a-z]\w*|number 3) /, 2],
  [/ (dorduncu\w*|the fourth|fourth one|4\.[a-z]\w*|number 4) /, 3],
  [/ (besinci\w*|the fifth|fifth one|5\.[a-z]\w*|number 5) /, 4],
  [/ (sonuncu\w*|the last one|last one) /, -1],
]

/** The place in the last list that the message points at ("ilkinin linki", "the second one", "sonuncusu"): from 0, or -1 for the last. */
export function ordinalOf(message: string): number | null {
  const line = keyLine(words(message))
  return PLACES.find(([pattern]) => pattern.test(line))?.[1] ?? null
}

/** "The first two", "ilk ikisi", "the last two": two places at once, as [first, second] (from 0; -1 is the last). */
const TWO_PLACES: readonly [RegExp, [number, number]][] = [
  [/ (ilk (iki|ikisi\w*)|first two|top two) /, [0, 1]],
  [/ (son (iki|ikisi\w*)|last two) /, [-2, -1]],
]

/** The two places in the last list a message compares ("the first and the third", "ilk ikisi"), or null unless two. */
export function twoPlacesOf(message: string): [number, number] | null {
  const line = keyLine(words(message))
  const both = TWO_PLACES.find(([pattern]) => pattern.test(line))
  if (both) return both[1]
  const named = PLACES.filter(([pattern]) => pattern.test(line)).map(([, place]) => place)
  return named.length === 2 ? [named[0]!, named[1]!] : null
}

/** A word pointing back: "şu" is one, but "su" as written is water ("su geçirmez", "su şişesi"). */
function pointer(word: Word): boolean {
  return POINTERS.has(word.key) && !(word.key === 'su' && !/ş/i.test(word.text))
}

// "Bu akşam", "şu an", "this week": a pointer at a time, not at a product.
const POINTED_TIMES = /^(kadar|aksam\w*|sabah\w*|gece\w*|ogle\w*|gun\w*|hafta\w*|ay|ayki|yil\w*|sene\w*|sefer\w*|an|anda|aralar\w*|kis\w*|yaz|yazin|week\w*|weekend|evening|morning|night|month|year|time)$/

/** Whether the message points back at what was just discussed ("is it…", "bunun…"). */
export function pointsBack(message: string): boolean {
  // "Bu kadar", "o kadar": "that much", "that's all", pointing at nothing.
  const list = words(message)
  return list.some((word, i) => pointer(word) && !POINTED_TIMES.test(list[i + 1]?.key ?? ''))
}

/** "That one", "bunu", "I'll take it": one thing pointed at; "them", "hepsini", "both": all of what was shown. */
const ONE_POINTED = / (that one|this one|the one|it|bunu|onu|sunu|bundan|ondan|sundan|birini|birinden) /
const ALL_POINTED = / (them|all|both|these|those|hepsi\w*|ikisi\w*|ucu\w*|bunlar\w*|onlar\w*|sunlar\w*|tumu\w*) /

/** Whether the message points at all of what was shown ("I'll take them all", "hepsini alayım"). */
export const pointsAtAll = (message: string): boolean => ALL_POINTED.test(keyLine(words(message)))

/** Whether the message points at one of what was shown, not at all of it ("I'll take that one", "bunu alayım"). */
export const pointsAtOne = (message: string): boolean => ONE_POINTED.test(keyLine(words(message))) && !pointsAtAll(message)

/**
 * Whether the message asks something of "it", the product just discussed
 * ("is it bluetooth?", "does it come in black?", "bu su geçirmez mi?"),
 * however well its other words would name another product.
 */
export function asksOfIt(message: string): boolean {
  const line = keyLine(words(message))
  return / (is|does|can|will|would|could|has|was) (it|this|that) | (are|do|can|will) (they|these|those) /.test(line) || /^ (bu|bunun|bunu|o|onun|onu) (?!kadar )/.test(line)
}

/** A word of doubt or feeling said after a question. */
const DOUBT = /^(gercekten|acaba|ya|yaa|yani|peki|really|though|tho|then)$/

/** Whether the message is a yes-or-no question ("öğütülmüş mü?", "is it lined?"). */
export function yesOrNo(message: string): boolean {
  // "Bu şal ipek mi gerçekten?", "is it silk really?": a word of doubt after the question leaves it one.
  const said = words(message)
  const list = said.length >= 3 && DOUBT.test(said.at(-1)!.key) ? said.slice(0, -1) : said
  const last = list[list.length - 1]?.key ?? ''
  // "Can you write a poem about tea?" asks the assistant to do something, not whether the tea is so.
  // "Kutusuyla mı geliyor?", "kuru temizleme mi gerekir?": the particle after the word asked about, and the verb last.
  const particleBefore = list.length >= 3 && /^m[iu]$/.test(list[list.length - 2]!.key) && (PRESENT_VERB.test(last) || /^(gerekir|gerekli|lazim|olur)$/.test(last))
  // "The necklace, is it tarnish free?": the question after the thing it is about.
  const afterComma = /,\s*(is|are|does|do|has|have|was)\s+(it|they|this|that|these|those)\b/i.test(message)
  // "Hi, is the smart watch waterproof?": the question begins after the greeting or the "ok".
  const start = list.findIndex((word) => !opens(word.key) && !LEADERS.has(word.key))
  const asked = keyLine(start > 0 ? list.slice(start) : list)
  return /^m[iu](s[iu]n[iu]z|y[iu]m|d[iu]r)?$/.test(last) || particleBefore || afterComma || /^ (is|are|does|do|can(?! you )|will(?! you )|has|have|was) /.test(asked)
}

/** A Turkish verb in the present, as a question ends on it: "geliyor", "gönderiyorsunuz", "yapılıyor". */
const PRESENT_VERB = /^\w{2,}(iyor|uyor)(sunuz|lar|sun|um|uz)?$/

// Words that ask whether something exists ("kaşmir atkı var mı?"), not whether it is so.
export const EXISTENCE = / (var|varmi|yok|mevcut\w*|bulun\w*|sat\w*|kald\w*|have|has|got|sell|sells|stock|carry|any|available) /

/** Whether the message asks whether something exists or is sold ("küpe yok mu?", "do you have earrings?"). */
export const asksWhetherThereIs = (message: string) => EXISTENCE.test(keyLine(words(message)))

/** Whether the message asks whether something is so ("öğütülmüş mü?", "is it lined?"), not whether it exists. */
export function asksWhetherSo(message: string): boolean {
  return yesOrNo(message) && !EXISTENCE.test(keyLine(words(message)))
}

/** Whether a word (as its ASCII key) belongs to the question rather than to what is asked about. */
export function isQuestionWord(key: string): boolean {
  return QUESTION_WORDS.has(key) || POINTERS.has(key)
}

/** A Turkish "your" ending taken off ("kulaklıklarınız" → "kulaklıklar"), when enough of the word is left. */
export function stripPossessive(word: string): string {
  const stripped = word.replace(/(?:[ıiuü]n[ıiuü]z|n[ıiuü]z)(?:[ıiuü]n|d[ae]|[ıiuü])?$/u, '')
  if (stripped === word || Array.from(stripped).length < 3) return word
  // The soft ğ of "kulaklığınız" is the k of "kulaklık".
  return stripped.replace(/ğ$/u, 'k')
}

/** "Kaç saat", "kaç gün": how long, never a watch ("Akıllı Saat") or a day's product. */
const TIME_UNITS = /^(saat|saati|saatte|gun|gunde|gunu|dakika\w*|hafta\w*|ay|ayda|yil\w*)$/

/** The shop itself in any case ending ("mağazanızdaki en ucuz şey"): never a product's name. */
const THE_SHOP = /^(magaza|dukkan)\w*$/

/** An account elsewhere, by its site's name ("instagram hesabınız", "are you on tiktok"), as a reply names it. */
export const ACCOUNTS: readonly [RegExp, string][] = [
  [/^(instagram\w*|insta|ig)$/, 'Instagram'],
  [/^(facebook\w*|fb)$/, 'Facebook'],
  [/^tiktok\w*$/, 'TikTok'],
  [/^twitter\w*$/, 'X (Twitter)'],
  [/^youtube\w*$/, 'YouTube'],
  [/^linkedin\w*$/, 'LinkedIn'],
  [/^pinterest\w*$/, 'Pinterest'],
  [/^telegram\w*$/, 'Telegram'],
]
/** "Instagramda gördüğüm çanta", "facebook sayfanızdaki elbise": where it was seen is no part of its name. */
const SEEN = /^(gordugum|gordugumuz|gordum|gorduk|paylastiginiz|paylasilan|paylastigin|sayfa\w*|hesab\w*|hesap|saw|seen|page|account|post|posted)$/
const namesAccount = (word: Word) => ACCOUNTS.some(([pattern]) => pattern.test(word.key))
/** The words without where the product was seen, when they name an account it was seen on. */
export function withoutWhereSeen(list: readonly Word[]): readonly Word[] {
  return list.some(namesAccount) ? list.filter((word) => !namesAccount(word) && !SEEN.test(word.key)) : list
}

/** "Sitedeki", "web sitenizdeki": on the website, a place something was seen, not a thing asked for. */
const ON_SITE_TR = /^(web)?site(de|deki|nizde|nizdeki|mizde|mizdeki|sinde|sindeki)$/
/** The words without "on your website", "sitenizdeki": where something is listed is no part of what is asked of it. */
export function withoutWebsite(list: readonly Word[]): readonly Word[] {
  const drop = new Set<number>()
  list.forEach((word, i) => {
    if (ON_SITE_TR.test(word.key)) for (let j = list[i - 1]?.key === 'web' ? i - 1 : i; j <= i; j++) drop.add(j)
    if (/^(website|site)$/.test(word.key)) {
      const lead = /^(your|the|ur)$/.test(list[i - 1]?.key ?? '') ? i - 2 : i - 1
      if (/^(on|in|at)$/.test(list[lead]?.key ?? '')) for (let j = lead; j <= i; j++) drop.add(j)
    }
  })
  return list.filter((_, i) => !drop.has(i))
}

/** Whose money a currency is ("Türk lirası", "US dollars"): of the currency, no part of a name. */
const OF_CURRENCY = (list: readonly Word[], i: number) =>
  /^(turk|turkish|us|american|amerikan)$/.test(list[i]!.key) && /^(lira\w*|tl|dolar\w*|dollars?)$/.test(list[i + 1]?.key ?? '')

/** English words a "not" negates after ("I'm not home", "if not", "does not fit"), where it is no Turkish "not" (a note). */
const NEGATED_AFTER = /^(im|i|am|is|are|was|were|do|does|did|will|would|can|could|should|has|have|had|its|if|or|why|it|they|he|she|we|you)$/
const negates = (list: readonly Word[], i: number) => list[i]!.key === 'not' && NEGATED_AFTER.test(list[i - 1]?.key ?? '')
/** A number with its "of them" ending ("2'si", "6sı", "3ü"; "ikisi", "ikisini", "üçü"): how many of the one discussed, no part of a name. */
const OF_THEM = /^([1-9]|1[0-2])s?[iu]$/
const OF_THEM_WORDS: Readonly<Record<string, number>> = { ikisi: 2, ucu: 3, dordu: 4, besi: 5 }
const OF_THEM_WRITTEN = new RegExp(`^(${Object.keys(OF_THEM_WORDS).join('|')})(ni|nin|ne|nden|yle)?$`)
export function ofThem(key: string): number | null {
  const digits = OF_THEM.exec(key)
  if (digits) return Number(digits[1])
  return OF_THEM_WORDS[OF_THEM_WRITTEN.exec(key)?.[1] ?? ''] ?? null
}

/** The product words of a run of words: question words and pointers out, the last word's possessive ending off. */
export function productTerm(list: readonly Word[]): string {
  // "Merhabalar, kadife ceket…": the greeting it opens with is no part of a name.
  const said = withoutWhereSeen(list)
  const asked = said.slice(Math.max(said.findIndex((word) => !opens(word.key)), 0))
  const kept = asked
    .filter((word, i) => !QUESTION_WORDS.has(word.key) && !pointer(word) && !THE_SHOP.test(word.key) && !OF_CURRENCY(asked, i) && ofThem(word.key) === null && !(asked[i - 1]?.key === 'kac' && TIME_UNITS.test(word.key)) && !negates(asked, i))
    .map((word) => word.text)
  if (kept.length > 0) kept[kept.length - 1] = stripPossessive(kept[kept.length - 1]!)
  // "En ucuz şeyiniz": without its ending the last word may be one of the question's.
  if (kept.length > 0 && QUESTION_WORDS.has(asciiKey(kept[kept.length - 1]!))) kept.pop()
  return kept.join(' ')
}

/** "Deri çanta ve gümüş kolye ne kadar?": the two product terms a price or stock question joins, or null. */
export function productPair(message: string): [string, string] | null {
  return splitPair(words(message), true)
}

/**
 * "Çay, kahve ve bal var mı?", "do you have tea, coffee and honey": the product terms a message lists between commas and
 * joining words (one when it lists none). Things named side by side ("çay kahve") are one term here: only the catalogue
 * can tell them from one name ("telefon kılıfı").
 */
export function listedTerms(message: string): string[] {
  const apart = (list: readonly Word[]): string[] => {
    const pair = splitPair(list, true)
    return pair ? pair.flatMap((term) => apart(words(term))) : [productTerm(list)]
  }
  return message
    .split(/[,;]+/u)
    .flatMap((chunk) => apart(words(chunk)))
    .filter((term) => term !== '')
}

/**
 * "Kot pantolonla keten gömlek", "kazakla eşarp", "çantayla kolye": two product terms joined by "with" written as the
 * first one's ending, or null. Only the responder's catalogue can tell a name that ends so ("Tesla") from one that
 * was joined, so the caller asks it for both.
 */
export function pairByEnding(message: string): [string, string] | null {
  const list = words(message)
  for (let at = 0; at < list.length - 1; at++) {
    const stem = withoutWithEnding(list[at]!.text)
    if (stem === null) continue
    const first = productTerm([...list.slice(0, at), ...words(stem)])
    const second = productTerm(list.slice(at + 1))
    if (first !== '' && second !== '') return [first, second]
  }
  return null
}

const VOWELS = /[aıoueiöü]/gu
/**
 * The word without Turkish "with" ("pantolonla" → "pantolon", "gömlekle" → "gömlek", "çantayla" → "çanta"), or null
 * when it has no such ending: the ending's vowel follows the word's last vowel, and a "y" comes between it and a word
 * ending in a vowel ("vanilla" and "tesla" end in no "with").
 */
export function withoutWithEnding(word: string): string | null {
  const match = /^(\p{L}{3,}?)(yl[ae]|l[ae])$/u.exec(word)
  if (!match) return null
  const [, stem, ending] = match as unknown as [string, string, string]
  const last = stem.match(VOWELS)?.at(-1)
  if (last === undefined) return null
  const afterVowel = /[aıoueiöü]$/u.test(stem)
  if (afterVowel !== ending.startsWith('y')) return null
  return 'aıou'.includes(last) === ending.endsWith('a') ? stem : null
}

/** The two product terms around the separator, or null when one side has no product words. */
export function splitPair(list: readonly Word[], explicit: boolean): [string, string] | null {
  // "Kutusu ile mi geliyor?", "şarj aleti ile geliyor mu?" ask what it comes with: "ile" asked about joins no two products.
  const comesWith = (next: string) => /^m[iu]$/.test(next) || /^gel(iyor|ir)/.test(next)
  const find = (set: ReadonlySet<string>) => list.findIndex((word, index) => index > 0 && set.has(word.key) && !(word.key === 'ile' && comesWith(list[index + 1]?.key ?? '')))
  let at = find(STRONG_SEPARATORS)
  if (at < 0 && explicit) at = find(WEAK_SEPARATORS)
  // "Kahve mi çay mı daha pahalı?": two question particles, each after one of the two.
  const particles = list.flatMap((word, index) => (/^m[iu]$/.test(word.key) ? [index] : []))
  if (at < 0 && particles.length >= 2 && particles[0]! > 0) at = particles[0]!
  if (at < 0) return null
  const first = productTerm(list.slice(0, at))
  const second = productTerm(list.slice(at + 1))
  if (first === '' || second === '') return null
  // "The wired and wireless headphones", "kablolu ve kablosuz kulaklık": the kind named once is both sides'.
  const head = thingWords(second).at(-1)
  // ("Kablolu" reads as a cable; beside "kablosuz" it is only the kind's with-or-without.)
  const pairsWithSecond = (a: Word) => words(second).some((b) => withOrWithout(a.key, b.key))
  if ((thingWords(first).length === 0 || words(first).every(pairsWithSecond)) && head && words(second).length >= 2) return [`${first} ${head}`, second]
  return [first, second]
}
