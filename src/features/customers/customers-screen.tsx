// /dashboard/customers: the owner's customers, read from and written to the
// local store, so every action here works offline and syncs later.
import { useEffect, useState } from 'react'
import { useNavigate, useSearch } from '@tanstack/react-router'
import { Alert, Button, SimpleGrid, Stack } from '@mantine/core'
import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { formatPhone } from '../../../domain/phone.ts'
import type { CustomerRecord } from '../../../domain/records.ts'
import { useConfirmDelete } from '../../components/confirm-delete.tsx'
import { EmptyState, LoadError, NoMatches, RecordCount } from '../../components/list-states.tsx'
import { useIsWide } from '../../components/media.ts'
import { useRecordDialog } from '../../components/record-dialog.ts'
import { RecordList, RecordListSkeleton } from '../../components/record-list.tsx'
import { ScreenHeader } from '../../components/screen-header.tsx'
import { SearchBar } from '../../components/search-bar.tsx'
import { StatCard } from '../../components/stat-card.tsx'
import { useLiveQuery, useRecordActions } from '../../db/hooks.ts'
import { CustomerFormModal } from './customer-form-modal.tsx'
import { useCustomerListView } from './customer-list.tsx'
import type { CustomersSearch } from './search.ts'
import { useCustomers } from './use-customers.ts'

export function CustomersScreen() {
  const { t } = useLingui()
  const layout = useIsWide() ? 'table' : 'cards'
  const [search, setSearch] = useState('')
  const data = useCustomers(search)
  const actions = useRecordActions('customers')
  const dialog = useRecordDialog<CustomerRecord>()
  const confirm = useConfirmDelete()
  const navigate = useNavigate({ from: '/dashboard/customers' })
  const asked = (useSearch({ from: '/authenticated/dashboard/customers' }) as CustomersSearch).add
  const [prefill, setPrefill] = useState<string | null>(null)
  // Opened from another screen to add someone: the dialog opens once, and the address forgets the request.
  if (asked !== undefined && asked !== prefill) {
    setPrefill(asked)
    dialog.open(null)
  }
  useEffect(() => {
    if (asked !== undefined) void navigate({ search: {}, replace: true })
  }, [asked, navigate])

  const view = useCustomerListView((customer) => void navigate({ to: '/dashboard/conversations', search: { filter: 'all', customer: customer.id } }))
  const query = search.trim()
  const shown = data.visible.length
  const total = data.all.length
  const countAll = plural(total, { one: '# customer', other: '# customers' })
  const countSome = plural(total, { one: `${shown} of # customer`, other: `${shown} of # customers` })

  function confirmDelete(customer: CustomerRecord) {
    confirm.record({
      title: t`Delete customer`,
      name: customer.name,
      warning: <AppointmentsWarning customer={customer} />,
      remove: () => actions.remove([customer.id]),
      failed: t`An error occurred while deleting the customer.`,
    })
  }

  return (
    <Stack gap="md">
      <ScreenHeader
        title={<Trans>Customers</Trans>}
        description={<Trans>Keep your customers' phone numbers, e-mail addresses and notes in one place.</Trans>}
        actions={
          <Button onClick={() => dialog.open(null)}>
            <Trans>New customer</Trans>
          </Button>
        }
      />

      <SummaryCards data={data} />

      <SearchBar value={search} onChange={setSearch} placeholder={t`Search by name, phone or e-mail`} testId="customer-search" />

      {data.error ? (
        <LoadError
          title={t`Unable to Load Customers`}
          message={t`Your customers could not be read from this device's storage. Try again, or reload the page if it keeps failing.`}
          onRetry={data.retry}
          testId="customers-error"
        />
      ) : data.loading ? (
        <RecordListSkeleton view={view} layout={layout} />
      ) : total === 0 ? (
        <EmptyState
          title={t`No customers yet`}
          text={t`Add the people you work with to keep their phone, e-mail and notes at hand and book their appointments.`}
          action={<Button onClick={() => dialog.open(null)}>{t`Add your first customer`}</Button>}
          testId="customers-empty"
        />
      ) : shown === 0 ? (
        <NoMatches
          title={t`No matching customers`}
          text={t`No customer name, phone number or e-mail contains “${query}”.`}
          onClear={() => setSearch('')}
          testId="customers-empty"
        />
      ) : (
        <>
          <RecordCount testId="customer-count" shown={shown} total={total} all={countAll} some={countSome} />
          <RecordList view={view} records={data.visible} layout={layout} onEdit={dialog.open} onDelete={confirmDelete} />
        </>
      )}

      <CustomerFormModal dialog={dialog} prefill={prefill ? { phone_number: formatPhone(prefill) } : undefined} />
    </Stack>
  )
}

/**
 * Deleting is a soft delete, so the customer's appointments keep pointing at
 * it and stay in the calendar, but without a customer to show or remind: the
 * owner should know before confirming.
 */
function AppointmentsWarning(props: { customer: CustomerRecord }) {
  const appointments = useLiveQuery('appointments', { selector: { customer_id: props.customer.id } })
  const count = appointments.data.length
  if (appointments.loading || count === 0) return null
  return (
    <Alert color="yellow" variant="light" data-testid="delete-appointments-warning">
      {plural(count, {
        one: 'This customer has # appointment. It stays in the calendar without a customer, and no SMS reminder can be sent for it.',
        other: 'This customer has # appointments. They stay in the calendar without a customer, and no SMS reminders can be sent for them.',
      })}
    </Alert>
  )
}

function SummaryCards(props: { data: ReturnType<typeof useCustomers> }) {
  const { t, i18n } = useLingui()
  const { summary, loading, error } = props.data
  const number = new Intl.NumberFormat(i18n.locale)
  const cards = [
    { key: 'total', label: t`Total customers`, value: summary.total },
    { key: 'phone', label: t`With a phone number`, value: summary.withPhone },
    { key: 'email', label: t`With an e-mail`, value: summary.withEmail },
  ]
  return (
    <SimpleGrid cols={3} spacing="sm" aria-busy={loading} data-testid="customer-summary">
      {cards.map((card) => (
        <StatCard
          key={card.key}
          label={card.label}
          value={error ? '–' : number.format(card.value)}
          loading={loading}
          testId={`summary-${card.key}`}
          valueTestId="summary-value"
        />
      ))}
    </SimpleGrid>
  )
}
