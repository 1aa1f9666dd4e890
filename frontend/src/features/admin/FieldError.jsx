// A field's problem under it, and the props that tie the input to that problem and to its
// help (aria-describedby, aria-invalid), as the admin's forms show them: `id` is the
// input's; the problem is `${id}-error`, the help `${id}-help`.
export function errorProps(id, error, help) {
  const ids = [error ? `${id}-error` : null, help ? `${id}-help` : null].filter(Boolean);
  return {
    ...(error ? { 'aria-invalid': 'true' } : {}),
    ...(ids.length ? { 'aria-describedby': ids.join(' ') } : {}),
  };
}

export default function FieldError({ id, error }) {
  return error ? (
    <div id={`${id}-error`} className="invalid-feedback d-block">
      {error}
    </div>
  ) : null;
}
