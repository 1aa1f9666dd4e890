"""Search finds what shoppers mean: every word in any order, typos, joined and
split words, punctuation, plurals; the literal matches still first; the answer still a
bare list; the index kept in step by the database. Runs on SQLite and PostgreSQL alike
(DATABASE_URL)."""

from datetime import timedelta
from urllib.parse import quote, unquote

import pytest
from django.db import connection
from django.utils import timezone

from catalog.models import Category, Product
from catalog.tests.factories import PARTS, CategoryFactory, ProductFactory
from catalog.tests.test_search import SIZE_QUERY

pytestmark = pytest.mark.django_db

BASE = "/api/v1/product/search"
SUGGEST = "/api/v1/product/suggest"


def get(client, keyword):
    response = client.get(f"{BASE}/{quote(keyword, safe='')}")
    assert response.status_code == 200, response.content
    return response


def names(client, keyword):
    body = get(client, keyword).json()
    assert isinstance(body, list)
    return [p["name"] for p in body]


@pytest.fixture
def shop():
    """A small catalogue like the demo one, oldest first."""
    start = timezone.now() - timedelta(days=1)
    phones = CategoryFactory(name="Smartphones", slug="smartphones")
    clothing = CategoryFactory(name="Clothing", slug="clothing")
    footwear = CategoryFactory(name="Footwear", slug="footwear")
    gadgets = CategoryFactory(name="Mobile Accessories", slug="mobile-accessories")
    rows = [
        ("Samsung Galaxy M34 5G", phones, "6000 mAh battery and a Super AMOLED display."),
        ("Apple iPhone 15", phones, "Dynamic Island and a 48 MP main camera."),
        ("OnePlus Nord CE 3 Lite", phones, "120 Hz display and 67 W charging."),
        ("Jockey Round Neck Cotton T-Shirt", clothing, "Super-combed cotton tee."),
        ("Levi's 511 Slim Jeans", clothing, "Stretch denim jeans with a slim fit."),
        ("FabIndia Cotton Kurta", clothing, "Hand-block printed cotton kurta."),
        ("Campus North Plus Running Shoes", footwear, "Lightweight running shoes."),
        ("Sparx Flip-Flops", footwear, "Everyday rubber flip-flops."),
        ("Ambrane Power Bank 10000mAh", gadgets, "Compact power bank with fast charging."),
        ("Stuffcool Pop Grip Phone Stand", gadgets, "A grip that sticks to any phone."),
        ("Samsung Phone Cover", gadgets, "Slim case that fits the Galaxy M34."),
    ]
    return {
        name: ProductFactory(
            name=name, category=category, description=text, created_at=start + timedelta(hours=i)
        )
        for i, (name, category, text) in enumerate(rows)
    }


@pytest.mark.parametrize(
    "keyword, wanted",
    [
        ("samsng galaxy", "Samsung Galaxy M34 5G"),  # a letter missing
        ("galaxy samsung", "Samsung Galaxy M34 5G"),  # words in another order
        ("smasung galaxy", "Samsung Galaxy M34 5G"),  # two letters swapped
        ("iphon 15", "Apple iPhone 15"),
        ("ipone", "Apple iPhone 15"),
        ("kurtha", "FabIndia Cotton Kurta"),  # Hinglish spelling
        ("runing shoes", "Campus North Plus Running Shoes"),
        ("running shoe", "Campus North Plus Running Shoes"),  # singular
        ("powerbank", "Ambrane Power Bank 10000mAh"),  # joined
        ("power bank", "Ambrane Power Bank 10000mAh"),
        ("tshirt", "Jockey Round Neck Cotton T-Shirt"),  # punctuation ignored
        ("t shirt", "Jockey Round Neck Cotton T-Shirt"),
        ("flip flops", "Sparx Flip-Flops"),
        ("flipflop", "Sparx Flip-Flops"),
        ("levis jeans", "Levi's 511 Slim Jeans"),
        ("one plus nord", "OnePlus Nord CE 3 Lite"),  # split
        ("chappal", "Sparx Flip-Flops"),
        ("samsung 4k galaxy", "Samsung Galaxy M34 5G"),  # a word nothing has is let go
    ],
)
def test_the_product_meant_is_first(anon_api, shop, keyword, wanted):
    assert names(anon_api, keyword)[0] == wanted


def test_every_word_must_match_somewhere(anon_api, shop):
    # "samsung" alone finds both; with "galaxy" the cover (which says Galaxy only in its
    # description) still matches, after the phone whose name has both words.
    assert names(anon_api, "galaxy samsung") == ["Samsung Galaxy M34 5G", "Samsung Phone Cover"]
    assert names(anon_api, "samsung cover") == ["Samsung Phone Cover"]


