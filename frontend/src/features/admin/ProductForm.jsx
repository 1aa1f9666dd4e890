// The product form of the admin panel (create and update): category with search, photo
// (images only) with a preview, name, description, price, quantity, shipping (No/Yes).
// It builds the multipart body of the contract; the page sends it and reports the result.
import { useEffect, useId, useState } from 'react';
import CategoryPicker from './CategoryPicker';

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
  const previewUrl = useObjectUrl(photo);
  const id = useId();
  const set = (field) => (event) => setValues((v) => ({ ...v, [field]: event.target.value }));

  async function handleSubmit(event) {
    event.preventDefault();
    const body = new FormData();
    Object.entries(values).forEach(([field, value]) => body.append(field, value));
    // The photo travels only when one was chosen (spec section 5): an update keeps the old.
    if (photo) body.append('photo', photo);
    setBusy(true);
    try {
      await onSubmit(body);
    } finally {
      setBusy(false);
    }
  }

  const shownPhoto = previewUrl || currentPhotoUrl;

  return (
    <form className="m-1" onSubmit={handleSubmit} aria-busy={busy}>
      <div className="mb-3">
        <CategoryPicker
          categories={categories}
          value={values.category}
          onChange={(category) => setValues((v) => ({ ...v, category }))}
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
          className="form-control"
          onChange={(event) => setPhoto(event.target.files?.[0] ?? null)}
        />
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
          type="text"
          className="form-control"
          placeholder="write a name"
          value={values.name}
          onChange={set('name')}
        />
      </div>
      <div className="mb-3">
        <label htmlFor={`${id}-description`} className="form-label">
          Description
        </label>
        <textarea
          id={`${id}-description`}
          className="form-control"
          placeholder="write a description"
          rows={3}
          value={values.description}
          onChange={set('description')}
        />
      </div>
      <div className="mb-3">
        <label htmlFor={`${id}-price`} className="form-label">
          Price
        </label>
        <input
          id={`${id}-price`}
          type="number"
          inputMode="decimal"
          min="0"
          step="0.01"
          className="form-control"
          placeholder="write a Price"
          value={values.price}
          onChange={set('price')}
        />
      </div>
      <div className="mb-3">
        <label htmlFor={`${id}-quantity`} className="form-label">
          Quantity
        </label>
        <input
          id={`${id}-quantity`}
          type="number"
          inputMode="numeric"
          min="0"
          step="1"
          className="form-control"
          placeholder="write a quantity"
          value={values.quantity}
          onChange={set('quantity')}
        />
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
