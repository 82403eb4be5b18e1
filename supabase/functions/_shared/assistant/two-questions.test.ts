import { describe, expect, it } from 'vitest'
import { corpusClassifier } from './nlu.ts'
import { twoQuestions } from './two-questions.ts'

const parts = async (message: string) => (await twoQuestions(message, await corpusClassifier()))?.map((part) => [part.text, part.understood.kind]) ?? null

describe('twoQuestions', () => {
  it.each([
    ['kadife ceketin fiyatı nedir ve kargo ücreti ne kadar', [['kadife ceketin fiyatı nedir', 'price'], ['kargo ücreti ne kadar', 'shipping']]],
    ['kargo ücretli mi, coffee mug kaç dolar', [['kargo ücretli mi', 'shipping'], ['coffee mug kaç dolar', 'price']]],
    ['what time do you open on saturday and where is your shop?', [['what time do you open on saturday', 'hours'], ['where is your shop?', 'location']]],
    ['iade var mı? taksit yapıyor musunuz', [['iade var mı', 'returns'], ['taksit yapıyor musunuz', 'payment']]],
    ['pazartesi kaçta açıyorsunuz ve cumartesi kaça kadar açıksınız', [['pazartesi kaçta açıyorsunuz', 'hours'], ['cumartesi kaça kadar açıksınız', 'hours']]],
    // A product, then a question of it.
    ['Do you have the Travel Backpack in stock and does it fit a 17 inch laptop?', [['Do you have the Travel Backpack in stock', 'stock'], ['does it fit a 17 inch laptop?', 'attribute']]],
    ['hasır şapka var mı, rengi ne', [['hasır şapka var mı', 'stock'], ['rengi ne', 'attribute']]],
    ['keten gömlek kaç para ve hangi bedenler var', [['keten gömlek kaç para', 'price'], ['hangi bedenler var', 'attribute']]],
    // Buying what was discussed, then a topic of the business.
    ['ok i will take it, how do i pay', [['ok i will take it', 'ordering'], ['how do i pay', 'payment']]],
    ['tamam alıyorum, kargo ne kadar', [['tamam alıyorum', 'ordering'], ['kargo ne kadar', 'shipping']]],
    // Thanks at the end is no part of the second question.
    ['does the linen dress come in size M and how long delivery takes to Izmir. Thanks!', [['does the linen dress come in size M', 'attribute'], ['how long delivery takes to Izmir. Thanks!', 'delivery_time']]],
  ])('splits %s', async (message, expected) => {
    expect(await parts(message)).toEqual(expected)
  })

  it.each([
    // One question, whatever joins its words: two products, a name with "ve" in it, a comparison.
    'kahve ve çay fiyatı',
    'Kahve ve Çay Seti ne kadar',
    'kulaklık ile hoparlör arasındaki fark ne',
    'merhaba, kargo ücreti ne kadar',
    // Shipping and delivery are one text of the owner's.
    'kargo ücreti ne kadar, kaç günde gelir',
    'how much is shipping and how long does it take',
    // One day's opening and closing are one question.
    'cumartesi kaçta açılıyor ve kaçta kapanıyor',
    // What went wrong with a purchase is the reason for the return asked beside it.
    'M aldım ama olmadı, L ile değişir mi',
    'dün keten gömlek aldım ama olmadı, iade edebilir miyim',
    // A product named, then one question of it.
    'the sunglasses, are they scratch resistant',
    'and the olive oil, where is it from',
    // Said of it, not asked: one question ("I love the linen dress" was answered with its price).
    'i love the linen dress, what sizes?',
  ])('leaves %s whole', async (message) => {
    expect(await parts(message)).toBeNull()
  })
})
