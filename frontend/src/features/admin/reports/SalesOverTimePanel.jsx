// The dashboard's sales over time and top products (docs/admin-guide.md, "Sales over
// time"): the last 7, 30 or 90 days (30 at first), the period's orders, units and revenue,
// a chart of revenue and orders by day (chart.js in its own chunk, SalesOverTimeChart) with
// the same figures in a table by day, and the ten products that brought most revenue. One
// call (reports/sales-over-time) feeds both sections.
import { Fragment, useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/apiClient';
import { useApi } from '../../../lib/useApi';
import { getSalesOverTime } from './api';
import { DASHBOARD_MESSAGES as M } from './dashboardMessages';
import { rupees } from './money';
import { dayLabel } from './period';
import { DEFAULT_RANGE, RANGES, lastDays } from './salesOverTime';
import SalesOverTimeChart from './SalesOverTimeChart';

function RangePicker({ days, onChange }) {
  return (
    <fieldset className="mb-2">
      <legend className="form-label fs-6 mb-1">{M.rangeLegend}</legend>
      <div className="btn-group flex-wrap">
        {RANGES.map((option) => (
          <Fragment key={option}>
            <input
              type="radio"
              className="btn-check"
              name="sales-over-time-range"
              id={`sales-over-time-${option}`}
              value={option}
              checked={days === option}
              onChange={() => onChange(option)}
            />
            <label className="btn btn-outline-primary" htmlFor={`sales-over-time-${option}`}>
              {M.rangeOption(option)}
            </label>
          </Fragment>
        ))}
      </div>
    </fieldset>
  );
}

function ByDayTable({ report }) {
  const { byDay, totals } = report;
  return (
    <div
      className="table-responsive mt-3"
      style={{ maxHeight: '20rem' }}
      // A scrolling region the keyboard can reach and scroll.
      tabIndex={0}
      role="region"
      aria-labelledby="sales-by-day-caption"
    >
      <table className="table table-sm mb-0" data-testid="sales-by-day">
        <caption className="caption-top" id="sales-by-day-caption">
          {M.byDayCaption(dayLabel(report.from), dayLabel(report.to))}
        </caption>
        <thead>
          <tr>
            <th scope="col">{M.colDay}</th>
            <th scope="col" className="text-end">
              {M.colOrders}
            </th>
            <th scope="col" className="text-end">
              {M.colUnits}
            </th>
            <th scope="col" className="text-end">
              {M.colRevenue}
            </th>
          </tr>
        </thead>
        <tbody>
          {byDay.map((row) => (
            <tr key={row.date}>
              <th scope="row" className="fw-normal text-nowrap">
                {dayLabel(row.date)}
              </th>
              <td className="text-end">{row.orders}</td>
              <td className="text-end">{row.units}</td>
              <td className="text-end text-nowrap">{rupees(row.revenue)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="fw-bold">
            <th scope="row">{M.total}</th>
            <td className="text-end">{totals.orders}</td>
            <td className="text-end">{totals.units}</td>
            <td className="text-end text-nowrap">{rupees(totals.revenue)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

function Sales({ report }) {
  const { totals } = report;
  const from = dayLabel(report.from);
  const to = dayLabel(report.to);
  return (
    <>
      <p className="mb-1" data-testid="sales-over-time-summary">
        <strong>{M.summary(totals.orders, totals.units, rupees(totals.revenue), from, to)}</strong>
      </p>
      <p className="small text-body-secondary">{M.counted}</p>
      {totals.orders === 0 ? (
        <p className="text-body-secondary">{M.none}</p>
      ) : (
        <>
          <SalesOverTimeChart byDay={report.byDay} label={M.chartLabel(from, to)} />
          <ByDayTable report={report} />
        </>
      )}
    </>
  );
}

function TopProducts({ products, days }) {
  if (products.length === 0) return <p className="text-body-secondary">{M.topNone}</p>;
  return (
    <div className="table-responsive">
      <table className="table table-sm" data-testid="top-products-table">
        <caption className="caption-top">{M.topCaption(days)}</caption>
        <thead>
          <tr>
            <th scope="col">{M.colRank}</th>
            <th scope="col">{M.colProduct}</th>
            <th scope="col" className="text-end">
              {M.colUnits}
            </th>
            <th scope="col" className="text-end">
              {M.colRevenue}
            </th>
          </tr>
        </thead>
        <tbody>
          {products.map((product, index) => (
            <tr key={product._id}>
              <td>{index + 1}</td>
              <th scope="row" className="fw-normal">
                {product.exists ? (
                  <Link to={paths.adminProduct(product.slug)}>{product.name}</Link>
                ) : (
                  <>
                    {product.name} <span className="text-body-secondary">{M.deleted}</span>
                  </>
                )}
              </th>
              <td className="text-end">{product.units}</td>
              <td className="text-end text-nowrap">{rupees(product.revenue)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="small text-body-secondary">{M.topNote}</p>
    </div>
  );
}

export default function SalesOverTimePanel() {
  const [days, setDays] = useState(DEFAULT_RANGE);
  const range = lastDays(days);
  const report = useApi(
    (signal) => getSalesOverTime(range, { signal }).then(({ data }) => data),
    [range.from, range.to],
  );
  const data = report.loading || report.error ? null : report.data;
  const status = (
    <>
      <div aria-live="polite" aria-busy={report.loading}>
        {report.loading && <p>{M.loading}</p>}
      </div>
      {report.error && !report.loading && (
        <div className="alert alert-danger" role="alert">
          <p className="mb-2">{errorMessage(report.error) ?? M.failed}</p>
          <button type="button" className="btn btn-sm btn-outline-danger" onClick={report.reload}>
            {M.retry}
          </button>
        </div>
      )}
    </>
  );
  return (
    <>
      <section
        className="mb-4"
        aria-labelledby="sales-over-time-heading"
        data-testid="sales-over-time"
      >
        <h2 className="h5" id="sales-over-time-heading">
          {M.salesTitle}
        </h2>
        <RangePicker days={days} onChange={setDays} />
        {status}
        {data && <Sales report={data} />}
      </section>
      <section className="mb-4" aria-labelledby="top-products-heading" data-testid="top-products">
        <h2 className="h5" id="top-products-heading">
          {M.topTitle}
        </h2>
        {data && <TopProducts products={data.topProducts ?? []} days={days} />}
        {!data && !report.error && <p aria-busy="true">{M.loading}</p>}
        {report.error && !report.loading && <p>{M.failed}</p>}
      </section>
    </>
  );
}
