// The sales over time chart: revenue by day as bars, orders by day as a line on an axis of
// its own, drawn by chart.js (loaded by chartJs.js in its own chunk, as the sales and tax
// chart's: nothing of chart.js is in the first bundle or the dashboard's first paint). The
// canvas is an image named by its aria-label; the table by day below it holds the same
// figures as text.
import { useMemo } from 'react';
import ChartCanvas from './ChartCanvas';
import { DASHBOARD_MESSAGES as M } from './dashboardMessages';
import { rupees, wholeRupees } from './money';
import { chartData } from './salesOverTime';

const OPTIONS = {
  responsive: true,
  maintainAspectRatio: false,
  animation: false,
  interaction: { mode: 'index', intersect: false },
  plugins: {
    legend: { position: 'bottom' },
    tooltip: {
      callbacks: {
        label: (item) =>
          item.dataset.yAxisID === 'orders'
            ? `${item.dataset.label}: ${item.parsed.y}`
            : `${item.dataset.label}: ${rupees(item.parsed.y)}`,
      },
    },
  },
  scales: {
    y: { beginAtZero: true, ticks: { callback: (value) => wholeRupees(value) } },
    orders: {
      beginAtZero: true,
      position: 'right',
      grid: { drawOnChartArea: false },
      ticks: { precision: 0 },
    },
  },
};

export default function SalesOverTimeChart({ byDay, label }) {
  const data = useMemo(
    () => chartData(byDay, { revenue: M.revenueSeries, orders: M.ordersSeries }),
    [byDay],
  );
  return (
    <ChartCanvas
      data={data}
      options={OPTIONS}
      label={label}
      testId="sales-over-time-chart"
      loading={M.chartLoading}
      failed={M.chartFailed}
    />
  );
}