def test_name_outranks_category_outranks_description(anon_api, shop):
    # "phone": the stand's and the cover's names say it, the smartphones only their
    # category, and no description says it alone.
    results = names(anon_api, "phone")
    assert results[:2] == ["Samsung Phone Cover", "Stuffcool Pop Grip Phone Stand"]
    assert set(results[2:5]) == {
        "Samsung Galaxy M34 5G",
        "Apple iPhone 15",
        "OnePlus Nord CE 3 Lite",
    }


def test_literal_matches_still_come_first(anon_api, shop):
    ProductFactory(
        name="Cotton Gloves", description="Warm.", category=shop["Sparx Flip-Flops"].category
    )
    # "cotton": the literal contract order (name starts with it, name has it, newest
    # first; then descriptions) and nothing fuzzy mixed in before them.
    results = names(anon_api, "cotton")
    assert results == ["Cotton Gloves", "FabIndia Cotton Kurta", "Jockey Round Neck Cotton T-Shirt"]


def test_a_misspelled_search_says_what_it_searched(anon_api, shop):
    response = get(anon_api, "samsng galaxy")
    assert unquote(response["X-Search-Corrected"]) == "samsung galaxy"
    # The body is still the contract's bare list.
    assert isinstance(response.json(), list)


def test_a_search_spelled_right_has_no_correction(anon_api, shop):
    assert "X-Search-Corrected" not in get(anon_api, "samsung galaxy")
    assert "X-Search-Corrected" not in get(anon_api, "powerbank")


def test_short_words_are_never_corrected(anon_api, shop):
    # Three letters allow no typo: "5h" is not "5g", "lit" is not "lite".
    assert names(anon_api, "lyt") == []
    assert names(anon_api, "xyz") == []


@pytest.mark.parametrize(
    "keyword, expected",
    [
        ("%", []),
        ("_", []),
        ("'", ["Levi's 511 Slim Jeans"]),  # literally there
        ("levi's", ["Levi's 511 Slim Jeans"]),
        ('"', []),
        (".*", []),
        ("(", []),
        ("[a-z]", []),
        ("\\", []),
        ("a%b", []),
        ("'--", []),
        ("|", []),
        ("&", []),
    ],
)
def test_special_characters_are_text_not_syntax(anon_api, shop, keyword, expected):
    # Neither LIKE, tsquery, FTS5 nor regular-expression syntax leaks through.
    assert names(anon_api, keyword) == expected


@pytest.mark.parametrize(
    "keyword",
    [
        'samsung "galaxy',
        "galaxy' | samsung",
        "samsung & !galaxy",
        "NEAR(galaxy samsung)",
        "galaxy*",
    ],
)
def test_query_syntax_in_words_is_ignored(anon_api, shop, keyword):
    assert names(anon_api, keyword)[0] == "Samsung Galaxy M34 5G"


def test_a_fuzzy_search_costs_four_queries(anon_api, shop, django_assert_num_queries):
    # The literal match, the vocabulary look-up, the ranked match (ids), those products.
    with django_assert_num_queries(4 + SIZE_QUERY + PARTS):
        assert names(anon_api, "samsng galaxy")[0] == "Samsung Galaxy M34 5G"


def test_a_search_where_no_word_matches_together_costs_four(
    anon_api, shop, django_assert_num_queries
):
    # ... and when all the words find nothing together, one more for any of them, which
    # reads its products itself (nothing was found before it).
    with django_assert_num_queries(4 + SIZE_QUERY + PARTS):
        found = names(anon_api, "levis kurta")
    assert set(found) == {"FabIndia Cotton Kurta", "Levi's 511 Slim Jeans"}


def test_results_stay_capped_with_fuzzy_matches(anon_api, settings, shop):
    settings.SEARCH_RESULTS_LIMIT = 2
    assert len(names(anon_api, "phone")) == 2


def test_the_index_follows_writes(anon_api, shop):
    kurta = shop["FabIndia Cotton Kurta"]
    kurta.name = "FabIndia Linen Sherwani"
    kurta.description = "Hand-woven linen."
    kurta.save()
    assert names(anon_api, "sherwani") == ["FabIndia Linen Sherwani"]
    assert suggest(anon_api, "sherw") == [
        ("category", "Clothing"),
        ("product", "FabIndia Linen Sherwani"),
    ]
    assert names(anon_api, "kurtha") == []
    # A renamed category is searched by its new name.
    Category.objects.filter(slug="footwear").update(name="Shoes and Sandals")
    category = Category.objects.get(slug="footwear")
    category.name = "Chaussures"
    category.save()
    assert set(names(anon_api, "chaussures")) == {
        "Campus North Plus Running Shoes",
        "Sparx Flip-Flops",
    }
    Product.objects.filter(name="Sparx Flip-Flops").delete()
    assert names(anon_api, "flipflops") == []


