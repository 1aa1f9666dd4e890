// The admin's report calls (docs/gst-returns.md): GSTR-1 for a month (the portal's JSON,
// or with `format: 'csv'` a ZIP of CSVs; both as blobs to be saved, since a plain link
// would lack the token), its summary for the screen, and the sales and tax summary of a
// range of days.
import { apiClient } from '../../../lib/apiClient';

export const getGstr1 = (period, { format } = {}) =>
  apiClient.get('/api/v1/reports/gstr1', {
    params: { period, ...(format ? { format } : {}) },
    responseType: 'blob',
  });

export const getGstr1Summary = (period, { signal } = {}) =>
  apiClient.get('/api/v1/reports/gstr1/summary', { params: { period }, signal });

export const getSalesTax = ({ from, to }, { signal } = {}) =>
  apiClient.get('/api/v1/reports/sales-tax', { params: { from, to }, signal });

// The dashboard's sales over time (per day, totals, top products) and what needs the owner.
export const getSalesOverTime = ({ from, to }, { signal } = {}) =>
  apiClient.get('/api/v1/reports/sales-over-time', { params: { from, to }, signal });

export const getToActOn = ({ signal } = {}) =>
  apiClient.get('/api/v1/reports/to-act-on', { signal });
