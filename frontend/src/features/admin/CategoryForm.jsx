// The one-field category form of the admin panel, used both to create a category and,
// prefilled, inside the edit modal. Name checks are the server's (spec section 5).
import { useId } from 'react';

export default function CategoryForm({ value, setValue, onSubmit, label = 'Category name', busy }) {
  const inputId = useId();
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <div className="mb-3">
        <label htmlFor={inputId} className="visually-hidden">
          {label}
        </label>
        <input
          id={inputId}
          type="text"
          className="form-control"
          placeholder="Enter new category"
          value={value}
          onChange={(event) => setValue(event.target.value)}
        />
      </div>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        Submit
      </button>
    </form>
  );
}
