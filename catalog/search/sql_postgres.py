"""A step's ranked ids on PostgreSQL from every match (the literal, the match, the two in
one query; the literal of several plain words from the word index), written out as
constant texts, every value a parameter."""

import re
from collections.abc import Callable

from django.conf import settings
from django.db import connection

from catalog.search import prepared
from catalog.search.expression import PG_WEIGHTS, Node, _render
from catalog.search.vocabulary import Vocabulary, held_vocabulary


def ranked_matches() -> int:
    """How many of a step's matches are ranked (PostgreSQL): its newest ones
    (SEARCH_RANKED_MATCHES), never fewer than the answer holds."""
    return max(settings.SEARCH_RANKED_MATCHES, settings.SEARCH_RESULTS_LIMIT)


# same conditions as the ORM's `icontains` (and so the same trigram indexes), written out
# because building the ranked query with the ORM cost more than answering it. The
# rank is where the keyword stands in the name (`strpos` of the raw keyword: 1 = starts
# it, 0 = only in the description), one upper-casing and one search a row where the
# ORM's CASE of `istartswith` and `icontains` did two of each (docs/performance.md).
#
# What is ranked is the newest SEARCH_RANKED_MATCHES matches (`newest`), not every match:
# the same rows a window that holds them ranks, so a step answers the same whichever way
# it is read (see "common words" above). `OFFSET 0` keeps the matches' own plan (the
# trigram indexes) under the sort by age, which could otherwise walk the list index
# through the whole catalogue looking for a rare word. Parameters: the keyword, the
# pattern twice, the ranked matches' number, the limit.
_LITERAL_SQL = (
    "SELECT id FROM (SELECT id, created_at, "
    "CASE strpos(UPPER(name::text), UPPER(%s)) WHEN 1 THEN 0 WHEN 0 THEN 2 ELSE 1 END AS rank "
    "FROM (SELECT id, created_at, name FROM catalog_product "
    "WHERE UPPER(name::text) LIKE UPPER(%s) OR UPPER(description::text) LIKE UPPER(%s) "
    "OFFSET 0) matched ORDER BY created_at DESC, id DESC LIMIT %s) newest "
    "ORDER BY rank, created_at DESC, id DESC LIMIT %s"
)


def literal_ranked(keyword: str, *, limit: int) -> list[int]:
    """Ids of the products holding `keyword` literally in the name or the description,
    best first (the order of literal_window, over every product), PostgreSQL; from the
    word index when it can answer (`_literal_query`)."""
    sql, params, _ = _literal_query(keyword, limit=limit)
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return [row[0] for row in cursor.fetchall()]


# Every product matching the expression, ranked as match_query ranks them (PostgreSQL):
# written out for the same reason as _LITERAL_SQL (the ORM's query cost about half a
# millisecond of CPU to build, a step that answers in about as much).
# Parameters: the text, the ids left out, the ranked matches' number, the weights, the
# text, the limit. `{exclude}`: where the ids left out come from (a parameter, or the
# literal step's answer in the paired query below).
_MATCH_TEMPLATE = (
    "SELECT id FROM (SELECT id, created_at, search_vector FROM (SELECT id, created_at, "
    "search_vector FROM catalog_product "
    "WHERE search_vector @@ to_tsquery('simple'::regconfig, %s) AND NOT (id = ANY({exclude})) "
    "OFFSET 0) matched ORDER BY created_at DESC, id DESC LIMIT %s) newest "
    "ORDER BY ts_rank(%s, search_vector, to_tsquery('simple'::regconfig, %s)) DESC, "
    "created_at DESC, id DESC LIMIT %s"
)
_MATCH_SQL = _MATCH_TEMPLATE.replace("{exclude}", "%s")


# The literal match and the match of all the words but the literal's, each ranked, in one
# round trip: two arrays of ids (an ARRAY of a subquery keeps its order). For a keyword of
# several words, whose literal match rarely fills the answer (selectors.searching._literal_and_match
# decides). Parameters: _LITERAL_SQL's, then _MATCH_SQL's but the ids left out.
_LITERAL_AND_MATCH_SQL = (
    "WITH literal AS (SELECT ARRAY("  # noqa: S608 (constant texts; values are parameters)
    + _LITERAL_SQL
    + ") AS ids) SELECT (SELECT ids FROM literal), ARRAY("
    + _MATCH_TEMPLATE.replace("{exclude}", "(SELECT ids FROM literal)::bigint[]")
    + ")"
)


