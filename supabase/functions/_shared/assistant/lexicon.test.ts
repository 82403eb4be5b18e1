// The assistant's words of the same meaning across Turkish and English.
import { describe, expect, it } from 'vitest'
import { departmentIn, departmentOf, equivalents, holdsEquivalent, namesSubject, onlyProperties, phrasesHeld, sameProperty, sameSubject, sameThings, thingWords, translate, withoutThings } from './lexicon.ts'

describe('equivalents', () => {
  it('gives the other language’s words for a product word, in its endings and plurals', () => {
    expect(equivalents('scarves')).toEqual(expect.arrayContaining(['sal', 'esarp']))
    expect(equivalents('kulaklıklarınız')).toEqual(expect.arrayContaining(['headphones']))
    expect(equivalents('leather bags')).toEqual(expect.arrayContaining(['deri', 'canta']))
    expect(equivalents('güneş gözlüğü')).toContain('sunglasses')
  })

  it('adds the things that are a kind of the one asked for, and not the other way round', () => {
    expect(equivalents('bags')).toEqual(expect.arrayContaining(['canta', 'backpack', 'sirt cantasi']))
    expect(equivalents('saat')).toContain('smartwatch')
    expect(equivalents('backpack')).not.toContain('canta')
    // Glasses asked for are not sunglasses, though the Turkish name ends in the word.
    expect(equivalents('gözlük')).not.toContain('sunglasses')
    read(holdsEquivalent, [
      ['canta', 'Travel Backpack', true],
      ['bags', 'Sırt Çantası', true],
      ['backpack', 'Deri Çanta', false],
      ['gozluk', 'Polarized Sunglasses', false],
    ])
  })

  it('adds nothing for words it does not know, or that the text already holds', () => {
    expect(equivalents('teleskop')).toEqual([])
    expect(equivalents('coffee kahve')).not.toContain('kahve')
  })

  it('does not take a longer word for a short one', () => {
    // "bal" is honey; "balık" is fish.
    expect(equivalents('balık')).toEqual([])
    read(holdsEquivalent, [
      ['honey', 'Taze Balık', false],
      ['honey', 'Çiçek Balı', true],
    ])
  })
})

/** Each case: the words asked, the text read for them, and whether the text holds them. */
function read(reads: (asked: string, text: string) => boolean, cases: [asked: string, text: string, holds: boolean][]) {
  for (const [asked, text, holds] of cases) expect(reads(asked, text), `${asked} / ${text}`).toBe(holds)
}

describe('holdsEquivalent', () => {
  it('finds a word of a product name in the other language', () => {
    read(holdsEquivalent, [
      ['scarves', 'İpek Şal', true],
      ['kupa', 'Ceramic Mug', true],
      ['sunglasses', 'Güneş Gözlüğü', true],
      ['velvet', 'Kadife Ceket', true],
      ['suede', 'Süet Bot', true],
      ['bags', 'Leather Notebook', false],
    ])
  })

  it('never takes bluetooth for wireless: a wireless mouse need not be bluetooth', () => {
    read(holdsEquivalent, [
      ['bluetooth', 'Wireless Mouse', false],
      ['wireless', 'Kablosuz Kulaklık', true],
    ])
  })
})

describe('sameProperty', () => {
  it('matches a property asked in other words or the other language', () => {
    read(sameProperty, [
      ['suya dayanıklı mı', '5 ATM su geçirmez', true],
      ['is it waterproof', 'IPX7 suya dayanıklı', true],
      ['is it lined', 'Hakiki kuzu derisi, astarlı', true],
      ['öğütülmüş mü', 'Orta kavrulmuş, taze çekilmiş', true],
      // What water resistance is asked as: the sea, a pool, a shower, the rain.
      ['denize girilir mi', '5 ATM su geçirmez', true],
      ['can I swim with it', 'Water-resistant to 50 m', true],
      ['can i dim it', 'LED, three brightness levels', true],
      ['do they have uv protection', 'UV400 korumalı, polarize camlı', true],
      ['uv korumalı mı', 'Polarized lenses, UV400', true],
      ['are they high waisted', 'Yüksek bel, düz paça kot pantolon', true],
      ['are they high waisted', 'Düşük bel, dar paça', false],
    ])
  })

  it('does not match a different property', () => {
    read(sameProperty, [['mikrodalgada kullanılır mı', 'bulaşık makinesinde yıkanabilir', false]])
  })
})

describe('translate', () => {
  it.each([
    ['do you wrap presents?', 'do you paket hediye'],
    ['kulaklığın garantisi var mı', 'headphones warranty var mı'],
    ['güneş gözlüğü var mı', 'sunglasses var mı'],
    ['teleskop var mı', 'teleskop var mı'],
    // The words of the FAQ entries shops write: where things are made, wholesale, abroad.
    ['where are your products made', 'nerede are your urun uretiliyor'],
    ['do you sell wholesale', 'do you sell toptan'],
    ['do you ship internationally', 'do you ship yurt disi'],
    ['smartwatch price', 'akilli saat price'],
    ['got any brollies', 'got any semsiye'],
  ])('puts the words it knows in the other language, phrases whole, and keeps the rest: "%s"', (text, translated) => {
    expect(translate(text)).toBe(translated)
  })
})

