// A plain table of rows a screen already holds (purchases, an import's rows
// and errors): the header and every row drawn from one list of columns, so a
// column's heading, cells and alignment are written once. A screen's own
// records, windowed and with row buttons, are `RecordList` instead.
import type { Key, ReactNode } from 'react'
import { Table, type TableProps } from '@mantine/core'

export type TableColumn<T> = {
  key: string
  header: ReactNode
  cell: (row: T, index: number) => ReactNode
  /** On the header and every cell: the column's alignment. */
  className?: string
  /** On the cells only: a date or price that must not wrap. */
  cellClassName?: string
  cellTestId?: string
}

export type DataTableProps<T> = Omit<TableProps, 'children'> & {
  columns: readonly TableColumn<T>[]
  rows: readonly T[]
  rowKey: (row: T, index: number) => Key
  rowTestId?: string
  /** The table's own `data-testid`. */
  testId?: string
}

const classNames = (...names: (string | undefined)[]) => names.filter(Boolean).join(' ') || undefined

export function DataTable<T>(props: DataTableProps<T>) {
  const { columns, rows, rowKey, rowTestId, testId, ...table } = props
  return (
    <Table {...table} data-testid={testId}>
      <Table.Thead>
        <Table.Tr>
          {columns.map((column) => (
            <Table.Th key={column.key} className={column.className}>
              {column.header}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row, index) => (
          <Table.Tr key={rowKey(row, index)} data-testid={rowTestId}>
            {columns.map((column) => (
              <Table.Td key={column.key} className={classNames(column.className, column.cellClassName)} data-testid={column.cellTestId}>
                {column.cell(row, index)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  )
}
