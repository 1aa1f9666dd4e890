// The sales and tax panel's bar chart: taxable value and tax by state (net of credit
// notes), drawn by chart.js. chart.js (about 49 KB gzipped) is fetched with the first
// chart, in a chunk of its own that holds nothing else: the dashboard paints its figures
// and tables first, and the first visit's bundle carries only that chunk's name (each
// lazily loaded chunk adds its name to it; docs/frontend.md, "Reports"): chartJs.js loads
// it, for this chart and the sales over time chart. The canvas is an
// image named by its aria-label; the table by state beside it holds the same figures as text.
import { useEffect, useMemo, useRef, useState } from 'react';
import { loadChartJs } from './chartJs';
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
  const canvas = useRef(null);
  const [status, setStatus] = useState('loading');
  const data = useMemo(() => chartData(byState), [byState]);

  useEffect(() => {
    let live = true;
    let chart = null;
    loadChartJs().then(
      (Chart) => {
        if (!live) return;
        chart = new Chart(canvas.current, { type: 'bar', data, options: OPTIONS });
        setStatus('ready');
      },
      (error) => {
        console.error('chart.js could not be loaded', error);
        if (live) setStatus('failed');
      },
    );
    return () => {
      live = false;
      chart?.destroy();
    };
  }, [data]);

  if (status === 'failed') return <p className="text-body-secondary">{M.chartFailed}</p>;
  return (
    <div style={{ position: 'relative', height: '16rem' }} aria-busy={status === 'loading'}>
      {status === 'loading' && <p className="position-absolute">{M.chartLoading}</p>}
      <canvas ref={canvas} role="img" aria-label={label} data-testid="sales-tax-chart">
        {label}
      </canvas>
    </div>
  );
}
