// What the reports screens say (GST returns, and the dashboard's sales and tax panel).
// Kept with them, not in constants/messages, so that the first page's bundle does not
// carry it.
export const REPORTS_MESSAGES = {
  // GST returns screen.
  title: 'GST returns',
  intro:
    'GSTR-1, the return of outward supplies, made from the invoices and credit notes issued in the month.',
  periodLabel: 'Return period (month)',
  periodHint: 'This month is a draft until it ends; months to come cannot be chosen.',
  loading: 'Loading ...',
  loadFailed: 'The GST summary could not be loaded. Please try again.',
  forPeriod: (gstin, month) => `GSTIN ${gstin}, ${month}`,
  caption: (month) => `GSTR-1 sections for ${month}`,
  colSection: 'Section',
  colCount: 'Count',
  colTaxable: 'Taxable value',
  colIgst: 'IGST',
  colCgst: 'CGST',
  colSgst: 'SGST',
  net: 'Net outward supplies (invoices less credit notes)',
  restated: 'Restated by HSN, not added again',
  docIssue: 'Documents issued (13)',
  notApplicable: 'not applicable',
  documentsHeading: 'Serial numbers used',
  invoices: 'Invoices',
  creditNotes: 'Credit notes',
  noneIssued: 'none issued',
  serials: ({ from, to, count, cancelled }) =>
    `${from} to ${to}: ${count} issued, ${cancelled} cancelled`,
  downloadJson: 'Download JSON',
  downloadCsv: 'Download CSV (ZIP)',
  downloading: 'Downloading ...',
  downloadHint: (month) =>
    `The portal's GSTR-1 offline format for ${month}, as JSON to upload, or one CSV file a section.`,
  downloadFailed: 'The return could not be downloaded. Please try again.',
  downloaded: (name) => `Saved ${name}`,

  // Sales and tax panel on the dashboard.
  salesTitle: 'Sales and tax',
  from: 'From',
  to: 'To',
  show: 'Show',
  salesLoading: 'Loading the sales and tax summary ...',
  salesFailed: 'The sales and tax summary could not be loaded.',
  documentsCount: (invoices, notes) =>
    `${invoices} ${invoices === 1 ? 'invoice' : 'invoices'}, ${notes} ${
      notes === 1 ? 'credit note' : 'credit notes'
    }`,
  netLine: (taxable, tax, value) =>
    `Net taxable value ${taxable}, tax ${tax}, invoice value ${value}.`,
  byRateCaption: 'By GST rate (net of credit notes)',
  byStateCaption: 'By state, place of supply (net of credit notes)',
  colRate: 'Rate',
  colState: 'State',
  colInvoices: 'Invoices',
  colCreditNotes: 'Credit notes',
  colTax: 'Total tax',
  rate: (rate) => `${rate}%`,
  total: 'Total',
  nothing: 'No invoices or credit notes in these days.',
  chartLoading: 'Loading the chart ...',
  chartFailed: 'The chart could not be loaded; the figures are in the tables.',
  chartLabel: (from, to) =>
    `Bar chart of taxable value and tax by state, ${from} to ${to}. The same figures are in the table by state.`,
  taxableSeries: 'Taxable value',
  taxSeries: 'Tax',
};
