"""Common words on PostgreSQL: a search step ranks its newest SEARCH_RANKED_MATCHES
matches. A step the planner expects to match many products finds them in a window of the
newest products, expected to hold SEARCH_WINDOW_MARGIN times the answer, when that window
is smaller than the matches; otherwise through its index. Either way the answer is the
same: the statistics choose the cost, never the result. Small answers stand in for 50
and catalogues of 150-200 for 100,000: the rule, not the figures."""

from datetime import timedelta
from urllib.parse import quote

import pytest
from django.db import connection
from django.utils import timezone

from catalog.models import Product
from catalog.search import LOOSENED_REACH, window_size
from catalog.selectors.rows import _step_rows
from catalog.tests.factories import CategoryFactory, ProductFactory

BASE = "/api/v1/product/search"
on_postgresql = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="the window is PostgreSQL's (SQLite: no EXPLAIN)"
)


@pytest.mark.parametrize(
    ("matching", "total", "expected"),
    [
        (100_000, 100_000, 200),  # every product: 4 x 50 newest rows
        (10_000, 100_000, 2_000),  # a tenth: ten times the window
        (4_500, 100_000, 4_445),  # just above sqrt(4 x 50 x 100,000): still smaller
        (4_400, 100_000, None),  # just below: ranking the matches reads fewer rows
        (14_200, 1_000_000, 14_085),
        (14_100, 1_000_000, None),
        (0, 100_000, None),
        (150_000, 100_000, 200),  # an estimate above the catalogue's size
    ],
)
def test_the_window_is_used_when_it_reads_fewer_rows_than_the_matches(matching, total, expected):
    assert window_size(matching=matching, total=total, limit=50, margin=4) == expected


@pytest.mark.parametrize(
    ("matching", "reach", "expected"),
    [
        (3_500, 1.0, None),  # 5,715 rows to read for 3,500 matches: rank the matches
        (3_500, LOOSENED_REACH, 5_715),  # the loosened step reads them: fewer than 8,750
        (2_900, LOOSENED_REACH, 6_897),
        (2_800, LOOSENED_REACH, None),  # 7,143 rows, no fewer than 2.5 x 2,800
    ],
)
def test_the_loosened_step_reads_a_window_up_to_its_reach(matching, reach, expected):
    assert LOOSENED_REACH == 2.5
    assert window_size(matching=matching, total=100_000, limit=50, margin=4, reach=reach) == (
        expected
    )


@pytest.mark.parametrize(("margin", "limit"), [(0, 50), (-1, 50), (4, 0)])
def test_no_window_for_settings_that_could_not_fill_one(margin, limit):
    # A window of 0 rows would come back short and "grow" to 0 again, for ever.
    assert window_size(matching=50_000, total=100_000, limit=limit, margin=margin) is None


def test_a_window_is_never_smaller_than_the_answer():
    assert window_size(matching=90_000, total=100_000, limit=50, margin=0.01) == 50


def named(ids):
    """(id, name) of `ids`, in their order."""
    names = dict(Product.objects.filter(pk__in=list(ids)).values_list("id", "name"))
    return [(pk, names[pk]) for pk in ids]


def names(client, keyword):
    response = client.get(f"{BASE}/{quote(keyword, safe='')}")
    assert response.status_code == 200, response.content
    return [p["name"] for p in response.json()]


@pytest.fixture
def make(planner_statistics):
    """Products from (name, description), oldest first, a minute apart; then ANALYZE, so
    the planner's estimates reflect them (from 100 distinct rows on, it estimates a
    pattern from its histogram instead of a fixed guess)."""

    def make(rows):
        start = timezone.now() - timedelta(days=1)
        category = CategoryFactory(name="Kitchen")
        products = [
            ProductFactory(
                name=name,
                description=text,
                category=category,
                created_at=start + timedelta(minutes=i),
            )
            for i, (name, text) in enumerate(rows)
        ]
        planner_statistics()
        return products

    return make


@pytest.fixture
def answer(settings):
    settings.SEARCH_RESULTS_LIMIT = 3
    settings.SEARCH_RANKED_MATCHES = 6
    settings.SEARCH_WINDOW_MARGIN = 4
    return settings


@pytest.fixture
def bottles(answer, make):
    """An old bottle named for it, then 150 newer products that only mention bottles."""
    rows = [("Bottle Classic", "The first one.")]
    rows += [(f"Flask {i}", f"A steel bottle, number {i}.") for i in range(150)]
    return make(rows)


