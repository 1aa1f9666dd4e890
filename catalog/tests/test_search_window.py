"""Common words on PostgreSQL (issue 17): a search step the planner expects to match at
least SEARCH_COMMON_SHARE of the catalogue is ranked among the newest SEARCH_WINDOW
products when their matches fill the answer; otherwise every match is ranked, as on SQLite.
Small settings stand in for 4,000 products and 4 %: the rule, not the figures, is tested."""

from datetime import timedelta
from urllib.parse import quote

import pytest
from django.db import connection
from django.utils import timezone

from catalog.tests.factories import CategoryFactory, ProductFactory

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="the window is PostgreSQL's (SQLite: no EXPLAIN)"
    ),
]

BASE = "/api/v1/product/search"


def names(client, keyword):
    response = client.get(f"{BASE}/{quote(keyword, safe='')}")
    assert response.status_code == 200, response.content
    return [p["name"] for p in response.json()]


def make(rows):
    """Products from (name, description), oldest first, a minute apart; then ANALYZE, so
    the planner's estimates reflect them."""
    start = timezone.now() - timedelta(days=1)
    category = CategoryFactory(name="Kitchen")
    products = [
        ProductFactory(
            name=name, description=text, category=category, created_at=start + timedelta(minutes=i)
        )
        for i, (name, text) in enumerate(rows)
    ]
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE catalog_product")
    return products


@pytest.fixture
def window(settings):
    settings.SEARCH_WINDOW = 10
    settings.SEARCH_RESULTS_LIMIT = 3
    return settings


@pytest.fixture
def bottles(window):
    """An old bottle named for it, then 150 newer products that only mention bottles (enough
    rows for PostgreSQL to estimate a pattern from its histogram, not a fixed guess)."""
    rows = [("Bottle Classic", "The first one.")]
    rows += [(f"Flask {i}", f"A steel bottle, number {i}.") for i in range(150)]
    return make(rows)


def test_a_common_word_is_ranked_among_the_newest_products(anon_api, window, bottles):
    window.SEARCH_COMMON_SHARE = 0.5  # "bottle" is in every product
    # The old name match is outside the newest 10: the newest description matches answer.
    assert names(anon_api, "bottle") == ["Flask 149", "Flask 148", "Flask 147"]


def test_a_word_below_the_share_ranks_every_match(anon_api, window, bottles):
    window.SEARCH_COMMON_SHARE = 1.5  # no word is that common
    assert names(anon_api, "bottle") == ["Bottle Classic", "Flask 149", "Flask 148"]


def test_the_window_settings_are_part_of_the_cache_key(anon_api, window, bottles):
    window.SEARCH_COMMON_SHARE = 0.5
    assert names(anon_api, "bottle")[0] == "Flask 149"
    window.SEARCH_COMMON_SHARE = 1.5
    assert names(anon_api, "bottle")[0] == "Bottle Classic"
    window.SEARCH_WINDOW = 200  # the whole catalogue: no window
    window.SEARCH_COMMON_SHARE = 0.5
    assert names(anon_api, "bottle")[0] == "Bottle Classic"


def test_a_rare_word_is_found_outside_the_window(anon_api, window, bottles):
    window.SEARCH_COMMON_SHARE = 0.5
    assert names(anon_api, "first") == ["Bottle Classic"]


def test_a_common_word_the_window_cannot_fill_ranks_every_match(anon_api, window):
    window.SEARCH_COMMON_SHARE = 0.1
    # "teapot" is in 20 old products of 32, and in none of the newest 10.
    rows = [(f"Teapot {i}", "Glazed.") for i in range(20)]
    rows += [(f"Cup {i}", "Glazed.") for i in range(12)]
    make(rows)
    assert names(anon_api, "teapot") == ["Teapot 19", "Teapot 18", "Teapot 17"]


def test_the_window_answer_costs_four_queries(anon_api, window, bottles, django_assert_num_queries):
    window.SEARCH_COMMON_SHARE = 0.5
    # The planner's catalogue size and estimate, the window's ids, those products.
    with django_assert_num_queries(4):
        assert len(names(anon_api, "bottle")) == 3


@pytest.mark.parametrize(
    ("keyword", "expected"),
    [("50%", ["Mug 50% off"]), ("5_", ["Mug 5_5"]), ("a\\b", ["Mug a\\b"])],
)
def test_the_window_reads_keywords_literally(anon_api, window, keyword, expected):
    window.SEARCH_COMMON_SHARE = 0.0  # every step takes the window
    window.SEARCH_RESULTS_LIMIT = 1
    rows = [(f"Mug {i}", "Plain.") for i in range(20)]
    rows += [("Mug 50% off", "Sale."), ("Mug 5_5", "Odd."), ("Mug 500", "Big."), ("Mug a\\b", "")]
    make(rows)
    # One answer: a pattern would put the newer "Mug 500" first.
    assert names(anon_api, keyword) == expected


def test_what_the_shopper_meant_fills_up_from_the_window_without_repeats(anon_api, window):
    window.SEARCH_COMMON_SHARE = 0.0
    rows = [("Bottle Steel Old", "Kept.")]
    rows += [(f"Item {i}", "Plain.") for i in range(20)]
    rows += [
        ("Steel Bottle", "Insulated."),  # the literal phrase
        ("Bottle", "Made of steel."),  # both words: name and description
        ("Steel Tiffin", "Holds a bottle."),  # both words
        ("Bottle Brush", "Nylon."),  # one word only
    ]
    make(rows)
    found = names(anon_api, "steel bottle")
    assert found[0] == "Steel Bottle"
    assert sorted(found[1:]) == ["Bottle", "Steel Tiffin"]
    assert "Bottle Steel Old" not in found  # a match, but outside the newest 10
