"""The product editor's own look-ups (is the name free, is a SKU free, which generated
SKU is free) are exact probes of the unique indexes, whatever the catalogue's size. They
were a whole-table read of the variants on PostgreSQL (`UPPER(sku) = UPPER(%s)` and
`UPPER(sku) LIKE 'SS-1%'` match no index), while the shop sold around them
(docs/performance.md, "While selling")."""

import json

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from catalog.models import Category, Product, Variant
from catalog.tests.factories import CategoryFactory, ProductFactory
from catalog.tests.test_products_write import create, form
from catalog.tests.test_variants import update

pytestmark = pytest.mark.django_db

SIZES = {"name": "Size", "values": ["S", "M"]}


@pytest.fixture
def category():
    return CategoryFactory(name="Clothing")


def two_sizes(category, product=None, **overrides):
    variants = [
        {"options": {"Size": "S"}, "quantity": 2},
        {"options": {"Size": "M"}, "quantity": 1},
    ]
    values = form(
        category,
        name=product.name if product else "Linen Kurta",
        price="899",
        options=json.dumps([SIZES]),
        variants=json.dumps(variants),
        **({"updatedAt": product.updated_at.isoformat()} if product else {}),
    )
    values.update(overrides)
    return values


def test_a_generated_sku_steps_past_ones_other_products_hold(admin_api, category):
    product = ProductFactory(name="Linen Kurta", category=category)
    # Another product holds the SKUs this one would be given first, in other letter case.
    ProductFactory(name="Block Print Kurta", category=category).variants.update(
        sku=f"ss-{product.pk}-1"
    )
    third = ProductFactory(name="Cotton Kurta", category=category)
    third.variants.update(sku=f"SS-{product.pk}-1-1")

    response = update(admin_api, product, two_sizes(category, product))

    assert response.status_code == 200, response.json()
    assert list(product.variants.order_by("position").values_list("sku", flat=True)) == [
        f"SS-{product.pk}-1-2",
        f"SS-{product.pk}-2",
    ]


def test_a_sku_of_another_product_is_named_as_that_product_spells_it(admin_api, category):
    ProductFactory(name="Block Print Kurta", category=category).variants.update(sku="Kurta-BP-01")
    variants = [{"options": {"Size": "S"}, "quantity": 2, "sku": "KURTA-bp-01"}]

    response = create(admin_api, two_sizes(category, variants=json.dumps(variants)))

    assert response.status_code == 400
    assert response.json()["errors"]["variants"] == [
        "SKU Kurta-BP-01 is already used by another product."
    ]
    assert not Product.objects.filter(name="Linen Kurta").exists()


def test_names_are_compared_as_their_unique_index_compares_them(category):
    ProductFactory(name="Éclair Lamp", category=category)

    assert Product.objects.with_name("Éclair LAMP").exists()
    assert not Product.objects.with_name("Eclair Lamp").exists()
    assert Category.objects.with_name("CLOTHING").get() == category


@pytest.mark.skipif(
    connection.vendor != "postgresql", reason="reads PostgreSQL's EXPLAIN with seq scans priced out"
)
def test_the_editors_lookups_read_no_whole_table(admin_api, category):
    """With sequential scans priced out, a query that an index can answer uses one: a
    `Seq Scan` left on the product or variant table is a look-up no index serves."""
    for n in range(5):
        ProductFactory(name=f"Kurta {n}", category=category)
    Product.objects.get(name="Kurta 0").variants.update(sku="Kurta-0")
    product = ProductFactory(name="Linen Kurta", category=category)
    with connection.cursor() as cursor:
        cursor.execute("SET LOCAL enable_seqscan = off")  # until the test's rollback

    with CaptureQueriesContext(connection) as queries:
        created = create(admin_api, two_sizes(category, name="Silk Kurta"))
        edited = update(admin_api, product, two_sizes(category, product))
        sku = [{"options": {"Size": "S"}, "quantity": 1, "sku": "KURTA-0"}]
        refused = create(
            admin_api, two_sizes(category, name="Wool Kurta", variants=json.dumps(sku))
        )

    assert (created.status_code, edited.status_code) == (201, 200), (created.json(), edited.json())
    assert refused.status_code == 400, refused.json()
    selects = [q["sql"] for q in queries.captured_queries if q["sql"].startswith("SELECT")]
    assert any('LOWER("catalog_variant"."sku")' in sql for sql in selects), selects
    whole_reads = []
    with connection.cursor() as cursor:
        for sql in selects:
            cursor.execute(f"EXPLAIN {sql}")
            plan = "\n".join(row[0] for row in cursor.fetchall())
            if "Seq Scan on catalog_variant" in plan or "Seq Scan on catalog_product" in plan:
                whole_reads.append(f"{sql}\n{plan}")
    assert whole_reads == []
    assert Variant.objects.filter(product__name="Silk Kurta").count() == 2
