"""Fifty orders shipped at the same moment get the invoice numbers 1 to 50 of the year,
each once, none skipped: real threads send real HTTP requests to a real gunicorn (gthread
workers, one database connection per thread) on a SQLite file, or on PostgreSQL when the
tests run on it. The year's sequence row does not exist yet, so the fifty also race to
create it. Invoices in Indian scripts downloaded at the same moment from fresh workers
are each drawn whole (shaping writes to the fonts every thread of a worker shares)."""

import json
import re
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
import requests

from orders.tests.test_invoices_scripts import SAMPLES, embedded_fonts, read_text
from shop.tests.live_gunicorn import gunicorn_server, together

pytestmark = pytest.mark.django_db(transaction=True)

ORDERS = 50
# Every shipment in flight at once: two workers of 25 threads.
SERVER = {"WEB_CONCURRENCY": "2", "GUNICORN_THREADS": "25", "TASKS_IN_PROCESS": "false"}

SEED = """
import json
from decimal import Decimal
from accounts.models import User
from accounts.services import user_issue_token
from catalog.models import Category, Product
from catalog.variants import give_single_variants
from orders.models import Order
from orders.services import order_checkout
category = Category.objects.create(name="Audio", slug="audio")
product = Product.objects.create(
    name="Speaker", slug="speaker", description="Loud.", price=Decimal("999.00"),
    quantity=1000, category=category,
)
give_single_variants([product.pk])
buyer = User.objects.create_user("buyer@example.com", "Shop-Pass-2026!", name="Buyer",
                                 address="1 Main Rd, Bengaluru 560001")
admin = User.objects.create_user("admin@example.com", "Shop-Pass-2026!", name="Admin",
                                 role=User.Role.ADMIN)
orders = [order_checkout(buyer=buyer, cart=[{"_id": product.pk, "quantity": 1}])[0].pk
          for _ in range(%(orders)d)]
Order.objects.filter(pk__in=orders).update(status="Processing")
print(json.dumps({"orders": orders, "admin": user_issue_token(user=admin),
                  "buyer": user_issue_token(user=buyer)}))
"""

NUMBERS = """
import json
from orders.models import Invoice, InvoiceSequence, Order
print(json.dumps({
    "invoices": list(Invoice.objects.values_list("order_id", "serial", "number")),
    "orders": dict(Order.objects.values_list("pk", "invoice_number")),
    "sequences": list(InvoiceSequence.objects.values_list("kind", "last")),
}))
"""


def _last_json(output: str) -> dict:
    return json.loads(output.strip().splitlines()[-1])


def test_fifty_parallel_shipments_get_fifty_consecutive_numbers(tmp_path):
    with gunicorn_server(tmp_path, **SERVER) as server:
        seed = _last_json(server.manage("shell", "-c", SEED % {"orders": ORDERS}))
        barrier = threading.Barrier(ORDERS)
        headers = {"Authorization": f"Bearer {seed['admin']}"}

        def ship(order_id):
            barrier.wait()
            return requests.put(
                f"{server.url}/api/v1/auth/order-status/{order_id}",
                json={"status": "Shipped"},
                headers=headers,
                timeout=120,
            )

        with ThreadPoolExecutor(max_workers=ORDERS) as pool:
            answers = list(pool.map(ship, seed["orders"]))
        assert [answer.status_code for answer in answers] == [200] * ORDERS

        found = _last_json(server.manage("shell", "-c", NUMBERS))
        serials = sorted(serial for _, serial, _ in found["invoices"])
        assert serials == list(range(1, ORDERS + 1))
        numbers = [number for _, _, number in found["invoices"]]
        assert len(set(numbers)) == ORDERS
        assert all(re.match(r"^SS/\d{4}/0000\d\d$", number) for number in numbers)
        assert all(int(number[-6:]) == serial for _, serial, number in found["invoices"])
        assert sorted(order for order, _, _ in found["invoices"]) == sorted(seed["orders"])
        # Each order carries its own invoice's number.
        by_order = {str(order): number for order, _, number in found["invoices"]}
        assert found["orders"] == by_order
        assert found["sequences"] == [["invoice", ORDERS]]

        # The web process draws the PDF itself when the job has not run.
        first = seed["orders"][0]
        answer = requests.get(
            f"{server.url}/api/v1/orders/{first}/invoice",
            headers={"Authorization": f"Bearer {seed['buyer']}"},
            timeout=60,
        )
        assert answer.status_code == 200
        assert answer.headers["Content-Type"] == "application/pdf"
        assert answer.content.startswith(b"%PDF-")


INDIC_SEED = """
import json
from decimal import Decimal
from accounts.models import User
from accounts.services import user_issue_token
from catalog.models import Category, Product
from catalog.variants import give_single_variants
from orders.models import Order
from orders.services import order_checkout, order_set_status
category = Category.objects.create(name="Audio", slug="audio")
product = Product.objects.create(
    name="Speaker", slug="speaker", description="Loud.", price=Decimal("999.00"),
    quantity=1000, category=category,
)
give_single_variants([product.pk])
buyer = User.objects.create_user("buyer@example.com", "Shop-Pass-2026!", name="Buyer",
                                 address="1 Main Rd, Bengaluru 560001")
names = json.loads(%(names)r)
orders = {}
for name in names:
    order = order_checkout(buyer=buyer, cart=[{"_id": product.pk, "quantity": 1}])[0]
    address = {"name": name, "line1": name + " 7", "city": "Bengaluru", "state": "Karnataka",
               "stateCode": "29", "pincode": "560001", "phone": "9876543210"}
    Order.objects.filter(pk=order.pk).update(status="Processing", shipping_address=address)
    order_set_status(order_id=order.pk, status="Shipped")
    orders[name] = order.pk
print(json.dumps({"orders": orders, "buyer": user_issue_token(user=buyer)}))
"""


def test_invoices_in_indian_scripts_drawn_at_the_same_moment_are_each_whole(tmp_path):
    names = [SAMPLES[script] for script in sorted(SAMPLES)]
    with gunicorn_server(tmp_path, **SERVER) as server:
        seed = _last_json(server.manage("shell", "-c", INDIC_SEED % {"names": json.dumps(names)}))
        headers = {"Authorization": f"Bearer {seed['buyer']}"}

        def download(order_id):
            return lambda: requests.get(
                f"{server.url}/api/v1/orders/{order_id}/invoice", headers=headers, timeout=120
            )

        # The jobs have not run: each download draws its PDF, all at once.
        answers = together([download(seed["orders"][name]) for name in names])
        assert [answer.status_code for answer in answers] == [200] * len(names)
        for script, name, answer in zip(sorted(SAMPLES), names, answers):
            text = read_text(answer.content)
            assert name in text and f"{name} 7" in text, (name, text)
            assert "\ufffd" not in text and "\uffff" not in text
            assert f"NotoSans{script}-Regular" in embedded_fonts(answer.content)
