import '@testing-library/jest-dom/vitest';
import { afterEach, beforeAll } from 'vitest';
import { cleanup } from '@testing-library/react';
import { loadClient } from '../src/lib/apiClient';
import { resetDeliveryChecks } from '../src/features/auth/deliveryChecks';

// The API client imports axios with its first call; a test whose clock is faked would wait
// on that import for ever, so it happens before any test starts. (Nothing is returned:
// vitest would call a returned function, here the axios instance, as a teardown.)
beforeAll(async () => {
  await loadClient();
});

// react-hot-toast reads prefers-reduced-motion; jsdom has no matchMedia.
if (!window.matchMedia) {
  window.matchMedia = (query) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
    dispatchEvent() {
      return false;
    },
  });
}

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  // Each case asks the delivery call afresh (the answers are kept for a visit).
  resetDeliveryChecks();
});
