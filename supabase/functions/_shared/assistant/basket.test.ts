// The lines a message counts (basket.ts); the answer made of them is the responder's (builtin.test.ts).
import { describe, expect, it } from 'vitest'
import { addedWith, asksWhatItCosts, readBasket } from './basket.ts'
import { pairByEnding, withoutWithEnding } from './question-words.ts'

describe('readBasket', () => {
  it('reads each product counted and how many, however the numbers are written', () => {
    expect(readBasket('2 keten gömlek 1 şapka ne tutar')).toEqual([{ quantity: 2, term: 'keten gömlek' }, { quantity: 1, term: 'şapka' }])
    expect(readBasket('what about 2 linen shirts and a hat')).toEqual([{ quantity: 2, term: 'linen shirts' }, { quantity: 1, term: 'hat' }])
    expect(readBasket('iki tane gömlek, bir şapka')).toEqual([{ quantity: 2, term: 'gömlek' }, { quantity: 1, term: 'şapka' }])
    expect(readBasket('three mugs and two plates')).toEqual([{ quantity: 3, term: 'mugs' }, { quantity: 2, term: 'plates' }])
  })

  it('counts one of a product joined to a counted one without a number of its own, before or after it', () => {
    expect(readBasket('2 tişört ve kot ne tutar')).toEqual([{ quantity: 2, term: 'tişört' }, { quantity: 1, term: 'kot' }])
    expect(readBasket('what would 2 t-shirts and jeans come to')).toEqual([{ quantity: 2, term: 't-shirts' }, { quantity: 1, term: 'jeans' }])
    expect(readBasket('kot ve 2 tişört ne tutar')).toEqual([{ quantity: 1, term: 'kot' }, { quantity: 2, term: 'tişört' }])
    // Words before the first number that join nothing to it are no product.
    expect(readBasket('bana da 2 tişört 1 kot ne tutar')).toEqual([{ quantity: 2, term: 'tişört' }, { quantity: 1, term: 'kot' }])
  })

  it('reads no basket in one product, a pair without numbers, or a number that counts nothing', () => {
    for (const message of ['3 tane tişört alsam toplam ne kadar', 'a shirt and a hat', 'gömlek ve şapka ne kadar', '2 tane alsam', 'iphone 15 kaç para', 'bir gömlek bir şapka']) {
      expect(readBasket(message), message).toBeNull()
    }
  })

  it('tells a question of what it costs', () => {
    for (const message of ['ne tutar', 'toplam?', 'how much', 'what would that come to', 'kaç para']) expect(asksWhatItCosts(message), message).toBe(true)
    for (const message of ['2 gömlek 1 şapka', 'stokta var mı', 'do you have them']) expect(asksWhatItCosts(message), message).toBe(false)
  })
})

describe('two products joined by "with"', () => {
  it('takes the Turkish "with" off a word only where its vowel follows the word\'s, and a "y" the vowel it ends in', () => {
    const cases = [['pantolonla', 'pantolon'], ['gömlekle', 'gömlek'], ['gomlekle', 'gomlek'], ['kazakla', 'kazak'], ['çantayla', 'çanta'], ['kolyeyle', 'kolye']] as const
    for (const [word, stem] of cases) expect(withoutWithEnding(word), word).toBe(stem)
    for (const word of ['tesla', 'vanilla', 'nutella', 'guatemala', 'kola', 'bile', 'çantala', 'kazakle']) expect(withoutWithEnding(word), word).toBeNull()
  })

  it('reads two product terms joined by the ending, and none where nothing follows it', () => {
    expect(pairByEnding('kot pantolonla keten gömlek kaç tutar')).toEqual(['kot pantolon', 'keten gömlek'])
    expect(pairByEnding('kazakla eşarp kaç para')).toEqual(['kazak', 'eşarp'])
    expect(pairByEnding('kot pantolonla')).toBeNull()
    expect(pairByEnding('keten gömlek ne kadar')).toBeNull()
  })

  it('reads the product a message adds to the one discussed, and nothing where it names a kind of it or two products', () => {
    const cases = [
      ['kot pantolonla birlikte ne kadar tutar', 'kot pantolon'],
      ['kot pantolon ile birlikte ne kadar', 'kot pantolon'],
      ['peki kazakla?', 'kazak'],
      ['and with the jeans?', 'jeans'],
      ['how much together with the jeans', 'jeans'],
    ] as const
    for (const [message, term] of cases) expect(addedWith(message), message).toBe(term)
    for (const message of ['what about the one with long sleeves', 'kot pantolon ile keten gömlek', 'keten gömlek ne kadar', 'how much', 'the jeans with the shirt']) {
      expect(addedWith(message), message).toBeNull()
    }
  })
})
