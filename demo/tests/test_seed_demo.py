"""seed_demo: a believable, idempotent demo catalogue."""

import io
import itertools
import json
import re
from collections import Counter
from decimal import Decimal

import pytest
from django.core.files.storage import default_storage
from django.core.management import call_command
from django.db import connection
from PIL import Image

from catalog.models import Category, Product, ProductPhoto, Variant
from catalog.tests.factories import ProductFactory
from catalog.variants import option_key
from demo import catalogue

# seed_demo ANALYZEs on PostgreSQL: the fixture keeps its figures from outliving a test.
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("planner_statistics")]

BANDS = [(0, 199), (200, 349), (350, 599), (600, 799), (800, 999), (1000, None)]


def seed(*args):
    out = io.StringIO()
    call_command("seed_demo", *args, stdout=out)
    return out.getvalue()


def test_default_seed_covers_every_price_band_and_the_footer_categories():
    output = seed()
    assert "60 products added" in output
    assert "100%" in output
    assert Product.objects.count() == 60
    slugs = set(Category.objects.values_list("slug", flat=True))
    assert {"electronics", "clothing"} <= slugs
    for low, high in BANDS:
        qs = Product.objects.filter(price__gte=low)
        if high is not None:
            qs = qs.filter(price__lte=high)
        assert qs.exists(), f"no demo product priced {low}-{high}"
    for category in Category.objects.all():
        assert category.products.exists()


def test_demo_products_look_real_and_have_distinct_photos():
    seed("--products", "20")
    products = list(Product.objects.order_by("-created_at"))
    assert all(p.price > Decimal("0") and p.description and p.photo for p in products)
    assert all(p.slug == p.slug.lower() and p.slug for p in products)
    assert len({p.photo.name for p in products}) == 20
    first = Image.open(default_storage.open(products[0].photo.name))
    assert first.format == "JPEG" and first.size == (480, 360)
    pixels = {
        bytes(Image.open(default_storage.open(p.photo.name)).resize((8, 8)).tobytes())
        for p in products
    }
    assert len(pixels) == 20


def test_seeding_twice_adds_nothing():
    seed("--products", "30")
    names = set(Product.objects.values_list("name", flat=True))
    parts = (Variant.objects.count(), ProductPhoto.objects.count())
    output = seed("--products", "30")
    assert "0 products added" in output
    assert set(Product.objects.values_list("name", flat=True)) == names
    assert (Variant.objects.count(), ProductPhoto.objects.count()) == parts
    assert Category.objects.filter(slug="electronics").count() == 1


def test_a_larger_seed_adds_the_new_products_with_their_variants():
    seed("--products", "10")
    seed("--products", "25")
    assert Product.objects.count() == 25
    assert not Product.objects.filter(variants__isnull=True).exists()
    assert Variant.objects.count() == sum(
        len(catalogue.demo_product(i).variants) for i in range(25)
    )


def test_every_product_is_sold_by_its_variants():
    """The catalogue's invariant: at least one variant, the product's price the lowest of
    theirs, its MRP that variant's and its stock their sum; each variant one value of
    each option, each combination once."""
    seed("--products", "120")
    for product in Product.objects.prefetch_related("variants"):
        variants = list(product.variants.all())
        assert variants, product.name
        assert product.price == min(v.price for v in variants)
        assert product.mrp == min(variants, key=lambda v: v.price).mrp
        assert product.quantity == sum(v.quantity for v in variants)
        names = [option["name"] for option in product.options]
        combinations = list(itertools.product(*(o["values"] for o in product.options)))
        assert sorted(tuple(v.options.values()) for v in variants) == sorted(combinations)
        for position, variant in enumerate(variants):
            assert list(variant.options) == names
            assert variant.option_key == option_key(variant.options)
            assert variant.position == position
    assert Variant.objects.values("sku").distinct().count() == Variant.objects.count()


