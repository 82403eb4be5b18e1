// What a question asks of a product's record (attribute-words.ts): which attribute, the colours and materials
// it names, a specification's unit, where the product comes from, whether its material is the real thing.
// Each reading is checked on messages as customers write them, and on the look-alikes it must leave alone.
import { describe, expect, it } from 'vitest'
import {
  ASKS_MATERIAL, ATTRIBUTE_PATTERNS, DURATION_PHRASES, FITS, ORIGIN_WORDS, PROPERTY_ASKED, asksContentsOrFit, asksIfGenuine, asksOrigin,
  asksWhichMaterial, attributeOf, colourOf, coloursIn, materialsIn, saysGenuine, sizeNumber, specUnitAsked, withoutDuration,
} from './attribute-words.ts'
import { keyLine, words } from './text.ts'

/** As the readers test a message: ASCII keys, spaced at both ends. */
const line = (message: string) => keyLine(words(message))

describe('attributeOf', () => {
  it.each([
    ['bedeni kaç', 'size'], ['42 numara', 'size'], ['xl var mı', 'size'], ['what size', 'size'], ['kaç gram', 'weight'], ['kilosu kaç', 'weight'],
    ['how heavy is it', 'weight'], ['kokusu nasıl', 'scent'], ['lavanta esanslı mı', 'scent'], ['what does it smell like', 'scent'],
    ['kulaklık pil ömrü', 'duration'], ['mum kaç saat yanar', 'duration'], ['how long does the candle burn', 'duration'],
    ['how long for the candle to burn', 'duration'], ['şarj süresi', 'duration'], ['hoparlörün şarj süresi kaç saat', 'duration'], ['burn time of the candle', 'duration'], ['mumun yanma süresi', 'duration'],
    ['boyu kaç cm', 'dimensions'], ['kaç ml', 'dimensions'], ['how long is the scarf', 'dimensions'], ['how much does it hold', 'dimensions'],
    ['rengi ne', 'colour'], ['siyahı var mı', 'colour'], ['what colours do you have', 'colour'],
    ['kumaşı ne', 'material'], ['neyden yapılmış', 'material'], ['what is it made of', 'material'], ['what kind of leather', 'material'],
    // The customer's own height or weight, given to ask a size, asks no product's weight or length.
    ['kilom 58 hangi beden', 'size'], ['boyum 1.70 hangi beden', 'size'],
    // A letter size worn "in", though a material names the product.
    ['is the linen shirt available in L', 'size'], ['leather jacket in XL?', 'size'],
  ])('%s: %s', (message, attribute) => {
    expect(attributeOf(words(message))).toBe(attribute)
  })

  it.each([
    'kilom 58',
    // A warranty, where a thing is made, which battery it takes and how long a delivery takes measure nothing on the record.
    'garantisi ne kadar', 'how long is the warranty', 'where are the mugs made', 'hangi pille çalışıyor', 'what batteries does it take',
    'how long does shipping take', 'how long until it arrives',
    // A battery in the box is what comes with it, not how long it lasts.
    'pil dahil mi', 'is a battery included', 'pilli mi geliyor',
    // A Turkish material written with the product names the product ("deri ceket"), asking none of its attributes.
    'deri ceket', 'hakiki deri mi', 'ne kadar',
    // How the cut fits is a detail, no size: "small" here is no S.
    'do the sneakers run small', 'does it fit true to size', 'ayakkabının kalıbı dar mı', 'is it a slim fit',
  ])('%s: null', (message) => {
    expect(attributeOf(words(message))).toBeNull()
  })
})

describe('withoutDuration', () => {
  it.each([
    ['headphone battery life', ['headphone']], ['kulaklık pil ömrü', ['kulaklık']], ['saat pili ne kadar gider', ['saat', 'ne', 'kadar']],
    ['how long does the candle burn', ['how', 'long', 'does', 'the', 'candle']],
    // With no kind of thing left to name, the words stay as they were (a battery may be sold); so do those of another attribute.
    ['şarjı ne kadar gidiyor', ['şarjı', 'ne', 'kadar', 'gidiyor']], ['pili ne kadar gider', ['pili', 'ne', 'kadar', 'gider']], ['bedeni kaç', ['bedeni', 'kaç']],
    // Words that together only say how long something lasts go, whatever is left.
    ['pil ömrü', []], ['kablosuz olanın şarj süresi', ['kablosuz', 'olanın']], ['charging time', []],
  ])('%s: %j', (message, rest) => {
    expect(withoutDuration(words(message)).map((word) => word.text)).toEqual(rest)
  })
})

