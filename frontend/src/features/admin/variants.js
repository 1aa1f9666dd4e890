// The admin's model of a product's options, variants and gallery (variants-api.md): pure
// functions from the form's state to what it shows (the grid's combinations, the errors)
// and to what it sends (the `options`, `variants` and `gallery` JSON fields).
//
// State kept by the form:
// - options: [{ id, name, values: [text] }] in screen order; `id` is the form's own, so a
//   renamed option keeps its rows.
// - rows: { [comboKey]: { _id?, sold, sku, quantity, price, mrp } }; rows of combinations no
//   longer shown are kept, so removing a value and adding it back restores its variant
//   (and its `_id`, which keeps the variant's stock history).
// - photos: [{ key, _id?, url?, widths?, file?, alt, option }] in gallery order.

// The formats the server takes (contract: JPEG, PNG, WebP, GIF); the picker offers no
// other file, and a phone converts its own format (HEIC) to JPEG when asked for these.
export const PHOTO_TYPES = 'image/jpeg,image/png,image/webp,image/gif';

// The server's limits (catalog/variants.py, catalog/gallery.py), checked here first so the
// admin hears of them beside the field.
export const MAX_OPTIONS = 3;
export const MAX_VALUES = 30;
export const MAX_NAME = 30;
export const MAX_VALUE = 50;
export const MAX_VARIANTS = 100;
export const MAX_SKU = 64;
export const MAX_PHOTOS = 12;
export const MAX_ALT = 200;

export const TEXTS = {
  optionNameRequired: 'Name this option, or remove it.',
  optionNameTaken: (name) => `Another option is already called ${name}.`,
  optionValuesRequired: 'Add at least one value, or remove this option.',
  optionValueTaken: (value, option) => `${value} is already a value of ${option}.`,
  optionsFull: `A product has at most ${MAX_OPTIONS} options.`,
  valuesFull: (option) => `${option} has at most ${MAX_VALUES} values.`,
  valueTooLong: `A value has at most ${MAX_VALUE} characters.`,
  tooManySold: `A product has at most ${MAX_VARIANTS} variants: untick Sold on some combinations.`,
  stockInvalid: 'Stock must be a whole number, zero or more.',
  priceInvalid: 'Price must be zero or more.',
  mrpInvalid: 'MRP must be zero or more.',
  mrpBelowPrice: 'MRP must be at least the price.',
  noneSold: 'Tick Sold on at least one combination.',
  defaultPriceRequired: 'Enter a price: variants without their own price take this one.',
  removeValueTitle: (value, option) => `Remove ${value} from ${option}?`,
  removeOptionTitle: (option) => `Remove the option ${option}?`,
  stockHeld: (count) =>
    `Its variants hold ${count} in stock; they are deleted when the product is saved.`,
  photosFull: (left) =>
    `A product has at most ${MAX_PHOTOS} photos: ${left} ${left === 1 ? 'photo was' : 'photos were'} not added.`,
};

let lastId = 0;
export const newId = (prefix) => {
  lastId += 1;
  return `${prefix}${lastId}`;
};

// Names and values as the server keeps them: runs of spaces made one, ends trimmed.
export const tidy = (text) => String(text).replace(/\s+/g, ' ').trim();
const fold = (text) => tidy(text).toLowerCase();

// How an option is named on screen while it has no name yet.
export const optionLabel = (option, index) => tidy(option.name) || `option ${index + 1}`;

export function optionsFromProduct(product) {
  return (product?.options ?? []).map((option) => ({
    id: newId('o'),
    name: option.name,
    values: [...option.values],
  }));
}

// The options that take part in combinations: those with at least one value.
const gridOptions = (options) => options.filter((option) => option.values.length > 0);

// Every combination of the options' values, first option slowest:
// [{ key, label, picks: [{ option, value }] }]. No options with values: no combinations.
export function combinations(options) {
  const used = gridOptions(options);
  if (used.length === 0) return [];
  let picks = [[]];
  used.forEach((option) => {
    picks = picks.flatMap((pick) => option.values.map((value) => [...pick, { option, value }]));
  });
  return picks.map((pick) => ({
    key: JSON.stringify(pick.map(({ option, value }) => [option.id, fold(value)])),
    label: pick.map(({ value }) => value).join(' / '),
    picks: pick,
  }));
}

