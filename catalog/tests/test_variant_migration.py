"""The migration to variants on a catalogue made before them: every product becomes a
product with one variant of its price and stock and, when it has a photo, a gallery of
that photo; nothing else changes. Both engines (docs/performance.md has the figures of
the same migration on a seeded 100k catalogue)."""

from decimal import Decimal

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("catalog", "0008_i17_literal_marker"), ("orders", "0003_tracking")]


def _migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def _latest():
    executor = MigrationExecutor(connection)
    return [key for key in executor.loader.graph.leaf_nodes() if key[0] in ("catalog", "orders")]


@pytest.mark.django_db(transaction=True)
def test_every_product_becomes_one_variant_and_its_photo_a_gallery():
    try:
        old = _migrate(BEFORE)
        category = old.get_model("catalog", "Category").objects.create(name="Old", slug="old")
        Product = old.get_model("catalog", "Product")
        Product.objects.bulk_create(
            Product(
                name=f"Old {n}",
                slug=f"old-{n}",
                description="Made before variants.",
                price=Decimal(n) + Decimal("0.50"),
                quantity=n % 7,
                category=category,
                photo=f"products/old-{n}.jpg" if n % 3 else "",
            )
            for n in range(300)
        )
        before = sorted(Product.objects.values_list("id", "name", "price", "quantity", "photo"))

        _migrate(_latest())
    finally:
        _migrate(_latest())

    from catalog.models import Product as Now
    from catalog.models import ProductPhoto, Variant
    from catalog.variants import give_single_variants

    after = sorted(Now.objects.values_list("id", "name", "price", "quantity", "photo"))
    assert after == before  # nothing of the products changed
    variants = {v.product_id: v for v in Variant.objects.all()}
    assert len(variants) == 300
    for pk, _name, price, quantity, _photo in before:
        variant = variants[pk]
        assert (variant.sku, variant.options, variant.price, variant.quantity) == (
            f"SS-{pk}",
            {},
            price,
            quantity,
        )
    assert Now.objects.filter(options=[]).count() == 300
    photos = dict(ProductPhoto.objects.values_list("product_id", "image"))
    assert photos == {pk: photo for pk, _n, _p, _q, photo in before if photo}
    # Run again (a product made by a bulk writer later), it adds nothing.
    assert give_single_variants() == 0
    assert Variant.objects.count() == 300
