// A list of records that is a table on wide screens and cards on narrow ones.
// Only the rows near the viewport are in the DOM (the page itself scrolls), so
// tens of thousands of records scroll and filter smoothly. The table has a
// fixed layout, its widths taken from the header, so columns do not jump as
// rows of other lengths scroll in and out. Every row ends with the record's
// edit and delete buttons.
import { memo, useLayoutEffect, useRef, useState, type ReactNode } from 'react'
import { Button, Card, Group, Skeleton, Stack, Table } from '@mantine/core'
import { useWindowVirtualizer } from '@tanstack/react-virtual'
import { Trans, useLingui } from '@lingui/react/macro'
import classes from './virtual-list.module.css'

export type ListLayout = 'table' | 'cards'

export type ListColumn<T> = {
  key: string
  header: ReactNode
  /** A CSS width (`'18%'`, `'140px'`); columns without one share what is left. */
  width?: string
  /** Numbers sit at the end of their cells. */
  align?: 'end'
  cell: (item: T) => ReactNode
  /** The width of the column's bar in the loading skeleton. */
  placeholder?: string | number
}

export type RowActions<T> = {
  onEdit: (item: T) => void
  onDelete: (item: T) => void
  /** Whose buttons they are, for their accessible names ("Edit: name"). */
  name: (item: T) => string
  /**
   * Other accessible names, for a feature whose catalogue words them its own
   * way. Each should hold the word on the button, so speech control finds it.
   */
  labels?: (name: string) => { edit: string; delete: string }
  /** One more action before edit and delete (the customers' conversations): its text, and its accessible name for the item. */
  extra?: { text: string; label: (name: string) => string; onClick: (item: T) => void }
}

/** Below this width the table scrolls sideways in its container rather than squeezing its columns. */
export const TABLE_MIN_WIDTH = 800

/** Placeholder rows while a list loads (spec: 5). */
export const SKELETON_ROWS = 5

export type VirtualListProps<T> = {
  items: readonly T[]
  layout: ListLayout
  getKey: (item: T) => string
  /** The table's columns before the actions column. */
  columns: readonly ListColumn<T>[]
  /** What a card shows above its buttons. */
  card: (item: T) => ReactNode
  actions: RowActions<T>
  /** The list's accessible name. */
  label: string
  /** `${testId}-table` or `${testId}-cards` on the list. */
  testId: string
  rowTestId: string
  /** A first guess at a card's height; rows are measured once drawn. */
  cardHeight: number
  minWidth?: number
}

/** Table rows are this tall with one line per cell, before they are measured. */
const ROW_HEIGHT = 61

export function VirtualList<T>(props: VirtualListProps<T>) {
  return props.layout === 'table' ? <ListTable {...props} /> : <ListCards {...props} />
}

/** Distance from the top of the document to the list, which the window virtualizer needs. */
function useDocumentTop<E extends HTMLElement>() {
  const ref = useRef<E>(null)
  const [top, setTop] = useState(0)
  useLayoutEffect(() => {
    const el = ref.current
    if (!el) return
    const measure = () => {
      const next = Math.round(el.getBoundingClientRect().top + window.scrollY)
      setTop((current) => (current === next ? current : next))
    }
    measure()
    // Whatever sits above the list (notices, panels, summary cards wrapping) may change its height.
    const observer = new ResizeObserver(measure)
    observer.observe(document.body)
    return () => observer.disconnect()
  }, [])
  return [ref, top] as const
}

function useRows(count: number, estimate: number, scrollMargin: number) {
  return useWindowVirtualizer({ count, estimateSize: () => estimate, overscan: 8, scrollMargin })
}

