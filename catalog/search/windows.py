"""Common words on PostgreSQL: a step's newest matches read from a window of the newest
products, and how large a window to read."""

import math

from django.db import connection

from catalog.search import prepared
from catalog.search.expression import PG_WEIGHTS, Node, _render
from catalog.search.sql_postgres import ids_of, ranked_matches

# --- common words on PostgreSQL: rank the newest matches ---------------------------------
#
# A step (the literal, a match) ranks its newest SEARCH_RANKED_MATCHES matches, not every
# match: a word many products hold (`series`, `red`) matches tens of thousands of rows,
# and ranking every one of them grows with the catalogue. What is ranked depends on the
# catalogue and the query only, so the same search on the same catalogue always answers
# the same. How those matches are found is the planner's statistics' choice, never seen
# in the answer: a common word from a window of the newest products, read in the list
# index's order and tested one by one (a window expected to hold SEARCH_WINDOW_MARGIN
# times the answer, used when it is smaller than the matches: window_size); a rare one
# through its index (trigrams, the word index), its matches sorted by age. The number of
# matches is PostgreSQL's own estimate (EXPLAIN, or its statistics held in process). A
# window that does not hold the newest matches (the newest products lack the word) is
# read again eight times larger while that stays smaller than the matches, then the
# index is read: a wrong estimate costs time, never results.

# Both read the newest products in the list index's order: the subquery's LIMIT keeps the
# planner from testing the whole catalogue through another index first (no condition
# moves below a LIMIT), and unlike the MATERIALIZED CTE this was, it copies no row aside
# (about half the time: docs/search.md).
# Constant texts: every value is a parameter. The literal rank is _LITERAL_SQL's
# (`strpos`, below).
#
# A window answers only when it holds the step's newest SEARCH_RANKED_MATCHES matches
# (`newest`, counted by a window function over those few rows, no copy of the window):
# then they are the newest matches of the whole catalogue, and the
# answer is theirs, exactly what ranking every match (`_LITERAL_SQL`, `_MATCH_SQL`) gives.
# Otherwise it answers nothing, and a larger window or the ranking of every match is read.
# Parameters: the window's own, then the ranked matches' number twice, then the limit.
_LITERAL_WINDOW_SQL = (
    "SELECT id FROM (SELECT id, created_at, rank, count(*) OVER () AS found FROM ("
    "SELECT id, created_at, rank FROM (SELECT id, created_at, "
    "CASE strpos(UPPER(name::text), UPPER(%s)) WHEN 1 THEN 0 WHEN 0 THEN "
    "CASE WHEN strpos(UPPER(description::text), UPPER(%s)) > 0 THEN 2 END ELSE 1 END AS rank "
    "FROM catalog_product ORDER BY created_at DESC, id DESC LIMIT %s) recent "
    "WHERE rank IS NOT NULL ORDER BY created_at DESC, id DESC LIMIT %s) newest) counted "
    "WHERE found >= %s ORDER BY rank, created_at DESC, id DESC LIMIT %s"
)
_MATCH_WINDOW_SQL = (
    "SELECT id FROM (SELECT id, created_at, search_vector, count(*) OVER () AS found FROM ("
    "SELECT id, created_at, search_vector FROM (SELECT id, created_at, search_vector "
    "FROM catalog_product ORDER BY created_at DESC, id DESC LIMIT %s) recent "
    "WHERE search_vector @@ to_tsquery('simple'::regconfig, %s) AND NOT (id = ANY(%s)) "
    "ORDER BY created_at DESC, id DESC LIMIT %s) newest) counted WHERE found >= %s "
    "ORDER BY ts_rank(%s, search_vector, to_tsquery('simple'::regconfig, %s)) DESC, "
    "created_at DESC, id DESC LIMIT %s"
)


# The loosened step (all the words but one, when all of them found nothing) reads a window
# of the newest products while that is fewer rows than LOOSENED_REACH x its matches, where
# every other step needs fewer rows than matches. A window is read in the list index's
# order, about nine products a page; the matches of a ranking are spread over the table,
# about one a page, so a window row costs about a third of a match read through the index
# (docs/search.md). The loosened answer is already a second best (no product holds every
# word), so there the cheaper read wins. Its price: such an answer is the best of the
# newest matches (about margin x the answer of them) rather than of all the catalogue's.
LOOSENED_REACH = 2.5

# A window that came back short is read again eight times larger while that is fewer rows
# than REGROW_REACH x the step's expected matches (or its own reach, when larger). The
# miss says the estimate was high or the newest products lack the word, and the second
# window still reads rows in the list index's order, where the index's matches lie spread
# over the table (a literal's trigrams also recheck many rows that do not hold the word).
# The case that set it, and what it costs where the larger window misses too:
# docs/search.md, "Common words".
REGROW_REACH = 2.5


def window_size(
    *, matching: int, total: int, limit: int, margin: float, reach: float = 1.0
) -> int | None:
    """How many of the newest products to read for a step expected to match `matching` of
    `total` products: enough to hold `margin` x `limit` matches on average, when that is
    fewer rows than `reach` x the matches to rank (LOOSENED_REACH). None: rank every
    match. Never fewer than `limit` rows, so a window grows on every try, whatever the
    settings."""
    matching = min(matching, total)  # an estimate can exceed the catalogue's own
    if matching <= 0 or limit <= 0 or margin <= 0:
        return None
    window = max(math.ceil(margin * limit * total / matching), limit)
    return window if window < reach * matching else None


def literal_window(keyword: str, *, window: int, limit: int) -> list[int]:
    """Ids of the newest `window` products holding `keyword` literally in the name or the
    description, best first: a name that starts with it, a name that contains it, then a
    description; newest first within each (PostgreSQL)."""
    ranked = ranked_matches()
    params = [keyword, keyword, window, ranked, ranked, limit]
    with connection.cursor() as cursor:
        cursor.execute(_LITERAL_WINDOW_SQL, params)
        return [row[0] for row in cursor.fetchall()]


def match_window(
    expression: Node, *, window: int, limit: int, exclude: list[int], read=ids_of
) -> list:
    """Ids of the newest `window` products matching the expression, best first (the order
    of match_query), leaving out `exclude` (PostgreSQL)."""
    text = _render(expression, vendor="postgresql")
    ranked = ranked_matches()
    params = [window, text, exclude, ranked, ranked, PG_WEIGHTS, text, limit]
    return read(_MATCH_WINDOW_SQL, params)


prepared.register(_MATCH_WINDOW_SQL)
