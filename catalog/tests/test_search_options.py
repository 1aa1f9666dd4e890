"""Search finds a product by the values of its options (`kurta xl`, `black case`), with the
rest of its text, on SQLite and PostgreSQL alike (DATABASE_URL): the values are part of
the indexed document, kept by the database's triggers whichever way options are written
(catalog/migrations/0011_search_option_values.py)."""

import io
import re
from datetime import timedelta
from decimal import Decimal
from urllib.parse import quote

import pytest
from django.core.management import call_command
from django.db import connection
from django.utils import timezone

from catalog import services
from catalog.models import Category, Product
from catalog.tests.factories import CategoryFactory, ProductFactory

pytestmark = pytest.mark.django_db

BASE = "/api/v1/product/search"


def names(client, keyword):
    response = client.get(f"{BASE}/{quote(keyword, safe='')}")
    assert response.status_code == 200, response.content
    return [p["name"] for p in response.json()]


def sizes(*values):
    return [{"name": "Size", "values": list(values)}]


def colours(*values):
    return [{"name": "Colour", "values": list(values)}]


def each(options, quantity=4):
    """One variant of every value of a one-option product."""
    option = options[0]
    return [{"options": {option["name"]: v}, "quantity": quantity} for v in option["values"]]


def create(name, category, *, options=None, description="", age=0):
    """A product through the API's own write path (catalog.services.product_create)."""
    product = services.product_create(
        name=name,
        description=description or f"{name}, made to last.",
        price=Decimal("999.00"),
        quantity=5,
        category=category,
        options=options,
        variants=each(options) if options else None,
    )
    # Oldest first, `age` hours back: a newer product wins ties, so the tests make the
    # one that should win the oldest.
    Product.objects.filter(pk=product.pk).update(
        created_at=timezone.now() - timedelta(days=1) + timedelta(hours=age)
    )
    return product


@pytest.fixture
def shop():
    clothing = CategoryFactory(name="Clothing", slug="clothing")
    accessories = CategoryFactory(name="Mobile Accessories", slug="mobile-accessories")
    audio = CategoryFactory(name="Audio", slug="audio")
    gadgets = CategoryFactory(name="Computer Accessories", slug="computer-accessories")
    return {
        # The one sold in XL is the oldest of the kurtas.
        "xl kurta": create("FabIndia Cotton Kurta", clothing, options=sizes("S", "M", "L", "XL")),
        "kurta": create("Biba Anarkali Kurta", clothing, options=sizes("S", "M", "L"), age=1),
        "plain kurta": create("Manyavar Silk Kurta", clothing, age=2),
        "xl hoodie": create("Puma Fleece Hoodie", clothing, options=sizes("M", "XL"), age=3),
        "xl pad": create("Cosmic Byte Mouse Pad XL", gadgets, age=4),
        "black case": create(
            "Spigen Rugged Armor Case", accessories, options=colours("Black", "Navy")
        ),
        "blue case": create(
            "Ringke Fusion Case", accessories, options=colours("Clear", "Navy"), age=1
        ),
        "black headphones": create(
            "boAt Rockerz 450 Headphones", audio, options=colours("Black", "Sky Blue"), age=2
        ),
        "glass": create("Generic Tempered Glass Screen Guard", accessories, age=3),
    }


def test_kurta_xl_finds_the_kurta_sold_in_xl_first(anon_api, shop):
    found = names(anon_api, "kurta XL")
    assert found[0] == "FabIndia Cotton Kurta"
    for other in ("Biba Anarkali Kurta", "Manyavar Silk Kurta"):
        assert other not in found or found.index(other) > 0
    assert "Puma Fleece Hoodie" not in found  # XL, but not a kurta
    assert names(anon_api, "xl kurta")[0] == "FabIndia Cotton Kurta"  # any order
    # Every product sold in XL, and the one named so.
    assert set(names(anon_api, "xl")) == {
        "FabIndia Cotton Kurta",
        "Puma Fleece Hoodie",
        "Cosmic Byte Mouse Pad XL",
    }