@on_postgresql
@pytest.mark.django_db
def test_a_common_word_is_ranked_among_its_newest_matches(anon_api, bottles):
    # "bottle" is in all 151: the newest 6 are ranked (read from a window of the newest
    # 12, 4 x 3); the old name match is not among them, so the newest description matches
    # answer.
    assert names(anon_api, "bottle") == ["Flask 149", "Flask 148", "Flask 147"]


@on_postgresql
@pytest.mark.django_db
def test_how_matches_are_read_never_changes_the_answer(
    anon_api, answer, bottles, django_assert_num_queries
):
    newest = ["Flask 149", "Flask 148", "Flask 147"]
    answer.SEARCH_WINDOW_MARGIN = 60  # 180 rows to read for 151 matches: the index instead
    assert names(anon_api, "bottle") == newest
    # Ranking every match (more of them than there are) puts the old name first.
    answer.SEARCH_RANKED_MATCHES = 200
    for margin in (4, 60):
        answer.SEARCH_WINDOW_MARGIN = margin
        assert names(anon_api, "bottle") == ["Bottle Classic", "Flask 149", "Flask 148"]


@on_postgresql
@pytest.mark.django_db
def test_the_settings_that_shape_an_answer_are_part_of_the_cache_key(anon_api, answer, bottles):
    answer.CATALOG_CACHE_SECONDS = 300
    assert names(anon_api, "bottle")[0] == "Flask 149"
    answer.SEARCH_RANKED_MATCHES = 200
    assert names(anon_api, "bottle")[0] == "Bottle Classic"


@on_postgresql
@pytest.mark.django_db
def test_a_rare_word_is_found_outside_the_window(anon_api, bottles):
    assert names(anon_api, "first") == ["Bottle Classic"]


@on_postgresql
@pytest.mark.django_db
def test_a_common_word_the_window_cannot_fill_ranks_every_match(anon_api, answer, make):
    answer.SEARCH_WINDOW_MARGIN = 2
    # "teapot" is in 20 old products of 32 (a window of 10), and in none of the newest 12.
    rows = [(f"Teapot {i}", "Glazed.") for i in range(20)]
    rows += [(f"Cup {i}", "Glazed.") for i in range(12)]
    make(rows)
    assert names(anon_api, "teapot") == ["Teapot 19", "Teapot 18", "Teapot 17"]


@pytest.fixture
def jugs(answer, make):
    """200 products: an old bottle named for it, 160 spoons, then the 39 newest glazed
    jugs. No product is both a bottle and glazed."""
    rows = [("Bottle Classic", "The first one.")]
    rows += [(f"Spoon {i}", "Plain.") for i in range(160)]
    rows += [(f"Jug {i}", "A glazed jug.") for i in range(39)]
    return make(rows)


@on_postgresql
@pytest.mark.django_db
def test_the_loosened_step_reads_a_window_of_up_to_its_reach_in_rows(
    anon_api, answer, jugs, read_as
):
    # "bottle glazed" finds nothing with both words; loosened, it matches 40 products. A
    # window to hold 4 x 3 of them is the newest 60 rows: more than the 40 matches, fewer
    # than 2.5 x 40, so the loosened step reads the window, where a step that must hold
    # every word (reach 1) reads its index.
    assert names(anon_api, "bottle glazed") == ["Jug 38", "Jug 37", "Jug 36"]
    assert ("window", 60) in read_as


@on_postgresql
@pytest.mark.django_db
def test_past_its_reach_the_loosened_step_reads_the_index_and_answers_the_same(
    anon_api, answer, jugs, read_as
):
    answer.SEARCH_WINDOW_MARGIN = 10  # 150 rows to read: no fewer than 2.5 x 40
    assert names(anon_api, "bottle glazed") == ["Jug 38", "Jug 37", "Jug 36"]
    assert read_as and all(how == "ranked" for how, _ in read_as)


@pytest.fixture
def read_as(monkeypatch):
    """How the match steps were read: ("window", rows) or ("ranked", None), in order."""
    from catalog import search

    seen = []
    window, ranked = search.match_window, search.match_ranked

    def spy_window(expression, *, window: int, **kwargs):
        seen.append(("window", window))
        return window_read(expression, window=window, **kwargs)

    def spy_ranked(expression, **kwargs):
        seen.append(("ranked", None))
        return ranked(expression, **kwargs)

    window_read = window
    monkeypatch.setattr(search, "match_window", spy_window)
    monkeypatch.setattr(search, "match_ranked", spy_ranked)
    return seen


