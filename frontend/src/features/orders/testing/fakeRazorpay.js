// Test double of Razorpay's checkout script, which is outside the project: when the app
// adds a <script> for `checkoutUrl`, it defines window.Razorpay and fires the tag's load
// (jsdom loads no scripts), or its error with `{ fail: true }`. Each `new Razorpay(options)`
// is kept in `instances`, with what a test needs to act as the shopper in its window:
// pay(ids), fail(description), dismiss(). `opened` counts open() calls.
export const CHECKOUT_URL = 'https://checkout.razorpay.test/v1/checkout.js';

export function fakeRazorpay({ checkoutUrl = CHECKOUT_URL, fail = false } = {}) {
  const instances = [];
  const scripts = [];

  class Razorpay {
    constructor(options) {
      this.options = options;
      this.listeners = {};
      this.opened = 0;
      instances.push(this);
    }

    on(event, listener) {
      this.listeners[event] = listener;
    }

    open() {
      this.opened += 1;
    }

    pay(ids) {
      this.options.handler(ids);
    }

    fail(description) {
      this.listeners['payment.failed']?.({
        error: { code: 'BAD_REQUEST_ERROR', description, reason: 'payment_failed' },
      });
    }

    dismiss() {
      this.options.modal?.ondismiss?.();
    }
  }

  const observer = new MutationObserver((records) => {
    records
      .flatMap((record) => [...record.addedNodes])
      .filter((node) => node.tagName === 'SCRIPT' && node.src === checkoutUrl)
      .forEach((node) => {
        scripts.push(node);
        if (!fail) window.Razorpay = Razorpay;
        node.dispatchEvent(new Event(fail ? 'error' : 'load'));
      });
  });
  observer.observe(document.head, { childList: true });

  return {
    instances,
    scripts,
    get last() {
      return instances.at(-1);
    },
    restore() {
      observer.disconnect();
      delete window.Razorpay;
      scripts.forEach((node) => node.remove());
    },
  };
}