def test_black_case_finds_the_black_phone_case(anon_api, shop):
    found = names(anon_api, "black case")
    assert found[0] == "Spigen Rugged Armor Case"
    assert "Ringke Fusion Case" not in found[:1]
    assert "boAt Rockerz 450 Headphones" not in found  # black, but no case
    assert names(anon_api, "black cases")[0] == "Spigen Rugged Armor Case"  # plural
    assert names(anon_api, "blak case")[0] == "Spigen Rugged Armor Case"  # a typo
    # A value of two words, either word.
    assert names(anon_api, "sky blue headphones") == ["boAt Rockerz 450 Headphones"]
    assert set(names(anon_api, "navy case")) == {"Ringke Fusion Case", "Spigen Rugged Armor Case"}


def test_option_names_are_not_searched(anon_api, shop):
    assert names(anon_api, "colour") == []
    assert names(anon_api, "size") == []


def test_an_edit_of_the_options_is_searched_at_once(anon_api, shop):
    """product_update writes `options`; the database's trigger re-indexes the product."""
    assert names(anon_api, "kurta xl") == ["FabIndia Cotton Kurta"]
    biba = shop["kurta"]
    options = sizes("S", "M", "L", "XL")
    services.product_update(product=biba, options=options, variants=each(options))
    assert set(names(anon_api, "kurta xl")) == {"FabIndia Cotton Kurta", "Biba Anarkali Kurta"}
    fabindia = Product.objects.get(pk=shop["xl kurta"].pk)
    options = sizes("S", "M")
    services.product_update(product=fabindia, options=options, variants=each(options))
    assert names(anon_api, "kurta xl") == ["Biba Anarkali Kurta"]
    # Edits of other fields keep the values in the document.
    services.product_update(product=Product.objects.get(pk=biba.pk), description="Rayon.")
    assert names(anon_api, "kurta xl") == ["Biba Anarkali Kurta"]


def test_a_renamed_category_keeps_its_products_option_values(anon_api, shop):
    category = Category.objects.get(slug="mobile-accessories")
    category.name = "Phone Accessories"
    category.save()
    assert names(anon_api, "black case")[0] == "Spigen Rugged Armor Case"
    assert names(anon_api, "phone black")[0] == "Spigen Rugged Armor Case"


def test_the_values_are_in_the_vocabulary_for_typos(anon_api, shop):
    """A misspelled value is corrected against the index's words, which hold it."""
    create("Nillkin Frosted Case", Category.objects.get(slug="mobile-accessories"),
           options=colours("Charcoal"), age=5)  # fmt: skip
    assert names(anon_api, "charcol case") == ["Nillkin Frosted Case"]


def test_the_document_of_a_product_holds_its_values_once_per_form(shop):
    """The values join the description's part of the document (weight C on PostgreSQL,
    the `description` column on SQLite), lower-cased and without joiners as the rest."""
    product = create(
        "Allen Solly Polo", Category.objects.get(slug="clothing"), options=colours("T-Rex Green")
    )
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute(
                "SELECT search_vector::text FROM catalog_product WHERE id = %s", [product.pk]
            )
            document = cursor.fetchone()[0]
            assert "'trex':" in document and "'t-rex':" in document
            positions = re.search(r"'green':(\S+)", document).group(1).split(",")
            assert len(positions) == 2 and all(p.endswith("C") for p in positions)
        else:
            cursor.execute(
                "SELECT description FROM catalog_product_fts WHERE rowid = %s", [product.pk]
            )
            document = cursor.fetchone()[0]
            assert document.endswith("t-rex green trex green")


def test_the_seeded_demo_catalogue_is_searched_by_its_options(anon_api):
    call_command("seed_demo", products=60, stdout=io.StringIO())
    found = Product.objects.get(name=names(anon_api, "kurta xl")[0])
    assert "kurta" in found.name.lower() or "kurti" in found.name.lower()
    assert "XL" in next(o["values"] for o in found.options if o["name"] == "Size")
    case = Product.objects.get(name=names(anon_api, "black case")[0])
    assert case.name == "Spigen Rugged Armor Case"
    assert "Black" in next(o["values"] for o in case.options if o["name"] == "Colour")


def test_a_product_without_options_is_searched_as_before(anon_api, shop):
    assert names(anon_api, "tempered glass") == ["Generic Tempered Glass Screen Guard"]
    plain = ProductFactory(name="Plain Thing", description="Nothing to choose.")
    assert names(anon_api, "plain thing") == [plain.name]