# --- a literal of several words, from the word index -------------------------
#
# A product that holds `adidas boltt` in its name or description holds, in its document
# (migration 0003), a word that ends with `adidas` (`adidas`, `e-adidas`) and one that
# starts with `boltt` (`boltt`, `boltt.com`), and every word between them as it is: the
# text search parser ends every word it keeps at a space. Unless the text is one of the
# odd ones that migration 0008 marks with the word ODD_WORD (a tag, a protocol, a very
# long word, a character that changes case into ASCII), where the index may not say so.
# So the literal step of a keyword of plain words (letters and digits, one space apart)
# tests only the products holding those words, or the marked ones: the word index's
# answer where the trigram indexes intersected about ten long posting lists. The words
# are looked up in the vocabulary held in process (every word the index ever held, a
# superset).
ODD_WORD = "~odd"
_PLAIN_WORDS = re.compile("[A-Za-z0-9]+(?: [A-Za-z0-9]+)+")
LITERAL_WORDS = 32  # the most words a keyword's first or last word may stand for


def _lexeme(word: str) -> str:
    """A word as a tsquery operand, quoted as the tsquery input reads it."""
    return "'" + word.replace("\\", "\\\\").replace("'", "''") + "'"


def literal_words_query(keyword: str, vocabulary: Vocabulary) -> str | None:
    """A tsquery (its text) that every product holding `keyword` literally in its name or
    description matches, from the vocabulary; None when the keyword is not plain words or
    its first word ends more than LITERAL_WORDS words of the vocabulary."""
    if not _PLAIN_WORDS.fullmatch(keyword):
        return None
    words = keyword.lower().split(" ")
    first = vocabulary.ending_with(words[0])
    if len(first) > LITERAL_WORDS:
        return None
    last = vocabulary.starting_with(words[-1])
    parts = [first, *([word] if word in vocabulary.known else [] for word in words[1:-1])]
    if len(last) > LITERAL_WORDS:
        tail = _lexeme(words[-1]) + ":*"
    else:
        parts.append(last)
        tail = None
    if not all(parts):  # a word no product holds: only a marked one could
        return _lexeme(ODD_WORD)
    alternatives = ["(" + " | ".join(map(_lexeme, part)) + ")" for part in parts]
    holding = " & ".join(alternatives + ([tail] if tail else []))
    return f"({holding}) | {_lexeme(ODD_WORD)}"


# _LITERAL_SQL's answer, from the products literal_words_query finds: strpos is LIKE for a
# keyword of letters, digits and spaces, and unlike LIKE no trigram index can answer it,
# so the planner takes the word index.
# Parameters: the keyword, the words' tsquery, the keyword twice, the ranked matches'
# number, the limit (the newest matches ranked, as _LITERAL_SQL).
_WORDS_LITERAL_SQL = (
    "SELECT id FROM (SELECT id, created_at, "
    "CASE strpos(UPPER(name::text), UPPER(%s)) WHEN 1 THEN 0 WHEN 0 THEN 2 ELSE 1 END AS rank "
    "FROM (SELECT id, created_at, name FROM catalog_product WHERE search_vector @@ %s::tsquery "
    "AND (strpos(UPPER(name::text), UPPER(%s)) > 0 "
    "OR strpos(UPPER(description::text), UPPER(%s)) > 0) OFFSET 0) matched "
    "ORDER BY created_at DESC, id DESC LIMIT %s) newest "
    "ORDER BY rank, created_at DESC, id DESC LIMIT %s"
)
# The same pair from one pass over the products holding the literal's words or the
# match's (the same products, or nearly, which two subqueries read twice; the match may
# hold more forms of a word).
# Each product gets its literal rank (_WORDS_LITERAL_SQL's, NULL when it is no literal
# match) and its match rank (_MATCH_SQL's, NULL when it does not match); a narrow copy
# of these, then each answer in its order. Parameters: the literal's tsquery, the keyword
# twice, the match's text, the weights, the match's text, the literal's tsquery and the
# match's text again, then the ranked matches' number and the limit for the literal, and
# the same for the match. Each answer ranks its newest matches (as _LITERAL_SQL and
# _MATCH_SQL), the match's leaving out the literal's answer.
_WORDS_LITERAL_AND_MATCH_SQL = (
    "WITH found AS MATERIALIZED (SELECT id, created_at, "
    "CASE WHEN search_vector @@ %s::tsquery THEN "
    "CASE strpos(UPPER(name::text), UPPER(%s)) WHEN 1 THEN 0 WHEN 0 THEN "
    "CASE WHEN strpos(UPPER(description::text), UPPER(%s)) > 0 THEN 2 END ELSE 1 END "
    "END AS literal, "
    "CASE WHEN search_vector @@ to_tsquery('simple'::regconfig, %s) "
    "THEN ts_rank(%s, search_vector, to_tsquery('simple'::regconfig, %s)) END AS meant "
    "FROM catalog_product "
    "WHERE search_vector @@ (%s::tsquery || to_tsquery('simple'::regconfig, %s))) "
    ", literal_answer AS (SELECT ARRAY(SELECT id FROM (SELECT id, created_at, literal "
    "FROM found WHERE literal IS NOT NULL ORDER BY created_at DESC, id DESC LIMIT %s) newest "
    "ORDER BY literal, created_at DESC, id DESC LIMIT %s) AS ids) "
    "SELECT (SELECT ids FROM literal_answer), "
    "ARRAY(SELECT id FROM (SELECT id, created_at, meant FROM found WHERE meant IS NOT NULL "
    "AND NOT (id = ANY((SELECT ids FROM literal_answer)::bigint[])) "
    "ORDER BY created_at DESC, id DESC LIMIT %s) newest "
    "ORDER BY meant DESC, created_at DESC, id DESC LIMIT %s)"
)
# Planned once a connection (catalog/search/prepared.py): the paired query of two plain words,
# and the match step's ids (windows.py registers the window's).
for _text in (_WORDS_LITERAL_AND_MATCH_SQL, _MATCH_SQL):
    prepared.register(_text)


