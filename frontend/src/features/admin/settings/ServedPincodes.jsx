// Served PIN codes: how many the list has (none: every PIN code is served, with cash on
// delivery), a PIN code looked up, a new list from a CSV file (all or nothing: a refused
// file lists its problems by line and nothing changes) and the list removed, after a
// confirmation.
import { useId, useRef, useState } from 'react';
import toast from '../../../lib/toast';
import ConfirmDialog from '../../../components/ui/ConfirmDialog';
import { errorMessage } from '../../../lib/apiClient';
import { useApi } from '../../../lib/useApi';
import { clearServedPincodes, getServedPincodes, uploadServedPincodes } from './api';

const plural = (count, one, many) => `${count.toLocaleString('en-IN')} ${count === 1 ? one : many}`;
const FAILED = 'Something went wrong; please try again.';

function Counts({ counts }) {
  if (counts === null) return <p aria-busy="true">Loading ...</p>;
  if (counts === 'failed') return <p>The counts are unavailable just now.</p>;
  if (counts.loaded === 0) {
    return (
      <p data-testid="served-counts">
        No list is loaded: every PIN code is served, with cash on delivery.
      </p>
    );
  }
  return (
    <p data-testid="served-counts">
      {plural(counts.loaded, 'PIN code', 'PIN codes')} served, {counts.cod.toLocaleString('en-IN')}{' '}
      with cash on delivery.
    </p>
  );
}

function Lookup() {
  const id = useId();
  const [pincode, setPincode] = useState('');
  const [answer, setAnswer] = useState(null);
  const [error, setError] = useState('');

  async function look(event) {
    event.preventDefault();
    setAnswer(null);
    if (!/^\d{6}$/.test(pincode)) {
      setError('A PIN code is six digits.');
      return;
    }
    setError('');
    try {
      const { data } = await getServedPincodes({ pincode });
      setAnswer(data.lookup);
    } catch (failure) {
      setError(errorMessage(failure) ?? FAILED);
    }
  }

  let result = null;
  if (answer) {
    if (!answer.serviceable) result = `${answer.pincode}: not served.`;
    else {
      const where = answer.city ? ` (${answer.city}, ${answer.state})` : '';
      const cash = answer.cod ? 'with cash on delivery' : 'without cash on delivery';
      result = `${answer.pincode}${where}: served, ${cash}.`;
    }
  }
  return (
    <form onSubmit={look} className="mb-3" aria-label="PIN code lookup">
      <label htmlFor={id} className="form-label">
        Check a PIN code
      </label>
      <div className="input-group" style={{ maxWidth: '20rem' }}>
        <input
          id={id}
          className={`form-control${error ? ' is-invalid' : ''}`}
          inputMode="numeric"
          maxLength={6}
          value={pincode}
          onChange={(event) => setPincode(event.target.value)}
          aria-invalid={error ? 'true' : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <button type="submit" className="btn btn-outline-secondary">
          Check
        </button>
      </div>
      {error ? (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {error}
        </div>
      ) : null}
      <p role="status" className="mt-2 mb-0">
        {result}
      </p>
    </form>
  );
}

export default function ServedPincodes() {
  const fileId = useId();
  const fileRef = useRef(null);
  const [problems, setProblems] = useState(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const {
    data: counts,
    error: loadError,
    reload,
  } = useApi(() => getServedPincodes().then(({ data }) => data), [], { initialData: null });

  async function upload(event) {
    event.preventDefault();
    const file = fileRef.current?.files?.[0];
    if (!file) {
      setProblems({ message: 'Choose a CSV file to upload.', lines: [] });
      fileRef.current?.focus();
      return;
    }
    setBusy(true);
    setProblems(null);
    try {
      const { data } = await uploadServedPincodes(file);
      toast.success(data.message);
      fileRef.current.value = '';
      reload();
    } catch (failure) {
      const body = failure?.response?.data;
      const lines = body?.errors?.file ?? [];
      setProblems({
        message:
          body?.message && !lines.length
            ? body.message
            : 'The file was not loaded; nothing changed:',
        lines,
      });
      if (!failure?.response) console.error(failure);
    } finally {
      setBusy(false);
    }
  }

  async function clear() {
    setConfirming(false);
    setBusy(true);
    try {
      const { data } = await clearServedPincodes();
      toast.success(data.message);
      setProblems(null);
      reload();
    } catch (failure) {
      toast.error(errorMessage(failure) ?? FAILED);
    } finally {
      setBusy(false);
    }
  }

  const shown = loadError ? 'failed' : counts;
  return (
    <section className="card p-3 mb-4" aria-labelledby="served-pincodes-heading">
      <h2 className="h5" id="served-pincodes-heading">
        Served PIN codes
      </h2>
      <Counts counts={shown} />
      <Lookup />
      <form onSubmit={upload} aria-label="Upload served PIN codes" className="mb-3">
        <label htmlFor={fileId} className="form-label">
          CSV file of served PIN codes
        </label>
        <input
          id={fileId}
          ref={fileRef}
          type="file"
          accept=".csv,text/csv"
          className="form-control"
          aria-describedby={`${fileId}-help`}
          style={{ maxWidth: '30rem' }}
        />
        <div id={`${fileId}-help`} className="form-text">
          Header <code>pincode,cod</code> (or <code>pincode,cod,days</code>), then one PIN code a
          line, cod 1 or 0, days 0 to 60 or blank. The file replaces the whole list; one bad line
          and nothing changes. At most 5 MB.
        </div>
        <button type="submit" className="btn btn-primary mt-2" disabled={busy}>
          Upload
        </button>
      </form>
      {problems ? (
        <div className="alert alert-danger" role="alert" data-testid="served-problems">
          <p className="mb-1">{problems.message}</p>
          {problems.lines.length ? (
            <ul className="mb-0">
              {problems.lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      <div>
        <button
          type="button"
          className="btn btn-outline-danger"
          disabled={busy || !counts?.loaded}
          onClick={() => setConfirming(true)}
        >
          Remove the list
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        title="Remove the served PIN codes"
        question="Every PIN code will be served again, with cash on delivery. Remove the list?"
        confirmLabel="Remove"
        busy={busy}
        onCancel={() => setConfirming(false)}
        onConfirm={clear}
      />
    </section>
  );
}
