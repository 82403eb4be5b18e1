// The customers screen's data: every live customer of the owner in Turkish
// name order, straight from the local store (so it works offline), with the
// search and the summary counts derived from the same list.
import { useEffect, useMemo } from 'react'
import type { MangoQuery } from 'rxdb'
import { createCustomerSearchIndex, sortCustomersByName, summarizeCustomers, type CustomerSummary } from '../../../domain/customers.ts'
import type { CustomerRecord } from '../../../domain/records.ts'
import { useLiveQuery } from '../../db/hooks.ts'

// The store sorts by code point, which puts Ç, Ş and Ü after Z; the list is
// sorted here with Turkish collation instead (spec: all loaded at once).
const ALL: MangoQuery<CustomerRecord> = { selector: {} }

export type CustomersData = {
  /** Every customer, by name. */
  all: readonly CustomerRecord[]
  /** The customers matching the search, by name. */
  visible: readonly CustomerRecord[]
  summary: CustomerSummary
  loading: boolean
  error: Error | null
  retry: () => void
}

export function useCustomers(search: string): CustomersData {
  const live = useLiveQuery('customers', ALL)
  const all = useMemo(() => sortCustomersByName(live.data), [live.data])
  // Built once per list change; each keystroke only scans the folded strings.
  const index = useMemo(() => createCustomerSearchIndex(all), [all])
  const visible = useMemo(() => index.filter(search), [index, search])
  const summary = useMemo(() => summarizeCustomers(all), [all])
  // The screen shows a translated panel; the cause goes to the console for whoever investigates.
  useEffect(() => {
    if (live.error) console.error('loading customers failed', live.error)
  }, [live.error])
  return { all, visible, summary, loading: live.loading, error: live.error, retry: live.retry }
}
