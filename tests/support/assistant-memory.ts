// In-memory stand-ins for the assistant's two reads, for unit tests of the
// responders: a catalogue and the business's knowledge, each recording what
// it handed out so a test can prove a reply quotes only what was read. The
// database's own search (search_products, search_faq) is tested against the
// real database in tests/integration; these only approximate it: a query
// word matches when its first six folded letters (a short word without its
// plural s) occur in the text.
import { asciiKey } from '../../supabase/functions/_shared/assistant/text.ts'
import type { Context } from '../../supabase/functions/_shared/assistant/reply-context.ts'
import type { AssistantLanguage, BookingDesk, BusinessKnowledge, BusinessProfile, Catalogue, CatalogueProduct, FaqHit, Turn } from '../../supabase/functions/_shared/assistant/types.ts'

/** A catalogue row as the assistant's tests write it: no link unless given. */
export const catalogueProduct = (id: string, name: string, price: number, currency: string, stock: number, description: string | null = null, link: string | null = null): CatalogueProduct => ({
  id, name, description, price, currency, stock, product_link: link,
})

export type CatalogueCall = { method: 'search' | 'byIds' | 'list' | 'extremes' | 'inBudget'; arg: string | number | undefined; returned: CatalogueProduct[] }

const stemsOf = (query: string) =>
  asciiKey(query)
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length >= 2)
    .map((word) => (word.length <= 5 ? word.replace(/s$/, '') : word.slice(0, 6)))
// A soft ğ at the stem's end stands for the k of the plain word: "kulaklığı" finds "Kulaklık", "gözlüğü" finds "Gözlüğü".
const holds = (text: string, stem: string) => text.includes(stem) || (stem.endsWith('g') && text.includes(`${stem.slice(0, -1)}k`))

export function memoryCatalogue(products: readonly CatalogueProduct[]): { catalogue: Catalogue; calls: CatalogueCall[]; items: CatalogueProduct[] } {
  const items = products.map((p) => ({ ...p }))
  const calls: CatalogueCall[] = []
  const copy = (list: CatalogueProduct[]) => list.map((p) => ({ ...p }))
  const record = (method: CatalogueCall['method'], arg: CatalogueCall['arg'], found: CatalogueProduct[]) => {
    calls.push({ method, arg, returned: found })
    return found
  }
  const catalogue: Catalogue = {
    async search(query, limit = 5) {
      const stems = stemsOf(query)
      const found = items.filter((p) => stems.length > 0 && stems.every((stem) => holds(asciiKey(`${p.name} ${p.description ?? ''}`), stem)))
      return record('search', query, copy(found.slice(0, limit)))
    },
    async byIds(ids) {
      return record('byIds', ids.join(','), copy(ids.flatMap((id) => items.find((p) => p.id === id) ?? [])))
    },
    // Newest first is the items' own order backwards: later in the list, added later.
    async list(limit = 20, order = 'name') {
      const ordered = order === 'newest' ? [...items].reverse() : [...items].sort((a, b) => a.name.localeCompare(b.name))
      return record('list', limit, copy(ordered.slice(0, limit)))
    },
    async extremes(order) {
      const best = new Map<string, CatalogueProduct>()
      for (const p of items) {
        const current = best.get(p.currency)
        if (!current || (order === 'cheapest' ? p.price < current.price : p.price > current.price)) best.set(p.currency, p)
      }
      return record('extremes', order, copy([...best.values()].sort((a, b) => a.currency.localeCompare(b.currency))))
    },
    async inBudget({ currency, max, min }, limit = 20) {
      const found = items
        .filter((p) => p.currency === currency && p.price <= max && (min === undefined || p.price >= min))
        .sort((a, b) => b.price - a.price)
      return record('inBudget', `${currency} ${min ?? ''}-${max}`, copy(found.slice(0, limit)))
    },
  }
  return { catalogue, calls, items }
}

export const EMPTY_PROFILE: BusinessProfile = {
  address: null,
  maps_url: null,
  contact_phone: null,
  contact_email: null,
  opening_hours: {},
  time_zone: 'Europe/Istanbul',
  shipping_info: null,
  returns_info: null,
  payment_info: null,
  ordering_info: null,
}

// The fillers search_faq leaves out, the common ones.
const FAQ_FILLERS = new Set(['var', 'mi', 'mu', 'ne', 'bir', 'bu', 'icin', 'nasil', 'do', 'you', 'is', 'are', 'the', 'what', 'how', 'can', 'it', 'your'])

export type FaqEntry = { id: string; question: string; answer: string }

/** The profile as given, and an FAQ scored as search_faq scores it: the share of the query's words the question holds. */
export function memoryBusiness(profile: Partial<BusinessProfile> | null = {}, faq: readonly FaqEntry[] = []): BusinessKnowledge & { faqSearches: string[] } {
  const faqSearches: string[] = []
  return {
    profile: profile === null ? null : { ...EMPTY_PROFILE, ...profile },
    hasFaq: faq.length > 0,
    faqSearches,
    async searchFaq(query, limit = 3) {
      faqSearches.push(query)
      const stems = stemsOf(query).filter((stem) => stem.length >= 3 && !FAQ_FILLERS.has(stem))
      if (stems.length === 0) return []
      return faq
        .map((entry): FaqHit => {
          const text = asciiKey(entry.question)
          return { ...entry, score: stems.filter((stem) => text.includes(stem)).length / stems.length }
        })
        .filter((hit) => hit.score > 0)
        .sort((a, b) => b.score - a.score)
        .slice(0, limit)
    },
  }
}

/** A booking desk that only reads its settings, as offered() does (reply-context.ts); `reads` counts the reads. */
export function settingsDesk(enabled: boolean, reads = { count: 0 }): BookingDesk {
  const load = async () => {
    reads.count++
    return { rules: { enabled, slot_minutes: 30, default_duration_minutes: 60, max_days_ahead: 30, min_notice_minutes: 60, reminder_hours_before: null }, services: [] }
  }
  return { load } as unknown as BookingDesk
}

/** What `memoryContext` sets unless told otherwise: a Turkish reply at Ayşe Butik on a Wednesday morning in Istanbul. */
export const MEMORY_CONTEXT_DEFAULTS = { businessName: 'Ayşe Butik', language: 'tr', now: new Date('2026-11-25T08:00:00Z') } as const

/**
 * The Context one reply of the built-in responder's answerers reads (reply-context.ts), over the memory catalogue and
 * business, with what they were asked for.
 */
export function memoryContext(
  options: { products?: readonly CatalogueProduct[]; profile?: Partial<BusinessProfile> | null; faq?: readonly FaqEntry[]; history?: readonly Turn[]; language?: AssistantLanguage; now?: Date; booking?: BookingDesk } = {},
): { context: Context; calls: CatalogueCall[]; faqSearches: string[] } {
  const fake = memoryCatalogue(options.products ?? [])
  const business = memoryBusiness(options.profile === undefined ? {} : options.profile, options.faq ?? [])
  const context: Context = {
    catalogue: fake.catalogue,
    business,
    businessName: MEMORY_CONTEXT_DEFAULTS.businessName,
    language: options.language ?? MEMORY_CONTEXT_DEFAULTS.language,
    history: options.history ?? [],
    now: options.now ?? MEMORY_CONTEXT_DEFAULTS.now,
    ...(options.booking ? { booking: options.booking } : {}),
  }
  return { context, calls: fake.calls, faqSearches: business.faqSearches }
}
