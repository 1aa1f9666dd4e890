// One labelled input of the account forms: the label is tied to the input, and an error
// is linked with aria-describedby and flagged with aria-invalid so screen readers read it.
// A hint (what the field is for) is linked the same way, read after any error.
export default function FormField({
  id,
  label,
  error,
  hint,
  as: Tag = 'input',
  controlClass = 'form-control',
  inputRef,
  ...props
}) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error && errorId, hint && hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <Tag
        id={id}
        ref={inputRef}
        className={`${controlClass}${error ? ' is-invalid' : ''}`}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={describedBy}
        {...props}
      />
      {hint && (
        <div id={hintId} className="form-text">
          {hint}
        </div>
      )}
      {error && (
        <div id={errorId} className="invalid-feedback">
          {error}
        </div>
      )}
    </div>
  );
}
