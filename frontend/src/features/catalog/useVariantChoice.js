// The shopper's choice of option values on the product page, kept in the address as the
// chosen variant (`?variant=<id>`, replacing the history entry, so Back leaves the page
// instead of undoing choices). A page opened with `?variant=` starts with that variant's
// values; otherwise with the options that have one value only. A partial choice (Size
// picked, Colour not yet) lives in state: the address names variants only.
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { defaultChoice, findVariant, optionsOf, variantFor } from '../../lib/variants';

export const VARIANT_PARAM = 'variant';

export function useVariantChoice(product) {
  const [params, setParams] = useSearchParams();
  const [picked, setPicked] = useState({ forId: null, choice: {} });
  const id = product?._id ?? null;

  let choice = {};
  if (product) {
    const fromAddress = findVariant(product, params.get(VARIANT_PARAM));
    if (picked.forId === id) choice = picked.choice;
    else if (fromAddress && optionsOf(product).length > 0) choice = { ...fromAddress.options };
    else choice = defaultChoice(product);
  }

  function keep(next) {
    setPicked({ forId: id, choice: next });
    const variant = optionsOf(product).length > 0 ? variantFor(product, next) : null;
    const wanted = variant ? String(variant._id) : null;
    // No navigation at all while the address already says it (a partial choice).
    if (params.get(VARIANT_PARAM) === wanted) return;
    setParams(
      (current) => {
        const query = new URLSearchParams(current);
        if (variant) query.set(VARIANT_PARAM, String(variant._id));
        else query.delete(VARIANT_PARAM);
        return query;
      },
      { replace: true },
    );
  }

  return {
    choice,
    pick: (name, value) => keep({ ...choice, [name]: value }),
    clear: () => keep(defaultChoice(product)),
  };
}