def test_the_database_keeps_the_index(db):
    """The triggers that keep the index are there (a migration that rebuilds the product
    table on SQLite would drop them: see migration 0003_i18_search_index)."""
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute(
                "SELECT tgname FROM pg_trigger WHERE tgname LIKE 'catalog_%%_search_trg'"
            )
            expected = {"catalog_product_search_trg", "catalog_category_search_trg"}
        else:
            cursor.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'")
            expected = {
                "catalog_product_fts_ai",
                "catalog_product_fts_au",
                "catalog_product_fts_ad",
                "catalog_category_fts_au",
            }
        assert expected <= {row[0] for row in cursor.fetchall()}


# --- suggestions ------------------------------------------------------------------------


def suggest(client, text):
    response = client.get(SUGGEST, {"q": text})
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["success"] is True
    return [(s["type"], s["name"]) for s in body["suggestions"]]


def test_suggestions_complete_a_prefix(anon_api, shop):
    found = suggest(anon_api, "sams")
    # The categories of the best matches first, then the products.
    assert found[:2] == [("category", "Mobile Accessories"), ("category", "Smartphones")]
    assert ("product", "Samsung Galaxy M34 5G") in found
    assert ("product", "Samsung Phone Cover") in found
    assert all(kind in ("category", "product") for kind, _ in found)


def test_suggestions_forgive_a_misspelled_prefix(anon_api, shop):
    assert ("product", "Samsung Galaxy M34 5G") in suggest(anon_api, "samsn")
    assert ("product", "Apple iPhone 15") in suggest(anon_api, "ipho")


def test_suggestions_carry_slugs_and_are_at_most_eight(anon_api, db):
    phones = CategoryFactory(name="Smartphones", slug="smartphones")
    ProductFactory.create_batch(12, category=phones, description="A phone.")
    body = anon_api.get(SUGGEST, {"q": "prod"}).json()
    assert len(body["suggestions"]) == 8
    product = next(s for s in body["suggestions"] if s["type"] == "product")
    assert Product.objects.filter(slug=product["slug"], name=product["name"]).exists()


def test_suggestions_cost_two_queries(anon_api, shop, django_assert_num_queries):
    with django_assert_num_queries(2):
        assert suggest(anon_api, "kurt")


@pytest.mark.parametrize("text", ["", "   ", "a", "%", "'", "x" * 200])
def test_blank_or_hopeless_text_suggests_nothing(anon_api, shop, text):
    assert suggest(anon_api, text) == []


def test_no_text_at_all_suggests_nothing(anon_api, shop):
    response = anon_api.get(SUGGEST)
    assert response.status_code == 200
    assert response.json() == {"success": True, "suggestions": []}


def test_overlong_text_is_400_in_the_error_shape(anon_api):
    response = anon_api.get(SUGGEST, {"q": "x" * 201})
    assert response.status_code == 400
    assert response.json()["success"] is False


def test_another_origin_may_read_the_correction(anon_api, shop, settings):
    settings.CORS_ALLOWED_ORIGINS = ["https://shop.example.com"]
    response = anon_api.get(
        f"{BASE}/{quote('samsng galaxy')}", HTTP_ORIGIN="https://shop.example.com"
    )
    assert "x-search-corrected" in response["Access-Control-Expose-Headers"].lower()


def test_a_search_sent_before_the_last_word_was_finished_reads_it_as_a_start(
    anon_api, shop, django_assert_num_queries
):
    # Nothing matches "samsn" as a word (two edits from samsung): the literal match, the
    # vocabulary, then the last word as a prefix (vocabulary, and the match with its
    # products). PostgreSQL reads its vocabulary once and holds it (catalog/search/vocabulary.py).
    vocabulary_reads = 1 if connection.vendor == "postgresql" else 2
    with django_assert_num_queries(2 + vocabulary_reads + SIZE_QUERY + PARTS):
        response = get(anon_api, "samsn")
    assert {p["name"] for p in response.json()} == {"Samsung Galaxy M34 5G", "Samsung Phone Cover"}
    assert unquote(response["X-Search-Corrected"]) == "samsung"
