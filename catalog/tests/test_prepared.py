"""catalog/search/prepared.py: the search's statements prepared once a connection and planned
once, with the same answers as the texts sent whole."""

from datetime import timedelta
from urllib.parse import quote

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from catalog import search
from catalog.cache import bump_version
from catalog.search import prepared
from catalog.selectors.rows import _STEP_ROWS_HEAD, _STEP_ROWS_TAIL
from catalog.tests.factories import CategoryFactory, ProductFactory

on_postgresql = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="prepared statements are PostgreSQL's"
)
BASE = "/api/v1/product/search"
LOOSENED = _STEP_ROWS_HEAD + search._MATCH_WINDOW_SQL + _STEP_ROWS_TAIL


def test_a_text_becomes_a_prepare_and_an_execute_with_the_same_parameters():
    made = prepared.Statement(
        "SELECT id FROM t WHERE v @@ to_tsquery('simple'::regconfig, %s) AND id = ANY(%s) "
        "ORDER BY ts_rank(%s, v, to_tsquery('simple'::regconfig, %s)) LIMIT %s"
    )
    assert made.name.startswith("catalog_") and len(made.name) == len("catalog_") + 16
    # The tsquery computed once (an InitPlan), not once a row as a generic plan would.
    assert made.prepare == (
        f"PREPARE {made.name} AS SELECT id FROM t WHERE v @@ (SELECT "
        "to_tsquery('simple'::regconfig, $1)) AND id = ANY($2) ORDER BY ts_rank($3, v, "
        "(SELECT to_tsquery('simple'::regconfig, $4))) LIMIT $5"
    )
    assert made.execute == f"EXECUTE {made.name}(%s, %s, %s, %s, %s)"
    assert (
        prepared.Statement("SELECT 1").execute == f"EXECUTE {prepared.Statement('SELECT 1').name}"
    )


@pytest.mark.parametrize("text", ["SELECT '%' || %s", "SELECT %s LIKE 'a%%'"])
def test_a_text_with_a_percent_sign_of_its_own_is_refused(text):
    with pytest.raises(ValueError):
        prepared.Statement(text)


@pytest.mark.django_db
def test_an_unregistered_text_or_the_setting_off_sends_the_text(settings):
    assert prepared.statement("SELECT 1") == "SELECT 1"
    settings.SEARCH_PREPARED_STATEMENTS = False
    assert prepared.statement(search._MATCH_SQL) == search._MATCH_SQL


@pytest.fixture
def kitchen(settings, planner_statistics):
    """220 products: bottles, jugs, spoons; newest last. Answers of 3 from windows of
    4 x 3 (test_search_window's scale for 100,000 products and answers of 50)."""
    settings.SEARCH_RESULTS_LIMIT = 3
    settings.SEARCH_WINDOW_MARGIN = 4
    settings.CATALOG_CACHE_SECONDS = 300  # the vocabulary and the statistics held
    start = timezone.now() - timedelta(days=1)
    category = CategoryFactory(name="Kitchen")
    rows = [("Bottle Classic", "The first one.")]
    rows += [(f"Spoon {i}", "Plain steel.") for i in range(150)]
    rows += [(f"Jug {i}", "A glazed jug, steel handle.") for i in range(39)]
    rows += [(f"Flask {i}", "A steel bottle with a glazed cap.") for i in range(30)]
    for i, (name, text) in enumerate(rows):
        ProductFactory(
            name=name, description=text, category=category, created_at=start + timedelta(minutes=i)
        )
    planner_statistics()


SEARCHES = [
    "bottle",  # a word in many: windowed
    "steel",  # in nearly all
    "glazed bottle",  # two words that meet: the paired literal and match
    "bottle spoon",  # two that never meet: the loosened step's window
    "jug classic",
    "botle",  # a typo
    "flask 7",
    "Bottle Classic",  # a literal
    "spo",  # a start
]


