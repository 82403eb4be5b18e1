// The "Business info" tab's server state: the profile and the FAQ list as
// TanStack Query queries, their writes as mutations that put what the
// database stored back into the cache. Online-only, as the rest of the
// chatbot screen: offline a read waits, paused, and a write fails at once
// (the tab disables writing meanwhile and says why).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { FaqEntryRow, FaqFormValues } from '../../../domain/business.ts'
import { ownerQuery, useOwnerQuery, WRITE_NOW } from '../../lib/owner-query.ts'
import { useOwnerRow, useSaveOwnerRow } from '../../lib/owner-row.ts'
import { getSupabase } from '../../lib/supabase.ts'
import { unansweredPrefix } from './use-insights.ts'
import { addFaqEntry, businessProfile, deleteFaqEntry, fetchFaqEntries, updateFaqEntry } from './business-api.ts'

// Another device may add entries; a minute is fresh enough for a list the owner mostly writes here.
const faqEntries = ownerQuery('faq-entries', fetchFaqEntries, 60_000)

export const useBusinessProfile = (userId: string) => useOwnerRow(businessProfile, userId)
export const useSaveBusinessProfile = (userId: string) => useSaveOwnerRow(businessProfile, userId)
export const useFaqEntries = (userId: string) => useOwnerQuery(faqEntries, userId)

type FaqChange = { kind: 'added'; entry: FaqEntryRow } | { kind: 'updated'; entry: FaqEntryRow } | { kind: 'deleted' | 'gone'; id: string }

/** Add, edit and delete, each answered with what changed so the list follows without reading it again. */
export function useFaqActions(userId: string) {
  const queryClient = useQueryClient()
  const apply = (change: FaqChange) => {
    // Which questions the assistant could not answer depends on the FAQ: the Insights tab's list is read again.
    void queryClient.invalidateQueries({ queryKey: unansweredPrefix(userId) })
    // A list never read stays unread (the Insights tab adds entries too): made from this one entry, it would hide the others.
    return queryClient.setQueryData<FaqEntryRow[]>(faqEntries.queryKey(userId), (list) => {
      if (list === undefined) return undefined
      switch (change.kind) {
        case 'added':
          return [...list.filter((e) => e.id !== change.entry.id), change.entry]
        case 'updated':
          return list.map((e) => (e.id === change.entry.id ? change.entry : e))
        default:
          return list.filter((e) => e.id !== change.id)
      }
    })
  }
  const add = useMutation({
    ...WRITE_NOW,
    mutationFn: async (values: FaqFormValues) => addFaqEntry(await getSupabase(), userId, values),
    onSuccess: (entry) => apply({ kind: 'added', entry }),
  })
  const update = useMutation({
    ...WRITE_NOW,
    mutationFn: async ({ id, values }: { id: string; values: FaqFormValues }) => ({ id, entry: await updateFaqEntry(await getSupabase(), id, values) }),
    onSuccess: ({ id, entry }) => apply(entry ? { kind: 'updated', entry } : { kind: 'gone', id }),
  })
  const remove = useMutation({
    ...WRITE_NOW,
    mutationFn: async (id: string) => {
      await deleteFaqEntry(await getSupabase(), id)
      return id
    },
    onSuccess: (id) => apply({ kind: 'deleted', id }),
  })
  /** Reads the list again: after a refusal because it is full, it holds entries another device added. */
  const refresh = () => queryClient.invalidateQueries({ queryKey: faqEntries.queryKey(userId) })
  return { add, update, remove, refresh }
}
