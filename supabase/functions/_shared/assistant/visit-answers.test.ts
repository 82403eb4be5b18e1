// Coming to the shop to see products (visit-answers.ts): where, whether it is open now, and the products named as the
// catalogue lists them; the shop's own prices, which are not written; nothing for a message that asks no such thing.
import { describe, expect, it } from 'vitest'
import { answerStorePrices, answerVisit } from './visit-answers.ts'
import { catalogueProduct as product, memoryContext } from '../../../../tests/support/assistant-memory.ts'

const BAG = product('p1', 'Leather Bag', 1450, 'TRY', 0)
const LAMP = product('p2', 'Masa Lambası', 35, 'EUR', 14)
const PROFILE = { address: 'Moda Cad. 12, Kadıköy', opening_hours: { wed: [['10:00', '19:00']] as [string, string][] } }
/** Wednesday 11:00 in Istanbul (memoryContext's clock). */
const at = (language: 'tr' | 'en') => memoryContext({ products: [BAG, LAMP], profile: PROFILE, language }).context

describe('answerVisit', () => {
  it.each([
    ['can i come by to see the bag', 'en', ['Our address: Moda Cad. 12, Kadıköy', "We're open now, until 19:00 today.", '• Leather Bag — ₺1,450.00 TRY, out of stock'], ['p1']],
    ['can i see the bag in store', 'en', ['Our address: Moda Cad. 12, Kadıköy', '• Leather Bag'], ['p1']],
    // (The memory catalogue matches words as written; the database's search, a word in its case endings too.)
    ['mağazada lamba görebilir miyim', 'tr', ['Adresimiz: Moda Cad. 12, Kadıköy', 'Şu an açığız; kapanış bugün saat 19:00.', '• Masa Lambası — €35,00 EUR, stokta 14 adet'], ['p2']],
    ['gelip lamba bakabilir miyim', 'tr', ['Adresimiz:', '• Masa Lambası'], ['p2']],
  ] as const)('%s: the address, the hours now, the products', async (message, language, parts, ids) => {
    const out = await answerVisit(message, at(language))
    expect(out).toMatchObject({ kind: 'location', productIds: ids })
    for (const part of parts) expect(out!.reply).toContain(part)
  })

  it('says a thing named that the catalogue does not list is not found, with the address still', async () => {
    const out = await answerVisit('can i come by to see the umbrellas', at('en'))
    expect(out).toMatchObject({ kind: 'location', productIds: [] })
    expect(out!.reply).toContain('Our address:')
    expect(out!.reply).toContain("couldn't find a matching product")
  })

  it('gives the address and the hours alone for no product in particular, and the ones just discussed for "them"', async () => {
    const general = await answerVisit('mağazaya gelip ürünlere bakabilir miyim', at('tr'))
    expect(general).toMatchObject({ kind: 'location', productIds: [], reply: 'Adresimiz: Moda Cad. 12, Kadıköy\nBugün (Çarşamba) 10:00–19:00 arası açığız. Şu an açığız; kapanış bugün saat 19:00.' })
    const history = [{ role: 'user' as const, content: 'lamba var mı', productIds: [] }, { role: 'assistant' as const, content: '…', productIds: ['p2'], kind: 'stock' }]
    const them = await answerVisit('can i come by to see them', memoryContext({ products: [BAG, LAMP], profile: PROFILE, language: 'en', history }).context)
    expect(them).toMatchObject({ kind: 'location', productIds: ['p2'] })
  })

  it.each(['can i come by tomorrow', 'where is your shop', 'is the bag in stock', 'can i try the jacket on in store', 'mağazanız nerede'])('%s: none', async (message) => {
    expect(await answerVisit(message, at('en'))).toBeNull()
  })
})

describe('answerStorePrices', () => {
  const NOTE_TR = 'Buradan verdiğim fiyatlar katalogdaki güncel fiyatlardır; mağazada farklı bir fiyat olup olmadığı yazılı değil.'
  const NOTE_EN = "The prices I give here are the catalogue's current ones; nothing is written about different prices in the shop."

  it.each([
    ['is it cheaper in store', 'en', NOTE_EN],
    ['are online prices the same as in the shop', 'en', NOTE_EN],
    ['mağazada daha mı ucuz', 'tr', NOTE_TR],
    ['mağaza fiyatları ile site fiyatları aynı mı', 'tr', NOTE_TR],
  ] as const)('%s: the prices here are the catalogue\'s, the shop\'s are not written', async (message, language, note) => {
    const out = await answerStorePrices(message, at(language))
    expect(out).toMatchObject({ kind: 'price', productIds: [] })
    expect(out!.reply.startsWith(note)).toBe(true)
  })

  it('gives the price of the product named first', async () => {
    const out = await answerStorePrices('lamba mağazada da aynı fiyat mı', at('tr'))
    expect(out).toMatchObject({ kind: 'price', productIds: ['p2'] })
    expect(out!.reply).toMatch(/^Masa Lambası fiyatı €35,00 EUR.*\nBuradan verdiğim fiyatlar/s)
  })

  it.each(['mağazadan aynı gün teslim alabilir miyim', 'mağazanızdaki en ucuz şey ne', 'is the store the same place as the address', 'can i come by to see the bag', 'how much is the lamp'])('%s: none', async (message) => {
    expect(await answerStorePrices(message, at('en'))).toBeNull()
  })
})
