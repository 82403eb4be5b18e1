// The lines a message counts (basket.ts); the answer made of them is the responder's (builtin.test.ts).
import { describe, expect, it } from 'vitest'
import { asksWhatItCosts, readBasket } from './basket.ts'

describe('readBasket', () => {
  it('reads each product counted and how many, however the numbers are written', () => {
    expect(readBasket('2 keten gömlek 1 şapka ne tutar')).toEqual([{ quantity: 2, term: 'keten gömlek' }, { quantity: 1, term: 'şapka' }])
    expect(readBasket('what about 2 linen shirts and a hat')).toEqual([{ quantity: 2, term: 'linen shirts' }, { quantity: 1, term: 'hat' }])
    expect(readBasket('iki tane gömlek, bir şapka')).toEqual([{ quantity: 2, term: 'gömlek' }, { quantity: 1, term: 'şapka' }])
    expect(readBasket('three mugs and two plates')).toEqual([{ quantity: 3, term: 'mugs' }, { quantity: 2, term: 'plates' }])
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
