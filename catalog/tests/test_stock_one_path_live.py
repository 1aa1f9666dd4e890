"""Editors saving a product while shoppers buy it, with real processes and real threads:
a real gunicorn (two workers, eight threads each) on a SQLite file, or PostgreSQL when
the tests run on it. The editors leave the stock alone and change the description: through
the API (each save also storing a photo, the slow part of a save, before its
transaction), through the Django admin's product page (opened before the sales), and
through a CSV import of the catalogue as exported. No sale is undone by a save, and the
product's stock is its variants' sum afterwards."""

import csv
import json
import subprocess
import sys
import threading

import pytest
import requests

from catalog.tests.admin_forms import form_data
from catalog.tests.factories import jpeg_bytes
from shop.tests.live_gunicorn import ROOT, admin_session, gunicorn_server, together

pytestmark = pytest.mark.django_db(transaction=True)

STOCK = 100_000  # a variant; never sold out, however long the buyers keep buying
BUYERS = 10
EDITORS = 4
ROUNDS = 3
PASSWORD = "Shop-Pass-2026!"

SEED = f"""
import json
from decimal import Decimal
from accounts.models import User
from accounts.services import user_issue_token
from catalog.models import Category
from catalog.services import product_create
owner = User.objects.create_superuser("owner@example.com", "{PASSWORD}", name="Owner")
product = product_create(
    name="Race Tee", description="Sizes.", price=Decimal("499"), quantity=0,
    category=Category.objects.create(name="Clothing", slug="clothing"),
    options=[{{"name": "Size", "values": ["S", "M"]}}],
    variants=[
        {{"options": {{"Size": "S"}}, "quantity": {STOCK}}},
        {{"options": {{"Size": "M"}}, "quantity": {STOCK}}},
    ],
)
buyers = [
    User.objects.create_user(
        f"buyer{{n}}@example.com", "{PASSWORD}", name=f"Buyer {{n}}",
        address="12 MG Road, Bengaluru 560001",
    )
    for n in range({BUYERS})
]
print(json.dumps({{
    "token": user_issue_token(user=owner),
    "buyers": [user_issue_token(user=buyer) for buyer in buyers],
    "product": product.pk,
    "variants": list(product.variants.order_by("pk").values_list("pk", flat=True)),
}}))
"""

STATE = """
import json
from django.db import connection
from catalog.models import Product, Variant
from catalog.tests import parts
from orders.models import Order
p = Product.objects.get(name="Race Tee")
print(json.dumps({
    "quantity": p.quantity,
    "variants": sum(Variant.objects.filter(product=p).values_list("quantity", flat=True)),
    "ordered": Order.objects.count(),
    "description": p.description,
    "kept lists differ": parts.differing() if connection.vendor == "postgresql" else [],
}))
"""


def _server(tmp_path):
    return gunicorn_server(
        tmp_path, WEB_CONCURRENCY="2", GUNICORN_THREADS="8", THROTTLE_CHECKOUT="100000/min"
    )


def _seeded(server) -> dict:
    return json.loads(server.manage("shell", "-c", SEED).strip().splitlines()[-1])


def _state(server) -> dict:
    return json.loads(server.manage("shell", "-c", STATE).strip().splitlines()[-1])


def _buy(server, seeded, n):
    """Buyer n's checkout of one unit (of the one size or the other)."""
    variant = seeded["variants"][n % 2]
    cart = [{"_id": seeded["product"], "quantity": 1, "variant": variant}]

    def run():
        return requests.post(
            f"{server.url}/api/v1/orders/checkout",
            json={"cart": cart, "payment": "cod"},
            headers={"Authorization": f"Bearer {seeded['buyers'][n]}"},
            timeout=120,
        )

    return run


def _unsold(state, sold: int) -> None:
    """Every sale kept; on PostgreSQL, the variants and gallery kept on each product's
    row (triggers, catalog migration 0015) are its rows' after the saves and sales."""
    assert state["ordered"] == sold
    assert state["kept lists differ"] == []
    assert (state["quantity"], state["variants"]) == (2 * STOCK - sold, 2 * STOCK - sold)


def test_api_saves_while_shoppers_buy_undo_no_sale(tmp_path):
    with _server(tmp_path) as server:
        seeded = _seeded(server)
        photo = jpeg_bytes(width=1600, height=1200, color=(30, 90, 160))

        def edit(n):
            def run():
                return requests.put(
                    f"{server.url}/api/v1/product/update-product/{seeded['product']}",
                    data={"description": f"Sizes, saved by editor {n}."},
                    files={"photo": ("tee.jpg", photo, "image/jpeg")},
                    headers={"Authorization": f"Bearer {seeded['token']}"},
                    timeout=120,
                )

            return run

        sold = 0
        for _ in range(ROUNDS):
            answers = together(
                [edit(n) for n in range(EDITORS)] + [_buy(server, seeded, n) for n in range(BUYERS)]
            )
            edits, sales = answers[:EDITORS], answers[EDITORS:]
            assert [a.status_code for a in edits] == [200] * EDITORS, [a.text for a in edits]
            assert [a.status_code for a in sales] == [201] * BUYERS, [a.text for a in sales]
            sold += BUYERS

        _unsold(_state(server), sold)


