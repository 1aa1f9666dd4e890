"""Deep pages from anchors: a page far down a list starts from a known row.

A page of a list (newest first: `created_at DESC, id DESC`) is an index-only scan that
skips `(page - 1) x per_page` index entries: cheap near the top, linear in the page
number further down (what it cost is in docs/performance.md, under "Design decisions
and the numbers behind them").
An *anchor* is the `(created_at, id)` of every EVERY-th row of a list; a page at offset o
starts at the anchor just above it and skips fewer than EVERY entries:

    WHERE (created_at, id) <= anchor ORDER BY created_at DESC, id DESC OFFSET o % EVERY

Anchors come in chunks of PER_CHUNK, each found by one scan that starts at the previous
chunk's last anchor, and are kept in the catalogue cache (catalog/cache/,
`cached_value`), so they are exactly as fresh as every cached list: any write replaces
the catalogue version and with it every anchor. A version pays at most one scan down to
the deepest page asked for (what one plain deep page costs), the pages after it read
fewer than EVERY entries. With the cache off, or above the first anchor, pages are plain
offsets. The product list and each category have their own anchors; filter
combinations do not (products.py: they are many, each asked too few pages per version
to repay the scan): their deeper half is read from the oldest end instead.
"""

from __future__ import annotations

from django.conf import settings
from django.db import connection
from django.db.models import Q

from catalog.cache import cached_value

EVERY = 1000  # rows between two anchors: a page reads at most this many more entries
PER_CHUNK = 16  # anchors found by one scan (16,000 rows)

_ORDER = ("-created_at", "-id")


def in_use() -> bool:
    """Anchors live in the catalogue cache: without it, every page is a plain offset."""
    return bool(getattr(settings, "CATALOG_CACHE_SECONDS", 0))


def starting_at(matching, anchor: tuple | None):
    """`matching` from `anchor` (inclusive) down, newest first."""
    if anchor is not None:
        # (created_at, id) <= anchor, written so that the index's range starts at the
        # anchor's time (`created_at <= t`) and only its ties are filtered; plain ORM
        # lookups, so it stays right inside the page's subquery (its tables relabelled).
        created_at, pk = anchor
        matching = matching.filter(created_at__lte=created_at).filter(
            Q(created_at__lt=created_at) | Q(created_at=created_at, id__lte=pk)
        )
    return matching.order_by(*_ORDER)


def _chunk(matching, start: tuple | None, skip: int) -> list[tuple]:
    """Up to PER_CHUNK anchors: the rows 0, EVERY, 2 x EVERY, ... after skipping `skip`
    rows from `start` (the top of the list when None). One scan of the index, numbered
    by the database, then those few rows' `created_at` by primary key."""
    rows = starting_at(matching, start).values("created_at", "id")
    inner, params = rows[skip : skip + EVERY * PER_CHUNK].query.sql_with_params()
    # Only the ORM's own query text and constants go into the text; values are parameters.
    sql = (
        "SELECT id FROM (SELECT id, ROW_NUMBER() OVER "  # noqa: S608
        f"(ORDER BY created_at DESC, id DESC) AS n FROM ({inner}) AS page) AS numbered "
        f"WHERE n %% {EVERY} = 1 ORDER BY n"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        ids = [row[0] for row in cursor.fetchall()]
    created = dict(matching.model.objects.filter(pk__in=ids).values_list("id", "created_at"))
    return [(created[pk], pk) for pk in ids]


def anchor_for(listing: str, matching, *, offset: int) -> tuple[tuple | None, int]:
    """(anchor, rows to skip from it) for the page at `offset` of the list `listing` (a
    name unique to `matching`: a queryset, or a function returning it, called only when
    a chunk must be found). (None, offset) above the first anchor, with the cache off, or
    past the end of the list (the plain offset answers it: nothing)."""
    index = offset // EVERY
    if index == 0 or not in_use():
        return None, offset
    chunk_no, position = divmod(index, PER_CHUNK)
    chunk = _cached_chunk(listing, matching, chunk_no)
    if position >= len(chunk):
        return None, offset
    return chunk[position], offset - index * EVERY


def _cached_chunk(listing: str, matching, chunk_no: int) -> list[tuple]:
    """Chunk `chunk_no` of the list's anchors, each chunk before it found (or read from the
    cache) first; [] when the list ends before it, so a page far past the end (a hostile
    `page=10**9`) costs no more than the list's own chunks."""
    chunk: list[tuple] = []
    for number in range(chunk_no + 1):
        if number and len(chunk) < PER_CHUNK:
            return []  # the previous chunk was the list's last
        start = chunk[-1] if number else None

        def compute(start=start, skip=EVERY if number else 0):
            return _chunk(matching() if callable(matching) else matching, start, skip)

        chunk = cached_value(f"anchors:{listing}:{number}", compute)
    return chunk