@on_postgresql
@pytest.mark.django_db
def test_a_short_window_is_read_again_eight_times_larger(
    anon_api, answer, make, django_assert_num_queries
):
    rows = [("Bottle Classic", "The first one.")]
    rows += [(f"Flask {i}", f"A steel bottle, number {i}.") for i in range(150)]
    rows += [(f"Cup {i}", "Plain.") for i in range(20)]  # the newest 14 (the window) and more
    make(rows)
    # The size and the statistics, a window of 14 (no bottle), one of 112, those products.
    with django_assert_num_queries(5):
        assert names(anon_api, "bottle") == ["Flask 149", "Flask 148", "Flask 147"]


@on_postgresql
@pytest.mark.django_db
def test_a_short_window_is_read_again_while_under_its_regrow_reach(
    anon_api, answer, make, monkeypatch
):
    from catalog import search

    rows = [("Bottle Classic", "The first one.")]
    rows += [(f"Flask {i}", f"A steel bottle, number {i}.") for i in range(109)]
    rows += [(f"Cup {i}", "Plain.") for i in range(90)]  # the newest 90: no bottle
    make(rows)
    read = []
    window, ranked = search.literal_window, search.literal_ranked
    monkeypatch.setattr(
        search,
        "literal_window",
        lambda keyword, *, window, limit: (
            read.append(window) or window_read(keyword, window=window, limit=limit)
        ),
    )
    monkeypatch.setattr(
        search,
        "literal_ranked",
        lambda keyword, *, limit: read.append("ranked") or ranked(keyword, limit=limit),
    )
    window_read = window

    # 110 matches of 200: a window of 22 (cups only) comes back short. Eight times that,
    # 176 rows, is more than the matches but under REGROW_REACH (2.5) times them: read
    # rather than every match, and it answers as the ranking of every match would.
    assert names(anon_api, "bottle") == ["Flask 108", "Flask 107", "Flask 106"]
    assert read == [22, 176]
    assert 110 < 176 < search.REGROW_REACH * 110


@on_postgresql
@pytest.mark.django_db
def test_the_window_answer_costs_four_queries(anon_api, bottles, django_assert_num_queries):
    # The planner's catalogue size and statistics, the window's ids, those products.
    with django_assert_num_queries(4):
        assert len(names(anon_api, "bottle")) == 3


@on_postgresql
@pytest.mark.django_db
def test_the_catalogue_size_is_read_once_a_catalogue_version(
    anon_api, bottles, settings, django_assert_num_queries
):
    settings.CATALOG_CACHE_SECONDS = 300
    names(anon_api, "bottle")
    # Another search: its window, those products; the size and the planner's statistics
    # (its estimate) are the ones held for this catalogue version.
    with django_assert_num_queries(2):
        assert len(names(anon_api, "steel")) == 3
    ProductFactory(name="Flask Newest", description="A steel bottle.")  # a new version
    with django_assert_num_queries(4):
        assert names(anon_api, "steel")[0] == "Flask Newest"


@on_postgresql
@pytest.mark.django_db
@pytest.mark.parametrize(
    ("keyword", "common", "decoy"),
    [
        ("50%", "Mug 50% off", "Mug 500"),
        ("5_", "Mug 5_5", "Mug 500"),
        ("a\\b", "Mug a\\b", "Mug ab"),
    ],
)
def test_the_window_reads_keywords_literally(anon_api, answer, make, keyword, common, decoy):
    answer.SEARCH_RESULTS_LIMIT = 1
    # 150 hold the keyword, then the newest holds what the keyword would match as a
    # pattern: read as one, the decoy would come first (same rank, newer).
    rows = [(f"Plain Mug {i}", "Plain.") for i in range(50)]
    rows += [(f"{common} {i}", "Sale.") for i in range(150)]
    rows += [(decoy, "Big.")]
    make(rows)
    assert names(anon_api, keyword) == [f"{common} 149"]


@on_postgresql
@pytest.mark.django_db
def test_what_the_shopper_meant_fills_up_from_the_window_without_repeats(anon_api, answer, make):
    rows = [("Bottle of Steel", "Old.")]  # both words in the name: the best rank, but old
    rows += [(f"Bottle {i}", "Made of steel.") for i in range(150)]
    rows += [("Steel Bottle", "Insulated.")]  # the literal phrase
    make(rows)
    assert names(anon_api, "steel bottle") == ["Steel Bottle", "Bottle 149", "Bottle 148"]
    answer.SEARCH_WINDOW_MARGIN = 100  # read through the index: the same answer
    assert names(anon_api, "steel bottle") == ["Steel Bottle", "Bottle 149", "Bottle 148"]
    answer.SEARCH_RANKED_MATCHES = 200  # every match ranked: the old name comes second
    assert names(anon_api, "steel bottle") == ["Steel Bottle", "Bottle of Steel", "Bottle 149"]


