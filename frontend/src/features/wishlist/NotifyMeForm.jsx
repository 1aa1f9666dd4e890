// "Notify me when back in stock", shown on the product page while the chosen variant (or
// the product) is sold out: an email (the account's filled in for a signed-in shopper,
// required of a guest) and one button. The server mails once when the item is back; its
// answer, or its refusal (in stock again, a bad address), is said in the form.
import { useId, useState } from 'react';
import { errorMessage } from '../../lib/apiClient';
import { notifyWhenBack } from './api';

export const NOTIFY = {
  heading: 'Notify me when back in stock',
  email: 'Email',
  submit: 'Notify me',
  needEmail: 'Enter your email address.',
  done: 'We will email you when it is back in stock.',
  failed: 'Something went wrong',
};

export default function NotifyMeForm({ slug, variant, email: accountEmail = '' }) {
  const id = useId();
  const [email, setEmail] = useState(accountEmail);
  const [result, setResult] = useState(null); // {ok, text}
  const [busy, setBusy] = useState(false);

  async function submit(event) {
    event.preventDefault();
    if (!email.trim()) {
      setResult({ ok: false, text: NOTIFY.needEmail });
      return;
    }
    setBusy(true);
    try {
      const { data } = await notifyWhenBack(slug, { email: email.trim(), variant });
      setResult({ ok: true, text: data?.message || NOTIFY.done });
    } catch (error) {
      setResult({ ok: false, text: errorMessage(error) ?? NOTIFY.failed });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="border rounded p-3 mt-3"
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-h`}
    >
      <h2 id={`${id}-h`} className="h6">
        {NOTIFY.heading}
      </h2>
      <label htmlFor={`${id}-email`} className="form-label">
        {NOTIFY.email}
      </label>
      <div className="d-flex flex-wrap gap-2">
        <input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          required
          className="form-control w-auto flex-grow-1"
          value={email}
          aria-invalid={result?.ok === false}
          aria-describedby={`${id}-result`}
          onChange={(event) => setEmail(event.target.value)}
        />
        <button type="submit" className="btn btn-outline-dark" disabled={busy}>
          {NOTIFY.submit}
        </button>
      </div>
      <p
        id={`${id}-result`}
        className={`small mt-2 mb-0 ${result?.ok ? 'text-success' : 'text-danger'}`}
        role="status"
      >
        {result?.text}
      </p>
    </form>
  );
}
