// A fresh key per checkout attempt: a double click or a retry of the same attempt sends
// the same key, so the server places one order.
export function newIdempotencyKey() {
  if (globalThis.crypto?.randomUUID) return globalThis.crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}
