"""A product's variants and gallery kept on its row (PostgreSQL: catalog migration 0015's
triggers) and read from there by every answer: each kind of statement on the two tables
keeps them, for exactly the products it touched, without touching `updated_at`.

The root conftest also checks, after every test on PostgreSQL, that no product's kept
lists differ from its rows, whatever write path the test took; the live tests of
catalog/tests/test_stock_one_path_live.py check it after editors and buyers at once."""

from decimal import Decimal

import pytest
from django.db import connection

from catalog.models import Product, ProductPhoto, Variant
from catalog.selectors.rows import _by_ids
from catalog.tests import parts
from catalog.tests.factories import ProductFactory
from catalog.variants import option_key

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="SQLite keeps no lists: its answers read the two tables (attach_parts)",
    ),
]


def _kept(product_id):
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT variant_parts::text, photo_parts::text FROM catalog_product WHERE id = %s",
            [product_id],
        )
        return cursor.fetchone()


def _answer(product_id):
    (row,) = _by_ids([product_id])
    return row.variant_rows, row.photo_rows


def _variant(product, sku, size, *, price="499.00", quantity=3, position=0):
    choice = {"Size": size}
    return Variant(
        product=product,
        sku=sku,
        options=choice,
        option_key=option_key(choice),
        price=Decimal(price),
        quantity=quantity,
        position=position,
    )


def test_every_kind_of_statement_keeps_the_lists_of_the_products_it_touched():
    tee, other = ProductFactory(), ProductFactory()
    untouched = _kept(other.pk)
    first = tee.variants.get()
    stamp = Product.objects.values_list("updated_at", flat=True).get(pk=tee.pk)

    Variant.objects.bulk_create(
        [_variant(tee, "TEE-M", "M", position=1), _variant(tee, "TEE-L", "L", position=2)]
    )
    assert [row[1] for row in _answer(tee.pk)[0]] == [first.sku, "TEE-M", "TEE-L"]

    Variant.objects.filter(sku="TEE-M").update(quantity=7, price=Decimal("549.50"))
    medium = _answer(tee.pk)[0][1]
    assert (medium[3], medium[4]) == ("549.50", 7)

    Variant.objects.filter(pk=first.pk).update(position=9)  # the order follows position
    assert [row[1] for row in _answer(tee.pk)[0]] == ["TEE-M", "TEE-L", first.sku]

    Variant.objects.filter(sku="TEE-L").delete()
    assert [row[1] for row in _answer(tee.pk)[0]] == ["TEE-M", first.sku]

    photo = ProductPhoto.objects.create(product=tee, image="products/tee.jpg", position=0)
    assert _answer(tee.pk)[1] == [[photo.pk, "products/tee.jpg", "", ""]]
    ProductPhoto.objects.filter(pk=photo.pk).update(alt="A white tee", option="White")
    assert _answer(tee.pk)[1] == [[photo.pk, "products/tee.jpg", "A white tee", "White"]]
    photo.delete()
    assert _answer(tee.pk)[1] == []
    assert _kept(tee.pk)[1] is None  # no gallery: NULL, read as an empty list

    # Raw SQL too (a statement Django never sees).
    with connection.cursor() as cursor:
        cursor.execute(
            "UPDATE catalog_variant SET quantity = quantity - 1 WHERE product_id = %s",
            [tee.pk],
        )
    assert [row[4] for row in _answer(tee.pk)[0]] == [6, first.quantity - 1]

    # The triggers never move the editor's stamp, and left the other product alone.
    assert Product.objects.values_list("updated_at", flat=True).get(pk=tee.pk) == stamp
    assert _kept(other.pk) == untouched
    assert parts.differing() == []


def test_a_variant_moved_to_another_product_leaves_both_right():
    shirt, tee = ProductFactory(), ProductFactory()
    moved = tee.variants.get()
    Variant.objects.filter(pk=moved.pk).update(product=shirt, option_key="moved", position=5)
    assert [row[0] for row in _answer(shirt.pk)[0]] == [shirt.variants.first().pk, moved.pk]
    assert _answer(tee.pk)[0] == []
    assert parts.differing() == []


def test_deleting_a_product_takes_its_rows_and_leaves_the_rest_right():
    gone, kept = ProductFactory(with_photo=True), ProductFactory(with_photo=True)
    gone.delete()
    assert not Product.objects.filter(pk=gone.pk).exists()
    assert len(_answer(kept.pk)[1]) == 1
    assert parts.differing() == []


def test_a_copy_into_the_tables_keeps_the_lists():
    """The demo catalogue COPYs its variants in (seed_demo): one statement for many
    products."""
    a, b = ProductFactory(), ProductFactory()
    with (
        connection.cursor() as cursor,
        cursor.cursor.copy(
            "COPY catalog_variant (product_id, sku, options, option_key, price, quantity, "
            "position) FROM STDIN"
        ) as copy,
    ):
        for product, sku in ((a, "A-2"), (b, "B-2"), (a, "A-3")):
            copy.write_row((product.pk, sku, "{}", sku, "10.00", 1, 9))
    assert [row[1] for row in _answer(a.pk)[0]][1:] == ["A-2", "A-3"]
    assert [row[1] for row in _answer(b.pk)[0]][1:] == ["B-2"]
    assert parts.differing() == []


def test_the_net_catches_a_list_left_behind():
    """What the root conftest's check sees when a list is not kept."""
    product = ProductFactory()
    with connection.cursor() as cursor:
        cursor.execute(
            "UPDATE catalog_product SET variant_parts = '[]' WHERE id = %s", [product.pk]
        )
    assert parts.differing() == [product.pk]
    with connection.cursor() as cursor:  # put right, or the conftest's check fails the test
        cursor.execute(
            "UPDATE catalog_variant SET quantity = quantity WHERE product_id = %s", [product.pk]
        )
    assert parts.differing() == []
