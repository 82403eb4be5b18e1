// The words of a question and what they leave: the product term, two products in one message, pointers back, and the
// forms of a yes-or-no question; checked on customers' own Turkish and English, with what each must not read into them.
import { describe, expect, it } from 'vitest'
import { keyLine, words } from './text.ts'
import {
  asksOfIt, asksWhetherSo, asksWhetherThereIs, EXISTENCE, isQuestionWord, ofThem, ordinalOf, twoPlacesOf, pairByEnding, pointsAtOne, pointsBack, productPair,
  productTerm, splitPair, stripPossessive, withoutWebsite, withoutWithEnding, yesOrNo,
} from './question-words.ts'

describe('productTerm', () => {
  it.each([
    ['deri ceket ne kadar', 'deri ceket'], ['Deri ceket ne kadar?', 'deri ceket'], ['ceket', 'ceket'],
    ['Merhaba, keten gömlek stokta var mı?', 'keten gömlek'], ['merhabalar kadife ceket var mı', 'kadife ceket'],
    ['how much is the leather jacket', 'leather jacket'], ['do you have silk scarves in stock?', 'silk scarves'],
    ['hi there do you have mugs', 'mugs'], ['coffee machine price please', 'coffee machine'], ['kahve makinesi fiyatı', 'kahve makinesi'],
    // The letters are kept for the catalogue, and a Turkish suffix after an apostrophe is no part of the name.
    ["iphone'un fiyatı", 'iphone'], ['keten gömlek hakkında bilgi', 'keten gömlek'],
    // Chat shorthand is read as the question's words it stands for.
    ['nkdr bu kazak', 'kazak'], ['fyt kazak', 'kazak'],
    // "Your" comes off the last word, the soft ğ back to k.
    ['kulaklıklarınız ne kadar', 'kulaklıklar'], ['kulaklığınız var mı', 'kulaklık'], ['yüzüğünüz ne kadar', 'yüzük'], ['ceketinizin fiyatı', 'ceket'],
    // Praise, whom it is said to, and where it was seen are no part of a name.
    ['çok güzel elbise kaç tl', 'elbise'], ['that lovely scarf how much', 'scarf'], ['abla ceket kaç', 'ceket'],
    ['instada gördüm kadife ceket', 'kadife ceket'], ['I saw the velvet jacket on insta', 'velvet jacket'], ['can you help me find a bag', 'bag'],
    ['instagramda gördüğüm çanta hala var mı', 'çanta'], ['facebook sayfanızdaki lokum kaç para', 'lokum'], ['hesap makinesi var mı', 'hesap makinesi'],
    // "Şu" points back; "su" as written is water.
    ['şu çanta kaç tl', 'çanta'], ['su geçirmez mi', 'su geçirmez'], ['su şişesi var mı', 'su şişesi'],
    // A watch is a product; "kaç saat" asks how long.
    ['akıllı saat ne kadar', 'akıllı saat'], ['saatiniz kaç tl', 'saat'], ['kaç saat', ''], ['kaç gün', ''], ['kaç dakika', ''],
    // "Not" is a note unless English negates with it.
    ['not defteri var mı', 'not defteri'], ['I need a note', 'note'], ['does not fit', ''],
  ])('%j names %j', (message, term) => {
    expect(productTerm(words(message))).toBe(term)
  })

  it.each([
    'ne kadar', 'fiyat', 'selam', 'bunun fiyatı ne', 'is it available?', 'mağazanızdaki en ucuz şey',
    'en ucuz şeyiniz ne', 'dükkanınızda neler var', '2si ne kadar', 'ikisini alayım', 'ilki güzelmiş', 'the first one looks nice',
    'linkini atar mısınız', 'fotoğrafını atar mısınız', 'ürünleriniz nelerdir', 'what products do you sell', 'tüm ürünleri göster',
    'show me everything you have', 'hangi renkler var', 'xl beden var mı', 'what sizes do you have', 'kaç tl acil dönüş',
    'instagram hesabınız var mı', 'insta sayfanız var mı', 'türk lirası olarak ne kadar', 'in turkish lira?', 'how much in US dollars',
  ])('%j names no product', (message) => {
    expect(productTerm(words(message))).toBe('')
  })
})

describe('stripPossessive', () => {
  it.each([
    ['kulaklıklarınız', 'kulaklıklar'], ['kulaklığınız', 'kulaklık'], ['ceketiniz', 'ceket'], ['ceketinizi', 'ceket'], ['çantanızda', 'çanta'],
    ['pantolonunuzun', 'pantolon'], ['kolyeniz', 'kolye'], ['ürününüz', 'ürün'],
    // Too little would be left, or there is no such ending.
    ['deniz', 'deniz'], ['sizin', 'sizin'], ['eviniz', 'eviniz'], ['kazak', 'kazak'], ['beyaz', 'beyaz'],
  ])('%j → %j', (word, stem) => {
    expect(stripPossessive(word)).toBe(stem)
  })
})

