"""What schemathesis does not generate, sent to the live server by `make fuzz`
(fuzz/run.py) after its runs: JSON nested far past any parser's depth, in the product
form's JSON text fields (`options`, `variants`, `gallery`) and as the body of every call
that takes JSON; and header values that are not ASCII (UTF-8 bytes, which a WSGI server
hands Django as Latin-1 text) in every header the app reads, on every call. Each answer
must be below 500 (no answer at all counts as 599). Nothing here can change data: the
JSON never parses, and the tokens sent with odd headers are an admin's only on reads,
checkout and the webhook."""

import re

import requests

DEPTH = 100_000
DEEP = {
    "lists": "[" * DEPTH + "]" * DEPTH,
    "objects": '{"a":' * DEPTH + "1" + "}" * DEPTH,
    "unclosed": "[" * DEPTH,
}
# Header values as raw bytes: non-ASCII letters, a byte-order mark, invalid UTF-8.
ODD = [
    "é".encode() * 64,
    "\ufeff".encode() + b"a" * 61,
    "٣".encode() * 64,
    b"\xff\xfe" * 32,
]
READ_HEADERS = [
    "X-Razorpay-Signature",
    "X-Razorpay-Event-Id",
    "Idempotency-Key",
    "If-None-Match",
    "X-Request-ID",
    "X-Forwarded-For",
    "Accept-Language",
]


# Counted with the 5xx: a server that closes a fresh connection without an answer.
NO_ANSWER = 599


def _concrete(path: str) -> str:
    return re.sub(r"\{[^}]+\}", "1", path)


def _calls(schema: dict):
    for path, item in schema["paths"].items():
        for method, operation in item.items():
            if method in ("get", "post", "put", "patch", "delete"):
                yield method, path, operation


def run(base: str, admin: str, shopper: str) -> list[tuple[str, int]]:
    """Every request sent, as (what, status)."""
    # A new connection for each request: an answer sent before the body was read (a 429,
    # a 413) leaves the connection unusable for the next request on it.
    session = requests.Session()
    session.headers["Connection"] = "close"
    admin_auth = {"Authorization": f"Bearer {admin}"}
    shopper_auth = {"Authorization": f"Bearer {shopper}"}
    sent: list[tuple[str, int]] = []

    def send(what: str, method: str, path: str, **kwargs) -> None:
        try:
            response = session.request(method, f"{base}{path}", timeout=60, **kwargs)
        except requests.RequestException as exc:
            sent.append((f"{what}: no answer ({exc.__class__.__name__})", NO_ANSWER))
            return
        sent.append((what, response.status_code))

    schema = session.get(f"{base}/api/schema/?format=json", timeout=60).json()
    category = session.get(f"{base}/api/v1/category/get-category", timeout=60).json()
    product = session.get(f"{base}/api/v1/product/get-product", timeout=60).json()
    # The demo catalogue's first; "1" when the admin's fuzz run deleted them all.
    category_id = next((c["_id"] for c in category.get("category", [])), "1")
    product_id = next((p["_id"] for p in product.get("products", [])), "1")
    form = {
        "name": "Fuzz Deep Field",
        "description": "Never saved.",
        "price": "10",
        "quantity": "1",
        "category": category_id,
    }

    # The product form's JSON text fields.
    for field in ("options", "variants", "gallery"):
        for shape, text in DEEP.items():
            parts = {k: (None, v) for k, v in {**form, field: text}.items()}
            what = f"{field} nested ({shape})"
            send(
                f"create-product {what}",
                "POST",
                "/api/v1/product/create-product",
                files=parts,
                headers=admin_auth,
            )
            send(
                f"update-product {what}",
                "PUT",
                f"/api/v1/product/update-product/{product_id}",
                files=parts,
                headers=admin_auth,
            )

    # Every call that takes a JSON body, with one nested past any depth.
    for method, path, operation in _calls(schema):
        content = operation.get("requestBody", {}).get("content", {})
        if "application/json" not in content:
            continue
        for shape, text in DEEP.items():
            send(
                f"{method.upper()} {path} body nested ({shape})",
                method.upper(),
                _concrete(path),
                data=text.encode(),
                headers={**admin_auth, "Content-Type": "application/json"},
            )

    # Every call, with each header the app reads holding non-ASCII bytes and a token that
    # is not one (nothing is changed); reads also with the admin's real token.
    for method, path, _ in _calls(schema):
        for value in ODD:
            odd = dict.fromkeys(READ_HEADERS, value)
            send(
                f"{method.upper()} {path} odd headers",
                method.upper(),
                _concrete(path),
                headers={**odd, "Authorization": b"Bearer " + value},
            )
            if method == "get":
                send(
                    f"GET {path} odd headers, admin",
                    "GET",
                    _concrete(path),
                    headers={**odd, **admin_auth},
                )

    # The webhook and checkout, where those headers are the input.
    for value in ODD:
        send(
            "webhook odd signature",
            "POST",
            "/api/v1/payments/razorpay/webhook",
            data=b'{"event": "payment.captured"}',
            headers={
                "Content-Type": "application/json",
                "X-Razorpay-Signature": value,
                "X-Razorpay-Event-Id": value,
            },
        )
        send(
            "checkout odd Idempotency-Key",
            "POST",
            "/api/v1/orders/checkout",
            json={"cart": []},
            headers={**shopper_auth, "Idempotency-Key": value},
        )
    return sent
