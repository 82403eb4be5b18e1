// The assistant's view of one owner's catalogue. The client is the service
// role's, which RLS does not scope, so every read names the owner itself;
// search_products takes the owner as an argument for the same reason (and is
// granted to the service role only).
import type { SupabaseClient } from '@supabase/supabase-js'
import { equivalents } from './lexicon.ts'
import type { Catalogue, CatalogueProduct } from './types.ts'
import { isUuid } from '../../../../domain/ids.ts'

const COLUMNS = 'id, name, description, price, currency, stock, product_link'

/** What search_products (migration 20261122001500) ranks by, mirrored so callers never ask past it. */
const MAX_LIMIT = 50
const DEFAULT_SEARCH_LIMIT = 5
const DEFAULT_LIST_LIMIT = 20


type ProductRow = {
  id: string
  name: string
  description: string | null
  price: number | string
  currency: string
  stock: number | string
  product_link: string | null
}

// numeric may arrive as a string from some PostgREST settings; the responder quotes numbers.
function toProduct(row: ProductRow): CatalogueProduct {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price: Number(row.price),
    currency: row.currency,
    stock: Number(row.stock),
    product_link: row.product_link,
  }
}

function clampLimit(limit: number | undefined, fallback: number): number {
  if (limit === undefined || !Number.isFinite(limit)) return fallback
  return Math.min(Math.max(Math.trunc(limit), 1), MAX_LIMIT)
}

/** A catalogue reading `ownerId`'s live products through a service-role client. */
export function createCatalogue(client: SupabaseClient, ownerId: string): Catalogue {
  async function searchProducts(query: string, limit: number): Promise<CatalogueProduct[]> {
    const { data, error } = await client.rpc('search_products', { p_user_id: ownerId, p_query: query, p_limit: limit })
    if (error) throw new Error(`product search failed: ${error.message}`)
    return ((data ?? []) as ProductRow[]).map(toProduct)
  }

  return {
    async search(query, limit) {
      if (!query.trim()) return []
      const wanted = clampLimit(limit, DEFAULT_SEARCH_LIMIT)
      const found = await searchProducts(query, wanted)
      // The other language's words for the same things ("İpek Şal" for "scarves") come after the words' own matches.
      const other = found.length < wanted ? equivalents(query) : []
      if (other.length === 0) return found
      const seen = new Set(found.map((product) => product.id))
      const more = (await searchProducts(other.join(' '), wanted)).filter((product) => !seen.has(product.id))
      return [...found, ...more].slice(0, wanted)
    },

    async byIds(ids) {
      // A malformed id from a model or an old turn is "not found", not a 400 from the database.
      const wanted = [...new Set(ids.filter((id) => isUuid(id)))]
      if (wanted.length === 0) return []
      const { data, error } = await client
        .from('products')
        .select(COLUMNS)
        .in('id', wanted)
        .eq('user_id', ownerId)
        .eq('_deleted', false)
      if (error) throw new Error(`product read failed: ${error.message}`)
      const found = new Map(((data ?? []) as ProductRow[]).map((row) => [row.id.toLowerCase(), toProduct(row)]))
      return ids.flatMap((id) => found.get(id.toLowerCase()) ?? [])
    },

    async list(limit, order = 'name') {
      const { data, error } = await client
        .from('products')
        .select(COLUMNS)
        .eq('user_id', ownerId)
        .eq('_deleted', false)
        .order(order === 'newest' ? 'created_at' : 'name', { ascending: order !== 'newest' })
        .order('id', { ascending: true })
        .limit(clampLimit(limit, DEFAULT_LIST_LIMIT))
      if (error) throw new Error(`product list failed: ${error.message}`)
      return ((data ?? []) as ProductRow[]).map(toProduct)
    },

    async extremes(order) {
      const { data, error } = await client.rpc('catalogue_extremes', { p_user_id: ownerId, p_order: order })
      if (error) throw new Error(`product ranking failed: ${error.message}`)
      return ((data ?? []) as ProductRow[]).map(toProduct)
    },

    async inBudget({ currency, max, min }, limit) {
      let query = client
        .from('products')
        .select(COLUMNS)
        .eq('user_id', ownerId)
        .eq('_deleted', false)
        .eq('currency', currency)
        .lte('price', max)
      if (min !== undefined) query = query.gte('price', min)
      const { data, error } = await query
        .order('price', { ascending: false })
        .order('id', { ascending: true })
        .limit(clampLimit(limit, DEFAULT_LIST_LIMIT))
      if (error) throw new Error(`product budget read failed: ${error.message}`)
      return ((data ?? []) as ProductRow[]).map(toProduct)
    },
  }
}
