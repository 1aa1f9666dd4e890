"""Shoppers buying and an admin editing while `make bench` reads (bench/run.py): the
traffic of a shop that sells, sent beside a mixed read run.

`prepare()` (in the bench process, Django set up) makes the buyers and an admin and picks
products to sell. A `Seller` then places orders at a steady rate (open loop: one checkout
every 1/rate seconds, whatever the answers take, each from its own thread, as many
phones would) and has the admin change a product's description every EDIT_SECONDS
through the update call, until stopped. It counts what it sent and how long the answers
took, so a run says what the buyers saw too.
"""

from __future__ import annotations

import os
import random
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import requests

BUYERS = 400  # checkout allows 10 a minute per buyer: 10/s needs at least 60
# An admin edit every this many seconds (BENCH_EDIT_SECONDS; 0: none).
EDIT_SECONDS = float(os.environ.get("BENCH_EDIT_SECONDS", "5"))
TO_SELL = 2000  # products in stock that buyers pick from
# A sale running through the whole run, the selling runs among the rest (BENCH_SALE=0:
# none): 20% off the first third of the categories, made before the server starts, so
# every figure is a shop in a sale in its steady state. A build without sales (no table)
# runs without one.
SALE = os.environ.get("BENCH_SALE", "1") != "0"


def prepare(seed: int = 30) -> dict:
    """Buyers (with an address), an admin, tokens for each, and products with stock.

    The database may be another build's (bench/run.py --serve-root): users and products
    are read and written through columns every build's schema has, and a build without
    variants sells products, `(product_id, None)`."""
    from django.conf import settings
    from django.contrib.auth.hashers import make_password
    from django.db import connection

    from accounts.models import User
    from accounts.services import user_issue_token
    from catalog.models import Product, Variant

    password = make_password("Bench-Buyer-2026!")
    existing = set(
        User.objects.filter(email__startswith="bench-buyer").values_list("email", flat=True)
    )
    User.objects.bulk_create(
        [
            User(
                email=f"bench-buyer{n}@example.com",
                name=f"Bench Buyer {n}",
                phone="9845012345",
                address=f"{n} MG Road, Bengaluru 560001",
                password=password,
            )
            for n in range(BUYERS)
            if f"bench-buyer{n}@example.com" not in existing
        ]
    )
    buyers = [
        user_issue_token(user=u) for u in User.objects.filter(email__startswith="bench-buyer")
    ]
    admin = User.objects.filter(email="bench-admin@example.com").first()
    if admin is None:
        admin = User.objects.create_user(
            "bench-admin@example.com", "Bench-Admin-2026!", name="Bench Admin", role=1
        )
    rng = random.Random(seed)
    # The buyers pay cash on delivery (the checkout's default), which the shop refuses
    # above COD_LIMIT: they pick what it may pay for, so a cart of two stays under it.
    # The same pick for every build (a build before the limit placed such carts).
    cod_price = settings.COD_LIMIT // 2
    variants = Variant._meta.db_table in connection.introspection.table_names()
    if variants:
        # What is sold is a variant (a size of a kurta, a case in one colour).
        in_stock = Variant.objects.filter(quantity__gte=50, price__lte=cod_price)
        ids = list(in_stock.values_list("product_id", "pk")[:50_000])
    else:  # a build before variants: a product is what is sold
        in_stock = Product.objects.filter(quantity__gte=50, price__lte=cod_price)
        ids = [(pk, None) for pk in in_stock.values_list("pk", flat=True)[:50_000]]
    products = rng.sample(ids, min(TO_SELL, len(ids)))
    edited = [pk for pk, _ in rng.sample(ids, min(200, len(ids)))]
    edits = list(Product.objects.filter(pk__in=edited).values_list("pk", "slug"))
    return {
        "sale": _sale(connection) if SALE else None,
        "sells": "variants" if variants else "products",
        "buyers": buyers,
        "admin": user_issue_token(user=admin),
        "products": products,
        "edits": edits,
    }


