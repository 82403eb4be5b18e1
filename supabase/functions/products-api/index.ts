// GET /products-api/{userId}: the owner's live (not deleted) products, for
// an external automation with the owner's automation token
// (_shared/automation.ts). `?limit=` (1–1000, default 1000) and `?offset=`
// page through a large catalogue; `total` says how many there are.
import { automationFunction } from '../_shared/automation.ts'

export const PAGE_MAX = 1000

const COLUMNS = 'id, name, description, price, currency, stock, product_link, updated_at'

function whole(value: string | null, fallback: number, min: number, max: number): number | null {
  if (value === null) return fallback
  if (!/^\d{1,9}$/.test(value)) return null
  const n = Number(value)
  return n >= min && n <= max ? n : null
}

Deno.serve(
  automationFunction('products-api', ['GET'], async (req, { ownerId, db }, { ok, fail }) => {
    const params = new URL(req.url).searchParams
    const limit = whole(params.get('limit'), PAGE_MAX, 1, PAGE_MAX)
    const offset = whole(params.get('offset'), 0, 0, 1e9)
    if (limit === null || offset === null) return fail('invalid_request', 400)
    const { data, error, count } = await db
      .from('products')
      .select(COLUMNS, { count: 'exact' })
      .eq('user_id', ownerId)
      .eq('_deleted', false)
      .order('name')
      .order('id')
      .range(offset, offset + limit - 1)
    if (error) throw error
    return ok({ products: data ?? [], total: count ?? 0, limit, offset })
  }),
)
