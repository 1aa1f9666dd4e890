// "Download invoice" once the order has an invoice number (it has shipped), "Download
// credit note" once it was returned: each fetched with the token and saved as a PDF.
import { useState } from 'react';
import toast from '../../lib/toast';
import { MESSAGES } from '../../constants/messages';
import { errorMessage } from '../../lib/apiClient';
import { filenameFrom, saveBlob } from '../../lib/download';
import { getCreditNote, getInvoice } from './api';
import { fileSafe } from './orderFormat';

export default function OrderDocuments({ order }) {
  const [busy, setBusy] = useState(null);
  const documents = [];
  if (order.invoiceNumber) {
    documents.push({
      kind: 'invoice',
      label: 'Download invoice',
      fetch: getInvoice,
      name: `invoice-${fileSafe(order.invoiceNumber)}.pdf`,
    });
  }
  if (order.status === 'Returned') {
    documents.push({
      kind: 'credit-note',
      label: 'Download credit note',
      fetch: getCreditNote,
      name: `credit-note-${fileSafe(order._id)}.pdf`,
    });
  }
  if (documents.length === 0) return null;

  async function download({ kind, fetch, name }) {
    setBusy(kind);
    try {
      const { data, headers } = await fetch(order._id);
      saveBlob(data, filenameFrom(headers, name));
    } catch (error) {
      // A PDF call's refusal arrives as a blob, not as JSON: say it plainly.
      const text = typeof error?.response?.data === 'object' ? errorMessage(error) : null;
      if (!text) console.error('download failed', error);
      toast.error(text ?? MESSAGES.downloadFailed);
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="d-flex flex-wrap gap-2 mt-2">
      {documents.map((document) => (
        <button
          key={document.kind}
          type="button"
          className="btn btn-outline-secondary btn-sm"
          disabled={busy !== null}
          aria-label={`${document.label} of order #${order._id}`}
          onClick={() => download(document)}
        >
          {busy === document.kind ? 'Downloading ...' : document.label}
        </button>
      ))}
    </div>
  );
}