def _sale(connection) -> str | None:
    """The bench's sale, made afresh (an earlier run's is deleted): its name, or None
    when the build has no sales."""
    from datetime import timedelta

    from django.db import transaction
    from django.utils import timezone

    from catalog.models import Product

    try:
        from promotions.models import Sale
    except ImportError:
        return None
    if Sale._meta.db_table not in connection.introspection.table_names():
        return None
    categories = sorted(set(Product.objects.order_by().values_list("category_id", flat=True)))
    now = timezone.now()
    with transaction.atomic():  # its signal tells the servers, after the commit
        Sale.objects.filter(name="Bench Sale").delete()
        Sale.objects.create(
            name="Bench Sale",
            kind="percent",
            value=20,
            categories=categories[: max(1, len(categories) // 3)],
            starts_at=now - timedelta(minutes=1),
            ends_at=now + timedelta(hours=3),
        )
    return "20% off a third of the categories"


class Seller:
    """Orders at `rate` a second and an admin edit every EDIT_SECONDS, from start() to
    stop(); `summary()` says what was sent and how it went."""

    def __init__(self, base: str, people: dict, rate: float, *, edit_seconds=EDIT_SECONDS):
        self.base = base
        self.people = people
        self.rate = rate
        self.edit_seconds = edit_seconds
        self.rng = random.Random(7)
        self.stop_event = threading.Event()
        self.lock = threading.Lock()
        self.checkouts: list[tuple[int, float]] = []  # (status, seconds)
        self.edits: list[tuple[int, float]] = []
        self.pool = ThreadPoolExecutor(max_workers=64)
        self.thread: threading.Thread | None = None
        self.local = threading.local()

    def _session(self) -> requests.Session:
        if not hasattr(self.local, "session"):
            self.local.session = requests.Session()
        return self.local.session

    def _timed(self, into: list, send) -> None:
        started = time.monotonic()
        try:
            status = send().status_code
        except requests.RequestException:
            status = 0
        with self.lock:
            into.append((status, time.monotonic() - started))

    def _checkout(self, buyer: str, cart: list[dict]) -> None:
        self._timed(
            self.checkouts,
            lambda: self._session().post(
                f"{self.base}/api/v1/orders/checkout",
                json={"cart": cart},
                headers={"Authorization": f"Bearer {buyer}"},
                timeout=30,
            ),
        )

    def _edit(self, product: tuple) -> None:
        """As the admin panel does it: read the product, send it back with one change and
        the `updatedAt` it read (a sale in between is a 409, counted as such)."""
        pk, slug = product

        def send():
            session = self._session()
            shown = session.get(f"{self.base}/api/v1/product/get-product/{slug}", timeout=30)
            item = shown.json()["product"]
            words = item["description"].split()
            self.rng.shuffle(words)  # the same words in another order: a real edit
            return session.put(
                f"{self.base}/api/v1/product/update-product/{pk}",
                data={
                    "name": item["name"],
                    "description": " ".join(words),
                    # The stored price (while a sale runs `price` is the sale price).
                    "price": str(item.get("regularPrice", item["price"])),
                    "quantity": str(item["quantity"]),
                    "category": item["category"]["_id"],
                    "shipping": str(item["shipping"]),
                    "updatedAt": item["updatedAt"],
                },
                headers={"Authorization": f"Bearer {self.people['admin']}"},
                timeout=30,
            )

        self._timed(self.edits, send)

    def _run(self) -> None:
        interval = 1.0 / self.rate if self.rate else None
        started = time.monotonic()
        next_sale = started
        next_edit = started + self.edit_seconds / 2
        buyers = self.people["buyers"]
        products = self.people["products"]
        n = 0
        while not self.stop_event.is_set():
            now = time.monotonic()
            if interval is not None and now >= next_sale:
                lines = self.rng.sample(products, self.rng.choice((1, 1, 2)))
                cart = [
                    {"_id": pk, **({} if variant is None else {"variant": variant}), "quantity": 1}
                    for pk, variant in lines
                ]
                self.pool.submit(self._checkout, buyers[n % len(buyers)], cart)
                n += 1
                next_sale += interval
            if self.edit_seconds and now >= next_edit:
                self.pool.submit(self._edit, self.rng.choice(self.people["edits"]))
                next_edit += self.edit_seconds
            # The next thing due; with no edits (BENCH_EDIT_SECONDS=0) next_edit never
            # moves, and waiting for it spun a core of this machine.
            due = [t for t, on in ((next_sale, interval), (next_edit, self.edit_seconds)) if on]
            self.stop_event.wait(max(0.0, min(due) - time.monotonic()) if due else None)

    def start(self) -> None:
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.stop_event.set()
        if self.thread is not None:
            self.thread.join()
        self.pool.shutdown(wait=True)

    def summary(self) -> dict:
        def stats(sent: list[tuple[int, float]]) -> dict:
            times = sorted(seconds for _, seconds in sent)
            ok = sum(1 for status, _ in sent if 200 <= status < 300)

            def pct(p):
                return round(times[min(len(times) - 1, int(p * len(times)))] * 1000, 1)

            return {
                "sent": len(sent),
                "ok": ok,
                "statuses": sorted({status for status, _ in sent}),
                "p50_ms": pct(0.50) if times else None,
                "p99_ms": pct(0.99) if times else None,
            }

        return {
            "rate": self.rate,
            "sale": self.people.get("sale"),
            "checkouts": stats(self.checkouts),
            "edits": stats(self.edits),
        }
