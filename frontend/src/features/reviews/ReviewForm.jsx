// Writing or rewriting one's review: the stars as a radio group with a legend (each star
// labelled "3 stars"), the title and the review with their character counts. Problems are
// named beside their fields, first the form's own (nothing chosen, nothing written), then
// the server's (`errors: {rating, title, body}`), its message above the button; nothing
// typed is lost.
import { useId, useState } from 'react';
import { MAX_BODY, MAX_TITLE, REVIEWS_MESSAGES as M } from './reviewsMessages';

const FIELDS = ['rating', 'title', 'body'];

function check({ rating, title, body }) {
  const errors = {};
  if (!rating) errors.rating = M.needRating;
  if (!title.trim()) errors.title = M.needTitle;
  if (!body.trim()) errors.body = M.needBody;
  return errors;
}

// The server's field errors ({field: [sentences]}) for this form's fields.
export function serverErrors(error) {
  const errors = error?.response?.data?.errors;
  if (!errors || typeof errors !== 'object') return {};
  return Object.fromEntries(
    FIELDS.filter((name) => errors[name]).map((name) => [name, [].concat(errors[name]).join(' ')]),
  );
}

function FieldError({ id, text }) {
  return text ? (
    <div id={id} className="invalid-feedback d-block">
      {text}
    </div>
  ) : null;
}

export default function ReviewForm({ initial, editing, onSubmit, onCancel }) {
  const id = useId();
  const [form, setForm] = useState({
    rating: initial?.rating ?? 0,
    title: initial?.title ?? '',
    body: initial?.body ?? '',
  });
  const [errors, setErrors] = useState({});
  const [message, setMessage] = useState(null);
  const [busy, setBusy] = useState(false);
  const set = (name, value) => {
    setForm((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  };

  async function submit(event) {
    event.preventDefault();
    const found = check(form);
    setMessage(null);
    if (Object.keys(found).length) {
      setErrors(found);
      const first = FIELDS.find((name) => found[name]);
      document.getElementById(`${id}-${first}${first === 'rating' ? '-1' : ''}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      await onSubmit({ rating: form.rating, title: form.title.trim(), body: form.body.trim() });
    } catch (error) {
      const fields = serverErrors(error);
      setErrors(fields);
      setMessage(error?.response?.data?.message || M.failed);
    } finally {
      setBusy(false);
    }
  }

  const described = (name) => (errors[name] ? `${id}-${name}-error` : undefined);
  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${id}-heading`} className="review-form">
      <h3 id={`${id}-heading`} className="h5">
        {editing ? M.editHeading : M.writeHeading}
      </h3>
      <fieldset className="mb-3" aria-describedby={described('rating')}>
        <legend className="form-label fs-6 mb-1">{M.ratingLegend}</legend>
        <div className="d-flex flex-wrap gap-3">
          {[1, 2, 3, 4, 5].map((n) => (
            <div key={n} className="form-check form-check-inline m-0">
              <input
                className="form-check-input"
                type="radio"
                name={`${id}-rating`}
                id={`${id}-rating-${n}`}
                value={n}
                checked={form.rating === n}
                onChange={() => set('rating', n)}
              />
              <label className="form-check-label" htmlFor={`${id}-rating-${n}`}>
                {M.starLabel(n)}
              </label>
            </div>
          ))}
        </div>
        <FieldError id={`${id}-rating-error`} text={errors.rating} />
      </fieldset>
      <div className="mb-3">
        <label htmlFor={`${id}-title`} className="form-label">
          {M.title}
        </label>
        <input
          id={`${id}-title`}
          className={`form-control${errors.title ? ' is-invalid' : ''}`}
          value={form.title}
          maxLength={MAX_TITLE}
          aria-invalid={Boolean(errors.title)}
          aria-describedby={[`${id}-title-count`, described('title')].filter(Boolean).join(' ')}
          onChange={(event) => set('title', event.target.value)}
        />
        <div id={`${id}-title-count`} className="form-text">
          {M.chars(form.title.length, MAX_TITLE)}
        </div>
        <FieldError id={`${id}-title-error`} text={errors.title} />
      </div>
      <div className="mb-3">
        <label htmlFor={`${id}-body`} className="form-label">
          {M.body}
        </label>
        <textarea
          id={`${id}-body`}
          className={`form-control${errors.body ? ' is-invalid' : ''}`}
          rows={5}
          value={form.body}
          maxLength={MAX_BODY}
          aria-invalid={Boolean(errors.body)}
          aria-describedby={[`${id}-body-count`, described('body')].filter(Boolean).join(' ')}
          onChange={(event) => set('body', event.target.value)}
        />
        <div id={`${id}-body-count`} className="form-text">
          {M.chars(form.body.length, MAX_BODY)}
        </div>
        <FieldError id={`${id}-body-error`} text={errors.body} />
      </div>
      {message && (
        <p className="alert alert-danger" role="alert">
          {message}
        </p>
      )}
      <div className="d-flex gap-2">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {editing ? M.save : M.submit}
        </button>
        <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
          {M.cancel}
        </button>
      </div>
    </form>
  );
}
