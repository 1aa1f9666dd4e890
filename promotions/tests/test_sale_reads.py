"""What shoppers read while a sale runs, in one process: every product answer's price in
force, regular price and sale (cached and not), the filter by price and the price order
on the price in force, the option facets of a band, the server-rendered page and its
JSON-LD; and the cache's version, which moves once at a sale's start and once at its end
and never between."""

from datetime import UTC, timedelta
from decimal import Decimal

import pytest
from django.utils import timezone

from catalog import prices
from catalog.cache.versions import _in_force
from catalog.tests.factories import CategoryFactory, ProductFactory
from promotions.models import Sale
from promotions.pricing import SaleRule, Schedule
from shop.tests.test_seo_pages import fetch

BASE = "/api/v1/product"
FILTERS = f"{BASE}/product-filters"
D = Decimal


@pytest.fixture
def lamps(db):
    return CategoryFactory(name="Lamps")


@pytest.fixture
def shelf(lamps):
    """A lamp in the sale's category (1,000), another outside it (900), a shirt sold in two
    sizes (clothing: its rate follows the price)."""
    lamp = ProductFactory(name="Brass Lamp", price=D("1000.00"), category=lamps)
    desk = ProductFactory(name="Steel Lamp", price=D("900.00"))
    return lamp, desk


def _sale(django_capture_on_commit_callbacks, **fields):
    now = timezone.now()
    values = {
        "name": "Diwali Sale",
        "kind": "percent",
        "value": D("25"),
        "starts_at": now - timedelta(minutes=1),
        "ends_at": now + timedelta(hours=2),
        **fields,
    }
    with django_capture_on_commit_callbacks(execute=True):
        return Sale.objects.create(**values)


def test_a_product_answer_shows_the_price_in_force(
    anon_api, shelf, lamps, django_capture_on_commit_callbacks
):
    lamp, desk = shelf
    # Cached before the sale: the sale's write is seen at once all the same.
    assert anon_api.get(f"{BASE}/get-product/{lamp.slug}").json()["product"]["price"] == 1000
    sale = _sale(django_capture_on_commit_callbacks, categories=[lamps.pk])
    item = anon_api.get(f"{BASE}/get-product/{lamp.slug}").json()["product"]
    assert (item["price"], item["regularPrice"]) == (750, 1000)
    assert item["sale"] == {
        "name": "Diwali Sale",
        "endsAt": sale.ends_at.astimezone(UTC).isoformat().replace("+00:00", "Z"),
    }
    assert [(v["price"], v["regularPrice"]) for v in item["variants"]] == [(750, 1000)]
    other = anon_api.get(f"{BASE}/get-product/{desk.slug}").json()["product"]
    assert (other["price"], other["regularPrice"], other["sale"]) == (900, 900, None)
    # Every list shows it: the newest, search, the category's page.
    listed = anon_api.get(f"{BASE}/product-list/1").json()["products"]
    assert {p["name"]: p["price"] for p in listed} == {"Brass Lamp": 750, "Steel Lamp": 900}
    found = anon_api.get(f"{BASE}/search/brass").json()
    assert [(p["name"], p["price"], p["sale"]["name"]) for p in found] == [
        ("Brass Lamp", 750, "Diwali Sale")
    ]
    category = anon_api.get(f"{BASE}/product-category/{lamps.slug}").json()["products"]
    assert [p["price"] for p in category] == [750]
    # Paused: the regular price at once.
    with django_capture_on_commit_callbacks(execute=True):
        Sale.objects.filter(pk=sale.pk).update(active=False)
        Sale.objects.get(pk=sale.pk).save()
    item = anon_api.get(f"{BASE}/get-product/{lamp.slug}").json()["product"]
    assert (item["price"], item["sale"]) == (1000, None)


