// The customer list: a table on large screens, cards on small ones. The spec
// loads every customer at once, so a business with thousands of them would
// otherwise put thousands of rows in the DOM; only the rows near the viewport
// are rendered (the page itself scrolls), as in the products list.
import { useLayoutEffect, useRef, useState } from 'react'
import { Anchor, Button, Card, Group, Stack, Table, Text } from '@mantine/core'
import { useWindowVirtualizer } from '@tanstack/react-virtual'
import { Trans, useLingui } from '@lingui/react/macro'
import { formatPhone } from '../../../domain/customers.ts'
import type { CustomerRecord } from '../../../domain/records.ts'
import classes from './customers.module.css'

/** Below this the table scrolls sideways inside its container rather than squeezing the columns. */
export const TABLE_MIN_WIDTH = 800

export type CustomerListProps = {
  customers: readonly CustomerRecord[]
  layout: 'table' | 'cards'
  onEdit: (customer: CustomerRecord) => void
  onDelete: (customer: CustomerRecord) => void
}

/** Distance from the top of the document to the list, which the window virtualizer needs. */
function useDocumentTop<T extends HTMLElement>() {
  const ref = useRef<T>(null)
  const [top, setTop] = useState(0)
  useLayoutEffect(() => {
    const el = ref.current
    if (!el) return
    const measure = () => {
      const next = Math.round(el.getBoundingClientRect().top + window.scrollY)
      setTop((current) => (current === next ? current : next))
    }
    measure()
    // What sits above the list (merge notices, the summary cards wrapping) may change its height.
    const observer = new ResizeObserver(measure)
    observer.observe(document.body)
    return () => observer.disconnect()
  }, [])
  return [ref, top] as const
}

function useRows(count: number, estimate: number, scrollMargin: number) {
  return useWindowVirtualizer({ count, estimateSize: () => estimate, overscan: 8, scrollMargin })
}

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

function Actions(props: { customer: CustomerRecord; onEdit: CustomerListProps['onEdit']; onDelete: CustomerListProps['onDelete'] }) {
  const { t } = useLingui()
  const name = props.customer.name
  // Each name begins with the visible word, so "Düzenle" / "Edit" spoken to voice control finds the button.
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Button size="compact-sm" variant="subtle" onClick={() => props.onEdit(props.customer)} aria-label={t`Edit: ${name}`}>
        <Trans>Edit</Trans>
      </Button>
      <Button size="compact-sm" variant="subtle" color="red" onClick={() => props.onDelete(props.customer)} aria-label={t`Delete: ${name}`}>
        <Trans>Delete</Trans>
      </Button>
    </Group>
  )
}

/** The header, shared with the loading skeleton: its cells fix the column widths (fixed table layout), so they do not jump as rows scroll in and out. */
export function CustomerTableHead() {
  return (
    <Table.Thead>
      <Table.Tr aria-rowindex={1}>
        <Table.Th className={classes.colName}>
          <Trans>Name</Trans>
        </Table.Th>
        <Table.Th className={classes.colPhone}>
          <Trans>Phone</Trans>
        </Table.Th>
        <Table.Th className={classes.colEmail}>
          <Trans>E-mail</Trans>
        </Table.Th>
        <Table.Th>
          <Trans>Notes</Trans>
        </Table.Th>
        <Table.Th className={classes.colActions}>
          <Trans>Actions</Trans>
        </Table.Th>
      </Table.Tr>
    </Table.Thead>
  )
}

function CustomerTable(props: CustomerListProps) {
  const { t } = useLingui()
  const [ref, top] = useDocumentTop<HTMLTableElement>()
  const rows = useRows(props.customers.length, 61, top)
  const items = rows.getVirtualItems()
  const before = items.length > 0 ? items[0]!.start - rows.options.scrollMargin : 0
  const after = items.length > 0 ? rows.getTotalSize() - (items[items.length - 1]!.end - rows.options.scrollMargin) : 0

  return (
    <Table.ScrollContainer minWidth={TABLE_MIN_WIDTH}>
      <Table
        ref={ref}
        layout="fixed"
        verticalSpacing="sm"
        highlightOnHover
        aria-rowcount={props.customers.length + 1}
        aria-label={t`Customers`}
        data-testid="customers-table"
      >
        <CustomerTableHead />
        <Table.Tbody>
          {before > 0 && <Spacer height={before} />}
          {items.map((item) => {
            const customer = props.customers[item.index]!
            return (
              <Table.Tr key={customer.id} data-index={item.index} ref={rows.measureElement} aria-rowindex={item.index + 2} data-testid="customer-row">
                <Table.Td>
                  <Text size="sm" fw={600} lineClamp={2} data-testid="customer-name">
                    {customer.name}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Phone phone={customer.phone_number} />
                </Table.Td>
                <Table.Td>
                  <Email email={customer.email} />
                </Table.Td>
                <Table.Td>
                  <Notes text={customer.notes} />
                </Table.Td>
                <Table.Td>
                  <Actions customer={customer} onEdit={props.onEdit} onDelete={props.onDelete} />
                </Table.Td>
              </Table.Tr>
            )
          })}
          {after > 0 && <Spacer height={after} />}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}

function Spacer(props: { height: number }) {
  return (
    <tr aria-hidden="true" className={classes.spacer}>
      <td colSpan={5} style={{ height: props.height }} />
    </tr>
  )
}

function CustomerCards(props: CustomerListProps) {
  const { t } = useLingui()
  const [ref, top] = useDocumentTop<HTMLDivElement>()
  const rows = useRows(props.customers.length, 170, top)
  const items = rows.getVirtualItems()

  return (
    <div ref={ref} role="list" aria-label={t`Customers`} className={classes.cards} style={{ height: rows.getTotalSize() }} data-testid="customers-cards">
      {items.map((item) => {
        const customer = props.customers[item.index]!
        return (
          <div
            key={customer.id}
            role="listitem"
            data-index={item.index}
            ref={rows.measureElement}
            className={classes.cardSlot}
            style={{ transform: `translateY(${item.start - rows.options.scrollMargin}px)` }}
            data-testid="customer-row"
          >
            <Card withBorder padding="md" radius="md">
              <Stack gap={6}>
                <Text fw={600} data-testid="customer-name">
                  {customer.name}
                </Text>
                <Group gap="xs" className={classes.contacts}>
                  <Phone phone={customer.phone_number} />
                  <Email email={customer.email} />
                </Group>
                <Notes text={customer.notes} />
                <Actions customer={customer} onEdit={props.onEdit} onDelete={props.onDelete} />
              </Stack>
            </Card>
          </div>
        )
      })}
    </div>
  )
}

export function CustomerList(props: CustomerListProps) {
  return props.layout === 'table' ? <CustomerTable {...props} /> : <CustomerCards {...props} />
}
