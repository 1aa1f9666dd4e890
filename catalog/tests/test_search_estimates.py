"""The planner's estimates computed in process (catalog/search/estimates.py): from the
statistics ANALYZE keeps, the same number of rows EXPLAIN gives for a search step, on a
catalogue large enough for histograms and on one too small for them; whatever cannot be
computed so still asks EXPLAIN."""

import pytest
from django.db import connection

from catalog import search
from catalog.search import Node, Term, estimates
from catalog.tests.factories import CategoryFactory, ProductFactory

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's planner"),
]

COLOURS = ["Red", "Ocean Blue", "Teal", "Black", "Rose Pink"]
MODELS = [
    ("Boat Rockerz 450 Headset", "Wireless headset with a long battery."),
    ("Sony Headphones WH 1000", "Noise cancelling over-ear headphones."),
    ("Puma Sneakers", "Classic sneakers, suede finish."),
    ("Campus Running Shoes", "Lightweight running shoes for everyday runs."),
    ("Mi LED Smart TV 4A", "HD-ready smart TV with 20 W stereo speakers."),
    ("Ambrane Power Bank", "Compact power bank, 10000mAh, 50% off_now \\ sale."),
]
KEYWORDS = [
    "headset",
    "head",
    "SNEAKERS",
    "running shoes",
    "smart tv",
    "Ocean Blue",
    "teal",
    "zzz",
    "x",
    "50%",
    "off_now",
    "\\",
    "power bank 10000mah",
    "e",
    "series 1",
]
EXPRESSIONS = [
    Term("headset"),
    Term("zzzz"),
    Term("head", prefix=True),
    Term("s", prefix=True),
    Term("qq", prefix=True),
    Node("and", [Term("running"), Term("shoes")]),
    Node("or", [Term("sneakers"), Term("shoes"), Term("nothing")]),
    Node("and", [Node("or", [Term("mobile"), Term("tv")]), Term("smart", prefix=True)]),
    Node("or", [Node("and", [Term("teal"), Term("red")]), Term("blue")]),
]


def catalogue(size):
    gadgets = CategoryFactory(name="Gadgets")
    for i in range(size):
        name, text = MODELS[i % len(MODELS)]
        colour = COLOURS[i % len(COLOURS)] if i % 7 else "Black"
        ProductFactory(
            name=f"{name} Series {i} ({colour})",
            description=f"{text} Colour: {colour}." if i % 3 else text,
            category=gadgets,
        )


def explained(keyword=None, expression=None):
    if keyword is not None:
        pattern = f"%{connection.ops.prep_for_like_query(keyword)}%"
        return search._estimate(search._LITERAL_ESTIMATE_SQL, [pattern, pattern])
    return search._estimate(
        search._MATCH_ESTIMATE_SQL, [search._render(expression, vendor="postgresql")]
    )


@pytest.mark.parametrize("size", [40, 90, 260])
def test_the_held_estimates_are_explains(planner_statistics, size):
    # 40 and 90 rows: a histogram too small to trust alone; 260: one of 101 bounds.
    catalogue(size)
    planner_statistics()
    held = search.load_statistics()
    assert held is not None
    assert len(held.name.histogram) == min(size, 101)
    assert held.description.common  # the repeated descriptions
    for keyword in KEYWORDS:
        assert held.literal_rows(keyword) == explained(keyword=keyword), keyword
    for expression in EXPRESSIONS:
        assert held.match_rows(expression) == explained(expression=expression), expression
    # The figures vary: they are the statistics', not a constant.
    assert len({held.literal_rows(k) for k in KEYWORDS}) > 3
    assert len({held.match_rows(e) for e in EXPRESSIONS}) > 3


def test_a_step_estimate_reads_the_held_statistics(planner_statistics, monkeypatch):
    catalogue(120)
    planner_statistics()
    assert search.held_statistics() is not None
    monkeypatch.setattr(estimates, "_estimate", lambda *a: pytest.fail("asked EXPLAIN"))
    assert search.estimated_literal_rows("Headset") > 1
    assert search.estimated_match_rows(Term("headset")) > 1


def test_what_the_held_statistics_cannot_answer_asks_explain(planner_statistics, settings):
    catalogue(120)
    planner_statistics()
    for keyword in ["héadset", "çay"]:
        assert search.estimated_literal_rows(keyword) == explained(keyword=keyword)
    word = Term("çay")
    assert search.estimated_match_rows(word) == explained(expression=word)
    settings.CATALOG_CACHE_SECONDS = 0  # nothing held: every estimate is EXPLAIN's
    assert search.held_statistics() is None
    assert search.estimated_match_rows(Term("headset")) == explained(expression=Term("headset"))


def test_before_the_first_analyze_the_planner_is_asked(monkeypatch):
    catalogue(30)
    with connection.cursor() as cursor:
        # What pg_class holds for a table never analyzed (undone with the test's
        # transaction); the planner then guesses from the table's pages.
        cursor.execute("UPDATE pg_class SET reltuples = -1 WHERE oid = 'catalog_product'::regclass")
    assert search.load_statistics() is None
    asked = []
    monkeypatch.setattr(estimates, "_estimate", lambda sql, params: asked.append(params) or 7)
    assert search.estimated_match_rows(Term("headset")) == 7
    assert asked
