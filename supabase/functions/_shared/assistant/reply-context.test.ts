// The Context every answerer of the built-in responder reads (reply-context.ts):
// what the business offers, the reply's shape, the products the conversation
// spoke of (re-read by id), and which products a question's words name.
import { describe, expect, it } from 'vitest'
import { memoryContext, settingsDesk as desk } from '../../../../tests/support/assistant-memory.ts'
import { understand } from './intents.ts'
import { translate } from './lexicon.ts'
import { corpusClassifier } from './nlu.ts'
import { contactOf, justListed, lastProducts, listedIds, moreThanStocked, namedProducts, offered, ofTheKind, ofTheOneDiscussed, onePairFound, previousKind, productNameWritten, reply, statesAll, subject } from './reply-context.ts'
import { words } from './text.ts'
import type { BusinessProfile, CatalogueProduct, Turn } from './types.ts'

const product = (id: string, name: string, description: string | null = null, stock = 5): CatalogueProduct => ({ id, name, description, price: 100, currency: 'TRY', stock, product_link: null })

const WIRELESS = product('p1', 'Kablosuz Kulaklık', 'Bluetooth 5.3, siyah')
const WIRED = product('p2', 'Kablolu Kulaklık', null, 0)
const SPEAKER = product('p3', 'Kablosuz Hoparlör')
const TEA = product('p4', 'Rize Çayı', '500 g siyah çay')
const TEA_GLASSES = product('p5', 'Çay Bardağı Seti', '6 adet cam bardak')
const JACKET = product('p6', 'Kadife Ceket', 'Lacivert kadife, astarlı', 2)
const BAG = product('p7', 'Deri Çanta', 'Hakiki deri, taba rengi')
const NECKLACE = product('p8', 'Gümüş Kolye', '925 ayar')
const SCARF = product('p9', 'İpek Şal', '%100 ipek, 90x90 cm')
const MUG = product('p10', 'Coffee Mug')
const ALL = [WIRELESS, WIRED, SPEAKER, TEA, TEA_GLASSES, JACKET, BAG, NECKLACE, SCARF, MUG]

const user = (content: string): Turn => ({ role: 'user', content, productIds: [] })
const assistant = (productIds: string[]): Turn => ({ role: 'assistant', content: '…', productIds })
const after = (productIds: string[], history: Turn[] = []) => memoryContext({ products: ALL, history: [...history, user('kulaklık ne kadar?'), assistant(productIds)] })
const idsOf = (found: readonly CatalogueProduct[] | string | null) => (Array.isArray(found) ? found.map((p) => p.id) : found)

const HOURS: Partial<BusinessProfile> = { opening_hours: { mon: [['09:00', '18:00']] } }

describe('offered', () => {
  it.each([
    ['a shop without a desk', { products: [MUG] }, { books: false, sells: true }],
    ['a salon taking bookings, with no products', { booking: desk(true), profile: HOURS }, { books: true, sells: false }],
    ['a shop taking bookings', { booking: desk(true), profile: HOURS, products: [MUG] }, { books: true, sells: true }],
    ['bookings switched off', { booking: desk(false), profile: HOURS }, { books: false, sells: true }],
  ])('%s', async (_, options, expected) => {
    expect(await offered(memoryContext(options).context)).toEqual(expected)
  })

  it('does not read the desk when no hours are written to book in', async () => {
    const reads = { count: 0 }
    expect(await offered(memoryContext({ booking: desk(true, reads) }).context)).toEqual({ books: false, sells: true })
    expect(reads.count).toBe(0)
  })
})

describe('reply and contactOf', () => {
  it('gives the products by id, and says known: false only when not known', () => {
    expect(reply('price', 'Fiyatı ₺100', 'tr', [SCARF, MUG])).toEqual({ reply: 'Fiyatı ₺100', language: 'tr', productIds: ['p9', 'p10'], kind: 'price' })
    expect(reply('unknown', "I don't know", 'en', [], false)).toEqual({ reply: "I don't know", language: 'en', productIds: [], kind: 'unknown', known: false })
  })

  it("gives the owner's contact details in the reply's language, or the name alone", () => {
    expect(contactOf(memoryContext({ profile: { contact_phone: '0216 555 00 11', contact_email: 'ayse@example.com' } }).context)).toBe('Ayşe Butik size yardımcı olabilir: 0216 555 00 11 · ayse@example.com')
    expect(contactOf(memoryContext({ profile: null, language: 'en' }).context)).toBe('Please contact Ayşe Butik directly about this.')
  })
})

