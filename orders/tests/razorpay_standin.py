"""A local stand-in for the parts of Razorpay the shop uses, for tests and the browser
journey: a threaded HTTP server on 127.0.0.1 (docs/payments.md says what it covers).

API (Basic auth with the key id and secret, amounts in paise, errors in Razorpay's
shape `{"error": {"code", "description"}}`):
  POST /v1/orders                      GET /v1/orders/{id}    GET /v1/orders/{id}/payments
  GET  /v1/payments/{id}               POST /v1/payments/{id}/refund
  GET  /v1/payments/{id}/refunds       GET  /v1/refunds/{id}
Checkout:
  GET  /v1/checkout.js   defines window.Razorpay(options) with .open() and
                         .on('payment.failed', fn): a small dialog with "Pay" and "Fail"
  POST /v1/checkout/pay  what the dialog's buttons call (the stand-in's own): makes the
                         payment, signs it with the key secret as Razorpay documents,
                         and, when `webhook_url` is set, sends the signed webhook

Switches (attributes, changed by tests at any time): `fail_orders` = None, "timeout"
(answers after `hang_seconds`) or "5xx"; `order_delay` (seconds before an order is
made); `webhook_url` (where to send webhooks; None: none are sent); `refund_status`
("processed" or "pending"); `lose_refund_answers` (how many of the next refunds are made
but answered with a 500, as when the answer is lost on its way back)."""

import base64
import contextlib
import hashlib
import hmac
import json
import secrets
import string
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import requests

KEY_ID = "rzp_test_standin"
KEY_SECRET = "standin_key_secret"
WEBHOOK_SECRET = "standin_webhook_secret"

_ALPHABET = string.ascii_letters + string.digits


def new_id(prefix: str) -> str:
    return f"{prefix}_" + "".join(secrets.choice(_ALPHABET) for _ in range(14))


def sign(secret: str, message: bytes) -> str:
    return hmac.new(secret.encode(), message, hashlib.sha256).hexdigest()


def payment_signature(order_id: str, payment_id: str, secret: str = KEY_SECRET) -> str:
    """Razorpay's documented checkout signature."""
    return sign(secret, f"{order_id}|{payment_id}".encode())


