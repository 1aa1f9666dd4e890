// The product form of the admin panel (create and update): category with search, photo
// (images only) with a preview, name, description, price, quantity, shipping (No/Yes).
// It builds the multipart body of the contract; the page sends it and reports the result.
// Errors show beside their fields, as on the account forms: a negative price or quantity
// before anything is sent, and the server's field errors (`errors: {field: [...]}`) that
// the page's onSubmit returns as `{ errors: { field: message } }`.
import { useEffect, useId, useRef, useState } from 'react';
import CategoryPicker from './CategoryPicker';

export const PRICE_NEGATIVE = 'Price must be zero or more.';
export const QUANTITY_NEGATIVE = 'Quantity must be a whole number, zero or more.';
const FIELD_ORDER = ['category', 'photo', 'name', 'description', 'price', 'quantity', 'shipping'];

function clientErrors(values) {
  const errors = {};
  if (values.price !== '' && Number(values.price) < 0) errors.price = PRICE_NEGATIVE;
  if (values.quantity !== '' && Number(values.quantity) < 0) errors.quantity = QUANTITY_NEGATIVE;
  return errors;
}

// The props that tie an input to its error message (aria-describedby, aria-invalid).
function errorProps(id, error) {
  return error ? { 'aria-invalid': 'true', 'aria-describedby': `${id}-error` } : {};
}

function FieldError({ id, error }) {
  return error ? (
    <div id={`${id}-error`} className="invalid-feedback d-block">
      {error}
    </div>
  ) : null;
}

const PREVIEW = { width: 320, height: 200 };

function initialValues(product) {
  return {
    category: product?.category?._id != null ? String(product.category._id) : '',
    name: product?.name ?? '',
    description: product?.description ?? '',
    price: product?.price != null ? String(product.price) : '',
    quantity: product?.quantity != null ? String(product.quantity) : '',
    shipping: product?.shipping != null ? String(Number(product.shipping)) : '0',
  };
}

