// A third-party script (a payment gateway's checkout) loaded on demand: one <script src>
// per address, injected the first time it is asked for. Every later call shares the same
// promise, so the script is never added twice, even while the first load is under way.
// A load that fails rejects and forgets the address (its tag is removed), so the next
// call tries again: a shopper on a bad network can retry without reloading the page.
// Nothing is inlined: the page's Content-Security-Policy lists the script's origin.
const loads = new Map();

export function loadScript(src) {
  const known = loads.get(src);
  if (known) return known;
  const promise = new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => {
      loads.delete(src);
      script.remove();
      reject(new Error(`The script ${src} could not be loaded`));
    });
    document.head.appendChild(script);
  });
  loads.set(src, promise);
  return promise;
}

// Tests start each case with nothing loaded.
export function forgetScripts() {
  loads.clear();
}
