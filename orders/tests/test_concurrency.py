"""Twenty shoppers press Place Order at the same moment for the last five units of one
size: exactly five orders are placed, that size's stock ends at 0, never below, and the
other size and the product's total are what they should be. Real threads send real HTTP
requests to a live server with one database connection per request thread.

On PostgreSQL the server is pytest-django's live server (each of its request threads has
its own connection). The SQLite test database lives in memory and pytest-django's live
server shares that one connection between its threads, which no production server does;
on SQLite the journey therefore runs against `manage.py runserver` (threaded) on a SQLite
file, the way the shop runs by default."""

import json
import os
import socket
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from decimal import Decimal
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection

BUYERS = 20
STOCK = 5
OTHER_SIZE = 7
ROOT = Path(settings.BASE_DIR)
PORTS = range(1500, 1600)  # this suite's port range


def _checkout_all(base_url: str, product_id: int, variant_id: int, tokens: list[str]) -> list[int]:
    """Every buyer POSTs checkout at once (a barrier releases all threads together)."""
    barrier = threading.Barrier(len(tokens))
    cart = [{"_id": product_id, "variant": str(variant_id), "quantity": 1}]

    def buy(token):
        request = urllib.request.Request(
            f"{base_url}/api/v1/orders/checkout",
            data=json.dumps({"cart": cart}).encode(),
            headers={"Content-Type": "application/json", "Authorization": f"Bearer {token}"},
            method="POST",
        )
        barrier.wait()
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                return response.status
        except urllib.error.HTTPError as error:
            return error.code

    with ThreadPoolExecutor(max_workers=len(tokens)) as pool:
        return list(pool.map(buy, tokens))


def _free_port() -> int:
    for port in PORTS:
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) != 0:
                return port
    raise RuntimeError("No free port in this suite's range")


SEED = """
import json
from decimal import Decimal
from rest_framework_simplejwt.tokens import AccessToken
from accounts.models import User
from catalog.models import Category
from catalog.services import product_create
category = Category.objects.create(name="Clothing", slug="clothing")
product = product_create(
    name="Last Kurta", description="Five left in S.", price=Decimal("999.00"), quantity=0,
    category=category, options=[{"name": "Size", "values": ["S", "M"]}],
    variants=[{"options": {"Size": "S"}, "quantity": %(stock)d},
              {"options": {"Size": "M"}, "quantity": %(other)d}],
)
small = product.variants.get(sku__endswith="-1")
tokens = [
    str(AccessToken.for_user(User.objects.create_user(
        f"buyer{n}@example.com", "Shop-Pass-2026!", name=f"Buyer {n}",
        address="1 Main Rd, Bengaluru 560001",
    )))
    for n in range(%(buyers)d)
]
print(json.dumps({"product": product.pk, "variant": small.pk, "tokens": tokens}))
"""


def _run_on_sqlite_file(tmp_path) -> tuple[list[int], int, int, list]:
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{tmp_path / 'shop.sqlite3'}",
        "DEBUG": "false",
        "SECRET_KEY": "test-only-secret-key-that-is-long-enough-for-hs256-signing",
        "ALLOWED_HOSTS": "127.0.0.1",
        "CACHE_DIR": str(tmp_path / "cache"),
        "THROTTLE_CHECKOUT": "1000/min",
        "LOG_LEVEL": "ERROR",
    }
    manage = [sys.executable, str(ROOT / "manage.py")]
    subprocess.run([*manage, "migrate", "--noinput", "-v", "0"], env=env, check=True, cwd=ROOT)
    seeded = subprocess.run(
        [*manage, "shell", "-c", SEED % {"stock": STOCK, "other": OTHER_SIZE, "buyers": BUYERS}],
        env=env,
        check=True,
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    data = json.loads(seeded.stdout.strip().splitlines()[-1])
    port = _free_port()
    server = subprocess.Popen(
        [*manage, "runserver", f"127.0.0.1:{port}", "--noreload"],
        env=env,
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2)
                break
            except (urllib.error.URLError, ConnectionError):
                if time.monotonic() > deadline or server.poll() is not None:
                    raise
                time.sleep(0.2)
        codes = _checkout_all(
            f"http://127.0.0.1:{port}", data["product"], data["variant"], data["tokens"]
        )
    finally:
        server.terminate()
        server.wait(timeout=10)
    with sqlite3.connect(tmp_path / "shop.sqlite3") as db:
        (total,) = db.execute("SELECT quantity FROM catalog_product").fetchone()
        sizes = dict(db.execute("SELECT sku, quantity FROM catalog_variant").fetchall())
        (orders,) = db.execute("SELECT count(*) FROM orders_order").fetchone()
        lines = db.execute("SELECT quantity, sku FROM orders_orderline").fetchall()
    stock = [sizes[f"SS-{data['product']}-1"], sizes[f"SS-{data['product']}-2"], total]
    return codes, stock, orders, lines


def _run_on_live_server(request) -> tuple[list[int], int, int, list]:
    from rest_framework_simplejwt.tokens import AccessToken

    from accounts.tests.factories import UserFactory
    from catalog.tests.factories import ProductFactory
    from orders.models import Order, OrderLine

    live_server = request.getfixturevalue("live_server")
    product = ProductFactory(
        price=Decimal("999.00"),
        options=[{"name": "Size", "values": ["S", "M"]}],
        variants=[
            {"options": {"Size": "S"}, "quantity": STOCK},
            {"options": {"Size": "M"}, "quantity": OTHER_SIZE},
        ],
    )
    small, medium = product.variants.order_by("position")
    tokens = [str(AccessToken.for_user(UserFactory())) for _ in range(BUYERS)]
    codes = _checkout_all(live_server.url, product.pk, small.pk, tokens)
    product.refresh_from_db()
    small.refresh_from_db()
    medium.refresh_from_db()
    lines = list(OrderLine.objects.values_list("quantity", "sku"))
    return codes, [small.quantity, medium.quantity, product.quantity], Order.objects.count(), lines


@pytest.mark.django_db(transaction=True)
def test_twenty_buyers_for_the_last_five_of_a_size_make_exactly_five_orders(request, tmp_path):
    if connection.vendor == "sqlite":
        codes, stock, orders, lines = _run_on_sqlite_file(tmp_path)
    else:
        codes, stock, orders, lines = _run_on_live_server(request)
    assert sorted(codes) == [201] * STOCK + [409] * (BUYERS - STOCK), codes
    assert stock == [0, OTHER_SIZE, OTHER_SIZE]  # S sold out, M untouched, the sum follows
    assert orders == STOCK
    assert [quantity for quantity, _ in lines] == [1] * STOCK
    assert {sku for _, sku in lines} == {lines[0][1]} and lines[0][1].endswith("-1")