describe('asksWhichMaterial', () => {
  it.each([
    ['hangi deriden', true], ['hangi kumaş', true], ['ne kumaştan', true], ['which fabric', true], ['what type of wood', true],
    ['what kind of leather bags', true], ['deri mi', false], ['deri ceket', false], ['hangi renk', false], ['what kind of bag', false],
    ['which one is leather', false],
  ])('%s: %s', (message, expected) => {
    expect(asksWhichMaterial(words(message))).toBe(expected)
  })
})

describe('sizeNumber', () => {
  it.each([
    ['42', '42'], ['42si', '42'], ['38su', '38'], ['4', '4'], ['12', '12'], ['60', '60'],
    // No size is 1, 61 or 100; a leading zero, a decimal or another ending is no size written.
    ['1', null], ['61', null], ['100', null], ['07', null], ['3.5', null], ['42lik', null], ['xl', null],
  ])('%s: %s', (key, size) => {
    expect(sizeNumber(key)).toBe(size)
  })
})

describe('colours', () => {
  it.each([
    ['kirmizisi', 'kirmizi'], ['siyahi', 'siyah'], ['lacivertler', 'lacivert'], ['kahverengisi', 'kahverengi'], ['haki', 'haki'], ['taba', 'taba'],
    // "Hakiki" is genuine and "tabak" a plate; words asking for a colour name none.
    ['hakiki', null], ['tabak', null], ['morlu', null], ['rengi', null], ['colour', null],
  ])('colourOf %s: %s', (key, colour) => {
    expect(colourOf(key)).toBe(colour)
  })

  it.each([
    ['Siyah deri çanta', ['siyah']], ['kırmızı ve beyaz kupa', ['kirmizi', 'beyaz']], ['black and white mug', ['black', 'white']],
    ['kırmızısı var mı', ['kirmizisi']], ['hangi renkleri var', []], ['colours?', []], ['hakiki deri', []],
  ])('coloursIn %s: %j', (text, colours) => {
    expect(coloursIn(text)).toEqual(colours)
  })
})

describe('materials', () => {
  it.each([
    ['deri ceket', ['deri']], ['pamuklu tişört', ['pamuklu']], ['925 ayar gümüş yüzük', ['ayar', 'gumus']], ['çelik termos', ['celik']],
    ['leather bag', ['leather']], ['cam vazo', ['cam']], ['kumaşı ne', []], ['neyden yapılmış', []], ['what fabric', []],
  ])('materialsIn %s: %j', (term, materials) => {
    expect(materialsIn(term)).toEqual(materials)
  })

  it.each([['neyden', true], ['kumasi', true], ['made', true], ['deri', false], ['gumus', false]])('ASKS_MATERIAL %s: %s', (key, asks) => {
    expect(ASKS_MATERIAL.test(key)).toBe(asks)
  })
})

describe('ATTRIBUTE_PATTERNS', () => {
  it.each([
    ['beden', ['size']], ['xl', ['size']], ['rengi', ['colour']], ['kahverengisi', ['colour']], ['gumus', ['material']], ['neyden', ['material']],
    ['olcusu', ['dimensions']], ['cm', ['dimensions']], ['kg', ['weight']], ['battery', ['duration']], ['omru', ['duration']],
    ['esansi', ['scent']], ['hakiki', []], ['tabak', []], ['boyum', []], ['kalem', []],
  ])('%s: %j', (key, attributes) => {
    expect(Object.entries(ATTRIBUTE_PATTERNS).filter(([, pattern]) => pattern.test(key)).map(([attribute]) => attribute)).toEqual(attributes)
  })
})

