// The month's GSTR-1 at a glance (the summary call, docs/gst-returns.md): each section with
// its count, taxable value and taxes; the credit notes' sections (sign -1) shown as taken
// away; the net, which is the month's invoices less its credit notes; the HSN summary,
// which restates the same supplies (sign 0) and is not added again; and the documents
// issued (section 13) with their serial ranges.
import { REPORTS_MESSAGES as M } from './reportsMessages';
import { minusRupees, rupees } from './money';

const AMOUNTS = ['txval', 'iamt', 'camt', 'samt'];

function SectionRow({ section }) {
  const shown = section.sign < 0 ? minusRupees : rupees;
  return (
    <tr data-testid={`gstr1-${section.key}`}>
      <th scope="row" className="fw-normal">
        {section.label} <span className="small text-body-secondary">({section.key})</span>
      </th>
      <td className="text-end">{section.count}</td>
      {AMOUNTS.map((key) => (
        <td key={key} className="text-end text-nowrap">
          {shown(section[key])}
        </td>
      ))}
    </tr>
  );
}

function Serials({ label, kind }) {
  return (
    <li>
      {label}: {kind?.count ? M.serials(kind) : M.noneIssued}
    </li>
  );
}

export default function Gstr1Totals({ summary, month }) {
  const sections = summary.sections ?? [];
  const added = sections.filter((section) => section.sign !== 0);
  const restated = sections.filter((section) => section.sign === 0);
  const { invoices, creditNotes } = summary.documents ?? {};
  const documents = (invoices?.count ?? 0) + (creditNotes?.count ?? 0);
  const totals = summary.totals ?? {};
  return (
    <>
      <div className="table-responsive">
        <table className="table align-middle">
          <caption className="caption-top">{M.caption(month)}</caption>
          <thead>
            <tr>
              <th scope="col">{M.colSection}</th>
              <th scope="col" className="text-end">
                {M.colCount}
              </th>
              <th scope="col" className="text-end">
                {M.colTaxable}
              </th>
              <th scope="col" className="text-end">
                {M.colIgst}
              </th>
              <th scope="col" className="text-end">
                {M.colCgst}
              </th>
              <th scope="col" className="text-end">
                {M.colSgst}
              </th>
            </tr>
          </thead>
          <tbody>
            {added.map((section) => (
              <SectionRow key={section.key} section={section} />
            ))}
            <tr className="table-light fw-bold" data-testid="gstr1-net">
              <th scope="row">{M.net}</th>
              <td />
              {AMOUNTS.map((key) => (
                <td key={key} className="text-end text-nowrap">
                  {rupees(totals[key])}
                </td>
              ))}
            </tr>
          </tbody>
          <tbody>
            <tr>
              <th scope="rowgroup" colSpan={6} className="small text-body-secondary fw-normal">
                {M.restated}
              </th>
            </tr>
            {restated.map((section) => (
              <SectionRow key={section.key} section={section} />
            ))}
            <tr data-testid="gstr1-doc_issue">
              <th scope="row" className="fw-normal">
                {M.docIssue} <span className="small text-body-secondary">(doc_issue)</span>
              </th>
              <td className="text-end">{documents}</td>
              <td colSpan={4} className="text-body-secondary">
                {M.notApplicable}
              </td>
            </tr>
          </tbody>
        </table>
      </div>
      <h2 className="h6" id="gstr1-serials-heading">
        {M.documentsHeading}
      </h2>
      <ul aria-labelledby="gstr1-serials-heading" data-testid="gstr1-serials">
        <Serials label={M.invoices} kind={invoices} />
        <Serials label={M.creditNotes} kind={creditNotes} />
      </ul>
    </>
  );
}