class Standin:
    def __init__(self, key_id=KEY_ID, key_secret=KEY_SECRET, webhook_secret=WEBHOOK_SECRET):
        self.key_id, self.key_secret, self.webhook_secret = key_id, key_secret, webhook_secret
        self.orders: dict[str, dict] = {}
        self.payments: dict[str, dict] = {}
        self.refunds: dict[str, dict] = {}
        self.calls: list[tuple[str, str]] = []
        self.lock = threading.Lock()
        self.fail_orders: str | None = None
        self.hang_seconds = 3.0
        # A hanging gateway answers when released (stop() releases it) or after
        # hang_seconds, whichever comes first: past the client's timeout either way.
        self.released = threading.Event()
        self.order_delay = 0.0
        self.webhook_url: str | None = None
        self.refund_status = "processed"
        self.lose_refund_answers = 0
        self.server: ThreadingHTTPServer | None = None

    # --- life ---------------------------------------------------------------------------

    def start(self, port: int = 0) -> "Standin":
        standin = self

        class Handler(_Handler):
            owner = standin

        self.server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
        self.server.daemon_threads = True
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        return self

    def stop(self) -> None:
        self.released.set()
        if self.server is not None:
            self.server.shutdown()
            self.server.server_close()

    @property
    def url(self) -> str:
        host, port = self.server.server_address[:2]
        return f"http://{host}:{port}"

    @property
    def checkout_url(self) -> str:
        return f"{self.url}/v1/checkout.js"

    def settings(self) -> dict:
        """The shop's settings that point its Razorpay calls here, as environment variables
        (a live server's, the fuzz server's)."""
        return {
            "RAZORPAY_KEY_ID": self.key_id,
            "RAZORPAY_KEY_SECRET": self.key_secret,
            "RAZORPAY_WEBHOOK_SECRET": self.webhook_secret,
            "RAZORPAY_API_BASE": self.url,
            "RAZORPAY_CHECKOUT_URL": self.checkout_url,
        }

    # --- what Razorpay does -------------------------------------------------------------

    def create_order(self, body: dict) -> dict:
        amount = body.get("amount")
        if not isinstance(amount, int) or amount < 100:
            raise _Error(400, "BAD_REQUEST_ERROR", "The amount must be at least INR 1.00")
        if body.get("currency") != "INR":
            raise _Error(400, "BAD_REQUEST_ERROR", "Currency is not supported")
        order = {
            "id": new_id("order"),
            "entity": "order",
            "amount": amount,
            "amount_paid": 0,
            "amount_due": amount,
            "currency": "INR",
            "receipt": body.get("receipt"),
            "status": "created",
            "attempts": 0,
            "notes": body.get("notes") or {},
            "created_at": int(time.time()),
        }
        with self.lock:
            self.orders[order["id"]] = order
        return order

    def pay(self, order_id: str, *, fail: bool = False, method: str = "upi") -> dict:
        """What the checkout's "Pay" (or "Fail") does: a captured (or failed) payment of
        the order's amount; returns what the checkout hands the shop's handler (or the
        error it hands `payment.failed`), and sends the webhook when switched on."""
        with self.lock:
            order = self.orders.get(order_id)
            if order is None:
                raise _Error(400, "BAD_REQUEST_ERROR", "The id provided does not exist")
            if order["status"] == "paid" and not fail:
                raise _Error(400, "BAD_REQUEST_ERROR", "Order is already paid")
            payment = {
                "id": new_id("pay"),
                "entity": "payment",
                "amount": order["amount"],
                "currency": "INR",
                "status": "failed" if fail else "captured",
                "order_id": order_id,
                "method": method,
                "amount_refunded": 0,
                "refund_status": None,
                "captured": not fail,
                "email": "buyer@example.com",
                "contact": "+919999999999",
                "error_code": "BAD_REQUEST_ERROR" if fail else None,
                "error_description": "Payment failed" if fail else None,
                "created_at": int(time.time()),
            }
            self.payments[payment["id"]] = payment
            order["attempts"] += 1
            if not fail:
                order["status"] = "paid"
                order["amount_paid"] = order["amount"]
                order["amount_due"] = 0
        self.send_webhook("payment.failed" if fail else "payment.captured", payment=payment)
        if fail:
            return {
                "error": {
                    "code": "BAD_REQUEST_ERROR",
                    "description": "Payment failed",
                    "reason": "payment_failed",
                    "metadata": {"order_id": order_id, "payment_id": payment["id"]},
                }
            }
        return {
            "razorpay_payment_id": payment["id"],
            "razorpay_order_id": order_id,
            "razorpay_signature": payment_signature(order_id, payment["id"], self.key_secret),
        }

    def payment_refunds(self, payment_id: str) -> list[dict]:
        """A payment's refunds, newest first (as Razorpay lists them)."""
        with self.lock:
            if payment_id not in self.payments:
                raise _Error(400, "BAD_REQUEST_ERROR", "The id provided does not exist")
            # The dict keeps the order they were made in.
            mine = [r for r in self.refunds.values() if r["payment_id"] == payment_id]
        return mine[::-1]

    def refunded(self, payment_id: str) -> int:
        """The paise refunded of a payment so far (every refund made of it)."""
        with self.lock:
            return sum(r["amount"] for r in self.refunds.values() if r["payment_id"] == payment_id)

    def refund(self, payment_id: str, body: dict) -> dict:
        with self.lock:
            payment = self.payments.get(payment_id)
            if payment is None:
                raise _Error(400, "BAD_REQUEST_ERROR", "The id provided does not exist")
            amount = body.get("amount", payment["amount"] - payment["amount_refunded"])
            if payment["status"] not in ("captured", "refunded"):
                raise _Error(400, "BAD_REQUEST_ERROR", "The payment has not been captured")
            if not isinstance(amount, int) or amount < 100:
                raise _Error(400, "BAD_REQUEST_ERROR", "The amount must be at least INR 1.00")
            if amount > payment["amount"] - payment["amount_refunded"]:
                raise _Error(
                    400, "BAD_REQUEST_ERROR", "The refund amount exceeds the amount captured"
                )
            refund = {
                "id": new_id("rfnd"),
                "entity": "refund",
                "amount": amount,
                "currency": "INR",
                "payment_id": payment_id,
                "notes": body.get("notes") or {},
                "status": self.refund_status,
                "speed_processed": "normal",
                "created_at": int(time.time()),
            }
            self.refunds[refund["id"]] = refund
            payment["amount_refunded"] += amount
            full = payment["amount_refunded"] == payment["amount"]
            payment["refund_status"] = "full" if full else "partial"
            if full:
                payment["status"] = "refunded"
        if refund["status"] == "processed":
            self.send_webhook("refund.processed", refund=refund, payment=payment)
        return refund

    # --- webhooks -----------------------------------------------------------------------

    def event(self, name: str, *, event_id: str | None = None, **entities) -> tuple[bytes, dict]:
        """A webhook as Razorpay sends it: the body and its headers, signed."""
        body = json.dumps(
            {
                "entity": "event",
                "account_id": "acc_standin",
                "event": name,
                "contains": list(entities),
                "payload": {kind: {"entity": entity} for kind, entity in entities.items()},
                "created_at": int(time.time()),
            }
        ).encode()
        headers = {
            "Content-Type": "application/json",
            "X-Razorpay-Signature": sign(self.webhook_secret, body),
            "X-Razorpay-Event-Id": event_id or new_id("evt"),
        }
        return body, headers

    def send_webhook(self, name: str, **entities) -> None:
        if not self.webhook_url:
            return
        body, headers = self.event(name, **entities)
        # Razorpay would try again later; the tests look at the shop's state.
        with contextlib.suppress(requests.RequestException):
            requests.post(self.webhook_url, data=body, headers=headers, timeout=30)


