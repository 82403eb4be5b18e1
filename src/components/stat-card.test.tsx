import { describe, expect, it } from 'vitest'
import { renderToStaticMarkup } from 'react-dom/server'
import { MantineProvider } from '@mantine/core'
import { StatCard, type StatCardProps } from './stat-card.tsx'

const render = (props: StatCardProps) =>
  renderToStaticMarkup(
    <MantineProvider>
      <StatCard {...props} />
    </MantineProvider>,
  )

describe('StatCard', () => {
  it('shows the label and the figure', () => {
    const html = render({ label: 'Total customers', value: '12', testId: 'summary-total', valueTestId: 'summary-value' })
    expect(html).toMatch(/data-testid="summary-total"/)
    expect(html).toMatch(/>Total customers</)
    expect(html).toMatch(/data-testid="summary-value"[^>]*>12</)
  })

  it('holds the place of the figure with a skeleton while it loads', () => {
    const html = render({ label: 'Total customers', value: '12', loading: true, testId: 'summary-total', valueTestId: 'summary-value' })
    expect(html).toMatch(/mantine-Skeleton/)
    expect(html).not.toMatch(/summary-value/)
    expect(html).not.toMatch(/>12</)
  })
})
