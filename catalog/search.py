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
products found are read at the end in one query (catalog/selectors.py). On PostgreSQL the
literal step of a keyword of several plain words is answered from the word index too
(`literal_words_query`, below), exactly as the trigram indexes answer it.
"""

import itertools
import json
import math
import re
import struct
from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import chain, repeat

from django.conf import settings
from django.db import connection
from rapidfuzz.distance import OSA

from catalog import caching, prepared

# Inside a word these are dropped rather than split on, like the index does.
_JOINERS = re.compile("[-'\u2019.]+")
_WORD = re.compile(r"[^\W_]+")
# Words of a query considered (the rest is ignored): each adds its candidates and, when
# all together find nothing, a whole AND to the loosened query (docs/security.md).
MAX_WORDS = 6
MAX_ALTERNATIVES = 6
MIN_PREFIX = 3  # a shorter last word is not read as the start of one
MAX_SPLIT_LENGTH = 24  # longer "words" are not two words run together
STOP_WORDS = frozenset({"a", "an", "and", "the", "for", "with", "of", "in", "to", "by", "on"})
# Hinglish and everyday words the catalogue itself does not use.
SYNONYMS = {
    "joota": ("shoes",),
    "joote": ("shoes",),
    "juta": ("shoes",),
    "jute": ("shoes",),
    "chappal": ("flipflops", "slipon"),
    "chappals": ("flipflops", "slipon"),
    "mobile": ("smartphones",),
    "mobiles": ("smartphones",),
    "phone": ("smartphones", "phone"),
    "phones": ("smartphones", "phone"),
    "tee": ("tshirt", "tee"),
    "tees": ("tshirt", "tee"),
    "pant": ("trousers", "jeans"),
    "pants": ("trousers", "jeans"),
    "headphone": ("headphones",),
    "earbud": ("buds", "tws"),
    "earbuds": ("buds", "tws"),
}
# Ranks of name, category, description (PostgreSQL weights A, B, C; FTS5 bm25 columns).
PG_WEIGHTS = "{0.05, 0.2, 0.4, 1.0}"
FTS5_WEIGHTS = (10.0, 4.0, 1.0)


def words_of(text: str) -> list[str]:
    return _WORD.findall(_JOINERS.sub("", text.lower()))


def allowed_edits(word: str) -> int:
    if len(word) < 4 or any(char.isdigit() for char in word):
        return 0
    return 1 if len(word) < 8 else 2


def _inflections(word: str) -> set[str]:
    forms = {word + "s", word + "es"}
    if word.endswith("ies"):
        forms.add(word[:-3] + "y")
    if word.endswith("es"):
        forms.add(word[:-2])
    if word.endswith("s") and len(word) > 3:
        forms.add(word[:-1])
    if word.endswith("y"):
        forms.add(word[:-1] + "ies")
    return forms


# --- the match expression: a small tree rendered for either engine --------------------


@dataclass(frozen=True)
class Term:
    word: str
    prefix: bool = False


@dataclass
class Node:
    op: str  # "and" | "or"
    children: list = field(default_factory=list)


def _render(node, *, vendor: str, weights: str = "") -> str:
    if isinstance(node, Term):
        if vendor == "postgresql":
            label = ("*" if node.prefix else "") + weights
            return f"'{node.word}'" + (f":{label}" if label else "")
        return f'"{node.word}"' + ("*" if node.prefix else "")
    joiner = {("postgresql", "and"): " & ", ("postgresql", "or"): " | "}.get(
        (vendor, node.op), f" {node.op.upper()} "
    )
    parts = [_render(child, vendor=vendor, weights=weights) for child in node.children]
    return parts[0] if len(parts) == 1 else "(" + joiner.join(parts) + ")"


def _words_in(node) -> list[str]:
    """The words of an expression's terms, in order."""
    if isinstance(node, Term):
        return [node.word]
    return [word for child in node.children for word in _words_in(child)]


# --- the plan: words -> alternatives, with what was corrected -------------------------


