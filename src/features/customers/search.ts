// `?add=<phone>` opens the new-customer dialog with that number filled in:
// how another screen (the inbox) offers to add the person it shows, without
// importing this feature. Tiny and macro-free: the route file reads it.
import { normalizePhone } from '../../../domain/phone.ts'

export type CustomersSearch = { add?: string }

export function validateCustomersSearch(search: Record<string, unknown>): CustomersSearch {
  if (search.add === '') return { add: '' }
  const phone = typeof search.add === 'string' ? normalizePhone(search.add.slice(0, 40)) : null
  return phone ? { add: phone } : {}
}
