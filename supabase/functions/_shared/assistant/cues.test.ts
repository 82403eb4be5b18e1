// The word patterns several answerers of the built-in responder read (cues.ts),
// tested on the key line the answerers build from a message, and the two
// questions about a message it answers: whether it asks at all, and whether a
// material is what a yes-or-no question asks of.
import { describe, expect, it } from 'vitest'
import { accountAsked, asksSomething, COMES_WITH, CONTACT_WORDS, materialAsked, MEASURE, OTHER, PRODUCT_CUES, VERB_FORM, WHERE_WORDS } from './cues.ts'
import { keyLine, words } from './text.ts'

/** As the answerers read a message: ASCII keys, spaced at both ends. */
const line = (message: string) => keyLine(words(message))

/** The patterns read on the whole key line, each with messages it must and must not match. */
const ON_THE_LINE = { OTHER, COMES_WITH, MEASURE, PRODUCT_CUES }

describe('OTHER, COMES_WITH, MEASURE, PRODUCT_CUES on the key line', () => {
  it.each<[keyof typeof ON_THE_LINE, string, boolean]>([
    ['OTHER', 'Başka şapka var mı?', true],
    ['OTHER', 'do you have another bag?', true],
    ['OTHER', 'any other styles?', true],
    ['OTHER', 'diğerleri ne kadar', true],
    ['OTHER', 'anything else?', true],
    ['OTHER', 'başkası var mı', true],
    ['OTHER', 'başkaları ne kadar', true],
    ['OTHER', 'belediye başkanı kim', false],
    ['OTHER', 'şapka var mı', false],
    // A word holding "other" is not it.
    ['OTHER', "mother's day gift", false],
    ['COMES_WITH', 'do they come with a case', true],
    ['COMES_WITH', 'does it include a charger?', true],
    ['COMES_WITH', 'kılıfıyla mı geliyor', true],
    ['COMES_WITH', 'kutusuyla mı geliyor?', true],
    ['COMES_WITH', 'şarj kablosu ile birlikte mi geliyor', true],
    ['COMES_WITH', 'kutu ile mi gelir', true],
    ['COMES_WITH', 'şarj aleti dahil mi', true],
    ['COMES_WITH', 'kutusunda şarj kablosu var mı', true],
    ['COMES_WITH', "what's in the box", true],
    // "Come" without "with", and "ile" joining two products, say nothing of what is in the box.
    ['COMES_WITH', 'where does it come from', false],
    ['COMES_WITH', 'come on', false],
    ['COMES_WITH', 'kahve ile çay ne kadar', false],
    ['MEASURE', 'kaç cm?', true],
    ['MEASURE', 'kaç kişilik', true],
    ['MEASURE', 'kaçar tane', true],
    ['MEASURE', 'how long is the battery', true],
    ['MEASURE', 'how many cups does it hold', true],
    ['MEASURE', 'how big is it?', true],
    // What time, how much and how are you measure nothing.
    ['MEASURE', 'kaçta açıyorsunuz', false],
    ['MEASURE', 'how much is it', false],
    ['MEASURE', 'ne kadar', false],
    ['MEASURE', 'how are you', false],
    ['PRODUCT_CUES', 'kaç para', true],
    ['PRODUCT_CUES', 'fiyatı ne', true],
    ['PRODUCT_CUES', 'fyt', true],
    ['PRODUCT_CUES', 'stokta var mı', true],
    ['PRODUCT_CUES', 'how much is it', true],
    ['PRODUCT_CUES', 'price?', true],
    ['PRODUCT_CUES', 'is it in stock', true],
    ['PRODUCT_CUES', 'do you have mugs', true],
    ['PRODUCT_CUES', 'what does it cost', true],
    ['PRODUCT_CUES', 'merhaba', false],
    ['PRODUCT_CUES', 'thanks', false],
    ['PRODUCT_CUES', 'nasılsınız', false],
    ['PRODUCT_CUES', 'how are you', false],
  ])('%s of "%s": %s', (pattern, message, expected) => {
    expect(ON_THE_LINE[pattern].test(line(message))).toBe(expected)
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

describe('accountAsked', () => {
  it.each([
    ['instagram hesabınız var mı', 'Instagram'], ['insta?', 'Instagram'], ['are you on facebook', 'Facebook'], ['tiktok hesabınız', 'TikTok'],
    ['youtube kanalınız var mı', 'YouTube'], ["what's your twitter", 'X (Twitter)'],
  ])('%j asks after %s', (message, account) => {
    expect(accountAsked(message)).toBe(account)
  })

  // Seen there, or no account at all: "iğne" is no "ig".
  it.each(['instagramda gördüm bu çantayı', 'saw your post on instagram', 'iğne var mı', 'telefon numaranız', 'web siteniz var mı'])('%j asks after none', (message) => {
    expect(accountAsked(message)).toBeNull()
  })
})