@on_postgresql
@pytest.mark.django_db
def test_prepared_statements_answer_as_the_texts_do(anon_api, settings, kitchen):
    def answers():
        found = {}
        for keyword in SEARCHES:
            response = anon_api.get(f"{BASE}/{quote(keyword)}")
            assert response.status_code == 200
            found[keyword] = (response.content, response.get("X-Search-Corrected"))
        return found

    with CaptureQueriesContext(connection) as queries:
        with_statements = answers()
    sent = [q["sql"] for q in queries.captured_queries]
    executed = {
        s.split("(", 1)[0].removeprefix("EXECUTE ") for s in sent if s.startswith("EXECUTE")
    }
    kinds = (LOOSENED, search._WORDS_LITERAL_AND_MATCH_SQL)
    assert {prepared.Statement(text).name for text in kinds} <= executed, sent
    settings.SEARCH_PREPARED_STATEMENTS = False
    bump_version()  # answers, not the cache's copies
    with CaptureQueriesContext(connection) as queries:
        as_texts = answers()
    assert not any(q["sql"].startswith("EXECUTE") for q in queries.captured_queries)
    assert with_statements == as_texts
    assert len(queries.captured_queries) == len(sent)  # one EXECUTE where one text went
    assert all(len(body) > 2 for body, _ in as_texts.values()), as_texts


def _ours() -> set[str]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT name FROM pg_prepared_statements WHERE name LIKE 'catalog%%'")
        return {row[0] for row in cursor.fetchall()}


@on_postgresql
@pytest.mark.django_db
def test_a_statement_is_prepared_once_a_connection(anon_api, kitchen):
    assert anon_api.get(f"{BASE}/bottle%20spoon").status_code == 200
    ours = _ours()
    assert prepared.Statement(LOOSENED).name in ours
    assert anon_api.get(f"{BASE}/jug%20classic").status_code == 200
    assert _ours() == ours  # the same statement again: nothing prepared anew
    assert connection.connection._catalog_prepared >= ours


@on_postgresql
@pytest.mark.django_db(transaction=True)
def test_a_new_connection_prepares_its_own(anon_api, kitchen):
    assert anon_api.get(f"{BASE}/bottle%20spoon").status_code == 200
    connection.close()  # as CONN_MAX_AGE or a failed health check would
    assert not _ours()
    bump_version()  # an answer, not the cache's copy
    assert anon_api.get(f"{BASE}/bottle%20spoon").status_code == 200
    assert prepared.Statement(LOOSENED).name in _ours()


@on_postgresql
@pytest.mark.django_db
def test_the_connection_plans_prepared_statements_once(kitchen):
    with connection.cursor() as cursor:
        cursor.execute("SHOW plan_cache_mode")
        assert cursor.fetchone()[0] == "force_generic_plan"


@on_postgresql
@pytest.mark.django_db
def test_the_loosened_window_computes_its_tsquery_once_and_reads_the_list_index(anon_api, kitchen):
    # The generic plan: the window from the list index, the words' tsquery an InitPlan
    # (computed once), never `to_tsquery` tested row by row.
    with connection.cursor() as cursor:
        for setting in ("enable_seqscan", "enable_bitmapscan", "enable_sort"):
            cursor.execute(f"SET LOCAL {setting} = off")  # planned as at 100k products
    with CaptureQueriesContext(connection) as queries:
        assert anon_api.get(f"{BASE}/bottle%20spoon").status_code == 200
    name = prepared.Statement(LOOSENED).name
    executed = [
        q["sql"] for q in queries.captured_queries if q["sql"].startswith(f"EXECUTE {name}(")
    ]
    assert len(executed) == 1, queries.captured_queries
    with connection.cursor() as cursor:
        cursor.execute("EXPLAIN " + executed[0])
        plan = "\n".join(row[0] for row in cursor.fetchall())
    assert "Index Scan using product_list_cover_idx" in plan, plan
    assert "InitPlan" in plan and "to_tsquery" not in plan.split("Filter:", 1)[-1], plan


@on_postgresql
@pytest.mark.django_db(transaction=True)
def test_a_connection_that_lost_its_statements_prepares_them_again(anon_api, kitchen):
    # A pooler's reset (DISCARD ALL) drops a session's prepared statements under us.
    assert anon_api.get(f"{BASE}/bottle%20spoon").status_code == 200
    first = anon_api.get(f"{BASE}/bottle%20spoon").content
    connection.connection.execute("DEALLOCATE ALL")
    assert not _ours()
    bump_version()  # an answer, not the cache's copy
    response = anon_api.get(f"{BASE}/bottle%20spoon")
    assert response.status_code == 200 and response.content == first
    assert prepared.Statement(LOOSENED).name in _ours()