def test_most_products_print_an_mrp_above_their_price_as_tags_do():
    seed("--products", "120")
    variants = list(Variant.objects.all())
    with_mrp = [v for v in variants if v.mrp is not None]
    assert 0.5 < len(with_mrp) / len(variants) < 0.8
    assert all(v.price < v.mrp < v.price * Decimal("1.6") for v in with_mrp)
    assert all(str(v.mrp).endswith("9.00") for v in with_mrp)
    # A product's variants all print one, or none does.
    for product in Product.objects.prefetch_related("variants"):
        assert len({v.mrp is None for v in product.variants.all()}) == 1, product.name


def test_clothes_come_in_sizes_cases_in_colours_and_gadgets_one_way():
    seed("--products", "220")  # four of each template
    kinds = {
        catalogue.demo_name(i): catalogue.TEMPLATES[i % len(catalogue.TEMPLATES)].kind
        for i in range(220)
    }
    by_kind = {}
    for product in Product.objects.all():
        options = {o["name"]: o["values"] for o in product.options}
        by_kind.setdefault(kinds[product.name], []).append(options)
    for kind in ("shirt", "tshirt", "kurta"):
        assert all(o.get("Size") == ["S", "M", "L", "XL"] for o in by_kind[kind]), kind
    assert any("Colour" in o for o in by_kind["shirt"])
    assert all("Colour" in o for o in by_kind["tshirt"])
    assert all(o.get("Size", [""])[0].startswith("UK") for o in by_kind["shoe"])
    assert all(list(o) == ["Colour"] and len(o["Colour"]) >= 2 for o in by_kind["case"])
    for kind in ("tv", "gadget", "router", "drive"):
        assert all(o == {} for o in by_kind[kind]), kind
    single = Product.objects.filter(options=[]).count()
    assert single > Product.objects.count() / 3
    # Some sizes are sold out while the product is still in stock: the storefront shows it.
    sold_out = Variant.objects.filter(quantity=0, product__quantity__gt=0, options__has_key="Size")
    assert sold_out.exists()


def test_colours_have_their_own_photo_from_the_shared_pool():
    seed("--products", "120")
    coloured = [p for p in Product.objects.all() if any(o["name"] == "Colour" for o in p.options)]
    assert coloured
    for product in coloured:
        colours = next(o["values"] for o in product.options if o["name"] == "Colour")
        photos = list(product.photos.all())
        assert [p.option for p in photos] == colours
        assert all(colour in photo.alt for colour, photo in zip(colours, photos, strict=True))
        assert photos[0].image.name == product.photo.name
        assert len({p.image.name for p in photos}) == len(colours)
    plain = Product.objects.filter(options=[]).first()
    assert [(p.option, p.alt) for p in plain.photos.all()] == [("", plain.name)]
    # The gallery rows point at a pool of files shared between products.
    images = Counter(ProductPhoto.objects.values_list("image", flat=True))
    assert len(images) < ProductPhoto.objects.count()
    assert all(name.startswith("products/demo/") for name in images)
    red = next(p for p in ProductPhoto.objects.filter(option="Red"))
    pixel = Image.open(default_storage.open(red.image.name)).convert("RGB").getpixel((240, 170))
    assert pixel[0] > pixel[1] + 60 and pixel[0] > pixel[2] + 60


def test_names_are_real_looking_and_unique_at_100k():
    names = [catalogue.demo_name(i) for i in range(100_000)]
    assert len({name.casefold() for name in names}) == len(names)
    assert not any(re.search(r"Series|\(", name) for name in names)
    assert names[0] == "Mi LED Smart TV 4A 32"
    assert catalogue.is_edition_of(names[8 + 55 * 50], "Allen Solly Slim Fit Cotton Shirt")
    assert catalogue.is_edition_of(names[55 * 50], "Mi LED Smart TV 4A 32")
    assert not catalogue.is_edition_of(names[1], "Mi LED Smart TV 4A 32")
    from django.utils.text import slugify

    assert len({slugify(name) for name in names[::7]}) == len(names[::7])


