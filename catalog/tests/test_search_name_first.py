"""A product whose name holds what was searched ranks above one that holds it only in its
description, whichever step found each (catalog/search/ranking.py); within each part
the steps' order stays. Runs on SQLite and PostgreSQL alike (DATABASE_URL)."""

import io
from datetime import timedelta
from urllib.parse import unquote

import pytest
from django.core.management import call_command
from django.utils import timezone

from catalog import search
from catalog.models import Product
from catalog.search import Node, Term
from catalog.tests.factories import CategoryFactory, ProductFactory
from catalog.tests.test_search_meaning import get, names

pytestmark = pytest.mark.django_db


@pytest.fixture
def computers():
    """The demo's laptop and pen drive, the laptop named as a laptop and the older of the
    two, with a stand whose description names the laptop."""
    start = timezone.now() - timedelta(days=1)
    category = CategoryFactory(name="Computer Accessories", slug="computer-accessories")
    rows = [
        ("Lenovo IdeaPad Slim 3 Laptop", "15.6-inch FHD laptop with Ryzen 5 and a 512 GB SSD."),
        ("Portronics My Buddy Stand", "Aluminium stand that lifts a Lenovo laptop to eye level."),
        (
            "SanDisk Ultra Dual Drive 64GB",
            "USB Type-C and Type-A flash drive for phones and laptops.",
        ),
    ]
    for hours, (name, description) in enumerate(rows):
        ProductFactory(
            name=name,
            description=description,
            category=category,
            created_at=start + timedelta(hours=hours),
        )


def test_a_name_holding_another_form_of_the_word_ranks_above_a_description(anon_api, computers):
    # The pen drive holds `laptops` as typed (a literal match, newest); the laptop holds
    # its singular in the name (a close match): the name comes first.
    assert names(anon_api, "laptops") == [
        "Lenovo IdeaPad Slim 3 Laptop",
        "SanDisk Ultra Dual Drive 64GB",
        "Portronics My Buddy Stand",
    ]


def test_a_name_holding_the_words_apart_ranks_above_a_description_holding_them_together(
    anon_api, computers
):
    # Only the stand's description holds `lenovo laptop` as typed; the laptop's name
    # holds both words with others between.
    assert names(anon_api, "lenovo laptop") == [
        "Lenovo IdeaPad Slim 3 Laptop",
        "Portronics My Buddy Stand",
    ]


def test_the_literal_order_stays_among_names_and_among_descriptions(anon_api, computers):
    # A name holding it first, then the descriptions newest first, as before.
    assert names(anon_api, "laptop") == [
        "Lenovo IdeaPad Slim 3 Laptop",
        "SanDisk Ultra Dual Drive 64GB",
        "Portronics My Buddy Stand",
    ]


def test_a_misspelled_search_puts_the_name_holding_its_correction_first(anon_api, computers):
    response = get(anon_api, "lenova laptpo")
    assert [p["name"] for p in response.json()] == [
        "Lenovo IdeaPad Slim 3 Laptop",
        "Portronics My Buddy Stand",
    ]
    assert unquote(response.headers["X-Search-Corrected"]) == "lenovo laptop"


def test_a_misspelled_word_alone_ranks_the_names_holding_it_first(anon_api, computers):
    # The stand is newer, and its description holds the correction as well.
    assert names(anon_api, "leptop") == [
        "Lenovo IdeaPad Slim 3 Laptop",
        "Portronics My Buddy Stand",
    ]


def test_the_demo_catalogue_lists_every_name_holding_the_search_first(anon_api, planner_statistics):
    # seed_demo analyzes the catalogue on PostgreSQL; the fixture leaves an empty,
    # analyzed catalogue behind for the next test.
    call_command("seed_demo", products=60, stdout=io.StringIO())
    queries = ["laptop", "laptops", "drive", "case", "phone", "cotton shirt", "samsng", "usb"]
    for query in queries:
        found = names(anon_api, query)
        assert found, query
        expression = search.plan(query).expression
        holding = [search.name_holds(name, query, expression) for name in found]
        # Every name holding it before every one that does not.
        assert holding == sorted(holding, reverse=True), (query, found)
    # The shopper's complaint: "laptop" listed the pen drive (whose description mentions
    # laptops, and which is newer) above the laptop. The laptop is named as one, as shops
    # name them, so it comes first.
    laptop = Product.objects.get(name="Lenovo IdeaPad Slim 3 Laptop")
    drive = Product.objects.get(name="SanDisk Ultra Dual Drive 64GB")
    assert drive.created_at > laptop.created_at
    assert names(anon_api, "laptop") == [laptop.name, drive.name]
    assert names(anon_api, "lenovo laptop")[0] == laptop.name


def test_a_name_holds_its_words_split_and_joined():
    words = search.ranking.name_words("Jockey Round Neck T-Shirt")
    assert {"t", "shirt", "tshirt", "jockey"} <= words
    either = Node("or", [Term("tshirt"), Node("and", [Term("polo"), Term("shirt")])])
    assert search.name_holds("Jockey Round Neck T-Shirt", "tee", Node("and", [either]))
    assert search.name_holds("Jockey Round Neck T-Shirt", "NECK t-", None)
    assert search.name_holds("Jockey Round Neck", "x", Node("and", [Term("jock", prefix=True)]))
    assert not search.name_holds("Jockey Round Neck", "x", Node("and", [Term("jock")]))
    assert not search.name_holds("Jockey Round Neck", "x", None)
