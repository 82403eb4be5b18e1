// The owner's FAQ as an answer (faq-answers.ts): which score is enough for an entry to answer by itself, that an entry
// naming another kind of thing never does, the retries of faqFor (the other language, without the product, the
// subject asked), that only an entry on trying on answers a question of trying on, and the kinds the FAQ answers first.
import { describe, expect, it } from 'vitest'
import { FAQ_FIRST, FAQ_MIN_SCORE, faqAnswers, faqFor } from './faq-answers.ts'
import { memoryBusiness, memoryContext, type FaqEntry } from '../../../../tests/support/assistant-memory.ts'
import type { BusinessKnowledge } from './types.ts'

const WRAP = { id: 'f-wrap', question: 'Hediye paketi yapıyor musunuz?', answer: 'Evet, hediye paketi ücretsizdir.' }
const PICKUP = { id: 'f-pickup', question: 'Mağazadan teslim alabilir miyim?', answer: 'Evet, mağazamızdan teslim alabilirsiniz.' }
const FITTING = { id: 'f-fitting', question: 'Ürünleri mağazada deneme yapabilir miyim?', answer: 'Evet, mağazamızda iki prova kabini var.' }
const FAQ: readonly FaqEntry[] = [
  WRAP,
  { id: 'f-vase', question: 'Vazolar bulaşık makinesinde yıkanır mı?', answer: 'Hayır, elde yıkanmalıdır.' },
  { id: 'f-warranty', question: 'Ürünleriniz garantili mi?', answer: 'Elektronik ürünler 2 yıl garantilidir.' },
  { id: 'f-restock', question: 'Stokta olmayan ürün ne zaman gelir?', answer: 'Genelde bir haftada.' },
  { id: 'f-abroad', question: 'Yurt dışına gönderim var mı?', answer: 'Şimdilik yalnızca Türkiye içine gönderiyoruz.' },
  { id: 'f-invoice', question: 'Fatura kesiyor musunuz?', answer: 'Her siparişe e-fatura kesilir.' },
]

/** A search that scores the one entry it holds as told, whatever is asked: the score alone decides. */
const scoredAs = (entry: FaqEntry, score: number): BusinessKnowledge => ({ profile: null, hasFaq: true, searchFaq: async () => [{ ...entry, score }] })

/** The queries faqFor sends for one message, in order. */
const searchesFor = async (message: string, kind: string) => {
  const { context, faqSearches } = memoryContext({ faq: FAQ })
  await faqFor(message, context, kind)
  return faqSearches
}

const found = async (message: string, kind: string, faq: readonly FaqEntry[] = FAQ) => (await faqFor(message, memoryContext({ faq }).context, kind))?.id ?? null

describe('faqAnswers', () => {
  it.each([
    [1, true],
    [FAQ_MIN_SCORE, true],
    [0.59, false],
  ])('an entry holding %s of the asked words answers by itself: %s', async (score, answers) => {
    expect(FAQ_MIN_SCORE).toBe(0.6)
    expect(await faqAnswers(scoredAs(WRAP, score), 'hediye paketi yapıyor musunuz')).toBe(answers)
  })

  it.each([
    ['vazolar bulaşık makinesinde yıkanır mı', true],
    // Two of three words ("hediye", "paketi"): enough.
    ['hediye paketi ücretli mi', true],
    // Half the words: the wrapping entry is no answer about gift cards.
    ['hediye kartı var mı', false],
    // Three of four words, but of mugs, and the entry is of vases.
    ['kupalar bulaşık makinesinde yıkanır mı', false],
    // Only as written: the entry is in Turkish.
    ['do you wrap presents', false],
  ])('%s → %s', async (message, answers) => {
    expect(await faqAnswers(memoryBusiness({}, FAQ), message)).toBe(answers)
  })

  it('is false without a search when the owner has written no FAQ', async () => {
    const business = memoryBusiness({}, [])
    expect(await faqAnswers(business, 'hediye paketi yapıyor musunuz')).toBe(false)
    expect(business.faqSearches).toEqual([])
  })
})

