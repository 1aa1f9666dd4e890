"""The catalogue's vocabulary: the words a query word may stand for (one query, or on
PostgreSQL the vocabulary held in process)."""

import itertools
import re
import struct
from bisect import bisect_left, bisect_right
from collections import Counter
from itertools import chain

from django.db import connection

from catalog.cache import held_value
from catalog.search.parsing import (
    _WORD,
    MAX_SPLIT_LENGTH,
    SYNONYMS,
    _inflections,
    allowed_edits,
)

# --- the vocabulary held in process (PostgreSQL) -------------------------------
#
# The candidates query reads the whole vocabulary table and computes a trigram similarity
# for every word, for every misspelled or two-word search. A vocabulary of at most
# VOCABULARY_IN_PROCESS words, all of them ASCII letters and digits (the demo's; most
# catalogues in English), is read once a catalogue version and answered in process by the
# same rule: pg_trgm's trigrams (each word padded with two spaces before and one after),
# its similarity (shared trigrams over all distinct trigrams, as a float4) and the
# database's own threshold. Any other vocabulary, or a misspelled word with other
# characters, is asked of the database.
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
    return held_value("vocabulary", load_vocabulary, scope="text")


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
