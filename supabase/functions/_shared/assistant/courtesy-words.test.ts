// Courtesy said in a closed set of words (courtesy-words.ts): the words a message opens or leads with, a message that
// only calls for attention, one that only thanks, greets or takes leave, and whether thanks or a parting the
// classifier heard is borne out by the words. Each is checked on messages as customers write them, and on the
// questions that merely begin or end courteously, which must be left to the rest of the reader.
import { describe, expect, it } from 'vitest'
import { callsOnly, courtesyOnly, LEADERS, opens, saysCourtesy, withoutThanks } from './courtesy-words.ts'
import { words } from './text.ts'

describe('opens', () => {
  it.each([
    ['merhaba', true], ['merhabaa', true], ['selamm', true], ['slm', true], ['gunaydin', true], ['hii', true], ['heyy', true], ['helloo', true],
    ['iyi', true], ['kolay', true], ['good', true],
    // The greeting returned ("as", "aleykümselam"), as the one given is ("sa").
    ['as', true], ['aleykumselam', true], ['sa', true],
    // Only a greeting loses its drawn-out last letter: "dress" is no "dres", "hell" no "hel".
    ['dress', false], ['hell', false], ['miss', false], ['tamam', false], ['ok', false], ['fiyat', false],
  ])('%s: %s', (key, expected) => {
    expect(opens(key)).toBe(expected)
  })
})

describe('LEADERS', () => {
  it.each([
    ['tamam', true], ['tamamdir', true], ['peki', true], ['evet', true], ['ok', true], ['okay', true], ['yes', true], ['sure', true], ['harika', true],
    ['merhaba', false], ['thanks', false], ['hayir', false], ['no', false], ['fiyat', false],
  ])('%s: %s', (key, expected) => {
    expect(LEADERS.has(key)).toBe(expected)
  })

  // As the reader finds where the question begins: past the greeting and the "ok" that answers the last reply.
  it.each([
    ['tamam, nasıl alırım?', 1], ['ok so how much', 2], ['merhaba, peki kargo ne zaman', 2], ['Merhabaa iyi günler kolay gelsin, kupa var mı', 5],
    ['fiyat ne', 0], ['evet', -1],
  ])('%s: the question starts at word %i', (message, start) => {
    expect(words(message).findIndex((word) => !LEADERS.has(word.key) && !opens(word.key))).toBe(start)
  })
})

describe('callsOnly', () => {
  it.each([
    'Orada kimse var mı?', 'bir sorum var', 'sorum var', 'müsait misiniz', 'naber', 'selam, nasılsınız', 'hello, I have a question', 'quick question',
    'hello, can I ask something?', 'is anyone there', 'how are you?', 'hi, how are you doing',
    // Another question announced is a call too, not a product called "başka".
    'başka bir sorum var', 'bir sorum daha var', 'I have another question', 'one more question',
  ])('%s: calls', (message) => {
    expect(callsOnly(words(message))).toBe(true)
  })

  it.each([
    // "How much?" asks a price; "much" goes with thanks, never with a call.
    'how much?', 'how much is it',
    // A greeting alone, thanks, or a question that names what it asks, is not only a call.
    'merhaba', 'thank you very much', 'var mı', 'are you open', 'merhaba fiyat', 'başka var mı', 'another one?',
  ])('%s: does not only call', (message) => {
    expect(callsOnly(words(message))).toBe(false)
  })
})

describe('courtesyOnly', () => {
  it.each([
    'teşekkürler', 'tşk', 'çok teşekkürler', 'sağolun', 'eline sağlık', 'eyvallah abi', 'thank you very much', 'thanks a lot', 'cheers mate',
    'tamam teşekkürler', 'ok thanks',
    // Thanks said with a parting or a well-wish is thanks.
    'thanks for the help, bye', 'tesekkurler kolay gelsin', 'tesekkurler iyi gunler',
    // How one is, with thanks and the question asked back ("siz" was the Sızma Zeytinyağı).
    'iyiyim teşekkürler siz', "I'm fine thanks, and you?",
  ])('%s: thanks', (message) => {
    expect(courtesyOnly(words(message))).toBe('thanks')
  })

  it.each([
    'sağlıcakla kalın efendim', 'görüşürüz', 'hoşçakalın', 'bye bye', 'ok bye', 'good night', 'see you soon', 'take care', 'iyi bakın kendinize',
    'düşüneyim', 'vazgeçtim', 'iyi çalışmalar',
    // Words that take leave only together: "bu kadar", "kolay gelsin", "next time", "let you know".
    'şimdilik bu kadar', 'kolay gelsin', 'maybe next time', 'şimdi gitmem gerek', 'i will let you know', 'not today', 'gotta run',
  ])('%s: goodbye', (message) => {
    expect(courtesyOnly(words(message))).toBe('goodbye')
  })

  it.each([
    'merhaba', 'merhabalar efendim', 'hi there', 'selamün aleyküm', 'good morning', 'good afternoon', 'iyi günler', 'iyi akşamlar size',
    // A wish said with a hello comes with the hello.
    'merhaba efendim, iyi çalışmalar', 'merhabalar, iyi akşamlar', 'iyi günler hanımefendi', 'merhaba beyefendi',
  ])('%s: greeting', (message) => {
    expect(courtesyOnly(words(message))).toBe('greeting')
  })

  it.each([
    // A leading word or a parting word that takes leave only beside others says nothing by itself.
    'tamam', 'ok', 'now', 'iyi',
    // Courtesy with a question asks the question; a call is no courtesy.
    'thanks, how much is the bag?', 'teşekkürler, kargo ne zaman gelir', 'merhaba fiyat', 'orada kimse var mı',
  ])('%s: null', (message) => {
    expect(courtesyOnly(words(message))).toBeNull()
  })
})

describe('saysCourtesy', () => {
  it.each([
    ['thank you very much', true], ['sağlıcakla kalın efendim', true], ['good night', true], ['see you tomorrow', true],
    // Two words besides the courtesy are allowed.
    ['ok cool, catch you later', true], ['çok teşekkür ederim abi', true],
    // No thanks or parting said, or too much else besides it.
    ['anything for saturday night dinner party', false], ['thanks, how much is the bag?', false], ['merhaba', false], ['iyi akşamlar', false],
  ])('%s: %s', (message, says) => {
    expect(saysCourtesy(message)).toBe(says)
  })
})

describe('withoutThanks', () => {
  it.each([
    ['kargo kaç gün sürer? teşekkürler', 'kargo kaç gün sürer?'],
    ['deri ceket ne kadar, teşekkürler', 'deri ceket ne kadar'],
    ['ceket kaç para şimdiden teşekkürler', 'ceket kaç para'],
    ['ceket kaç para çok teşekkürler iyi çalışmalar', 'ceket kaç para'],
    ['is the mug in stock? thank you so much', 'is the mug in stock?'],
    ['how long does delivery take to Izmir. Thanks!', 'how long does delivery take to Izmir.'],
    ['thanks, how much is the mug', 'how much is the mug'],
  ])('%j asks %j', (message, question) => {
    expect(withoutThanks(message)).toBe(question)
  })

  // Thanks alone, thanks after what is told, and a word that only begins like thanks are left as they are.
  it.each(['teşekkürler', 'şimdiden teşekkürler', 'thank you, bye', 'she loves it thanks', 'typewriter var mı', 'ty', 'sağolun kolay gelsin'])('%j is left whole', (message) => {
    expect(withoutThanks(message)).toBe(message)
  })
})
