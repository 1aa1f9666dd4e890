"""serializers.render_products: the bytes DRF's JSONRenderer writes for ProductOutput,
written by orjson. Every value a product can hold, odd ones included."""

from datetime import UTC, datetime, timedelta, timezone
from decimal import Decimal
from zoneinfo import ZoneInfo

import orjson
import pytest
from rest_framework.renderers import JSONRenderer

from catalog.models import Category, Product
from catalog.serializers import ProductOutput, _number, render_products
from catalog.tests.factories import CategoryFactory, ProductFactory


def drf(items) -> bytes:
    return JSONRenderer().render(ProductOutput(items, many=True).data)


def product(pk=1, **fields) -> Product:
    """An unsaved product (the renderer reads attributes only): text no database holds,
    NUL included, can be tried too."""
    values = {
        "name": "Lamp",
        "slug": "lamp",
        "description": "A lamp.",
        "price": Decimal("499.00"),
        "quantity": 3,
        "shipping": True,
        "created_at": datetime(2026, 1, 2, 3, 4, 5, 678901, tzinfo=UTC),
        "updated_at": datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC),
    }
    values.update(fields)
    made = Product(pk=pk, category=Category(pk=7, name="Lighting", slug="lighting"), **values)
    # Its variants and gallery as a list reads them (catalog.variants.attach_parts), the
    # product's own text in them too.
    text = values["name"]
    made.options = [{"name": "Colour", "values": [text or "Red", "Blue"]}]
    made.variant_rows = [
        (pk * 10, f"SS-{pk}-1", {"Colour": text or "Red"}, values["price"], 3, values.get("mrp")),
        (pk * 10 + 1, f"SS-{pk}-2", {"Colour": "Blue"}, Decimal("1.50"), 0, None),
    ]
    made.photo_rows = [(pk * 20, "products/lamp.jpg", text, "Blue"), (pk * 20 + 1, "x.png", "", "")]
    return made


ODD_TEXT = [
    "".join(map(chr, range(0x00, 0x20))),  # every control character
    'quote " backslash \\ slash / tab \t',
    "line\u2028separator\u2029paragraph",  # DRF escapes these two
    "</script><!-- & ' <b>",
    "ünïcödé हाथ से बुना 😀 \U0001f9ea \u00a0nbsp \u200bzwsp \ufeffbom \x7fdel",
    "",
    "x" * 5000,
]


@pytest.mark.parametrize("text", ODD_TEXT)
def test_odd_text_is_written_byte_for_byte_as_drf_writes_it(text):
    items = [product(name=text, slug=text, description=text)]
    items[0].category.name = text
    assert render_products(items) == drf(items)


@pytest.mark.parametrize(
    "price",
    ["0", "0.01", "0.1", "0.50", "1", "499.5", "1299.99", "10000000", "99999999.99", "12.34"],
)
def test_prices_are_the_same_numbers(price):
    items = [product(price=Decimal(price))]
    assert render_products(items) == drf(items)


@pytest.mark.parametrize("mrp", [None, "0", "0.01", "0.1", "499.5", "1299.99", "99999999.99"])
def test_mrps_are_the_same_numbers_or_null(mrp):
    items = [product(price=Decimal("0"), mrp=None if mrp is None else Decimal(mrp))]
    written = orjson.loads(render_products(items))[0]
    assert render_products(items) == drf(items)
    expected = None if mrp is None else _number(Decimal(mrp))
    assert (written["mrp"], written["variants"][0]["mrp"]) == (expected, expected)
    assert written["variants"][1]["mrp"] is None


