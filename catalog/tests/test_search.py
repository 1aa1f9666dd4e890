"""search/{keyword}: a bare list of literal, case-insensitive matches, best first."""

from datetime import timedelta
from urllib.parse import quote

import pytest
from django.db import connection
from django.utils import timezone

from catalog.tests.factories import PARTS, ProductFactory

pytestmark = pytest.mark.django_db

BASE = "/api/v1/product/search"

# On PostgreSQL a search first reads the catalogue's size from the planner's statistics to
# learn whether it is larger than the newest-products window of common words.
SIZE_QUERY = 1 if connection.vendor == "postgresql" else 0


def search(client, keyword):
    response = client.get(f"{BASE}/{quote(keyword, safe='')}")
    assert response.status_code == 200, response.content
    body = response.json()
    assert isinstance(body, list)
    return [p["name"] for p in body]


@pytest.fixture
def shop():
    start = timezone.now() - timedelta(days=1)
    rows = [
        ("Wireless Mouse", "Silent clicks, 2.4 GHz receiver."),
        ("Gaming Keyboard", "RGB keys; works with any wireless mouse pad."),
        ("USB Mouse", "Plain wired mouse."),
        ("Discount 50% Bundle", "Half price (today only)."),
        ("Snake_case Mug", "A mug for programmers."),
        ("Kurta", "हाथ से बुना सूती कुर्ता"),
        ("Desk Lamp", "Warm light. Robert'); DROP TABLE products;-- says hi"),
    ]
    return [
        ProductFactory(name=name, description=text, created_at=start + timedelta(minutes=i))
        for i, (name, text) in enumerate(rows)
    ]


def test_search_is_a_bare_list_of_products_with_category(anon_api, shop):
    body = anon_api.get(f"{BASE}/kurta").json()
    assert isinstance(body, list) and len(body) == 1
    assert body[0]["name"] == "Kurta"
    assert set(body[0]["category"]) == {"_id", "name", "slug"}


def test_search_is_case_insensitive_on_name_and_description(anon_api, shop):
    assert sorted(search(anon_api, "MOUSE")) == ["Gaming Keyboard", "USB Mouse", "Wireless Mouse"]


def test_name_matches_come_before_description_matches(anon_api, shop):
    results = search(anon_api, "mouse")
    # Names starting with it, then names containing it (newest first), then descriptions.
    assert results == ["USB Mouse", "Wireless Mouse", "Gaming Keyboard"]


@pytest.mark.parametrize(
    "keyword, expected",
    [
        ("%", ["Discount 50% Bundle"]),
        ("_", ["Snake_case Mug"]),
        ("(", ["Discount 50% Bundle"]),
        (".*", []),
        ("' OR 1=1 --", []),
        ("'); DROP TABLE products;--", ["Desk Lamp"]),
        ("\\", []),
        ("[a-z]", []),
        ("सूती", ["Kurta"]),
    ],
)
def test_keywords_are_literal_text_never_patterns(anon_api, shop, keyword, expected):
    assert search(anon_api, keyword) == expected
    # Nothing was dropped or changed by the SQL-looking keyword.
    assert len(search(anon_api, "a")) >= 5


def test_500_character_keyword_is_fine(anon_api, shop):
    assert search(anon_api, "x" * 500) == []


def test_keyword_with_a_slash_is_searched_literally(anon_api):
    ProductFactory(name="Cable 1/2 metre")
    assert search(anon_api, "1/2") == ["Cable 1/2 metre"]


def test_blank_keyword_finds_nothing(anon_api, shop):
    assert search(anon_api, "   ") == []


def test_overlong_keyword_is_400(anon_api):
    response = anon_api.get(f"{BASE}/{'x' * 1001}")
    assert response.status_code == 400
    assert response.json()["success"] is False


def test_results_are_capped_by_the_setting(anon_api, settings, django_assert_num_queries):
    settings.SEARCH_RESULTS_LIMIT = 4
    ProductFactory.create_batch(9, description="solid steel bottle")
    # The literal match's ids, then those products.
    with django_assert_num_queries(2 + SIZE_QUERY + PARTS):
        assert len(search(anon_api, "bottle")) == 4