function ListTable<T>(props: VirtualListProps<T>) {
  const [ref, top] = useDocumentTop<HTMLTableElement>()
  const rows = useRows(props.items.length, ROW_HEIGHT, top)
  const items = rows.getVirtualItems()
  const margin = rows.options.scrollMargin
  const before = items.length > 0 ? items[0]!.start - margin : 0
  const after = items.length > 0 ? rows.getTotalSize() - (items[items.length - 1]!.end - margin) : 0
  const span = props.columns.length + 1

  return (
    <Table.ScrollContainer minWidth={props.minWidth ?? TABLE_MIN_WIDTH}>
      <Table
        ref={ref}
        layout="fixed"
        verticalSpacing="sm"
        highlightOnHover
        aria-rowcount={props.items.length + 1}
        aria-label={props.label}
        data-testid={`${props.testId}-table`}
      >
        <ListHead columns={props.columns} />
        <Table.Tbody>
          {before > 0 && <Spacer height={before} span={span} />}
          {items.map((row) => {
            const item = props.items[row.index]!
            return (
              <Table.Tr key={props.getKey(item)} data-index={row.index} ref={rows.measureElement} aria-rowindex={row.index + 2} data-testid={props.rowTestId}>
                <RowCells item={item} columns={props.columns} actions={props.actions} />
              </Table.Tr>
            )
          })}
          {after > 0 && <Spacer height={after} span={span} />}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}

function Spacer(props: { height: number; span: number }) {
  return (
    <tr aria-hidden="true" className={classes.spacer}>
      <td colSpan={props.span} style={{ height: props.height }} />
    </tr>
  )
}

function ListCards<T>(props: VirtualListProps<T>) {
  const [ref, top] = useDocumentTop<HTMLDivElement>()
  const rows = useRows(props.items.length, props.cardHeight, top)
  const margin = rows.options.scrollMargin

  return (
    <div ref={ref} role="list" aria-label={props.label} className={classes.cards} style={{ height: rows.getTotalSize() }} data-testid={`${props.testId}-cards`}>
      {rows.getVirtualItems().map((row) => {
        const item = props.items[row.index]!
        return (
          <div
            key={props.getKey(item)}
            role="listitem"
            data-index={row.index}
            ref={rows.measureElement}
            className={classes.cardSlot}
            style={{ transform: `translateY(${row.start - margin}px)` }}
            data-testid={props.rowTestId}
          >
            <CardContent item={item} card={props.card} actions={props.actions} />
          </div>
        )
      })}
    </div>
  )
}

// A row's cells and a card's content are drawn again only when their record, columns or actions change.
// The virtualizer draws the list again whenever it measures rows or scrolls more in, and each row's
// Mantine components cost far more to render than the row's move does.

type RowCellsProps<T> = { item: T; columns: readonly ListColumn<T>[]; actions: RowActions<T> }

const RowCells = memo(function RowCells<T>(props: RowCellsProps<T>) {
  return (
    <>
      {props.columns.map((column) => (
        <Table.Td key={column.key} className={column.align === 'end' ? classes.end : undefined}>
          {column.cell(props.item)}
        </Table.Td>
      ))}
      <Table.Td>
        <ActionButtons item={props.item} actions={props.actions} />
      </Table.Td>
    </>
  )
}) as <T>(props: RowCellsProps<T>) => ReactNode

type CardContentProps<T> = { item: T; card: (item: T) => ReactNode; actions: RowActions<T> }

const CardContent = memo(function CardContent<T>(props: CardContentProps<T>) {
  return (
    <Card withBorder padding="md" radius="md">
      <Stack gap={6}>
        {props.card(props.item)}
        <ActionButtons item={props.item} actions={props.actions} />
      </Stack>
    </Card>
  )
}) as <T>(props: CardContentProps<T>) => ReactNode

/** The header, shared with the skeleton: in a fixed layout its cells set the column widths. */
function ListHead<T>(props: { columns: readonly ListColumn<T>[] }) {
  return (
    <Table.Thead>
      <Table.Tr aria-rowindex={1}>
        {props.columns.map((column) => (
          <Table.Th key={column.key} className={column.align === 'end' ? classes.end : undefined} style={{ width: column.width }}>
            {column.header}
          </Table.Th>
        ))}
        <Table.Th className={`${classes.end} ${classes.actions}`}>
          <Trans>Actions</Trans>
        </Table.Th>
      </Table.Tr>
    </Table.Thead>
  )
}

function ActionButtons<T>(props: { item: T; actions: RowActions<T> }) {
  const { t } = useLingui()
  const { item, actions } = props
  const name = actions.name(item)
  const labels = actions.labels?.(name) ?? { edit: t`Edit: ${name}`, delete: t`Delete: ${name}` }
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {actions.extra && (
        <Button size="compact-sm" variant="subtle" onClick={() => actions.extra!.onClick(item)} aria-label={actions.extra.label(name)}>
          {actions.extra.text}
        </Button>
      )}
      <Button size="compact-sm" variant="subtle" onClick={() => actions.onEdit(item)} aria-label={labels.edit}>
        <Trans>Edit</Trans>
      </Button>
      <Button size="compact-sm" variant="subtle" color="red" onClick={() => actions.onDelete(item)} aria-label={labels.delete}>
        <Trans>Delete</Trans>
      </Button>
    </Group>
  )
}

export type ListSkeletonProps<T> = {
  layout: ListLayout
  /** The list's own columns, so the header and widths do not move when the rows arrive. */
  columns: readonly ListColumn<T>[]
  /** Said while loading ("Loading products"). */
  label: string
  /** On the skeleton. */
  testId: string
  /** On each placeholder row or card. */
  rowTestId?: string
  minWidth?: number
}

/** What stands in for a VirtualList while its records load. */
export function ListSkeleton<T>(props: ListSkeletonProps<T>) {
  const rows = Array.from({ length: SKELETON_ROWS }, (_, i) => i)
  if (props.layout === 'cards') {
    return (
      <Stack gap="sm" role="status" aria-busy="true" aria-label={props.label} data-testid={props.testId}>
        {rows.map((i) => (
          <Skeleton key={i} height={150} radius="md" data-testid={props.rowTestId} />
        ))}
      </Stack>
    )
  }
  return (
    <Table.ScrollContainer minWidth={props.minWidth ?? TABLE_MIN_WIDTH}>
      <Table layout="fixed" verticalSpacing="sm" aria-busy="true" aria-label={props.label} data-testid={props.testId}>
        <ListHead columns={props.columns} />
        <Table.Tbody>
          {rows.map((i) => (
            <Table.Tr key={i} data-testid={props.rowTestId}>
              {props.columns.map((column) => (
                <Table.Td key={column.key}>
                  <Skeleton height={16} my={3} width={column.placeholder ?? '70%'} ml={column.align === 'end' ? 'auto' : undefined} />
                </Table.Td>
              ))}
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
