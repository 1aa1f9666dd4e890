// The category list for public screens (navbar, home filters, categories page). A failed
// load is only logged (spec section 8): the screens still work without categories.
import { useEffect, useRef, useState } from 'react';
import { readHomeAnswer } from '../../lib/initialData';
import { getCategories } from './api';

// The navbar and home ask at the same moment on a first visit: they share one request
// while it is in flight (a later mount asks again, so a new category shows up).
let inFlight = null;

// The navbar stays mounted for the whole visit: when the admin panel changes a category,
// every screen showing the list asks again, so the Categories menu is never stale.
const listeners = new Set();

export function categoriesChanged() {
  inFlight = null;
  listeners.forEach((listener) => listener());
}

function loadCategories() {
  inFlight ??= getCategories().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

// `loaded` turns true when the call has ended either way; `failed` says it ended in an
// error (the screens then leave the category filters out rather than show them empty).
export function useCategories() {
  // On the first visit to `/` the page carries get-category's answer: taken on the first
  // render, not fetched (until a category changes).
  const [seed] = useState(() => {
    const list = readHomeAnswer('categories')?.category;
    return Array.isArray(list) ? list : null;
  });
  const seeded = useRef(seed !== null);
  const [categories, setCategories] = useState(seed ?? []);
  const [loaded, setLoaded] = useState(seed !== null);
  const [failed, setFailed] = useState(false);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    const reload = () => setVersion((n) => n + 1);
    listeners.add(reload);
    return () => listeners.delete(reload);
  }, []);

  useEffect(() => {
    if (seeded.current && version === 0) return undefined;
    seeded.current = false;
    let active = true;
    loadCategories()
      .then(({ data }) => {
        if (!active) return;
        setCategories(Array.isArray(data?.category) ? data.category : []);
        setFailed(false);
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
  }, [version]);

  return { categories, loaded, failed };
}