describe('lastProducts and justListed', () => {
  it('re-reads the latest products spoken of once per reply, skipping turns that spoke of none', async () => {
    const { context, calls } = memoryContext({ products: ALL, history: [assistant(['p9']), user('kulaklık?'), assistant(['p2', 'p1']), user('teşekkürler'), assistant([])] })
    expect(idsOf(await lastProducts(context))).toEqual(['p2', 'p1'])
    expect(idsOf(await lastProducts(context))).toEqual(['p2', 'p1'])
    expect(calls.filter((call) => call.method === 'byIds')).toHaveLength(1)
  })

  it('is null before any product, empty when they are gone, and at most five', async () => {
    expect(await lastProducts(memoryContext({ products: ALL, history: [user('merhaba'), assistant([])] }).context)).toBeNull()
    expect(await lastProducts(after(['deleted']).context)).toEqual([])
    expect(idsOf(await lastProducts(after(ALL.map((p) => p.id)).context))).toEqual(['p1', 'p2', 'p3', 'p4', 'p5'])
  })

  it('is the earlier list while the replies since picked from it', async () => {
    expect(idsOf(await justListed(after(['p1'], [user('kulaklık'), assistant(['p1', 'p2', 'p3'])]).context))).toEqual(['p1', 'p2', 'p3'])
    expect(await justListed(memoryContext({ history: [user('merhaba')] }).context)).toBeNull()
  })
})

describe('listedIds', () => {
  it.each([
    ['no replies', [], []], ['a reply of no products', [[]], []], ['a list after one of none', [['a', 'b'], []], []],
    ['one of a list picked', [['a', 'b', 'c'], ['b']], ['a', 'b', 'c']], ['a new list', [['a', 'b'], ['c']], ['c']],
    ['the one picked, asked of again', [['a', 'b', 'c'], ['b'], ['b']], ['a', 'b', 'c']],
    ['a reply between of no products', [['a', 'b', 'c'], [], ['a']], ['a', 'b', 'c']],
  ])('%s', (_, lists, expected) => {
    expect(listedIds(lists.map(assistant))).toEqual(expected)
  })
})

describe('subject', () => {
  it('is the products just discussed for no term, or why there are none', async () => {
    expect(idsOf(await subject('', after(['p1', 'p2']).context, 1))).toEqual(['p1'])
    expect(await subject('', memoryContext({ products: ALL }).context, 3)).toBe('no_subject')
    expect(await subject('', after(['deleted']).context, 3)).toBe('gone')
  })

  it('chooses from the list just given the ones its words name wholly', async () => {
    expect(idsOf(await subject('kablosuz', after(['p1', 'p2']).context, 3))).toEqual(['p1'])
    expect(idsOf(await subject('kablosuz', memoryContext({ products: ALL }).context, 3))).toEqual(['p1', 'p3'])
  })

  // Over a search that hands back the whole catalogue, as a loose match may: the words alone must choose.
  const base = memoryContext({ products: ALL }).context
  const loose = { ...base, catalogue: { ...base.catalogue, search: async () => ALL } }
  it.each([
    ['çay bardağı', ['p5']], ['rize çayı', ['p4']], ['kadife ceket', ['p6']], ['velvet jacket', ['p6']], ['pamuk şal', []],
    // The jacket is velvet: a leather one is none of the catalogue's.
    ['deri ceket', []], ['leather jacket', []],
  ])('%s names %j', async (term, expected) => {
    expect(idsOf(await subject(term, loose, 3))).toEqual(expected)
  })
})

describe('ofTheKind', () => {
  const OIL = product('o1', 'Zeytinyağı', '1 litre')
  const BOTTLE = product('o2', 'Steel Water Bottle')
  const SUNGLASSES = product('g1', 'Sunglasses')
  const READING = product('g2', 'Okuma Gözlüğü')
  it.each([
    ['çay bardağı', [TEA, TEA_GLASSES], ['p5']], ['ne kadar', [TEA, TEA_GLASSES], ['p4', 'p5']],
    // What it comes in: the olive oil, unless a product is the container itself.
    ['zeytinyağı şişesi', [OIL, BOTTLE], ['o1']],
    ['water bottle', [OIL, BOTTLE], ['o2']],
    // A kind named in two words is one thing; the second alone is another.
    ['güneş gözlüğü', [SUNGLASSES], ['g1']], ['gözlük', [SUNGLASSES, READING], ['g2']],
  ])('%s', (term, products, expected) => {
    expect(idsOf(ofTheKind(term, products))).toEqual(expected)
  })
})

describe('statesAll', () => {
  it.each([
    ['jacket', ['velvet'], true], ['jacket', ['kadife', 'lacivert'], true], ['jacket', ['navy'], true], ['jacket', ['deri'], false],
    ['bag', ['leather'], true], ['bag', ['deri', 'siyah'], false], ['bag', [], true],
    // "Bluetooth" says no blue.
    ['headphones', ['blue'], false], ['headphones', ['black'], true],
  ])('the %s states %j: %s', (item, keys, expected) => {
    expect(statesAll({ jacket: JACKET, bag: BAG, headphones: WIRELESS }[item]!, keys)).toBe(expected)
  })
})