def test_a_product_of_the_shop_holding_a_demo_name_keeps_its_own_variant():
    own = ProductFactory(name=catalogue.demo_name(12), price=Decimal("10.00"), quantity=3)
    skus = list(own.variants.values_list("sku", flat=True))
    seed("--products", "20")
    assert list(own.variants.values_list("sku", flat=True)) == skus
    assert Product.objects.count() == 20
    own.refresh_from_db()
    assert (own.price, own.quantity, own.options) == (Decimal("10.00"), 3, [])


def test_if_empty_does_nothing_when_products_exist():
    ProductFactory(name="Hand-made")
    output = seed("--if-empty", "--products", "10")
    assert "nothing seeded" in output
    assert list(Product.objects.values_list("name", flat=True)) == ["Hand-made"]


def test_if_empty_seeds_an_empty_catalogue():
    seed("--if-empty", "--products", "5")
    assert Product.objects.count() == 5


def test_reset_replaces_the_catalogue():
    ProductFactory(name="Old thing", with_photo=True)
    old_photo = Product.objects.get().photo.name
    seed("--reset", "--products", "8")
    assert Product.objects.count() == 8
    assert not Product.objects.filter(name="Old thing").exists()
    assert not default_storage.exists(old_photo)


def test_large_catalogues_reuse_a_pool_of_photos_that_differ_between_neighbours():
    seed("--products", "400")
    photos = list(Product.objects.order_by("-created_at").values_list("photo", flat=True))
    assert len(photos) == 400
    assert len(set(photos)) < 400
    assert all(a != b for a, b in itertools.pairwise(photos))


def test_negative_count_is_refused():
    from django.core.management.base import CommandError

    with pytest.raises(CommandError):
        seed("--products", "-1")


@pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's statistics")
def test_the_planner_knows_the_seeded_catalogue_at_once():
    """Without fresh statistics PostgreSQL plans (and search sizes) the catalogue as the
    table it last saw until autovacuum comes by."""
    seed("--products", "37")
    counts = {
        "catalog_product": 37,
        "catalog_variant": Variant.objects.count(),
        "catalog_productphoto": ProductPhoto.objects.count(),
    }
    assert counts["catalog_variant"] > 37 and counts["catalog_productphoto"] > 0
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT relname, reltuples FROM pg_class WHERE relname = ANY(%s)", [list(counts)]
        )
        assert dict(cursor.fetchall()) == counts


@pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's visibility map")
@pytest.mark.django_db(transaction=True)
def test_a_seeded_catalogue_is_vacuumed_so_list_pages_read_the_index_alone():
    """Outside a transaction seed_demo runs VACUUM (ANALYZE): the visibility map lets the
    list's covering index answer a deep page without reading the table (autovacuum may
    be off, and is late after a bulk load when it is on)."""
    seed("--products", "300")
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT relpages, relallvisible FROM pg_class WHERE oid = 'catalog_product'::regclass"
        )
        pages, visible = cursor.fetchone()
        assert pages > 0
        assert visible == pages
        cursor.execute(
            "EXPLAIN (FORMAT JSON) SELECT id FROM catalog_product "
            "ORDER BY created_at DESC, id DESC LIMIT 12 OFFSET 240"
        )
        plan = json.dumps(cursor.fetchone()[0])
    assert "Index Only Scan" in plan


def test_seeding_replaces_the_catalogue_version_once_it_commits(
    django_capture_on_commit_callbacks,
):
    # Bulk inserts send no post_save; the command saves one category so that running
    # servers stop answering (and holding vocabularies and counts) from the old catalogue.
    from catalog.cache import catalog_version

    seed("--products", "5")
    before = catalog_version()
    with django_capture_on_commit_callbacks(execute=True):
        seed("--products", "8")
    assert Product.objects.count() == 8
    assert catalog_version() != before