describe('what else a question asks of a product', () => {
  it.each([
    ['kaç watt', 'watt'], ['how many mAh', 'mah'], ['what hz', 'hz'], ['kaç inç', 'inc'], ['kaç w', 'w'], ['how many gb', 'gb'],
    ['watt', null], ['kaç tane', null], ['ne kadar', null], ['what size', null],
  ])('specUnitAsked %s: %s', (message, unit) => {
    expect(specUnitAsked(message)).toBe(unit)
  })

  it.each([
    ['lokumun içinde ne var', true], ["what's in it", true], ['ingredients?', true], ['which phones does it fit', true],
    ['hangi modellere uyumlu', true], ['iphone ile uyumlu mu', true], ['ne var', false], ['kaç tane var', false], ['would it fit me', false],
  ])('asksContentsOrFit %s: %s', (message, asks) => {
    expect(asksContentsOrFit(message)).toBe(asks)
  })

  it.each([
    ['hakiki deri mi', true], ['gerçek deri mi', true], ['saf ipek mi', true], ['is it real?', true], ['is the bag real leather', true],
    ['are these real', true], ['%100 keten mi', true], ['yüzde 100 keten mi', true], ['is it 100% cotton?', true],
    // A hundred of something else, "yüz" as a face, a statement, and "really?" ask nothing of the kind.
    ['100 tl mi', false], ['100 ml mi', false], ['yüz maskesi mi', false], ['%100 pamuk', false], ['hakiki deri', false], ['gerçekten mi', false],
  ])('asksIfGenuine %s: %s', (message, asks) => {
    expect(asksIfGenuine(message)).toBe(asks)
  })

  it.each([
    ['El yapımı hakiki deri omuz çantası', true], ['Pure silk, navy blue', true], ['Yazlık, %100 keten', true], ['925 ayar gümüş kolye', true],
    ['sterling silver ring', true], ['100% cotton', true], ['yüzde 100 pamuk', true],
    ['Suni deri çanta', false], ['Pamuklu tişört', false], ['gerçekten güzel', false], ['100 ml cam şişe', false], ['1100 TL', false],
  ])('saysGenuine %s: %s', (text, says) => {
    expect(saysGenuine(text)).toBe(says)
  })

  it.each([
    ['nereden geliyor', true], ['nerenin malı', true], ['menşei neresi', true], ['yerli mi', true], ['türkiyede mi yapılıyor', true],
    ['where is it from', true], ['where are they made', true], ['made in turkey?', true],
    // A place's ending written after an apostrophe, which the words leave out.
    ["Çin'de mi üretildi", true], ["Türkiye'de mi üretiliyor", true], ["İtalya'da mı yapıldı", true], ["Kadıköy'de mi", false],
    ['where are you located', false], ['where is the shop', false], ['nerede', false], ['ne zaman gelir', false],
  ])('asksOrigin %s: %s', (message, asks) => {
    expect(asksOrigin(message)).toBe(asks)
  })

  // What is left once the words of origin are taken out is the product asked of.
  it.each([['nerenin malı bu kupa', ['bu', 'kupa']], ['where are the mugs made', ['the', 'mugs']]])('ORIGIN_WORDS %s: %j', (message, left) => {
    expect(words(message).filter((word) => !ORIGIN_WORDS.test(word.key)).map((word) => word.text)).toEqual(left)
  })
})

describe('phrases read on the key line', () => {
  it.each([
    ['kaç parça', true], ['kaç kişilik', true], ['markası ne', true], ['what brand is it', true], ['son kullanma tarihi ne', true],
    ['ne zaman kavruldu', true], ['when was it roasted', true], ['who makes it', true],
    // A count, a price or a delivery's date is no property of the product.
    ['kaç tane', false], ['ne kadar', false], ['ne zaman gelir', false], ['when was it shipped', false],
  ])('PROPERTY_ASKED %s: %s', (message, asked) => {
    expect(PROPERTY_ASKED.test(line(message))).toBe(asked)
  })

  it.each([
    ['42 olur mu', true], ['bana uyar mı', true], ['would it fit me', true], ['olurmu', true],
    ['olmaz', false], ['fiyatı uygun mu', false], ['fitted', false],
  ])('FITS %s: %s', (message, fits) => {
    expect(FITS.test(line(message))).toBe(fits)
  })

  it.each([
    ['kaç saat gider', true], ['şarjı ne kadar gidiyor', true], ['how long will the candle burn', true], ['battery life', true],
    ['pil ömrü', true], ['how long is it', false], ['ne kadar', false], ['kaç saatte gelir', false], ['how long does shipping take', false],
  ])('DURATION_PHRASES %s: %s', (message, lasts) => {
    expect(DURATION_PHRASES.test(line(message))).toBe(lasts)
  })
})
