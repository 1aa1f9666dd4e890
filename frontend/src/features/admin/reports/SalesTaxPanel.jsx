// The admin dashboard's sales and tax summary (docs/gst-returns.md, sales-tax):
// a range of days (this month so far at first), the documents counted, the net figures,
// a bar chart by state and the same figures as tables by GST rate and by state. The chart
// loads chart.js lazily (SalesTaxChart), so neither the first visit nor the dashboard's
// first paint carries it.
import { useState } from 'react';
import toast from '../../../lib/toast';
import { errorMessage } from '../../../lib/apiClient';
import { useApi } from '../../../lib/useApi';
import { getSalesTax } from './api';
import { rupees } from './money';
import { dayLabel, rangeProblem, thisMonthSoFar } from './period';
import { REPORTS_MESSAGES as M } from './reportsMessages';
import SalesTaxChart from './SalesTaxChart';

const TAXES = ['taxableValue', 'cgst', 'sgst', 'igst', 'tax'];
const TAX_HEADS = [M.colTaxable, M.colCgst, M.colSgst, M.colIgst, M.colTax];

function Figures({ row }) {
  return TAXES.map((key) => (
    <td key={key} className="text-end text-nowrap">
      {rupees(row[key])}
    </td>
  ));
}

function Heads({ first, extra = [] }) {
  return (
    <thead>
      <tr>
        <th scope="col">{first}</th>
        {[...extra, ...TAX_HEADS].map((head) => (
          <th key={head} scope="col" className="text-end">
            {head}
          </th>
        ))}
      </tr>
    </thead>
  );
}

function TotalRow({ totals, span = 0 }) {
  return (
    <tfoot>
      <tr className="fw-bold">
        <th scope="row">{M.total}</th>
        {span > 0 && <td colSpan={span} />}
        <Figures row={totals} />
      </tr>
    </tfoot>
  );
}

function Report({ report }) {
  const { invoices, creditNotes, totals, byRate = [], byState = [] } = report;
  const counted = (invoices?.count ?? 0) + (creditNotes?.count ?? 0);
  return (
    <>
      <p data-testid="sales-tax-net">
        <strong>{M.documentsCount(invoices?.count ?? 0, creditNotes?.count ?? 0)}.</strong>{' '}
        {M.netLine(rupees(totals.taxableValue), rupees(totals.tax), rupees(totals.value))}
      </p>
      {counted === 0 ? (
        <p className="text-body-secondary">{M.nothing}</p>
      ) : (
        <>
          <SalesTaxChart
            byState={byState}
            label={M.chartLabel(dayLabel(report.from), dayLabel(report.to))}
          />
          <div className="table-responsive mt-3">
            <table className="table table-sm" data-testid="sales-tax-by-rate">
              <caption className="caption-top">{M.byRateCaption}</caption>
              <Heads first={M.colRate} />
              <tbody>
                {byRate.map((row) => (
                  <tr key={row.rate}>
                    <th scope="row">{M.rate(row.rate)}</th>
                    <Figures row={row} />
                  </tr>
                ))}
              </tbody>
              <TotalRow totals={totals} />
            </table>
          </div>
          <div className="table-responsive">
            <table className="table table-sm" data-testid="sales-tax-by-state">
              <caption className="caption-top">{M.byStateCaption}</caption>
              <Heads first={M.colState} extra={[M.colInvoices, M.colCreditNotes]} />
              <tbody>
                {byState.map((row) => (
                  <tr key={row.stateCode}>
                    <th scope="row">
                      {row.state} <span className="text-body-secondary">({row.stateCode})</span>
                    </th>
                    <td className="text-end">{row.invoices}</td>
                    <td className="text-end">{row.creditNotes}</td>
                    <Figures row={row} />
                  </tr>
                ))}
              </tbody>
              <TotalRow totals={totals} span={2} />
            </table>
          </div>
        </>
      )}
    </>
  );
}

export default function SalesTaxPanel() {
  const [range, setRange] = useState(thisMonthSoFar);
  const [draft, setDraft] = useState(range);
  const [problem, setProblem] = useState(null);
  const report = useApi(
    (signal) => getSalesTax(range, { signal }).then(({ data }) => data),
    [range.from, range.to],
    { onError: (error) => toast.error(errorMessage(error) ?? M.salesFailed) },
  );

  function submit(event) {
    event.preventDefault();
    const wrong = rangeProblem(draft);
    setProblem(wrong);
    if (wrong) document.getElementById(`sales-tax-${wrong.field}`)?.focus();
    else setRange(draft);
  }

  const field = (name, label) => (
    <div>
      <label htmlFor={`sales-tax-${name}`} className="form-label mb-1">
        {label}
      </label>
      <input
        id={`sales-tax-${name}`}
        type="date"
        className={`form-control${problem?.field === name ? ' is-invalid' : ''}`}
        value={draft[name]}
        required
        aria-invalid={problem?.field === name}
        aria-describedby={problem?.field === name ? 'sales-tax-problem' : undefined}
        onChange={(event) => setDraft((current) => ({ ...current, [name]: event.target.value }))}
      />
    </div>
  );

  const data = report.loading || report.error ? null : report.data;
  return (
    <section className="mb-4" aria-labelledby="sales-tax-heading" data-testid="sales-tax">
      <h2 className="h5" id="sales-tax-heading">
        {M.salesTitle}
      </h2>
      <form className="d-flex flex-wrap align-items-end gap-2 mb-2" noValidate onSubmit={submit}>
        {field('from', M.from)}
        {field('to', M.to)}
        <button type="submit" className="btn btn-outline-primary">
          {M.show}
        </button>
      </form>
      {problem && (
        <p className="text-danger small" id="sales-tax-problem" role="alert">
          {problem.message}
        </p>
      )}
      <div aria-live="polite" aria-busy={report.loading}>
        {report.loading && <p>{M.salesLoading}</p>}
      </div>
      {report.error && !report.loading && (
        <p className="alert alert-danger" role="alert">
          {errorMessage(report.error) ?? M.salesFailed}
        </p>
      )}
      {data && <Report report={data} />}
    </section>
  );
}
