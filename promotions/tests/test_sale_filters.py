"""Filters by price while sales run, on the indexes (catalog.selectors.sale_filters),
held to a reference worked out in Python from the rules: random catalogues, sales on
categories and the whole shop, random bands, orders and pages; the totals from the held
price counts and from the database alike. A sale naming products takes the SQL path and
gives the same answers."""

import random
from datetime import timedelta
from decimal import Decimal

import pytest
from django.utils import timezone

from catalog.models import Product
from catalog.selectors import price_counts
from catalog.selectors.products import product_filter
from catalog.tests.factories import CategoryFactory, ProductFactory
from promotions.models import Sale
from promotions.pricing import in_force, schedule_load

D = Decimal


@pytest.fixture
def catalogue(db, settings):
    settings.PRODUCTS_PER_PAGE = 4
    rng = random.Random(11)
    categories = [CategoryFactory(name=f"Shelf {n}") for n in range(4)]
    start = timezone.now() - timedelta(days=3)
    products = []
    for n in range(40):
        price = D(rng.choice([99, 199, 249.5, 250, 333.33, 500, 625, 999, 1000, 1250]))
        products.append(
            ProductFactory(
                name=f"Item {n}",
                price=price.quantize(D("0.01")),
                category=categories[n % 4],
                created_at=start + timedelta(minutes=rng.randint(0, 5000)),
            )
        )
    return categories, [Product.objects.get(pk=p.pk) for p in products]  # as stored


def _reference(products, running, category_ids, low, high, sort):
    rows = []
    for p in products:
        if category_ids and p.category_id not in category_ids:
            continue
        shown = in_force(p.price, p.pk, p.category_id, running).price
        if (low is None or shown >= low) and (high is None or shown <= high):
            rows.append((shown, p.created_at, p.pk))
    if sort == "price-asc":
        rows.sort(key=lambda r: (r[0], -r[1].timestamp(), -r[2]))
    elif sort == "price-desc":
        rows.sort(key=lambda r: (-r[0], -r[1].timestamp(), -r[2]))
    else:
        rows.sort(key=lambda r: (-r[1].timestamp(), -r[2]))
    return [pk for *_, pk in rows]


def _sales(categories, *, products=()):
    now = timezone.now()
    window = {"starts_at": now - timedelta(hours=1), "ends_at": now + timedelta(hours=1)}
    Sale.objects.create(
        name="Shelves", kind="percent", value=D("25"), categories=[categories[0].pk], **window
    )
    Sale.objects.create(
        name="Two shelves",
        kind="amount",
        value=D("300"),
        categories=[categories[0].pk, categories[2].pk],
        **window,
    )
    Sale.objects.create(name="Shop", kind="percent", value=D("5"), **window)
    if products:
        Sale.objects.create(
            name="Picked", kind="percent", value=D("50"), products=list(products), **window
        )


@pytest.mark.parametrize("counts_held", [True, False])
@pytest.mark.parametrize("named_products", [False, True])
def test_filters_under_sales_match_the_rules(
    catalogue, settings, django_capture_on_commit_callbacks, counts_held, named_products
):
    categories, products = catalogue
    if not counts_held:
        settings.CATALOG_CACHE_SECONDS = 0
    with django_capture_on_commit_callbacks(execute=True):
        _sales(categories, products=[products[3].pk, products[7].pk] if named_products else ())
    running = schedule_load().running()
    assert (price_counts.held() is not None) is counts_held
    rng = random.Random(5)
    bands = [(None, None), (200, 500), (0, 199), (700, None), (None, 250), (187.5, 187.5)]
    for _ in range(60):
        chosen = rng.sample(categories, rng.randint(0, 2))
        category_ids = [c.pk for c in chosen]
        low, high = rng.choice(bands)
        low = None if low is None else D(str(low))
        high = None if high is None else D(str(high))
        sort = rng.choice(["newest", "price-asc", "price-desc"])
        expected = _reference(products, running, category_ids, low, high, sort)
        if low is None and high is None and sort == "newest":
            continue  # reads no price: the indexed path without sales
        for page in (1, 2, 3):
            rows, total = product_filter(
                category_ids=category_ids, low=low, high=high, page=page, sort=sort
            )
            assert total == len(expected), (category_ids, low, high, sort)
            assert [r.pk for r in rows] == expected[(page - 1) * 4 : page * 4], (
                category_ids,
                low,
                high,
                sort,
                page,
            )
