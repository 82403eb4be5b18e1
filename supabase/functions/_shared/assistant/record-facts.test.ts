// What a product's record states (record-facts.ts): the ground for never saying yes about what the owner did not write.
import { describe, expect, it } from 'vitest'
import { askedSize, colourListed, listedColours, listedSizes, recordStates } from './record-facts.ts'
import type { CatalogueProduct } from './types.ts'

const product = (name: string, description: string | null): CatalogueProduct => ({
  id: 'p', name, description, price: 10, currency: 'TRY', stock: 1, product_link: null,
})

describe('sizes', () => {
  it('reads the size a message asks for, letters or a number', () => {
    expect(askedSize('XL var mı')).toBe('xl')
    expect(askedSize('2XL beden')).toBe('xxl')
    expect(askedSize('44 numara var mı')).toBe('44')
    expect(askedSize('rengi ne')).toBeNull()
    // A size's name, a child's or a dress's number; a count and one's height are none.
    expect(askedSize("would a medium fit me? i'm 5'6")).toBe('m')
    expect(askedSize('do you have it in 12')).toBe('12')
    expect(askedSize('4 yaş için var mı')).toBe('4')
    expect(askedSize('2 tane L')).toBe('l')
    expect(askedSize('2 tane var mı')).toBeNull()
    expect(askedSize('do you have 2 in stock')).toBeNull()
  })

  it('reads the sizes a description lists, as lists and ranges', () => {
    const letters = listedSizes('Bedenler: S, M, L')
    expect([letters.known('xl'), letters.has('m'), letters.has('xl')]).toEqual([true, true, false])
    const range = listedSizes("XS'den L'ye")
    expect(['xs', 's', 'm', 'l', 'xl'].map((size) => range.has(size))).toEqual([true, true, true, true, false])
    const numbers = listedSizes('36-45 numara arası')
    expect([numbers.known('46'), numbers.has('40'), numbers.has('46'), numbers.known('m')]).toEqual([true, true, false, false])
  })
})

describe('colours', () => {
  it('reads the colours a name and description name, as written, a shade and two-colour words as one', () => {
    expect(listedColours(product('Siyah Deri Ceket', 'Hakiki kuzu derisi, astarlı'))).toEqual(['siyah'])
    expect(listedColours(product('Spor Ayakkabı', 'Beyaz-lacivert, 36-45 numara arası'))).toEqual(['beyaz-lacivert'])
    expect(listedColours(product('Linen Dress', 'Light linen, sage green'))).toEqual(['sage green'])
    expect(listedColours(product('Silk Tie', 'Pure silk, navy blue, a classic gift'))).toEqual(['navy blue'])
    expect(listedColours(product('Deri Çanta', 'Taba rengi, 32 x 24 x 10 cm'))).toEqual(['taba'])
    // Colours a comma or a slash parts are so many colours, not one.
    expect(listedColours(product('Keten Gömlek', 'Renk: beyaz, lacivert'))).toEqual(['beyaz', 'lacivert'])
    expect(listedColours(product('Tişört', 'siyah/beyaz/kırmızı seçenekleri'))).toEqual(['siyah', 'beyaz', 'kırmızı'])
    expect(listedColours(product('Mug', 'Colours: sage green, navy blue'))).toEqual(['sage green', 'navy blue'])
    // "Tabak" and "hakiki" hold a colour's letters, not a colour.
    expect(listedColours(product('Seramik Tabak', 'Hakiki el yapımı'))).toEqual([])
  })

  it('finds a colour asked among those listed, with its ending or in the other language', () => {
    expect(colourListed('lacivert', ['beyaz-lacivert'])).toBe(true)
    expect(colourListed('navy', ['beyaz-lacivert'])).toBe(true)
    expect(colourListed('black', ['siyah'])).toBe(true)
    expect(colourListed('kirmizi', ['beyaz'])).toBe(false)
    expect(colourListed('blue', ['lacivert'])).toBe(false)
  })
})

describe('recordStates', () => {
  it('says whether the name or description speaks of the attribute at all', () => {
    expect(recordStates(product('Keten Gömlek', 'Yazlık, %100 keten'), 'material')).toBe(true)
    expect(recordStates(product('Keten Gömlek', 'Yazlık, %100 keten'), 'size')).toBe(false)
    expect(recordStates(product('İpek Şal', '90x90 cm'), 'size')).toBe(true)
    expect(recordStates(product('Spor Ayakkabı', 'Beyaz-lacivert'), 'colour')).toBe(true)
    expect(recordStates(product('Bal', '850 gram'), 'weight')).toBe(true)
    expect(recordStates(product('Mum', 'about 40 hours'), 'duration')).toBe(true)
    expect(recordStates(product('Scented Candle', 'Lavender'), 'scent')).toBe(true)
    expect(recordStates(product('Soy Candle', 'Hand poured'), 'scent')).toBe(false)
    // A length said in words answers "boyu ne kadar?", not "bedeni ne?".
    expect(recordStates(product('Nakışlı Elbise', 'El nakışlı, midi boy pamuklu elbise'), 'dimensions')).toBe(true)
    expect(recordStates(product('Nakışlı Elbise', 'El nakışlı, midi boy pamuklu elbise'), 'size')).toBe(false)
  })
})
