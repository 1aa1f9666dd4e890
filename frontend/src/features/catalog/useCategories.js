// The category list for public screens (navbar, home filters, categories page). A failed
// load is only logged (spec section 8): the screens still work without categories.
import { useEffect, useState } from 'react';
import { getCategories } from './api';

// The navbar and home ask at the same moment on a first visit: they share one request
// while it is in flight (a later mount asks again, so a new category shows up).
let inFlight = null;

function loadCategories() {
  inFlight ??= getCategories().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

// `loaded` turns true when the call has ended either way; `failed` says it ended in an
// error (the screens then leave the category filters out rather than show them empty).
export function useCategories() {
  const [categories, setCategories] = useState([]);
  const [loaded, setLoaded] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let active = true;
    loadCategories()
      .then(({ data }) => {
        if (active) setCategories(Array.isArray(data?.category) ? data.category : []);
      })
      .catch((error) => {
        console.error('categories could not be loaded', error);
        if (active) setFailed(true);
      })
      .finally(() => {
        if (active) setLoaded(true);
      });
    return () => {
      active = false;
    };
  }, []);

  return { categories, loaded, failed };
}