@dataclass
class Plan:
    expression: Node | None
    corrected: str | None  # the query as understood, when a word was misspelled


# --- the vocabulary held in process (PostgreSQL) -------------------------------
#
# The candidates query reads the whole vocabulary table and computes a trigram similarity
# for every word (0.8-1.1 ms of PostgreSQL a misspelled or two-word search at 100k
# products, 770 words). A vocabulary of at most VOCABULARY_IN_PROCESS words, all of them
# ASCII letters and digits (the demo's; most catalogues in English), is read once a
# catalogue version and answered in process by the same rule: pg_trgm's trigrams (each
# word padded with two spaces before and one after), its similarity (shared trigrams over
# all distinct trigrams, as a float4) and the database's own threshold. Any other
# vocabulary, or a misspelled word with other characters, is asked of the database.
VOCABULARY_IN_PROCESS = 5_000
_ASCII_WORD = re.compile("[a-z0-9]+")


def _trigrams(word: str) -> set[str]:
    padded = f"  {word} "
    return {padded[i : i + 3] for i in range(len(padded) - 2)}


def _float4(value: float) -> float:
    return struct.unpack("f", struct.pack("f", value))[0]


class Vocabulary:
    """The words candidates are drawn from, with what the three rules need."""

    def __init__(self, words, threshold: float, lexemes=(), *, ascii: bool = True):
        self.words = frozenset(words)
        self.threshold = threshold
        # Trigrams are counted here as pg_trgm counts them for ASCII words only: a
        # vocabulary that is not all ASCII gives no candidates (the database does), only
        # its words by their start and end.
        self.ascii = ascii
        # Every word of the index, hyphenated and dotted ones too (`e-bike`, `4.5`), in
        # order and written backwards in order: its words by their start and by their end.
        self.known = frozenset(lexemes) | self.words
        self.lexemes = sorted(self.known)
        self.backwards = sorted(lexeme[::-1] for lexeme in self.lexemes)
        # Each first letter's words, shortest first, with their lengths (for bisect).
        self.by_letter: dict[str, list[str]] = {}
        self.sizes: dict[str, int] = {}
        self.postings: dict[str, list[str]] = {}
        for word in sorted(self.words, key=len):
            self.by_letter.setdefault(word[0], []).append(word)
            grams = _trigrams(word)
            self.sizes[word] = len(grams)
            for gram in grams:
                self.postings.setdefault(gram, []).append(word)
        self.lengths = {letter: [len(w) for w in ws] for letter, ws in self.by_letter.items()}
        self._passes: dict[tuple[int, int], bool] = {}  # (shared, all trigrams) -> similar

    def _similar_enough(self, shared: int, union: int) -> bool:
        key = (shared, union)
        passes = self._passes.get(key)
        if passes is None:
            passes = self._passes[key] = _float4(shared / union) >= self.threshold
        return passes

    def similar(self, word: str) -> set[str]:
        """pg_trgm's `word % candidate` over the vocabulary."""
        grams = _trigrams(word)
        shared = Counter(chain.from_iterable(self.postings.get(gram, ()) for gram in grams))
        size, sizes = len(grams), self.sizes
        return {
            candidate
            for candidate, count in shared.items()
            if self._similar_enough(count, size + sizes[candidate] - count)
        }

    def starting_with(self, start: str) -> list[str]:
        """The words of the index that start with `start`."""
        first = bisect_left(self.lexemes, start)
        return self.lexemes[first : bisect_left(self.lexemes, start + "\U0010ffff", first)]

    def ending_with(self, end: str) -> list[str]:
        """The words of the index that end with `end`."""
        start = end[::-1]
        first = bisect_left(self.backwards, start)
        found = self.backwards[first : bisect_left(self.backwards, start + "\U0010ffff", first)]
        return [lexeme[::-1] for lexeme in found]

    def candidates(self, exact: set[str], letters, longest: int, fuzzy) -> set[str]:
        found = exact & self.words
        for letter in letters:
            words = self.by_letter.get(letter, ())
            found.update(words[: bisect_right(self.lengths.get(letter, ()), longest)])
        for word in fuzzy:
            found |= self.similar(word)
        return found


