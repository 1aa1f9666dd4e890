// The product form of the admin panel (create and update): category with search, photo
// (images only) with a preview, name, description, price, quantity, shipping (No/Yes),
// then the options, their variants and the gallery (variants-api.md).
// It builds the multipart body of the contract; the page sends it and reports the result.
// Errors show beside their fields, as on the account forms: a negative price or quantity,
// a duplicate option or value, a bad stock before anything is sent, and the server's field
// errors (`errors: {field: [...]}`) that the page's onSubmit returns as
// `{ errors: { field: message } }`. The first error, in screen order, takes the focus.
//
// Tax (GST): HSN code, GST rate and country of origin, each empty for the category's
// default. They travel only when changed from what the form opened with (so an update
// that leaves them alone keeps what the product has; an empty one sent clears the
// product's own back to its category's). A product answer gives the values in effect,
// its own or its category's: the form opens with those.
//
// What is sent beyond the original fields: `options` and `variants` once the product has
// (or had) options, and `gallery` with the new `photos` once the gallery was changed. A
// product edited without touching them sends exactly what it always did.
//
// MRP (maximum retail price, at least the price): without the variants grid, the product's
// own `mrp`, sent when changed from what the form opened with (empty: none); with the grid,
// each variant's, in its row and in the `variants` JSON.
import { useEffect, useId, useRef, useState } from 'react';
import FieldError, { errorProps } from './FieldError';
import CategoryPicker from './CategoryPicker';
import GalleryEditor from './GalleryEditor';
import OptionsEditor from './OptionsEditor';
import VariantsGrid from './VariantsGrid';
import { useObjectUrl } from './useObjectUrl';
import {
  PHOTO_TYPES,
  combinations,
  galleryChanged,
  galleryPayload,
  mrpError,
  optionErrors,
  optionsFromProduct,
  optionsPayload,
  photoChoices,
  photosFromProduct,
  rowsFromProduct,
  stockHeld,
  stockSum,
  variantErrors,
  variantsPayload,
} from './variants';

export { PHOTO_TYPES };

export const PRICE_NEGATIVE = 'Price must be zero or more.';
export const QUANTITY_NEGATIVE = 'Quantity must be a whole number, zero or more.';

// With variants, the Quantity field is their sum and is not checked on its own.
function clientErrors(values, mrp, { withVariants = false } = {}) {
  const errors = {};
  if (values.price !== '' && Number(values.price) < 0) errors.price = PRICE_NEGATIVE;
  if (!withVariants && values.quantity !== '' && Number(values.quantity) < 0)
    errors.quantity = QUANTITY_NEGATIVE;
  const mrpProblem = withVariants ? null : mrpError(mrp, values.price);
  if (mrpProblem) errors.mrp = mrpProblem;
  return errors;
}

// The single photo (Upload Photo) replaces the main photo. With a changed gallery it
// takes the place of the stored main photo where that still is, else it goes first.
function withSinglePhoto({ gallery, files }, photo, storedMainId, name) {
  const at = storedMainId == null ? -1 : gallery.findIndex((entry) => entry._id === storedMainId);
  const kept = at >= 0 ? gallery[at] : { alt: name.trim(), option: null };
  const entry = { new: files.length, alt: kept.alt, option: kept.option };
  const next = [...gallery];
  if (at >= 0) next[at] = entry;
  else next.unshift(entry);
  return { gallery: next, files: [...files, photo] };
}

const PREVIEW = { width: 320, height: 200 };

// The GST slabs a product can be given (catalog/tax.py GST_RATES); "" = the category's.
export const GST_RATE_CHOICES = ['0', '5', '18', '40'];
const TAX_FIELDS = ['hsn', 'gstRate', 'countryOfOrigin'];

function initialTax(product) {
  const text = (value) => (value === undefined || value === null ? '' : String(value));
  return {
    hsn: text(product?.hsn),
    gstRate: GST_RATE_CHOICES.includes(text(product?.gstRate)) ? text(product?.gstRate) : '',
    countryOfOrigin: text(product?.countryOfOrigin),
  };
}

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