class _Error(Exception):
    def __init__(self, status: int, code: str, description: str):
        super().__init__(description)
        self.status, self.code, self.description = status, code, description


class _Handler(BaseHTTPRequestHandler):
    owner: Standin
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):  # quiet
        pass

    def _send(self, status: int, body, content_type="application/json"):
        data = body if isinstance(body, bytes) else json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Access-Control-Allow-Origin", "*")
        self.send_header("Access-Control-Allow-Headers", "Content-Type")
        self.end_headers()
        self.wfile.write(data)

    def _body(self) -> dict:
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b"{}"
        try:
            parsed = json.loads(raw or b"{}")
        except ValueError as exc:
            raise _Error(400, "BAD_REQUEST_ERROR", "The request body is not JSON") from exc
        return parsed if isinstance(parsed, dict) else {}

    def _authorised(self) -> bool:
        header = self.headers.get("Authorization", "")
        if not header.startswith("Basic "):
            return False
        try:
            user, _, password = base64.b64decode(header[6:]).decode().partition(":")
        except ValueError:
            return False
        return hmac.compare_digest(user, self.owner.key_id) and hmac.compare_digest(
            password, self.owner.key_secret
        )

    def _route(self, method: str):
        owner = self.owner
        path = self.path.split("?")[0].rstrip("/")
        owner.calls.append((method, path))
        parts = path.strip("/").split("/")
        if method == "GET" and path == "/v1/checkout.js":
            return self._send(200, CHECKOUT_JS.encode(), "application/javascript")
        if method == "POST" and path == "/v1/checkout/pay":
            body = self._body()
            return self._send(
                200, owner.pay(str(body.get("order_id")), fail=body.get("outcome") == "fail")
            )
        if not self._authorised():
            raise _Error(401, "BAD_REQUEST_ERROR", "Authentication failed")
        if method == "POST" and path == "/v1/orders":
            body = self._body()
            if owner.order_delay:  # the gateway's own latency, simulated
                owner.released.wait(owner.order_delay)
            if owner.fail_orders == "timeout":
                owner.released.wait(owner.hang_seconds)
            elif owner.fail_orders == "5xx":
                raise _Error(500, "SERVER_ERROR", "The server encountered an error")
            return self._send(200, owner.create_order(body))
        if method == "GET" and len(parts) == 3 and parts[1] == "orders":
            order = owner.orders.get(parts[2])
            if order is None:
                raise _Error(400, "BAD_REQUEST_ERROR", "The id provided does not exist")
            return self._send(200, order)
        if method == "GET" and len(parts) == 4 and parts[1] == "orders" and parts[3] == "payments":
            items = [p for p in owner.payments.values() if p["order_id"] == parts[2]]
            return self._send(200, {"entity": "collection", "count": len(items), "items": items})
        if method == "GET" and len(parts) == 3 and parts[1] == "payments":
            payment = owner.payments.get(parts[2])
            if payment is None:
                raise _Error(400, "BAD_REQUEST_ERROR", "The id provided does not exist")
            return self._send(200, payment)
        if method == "GET" and len(parts) == 3 and parts[1] == "refunds":
            refund = owner.refunds.get(parts[2])
            if refund is None:
                raise _Error(400, "BAD_REQUEST_ERROR", "The id provided does not exist")
            return self._send(200, refund)
        if method == "GET" and len(parts) == 4 and parts[1] == "payments" and parts[3] == "refunds":
            items = owner.payment_refunds(parts[2])
            return self._send(200, {"entity": "collection", "count": len(items), "items": items})
        if method == "POST" and len(parts) == 4 and parts[1] == "payments" and parts[3] == "refund":
            made = owner.refund(parts[2], self._body())
            with owner.lock:
                lost = owner.lose_refund_answers > 0
                owner.lose_refund_answers -= lost
            if lost:  # made, but the shop never hears of it
                raise _Error(500, "SERVER_ERROR", "The server encountered an error")
            return self._send(200, made)
        raise _Error(400, "BAD_REQUEST_ERROR", "The requested URL was not found on the server.")

    def _handle(self, method: str):
        try:
            self._route(method)
        except _Error as exc:
            self._send(exc.status, {"error": {"code": exc.code, "description": exc.description}})
        except (BrokenPipeError, ConnectionResetError):
            pass

    def do_GET(self):
        self._handle("GET")

    def do_POST(self):
        self._handle("POST")

    def do_OPTIONS(self):
        self._send(204, b"")