describe('namedProducts and onePairFound', () => {
  const { context } = memoryContext({ products: ALL })
  it.each([
    ['deri çanta ve gümüş kolye ne kadar', ['p7', 'p8']], ['çantayla kolye kaç tutar', ['p7', 'p8']],
    ['kablosuz kulaklık ve kablolu kulaklık', ['p1', 'p2']],
    // Three or more, between commas and joining words, or side by side.
    ['çanta, kolye ve şal var mı', ['p7', 'p8', 'p9']], ['çanta kolye ve şal', ['p7', 'p8', 'p9']], ['çanta kolye fiyatları', ['p7', 'p8']],
    ['kolye ve küpe', null], ['kulaklık ve kulaklık', null], ['kolye ne kadar', null], ['çanta, kolye ve küpe var mı', null],
  ])('%s: %j', async (message, expected) => {
    expect(idsOf(await namedProducts(message, context))).toEqual(expected)
  })

  it('gives the one found and the words of the other, on either side', async () => {
    expect(await onePairFound('kolye ve küpe ne kadar', context)).toEqual({ found: NECKLACE, missing: 'küpe' })
    expect(await onePairFound('küpe ve kolye', context)).toEqual({ found: NECKLACE, missing: 'küpe' })
    expect(await onePairFound('deri çanta ve gümüş kolye', context)).toBeNull()
    expect(await onePairFound('küpe ve bilezik', context)).toBeNull()
    expect(await onePairFound('kolye ne kadar', context)).toBeNull()
  })
})

describe('previousKind', () => {
  it("is the kind of the customer's latest question, or null before any", async () => {
    const history = [user('kablosuz kulaklık ne kadar?'), assistant(['p1']), user('kargo ücreti ne kadar'), assistant([])]
    expect(await previousKind(memoryContext({ history }).context)).toBe('shipping')
    expect(await previousKind(memoryContext({ history: history.slice(0, 2) }).context)).toBe('price')
    expect(await previousKind(memoryContext({ history: [assistant([])] }).context)).toBeNull()
  })
})

describe('productNameWritten', () => {
  // The database's search finds a product by any of the words, in either language; the memory one wants them all.
  const base = memoryContext({ products: ALL }).context
  const context = { ...base, catalogue: { ...base.catalogue, search: async (query: string) => ALL.filter((p) => words(`${query} ${translate(query)}`).some((word) => words(p.name).some((name) => name.key === word.key))) } }
  it.each([
    ['kablosuz kulaklık kaç dolar', 'kablosuz kulaklik'], ['velvet jacket price', 'kadife ceket'], ['kadife ceket hakiki mi', 'kadife ceket'],
    // One word is enough in a yes-or-no question when it names a kind of thing.
    ['kolye alerji yapar mı?', 'kolye'],
    ['kolye ne kadar', null], ['deri ceket kaç dolar', null], ['merhaba', null],
  ])('%s: %s', async (message, expected) => {
    expect(await productNameWritten(message, context)).toBe(expected)
  })
})

describe('ofTheOneDiscussed', () => {
  it.each([
    ['what is it made of?', ['p9'], true], ['kumaşı ne', ['p9'], true], ['bu kaç cm', ['p9'], true], ['bunun rengi ne', ['p6'], true],
    // No colour in the scarf's record; two products; no pointing back; not an attribute.
    ['bunun rengi ne', ['p9'], false], ['what is it made of?', ['p9', 'p10'], false], ['kaç cm', ['p9'], false], ['ne kadar', ['p9'], false],
  ])('%s after %j: %s', async (message, ids, expected) => {
    const intent = await understand(message, await corpusClassifier())
    expect(await ofTheOneDiscussed(intent, message, after(ids).context)).toBe(expected)
  })
})

describe('moreThanStocked', () => {
  it('says the catalogue shows fewer only when more are wanted than the stock', () => {
    const { context } = memoryContext({ profile: { contact_phone: '0216 555 00 11' } })
    expect(moreThanStocked(JACKET, 10, context)).toEqual(['10 adet için: katalogda Kadife Ceket stoğu 2 adet görünüyor. Ayşe Butik size yardımcı olabilir: 0216 555 00 11'])
    expect(moreThanStocked(JACKET, 3, memoryContext({ language: 'en' }).context)).toEqual(['For 3: the catalogue shows 2 of Kadife Ceket in stock. Please contact Ayşe Butik directly about this.'])
    for (const [item, wanted] of [[JACKET, 2], [JACKET, null], [WIRED, 3]] as const) expect(moreThanStocked(item, wanted, context)).toEqual([])
  })
})
