"""Query text -> words: how a query is cut into words (as the index cuts the products'
texts), the words that count, their plurals and singulars, the Hinglish ones, and how
many typos each may hold."""

import re

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
