// chart.js, fetched once by the first chart that mounts and shared by the dashboard's
// charts (sales and tax by state, sales over time): one dynamic import, so chart.js is one
// chunk of its own holding nothing else, and the first visit's bundle carries only that
// chunk's name (docs/frontend.md, "Reports"). Only the parts those charts draw are
// registered: bars, the line over them, their scales, legend and tooltips. A failed load
// is tried again by the next chart.
let loading = null;

export function loadChartJs() {
  loading ??= import('chart.js').then(
    ({
      Chart,
      BarController,
      BarElement,
      LineController,
      LineElement,
      PointElement,
      CategoryScale,
      LinearScale,
      Legend,
      Tooltip,
    }) => {
      Chart.register(
        BarController,
        BarElement,
        LineController,
        LineElement,
        PointElement,
        CategoryScale,
        LinearScale,
        Legend,
        Tooltip,
      );
      return Chart;
    },
    (error) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}
