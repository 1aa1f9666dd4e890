// The option filters (Size, Colour ...) for a set of filters: the values in use among the
// products of its categories and price, each with how many products are sold in it. Asked
// again when the categories or price change; while the new answer is on its way the last
// one stays (no flicker). A failed call is only logged and shows no option filters, like
// the category filters (spec section 8).
import { useEffect, useRef, useState } from 'react';
import { readHomeAnswer } from '../../lib/initialData';
import { getOptionFacets } from './api';
import { facetRequest } from './filters';

// The request of no filter: the one home's page carries the answer to.
const UNFILTERED = JSON.stringify({ checked: [], radio: [] });

// Only well-formed facets: a name and values of text with a whole-number count.
function readFacets(facets) {
  if (!Array.isArray(facets)) return [];
  return facets
    .filter((facet) => typeof facet?.name === 'string' && Array.isArray(facet.values))
    .map((facet) => ({
      name: facet.name,
      values: facet.values.filter(
        (v) => typeof v?.value === 'string' && Number.isInteger(v.count) && v.count > 0,
      ),
    }))
    .filter((facet) => facet.values.length > 0);
}

// `enabled` false asks nothing (the phone drawer while closed).
export function useOptionFacets(filters, enabled = true) {
  const key = JSON.stringify(facetRequest(filters));
  // On the first visit to `/` with no filter the page carries the answer: the key it is
  // for, until the filters change.
  const [seed] = useState(() => {
    const answer = key === UNFILTERED ? readHomeAnswer('optionFacets') : null;
    return answer ? readFacets(answer.facets) : null;
  });
  const seededKey = useRef(seed === null ? null : key);
  const [facets, setFacets] = useState(seed ?? []);
  useEffect(() => {
    if (!enabled) return undefined;
    if (seededKey.current === key) return undefined;
    seededKey.current = null;
    let live = true;
    getOptionFacets(JSON.parse(key))
      .then(({ data }) => live && setFacets(readFacets(data?.facets)))
      .catch((error) => {
        console.error('option filters could not be loaded', error);
        if (live) setFacets([]);
      });
    return () => {
      live = false;
    };
  }, [enabled, key]);
  return facets;
}