export default function ProductForm({
  categories,
  product,
  currentPhotoUrl,
  submitLabel,
  onSubmit,
  children,
}) {
  const [values, setValues] = useState(() => initialValues(product));
  const [tax, setTax] = useState(() => initialTax(product));
  const [openedTax] = useState(tax);
  const [mrp, setMrp] = useState(() => (product?.mrp == null ? '' : String(product.mrp)));
  const [openedMrp] = useState(mrp);
  const [photo, setPhoto] = useState(null);
  const [busy, setBusy] = useState(false);
  // Percent of the photos sent so far, or null when no upload is under way.
  const [uploaded, setUploaded] = useState(null);
  // Errors of the plain fields (the client's and the server's); cleared field by field.
  const [errors, setErrors] = useState({});
  // What the product had when the form opened: the options' ids tie the rows to them.
  const [stored] = useState(() => {
    const options = optionsFromProduct(product);
    return { options, rows: rowsFromProduct(product, options), photos: photosFromProduct(product) };
  });
  const [options, setOptions] = useState(stored.options);
  const [rows, setRows] = useState(stored.rows);
  const [photos, setPhotos] = useState(stored.photos);
  // Once a save was tried, a missing option name or value and the grid's problems show
  // (and go as they are fixed); before that only duplicates do.
  const [checked, setChecked] = useState(false);
  const previewUrl = useObjectUrl(photo);
  const id = useId();
  const formRef = useRef(null);
  const focusFirst = useRef(null);
  const combos = combinations(options);
  const withVariants = combos.length > 0;
  const liveErrors = {
    ...optionErrors(options, { complete: checked }),
    ...(checked ? variantErrors(options, rows, values.price) : {}),
  };
  const shown = { ...liveErrors, ...errors };

  const clear = (...fields) =>
    setErrors((current) => {
      if (!fields.some((field) => current[field])) return current;
      const rest = { ...current };
      fields.forEach((field) => delete rest[field]);
      return rest;
    });
  const set = (field) => (event) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    clear(field);
  };
  const invalid = (field) => (shown[field] ? ' is-invalid' : '');
  const setTaxField = (field) => (event) => {
    const { value } = event.target;
    setTax((current) => ({ ...current, [field]: value }));
    clear(field);
  };

  // The first element (in screen order) whose `data-field` names an error takes the focus,
  // once the errors are on screen.
  useEffect(() => {
    const fields = focusFirst.current;
    if (!fields) return;
    focusFirst.current = null;
    const target = Array.from(formRef.current?.querySelectorAll('[data-field]') ?? []).find(
      (element) => element.dataset.field.split(' ').some((field) => fields.has(field)),
    );
    target?.focus();
  });

  function showErrors(next, all = next) {
    setErrors(next);
    focusFirst.current = new Set(Object.keys(all));
  }

  async function handleSubmit(event) {
    event.preventDefault();
    const plain = clientErrors(values, mrp, { withVariants });
    const found = {
      ...optionErrors(options, { complete: true }),
      ...variantErrors(options, rows, values.price),
      ...plain,
    };
    setChecked(true);
    if (Object.keys(found).length) {
      showErrors(plain, found);
      return;
    }
    setErrors({});
    const body = new FormData();
    Object.entries(values).forEach(([field, value]) =>
      body.append(
        field,
        field === 'quantity' && withVariants ? String(stockSum(options, rows)) : value,
      ),
    );
    TAX_FIELDS.forEach((field) => {
      const value = tax[field].trim();
      if (value !== openedTax[field]) body.append(field, value);
    });
    if (!withVariants && mrp.trim() !== openedMrp) body.append('mrp', mrp.trim());
    // Options and variants travel when the product has options, or had them: without any
    // now, it goes back to one variant, with the Quantity and Price of the form.
    if (withVariants || stored.options.length > 0) {
      body.append('options', JSON.stringify(optionsPayload(options)));
      body.append(
        'variants',
        JSON.stringify(
          withVariants
            ? variantsPayload(options, rows)
            : [{ options: {}, price: null, quantity: Number(values.quantity || 0) }],
        ),
      );
    }
    // The gallery travels whole once changed, its new files in order; otherwise the photo
    // travels only when one was chosen (spec section 5): an update keeps the old.
    if (galleryChanged(photos, stored.photos, options)) {
      let sent = galleryPayload(photos, options, values.name);
      if (photo) sent = withSinglePhoto(sent, photo, stored.photos[0]?._id, values.name);
      body.append('gallery', JSON.stringify(sent.gallery));
      sent.files.forEach((file) => body.append('photos', file));
    } else if (photo) {
      body.append('photo', photo);
    }
    // An update says which version it edits: the server refuses it (409) when someone
    // else saved the product since this form was loaded.
    if (product?.updatedAt) body.append('updatedAt', product.updatedAt);
    setBusy(true);
    const sendsFiles = [...body.values()].some((value) => value instanceof Blob);
    if (sendsFiles) setUploaded(0);
    // Photos can take a while on a slow line: the page's call reports how much has gone.
    const onUploadProgress = sendsFiles
      ? ({ loaded, total }) =>
          total && setUploaded(Math.min(100, Math.round((loaded / total) * 100)))
      : undefined;
    try {
      const result = await onSubmit(body, { onUploadProgress });
      if (result?.errors && Object.keys(result.errors).length) showErrors(result.errors);
    } finally {
      setBusy(false);
      setUploaded(null);
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
          error={shown.category}
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
          {...errorProps(`${id}-photo`, shown.photo)}
          onChange={(event) => setPhoto(event.target.files?.[0] ?? null)}
        />
        <FieldError id={`${id}-photo`} error={shown.photo} />
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
          {...errorProps(`${id}-name`, shown.name)}
          type="text"
          className={`form-control${invalid('name')}`}
          placeholder="write a name"
          value={values.name}
          onChange={set('name')}
        />
        <FieldError id={`${id}-name`} error={shown.name} />
      </div>
      <div className="mb-3">
        <label htmlFor={`${id}-description`} className="form-label">
          Description
        </label>
        <textarea
          id={`${id}-description`}
          data-field="description"
          {...errorProps(`${id}-description`, shown.description)}
          className={`form-control${invalid('description')}`}
          placeholder="write a description"
          rows={3}
          value={values.description}
          onChange={set('description')}
        />
        <FieldError id={`${id}-description`} error={shown.description} />
      </div>
      <div className="mb-3">
        <label htmlFor={`${id}-price`} className="form-label">
          Price
        </label>
        <input
          id={`${id}-price`}
          data-field="price"
          {...errorProps(`${id}-price`, shown.price, withVariants)}
          type="number"
          inputMode="decimal"
          min="0"
          step="0.01"
          className={`form-control${invalid('price')}`}
          placeholder="write a Price"
          value={values.price}
          onChange={set('price')}
        />
        <FieldError id={`${id}-price`} error={shown.price} />
        {withVariants ? (
          <div id={`${id}-price-help`} className="form-text">
            The price of every variant without a price of its own.
          </div>
        ) : null}
      </div>
      {withVariants ? null : (
        <div className="mb-3">
          <label htmlFor={`${id}-mrp`} className="form-label">
            MRP
          </label>
          <input
            id={`${id}-mrp`}
            data-field="mrp"
            {...errorProps(`${id}-mrp`, shown.mrp, true)}
            type="number"
            inputMode="decimal"
            min="0"
            step="0.01"
            className={`form-control${invalid('mrp')}`}
            value={mrp}
            onChange={(event) => {
              setMrp(event.target.value);
              clear('mrp');
            }}
          />
          <FieldError id={`${id}-mrp`} error={shown.mrp} />
          <div id={`${id}-mrp-help`} className="form-text">
            Shown struck through beside the price when above it; empty for none.
          </div>
        </div>
      )}
      <div className="mb-3">
        <label htmlFor={`${id}-quantity`} className="form-label">
          Quantity
        </label>
        <input
          id={`${id}-quantity`}
          data-field="quantity"
          {...errorProps(`${id}-quantity`, shown.quantity, withVariants)}
          type="number"
          inputMode="numeric"
          min="0"
          step="1"
          className={`form-control${invalid('quantity')}`}
          placeholder="write a quantity"
          // With variants the product's stock is theirs, summed: shown, not typed.
          disabled={withVariants}
          value={withVariants ? String(stockSum(options, rows)) : values.quantity}
          onChange={set('quantity')}
        />
        <FieldError id={`${id}-quantity`} error={shown.quantity} />
        {withVariants ? (
          <div id={`${id}-quantity-help`} className="form-text">
            The sum of the variants&apos; stock below.
          </div>
        ) : null}
      </div>
      <fieldset className="mb-3">
        <legend className="h6">Tax</legend>
        <div className="row g-3">
          <div className="col-sm-4">
            <label htmlFor={`${id}-hsn`} className="form-label">
              HSN code
            </label>
            <input
              id={`${id}-hsn`}
              data-field="hsn"
              {...errorProps(`${id}-hsn`, shown.hsn, true)}
              type="text"
              inputMode="numeric"
              maxLength={8}
              className={`form-control${invalid('hsn')}`}
              value={tax.hsn}
              onChange={setTaxField('hsn')}
            />
            <FieldError id={`${id}-hsn`} error={shown.hsn} />
            <div id={`${id}-hsn-help`} className="form-text">
              4 to 8 digits; empty for the category&apos;s.
            </div>
          </div>
          <div className="col-sm-4">
            <label htmlFor={`${id}-gstRate`} className="form-label">
              GST rate
            </label>
            <select
              id={`${id}-gstRate`}
              data-field="gstRate"
              {...errorProps(`${id}-gstRate`, shown.gstRate)}
              className={`form-select${invalid('gstRate')}`}
              value={tax.gstRate}
              onChange={setTaxField('gstRate')}
            >
              <option value="">Category default</option>
              {GST_RATE_CHOICES.map((rate) => (
                <option key={rate} value={rate}>
                  {rate}%
                </option>
              ))}
            </select>
            <FieldError id={`${id}-gstRate`} error={shown.gstRate} />
          </div>
          <div className="col-sm-4">
            <label htmlFor={`${id}-countryOfOrigin`} className="form-label">
              Country of origin
            </label>
            <input
              id={`${id}-countryOfOrigin`}
              data-field="countryOfOrigin"
              {...errorProps(`${id}-countryOfOrigin`, shown.countryOfOrigin, true)}
              type="text"
              maxLength={60}
              className={`form-control${invalid('countryOfOrigin')}`}
              value={tax.countryOfOrigin}
              onChange={setTaxField('countryOfOrigin')}
            />
            <FieldError id={`${id}-countryOfOrigin`} error={shown.countryOfOrigin} />
            <div id={`${id}-countryOfOrigin-help`} className="form-text">
              Empty for the category&apos;s.
            </div>
          </div>
        </div>
        {product && (
          <p className="form-text mb-0">
            These show what applies now, the product&apos;s own or its category&apos;s.
          </p>
        )}
      </fieldset>
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
      <OptionsEditor
        options={options}
        errors={shown}
        // Variants the server refused while no grid is shown are said here.
        serverError={[shown.options, withVariants ? null : shown.variants]
          .filter(Boolean)
          .join(' ')}
        heldStock={(optionId, value) => stockHeld(options, rows, optionId, value)}
        onChange={(next) => {
          setOptions(next);
          clear('options', 'variants');
        }}
      />
      {withVariants ? (
        <VariantsGrid
          options={options}
          combos={combos}
          rows={rows}
          defaultPrice={values.price}
          errors={liveErrors}
          serverError={errors.variants}
          onChange={(next) => {
            setRows(next);
            clear('variants');
          }}
        />
      ) : null}
      <GalleryEditor
        photos={photos}
        choices={photoChoices(options)}
        serverError={[shown.gallery, shown.photos].filter(Boolean).join(' ')}
        onChange={(next) => {
          setPhotos(next);
          clear('gallery', 'photos');
        }}
      />
      {uploaded !== null && (
        <div
          className="progress mb-3"
          role="progressbar"
          aria-label="Uploading photos"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={uploaded}
        >
          <div className="progress-bar" style={{ width: `${uploaded}%` }}>
            {uploaded}%
          </div>
        </div>
      )}
      <div className="mb-3 d-flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {submitLabel}
        </button>
        {children}
      </div>
    </form>
  );
}
