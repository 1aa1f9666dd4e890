"""What a shopper means by a search, on the database the shop already has.

A query is cut into words (punctuation inside a word dropped: `T-Shirt` -> `tshirt`,
`Levi's` -> `levis`). Each word is looked up in the vocabulary of the catalogue (every
word the products' names, categories, descriptions and option values hold, kept by the
database: see migrations 0003_i18_search_index and 0011_search_option_values) and
becomes a set of alternatives:

- the word itself, and its simple plural or singular (`shoe` <-> `shoes`);
- when the vocabulary lacks it: the words at the smallest edit distance (Damerau, a swap
  of two letters is one edit), one edit allowed from 4 letters, two from 8, none below;
  or two vocabulary words it joins (`powerbank` -> `power` & `bank`);
- two neighbouring words written apart (`one plus` -> `oneplus`);
- a few Hinglish spellings (`joote` -> shoes) in SYNONYMS.

Every word must then match (in any order) somewhere in the product's document; the
database's full-text engine answers that with its index and ranks name above category
above description (PostgreSQL: tsvector + ts_rank; SQLite: FTS5 + bm25). A word that
matches nothing in the vocabulary is dropped when others remain, so `cheap iphone` still
finds iPhones.

Two queries after the literal one: the vocabulary look-up (on PostgreSQL usually none: a
small vocabulary is held in process, below) and the match; and one more when all the
words together find nothing (all but one of them: `loosened`). Each step ranks ids; the
products found are read at the end in one query (catalog/selectors/). On PostgreSQL the
literal step of a keyword of several plain words is answered from the word index too
(`literal_words_query`, below), exactly as the trigram indexes answer it.

The modules, in the order a search uses them: `parsing` (query text -> words),
`vocabulary` (the words they may stand for), `planning` (words -> the match expression),
`expression` (that expression, rendered per engine), `querysets` (the match and the
suggestions as querysets, either engine), `sql_postgres` (PostgreSQL's ranked steps as
constant SQL), `windows` (common words: the newest matches from a window) and
`estimates` (the planner's estimates that size a window). Callers use the names below.
"""

from catalog.search.estimates import (
    _LITERAL_ESTIMATE_SQL,
    _MATCH_ESTIMATE_SQL,
    ColumnStatistics,
    PlannerStatistics,
    _estimate,
    estimated_literal_rows,
    estimated_match_rows,
    estimated_total,
    held_statistics,
    load_statistics,
)
from catalog.search.expression import FTS5_WEIGHTS, PG_WEIGHTS, Node, Term, _render, _words_in
from catalog.search.parsing import (
    MAX_ALTERNATIVES,
    MAX_SPLIT_LENGTH,
    MAX_WORDS,
    MIN_PREFIX,
    STOP_WORDS,
    SYNONYMS,
    allowed_edits,
    words_of,
)
from catalog.search.planning import Plan, loosened, plan
from catalog.search.querysets import match_query, suggest_query
from catalog.search.ranking import name_first, name_holds
from catalog.search.sql_postgres import (
    _LITERAL_AND_MATCH_SQL,
    _LITERAL_SQL,
    _MATCH_SQL,
    _PLAIN_WORDS,
    _WORDS_LITERAL_AND_MATCH_SQL,
    _WORDS_LITERAL_SQL,
    LITERAL_WORDS,
    ODD_WORD,
    _lexeme,
    ids_of,
    literal_and_match,
    literal_ranked,
    literal_words_query,
    match_ranked,
    ranked_matches,
)
from catalog.search.vocabulary import (
    VOCABULARY_IN_PROCESS,
    Vocabulary,
    held_vocabulary,
    load_vocabulary,
    vocabulary_candidates,
)
from catalog.search.windows import (
    _LITERAL_WINDOW_SQL,
    _MATCH_WINDOW_SQL,
    LOOSENED_REACH,
    REGROW_REACH,
    literal_window,
    match_window,
    window_size,
)

__all__ = [
    "FTS5_WEIGHTS",
    "LITERAL_WORDS",
    "LOOSENED_REACH",
    "MAX_ALTERNATIVES",
    "MAX_SPLIT_LENGTH",
    "MAX_WORDS",
    "MIN_PREFIX",
    "ODD_WORD",
    "PG_WEIGHTS",
    "REGROW_REACH",
    "STOP_WORDS",
    "SYNONYMS",
    "VOCABULARY_IN_PROCESS",
    "_LITERAL_AND_MATCH_SQL",
    "_LITERAL_ESTIMATE_SQL",
    "_LITERAL_SQL",
    "_LITERAL_WINDOW_SQL",
    "_MATCH_ESTIMATE_SQL",
    "_MATCH_SQL",
    "_MATCH_WINDOW_SQL",
    "_PLAIN_WORDS",
    "_WORDS_LITERAL_AND_MATCH_SQL",
    "_WORDS_LITERAL_SQL",
    "ColumnStatistics",
    "Node",
    "Plan",
    "PlannerStatistics",
    "Term",
    "Vocabulary",
    "_estimate",
    "_lexeme",
    "_render",
    "_words_in",
    "allowed_edits",
    "estimated_literal_rows",
    "estimated_match_rows",
    "estimated_total",
    "held_statistics",
    "held_vocabulary",
    "ids_of",
    "literal_and_match",
    "literal_ranked",
    "literal_window",
    "literal_words_query",
    "load_statistics",
    "load_vocabulary",
    "loosened",
    "match_query",
    "match_ranked",
    "match_window",
    "name_first",
    "name_holds",
    "plan",
    "ranked_matches",
    "suggest_query",
    "vocabulary_candidates",
    "window_size",
    "words_of",
]
