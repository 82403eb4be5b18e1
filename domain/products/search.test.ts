import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createSearchIndex, foldForSearch, searchProducts } from './search.ts'

describe('search', () => {
  const products = [
    { id: '1', name: 'İSTANBUL Manzaralı Kupa', description: 'Porselen' },
    { id: '2', name: 'Masa lambası', description: 'Sıcak ışık veren LED' },
    { id: '3', name: 'istanbul haritası' },
    { id: '4', name: 'IPHONE kılıfı', description: 'Şeffaf' },
    { id: '5', name: 'Kalem', description: 'Mavi mürekkep' },
  ]
  const ids = (items: readonly { id: string }[]) => items.map((p) => p.id)

  it('folds Turkish capitals the Turkish way', () => {
    expect(foldForSearch('İSTANBUL')).toBe('istanbul')
    expect(foldForSearch('IŞIK')).toBe(foldForSearch('ışık'))
    expect(foldForSearch('ÇĞÖŞÜ')).toBe('çğöşü')
    // Decomposed letters (as some systems write them) match composed ones.
    expect(foldForSearch('s\u0327')).toBe(foldForSearch('ş'))
    expect(foldForSearch('I\u0307STANBUL')).toBe('istanbul')
  })

  it('folds like Turkish lower-casing with ı merged into i', () => {
    const letters = ['I', 'İ', 'ı', 'i', 'Ş', 'ş', 'Ç', 'ç', 'Ğ', 'ğ', 'Ö', 'ö', 'Ü', 'ü', 'A', 'z', 'Â', 'ß', 'Σ', ' ', '1', '\u0307', '\u0327', 'É']
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...letters), { maxLength: 12 }).map((cs) => cs.join('')), (text) => {
        expect(foldForSearch(text)).toBe(text.normalize('NFC').toLocaleLowerCase('tr').replace(/ı/g, 'i'))
      }),
      { numRuns: 2000 },
    )
  })

  it('matches name or description without regard to case', () => {
    const index = createSearchIndex(products)
    expect(ids(index.filter('İSTANBUL'))).toEqual(['1', '3'])
    expect(ids(index.filter('istanbul'))).toEqual(['1', '3'])
    expect(ids(index.filter('IŞIK'))).toEqual(['2'])
    expect(ids(index.filter('iphone'))).toEqual(['4'])
    expect(ids(index.filter('şeffaf'))).toEqual(['4'])
    expect(ids(index.filter('MÜREKKEP'))).toEqual(['5'])
    expect(ids(index.filter('yok böyle bir şey'))).toEqual([])
  })

  it('returns the list itself for a blank query and trims the query', () => {
    const index = createSearchIndex(products)
    expect(index.filter('')).toBe(products)
    expect(index.filter('   ')).toBe(products)
    expect(ids(index.filter('  kalem '))).toEqual(['5'])
  })

  it('never matches across the name and description', () => {
    expect(ids(searchProducts(products, 'kalemmavi'))).toEqual([])
    expect(ids(searchProducts(products, 'kupaporselen'))).toEqual([])
  })

  it('gives the same answer as a plain scan for any sequence of queries', () => {
    const alphabet = ['a', 'ı', 'i', 'I', 'İ', 'ş', 'S', 'k', ' ', 'l']
    const word = fc.array(fc.constantFrom(...alphabet), { maxLength: 6 }).map((cs) => cs.join(''))
    fc.assert(
      fc.property(fc.array(fc.record({ name: word, description: fc.option(word, { nil: undefined }) }), { maxLength: 30 }), fc.array(word, { maxLength: 8 }), (items, queries) => {
        const index = createSearchIndex(items)
        for (const query of queries) {
          const folded = foldForSearch(query.trim())
          const expected = folded === ''
            ? items
            : items.filter((p) => foldForSearch(p.name).includes(folded) || foldForSearch(p.description ?? '').includes(folded))
          expect(index.filter(query)).toEqual(expected)
        }
      }),
    )
  })

  it('narrows and widens correctly while typing over 10,000 products', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => ({
      name: `Ürün ${i} ${i % 3 === 0 ? 'IŞIKLI' : 'düz'}`,
      description: i % 5 === 0 ? 'İstanbul deposundan' : undefined,
    }))
    const index = createSearchIndex(many)
    // 3,334 lit ones and 2,000 from İstanbul, 667 of them both.
    expect(index.filter('ı')).toHaveLength(4667)
    expect(index.filter('ışık')).toHaveLength(3334)
    expect(index.filter('ışıklı')).toHaveLength(3334)
    expect(index.filter('ışık')).toHaveLength(3334)
    expect(index.filter('istanbul')).toHaveLength(2000)
    expect(index.filter('ürün 999')).toHaveLength(11)
    expect(index.filter('ürün 9999')).toHaveLength(1)
    expect(index.filter('')).toHaveLength(10_000)
  })
})