def _literal_query(keyword: str, *, limit: int) -> tuple[str, list, Callable]:
    """The literal step's query and its parameters, and `paired(match_text)`: the query and
    parameters of the literal with the match of `match_text` (a rendered expression), each
    `limit` long. From the word index when the vocabulary is held and the keyword is plain
    words (literal_words_query; the pair in one pass), else from the trigrams. The
    products the word index tests are those holding the words, which also hold every
    trigram of the keyword: a subset of the trigrams' (as many for words that go
    together, far fewer for words that rarely or never meet; docs/search.md)."""
    ranked = ranked_matches()
    # (Only a keyword that could be looked up asks for the vocabulary: plan() does too.)
    vocabulary = held_vocabulary() if _PLAIN_WORDS.fullmatch(keyword) else None
    words = literal_words_query(keyword, vocabulary) if vocabulary is not None else None
    if words is not None:

        def paired(text: str) -> tuple[str, list]:
            params = [words, keyword, keyword, text, PG_WEIGHTS, text, words, text]
            return _WORDS_LITERAL_AND_MATCH_SQL, [*params, ranked, limit, ranked, limit]

        return _WORDS_LITERAL_SQL, [keyword, words, keyword, keyword, ranked, limit], paired
    inside = f"%{connection.ops.prep_for_like_query(keyword)}%"
    params = [keyword, inside, inside, ranked, limit]

    def paired(text: str) -> tuple[str, list]:
        return _LITERAL_AND_MATCH_SQL, [*params, text, ranked, PG_WEIGHTS, text, limit]

    return _LITERAL_SQL, params, paired


def literal_and_match(keyword: str, expression: Node, *, limit: int) -> tuple[list, list]:
    """literal_ranked(keyword) and match_ranked(expression) (nothing left out), each
    `limit` long at most, in one query (PostgreSQL)."""
    _, _, paired = _literal_query(keyword, limit=limit)
    sql, params = paired(_render(expression, vendor="postgresql"))
    with connection.cursor() as cursor:
        prepared.execute(cursor, sql, params)
        literal, matched = cursor.fetchone()
    return list(literal), list(matched)


def ids_of(sql: str, params: list) -> list[int]:
    """A step's ids, best first: how the match steps below are read unless told otherwise
    (`read`: a step whose products are the whole answer reads them in the same query,
    catalog/selectors/)."""
    with connection.cursor() as cursor:
        prepared.execute(cursor, sql, params)
        return [row[0] for row in cursor.fetchall()]


def match_ranked(expression: Node, *, limit: int, exclude: list[int], read=ids_of) -> list:
    """Ids of the products matching the expression, best first (match_query's order),
    leaving out `exclude` (PostgreSQL)."""
    text = _render(expression, vendor="postgresql")
    return read(_MATCH_SQL, [text, exclude, ranked_matches(), PG_WEIGHTS, text, limit])
