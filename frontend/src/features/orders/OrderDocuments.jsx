// "Download invoice" once the order has an invoice number (it has shipped), and its credit
// notes: each one the answer lists (`creditNotes`: number, date, amount; one per return
// received, or the whole order returned) with its own download, or, for an answer from
// before that list, "Download credit note" once the order was returned. Each PDF is
// fetched with the token and saved.
import { useState } from 'react';
import toast from '../../lib/toast';
import { MESSAGES } from '../../constants/messages';
import { errorMessage } from '../../lib/apiClient';
import { filenameFrom, saveBlob } from '../../lib/download';
import { formatPrice } from '../../lib/format';
import { AFTER_SALE_MESSAGES } from './afterSaleMessages';
import { calendarDay } from './afterSale';
import { getCreditNote, getInvoice } from './api';
import { fileSafe } from './orderFormat';

export default function OrderDocuments({ order }) {
  const [busy, setBusy] = useState(null);
  const notes = Array.isArray(order.creditNotes) ? order.creditNotes : null;
  const documents = [];
  if (order.invoiceNumber) {
    documents.push({
      kind: 'invoice',
      label: 'Download invoice',
      fetch: () => getInvoice(order._id),
      name: `invoice-${fileSafe(order.invoiceNumber)}.pdf`,
    });
  }
  if (!notes && order.status === 'Returned') {
    documents.push({
      kind: 'credit-note',
      label: 'Download credit note',
      fetch: () => getCreditNote(order._id),
      name: `credit-note-${fileSafe(order._id)}.pdf`,
    });
  }
  if (documents.length === 0 && !notes?.length) return null;

  async function download({ kind, fetch, name }) {
    setBusy(kind);
    try {
      const { data, headers } = await fetch();
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
    <>
      {documents.length > 0 && (
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
      )}
      {notes?.length > 0 && (
        <div className="mt-2" data-testid="credit-notes">
          <h3 className="h6 mb-1">{AFTER_SALE_MESSAGES.creditNotesHeading}</h3>
          <ul className="list-unstyled mb-0">
            {notes.map((note) => {
              const kind = `credit-note:${note.number}`;
              return (
                <li key={note.number} className="d-flex flex-wrap align-items-center gap-2 py-1">
                  <span>
                    {note.number}, {calendarDay(note.date, true) || note.date}:{' '}
                    <strong>{formatPrice(note.amount)}</strong>
                  </span>
                  <button
                    type="button"
                    className="btn btn-outline-secondary btn-sm"
                    disabled={busy !== null}
                    aria-label={`Download credit note ${note.number} of order #${order._id}`}
                    onClick={() =>
                      download({
                        kind,
                        fetch: () => getCreditNote(order._id, note.number),
                        name: `credit-note-${fileSafe(note.number)}.pdf`,
                      })
                    }
                  >
                    {busy === kind ? 'Downloading ...' : 'Download'}
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </>
  );
}