describe('withoutWithEnding', () => {
  it.each([
    ['pantolonla', 'pantolon'], ['gömlekle', 'gömlek'], ['çantayla', 'çanta'], ['kolyeyle', 'kolye'], ['kazakla', 'kazak'], ['şalla', 'şal'],
    ['gözlükle', 'gözlük'], ['kupayla', 'kupa'], ['kitapla', 'kitap'],
  ])('%j is %j with "with"', (word, stem) => {
    expect(withoutWithEnding(word)).toBe(stem)
  })

  // Against the vowel harmony, without the "y" after a vowel, or too short a stem: no "with" ending.
  it.each(['vanilla', 'tesla', 'kola', 'atla', 'elle', 'pantolonle', 'gömlekla', 'çantala', 'masa', 'pla'])('%j has no "with" ending', (word) => {
    expect(withoutWithEnding(word)).toBeNull()
  })
})

describe('two products in one message', () => {
  it.each([
    ['Deri çanta ve gümüş kolye ne kadar?', ['deri çanta', 'gümüş kolye']], ['leather bag or canvas bag which is cheaper', ['leather bag', 'canvas bag']],
    ['kahve mi çay mı daha pahalı', ['kahve', 'çay']], ['ceket ile pantolon', ['ceket', 'pantolon']], ['jacket vs coat', ['jacket', 'coat']],
    ['kazak yoksa hırka', ['kazak', 'hırka']], ['the wired and wireless headphones', ['wired headphones', 'wireless headphones']],
    // "Kablolu" is with a cable, not a cable: the kind named once is both sides' in Turkish too.
    ['kablolu ve kablosuz kulaklık ne kadar', ['kablolu kulaklık', 'kablosuz kulaklık']], ['şekerli mi şekersiz mi lokum', ['şekerli lokum', 'şekersiz lokum']],
  ])('productPair(%j) is %j', (message, pair) => {
    expect(productPair(message)).toEqual(pair)
  })

  // "Ile" asked about is what it comes with; a side with no product words is no pair.
  it.each(['kutusu ile mi geliyor', 'şarj aleti ile geliyor mu', 'deri ceket ne kadar', 'and the bag', 'kazak ve', 'ne kadar ve kaç'])('productPair(%j) is null', (message) => {
    expect(productPair(message)).toBeNull()
  })

  it('splitPair takes "and" only when the pair is asked for, since it may be part of a name', () => {
    expect(splitPair(words('tea and coffee'), false)).toBeNull()
    expect(splitPair(words('tea and coffee'), true)).toEqual(['tea', 'coffee'])
    expect(splitPair(words('tea or coffee'), false)).toEqual(['tea', 'coffee'])
    expect(splitPair(words('hangisi daha iyi ceket mi mont mu'), false)).toEqual(['ceket', 'mont'])
    expect(splitPair(words('or the bag'), false)).toBeNull()
    expect(splitPair(words('ile kazak'), false)).toBeNull()
  })

  it.each([
    ['kot pantolonla keten gömlek kaç tutar', ['kot pantolon', 'keten gömlek']], ['kazakla eşarp kaç para', ['kazak', 'eşarp']],
    ['şapkayla atkı ne kadar tutar', ['şapka', 'atkı']], ['gömlekle kravat', ['gömlek', 'kravat']],
  ])('pairByEnding(%j) is %j', (message, pair) => {
    expect(pairByEnding(message)).toEqual(pair)
  })

  it.each(['kot pantolonla', 'keten gömlek ne kadar', 'vanilla latte', 'tesla model', 'kazakla ne kadar'])('pairByEnding(%j) is null', (message) => {
    expect(pairByEnding(message)).toBeNull()
  })
})

