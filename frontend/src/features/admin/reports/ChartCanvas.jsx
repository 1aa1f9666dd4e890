// A chart.js chart of the dashboard's: loads chart.js (chartJs.js, its own chunk), draws
// `type` with `data` and `options` on a canvas that is an image named by `label`, and draws
// again when `data` changes. While chart.js loads it says `loading`; when it cannot be
// fetched it says `failed` in place of the chart (the panel's tables hold the same figures).
// The chart is made and destroyed in a layout effect: its destroy runs before React takes
// the canvas out of the page. chart.js watches its canvas leave the page and its
// animation frames draw on it, so destroying it after (a passive effect's cleanup) let an
// admin who left the dashboard while a chart drew get an error from chart.js.
import { useLayoutEffect, useRef, useState } from 'react';
import { loadChartJs } from './chartJs';

export default function ChartCanvas({
  type = 'bar',
  data,
  options,
  label,
  testId,
  loading,
  failed,
}) {
  const canvas = useRef(null);
  const [status, setStatus] = useState('loading');

  useLayoutEffect(() => {
    let live = true;
    let chart = null;
    loadChartJs().then(
      (Chart) => {
        if (!live) return;
        chart = new Chart(canvas.current, { type, data, options });
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
  }, [type, data, options]);

  if (status === 'failed') return <p className="text-body-secondary">{failed}</p>;
  return (
    <div style={{ position: 'relative', height: '16rem' }} aria-busy={status === 'loading'}>
      {status === 'loading' && <p className="position-absolute">{loading}</p>}
      <canvas ref={canvas} role="img" aria-label={label} data-testid={testId}>
        {label}
      </canvas>
    </div>
  );
}