def test_a_search_answer_renders_exactly_as_the_product_serializer_renders_products(anon_api):
    # Search reads its products as rows, not model instances (selectors.ProductRow): the
    # same bytes as ProductOutput over the models, for every kind of value.
    import json
    from datetime import UTC, datetime
    from decimal import Decimal

    from rest_framework.renderers import JSONRenderer

    from catalog.models import Product
    from catalog.serializers import ProductOutput

    lamps = [
        ProductFactory(name="Lamp Plain", price=Decimal("499.50"), shipping=False),
        ProductFactory(name="Lamp Whole", price=Decimal("500"), quantity=0),
        ProductFactory(name="Lamp Photo Ünïcode", with_photo=True),
    ]
    on_the_hour = datetime(2026, 1, 1, 9, 0, tzinfo=UTC)  # no microseconds in the ISO text
    Product.objects.filter(pk=lamps[0].pk).update(created_at=on_the_hour)
    response = anon_api.get(f"{BASE}/lamp")
    assert response.status_code == 200
    found = response.json()
    assert {p["_id"] for p in found} == {str(p.pk) for p in lamps}
    models = Product.objects.select_related("category").in_bulk([int(p["_id"]) for p in found])
    expected = ProductOutput([models[int(p["_id"])] for p in found], many=True).data
    assert response.content == JSONRenderer().render(expected)  # byte for byte
    assert found == json.loads(JSONRenderer().render(expected))
    assert any(p["photoWidths"] for p in found) and any(not p["photoWidths"] for p in found)


def test_search_reads_the_same_product_rows_as_the_orm():
    # selectors.rows._rows writes the ORM's `values_list(*_ROW_COLUMNS)` out on PostgreSQL:
    # the same values of the same types, for any mix of known and unknown ids.
    from datetime import UTC, datetime
    from decimal import Decimal

    from catalog import selectors
    from catalog.models import Product
    from catalog.selectors import rows as product_rows
    from catalog.serializers import _iso

    made = [
        ProductFactory(name="Row Plain", price=Decimal("499.50"), shipping=False),
        ProductFactory(name="Row Ünïcode", price=Decimal("500"), quantity=0, with_photo=True),
        ProductFactory(name="Row Old", created_at=datetime(2020, 2, 29, 23, 59, tzinfo=UTC)),
        ProductFactory(name="Row Micro", created_at=datetime(1999, 12, 31, 23, 59, 59, 1, UTC)),
    ]
    ids = [p.pk for p in made] + [max(p.pk for p in made) + 1000]
    orm = Product.objects.filter(pk__in=ids).values_list(*product_rows._ROW_COLUMNS)
    expected = {row[0]: row for row in orm}
    read = product_rows._rows(ids)
    # The product's own columns; options as Django hands jsonb over (text), parsed by
    # ProductRow; the variants and gallery as the ORM reads them (attach_parts).
    rows = {row[0]: tuple(row[:13]) for row in read}
    assert rows == {pk: row[:13] for pk, row in expected.items()} and len(rows) == 4
    from catalog.variants import attach_parts

    models = list(Product.objects.filter(pk__in=ids))
    attach_parts(models)
    parts = {
        p.pk: (p.options, list(map(tuple, p.variant_rows)), list(map(tuple, p.photo_rows)))
        for p in models
    }
    read_rows = [selectors.ProductRow(values) for values in read]
    attach_parts(read_rows)  # a no-op where the rows brought them (PostgreSQL)
    for row in read_rows:
        variants = [
            (v[0], v[1], v[2], Decimal(v[3]), v[4], None if v[5] is None else Decimal(v[5]))
            for v in row.variant_rows
        ]
        photos = [tuple(f) for f in row.photo_rows]
        assert (row.options, variants, photos) == parts[row.pk]
    for pk, row in rows.items():
        assert [type(v) for v in row] == [type(v) for v in expected[pk][:13]], pk
        # Read by psycopg's own loader on PostgreSQL: the same instants, rendered alike.
        assert [_iso(v) for v in row[8:10]] == [_iso(v) for v in expected[pk][8:10]], pk