describe('pointing back', () => {
  it.each([
    ['ilkinin linki', 0], ['birincisinin fiyatı', 0], ['first one', 0], ['ikincisi ne kadar', 1], ['the second one please', 1], ['üçüncüsü kaç tl', 2],
    ['dördüncüsü', 3], ['beşincisi', 4], ['sonuncusunu alayım', -1], ['the last one', -1], ['2.si', 1], ['3.sü olsun', 2], ['number 1', 0],
    ['deri ceket', null], ['second hand', null], ['last', null], ['ilkbahar ceketi', null], ['2 tane', null], ['2.5 kg', null],
  ])('ordinalOf(%j) is %j', (message, place) => {
    expect(ordinalOf(message)).toBe(place)
  })

  it.each([
    ['ilk ikisi arasındaki fark ne', [0, 1]], ['the first two', [0, 1]], ['son ikisi', [-2, -1]], ['compare the first and the third', [0, 2]],
    ['birinci mi ikinci mi daha iyi', [0, 1]], ['the first one', null], ['ilkinin linki', null], ['iki kulaklık', null],
  ])('twoPlacesOf(%j) is %j', (message, places) => {
    expect(twoPlacesOf(message)).toEqual(places)
  })

  it.each([
    ['bunun fiyatı', true], ['is it waterproof', true], ['şu çanta', true], ['ikisi de', true], ['both please', true], ['those ones', true],
    // A pointer at a time or an amount, and water, point at no product.
    ['bu akşam açık mısınız', false], ['this week', false], ['o kadar', false], ['bu kadar', false], ['su geçirmez mi', false], ['deri ceket', false],
  ])('pointsBack(%j) is %j', (message, points) => {
    expect(pointsBack(message)).toBe(points)
  })

  it.each([
    ['I will take that one', true], ['bunu alayım', true], ['onu istiyorum', true], ['I will take it', true],
    // All of them, or a number with no pointer, is no one of them pointed at.
    ['hepsini alayım', false], ['I will take them all', false], ['ikisini de alırım', false], ['both of them', false],
    ['2 tane alayım', false],
  ])('pointsAtOne(%j) is %j', (message, one) => {
    expect(pointsAtOne(message)).toBe(one)
  })

  it.each([
    ['is it bluetooth?', true], ['does it come in black?', true], ['bu su geçirmez mi?', true], ['bunun rengi ne', true], ['are they cotton', true],
    ['can it be washed', true], ['o kadar mı', false], ['bu kadar mı', false], ['is the bag leather', false], ['deri ceket su geçirmez mi', false],
    ['do you have it', false],
  ])('asksOfIt(%j) is %j', (message, asks) => {
    expect(asksOfIt(message)).toBe(asks)
  })

  it.each([['2si', 2], ['6sı', 6], ['3ü', 3], ['12si', 12], ['ikisi', 2], ['ikisini', 2], ['üçü', 3], ['dördü', 4], ['beşinden', 5], ['13ü', null],
    ['0sı', null], ['2', null], ['üç', null], ['kazak', null]])('ofThem(%j) is %j', (word, count) => {
    expect(ofThem(words(word)[0]!.key)).toBe(count)
  })
})

describe('yes-or-no questions', () => {
  it.each([
    ['öğütülmüş mü?', true], ['is it lined?', true], ['pamuklu mudur', true], ['Bu şal ipek mi gerçekten?', true], ['is it silk really', true],
    ['kutusuyla mı geliyor', true], ['kuru temizleme mi gerekir', true], ['The necklace, is it tarnish free?', true],
    ['Hi, is the smart watch waterproof?', true], ['ok, does it come in blue', true], ['kargo ücretsiz mi', true], ['do you have earrings', true],
    ['can you write a poem about tea?', false], ['will you ship today', false], ['ne kadar', false], ['deri ceket kaç tl', false], ['how much is it', false],
  ])('yesOrNo(%j) is %j', (message, asks) => {
    expect(yesOrNo(message)).toBe(asks)
  })

  it.each([
    ['küpe yok mu?', true, false], ['do you have earrings?', true, false], ['kaşmir atkı var mı', true, false], ['stokta kaldı mı', true, false],
    ['bu ürün satılıyor mu', true, false], ['any scarves', true, false], ['is it available', true, false], ['mevcutmu', true, false],
    ['öğütülmüş mü?', false, true], ['is it lined?', false, true], ['pamuklu mu', false, true], ['deri ceket kaç tl', false, false],
  ])('%j: asks whether there is one %j, whether it is so %j', (message, exists, so) => {
    expect(asksWhetherThereIs(message)).toBe(exists)
    expect(EXISTENCE.test(keyLine(words(message)))).toBe(exists)
    expect(asksWhetherSo(message)).toBe(so)
  })
})

describe('isQuestionWord', () => {
  it.each([['fiyati', true], ['nekadar', true], ['merhaba', true], ['bunun', true], ['them', true], ['ilkinin', true], ['ceket', false],
    ['kolye', false], ['leather', false], ['saat', false]])('%j is a question word: %j', (key, asked) => {
    expect(isQuestionWord(key)).toBe(asked)
  })
})

describe('withoutWebsite', () => {
  it.each([
    ['is everything on your website in stock', 'is everything in stock'], ['web sitenizdeki ürünler stokta mı', 'ürünler stokta mı'],
    ['sitedeki çanta kaç para', 'çanta kaç para'], ['are the prices on the site right', 'are the prices right'],
    // The website asked for, or a word that only looks like it, stays.
    ['do you have a website', 'do you have a website'], ['web siteniz var mı', 'web siteniz var mı'], ['site map', 'site map'],
  ])('%j leaves %j', (message, rest) => {
    expect(withoutWebsite(words(message)).map((word) => word.text).join(' ')).toBe(rest)
  })
})
