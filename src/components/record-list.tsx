// A screen's list of its own records (products, customers): the shared
// VirtualList keyed by the record's id, its edit and delete buttons named
// after the record's name, and the skeleton that stands in for it while the
// records load. A feature describes its records once (a RecordListView) and
// both the list and its skeleton draw from that, so the skeleton's header and
// widths are the list's.
import type { ReactNode } from 'react'
import { ListSkeleton, VirtualList, type ListColumn, type ListLayout, type RowActions } from './virtual-list.tsx'

/** What a list keys its rows on and names their buttons after. */
export type ListedRecord = { id: string; name: string }

/** How a feature shows its records. */
export type RecordListView<T> = {
  /** The table's columns before the actions column. */
  columns: readonly ListColumn<T>[]
  /** What a card shows above its buttons. */
  card: (record: T) => ReactNode
  /** A first guess at a card's height; cards are measured once drawn. */
  cardHeight: number
  /** The buttons' accessible names, where the feature's catalogue words them its own way. */
  labels?: RowActions<T>['labels']
  /** One more action before edit and delete. */
  extra?: RowActions<T>['extra']
  /** The list's accessible name, and the skeleton's while the records load. */
  label: string
  loadingLabel: string
  /** `${list}-table` or `${list}-cards` on the list, `row` on each row; `loading` and `loadingRow` on the skeleton. */
  testIds: { list: string; row: string; loading: string; loadingRow: string }
}

export type RecordListProps<T extends ListedRecord> = {
  view: RecordListView<T>
  records: readonly T[]
  layout: ListLayout
  onEdit: (record: T) => void
  onDelete: (record: T) => void
}

const recordKey = (record: ListedRecord) => record.id
const recordName = (record: ListedRecord) => record.name

export function RecordList<T extends ListedRecord>(props: RecordListProps<T>) {
  const { view } = props
  return (
    <VirtualList
      items={props.records}
      layout={props.layout}
      getKey={recordKey}
      columns={view.columns}
      card={view.card}
      actions={{ onEdit: props.onEdit, onDelete: props.onDelete, name: recordName, labels: view.labels, extra: view.extra }}
      label={view.label}
      testId={view.testIds.list}
      rowTestId={view.testIds.row}
      cardHeight={view.cardHeight}
    />
  )
}

export function RecordListSkeleton<T>(props: { view: RecordListView<T>; layout: ListLayout }) {
  const { view } = props
  return <ListSkeleton layout={props.layout} columns={view.columns} label={view.loadingLabel} testId={view.testIds.loading} rowTestId={view.testIds.loadingRow} />
}
