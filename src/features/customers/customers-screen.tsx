// /dashboard/customers: the owner's customers, read from and written to the
// local store, so every action here works offline and syncs later.
import { useState, type ReactNode } from 'react'
import { Alert, Button, CloseButton, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { modals } from '@mantine/modals'
import { notifications } from '@mantine/notifications'
import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import type { CustomerRecord } from '../../../domain/records.ts'
import { useLiveQuery, useRecordActions } from '../../db/hooks.ts'
import { CustomerFormModal } from './customer-form-modal.tsx'
import { CustomerList, CustomerTableHead, TABLE_MIN_WIDTH } from './customer-list.tsx'
import { SKELETON_ROWS, WIDE_SCREEN_QUERY } from './constants.ts'
import { useCustomers } from './use-customers.ts'
import classes from './customers.module.css'

type Dialog = { opened: boolean; customer: CustomerRecord | null; openings: number }

export function CustomersScreen() {
  const { t } = useLingui()
  const wide = useMediaQuery(WIDE_SCREEN_QUERY, true, { getInitialValueInEffect: false })
  const [search, setSearch] = useState('')
  const data = useCustomers(search)
  const actions = useRecordActions('customers')
  // The customer stays while the dialog closes, so its title does not flip to "New customer" mid-animation.
  const [dialog, setDialog] = useState<Dialog>({ opened: false, customer: null, openings: 0 })

  const query = search.trim()
  const shown = data.visible.length
  const total = data.all.length

  const openForm = (customer: CustomerRecord | null) => setDialog((d) => ({ opened: true, customer, openings: d.openings + 1 }))
  const closeForm = () => setDialog((d) => ({ ...d, opened: false }))

  function saved(customer: CustomerRecord, mode: 'added' | 'updated') {
    closeForm()
    const name = customer.name
    notifications.show({ color: 'green', message: mode === 'added' ? t`“${name}” was added.` : t`“${name}” was saved.` })
  }

  function confirmDelete(customer: CustomerRecord) {
    const name = customer.name
    modals.openConfirmModal({
      title: t`Delete customer`,
      children: <DeleteWarning customer={customer} />,
      labels: { confirm: t`Delete`, cancel: t`Cancel` },
      confirmProps: { color: 'red' },
      closeButtonProps: { 'aria-label': t`Close` },
      onConfirm: async () => {
        try {
          await actions.remove([customer.id])
          notifications.show({ color: 'green', message: t`“${name}” was deleted.` })
        } catch (error) {
          console.error('deleting a customer failed', error)
          notifications.show({ color: 'red', message: t`An error occurred while deleting the customer.` })
        }
      },
    })
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <Title order={1}>
            <Trans>Customers</Trans>
          </Title>
          <Text c="dimmed" mt={4}>
            <Trans>Keep your customers' phone numbers, e-mail addresses and notes in one place.</Trans>
          </Text>
        </div>
        <Button onClick={() => openForm(null)}>
          <Trans>New customer</Trans>
        </Button>
      </Group>

      <SummaryCards data={data} />

      <div role="search">
        <TextInput
          label={t`Search`}
          placeholder={t`Search by name, phone or e-mail`}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          type="search"
          rightSection={search ? <CloseButton size="sm" aria-label={t`Clear search`} onClick={() => setSearch('')} /> : null}
          data-testid="customer-search"
        />
      </div>

      {data.error ? (
        <Alert color="red" title={t`Unable to Load Customers`} role="alert" data-testid="customers-error">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{t`Your customers could not be read from this device's storage. Try again, or reload the page if it keeps failing.`}</Text>
            <Button size="xs" color="red" variant="light" onClick={data.retry}>
              <Trans>Try again</Trans>
            </Button>
          </Stack>
        </Alert>
      ) : data.loading ? (
        <ListSkeleton wide={wide} />
      ) : total === 0 ? (
        <EmptyState
          title={t`No customers yet`}
          text={t`Add the people you work with to keep their phone, e-mail and notes at hand and book their appointments.`}
          action={<Button onClick={() => openForm(null)}>{t`Add your first customer`}</Button>}
        />
      ) : shown === 0 ? (
        <EmptyState
          title={t`No matching customers`}
          text={t`No customer name, phone number or e-mail contains “${query}”.`}
          action={
            <Button variant="default" onClick={() => setSearch('')}>
              {t`Clear search`}
            </Button>
          }
        />
      ) : (
        <>
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="customer-count">
            {shown === total
              ? plural(total, { one: '# customer', other: '# customers' })
              : plural(total, { one: `${shown} of # customer`, other: `${shown} of # customers` })}
          </Text>
          <CustomerList customers={data.visible} layout={wide ? 'table' : 'cards'} onEdit={openForm} onDelete={confirmDelete} />
        </>
      )}

      <CustomerFormModal opened={dialog.opened} openings={dialog.openings} customer={dialog.customer} onClose={closeForm} onSaved={saved} />
    </Stack>
  )
}

/**
 * The confirmation's text. Deleting is a soft delete, so the customer's
 * appointments keep pointing at it and stay in the calendar, but without a
 * customer to show or remind: the owner should know before confirming.
 */
function DeleteWarning(props: { customer: CustomerRecord }) {
  const { t } = useLingui()
  const name = props.customer.name
  const appointments = useLiveQuery('appointments', { selector: { customer_id: props.customer.id } })
  const count = appointments.data.length
  return (
    <Stack gap="xs">
      <Text size="sm">{t`Delete “${name}”? This cannot be undone.`}</Text>
      {!appointments.loading && count > 0 && (
        <Alert color="yellow" variant="light" data-testid="delete-appointments-warning">
          {plural(count, {
            one: 'This customer has # appointment. It stays in the calendar without a customer, and no SMS reminder can be sent for it.',
            other: 'This customer has # appointments. They stay in the calendar without a customer, and no SMS reminders can be sent for them.',
          })}
        </Alert>
      )}
    </Stack>
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
        <Paper key={card.key} withBorder radius="md" className={classes.summaryCard} data-testid={`summary-${card.key}`}>
          <Text size="sm" c="dimmed" className={classes.summaryLabel}>
            {card.label}
          </Text>
          {loading ? (
            // Sized in em of the number's own font, so nothing moves when the number arrives.
            <Text component="div" className={classes.summaryValue}>
              <Skeleton height="1.2em" width="2em" />
            </Text>
          ) : (
            <Text className={classes.summaryValue} data-testid="summary-value">
              {error ? '–' : number.format(card.value)}
            </Text>
          )}
        </Paper>
      ))}
    </SimpleGrid>
  )
}

