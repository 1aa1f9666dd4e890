// /dashboard/admin/gst-returns: the month's GSTR-1 (docs/gst-returns.md). The
// month is chosen from this month and those before it (kept in the address, ?period=),
// the screen shows each section's totals from the summary call, and the two downloads
// fetch the return itself (JSON for the portal, or a ZIP of CSVs) with the admin's token.
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import toast from '../../lib/toast';
import AdminShell from '../../features/admin/AdminShell';
import { getGstr1Summary } from '../../features/admin/reports/api';
import Gstr1Downloads from '../../features/admin/reports/Gstr1Downloads';
import Gstr1Totals from '../../features/admin/reports/Gstr1Totals';
import { recentMonths, monthLabel } from '../../features/admin/reports/period';
import { REPORTS_MESSAGES as M } from '../../features/admin/reports/reportsMessages';
import { errorMessage } from '../../lib/apiClient';
import { useApi } from '../../lib/useApi';
import { usePageMeta } from '../../lib/usePageMeta';

export default function GstReturnsPage() {
  usePageMeta({ title: 'Dashboard - GST returns - ShopSphere' });
  const [params, setParams] = useSearchParams();
  const months = useMemo(() => recentMonths(), []);
  const asked = params.get('period');
  // A month to come, or one not offered, falls back to this month.
  const period = months.some(({ value }) => value === asked) ? asked : months[0].value;
  const month = monthLabel(period);
  const summary = useApi(
    (signal) => getGstr1Summary(period, { signal }).then(({ data }) => data),
    [period],
    { onError: (error) => toast.error(errorMessage(error) ?? M.loadFailed) },
  );

  function choose(value) {
    const next = new URLSearchParams(params);
    next.set('period', value);
    setParams(next, { replace: true });
  }

  const data = summary.loading ? null : summary.data;
  return (
    <AdminShell>
      <h1 className="h2 text-center">{M.title}</h1>
      <p>{M.intro}</p>
      <div className="mb-3">
        <label htmlFor="gst-period" className="form-label mb-1">
          {M.periodLabel}
        </label>
        <select
          id="gst-period"
          className="form-select w-auto"
          value={period}
          aria-describedby="gst-period-hint"
          onChange={(event) => choose(event.target.value)}
        >
          {months.map(({ value, label }) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
        <div className="form-text" id="gst-period-hint">
          {M.periodHint}
        </div>
      </div>
      <p className="text-body-secondary" aria-live="polite" aria-busy={summary.loading}>
        {summary.loading ? M.loading : data && M.forPeriod(data.gstin, month)}
      </p>
      {summary.error && !summary.loading && (
        <p className="alert alert-danger" role="alert">
          {errorMessage(summary.error) ?? M.loadFailed}
        </p>
      )}
      {data && !summary.error && <Gstr1Totals summary={data} month={month} />}
      <Gstr1Downloads period={period} fp={data?.fp} month={month} />
    </AdminShell>
  );
}
