"""Name first: a product whose name holds what was searched ranks above one that holds it
only in its description or category, whichever step found it.

The steps rank each on its own terms: the literal step puts a name before a description,
the match ranks name above category above description. But the literal step comes
first, so a product whose description holds the keyword as typed (a pen drive "for
phones and laptops") came before one whose name holds the words in another form (a
laptop named `... Laptop` for `laptops`, or for `lenovo laptop` with words between).
The answer the steps found is therefore split, keeping its order within each part: the
products whose name holds the keyword literally or every word of the match expression
(each word, or one of its alternatives: a correction, a plural, a joined word), then
the rest. Which products are found, and the cap, are the steps' (no query is added):
this is read from the names the answer already carries, in the same way on both engines.
"""

import re
from functools import lru_cache

from catalog.search.expression import Node, Term, _words_in
from catalog.search.parsing import _JOINERS, words_of

# The index keeps a name's words both split at `-`, `'` and `.` and joined across them
# (`T-Shirt`: `t`, `shirt` and `tshirt`): either form is a word of the name.
_SPLIT_WORD = re.compile(r"[^\W_]+")


# An answer's names come back in the next searches: their words are kept (a few hundred
# kilobytes at most).
@lru_cache(maxsize=4096)
def name_words(name: str) -> frozenset[str]:
    """The words of a name as the match expression's terms are written."""
    return frozenset(_SPLIT_WORD.findall(name.lower())) | frozenset(words_of(name))


def holds(words: frozenset[str], node) -> bool:
    """Whether the words satisfy the expression (a prefix term: a word starting with it)."""
    if isinstance(node, Term):
        if node.prefix:
            return any(word.startswith(node.word) for word in words)
        return node.word in words
    found = (holds(words, child) for child in node.children)
    return all(found) if node.op == "and" else any(found)


def name_holds(name: str, keyword: str, expression: Node | None) -> bool:
    """Whether a product's name holds the keyword as typed (case-insensitive, as the
    literal step reads it) or every word of the expression."""
    needle = keyword.upper() if keyword else ""
    terms = frozenset(_words_in(expression)) if expression is not None else frozenset()
    return _holds(name, needle, terms, expression)


def _holds(name: str, needle: str, terms: frozenset[str], expression: Node | None) -> bool:
    if needle and needle in name.upper():
        return True
    if expression is None:
        return False
    # Every word of the name, split or joined, is a run of its lower-cased text with the
    # joiners dropped: a name holding none of the terms so is not split into words (most
    # names of an answer found by their descriptions).
    joined = _JOINERS.sub("", name.lower())
    if not any(term in joined for term in terms):
        return False
    return holds(name_words(name), expression)


def name_first(products: list, keyword: str, expression: Node | None) -> list:
    """The products (anything with a `name`) whose name holds the search first, then the
    others, each part in the order given."""
    needle = keyword.upper() if keyword else ""
    terms = frozenset(_words_in(expression)) if expression is not None else frozenset()
    first, rest = [], []
    for product in products:
        (first if _holds(product.name, needle, terms, expression) else rest).append(product)
    return first + rest if first and rest else products
