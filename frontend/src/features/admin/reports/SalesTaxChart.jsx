// The sales and tax panel's bar chart: taxable value and tax by state (net of credit
// notes), drawn by chart.js. chart.js (about 49 KB gzipped) is fetched with the first
// chart, in a chunk of its own that holds nothing else: the dashboard paints its figures
// and tables first, and the first visit's bundle carries only that chunk's name (each
// lazily loaded chunk adds its name to it; docs/frontend.md, "Reports"): chartJs.js loads
// it, for this chart and the sales over time chart. The canvas is an
// image named by its aria-label; the table by state beside it holds the same figures as text.
import { useMemo } from 'react';
import ChartCanvas from './ChartCanvas';
import { rupees, wholeRupees } from './money';
import { REPORTS_MESSAGES as M } from './reportsMessages';

// Bootstrap's primary and warning, as the rest of the panel.
const COLOURS = { taxable: '#0d6efd', tax: '#ffc107' };

export function chartData(byState) {
  return {
    labels: byState.map((row) => row.state || row.stateCode),
    datasets: [
      {
        label: M.taxableSeries,
        data: byState.map((row) => Number(row.taxableValue) || 0),
        backgroundColor: COLOURS.taxable,
      },
      {
        label: M.taxSeries,
        data: byState.map((row) => Number(row.tax) || 0),
        backgroundColor: COLOURS.tax,
      },
    ],
  };
}

const OPTIONS = {
  responsive: true,
  maintainAspectRatio: false,
  animation: false,
  plugins: {
    legend: { position: 'bottom' },
    tooltip: {
      callbacks: { label: (item) => `${item.dataset.label}: ${rupees(item.parsed.y)}` },
    },
  },
  scales: { y: { beginAtZero: true, ticks: { callback: (value) => wholeRupees(value) } } },
};

export default function SalesTaxChart({ byState, label }) {
  const data = useMemo(() => chartData(byState), [byState]);
  return (
    <ChartCanvas
      data={data}
      options={OPTIONS}
      label={label}
      testId="sales-tax-chart"
      loading={M.chartLoading}
      failed={M.chartFailed}
    />
  );
}
