"""seed_demo: a believable, idempotent demo catalogue."""

import io
import itertools
import json
from decimal import Decimal

import pytest
from django.core.files.storage import default_storage
from django.core.management import call_command
from django.db import connection
from PIL import Image

from catalog.models import Category, Product
from catalog.tests.factories import ProductFactory

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
    output = seed("--products", "30")
    assert "0 products added" in output
    assert set(Product.objects.values_list("name", flat=True)) == names
    assert Category.objects.filter(slug="electronics").count() == 1


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
    with connection.cursor() as cursor:
        cursor.execute("SELECT reltuples FROM pg_class WHERE oid = 'catalog_product'::regclass")
        assert cursor.fetchone()[0] == 37


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
    from catalog.caching import catalog_version

    seed("--products", "5")
    before = catalog_version()
    with django_capture_on_commit_callbacks(execute=True):
        seed("--products", "8")
    assert Product.objects.count() == 8
    assert catalog_version() != before