def _signed_in(server) -> requests.Session:
    return admin_session(server, "owner@example.com", PASSWORD)


def test_admin_saves_of_a_page_opened_before_the_sales_undo_none(tmp_path):
    with _server(tmp_path) as server:
        seeded = _seeded(server)
        url = f"{server.url}/admin/catalog/product/{seeded['product']}/change/"
        sessions = [_signed_in(server) for _ in range(EDITORS)]

        sold = 0
        for round_ in range(ROUNDS):
            pages = [
                form_data(
                    session.get(url, timeout=60).text,
                    description=f"Sizes, saved by {n} in round {round_}.",
                )
                for n, session in enumerate(sessions)
            ]

            def save(session, data):
                return lambda: session.post(url, data=data, allow_redirects=False, timeout=120)

            answers = together(
                [save(session, page) for session, page in zip(sessions, pages, strict=True)]
                + [_buy(server, seeded, n) for n in range(BUYERS)]
            )
            saves, sales = answers[:EDITORS], answers[EDITORS:]
            assert [a.status_code for a in saves] == [302] * EDITORS, [a.text for a in saves]
            assert [a.status_code for a in sales] == [201] * BUYERS, [a.text for a in sales]
            sold += BUYERS

        _unsold(_state(server), sold)


def test_an_import_keeps_every_sale_made_after_its_check(tmp_path):
    """The catalogue is exported, its description and a variant's price changed (the
    stock as exported) and new products with photos added, then imported. Buyers start
    when the import has checked the file and is storing the photos (before its
    transaction; it says so on stderr), and keep buying until the import is done: every
    one of those sales stays."""
    plates = 200  # photos stored one by one: the import reports them every 50
    with _server(tmp_path) as server:
        seeded = _seeded(server)
        path, images = tmp_path / "catalogue.csv", tmp_path / "images"
        images.mkdir()
        server.manage("export_products", str(path))
        with open(path, encoding="utf-8-sig", newline="") as handle:
            reader = csv.DictReader(handle)
            header, rows = reader.fieldnames, list(reader)
        rows[0]["description"] = "Sizes, from the file."
        assert rows[0]["sku"] and rows[0]["price"] == "499.00"
        rows[0]["price"] = "479.00"  # a variant's change, its stock as exported
        for n in range(plates):
            (images / f"plate-{n}.jpg").write_bytes(jpeg_bytes(640, 480, color=(n, 100, 200 - n)))
            rows.append(
                {
                    **dict.fromkeys(header, ""),
                    "name": f"Plate {n}",
                    "slug": f"plate-{n}",
                    "description": "Enamel.",
                    "category": "Kitchen",
                    "photos": f"plate-{n}.jpg",
                    "price": "99",
                    "quantity": "5",
                }
            )
        with open(path, "w", encoding="utf-8", newline="") as handle:
            writer = csv.DictWriter(handle, fieldnames=header)
            writer.writeheader()
            writer.writerows(rows)

        checked, done = threading.Event(), threading.Event()

        def run_import():
            command = [sys.executable, "manage.py", "import_products", str(path)]
            try:
                process = subprocess.Popen(
                    [*command, "--images", str(images)],
                    cwd=ROOT,
                    env=server.env,
                    stdout=subprocess.PIPE,
                    stderr=subprocess.PIPE,
                )
                seen = b""
                while not checked.is_set():
                    chunk = process.stderr.read1(4096)
                    if not chunk:
                        break
                    seen += chunk
                    if b"photos" in seen:
                        checked.set()
                out, err = process.communicate(timeout=300)
                return process.returncode, out.decode(), (seen + err).decode()
            finally:
                checked.set()
                done.set()

        def keep_buying(n):
            buy = _buy(server, seeded, n)

            def run():
                assert checked.wait(timeout=300)
                answers = [buy()]
                while not done.is_set():
                    answers.append(buy())
                return answers

            return run

        answers = together([run_import] + [keep_buying(n) for n in range(BUYERS)])

        (code, out, err), sales = answers[0], [a for each in answers[1:] for a in each]
        assert code == 0, err
        assert "photos" in err and f"{plates} created, 1 updated" in out, (out, err)
        assert {a.status_code for a in sales} == {201}, [a.text for a in sales if not a.ok]
        state = _state(server)
        assert state["description"] == "Sizes, from the file."
        _unsold(state, len(sales))