// A combination that has no row yet (a value just added) is sold, with blank fields.
export const NEW_ROW = { sold: true, sku: '', quantity: '', price: '', mrp: '' };
export const rowOf = (rows, combo) => rows[combo.key] ?? NEW_ROW;

const asText = (number) => (number == null ? '' : String(number));

// The rows of a stored product: each variant on its combination; combinations without a
// variant are not sold. A variant priced like the product (its lowest price) shows a blank
// price, so it follows the form's Price; a variant without an MRP a blank MRP.
export function rowsFromProduct(product, options) {
  const rows = {};
  const variants = product?.variants ?? [];
  combinations(options).forEach((combo) => {
    const variant = variants.find((v) =>
      combo.picks.every(
        ({ option, value }) => fold(v.options?.[option.name] ?? '') === fold(value),
      ),
    );
    rows[combo.key] = variant
      ? {
          _id: variant._id,
          sold: true,
          sku: variant.sku ?? '',
          quantity: asText(variant.quantity),
          price:
            variant.price == null || Number(variant.price) === Number(product.price)
              ? ''
              : String(variant.price),
          mrp: asText(variant.mrp),
        }
      : { ...NEW_ROW, sold: false };
  });
  return rows;
}

// Problems with the options: { [errorKey]: message }, keys `option:<id>:name` and
// `option:<id>:values`. Duplicates always count; a missing name or value only once the
// admin has tried to save (`complete`), so a new empty option is not shouted at.
export function optionErrors(options, { complete = false } = {}) {
  const errors = {};
  const seen = new Set();
  options.forEach((option, index) => {
    const name = tidy(option.name);
    if (name && seen.has(fold(name)))
      errors[`option:${option.id}:name`] = TEXTS.optionNameTaken(name);
    else if (!name && complete) errors[`option:${option.id}:name`] = TEXTS.optionNameRequired;
    if (name) seen.add(fold(name));
    const values = new Set();
    const twice = option.values.find((value) => {
      if (values.has(fold(value))) return true;
      values.add(fold(value));
      return false;
    });
    if (twice !== undefined)
      errors[`option:${option.id}:values`] = TEXTS.optionValueTaken(
        twice,
        optionLabel(option, index),
      );
    else if (option.values.length === 0 && complete)
      errors[`option:${option.id}:values`] = TEXTS.optionValuesRequired;
  });
  return errors;
}

const isWhole = (text) => /^\d+$/.test(String(text).trim());
const isPrice = (text) => String(text).trim() !== '' && Number(text) >= 0;

// The problem with an MRP typed beside `price` (both text; blank MRP: none), or null.
export function mrpError(mrp, price) {
  const text = String(mrp ?? '').trim();
  if (text === '') return null;
  if (!isPrice(text)) return TEXTS.mrpInvalid;
  if (isPrice(price) && Number(text) < Number(price)) return TEXTS.mrpBelowPrice;
  return null;
}

// Problems with the sold rows: `variant:<n>:quantity|price|mrp` by row position (an MRP
// below the row's price, its own or the form's, is one), `variants`
// when nothing is sold, `price` when a row needs the form's price and it is blank.
export function variantErrors(options, rows, defaultPrice) {
  const combos = combinations(options);
  if (combos.length === 0) return {};
  const errors = {};
  let sold = 0;
  let needsDefault = false;
  combos.forEach((combo, n) => {
    const row = rowOf(rows, combo);
    if (!row.sold) return;
    sold += 1;
    if (row.quantity.trim() !== '' && !isWhole(row.quantity))
      errors[`variant:${n}:quantity`] = TEXTS.stockInvalid;
    if (row.price.trim() === '') needsDefault = true;
    else if (!isPrice(row.price)) errors[`variant:${n}:price`] = TEXTS.priceInvalid;
    const mrp = mrpError(row.mrp ?? '', row.price.trim() === '' ? defaultPrice : row.price);
    if (mrp) errors[`variant:${n}:mrp`] = mrp;
  });
  if (sold === 0) errors.variants = TEXTS.noneSold;
  if (sold > MAX_VARIANTS) errors.variants = TEXTS.tooManySold;
  if (needsDefault && String(defaultPrice).trim() === '') errors.price = TEXTS.defaultPriceRequired;
  return errors;
}

