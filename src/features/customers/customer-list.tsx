// The customer list: a table on large screens, cards on small ones, windowed
// (the shared RecordList). The spec loads every customer at once, so a
// business with thousands of them would otherwise put thousands of rows in
// the DOM. This file says what a customer's row and card show.
import { Anchor, Group, Text } from '@mantine/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { formatPhone } from '../../../domain/customers.ts'
import type { CustomerRecord } from '../../../domain/records.ts'
import type { RecordListView } from '../../components/record-list.tsx'
import type { ListColumn } from '../../components/virtual-list.tsx'
import classes from './customers.module.css'

function Phone(props: { phone: string }) {
  if (!props.phone.trim()) {
    return (
      <Text span size="sm" c="dimmed">
        <Trans>No phone</Trans>
      </Text>
    )
  }
  return (
    <Anchor href={`tel:${props.phone}`} size="sm" className={classes.nowrap}>
      {formatPhone(props.phone)}
    </Anchor>
  )
}

function Email(props: { email?: string }) {
  if (!props.email) {
    return (
      <Text span size="sm" c="dimmed">
        <Trans>No e-mail</Trans>
      </Text>
    )
  }
  return (
    <Anchor href={`mailto:${props.email}`} size="sm" className={classes.email}>
      {props.email}
    </Anchor>
  )
}

function Notes(props: { text?: string }) {
  if (!props.text) {
    return (
      <Text size="sm" c="dimmed">
        <Trans>No notes</Trans>
      </Text>
    )
  }
  return (
    <Text size="sm" lineClamp={2} title={props.text} className={classes.notes}>
      {props.text}
    </Text>
  )
}

function useColumns(): ListColumn<CustomerRecord>[] {
  const { t } = useLingui()
  return [
    {
      key: 'name',
      header: t`Name`,
      width: '18%',
      cell: (c) => (
        <Text size="sm" fw={600} lineClamp={2} data-testid="customer-name">
          {c.name}
        </Text>
      ),
    },
    { key: 'phone', header: t`Phone`, width: '145px', cell: (c) => <Phone phone={c.phone_number} />, placeholder: 110 },
    { key: 'email', header: t`E-mail`, width: '24%', cell: (c) => <Email email={c.email} />, placeholder: '80%' },
    { key: 'notes', header: t`Notes`, cell: (c) => <Notes text={c.notes} />, placeholder: '90%' },
  ]
}

function CustomerCard(props: { customer: CustomerRecord }) {
  const customer = props.customer
  return (
    <>
      <Text fw={600} data-testid="customer-name">
        {customer.name}
      </Text>
      <Group gap="xs" className={classes.contacts}>
        <Phone phone={customer.phone_number} />
        <Email email={customer.email} />
      </Group>
      <Notes text={customer.notes} />
    </>
  )
}

/** The customers as the shared RecordList and its skeleton draw them; each row also opens the customer's conversations. */
export function useCustomerListView(onConversations: (customer: CustomerRecord) => void): RecordListView<CustomerRecord> {
  const { t } = useLingui()
  return {
    columns: useColumns(),
    card: (c) => <CustomerCard customer={c} />,
    extra: { text: t`Conversations`, label: (name) => t`Conversations with ${name}`, onClick: onConversations },
    cardHeight: 170,
    label: t`Customers`,
    loadingLabel: t`Loading customers`,
    testIds: { list: 'customers', row: 'customer-row', loading: 'customers-loading', loadingRow: 'customer-skeleton' },
  }
}
