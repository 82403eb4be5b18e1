// The word patterns several answerers of the built-in responder read (cues.ts),
// tested on the key line the answerers build from a message, and the two
// questions about a message it answers: whether it asks at all, and whether a
// material is what a yes-or-no question asks of.
import { describe, expect, it } from 'vitest'
import { asksSomething, COMES_WITH, CONTACT_WORDS, materialAsked, MEASURE, OTHER, PRODUCT_CUES, VERB_FORM, WHERE_WORDS } from './cues.ts'
import { keyLine, words } from './text.ts'

/** As the answerers read a message: ASCII keys, spaced at both ends. */
const line = (message: string) => keyLine(words(message))

describe('OTHER', () => {
  it.each([
    ['Başka şapka var mı?', true],
    ['do you have another bag?', true],
    ['any other styles?', true],
    ['diğerleri ne kadar', true],
    ['anything else?', true],
    ['şapka var mı', false],
    // A word holding "other" is not it.
    ["mother's day gift", false],
  ])('%s: %s', (message, expected) => {
    expect(OTHER.test(line(message))).toBe(expected)
  })
})

describe('WHERE_WORDS and CONTACT_WORDS, on each word', () => {
  const names = (pattern: RegExp, message: string) => words(message).some((word) => pattern.test(word.key))
  it.each([
    ['adresiniz nerede?', true, false],
    ['where are you located', true, false],
    ['mağazanız neresi', true, false],
    ['telefon numaranız ne?', false, true],
    ['whats your phone number', false, true],
    ['e-posta adresiniz', true, true],
    // A note on the gift wrap names neither.
    ['not eklenir mi', false, false],
    ['ücretli mi', false, false],
  ])('%s: where %s, contact %s', (message, where, contact) => {
    expect([names(WHERE_WORDS, message), names(CONTACT_WORDS, message)]).toEqual([where, contact])
  })
})

describe('COMES_WITH', () => {
  it.each([
    ['do they come with a case', true],
    ['does it include a charger?', true],
    ['kılıfıyla mı geliyor', true],
    ['kutusuyla mı geliyor?', true],
    ['şarj kablosu ile birlikte mi geliyor', true],
    ['kutu ile mi gelir', true],
    // "Come" without "with", and "ile" joining two products, say nothing of what is in the box.
    ['where does it come from', false],
    ['come on', false],
    ['kahve ile çay ne kadar', false],
  ])('%s: %s', (message, expected) => {
    expect(COMES_WITH.test(line(message))).toBe(expected)
  })
})

describe('MEASURE', () => {
  it.each([
    ['kaç cm?', true],
    ['kaç kişilik', true],
    ['kaçar tane', true],
    ['how long is the battery', true],
    ['how many cups does it hold', true],
    ['how big is it?', true],
    // What time, how much and how are you measure nothing.
    ['kaçta açıyorsunuz', false],
    ['how much is it', false],
    ['ne kadar', false],
    ['how are you', false],
  ])('%s: %s', (message, expected) => {
    expect(MEASURE.test(line(message))).toBe(expected)
  })
})

describe('PRODUCT_CUES', () => {
  it.each([
    ['kaç para', true],
    ['fiyatı ne', true],
    ['fyt', true],
    ['stokta var mı', true],
    ['how much is it', true],
    ['price?', true],
    ['is it in stock', true],
    ['do you have mugs', true],
    ['what does it cost', true],
    ['merhaba', false],
    ['thanks', false],
    ['nasılsınız', false],
    ['how are you', false],
  ])('%s: %s', (message, expected) => {
    expect(PRODUCT_CUES.test(line(message))).toBe(expected)
  })
})

describe('VERB_FORM', () => {
  // Read of one word's key: a verb among the words asked is no product's name.
  it.each([
    ['ölçüyor', true],
    ['yıkanabilir', true],
    ['girilir', true],
    ['bulunur', true],
    ['geliyor', true],
    ['kablosuz', false],
    ['pamuklu', false],
    ['siyah', false],
    ['gelir', false],
  ])('%s: %s', (word, expected) => {
    expect(VERB_FORM.test(words(word)[0]!.key)).toBe(expected)
  })
})

describe('asksSomething', () => {
  it.each([
    ['kargo ücreti?', true],
    ['kupa var mı', true],
    ['is the mug dishwasher safe', true],
    ['can you send it today', true],
    ['could i pay by card', true],
    ['how do i order', true],
    ['how to return it', true],
    ['kargo ücreti', false],
    ['i want the mug', false],
    ['the mug please', false],
    ['what a nice mug', false],
    ['teşekkürler', false],
  ])('%s: %s', (message, expected) => {
    expect(asksSomething(message)).toBe(expected)
  })
})

describe('materialAsked', () => {
  it.each([
    ['Şal ipek mi?', true],
    ['çanta deri mi', true],
    ['kolye gümüş mü', true],
    ['bu şal pamuklu mu', true],
    ['şal ipek mi gerçekten', true],
    ['is the shawl silk?', true],
    ['is it cotton or linen', true],
    ['are they leather', true],
    // A material that names the product ("deri ceket", "silk scarf") is not what is asked of it.
    ['deri ceket mi', false],
    ['is the silk scarf washable', false],
    // Whether one exists, or its price, is no yes-or-no question of a material.
    ['deri çanta var mı', false],
    ['ipek şal ne kadar', false],
    ['su geçirmez mi', false],
    ['is it waterproof', false],
  ])('%s: %s', (message, expected) => {
    expect(materialAsked(message)).toBe(expected)
  })
})