// The product's stock when it has variants: the sum of the sold rows' stock.
export function stockSum(options, rows) {
  return combinations(options).reduce((sum, combo) => {
    const row = rowOf(rows, combo);
    return row.sold && isWhole(row.quantity) ? sum + Number(row.quantity) : sum;
  }, 0);
}

// The stock the sold rows hold of an option (the option's id), or of one of its values:
// what removing it would delete with their variants.
export function stockHeld(options, rows, optionId, value = null) {
  return combinations(options).reduce((sum, combo) => {
    const pick = combo.picks.find(({ option }) => option.id === optionId);
    if (!pick || (value !== null && fold(pick.value) !== fold(value))) return sum;
    const row = rowOf(rows, combo);
    return row.sold && isWhole(row.quantity) ? sum + Number(row.quantity) : sum;
  }, 0);
}

export const optionsPayload = (options) =>
  options.map((option) => ({ name: tidy(option.name), values: option.values }));

// The sold rows as the API's variants: `_id` kept for stored ones (on update, a stored
// variant not sent is removed), a blank SKU left to the server, a blank price null (it takes
// the form's price), a blank stock 0, a blank MRP null (none; always sent, so clearing one
// on an update says so).
export function variantsPayload(options, rows) {
  return combinations(options)
    .map((combo) => ({ combo, row: rowOf(rows, combo) }))
    .filter(({ row }) => row.sold)
    .map(({ combo, row }) => ({
      ...(row._id != null ? { _id: row._id } : {}),
      ...(row.sku.trim() ? { sku: row.sku.trim() } : {}),
      options: Object.fromEntries(
        combo.picks.map(({ option, value }) => [tidy(option.name), value]),
      ),
      price: row.price.trim() === '' ? null : Number(row.price),
      quantity: row.quantity.trim() === '' ? 0 : Number(row.quantity),
      mrp: String(row.mrp ?? '').trim() === '' ? null : Number(row.mrp),
    }));
}

// Every option value a photo may show, grouped by option: [{ label, values }].
export const photoChoices = (options) =>
  gridOptions(options).map((option, index) => ({
    label: optionLabel(option, index),
    values: option.values,
  }));

export function photosFromProduct(product) {
  return (product?.photos ?? []).map((photo) => ({
    key: newId('p'),
    _id: photo._id,
    url: photo.url,
    widths: photo.widths ?? [],
    alt: photo.alt ?? '',
    option: photo.option ?? null,
  }));
}

// A photo's option as sent: null once its value is no longer among the options.
const photoOption = (photo, options) =>
  photo.option != null && options.some((option) => option.values.includes(photo.option))
    ? photo.option
    : null;

// Whether the gallery differs from the stored one (then it is sent whole).
export function galleryChanged(photos, stored, options) {
  if (photos.length !== stored.length) return true;
  return photos.some((photo, i) => {
    const before = stored[i];
    return (
      photo.file != null ||
      photo._id !== before._id ||
      photo.alt !== before.alt ||
      photoOption(photo, options) !== before.option
    );
  });
}

// The gallery as sent: `gallery` JSON (existing `{_id}`, new `{new: i}`, in order) and the
// new files in `photos` order. A blank alt text is the product's name.
export function galleryPayload(photos, options, productName) {
  const files = [];
  const gallery = photos.map((photo) => {
    const alt = photo.alt.trim() || productName.trim();
    const option = photoOption(photo, options);
    if (photo.file) {
      files.push(photo.file);
      return { new: files.length - 1, alt, option };
    }
    return { _id: photo._id, alt, option };
  });
  return { gallery, files };
}

// Moves the item at `from` to `to` (both positions in the list).
export function moveItem(list, from, to) {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

// The product as the shop stores it, for the editor: while a sale runs a product answer's
// `price` (and each variant's) is the sale price and `regularPrice` the stored one. The
// form edits the stored price; saving the sale price back would make it the price for good.
export function asStored(product) {
  const stored = (item) =>
    item?.regularPrice != null ? { ...item, price: item.regularPrice } : item;
  const shown = stored(product);
  return product.variants ? { ...shown, variants: product.variants.map(stored) } : shown;
}