describe('faqFor', () => {
  it.each([
    ['hediye paketi yapıyor musunuz', 'unknown', 'f-wrap'],
    ['vazolar bulaşık makinesinde yıkanır mı', 'attribute', 'f-vase'],
    // Written in the other language than the entry.
    ['do you wrap presents', 'unknown', 'f-wrap'],
    // Of one product, answered by the entry of all of them.
    ['kulaklık stokta var mı', 'unknown', 'f-restock'],
    // The subject asked (a warranty, an invoice) decides, though the message has words the entry has not.
    ['kulaklığın garantisi ne kadar', 'attribute', 'f-warranty'],
    ['how many years warranty on the watch', 'unknown', 'f-warranty'],
    ['faturalı mı gönderiyorsunuz', 'shipping', 'f-invoice'],
    ['hediye kartı var mı', 'unknown', null],
    ['kupalar bulaşık makinesinde yıkanır mı', 'attribute', null],
    // A stock or price question keeps its product: no entry about stock in general.
    ['kulaklık stokta var mı', 'stock', null],
    ['kulaklık stokta var mı', 'price', null],
  ])('%s (%s) → %s', async (message, kind, id) => {
    expect(await found(message, kind)).toBe(id)
  })

  it('gives the entry with its score, searching again in the other language only when the words as written find none', async () => {
    const asWritten = memoryContext({ faq: FAQ })
    expect(await faqFor('Hediye paketi yapıyor musunuz?', asWritten.context, 'unknown')).toEqual({ ...WRAP, score: 1 })
    expect(asWritten.faqSearches).toEqual(['Hediye paketi yapıyor musunuz?'])
    expect(await searchesFor('do you wrap presents', 'unknown')).toEqual(['do you wrap presents', 'do you paket hediye'])
  })

  it('searches without the product named only for a question that is not of a product', async () => {
    expect(await searchesFor('kulaklık stokta var mı', 'unknown')).toEqual(['kulaklık stokta var mı', 'headphones stokta var mı', 'stokta var mı'])
    expect(await searchesFor('kulaklık stokta var mı', 'stock')).toEqual(['kulaklık stokta var mı', 'headphones stokta var mı'])
  })

  it('sends each query to the database once, however many readings ask it', async () => {
    const searches = await searchesFor('is the speaker original', 'unknown')
    expect(searches).toContain('is the hoparlor orijinal')
    expect(searches).toEqual([...new Set(searches)])
  })

  it('is null without a search when the owner has written no FAQ', async () => {
    const { context, faqSearches } = memoryContext({ faq: [] })
    expect(await faqFor('hediye paketi yapıyor musunuz', context, 'unknown')).toBeNull()
    expect(faqSearches).toEqual([])
  })

  it.each(['merhaba, mağazada deneme yapabilir miyim', 'prova kabini var mı', 'can i try it on in the store'])(
    '%s is no question about collecting in the shop',
    async (message) => {
      expect(await found(message, 'unknown', [PICKUP])).toBeNull()
      // However well the search scores the collecting entry.
      expect(await faqFor(message, { ...memoryContext().context, business: scoredAs(PICKUP, 1) }, 'unknown')).toBeNull()
    },
  )

  it('answers trying on with the entry on trying on, and collecting with the entry on collecting', async () => {
    expect(await found('mağazada deneme yapabilir miyim', 'unknown', [PICKUP, FITTING])).toBe('f-fitting')
    expect(await found('mağazadan teslim alabilir miyim', 'location', [PICKUP, FITTING])).toBe('f-pickup')
    expect(await faqFor('mağazadan teslim alabilir miyim', { ...memoryContext().context, business: scoredAs(PICKUP, 1) }, 'location')).toEqual({ ...PICKUP, score: 1 })
  })
})

describe('FAQ_FIRST', () => {
  it('lets the FAQ answer business questions and unplaced messages first, never a price, a comparison, a budget or courtesy', () => {
    const kinds = ['location', 'shipping', 'returns', 'payment', 'discounts', 'hours', 'attribute', 'unknown', 'stock', 'human', 'off_topic', 'price', 'compare', 'extreme', 'budget', 'greeting', 'thanks', 'injection', 'complaint']
    expect(kinds.filter((kind) => FAQ_FIRST.has(kind))).toEqual(['location', 'shipping', 'returns', 'payment', 'discounts', 'hours', 'attribute', 'unknown', 'stock', 'human', 'off_topic'])
  })
})