def test_filters_and_the_price_order_read_the_price_in_force(
    anon_api, shelf, lamps, django_capture_on_commit_callbacks
):
    def names(body):
        return [p["name"] for p in anon_api.post(FILTERS, body).json()["products"]]

    band = {"checked": [], "radio": [700, 800], "page": 1}
    by_price = {"checked": [], "radio": [], "page": 1, "sort": "price-asc"}
    assert names(band) == [] and names(by_price) == ["Steel Lamp", "Brass Lamp"]
    _sale(django_capture_on_commit_callbacks, categories=[lamps.pk])
    assert names(band) == ["Brass Lamp"]
    assert anon_api.post(FILTERS, band).json()["total"] == 1
    assert names({**band, "radio": [950, 1100]}) == []  # its regular price no longer counts
    assert names(by_price) == ["Brass Lamp", "Steel Lamp"]
    assert names({**by_price, "sort": "price-desc"}) == ["Steel Lamp", "Brass Lamp"]
    assert names({"checked": [lamps.pk], "radio": [700, 800]}) == ["Brass Lamp"]  # no page
    facets = anon_api.post(f"{BASE}/option-facets", {"checked": [], "radio": [700, 800]})
    assert facets.status_code == 200


def test_a_clothing_rate_follows_the_sale_price(anon_api, django_capture_on_commit_callbacks):
    clothing = CategoryFactory(
        name="Kurtas", gst_rate=5, gst_threshold=D("2500"), gst_rate_above=18
    )
    kurta = ProductFactory(name="Silk Kurta", price=D("3000.00"), category=clothing)
    assert anon_api.get(f"{BASE}/get-product/{kurta.slug}").json()["product"]["gstRate"] == 18
    _sale(django_capture_on_commit_callbacks, kind="amount", value=D("600"))
    item = anon_api.get(f"{BASE}/get-product/{kurta.slug}").json()["product"]
    assert (item["price"], item["gstRate"], item["variants"][0]["gstRate"]) == (2400, 5, 5)


def test_the_page_strikes_the_regular_price_and_names_the_sale(
    client, shelf, lamps, django_capture_on_commit_callbacks
):
    lamp, _ = shelf
    sale = _sale(django_capture_on_commit_callbacks, categories=[lamps.pk])
    page = fetch(client, f"/product/{lamp.slug}")
    offer = page.ld("Product")["offers"]
    assert offer["price"] == "750.00"
    assert offer["priceSpecification"]["price"] == "1000.00"  # the list price
    assert offer["priceValidUntil"] == timezone.localtime(sale.ends_at).date().isoformat()
    html = client.get(f"/product/{lamp.slug}").content.decode()
    assert 'data-testid="was">Was <s>₹1,000</s>' in html
    assert "Diwali Sale, ends" in html


def _rule(start, end):
    return SaleRule(1, "Sale", "percent", D("10"), frozenset(), frozenset(), start, end)


def test_the_version_moves_once_at_a_sales_start_and_once_at_its_end(monkeypatch):
    now = timezone.now()
    start, end = now + timedelta(hours=1), now + timedelta(hours=3)
    prices._held.reset(Schedule([_rule(start, end)]))
    stored = str(int(now.timestamp()) * 10**9)
    seen = []
    for minutes in (0, 30, 59, 61, 90, 179, 181, 240, 600):
        moment = now + timedelta(minutes=minutes)
        monkeypatch.setattr(timezone, "now", lambda moment=moment: moment)
        seen.append(_in_force(stored, None))
    assert len(set(seen)) == 3
    assert seen[:3] == [stored] * 3
    assert seen[3:6] == [str(int(start.timestamp() * 1_000_000) * 1000)] * 3
    assert seen[6:] == [str(int(end.timestamp() * 1_000_000) * 1000)] * 3
    # A write after the end moves it past both.
    later = str(int((end + timedelta(hours=1)).timestamp()) * 10**9)
    assert _in_force(later, None) == later


def test_another_process_loads_the_schedule_when_the_sales_version_moves(
    db, django_assert_num_queries
):
    prices._held.reset(prices.NO_SALES)
    with django_assert_num_queries(0):
        prices.schedule_seen(None)  # no news: what it holds
    with django_assert_num_queries(1):
        prices.schedule_seen("1234")  # a sale was written elsewhere: loaded once
    with django_assert_num_queries(0):
        prices.schedule_seen("1234")