describe('withoutThings', () => {
  it('leaves out the words naming a kind of product, and keeps the rest', () => {
    expect(withoutThings('kulaklığın garantisi var mı')).toBe('garantisi var mı')
    expect(withoutThings('is there a warranty on the headphones')).toBe('is there a warranty on the')
    expect(withoutThings('güneş gözlüğü polarize mi')).toBe('polarize mi')
  })
})

describe('phrasesHeld and thingWords', () => {
  it('finds a phrase of several words held in one word of the other language', () => {
    expect([...phrasesHeld('olive oil', 'Sızma Zeytinyağı 1 L')]).toEqual(['olive', 'oil'])
    expect([...phrasesHeld('olive oil', 'Siyah Zeytin')]).toEqual([])
  })

  it('gives the words that name a kind of product, in order', () => {
    expect(thingWords('Kablolu Kulaklık')).toEqual(['kablolu', 'kulaklık'])
    expect(thingWords('kablosuz olanı')).toEqual([])
    // In the plural with a case ending too: to, from and with the bags.
    expect(thingWords('çantalara kulaklıklardan lambalarla')).toEqual(['çantalara', 'kulaklıklardan', 'lambalarla'])
  })
})

describe('departmentOf, departmentIn and onlyProperties', () => {
  it('reads a department as the things it holds, only when the words ask for the department alone', () => {
    expect(departmentOf('elektronik')).toContain('kulaklik')
    expect(departmentOf('electronics products')).toContain('hoparlor')
    expect(departmentOf('clothes')).toContain('gomlek')
    expect(departmentOf('elektronik kulaklık')).toBeNull()
    expect(departmentOf('kazak')).toBeNull()
    // The kitchen holds what is cooked and served with, not the lamps and candles of the home.
    expect(departmentOf('mutfak')).toContain('kupa')
    expect(departmentOf('kitchen')).not.toMatch(/lamba|mum/)
    expect(departmentOf('home decor')).toContain('lamba')
    // …while departmentIn reads one among other words: a wish for someone who likes it.
    expect(departmentIn('annem için hediye, takı seviyor')).toContain('kolye')
    expect(departmentIn('my sister loves jewellery')).toContain('yuzuk')
    expect(departmentIn('she likes accessories')).toContain('canta')
    for (const text of ['my mum loves cooking', 'my dad is a great cook', 'aşçı bir arkadaşıma']) expect(departmentIn(text), text).toContain('zeytinyagi')
    expect(departmentIn('annem için hediye')).toBeNull()
  })

  it('tells a property a description states from a product or a material', () => {
    expect(onlyProperties('su geçirmez')).toBe(true)
    expect(onlyProperties('waterproof')).toBe(true)
    expect(onlyProperties('şarj aleti')).toBe(false)
    expect(onlyProperties('deri')).toBe(false)
    expect(onlyProperties('')).toBe(false)
  })
})

describe('sameThings', () => {
  it.each([
    ['do you have gift vouchers', 'Hediye paketi yapıyor musunuz?', false],
    ['yüzük ölçüsü nasıl seçilir', 'Kolye zinciri ne uzunlukta?', false],
    ['do you sell gift cards', 'Hediye kartı satıyor musunuz?', true],
    ['kolye için hediye paketi yapıyor musunuz', 'Hediye paketi yapıyor musunuz?', true],
    ['kulaklığın garantisi var mı', 'Ürünleriniz garantili mi?', true],
    ['toptan satış var mı', 'Toptan satış yapıyor musunuz?', true],
  ])('%s ~ %s: %s', (asked, entry, same) => {
    expect(sameThings(asked, entry)).toBe(same)
  })
})

describe('subjects of the FAQ', () => {
  it('reads packs counted as no wrapping asked, and wrapping asked as the entry on it', () => {
    expect(namesSubject('2 paket alsam kargo bedava mı')).toBe(false)
    expect(namesSubject('iki paket kahve')).toBe(false)
    // A pack of a size is the product's, no wrapping.
    for (const message of ['daha büyük paketi var mı', '250 gramdan büyük paket var mı', '1 kg paket var mı', 'is there a bigger pack']) expect(namesSubject(message), message).toBe(false)
    expect(namesSubject('hediye paketi yapıyor musunuz')).toBe(true)
    expect(sameSubject('paket yapıyor musunuz', 'Hediye paketi yapıyor musunuz?')).toBe(true)
    expect(sameSubject('do you gift wrap', 'Hediye paketi yapıyor musunuz?')).toBe(true)
    // Buying in bulk is wholesale.
    for (const message of ['toplu alımda indirim var mı', 'discounts on bulk orders?']) expect(sameSubject(message, 'Toptan satış yapıyor musunuz?'), message).toBe(true)
  })
})
