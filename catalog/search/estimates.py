"""How many products a step is expected to match (PostgreSQL): the planner's estimates,
by EXPLAIN or computed in process from its statistics."""

import json
from dataclasses import dataclass
from itertools import repeat

from django.db import connection

from catalog.cache import held_value
from catalog.search.expression import Node, Term, _render, _words_in
from catalog.search.vocabulary import _ASCII_WORD


def estimated_total() -> int:
    """How many products PostgreSQL's statistics say the catalogue holds (`reltuples`, kept
    by ANALYZE and autovacuum; 0 before the first): the same statistics as the estimates,
    read in well under a millisecond, where COUNT(*) reads the table."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT reltuples FROM pg_class WHERE oid = 'catalog_product'::regclass")
        return max(int(cursor.fetchone()[0]), 0)


# What the planner expects each step to match: the same conditions as the steps' own
# queries (so the same indexes' statistics), written out rather than built by the ORM
# (two searches in three ask, and building the query cost more than answering it).
_LITERAL_ESTIMATE_SQL = (
    "EXPLAIN (FORMAT JSON) SELECT 1 FROM catalog_product "
    "WHERE UPPER(name::text) LIKE UPPER(%s) OR UPPER(description::text) LIKE UPPER(%s)"
)
_MATCH_ESTIMATE_SQL = (
    "EXPLAIN (FORMAT JSON) SELECT 1 FROM catalog_product "
    "WHERE search_vector @@ to_tsquery('simple'::regconfig, %s)"
)


def _estimate(sql: str, params: list) -> int:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        plan = cursor.fetchone()[0]
    plan = json.loads(plan) if isinstance(plan, str) else plan
    return int(plan[0]["Plan"]["Plan Rows"])


def estimated_literal_rows(keyword: str) -> int:
    """How many products the planner expects to hold `keyword` literally in the name or
    the description (PostgreSQL's statistics, read by EXPLAIN or held in process, below;
    no rows read)."""
    held = held_statistics()
    if held is not None and keyword.isascii():
        return held.literal_rows(keyword)
    pattern = f"%{connection.ops.prep_for_like_query(keyword)}%"
    return _estimate(_LITERAL_ESTIMATE_SQL, [pattern, pattern])


def estimated_match_rows(expression: Node) -> int:
    """How many products the planner expects to match the expression (PostgreSQL; by
    EXPLAIN or from the statistics held in process, below)."""
    held = held_statistics()
    if held is not None and all(_ASCII_WORD.fullmatch(w) for w in _words_in(expression)):
        return held.match_rows(expression)
    return _estimate(_MATCH_ESTIMATE_SQL, [_render(expression, vendor="postgresql")])


# --- the planner's estimates, computed in process (PostgreSQL) -----------------
#
# Asking EXPLAIN for a step's estimate is a round trip and a planning each, and a two-word
# search that finds nothing together asks three times. The estimate is arithmetic on
# statistics ANALYZE keeps in pg_stats, so the same figures are read once a catalogue
# version and the planner's own formulas applied in process (PostgreSQL 15: tsquerysel in
# ts_selfuncs.c for `@@`, patternsel in selfuncs.c for LIKE, an OR of two clauses as s1 +
# s2 - s1 s2), for plain ASCII words and keywords; anything else still asks EXPLAIN. An
# estimate only sizes a window (a wrong one costs time, never results): the test holds
# both to the same figure.
DEFAULT_TS_MATCH_SEL = 0.005  # tsquery: no statistics, or a word ANALYZE did not list
FIXED_CHAR_SEL, FULL_WILDCARD_SEL = 0.20, 5.0  # LIKE's heuristic (small histograms)

_STATISTICS_SQL = (
    "SELECT s.tablename, s.null_frac, s.most_common_vals::text::text[], "
    "s.most_common_freqs, s.histogram_bounds::text::text[], "
    "s.most_common_elems::text::text[], s.most_common_elem_freqs, c.reltuples "
    "FROM pg_class c LEFT JOIN pg_stats s ON s.schemaname = current_schema() AND ("
    "(s.tablename = 'catalog_product' AND s.attname = 'search_vector') OR "
    "s.tablename IN ('product_name_trgm_idx', 'product_description_trgm_idx')) "
    "WHERE c.oid = 'catalog_product'::regclass"
)


def _probability(value: float) -> float:
    return min(max(value, 0.0), 1.0)


@dataclass(frozen=True)
class ColumnStatistics:
    """One column's (or index expression's) ANALYZE figures: the share of NULLs, the most
    common values with their shares, the histogram's bounds."""

    null_frac: float = 0.0
    common: tuple = ()  # (value, share)
    histogram: tuple = ()

    def holding(self, needle: str) -> float:
        """patternsel's selectivity of `column LIKE '%needle%'` (needle upper-cased, as
        the column's values are)."""
        size = len(self.histogram)
        matched = -1.0
        if size >= 12:  # at least 10 bounds once the first and the last are skipped
            inner = self.histogram[1:-1]
            matched = sum(map(str.__contains__, inner, repeat(needle))) / len(inner)
        if size < 100:
            # The heuristic: each fixed character 0.2, the trailing wildcard 5.
            guess = 1.0
            for _ in needle:
                guess *= FIXED_CHAR_SEL
            guess = min(guess * FULL_WILDCARD_SEL, 1.0)
            weight = size / 100.0
            matched = guess if matched < 0 else matched * weight + guess * (1.0 - weight)
        matched = min(max(matched, 0.0001), 0.9999)
        common = sum(share for value, share in self.common if needle in value)
        everyone = sum(share for _, share in self.common)
        return _probability(matched * (1.0 - self.null_frac - everyone) + common)