def load_vocabulary() -> Vocabulary | None:
    """The vocabulary to hold in process, or None when it is too large (one query: the
    words and the database's similarity threshold). One not all ASCII is held for its
    words' starts and ends only (`Vocabulary.ascii`)."""
    with connection.cursor() as cursor:
        cursor.execute(
            # NULL until pg_trgm is loaded in this backend (a new connection whose first
            # trigram use this is) and nothing set it: then it is pg_trgm's default.
            "SELECT word, COALESCE(current_setting('pg_trgm.similarity_threshold', true), "
            "'0.3') FROM catalog_searchword LIMIT %s",
            [VOCABULARY_IN_PROCESS * 4 + 1],
        )
        rows = cursor.fetchall()
    # The candidates query keeps only single words (a hyphenated one never stands for one).
    words = [word for word, _ in rows if _WORD.fullmatch(word)]
    if len(rows) > VOCABULARY_IN_PROCESS * 4 or len(words) > VOCABULARY_IN_PROCESS:
        return None
    return Vocabulary(
        words,
        float(rows[0][1]) if rows else 0.3,
        [word for word, _ in rows],
        ascii=all(_ASCII_WORD.fullmatch(word) for word in words),
    )


def held_vocabulary() -> Vocabulary | None:
    """This process's vocabulary for the current catalogue and text versions (it changes
    only with products' texts, and must hold every word the index holds), or None: ask
    the database. Off with the catalogue cache."""
    return caching.held_value("vocabulary", load_vocabulary, scope="text")


def vocabulary_candidates(words: list[str], *, prefix: str | None = None) -> set[str]:
    """One query: the vocabulary words that could stand for any of the words (same first
    or second letter, or exact), plus on PostgreSQL the trigram-similar ones. On
    PostgreSQL the vocabulary held in process answers instead when it can (above)."""
    exact = set(words)
    for word in words:
        exact |= _inflections(word)
        exact |= set(SYNONYMS.get(word, ()))
        if len(word) <= MAX_SPLIT_LENGTH:
            exact |= {part for cut in range(2, len(word) - 1) for part in (word[:cut], word[cut:])}
    for first, second in itertools.pairwise(words):
        exact.add(first + second)
    fuzzy = [w for w in words if allowed_edits(w)]
    letters = sorted({w[0] for w in fuzzy} | {w[1] for w in fuzzy} | set((prefix or "")[:1]))
    # A prefix may stand for a word of any length.
    longest = 64 if prefix else max(len(w) for w in words) * 2 + 2
    if connection.vendor == "postgresql" and all(_ASCII_WORD.fullmatch(w) for w in fuzzy):
        held = held_vocabulary()
        if held is not None and held.ascii:
            return held.candidates(exact, letters, longest, fuzzy)
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute(
                "SELECT word FROM catalog_searchword WHERE word = ANY(%s) "
                "OR (left(word, 1) = ANY(%s) AND length(word) <= %s) OR word %% ANY(%s)",
                [sorted(exact), letters, longest, fuzzy],
            )
        else:
            ranges = " OR ".join(["(term >= %s AND term < %s)"] * len(letters)) or "0"
            params = [p for letter in letters for p in (letter, letter + "\U0010ffff")]
            marks = ", ".join(["%s"] * len(exact)) or "NULL"
            # Only placeholders are joined into the text; every value is a parameter.
            where = f"term IN ({marks}) OR (({ranges}) AND length(term) <= %s)"
            sql = "SELECT term FROM catalog_product_fts_vocab WHERE " + where  # noqa: S608
            cursor.execute(
                sql,
                [*sorted(exact), *params, longest],
            )
        return {row[0] for row in cursor.fetchall() if _WORD.fullmatch(row[0])}


def _distance(word: str, candidate: str, *, prefix: bool, edits: int) -> int:
    if not prefix:
        if abs(len(candidate) - len(word)) > edits:
            return edits + 1
        return OSA.distance(word, candidate, score_cutoff=edits)
    # A prefix being typed: compare with the candidate's beginnings of about its length.
    return min(
        OSA.distance(word, candidate[:size], score_cutoff=edits)
        for size in range(max(1, len(word) - edits), len(word) + edits + 1)
    )