# The checkout script. Options as Razorpay's: key, order_id, amount, currency, name,
# prefill, handler, modal.ondismiss. The dialog is a labelled, modal <dialog>; its buttons
# are keyboard reachable, "Pay" has the focus and Escape dismisses it.
CHECKOUT_JS = r"""
(function () {
  var base = new URL(document.currentScript ? document.currentScript.src : location.href).origin;
  function Razorpay(options) {
    if (!(this instanceof Razorpay)) return new Razorpay(options);
    this.options = options || {};
    this.listeners = {};
  }
  Razorpay.prototype.on = function (name, fn) {
    (this.listeners[name] = this.listeners[name] || []).push(fn);
  };
  Razorpay.prototype.emit = function (name, value) {
    (this.listeners[name] || []).forEach(function (fn) { fn(value); });
  };
  Razorpay.prototype.open = function () {
    var self = this, o = this.options;
    var dialog = document.createElement('dialog');
    dialog.setAttribute('aria-labelledby', 'rzp-standin-title');
    dialog.setAttribute('data-testid', 'razorpay-standin');
    var rupees = (o.amount / 100).toFixed(2);
    dialog.innerHTML =
      '<h2 id="rzp-standin-title">Razorpay stand-in</h2>' +
      '<p>' + String(o.name || '').replace(/[<>&]/g, '') + ': pay INR ' + rupees + '</p>' +
      '<button type="button" data-act="pay">Pay</button> ' +
      '<button type="button" data-act="fail">Fail</button>';
    document.body.appendChild(dialog);
    function close() { if (dialog.open) dialog.close(); dialog.remove(); }
    dialog.addEventListener('cancel', function () {
      close();
      if (o.modal && o.modal.ondismiss) o.modal.ondismiss();
    });
    dialog.querySelectorAll('button').forEach(function (button) {
      button.addEventListener('click', function () {
        var outcome = button.getAttribute('data-act');
        fetch(base + '/v1/checkout/pay', {
          method: 'POST',
          headers: {'Content-Type': 'application/json'},
          body: JSON.stringify({order_id: o.order_id, outcome: outcome})
        }).then(function (r) { return r.json(); }).then(function (answer) {
          close();
          if (answer.error) self.emit('payment.failed', answer);
          else if (o.handler) o.handler(answer);
        });
      });
    });
    if (dialog.showModal) dialog.showModal(); else dialog.setAttribute('open', '');
    dialog.querySelector('[data-act="pay"]').focus();
  };
  window.Razorpay = Razorpay;
})();
"""


def main() -> None:
    """`python -m orders.tests.razorpay_standin --port 8190 --webhook URL`: the stand-in on
    its own, for a browser journey or trying the shop by hand (point RAZORPAY_API_BASE and
    RAZORPAY_CHECKOUT_URL at it and use its test keys)."""
    import argparse

    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--port", type=int, default=8190)
    parser.add_argument("--webhook", default=None, help="the shop's webhook URL")
    args = parser.parse_args()
    standin = Standin().start(args.port)
    standin.webhook_url = args.webhook
    print(
        f"RAZORPAY_API_BASE={standin.url} RAZORPAY_CHECKOUT_URL={standin.checkout_url} "
        f"RAZORPAY_KEY_ID={KEY_ID} RAZORPAY_KEY_SECRET={KEY_SECRET} "
        f"RAZORPAY_WEBHOOK_SECRET={WEBHOOK_SECRET}",
        flush=True,
    )
    threading.Event().wait()


if __name__ == "__main__":
    main()
