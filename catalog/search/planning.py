"""Words -> the match expression: each word's alternatives (itself, its plural or
singular, its closest vocabulary words, two words it joins), with what was corrected;
and the loosened expression (all the words but one)."""

from dataclasses import dataclass

from rapidfuzz.distance import OSA

from catalog.search.expression import Node, Term
from catalog.search.parsing import (
    MAX_ALTERNATIVES,
    MAX_SPLIT_LENGTH,
    MAX_WORDS,
    STOP_WORDS,
    SYNONYMS,
    _inflections,
    allowed_edits,
    words_of,
)
from catalog.search.vocabulary import vocabulary_candidates


@dataclass
class Plan:
    expression: Node | None
    corrected: str | None  # the query as understood, when a word was misspelled


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
    # so a common one was ranked whole instead of from a window.
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