// The chosen file as an object URL for the preview, revoked when the file changes or the
// form goes away (object URLs hold the file in memory until revoked).
function useObjectUrl(file) {
  const [url, setUrl] = useState(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return undefined;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

// The formats the server takes (contract: JPEG, PNG, WebP, GIF); the picker offers no
// other file, and a phone converts its own format (HEIC) to JPEG when asked for these.
export const PHOTO_TYPES = 'image/jpeg,image/png,image/webp,image/gif';

export default function ProductForm({
  categories,
  product,
  currentPhotoUrl,
  submitLabel,
  onSubmit,
  children,
}) {
  const [values, setValues] = useState(() => initialValues(product));
  const [photo, setPhoto] = useState(null);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState({});
  const previewUrl = useObjectUrl(photo);
  const id = useId();
  const formRef = useRef(null);
  const set = (field) => (event) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    setErrors((current) => {
      if (!current[field]) return current;
      const rest = { ...current };
      delete rest[field];
      return rest;
    });
  };
  const invalid = (field) => (errors[field] ? ' is-invalid' : '');

  // Shows the errors by their fields and moves focus to the first one, in screen order.
  function showErrors(next) {
    setErrors(next);
    const first = FIELD_ORDER.find((field) => next[field]);
    if (first) formRef.current?.querySelector(`[data-field="${first}"]`)?.focus();
  }

  async function handleSubmit(event) {
    event.preventDefault();
    const found = clientErrors(values);
    if (Object.keys(found).length) {
      showErrors(found);
      return;
    }
    setErrors({});
    const body = new FormData();
    Object.entries(values).forEach(([field, value]) => body.append(field, value));
    // The photo travels only when one was chosen (spec section 5): an update keeps the old.
    if (photo) body.append('photo', photo);
    // An update says which version it edits: the server refuses it (409) when someone
    // else saved the product since this form was loaded.
    if (product?.updatedAt) body.append('updatedAt', product.updatedAt);
    setBusy(true);
    try {
      const result = await onSubmit(body);
      if (result?.errors && Object.keys(result.errors).length) showErrors(result.errors);
    } finally {
      setBusy(false);
    }
  }

  const shownPhoto = previewUrl || currentPhotoUrl;

  return (
    <form className="m-1" onSubmit={handleSubmit} aria-busy={busy} noValidate ref={formRef}>
      <div className="mb-3">
        <CategoryPicker
          categories={categories}
          value={values.category}
          onChange={(category) => set('category')({ target: { value: category } })}
          error={errors.category}
        />
      </div>
      <div className="mb-3">
        <label htmlFor={`${id}-photo`} className="form-label">
          Upload Photo
        </label>
        <input
          id={`${id}-photo`}
          type="file"
          name="photo"
          accept={PHOTO_TYPES}
          className={`form-control${invalid('photo')}`}
          data-field="photo"
          {...errorProps(`${id}-photo`, errors.photo)}
          onChange={(event) => setPhoto(event.target.files?.[0] ?? null)}
        />
        <FieldError id={`${id}-photo`} error={errors.photo} />
      </div>
      {shownPhoto ? (
        <div className="mb-3 text-center">
          {/* A fixed box (the photo is fitted inside it): the form below does not move
              when the photo arrives, whatever its shape. */}
          <img
            src={shownPhoto}
            alt={previewUrl ? 'Preview of the chosen photo' : 'Current product photo'}
            width={PREVIEW.width}
            height={PREVIEW.height}
            style={{ ...PREVIEW, maxWidth: '100%', objectFit: 'contain' }}
          />
        </div>
      ) : null}
      <div className="mb-3">
        <label htmlFor={`${id}-name`} className="form-label">
          Name
        </label>
        <input
          id={`${id}-name`}
          data-field="name"
          {...errorProps(`${id}-name`, errors.name)}
          type="text"
          className={`form-control${invalid('name')}`}
          placeholder="write a name"
          value={values.name}
          onChange={set('name')}
        />
        <FieldError id={`${id}-name`} error={errors.name} />
      </div>
      <div className="mb-3">
        <label htmlFor={`${id}-description`} className="form-label">
          Description
        </label>
        <textarea
          id={`${id}-description`}
          data-field="description"
          {...errorProps(`${id}-description`, errors.description)}
          className={`form-control${invalid('description')}`}
          placeholder="write a description"
          rows={3}
          value={values.description}
          onChange={set('description')}
        />
        <FieldError id={`${id}-description`} error={errors.description} />
      </div>
      <div className="mb-3">
        <label htmlFor={`${id}-price`} className="form-label">
          Price
        </label>
        <input
          id={`${id}-price`}
          data-field="price"
          {...errorProps(`${id}-price`, errors.price)}
          type="number"
          inputMode="decimal"
          min="0"
          step="0.01"
          className={`form-control${invalid('price')}`}
          placeholder="write a Price"
          value={values.price}
          onChange={set('price')}
        />
        <FieldError id={`${id}-price`} error={errors.price} />
      </div>
      <div className="mb-3">
        <label htmlFor={`${id}-quantity`} className="form-label">
          Quantity
        </label>
        <input
          id={`${id}-quantity`}
          data-field="quantity"
          {...errorProps(`${id}-quantity`, errors.quantity)}
          type="number"
          inputMode="numeric"
          min="0"
          step="1"
          className={`form-control${invalid('quantity')}`}
          placeholder="write a quantity"
          value={values.quantity}
          onChange={set('quantity')}
        />
        <FieldError id={`${id}-quantity`} error={errors.quantity} />
      </div>
      <div className="mb-3">
        <label htmlFor={`${id}-shipping`} className="form-label">
          Shipping
        </label>
        <select
          id={`${id}-shipping`}
          className="form-select"
          value={values.shipping}
          onChange={set('shipping')}
        >
          <option value="0">No</option>
          <option value="1">Yes</option>
        </select>
      </div>
      <div className="mb-3 d-flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {submitLabel}
        </button>
        {children}
      </div>
    </form>
  );
}
