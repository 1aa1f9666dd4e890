// One labelled input of the account forms: the label is tied to the input, and an error
// is linked with aria-describedby and flagged with aria-invalid so screen readers read it.
export default function FormField({ id, label, error, as: Tag = 'input', inputRef, ...props }) {
  const errorId = `${id}-error`;
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <Tag
        id={id}
        ref={inputRef}
        className={`form-control${error ? ' is-invalid' : ''}`}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={error ? errorId : undefined}
        {...props}
      />
      {error && (
        <div id={errorId} className="invalid-feedback">
          {error}
        </div>
      )}
    </div>
  );
}