def _closest(word: str, vocabulary: set[str], *, prefix: bool = False) -> list[str]:
    """The vocabulary words fewest edits away (within what the word's length allows)."""
    edits = allowed_edits(word)
    if not edits:
        return []
    best, found = edits + 1, []
    for candidate in vocabulary:
        distance = _distance(word, candidate, prefix=prefix, edits=edits)
        if distance > edits:
            continue
        if distance < best:
            best, found = distance, [candidate]
        elif distance == best:
            found.append(candidate)
    # Shorter words first: for a prefix, the likeliest completion.
    return sorted(found, key=lambda w: (len(w), w))[:MAX_ALTERNATIVES]


def _alternatives(word: str, vocabulary: set[str], *, prefix: bool) -> tuple[list, str | None]:
    """Terms for one word, and its correction when it was misspelled."""
    terms = []
    if word in vocabulary or (prefix and any(w.startswith(word) for w in vocabulary)):
        terms.append(Term(word, prefix))
    terms += [Term(form) for form in sorted(_inflections(word) & vocabulary)]
    terms += [Term(s) for s in SYNONYMS.get(word, ()) if s in vocabulary and s != word]
    if terms:
        return terms[:MAX_ALTERNATIVES], None
    closest = _closest(word, vocabulary, prefix=prefix)
    terms = [Term(c) for c in closest]
    for cut in range(2, min(len(word), MAX_SPLIT_LENGTH) - 1):
        head, tail = word[:cut], word[cut:]
        if head in vocabulary and tail in vocabulary:
            # Two words run together (`powerbank`); a near word stays an alternative
            # (`colourfit` is ColorFit more likely than colour + fit).
            return [*terms, Node("and", [Term(head), Term(tail)])], None
    return terms, (closest[0] if closest else None)


def plan(query: str, *, prefix_last: bool = False) -> Plan:
    words = [w for w in words_of(query) if w]
    if len(words) > 1:
        words = [w for w in words if w not in STOP_WORDS] or words
    # A word said twice asks for nothing more (`crimson crimson`), but an AND of a word
    # with itself is estimated as if the two were independent (the square of its share),
    # so a common one was ranked whole instead of from a window: 19-48 ms.
    # The cap comes after both: stop words and repeats do not use up the words considered.
    words = list(dict.fromkeys(words))[:MAX_WORDS]
    if not words:
        return Plan(None, None)
    vocabulary = vocabulary_candidates(words, prefix=words[-1] if prefix_last else None)
    options, shown, corrected = [], [], False
    for index, word in enumerate(words):
        is_prefix = prefix_last and index == len(words) - 1
        terms, fixed = _alternatives(word, vocabulary, prefix=is_prefix)
        options.append(terms)
        shown.append(fixed or word)
        corrected |= fixed is not None
    # Neighbours written apart: `one plus` may be `oneplus`.
    joined = [words[i] + words[i + 1] in vocabulary for i in range(len(words) - 1)] + [False]

    def build(start: int):
        if start >= len(words):
            return []
        rest = build(start + 1)
        single = [Node("or", options[start]), *rest] if options[start] else None
        if joined[start]:
            pair = [Term(words[start] + words[start + 1]), *build(start + 2)]
            if single is None:
                return pair
            return [Node("or", [Node("and", single), Node("and", pair)])]
        # A word the catalogue has no trace of is dropped while others remain.
        return single if single is not None else rest

    parts = build(0)
    if not parts:
        return Plan(None, None)
    return Plan(Node("and", parts), " ".join(shown) if corrected else None)


def loosened(expression: Node) -> Node | None:
    """All the words but one (any one), for when all of them find nothing: `samsung 4k
    tv` still finds the Samsung 4K set whose text never says "tv". None when there is
    nothing to loosen."""
    words = expression.children if expression.op == "and" else []
    if len(words) < 2:
        return None
    return Node("or", [Node("and", words[:i] + words[i + 1 :]) for i in range(len(words))])