@pytest.mark.parametrize(
    "price",
    ["0", "0.01", "0.1", "0.50", "1", "499.5", "1299.99", "10000000", "99999999.99", "12.34"],
)
def test_variant_prices_read_as_postgresql_text_are_the_same_numbers(price):
    """PostgreSQL's rows bring a variant's price as the text of a numeric of scale 2
    (selectors.rows._ROW_SELECT); the answer holds the number the Decimal gives, its GST
    rate too (the category's rule, here 5% up to 2,500 and 18% above)."""
    exact = Decimal(price).quantize(Decimal("0.01"))
    as_decimal, as_text = product(pk=1), product(pk=1)
    for item in (as_decimal, as_text):
        item.gst_rate = None
        item.category.gst_rate, item.category.gst_threshold = 5, Decimal("2500")
        item.category.gst_rate_above = 18
    as_decimal.variant_rows = [(10, "SKU-1", {}, exact, 1, exact)]
    as_text.variant_rows = [(10, "SKU-1", {}, str(exact), 1, str(exact))]

    written = orjson.loads(render_products([as_text]))[0]["variants"][0]

    assert written == orjson.loads(render_products([as_decimal]))[0]["variants"][0]
    assert type(written["price"]) is type(_number(exact)) and written["price"] == _number(exact)
    assert type(written["mrp"]) is type(_number(exact)) and written["mrp"] == _number(exact)
    assert written["gstRate"] == (5 if exact * 100 / 105 <= 2500 else 18)


@pytest.mark.parametrize(
    "instant",
    [
        datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC),  # no microseconds: none written
        datetime(2026, 1, 2, 3, 4, 5, 1, tzinfo=UTC),
        datetime(1, 1, 1, 0, 0, tzinfo=UTC),
        datetime(9999, 12, 31, 23, 59, 59, 999999, tzinfo=UTC),
        # Not UTC: written in UTC, as the serializer writes it.
        datetime(2026, 1, 2, 8, 34, 5, 123, tzinfo=ZoneInfo("Asia/Kolkata")),
        datetime(2026, 1, 2, 3, 4, 5, tzinfo=ZoneInfo("UTC")),
        datetime(2026, 7, 1, 12, 0, tzinfo=ZoneInfo("Europe/London")),  # +01:00
        datetime(2026, 1, 1, 12, 0, tzinfo=timezone(timedelta(0))),  # UTC, not the singleton
    ],
)
def test_instants_are_written_in_utc_as_the_serializer_writes_them(instant):
    items = [product(created_at=instant, updated_at=instant)]
    assert render_products(items) == drf(items)


def test_no_products_is_an_empty_list():
    assert render_products([]) == drf([]) == b"[]"


@pytest.mark.django_db
def test_stored_products_read_as_rows_render_as_the_models_do():
    # What the views render: selectors.ProductRow read from the database (PostgreSQL's
    # timestamps come back in UTC, SQLite's through the ORM), and the models themselves.
    from catalog import selectors

    lamps = CategoryFactory(name="Lamps ünï")
    made = [
        ProductFactory(
            category=lamps, name="Lamp \u2028 Plain", price=Decimal("499.50"), mrp="649.50"
        ),
        ProductFactory(category=lamps, name="Lamp Whole", price=Decimal("500"), shipping=False),
        ProductFactory(category=lamps, name="Lamp Photo", with_photo=True, quantity=0),
        ProductFactory(
            category=lamps,
            name="Lamp Sizes",
            options=[{"name": "Size", "values": ["S", "L"]}],
            variants=[
                {"options": {"Size": "S"}, "price": Decimal("300"), "quantity": 1},
                {
                    "options": {"Size": "L"},
                    "price": Decimal("450.50"),
                    "mrp": "999.99",
                    "quantity": 2,
                },
            ],
        ),
    ]
    Product.objects.filter(pk=made[0].pk).update(created_at=datetime(2026, 1, 1, tzinfo=UTC))
    models = list(Product.objects.select_related("category").filter(category=lamps))
    rows = [selectors.product_get_current(slug=p.slug) for p in models]
    assert render_products(rows) == drf(models) == render_products(models)
    assert b"\\u2028" in render_products(rows)
    written = {p["name"]: p for p in orjson.loads(render_products(rows))}
    plain, sizes = written["Lamp \u2028 Plain"], written["Lamp Sizes"]
    assert (plain["mrp"], plain["variants"][0]["mrp"]) == (649.5, 649.5)
    assert written["Lamp Whole"]["mrp"] is None
    # The product's MRP is the cheapest variant's (none here), not the highest one.
    assert (sizes["price"], sizes["mrp"]) == (300, None)
    assert [v["mrp"] for v in sizes["variants"]] == [None, 999.99]
