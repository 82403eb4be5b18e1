// Which product words name (matching.ts), apart from any catalogue.
import { describe, expect, it } from 'vitest'
import { bestNamed, coverage, keysOf, sameStem, sameWord, withOrWithout } from './matching.ts'
import type { CatalogueProduct } from './types.ts'

const product = (id: string, name: string, description: string | null = null): CatalogueProduct => ({
  id, name, description, price: 10, currency: 'TRY', stock: 1, product_link: null,
})

describe('sameWord', () => {
  it.each([
    ['kulakligin', 'kulaklik', true],
    ['kulaklk', 'kulaklik', true],
    ['mugs', 'mug', true],
    ['ayarlanabilir', 'ayar', false],
    ['kollar', 'kol', true],
    ['kablosuz', 'kablolu', false],
    ['watt', 'water', false],
    ['wired', 'wireless', false],
    ['ab', 'ab', true],
    ['ab', 'abc', false],
    // "Takı" is jewellery, "takımı" a set.
    ['taki', 'takimi', false],
    ['takimi', 'taki', false],
    ['takim', 'takimi', true],
    ['mat', 'match', false],
    ['mat', 'mats', true],
  ])('%s ~ %s: %s', (a, b, same) => {
    expect(sameWord(a, b)).toBe(same)
  })
})

describe('sameStem', () => {
  it('never takes a word for another one built on the same stem', () => {
    expect(sameStem('makinede', 'makinesinde')).toBe(true)
    expect(sameStem('yikanir', 'yikanabilir')).toBe(true)
    expect(sameStem('kutulu', 'kutuda')).toBe(true)
    expect(sameStem('kablosuz', 'kablolu')).toBe(false)
    expect(sameStem('kulak', 'kulaklik')).toBe(false)
    expect(sameStem('renk', 'renkli')).toBe(false)
  })
})

describe('withOrWithout', () => {
  it('pairs a word of having a thing with the word of lacking it, and nothing else', () => {
    for (const [a, b] of [['kukurtlu', 'kukurtsuz'], ['sekersiz', 'sekerli'], ['kablolu', 'kablosuz'], ['tuzlu', 'tuzsuz']] as const) expect(withOrWithout(a, b), `${a} ${b}`).toBe(true)
    for (const [a, b] of [['kukurtlu', 'kukurtlu'], ['sekerli', 'tuzsuz'], ['deniz', 'denizli'], ['renk', 'renkli'], ['ucuz', 'ucuzlu']] as const) expect(withOrWithout(a, b), `${a} ${b}`).toBe(false)
  })
})

describe('coverage and bestNamed', () => {
  it('counts words of three letters or more, or digits', () => {
    expect(keysOf('Bu 2 kablosuz kulaklık')).toEqual(['2', 'kablosuz', 'kulaklik'])
  })

  it('is the share of the asked words a name holds, in either language', () => {
    expect(coverage('kablosuz kulaklık', 'Kablosuz Kulaklık')).toBe(1)
    expect(coverage('kablosuz kulaklık', 'Kablolu Kulaklık')).toBe(0.5)
    expect(coverage('wireless', 'Kablosuz Kulaklık')).toBe(1)
    expect(coverage('', 'Kablosuz Kulaklık')).toBe(0)
  })

  it('keeps the products whose names hold the most of the words, and descriptions only when asked to', () => {
    const wired = product('a', 'Kablolu Kulaklık')
    const wireless = product('b', 'Kablosuz Kulaklık')
    const speaker = product('c', 'Hoparlör', 'kablosuz bağlantı')
    expect(bestNamed('kablosuz kulaklık', [wired, wireless, speaker], false)).toEqual([wireless])
    expect(bestNamed('gelir', [speaker], false)).toEqual([])
    expect(bestNamed('bağlantı', [speaker], true)).toEqual([speaker])
    // What the search reached for a word of the term no record holds ("el" of "Elbise") is none of it.
    const dress = product('d', 'Çiçekli Elbise')
    const bag = product('e', 'Deri Çanta', 'El yapımı, taba rengi')
    expect(bestNamed('el yapımı', [dress, bag], true)).toEqual([bag])
    expect(bestNamed('handmade', [dress, bag], true)).toEqual([bag])
    // "Saat" after a number is hours of battery, no watch; "a lovely gift" still names a gift.
    const headphones = product('f', 'Kablosuz Kulaklık', 'Gürültü önleyici, 30 saat pil ömrü')
    const candle = product('g', 'Scented Candle', 'Lavender, about 40 hours, a lovely gift')
    expect(bestNamed('saat', [headphones], true)).toEqual([])
    expect(bestNamed('hours', [candle], true)).toEqual([])
    expect(bestNamed('gift', [candle], true)).toEqual([candle])
    expect(bestNamed('pil', [headphones], true)).toEqual([headphones])
  })
})