def suggest_query(products, expression: Node):
    """The products whose name or category match the expression, newest first. No rank
    to compute: while typing, a short prefix matches thousands of products, and the
    newest-first index stops at the first few."""
    if connection.vendor == "postgresql":
        # Names and categories only, with their own index (migration 0004_i18_...).
        text = _render(expression, vendor="postgresql")
        where = "catalog_product.suggest_vector @@ to_tsquery('simple'::regconfig, %s)"
        qs = products.extra(where=[where], params=[text])  # noqa: S610 (a bound parameter)
        if len(_words_in(expression)) == 1:
            # One word: PostgreSQL estimates it well and walks the newest-first index when
            # it is common (a start like `mo`), or gathers the few matches from the GIN.
            return qs.order_by("-created_at", "-id")
        # Several: it cannot estimate an AND of words and, guessing "many", would walk the
        # newest-first index through every product. Ordering by an expression no index
        # has makes it gather the (few) matches of the AND from the GIN index and sort.
        return qs.extra(
            select={"newest": "catalog_product.created_at + interval '0 seconds'"},
            order_by=["-newest", "-id"],
        )
    text = "{name category} : " + _render(expression, vendor="sqlite")
    return products.extra(
        tables=["catalog_product_fts"],
        where=["catalog_product_fts.rowid = catalog_product.id", "catalog_product_fts MATCH %s"],
        params=[text],
    ).order_by("-created_at", "-id")


def match_query(products, expression: Node):
    """The products matching the expression, best first (the rank in `search_rank`)."""
    vendor = connection.vendor
    text = _render(expression, vendor=vendor)
    if vendor == "postgresql":
        return products.extra(
            select={
                "search_rank": "ts_rank(%s, catalog_product.search_vector, "
                "to_tsquery('simple'::regconfig, %s))"
            },
            select_params=[PG_WEIGHTS, text],
            where=["catalog_product.search_vector @@ to_tsquery('simple'::regconfig, %s)"],
            params=[text],
            order_by=["-search_rank", "-created_at", "-id"],
        )
    weights = ", ".join(str(w) for w in FTS5_WEIGHTS)
    return products.extra(  # noqa: S610 (the text is a bound parameter)
        select={"search_rank": f"bm25(catalog_product_fts, {weights})"},
        tables=["catalog_product_fts"],
        where=["catalog_product_fts.rowid = catalog_product.id", "catalog_product_fts MATCH %s"],
        params=[text],
        order_by=["search_rank", "-created_at", "-id"],
    )


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
# (the window's 5,714 documents: 3.3 ms where the CTE took 6.4, EXPLAIN ANALYZE, 100k).
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
# about one a page: 0.6 us a row against 1.7 us a match (EXPLAIN ANALYZE, 100k; 5,714
# rows in 3.3 ms, 3,636 matches in 6.2 ms). The loosened answer is already a second best
# (no product holds every word), so there the cheaper read wins: two-word searches that
# found nothing together, the bench's cold searches, went from 8.5-8.8 to 6.2-6.7 ms in
# process. Its price: such an answer is the best of the newest matches (about margin x
# the answer of them) rather than of all the catalogue's 2,800-4,500.
LOOSENED_REACH = 2.5


def ranked_matches() -> int:
    """How many of a step's matches are ranked (PostgreSQL): its newest ones
    (SEARCH_RANKED_MATCHES), never fewer than the answer holds."""
    return max(settings.SEARCH_RANKED_MATCHES, settings.SEARCH_RESULTS_LIMIT)


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
# Asking EXPLAIN for a step's estimate is a round trip and a planning: 0.25-0.45 ms of
# PostgreSQL and about 0.1 ms of Python each, and a two-word search that finds nothing
# together asks three times. The estimate is arithmetic on statistics ANALYZE keeps in
# pg_stats, so the same figures are read once a catalogue version and the planner's own
# formulas applied in process (PostgreSQL 15: tsquerysel in ts_selfuncs.c for `@@`,
# patternsel in selfuncs.c for LIKE, an OR of two clauses as s1 + s2 - s1 s2), for plain
# ASCII words and keywords; anything else still asks EXPLAIN. An estimate only sizes a
# window (a wrong one costs time, never results): the test holds both to the same figure.
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
    return caching.held_value("planner-statistics", load_statistics)


