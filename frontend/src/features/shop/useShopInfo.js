// The shop's details and rules (GET /shop-info): loaded once and kept for the session, so
// the footer, the info pages, the product page and the cart share one request. A failed
// load is logged and tried again by the next screen that mounts; until then the screens
// show what they can without it (never a crash).
import { useEffect, useSyncExternalStore } from 'react';
import { readHomeAnswer } from '../../lib/initialData';
import { getShopInfo } from './api';

const IDLE = { status: 'idle', data: null };
let state = IDLE;
let inFlight = null;
const listeners = new Set();

function set(next) {
  state = next;
  listeners.forEach((listener) => listener());
}

function subscribe(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Home's page carries shop-info's answer: the first screen to ask takes it, on its first
// render, and no request is sent. Nothing is announced (it only replaces the idle state
// before anyone has rendered with it).
function seed() {
  if (state.status !== 'idle') return;
  const data = readHomeAnswer('shopInfo');
  if (data?.shop && typeof data.shop === 'object') state = { status: 'ready', data };
}

function load() {
  if (state.status === 'ready' || inFlight) return;
  set({ status: 'loading', data: null });
  inFlight = getShopInfo()
    .then(({ data }) => {
      if (!data?.shop || typeof data.shop !== 'object') throw new Error('shop-info has no shop');
      set({ status: 'ready', data });
    })
    .catch((error) => {
      console.error('shop details could not be loaded', error);
      set({ status: 'failed', data: null });
    })
    .finally(() => {
      inFlight = null;
    });
}

// Tests start each case with nothing loaded.
export function resetShopInfo() {
  inFlight = null;
  state = IDLE;
}

const getSnapshot = () => state;

function razorpaySettings(data) {
  const settings = data.razorpay;
  const listed = Array.isArray(data.paymentMethods) && data.paymentMethods.includes('razorpay');
  if (!listed || !settings) return null;
  const { keyId, checkoutUrl } = settings;
  return typeof keyId === 'string' && keyId && typeof checkoutUrl === 'string' && checkoutUrl
    ? { keyId, checkoutUrl }
    : null;
}

// { shop, delivery, codLimit, paymentMethods, razorpay, invoices, pricesIncludeTax } once
// loaded (each null/empty before), `loading` until the call has ended, `failed` after an
// error. `razorpay` ({keyId, checkoutUrl}) is there only when the shop takes online
// payments and the answer says where the checkout script lives.
export function useShopInfo() {
  seed();
  const current = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  useEffect(() => {
    if (state.status === 'idle' || state.status === 'failed') load();
  }, []);
  const data = current.data ?? {};
  return {
    shop: data.shop ?? null,
    delivery: data.delivery ?? null,
    codLimit: data.codLimit ?? null,
    paymentMethods: Array.isArray(data.paymentMethods) ? data.paymentMethods : [],
    razorpay: razorpaySettings(data),
    invoices: Boolean(data.invoices),
    pricesIncludeTax: data.pricesIncludeTax !== false,
    loading: current.status === 'idle' || current.status === 'loading',
    failed: current.status === 'failed',
  };
}
