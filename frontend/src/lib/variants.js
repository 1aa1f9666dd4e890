// Product variants as the storefront reads them (variants-api.md): a product's `options`
// ([{name, values}]) and `variants` ([{_id, options: {name: value}, price, quantity}]).
// Only combinations that are sold exist as variants. Answers from before variants (no
// `variants` key) read as a product without options and without a known variant, so old
// payloads and old stored carts keep working.

export function optionsOf(product) {
  return Array.isArray(product?.options) ? product.options.filter((o) => o?.name) : [];
}

export function variantsOf(product) {
  return Array.isArray(product?.variants) ? product.variants.filter((v) => v?._id != null) : [];
}

export function findVariant(product, id) {
  if (id === null || id === undefined || id === '') return null;
  return variantsOf(product).find((v) => String(v._id) === String(id)) ?? null;
}

// The one variant a product without a choice means (one variant), else null.
export function onlyVariant(product) {
  const variants = variantsOf(product);
  return variants.length === 1 ? variants[0] : null;
}

// Does the product need the shopper to choose (more than one variant)?
export function needsChoice(product) {
  return variantsOf(product).length > 1;
}

// `choice` ({name: value}) holds only what is chosen; a variant agrees with it when every
// chosen value is the variant's.
function agrees(variant, choice) {
  return Object.entries(choice).every(([name, value]) => variant.options?.[name] === value);
}

export function variantsMatching(product, choice) {
  return variantsOf(product).filter((v) => agrees(v, choice));
}

// Options still to be chosen, in the product's order.
export function missingOptions(product, choice) {
  return optionsOf(product)
    .map((o) => o.name)
    .filter((name) => choice[name] === undefined);
}

// The variant of a complete choice, or null (incomplete, or a combination not sold).
export function variantFor(product, choice) {
  if (missingOptions(product, choice).length > 0) return null;
  const options = optionsOf(product);
  if (options.length === 0) return onlyVariant(product);
  return variantsMatching(product, choice)[0] ?? null;
}

// What picking `value` for option `name` would give, seen from the OTHER options' current
// choices: 'available', 'soldout' (sold, none left) or 'unsold' (no such combination).
export function valueState(product, choice, name, value) {
  const others = { ...choice };
  delete others[name];
  const matching = variantsMatching(product, { ...others, [name]: value });
  if (matching.length === 0) return 'unsold';
  return matching.some((v) => Number(v.quantity) > 0) ? 'available' : 'soldout';
}

// Option values chosen with nothing to choose: options with one value only.
export function defaultChoice(product) {
  const choice = {};
  for (const option of optionsOf(product)) {
    if (option.values?.length === 1) choice[option.name] = option.values[0];
  }
  return choice;
}

// Lowest and highest price of some variants (or of the product when it lists none).
export function priceRange(product, variants = variantsOf(product)) {
  const prices = variants.map((v) => Number(v.price)).filter(Number.isFinite);
  if (prices.length === 0) {
    const price = Number(product?.price);
    return { min: price, max: price };
  }
  return { min: Math.min(...prices), max: Math.max(...prices) };
}

export function hasPriceRange(product, variants) {
  const { min, max } = priceRange(product, variants);
  return min !== max;
}

// The option that names colours (Colour or Color, any case), or null.
export function colourOption(product) {
  return optionsOf(product).find((o) => /^colou?r$/i.test(o.name.trim())) ?? null;
}

// "Size: M · Colour: Black" (cart, orders), in the product's option order when known.
export function describeOptions(options, product, { nameSep = ': ', sep = ' · ' } = {}) {
  if (!options || typeof options !== 'object') return '';
  const order = optionsOf(product).map((o) => o.name);
  const names = [
    ...order.filter((name) => name in options),
    ...Object.keys(options).filter((name) => !order.includes(name)),
  ];
  return names.map((name) => `${name}${nameSep}${options[name]}`).join(sep);
}

// Gallery photos in order; with chosen option values, the photos showing one of them come
// first (their own order kept). Without a gallery, the product's one photo.
export function galleryPhotos(product, choice = {}) {
  const photos = Array.isArray(product?.photos) ? product.photos.filter((p) => p?.url) : [];
  if (photos.length === 0) return [];
  const chosen = new Set(Object.values(choice));
  const first = photos.filter((p) => p.option != null && chosen.has(p.option));
  return [...first, ...photos.filter((p) => !first.includes(p))];
}

// The photo a variant is best shown by: the first showing one of its values, else none.
export function photoForVariant(product, variant) {
  if (!variant?.options) return null;
  const values = new Set(Object.values(variant.options));
  const photos = Array.isArray(product?.photos) ? product.photos : [];
  return photos.find((p) => p?.url && p.option != null && values.has(p.option)) ?? null;
}

// A CSS colour for a colour value ("Black", "Forest Green", "Navy Blue"), or null when the
// name is no colour the browser knows (the swatch then shows a neutral pattern; its name
// is always in the text).
export function swatchColour(value) {
  const words = String(value ?? '')
    .trim()
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean);
  const supports = globalThis.CSS?.supports;
  if (!supports || words.length === 0) return null;
  for (const name of [words.join(''), words.at(-1)]) {
    if (/^[a-z]+$/.test(name) && globalThis.CSS.supports('color', name)) return name;
  }
  return null;
}
