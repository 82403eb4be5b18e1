// What the form and the Excel import both produce: a product's editable
// columns, and the same stamped for the store's insert.
import type { ProductRecord } from '../records.ts'

/** The columns a person edits; `group_id`, `id` and `created_at` are the app's business. */
export type ProductFields = Pick<ProductRecord, 'name' | 'description' | 'price' | 'currency' | 'stock' | 'product_link'>

/** A product ready for the store's insert: everything but the id, which the store assigns. */
export type NewProduct = Omit<ProductRecord, 'id' | 'created_at'> & { created_at?: string }