class PlannerStatistics:
    """What the planner knows of the products: their number (`reltuples`), the search
    vectors' most common words with their shares, and the name and description columns
    as their trigram indexes' expressions (UPPER) hold them."""

    def __init__(
        self, total, *, lexemes=None, min_share=0.0, vector_nulls=0.0, name=None, description=None
    ):
        self.total = total
        self.lexemes = lexemes or {}  # none: the planner's defaults
        self.min_share = min_share  # the smallest share ANALYZE saw (not only the listed)
        self.vector_nulls = vector_nulls
        self.name = name or ColumnStatistics()
        self.description = description or ColumnStatistics()

    def _rows(self, selectivity: float) -> int:
        rows = self.total * selectivity
        return 1 if rows <= 1.0 else round(rows)

    def _term(self, term: Term) -> float:
        if not self.lexemes:
            return DEFAULT_TS_MATCH_SEL * (4 if term.prefix else 1)
        unlisted = min(DEFAULT_TS_MATCH_SEL, self.min_share / 2)
        if not term.prefix:
            return self.lexemes.get(term.word, unlisted)
        if len(self.lexemes) < 100:
            return DEFAULT_TS_MATCH_SEL * 4
        matched = everyone = 0.0
        count = 0
        for word, share in self.lexemes.items():
            if word.startswith(term.word):
                matched += share - matched * share
                count += 1
            everyone += share - everyone * share
        matched, everyone = _probability(matched), _probability(everyone)
        return max(unlisted, matched + (1.0 - everyone) * count / len(self.lexemes))

    def _selectivity(self, node) -> float:
        if isinstance(node, Term):
            return _probability(self._term(node))
        shares = [self._selectivity(child) for child in node.children]
        found = shares[0]
        for share in shares[1:]:
            found = found * share if node.op == "and" else found + share - found * share
            found = _probability(found)
        return found

    def match_rows(self, expression: Node) -> int:
        """EXPLAIN's rows for `search_vector @@ to_tsquery('simple', <expression>)`."""
        return self._rows(self._selectivity(expression) * (1.0 - self.vector_nulls))

    def literal_rows(self, keyword: str) -> int:
        """EXPLAIN's rows for _LITERAL_ESTIMATE_SQL (an ASCII keyword)."""
        needle = keyword.upper()
        in_name = self.name.holding(needle)
        in_description = self.description.holding(needle)
        return self._rows(_probability(in_name + in_description - in_name * in_description))


def load_statistics() -> PlannerStatistics | None:
    """The figures PlannerStatistics needs, in one query; None before the first ANALYZE
    (the planner then guesses from the table's size on disk: ask it)."""
    with connection.cursor() as cursor:
        cursor.execute(_STATISTICS_SQL)
        rows = cursor.fetchall()
    if rows[0][-1] < 0:
        return None
    found = {}
    for table, nulls, values, shares, bounds, elements, numbers, _ in rows:
        if table == "catalog_product":
            found["vector_nulls"] = nulls
            # After the words' shares ANALYZE stores the smallest and the largest.
            if elements and numbers and len(numbers) == len(elements) + 2:
                found["lexemes"] = dict(zip(elements, numbers, strict=False))
                found["min_share"] = numbers[-2]
        elif table is not None:
            common = tuple(zip(values or (), shares or (), strict=True))
            column = ColumnStatistics(nulls, common, tuple(bounds or ()))
            found["name" if table == "product_name_trgm_idx" else "description"] = column
    return PlannerStatistics(rows[0][-1], **found)


def held_statistics() -> PlannerStatistics | None:
    """This process's planner statistics for the current catalogue version (ANALYZE may
    change them without a new version: held at most CATALOG_CACHE_SECONDS), or None with
    the catalogue cache off: ask EXPLAIN."""
    return held_value("planner-statistics", load_statistics)
