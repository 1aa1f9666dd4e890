"""A sale starts and ends on the clock alone, seen through the shared cache by every
server process: a real gunicorn with two workers (each with its own local layer and
schedule) on the real Redis, and the answers asked for many times over so both workers
answer. Nothing edits the catalogue between the three phases; the prices, the sale, the
filter by price and the price order change at the start and at the end."""

import json
import time

import pytest
import requests

from shop.tests.live_gunicorn import gunicorn_server

pytestmark = pytest.mark.django_db(transaction=True)

REDIS = "redis://127.0.0.1:6379/13"
ASKS = 12  # each answer asked for this many times: both workers answer some

SEED = """
import json
from datetime import timedelta
from decimal import Decimal
from django.utils import timezone
from catalog.models import Category
from catalog.services import product_create
from promotions.models import Sale
lamps = Category.objects.create(name="Lamps", slug="lamps")
lamp = product_create(
    name="Brass Lamp", description="Warm light.", price=Decimal("1000"), quantity=50,
    category=lamps,
)
other = product_create(
    name="Steel Lamp", description="Cool light.", price=Decimal("900"), quantity=50,
    category=Category.objects.create(name="Desks", slug="desks"),
)
starts = timezone.now() + timedelta(seconds=%(lead)d)
Sale.objects.create(
    name="Diwali Sale", kind="percent", value=Decimal("25"), categories=[lamps.pk],
    starts_at=starts, ends_at=starts + timedelta(seconds=%(length)d),
)
print(json.dumps({"lamp": lamp.slug, "starts": starts.timestamp(), "length": %(length)d}))
"""

LEAD, LENGTH = 8, 6


def _answers(server, slug):
    """The product page, a price band around 750 and the price order, many times."""
    seen = set()
    for _ in range(ASKS):
        product = requests.get(f"{server.url}/api/v1/product/get-product/{slug}", timeout=30)
        band = requests.post(
            f"{server.url}/api/v1/product/product-filters",
            json={"checked": [], "radio": [700, 800], "page": 1},
            timeout=30,
        )
        order = requests.post(
            f"{server.url}/api/v1/product/product-filters",
            json={"checked": [], "radio": [], "page": 1, "sort": "price-asc"},
            timeout=30,
        )
        item = product.json()["product"]
        seen.add(
            (
                item["price"],
                item["regularPrice"],
                (item["sale"] or {}).get("name"),
                tuple(p["name"] for p in band.json()["products"]),
                tuple(p["name"] for p in order.json()["products"]),
            )
        )
    return seen


def _until(moment: float) -> None:
    time.sleep(max(0.0, moment - time.time()))


def test_a_sale_starts_and_ends_on_time_in_every_cached_answer(tmp_path):
    with gunicorn_server(
        tmp_path,
        WEB_CONCURRENCY="2",
        GUNICORN_THREADS="4",
        REDIS_URL=REDIS,  # its keys are namespaced by the test's own database
    ) as server:
        seeded = json.loads(
            server.manage("shell", "-c", SEED % {"lead": LEAD, "length": LENGTH})
            .strip()
            .splitlines()[-1]
        )
        starts, slug = seeded["starts"], seeded["lamp"]
        before = _answers(server, slug)
        assert time.time() < starts, "the first phase ran into the sale; raise LEAD"
        _until(starts + 0.3)
        during = _answers(server, slug)
        assert time.time() < starts + LENGTH, "the sale ended while asking; raise LENGTH"
        _until(starts + LENGTH + 0.3)
        after = _answers(server, slug)
    assert before == {(1000, 1000, None, (), ("Steel Lamp", "Brass Lamp"))}
    assert during == {(750, 1000, "Diwali Sale", ("Brass Lamp",), ("Brass Lamp", "Steel Lamp"))}
    assert after == before
