// The inbox's place lives in the URL (?filter=all&q=kargo&c=<id>, and
// ?customer=<id> from the customers screen), so a
// reload, the back button and a notification's link keep it; on a phone the
// open conversation is the screen, and back returns to the list.
// Tiny and macro-free: the route file reads it.
import { INBOX_FILTERS, type InboxFilter } from './api.ts'
import { isUuid } from '../../../domain/ids.ts'

export type ConversationsSearch = { filter?: Exclude<InboxFilter, 'needs_you'>; q?: string; c?: string; customer?: string }

export const DEFAULT_INBOX_FILTER: InboxFilter = 'needs_you'


export function validateConversationsSearch(search: Record<string, unknown>): ConversationsSearch {
  const out: ConversationsSearch = {}
  const filter = search.filter
  if (typeof filter === 'string' && filter !== DEFAULT_INBOX_FILTER && (INBOX_FILTERS as readonly string[]).includes(filter)) {
    out.filter = filter as Exclude<InboxFilter, 'needs_you'>
  }
  if (typeof search.q === 'string' && search.q.trim() !== '') out.q = search.q.slice(0, 100)
  if (typeof search.c === 'string' && isUuid(search.c)) out.c = search.c.toLowerCase()
  if (typeof search.customer === 'string' && isUuid(search.customer)) out.customer = search.customer.toLowerCase()
  return out
}

export const readInboxFilter = (search: ConversationsSearch): InboxFilter => search.filter ?? DEFAULT_INBOX_FILTER