function EmptyState(props: { title: string; text: string; action: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="xl" data-testid="customers-empty">
      <Stack align="center" gap="xs" ta="center">
        <Title order={2} size="h3">
          {props.title}
        </Title>
        <Text c="dimmed" size="sm" maw={440}>
          {props.text}
        </Text>
        <div>{props.action}</div>
      </Stack>
    </Paper>
  )
}

function ListSkeleton(props: { wide: boolean }) {
  const { t } = useLingui()
  const rows = Array.from({ length: SKELETON_ROWS }, (_, i) => i)
  if (!props.wide) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label={t`Loading customers`} data-testid="customers-loading">
        {rows.map((i) => (
          <Skeleton key={i} height={150} radius="md" data-testid="customer-skeleton" />
        ))}
      </Stack>
    )
  }
  return (
    <Table.ScrollContainer minWidth={TABLE_MIN_WIDTH}>
      <Table layout="fixed" verticalSpacing="sm" aria-busy="true" aria-label={t`Loading customers`} data-testid="customers-loading">
        <CustomerTableHead />
        <Table.Tbody>
          {rows.map((i) => (
            <Table.Tr key={i} data-testid="customer-skeleton">
              <Table.Td>
                <Skeleton height={16} my={3} width="70%" />
              </Table.Td>
              <Table.Td>
                <Skeleton height={16} my={3} width={110} />
              </Table.Td>
              <Table.Td>
                <Skeleton height={16} my={3} width="80%" />
              </Table.Td>
              <Table.Td>
                <Skeleton height={16} my={3} width="90%" />
              </Table.Td>
              <Table.Td>
                <Skeleton height={16} my={3} width={100} ml="auto" />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}