@on_postgresql
@pytest.mark.django_db
@pytest.mark.parametrize(
    "keyword",
    ["mug", "MUG", "Mug 5", "50%", "5_", "a\\b", "chai", "Çay", "ug", "sale", "zzz", "%", "_"],
)
def test_the_written_out_literal_ranking_is_the_orms(make, settings, keyword):
    # search.literal_ranked and literal_window (fixed SQL, the rank by `strpos`) against
    # the ORM's istartswith/icontains ranking of the newest matches: the same ids in the
    # same order, the keyword never read as a pattern; a window holding the newest
    # matches answers as the index does, one that does not answers nothing.
    from django.db.models import Case, IntegerField, Value, When

    from catalog.search import literal_ranked, literal_window

    rows = [(f"Mug {i}", "Sale.") for i in range(20)]
    rows += [("Mug 50% off", "A mug."), ("Mug 5_5", "Tea."), ("Mug a\\b", "Odd."), ("Mug ab 2", "")]
    rows += [("Chai Cup", "A mug for çay."), ("Çay Glass", "Turkish."), ("Plain Bowl", "MUG-like.")]
    rows += [("Big mug", "Sale."), ("Tea MUG 5", "")]  # newest, the keyword inside the name
    make(rows)
    rank = Case(
        When(name__istartswith=keyword, then=Value(0)),
        When(name__icontains=keyword, then=Value(1)),
        default=Value(2),
        output_field=IntegerField(),
    )
    matches = Product.objects.filter_by_keyword(keyword).annotate(rank=rank)
    for limit, ranked in ((3, 5), (3, 100), (50, 100)):
        settings.SEARCH_RESULTS_LIMIT, settings.SEARCH_RANKED_MATCHES = limit, ranked
        newest = matches.order_by("-created_at", "-id")[:ranked]
        orm = sorted(newest, key=lambda p: (p.rank, -p.created_at.timestamp(), -p.pk))
        expected = [p.pk for p in orm[:limit]]
        assert literal_ranked(keyword, limit=limit) == expected, (keyword, limit, ranked)
        windowed = literal_window(keyword, window=len(rows), limit=limit)
        held = len(newest) >= ranked  # the window holds the newest `ranked` matches
        assert windowed == (expected if held else []), (keyword, limit, ranked)


@on_postgresql
@pytest.mark.django_db
@pytest.mark.parametrize("query", ["mug", "mug tea", "mugs", "chai", "bowl plain", "bowl tea"])
def test_the_written_out_match_ranking_is_the_orms(make, query, settings):
    # search.match_ranked (fixed SQL) against match_query's ranking of every match, which
    # it is while the matches are no more than SEARCH_RANKED_MATCHES: the same ids in the
    # same order, with and without products left out.
    from catalog import search

    settings.SEARCH_RANKED_MATCHES = 100
    rows = [(f"Mug {i}", "Tea." if i % 3 else "Sale.") for i in range(20)]
    rows += [("Tea Glass", "Not a mug."), ("Chai Cup", "A mug for tea."), ("Plain Bowl", "")]
    make(rows)
    expression = search.plan(query).expression
    assert expression is not None
    ranked = search.match_query(Product.objects.all(), expression)
    everything = list(ranked.values_list("id", flat=True))
    assert bool(everything) == (query != "bowl tea")  # no product holds both of those
    for limit, exclude in ((3, []), (50, []), (50, everything[:2]), (5, everything[1:4])):
        orm = list(ranked.exclude(pk__in=exclude).values_list("id", flat=True)[:limit])
        written = search.match_ranked(expression, limit=limit, exclude=exclude)
        assert written == orm, (query, limit, exclude)
        # Read with their products (a last step's way): the same products, same order.
        read = search.match_ranked(expression, limit=limit, exclude=exclude, read=_step_rows)
        assert [(p.pk, p.name) for p in read] == named(orm), (query, limit, exclude)
        # A window of the whole catalogue holds fewer than the 100 newest matches: it
        # answers nothing (the index is read instead).
        window = search.match_window(
            expression, window=len(rows), limit=limit, exclude=exclude, read=_step_rows
        )
        assert window == [], (query, limit, exclude)
    # Two newest matches ranked: a window that holds them answers as the index does.
    settings.SEARCH_RANKED_MATCHES, settings.SEARCH_RESULTS_LIMIT = 2, 2
    ranked = search.match_ranked(expression, limit=2, exclude=[])
    newest = list(ranked_matches_by_age(expression)[:2])
    assert sorted(ranked) == sorted(newest)
    if len(newest) == 2:
        assert search.match_window(expression, window=len(rows), limit=2, exclude=[]) == ranked


