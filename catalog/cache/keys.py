"""The catalogue cache's keys: every one namespaced by the database the answers come
from and the settings that shape them, and how long a stock stamp lives."""

from __future__ import annotations

import hashlib
from functools import lru_cache

from django.conf import settings
from django.core.signals import setting_changed
from django.db import connection as default_connection
from django.dispatch import receiver


@lru_cache(maxsize=16)
def _digest(identity: str) -> str:
    return hashlib.sha1(identity.encode(), usedforsecurity=False).hexdigest()[:16]


# namespace() by the database's place: the settings it reads are read again only after
# one of them changes (override_settings in tests sends `setting_changed`).
_namespaces: dict[tuple, str] = {}


@receiver(setting_changed)
def _settings_changed(**kwargs) -> None:
    _namespaces.clear()


def namespace() -> str:
    """What every key is prefixed with: the database the answers come from and the
    settings that change them. Read for every key a read builds (a search's fifty stock
    stamps among them), so worked out once per database."""
    db = default_connection.settings_dict
    where = (db.get("HOST", ""), db.get("PORT", ""), db.get("NAME", ""))
    found = _namespaces.get(where)
    if found is None:
        found = _namespaces[where] = _digest(
            "|".join(
                str(part)
                for part in (
                    default_connection.vendor,
                    *where,
                    settings.PRODUCTS_PER_PAGE,
                    settings.SEARCH_RESULTS_LIMIT,
                    settings.SEARCH_WINDOW_MARGIN,
                    settings.SEARCH_RANKED_MATCHES,
                    # The entries' layout: an older layout's entries are not read (7:
                    # product answers carry `rating`).
                    "rating-7",
                )
            )
        )
    return found


def version_key() -> str:
    return f"catalog:{namespace()}:version"


def _text_key() -> str:
    return f"catalog:{namespace()}:text-version"


def _stamped_key() -> str:
    return f"catalog:{namespace()}:stamped"


def _scoped(key: str, text: str, scope: str, rated: str = "") -> str:
    """The key an entry of `scope` is kept under: answers that depend on the products'
    texts (search, suggestions, their vocabulary: scope "text") also carry the text
    version, which an edit of a description replaces alone; answers in the rating order
    (scope "rating") carry the rating version, which a product's new rating replaces
    alone (catalog.services.ratings). (In the key, not in the version: the local layer
    holds one catalogue version and empties on a new one.)"""
    if scope == "text":
        return f"{key}@{text}"
    if scope == "rating":
        return f"{key}@r{rated}"
    return key


def _rated_key() -> str:
    return f"catalog:{namespace()}:rating-version"


def _edited_key() -> str:
    return f"catalog:{namespace()}:text-edited"


def _stamp_seconds() -> int:
    # How long a sales-log record lives: longer than any entry, so every record a hit
    # looks back over is there (a missing one only makes it compute the answer again).
    return 2 * settings.CATALOG_CACHE_SECONDS + 60


def _sale_key(number: int) -> str:
    return f"catalog:{namespace()}:sale:{number}"
