"""A search's answer depends on the catalogue and the query only (PostgreSQL). The
planner's statistics choose how a step is read (a window of the newest products, or every
match through an index), never what it answers: both read the newest
SEARCH_RANKED_MATCHES matches and rank those. So ANALYZE, which samples the table at
random and moves every estimate, never changes an answer on an unchanged catalogue."""

from datetime import timedelta

import pytest
from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.utils import timezone

from catalog.cache import layers, values
from catalog.models import Product
from catalog.tests.factories import CategoryFactory

pytestmark = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="the planner's statistics are PostgreSQL's"
)


def _forget() -> None:
    """What this process and the cache hold (answers, statistics), not the catalogue."""
    layers.local.clear()
    values._held.clear()
    cache.clear()


@pytest.fixture
def catalogue(db, settings):
    """Zebras named in the 40 oldest products and described in 700 of the newest 1,600:
    an old name match outranks a new description match, so an answer read from a window
    of the newest products alone would differ from one that ranks every match."""
    settings.SEARCH_RESULTS_LIMIT = 50
    settings.CATALOG_CACHE_SECONDS = 300
    category = CategoryFactory()
    now = timezone.now()
    rows = []
    for n in range(2_400):
        old = n < 40
        described = (n >= 800 and n % 2 == 0) or n >= 2_200
        rows.append(
            Product(
                name=f"Zebra Mug {n}" if old else f"Plain Mug {n}",
                slug=f"mug-{n}",
                description="A zebra print." if described else "A plain mug.",
                price=100 + n,
                quantity=5,
                category=category,
                created_at=now - timedelta(minutes=2_400 - n),
            )
        )
    Product.objects.bulk_create(rows)  # the database's triggers index them
    return category


def _search(api, word: str) -> list[str]:
    response = api.get(f"/api/v1/product/search/{word}")
    assert response.status_code == 200
    return [p["slug"] for p in response.json()]


@pytest.mark.parametrize("word", ["zebra", "zebra print", "zebras"])
def test_analyze_never_changes_an_answer(anon_api, catalogue, word):
    _forget()
    before = _search(anon_api, word)
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE catalog_product")
    _forget()
    after = _search(anon_api, word)
    assert before == after
    assert len(after) == settings.SEARCH_RESULTS_LIMIT