def ranked_matches_by_age(expression):
    """Ids of the products matching the expression, newest first (the ORM)."""
    from catalog import search

    matching = search.match_query(Product.objects.all(), expression)
    return matching.order_by("-created_at", "-id").values_list("id", flat=True)


@pytest.fixture
def steel(answer, make):
    """150 fillers, a few products holding both words apart, one the literal phrase."""
    rows = [(f"Cup {i}", "Plain.") for i in range(150)]
    rows += [("Bottle of Steel", "Old."), ("Steel Flask", "Keeps a bottle cold.")]
    rows += [("Steel Bottle Deluxe", "Insulated steel bottle.")]  # the phrase, newest
    rows += [("Bottle Classic", "Steel, not glass.")]
    return make(rows)


@on_postgresql
@pytest.mark.django_db
def test_several_words_read_the_literal_and_the_match_together(
    anon_api, steel, monkeypatch, django_assert_num_queries
):
    from catalog.selectors import searching

    names(anon_api, "bottle steel")  # the catalogue's size and statistics held from now
    # Statistics and size held now: the literal with the match, those products.
    with django_assert_num_queries(2):
        found = names(anon_api, "steel bottle")
    # The phrase first, then the others by rank; none twice.
    assert found == ["Steel Bottle Deluxe", "Bottle of Steel", "Bottle Classic"]
    monkeypatch.setattr(searching, "_literal_and_match", lambda *a, **k: None)
    with django_assert_num_queries(3):  # the two steps one after the other, the products
        assert names(anon_api, "Steel Bottle") == found  # another URL: not the cached one


@on_postgresql
@pytest.mark.django_db
def test_a_phrase_expected_to_fill_the_answer_is_read_alone(anon_api, answer, make, monkeypatch):
    from catalog import search

    rows = [(f"Steel Bottle {i}", "Plain.") for i in range(120)] + [("Cup", "Steel.")]
    make(rows)
    monkeypatch.setattr(search, "literal_and_match", lambda *a, **k: pytest.fail("paired"))
    assert names(anon_api, "steel bottle") == [
        "Steel Bottle 119",
        "Steel Bottle 118",
        "Steel Bottle 117",
    ]


@on_postgresql
@pytest.mark.django_db
def test_a_window_is_read_in_the_list_index_order_without_a_copy(bottles):
    # The window's plan: the newest rows from the list index, tested as they come, no
    # other index consulted and nothing materialised (a CTE Scan copied every document of
    # the window aside: twice the time at 100k; the newest matches are counted by a
    # window function over those few rows). With a sequential scan or a sort of a
    # handful of rows forbidden, the plan is the one the planner picks at 100k products.
    from django.test.utils import CaptureQueriesContext

    from catalog import search

    with connection.cursor() as cursor:
        for setting in ("enable_seqscan", "enable_bitmapscan", "enable_sort"):
            cursor.execute(f"SET LOCAL {setting} = off")
    expression = search.plan("steel bottle").expression
    with CaptureQueriesContext(connection) as queries:
        search.match_window(expression, window=60, limit=3, exclude=[])
        search.literal_window("steel", window=60, limit=3)
    assert len(queries.captured_queries) == 2
    for query in queries.captured_queries:
        with connection.cursor() as cursor:
            cursor.execute("EXPLAIN " + query["sql"])
            plan = "\n".join(row[0] for row in cursor.fetchall())
        assert "Index Scan using product_list_cover_idx" in plan, plan
        assert "CTE" not in plan, plan
        assert "_idx" not in plan.replace("product_list_cover_idx", ""), plan


@on_postgresql
@pytest.mark.django_db
def test_a_word_said_twice_is_one_word_and_estimated_as_one(bottles):
    # An AND of a word with itself was estimated as the square of the word's share: a
    # common word said twice was ranked whole (19-48 ms at 100k) instead of windowed.
    from catalog import search

    twice, once = search.plan("steel steel"), search.plan("steel")
    assert twice.expression == once.expression
    assert search.loosened(twice.expression) is None
    assert search.estimated_match_rows(twice.expression) == 150
