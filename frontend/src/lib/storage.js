// The only module that touches localStorage. Corrupt or foreign data reads as the default
// instead of crashing the app.
export function readJSON(key, fallback) {
  try {
    const raw = window.localStorage.getItem(key);
    if (raw === null) return fallback;
    const value = JSON.parse(raw);
    return value ?? fallback;
  } catch {
    return fallback;
  }
}

export function writeJSON(key, value) {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled (private mode): the in-memory state still works.
  }
}

export function remove(key) {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing to do: storage is unavailable.
  }
}

// Other tabs change the same keys; callers re-read on this event.
export function onExternalChange(key, callback) {
  const listener = (event) => {
    if (event.key === key || event.key === null) callback();
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}
