// "Download JSON" and "Download CSV (ZIP)" of a month's GSTR-1: fetched with the admin's
// token through the API client as a blob and saved under the server's file name
// (GSTR1_<gstin>_<MMYYYY>.json / .zip). A refusal is said in a toast and stays below the
// buttons until the next try.
import { useState } from 'react';
import toast from '../../../lib/toast';
import { filenameFrom, saveBlob } from '../../../lib/download';
import { getGstr1 } from './api';
import { blobErrorMessage } from './blobError';
import { REPORTS_MESSAGES as M } from './reportsMessages';

const FILES = [
  { format: 'json', label: M.downloadJson, extension: 'json' },
  { format: 'csv', label: M.downloadCsv, extension: 'zip' },
];

export default function Gstr1Downloads({ period, fp, month }) {
  const [busy, setBusy] = useState(null);
  const [problem, setProblem] = useState(null);

  async function download({ format, extension }) {
    setBusy(format);
    setProblem(null);
    try {
      const { data, headers } = await getGstr1(period, format === 'csv' ? { format } : {});
      const name = filenameFrom(headers, `GSTR1_${fp ?? period}.${extension}`);
      saveBlob(data, name);
      toast.success(M.downloaded(name));
    } catch (error) {
      const text = (await blobErrorMessage(error)) ?? M.downloadFailed;
      setProblem(text);
      toast.error(text);
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="mt-3">
      <p className="small text-body-secondary mb-2" id="gstr1-download-hint">
        {M.downloadHint(month)}
      </p>
      <div className="d-flex flex-wrap gap-2">
        {FILES.map((file) => (
          <button
            key={file.format}
            type="button"
            className="btn btn-outline-primary"
            disabled={busy !== null}
            aria-describedby="gstr1-download-hint"
            onClick={() => download(file)}
          >
            {busy === file.format ? M.downloading : file.label}
          </button>
        ))}
      </div>
      {problem && (
        <p className="alert alert-danger mt-2 mb-0" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