# Every product holding the keyword, ranked as the window ranks its rows (PostgreSQL): the
# same conditions as the ORM's `icontains` (and so the same trigram indexes), written out
# because building the ranked query with the ORM cost about a millisecond a search. The
# rank is where the keyword stands in the name (`strpos` of the raw keyword: 1 = starts
# it, 0 = only in the description), one upper-casing and one search a row where the
# ORM's CASE of `istartswith` and `icontains` did two of each: ranking the 1,818 holders
# of a common word took 4.7 ms that way and 3.1 ms this way (EXPLAIN ANALYZE, 100k).
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


def literal_window(keyword: str, *, window: int, limit: int) -> list[int]:
    """Ids of the newest `window` products holding `keyword` literally in the name or the
    description, best first: a name that starts with it, a name that contains it, then a
    description; newest first within each (PostgreSQL)."""
    ranked = ranked_matches()
    params = [keyword, keyword, window, ranked, ranked, limit]
    with connection.cursor() as cursor:
        cursor.execute(_LITERAL_WINDOW_SQL, params)
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
# several words, whose literal match rarely fills the answer (selectors._literal_and_match
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
# answer where the trigram indexes intersected about ten long posting lists (1.2 ms of
# PostgreSQL for two words at 100k products; about 0.1 ms this way). The words are looked
# up in the vocabulary held in process (every word the index ever held, a superset).
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
# match's (the same products, or nearly: `green forest` is 8,334 of them at 100k, every
# one read twice by the two subqueries, 37 ms; the match may hold more forms of a word).
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
# Planned once a connection (catalog/prepared.py): the paired query of two plain words,
# and the match steps' ids.
for _text in (_WORDS_LITERAL_AND_MATCH_SQL, _MATCH_WINDOW_SQL, _MATCH_SQL):
    prepared.register(_text)


def _literal_query(keyword: str, *, limit: int) -> tuple[str, list, Callable]:
    """The literal step's query and its parameters, and `paired(match_text)`: the query and
    parameters of the literal with the match of `match_text` (a rendered expression), each
    `limit` long. From the word index when the vocabulary is held and the keyword is plain
    words (literal_words_query; the pair in one pass), else from the trigrams. The
    products the word index tests are those holding the words, which also hold every
    trigram of the keyword: a subset of the trigrams' (the same count for words that go
    together, `red series`: 21,521 products, 38 ms either way; 1,818 for `grip phone`,
    3.7 ms where the trigrams took 6; none for two words that never meet, 0.1-0.4 ms where
    the trigrams took 1.2 at 100k and 16 at 1M)."""
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
    catalog/selectors.py)."""
    with connection.cursor() as cursor:
        prepared.execute(cursor, sql, params)
        return [row[0] for row in cursor.fetchall()]


def match_ranked(expression: Node, *, limit: int, exclude: list[int], read=ids_of) -> list:
    """Ids of the products matching the expression, best first (match_query's order),
    leaving out `exclude` (PostgreSQL)."""
    text = _render(expression, vendor="postgresql")
    return read(_MATCH_SQL, [text, exclude, ranked_matches(), PG_WEIGHTS, text, limit])


def match_window(
    expression: Node, *, window: int, limit: int, exclude: list[int], read=ids_of
) -> list:
    """Ids of the newest `window` products matching the expression, best first (the order
    of match_query), leaving out `exclude` (PostgreSQL)."""
    text = _render(expression, vendor="postgresql")
    ranked = ranked_matches()
    params = [window, text, exclude, ranked, ranked, PG_WEIGHTS, text, limit]
    return read(_MATCH_WINDOW_SQL, params)
