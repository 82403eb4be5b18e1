// The Insights tab's chart: each day of the period, the replies stacked by
// outcome. Its own chunk with @mantine/charts and recharts, loaded by the tab
// when it is first shown (the dashboard loads no chart code before).
// The SVG is hidden from screen readers: the tab gives the same figures as a table.
import '@mantine/charts/styles.css'
import { BarChart } from '@mantine/charts'

export type ChartSeries = { name: string; label: string; color: string }

export default function InsightsChart(props: { data: Array<Record<string, string | number>>; series: ChartSeries[] }) {
  return (
    <div aria-hidden="true" data-testid="insights-chart">
      <BarChart
        h={240}
        data={props.data}
        dataKey="label"
        type="stacked"
        series={props.series}
        withLegend
        legendProps={{ verticalAlign: 'bottom' }}
        tickLine="y"
        gridAxis="y"
        barProps={{ isAnimationActive: false }}
        // Recharts' keyboard layer would make the hidden SVG focusable.
        barChartProps={{ accessibilityLayer: false }}
        xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 12 }}
        yAxisProps={{ allowDecimals: false, width: 32 }}
      />
    </div>
  )
}
