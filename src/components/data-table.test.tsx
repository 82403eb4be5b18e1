import { describe, expect, it } from 'vitest'
import { renderToStaticMarkup } from 'react-dom/server'
import { MantineProvider } from '@mantine/core'
import { DataTable } from './data-table.tsx'

type Row = { id: string; date: string; amount: number }

function render(rows: Row[]) {
  return renderToStaticMarkup(
    <MantineProvider>
      <DataTable
        testId="rows"
        rows={rows}
        rowKey={(row) => row.id}
        rowTestId="row"
        columns={[
          { key: 'date', header: 'Date', cellClassName: 'nowrap', cell: (row) => row.date },
          { key: 'amount', header: 'Amount', className: 'numeric', cellTestId: 'amount', cell: (row, i) => `${i + 1}: ${row.amount}` },
        ]}
      />
    </MantineProvider>,
  )
}

describe('DataTable', () => {
  it('draws the header and each row from the columns, classes and test ids where asked', () => {
    const html = render([
      { id: 'a', date: '1 May', amount: 10 },
      { id: 'b', date: '2 May', amount: 20 },
    ])
    const cells = (tag: string) => [...html.matchAll(new RegExp(`<${tag}(\\s[^>]*)?>(.*?)</${tag}>`, 'g'))].map(([, attributes = '', text]) => ({ attributes, text }))
    expect(html).toMatch(/<table[^>]*data-testid="rows"/)
    expect(cells('th').map((c) => c.text)).toEqual(['Date', 'Amount'])
    expect(cells('th')[1]?.attributes).toMatch(/class="[^"]*numeric/)
    expect(cells('th')[0]?.attributes).not.toMatch(/nowrap/)
    expect(cells('td').map((c) => c.text)).toEqual(['1 May', '1: 10', '2 May', '2: 20'])
    expect(cells('td')[0]?.attributes).toMatch(/class="[^"]*nowrap/)
    expect(cells('td')[1]?.attributes).toMatch(/class="[^"]*numeric[^"]*"[^>]*data-testid="amount"/)
    expect(html.match(/<tr[^>]*data-testid="row"/g)).toHaveLength(2)
  })
})
