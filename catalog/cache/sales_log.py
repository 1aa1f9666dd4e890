"""The sales log: which products each replacement of stock stamps was for, so that a
hit whose entry shows none of them costs no read of its stamps."""

from __future__ import annotations

import threading
import time

from django.core.cache import cache

from catalog.cache.keys import _sale_key, _stamp_seconds, _stamped_key

# With stamps in the shared cache the stamped mark is a counter: each replacement of
# stamps increments it and then writes which products it was for under the new count
# (`sale:{n}`). A hit whose entry holds an older mark M, while the mark is N, reads the
# products of replacements M+1..N (from this process's copy of the log, fetched once per
# process and replacement) and reads its stamps only when one of its own products is
# among them. Without the log every hit after any sale read every stamp of its entry
# (a list or a search: up to 50 keys) once per entry and sale, so at ten sales a second
# nearly every hit paid that round trip.

SALES_LOG_SPAN = 512  # replacements a hit looks back over before it reads its stamps instead
_sales_log: dict[int, frozenset[int]] = {}  # replacement number -> its products (this process)
_sales_log_lock = threading.Lock()


def _log_sale(ids: list[int]) -> None:
    """Increment the stamped mark and record the products of this replacement under it.
    After the stamps are written: a replacement numbered after an entry's mark wrote its
    stamps after the entry read them, or at the same moment (then the stamps are read)."""
    try:
        number = cache.incr(_stamped_key())
    except ValueError:  # the mark is gone (a flushed cache): start it again, at the clock
        cache.add(_stamped_key(), time.time_ns(), timeout=None)
        number = cache.incr(_stamped_key())
    cache.set(_sale_key(number), tuple(ids), timeout=_stamp_seconds())


def _sold_between(seen, stamped) -> frozenset[int] | None:
    """The products of the replacements after mark `seen` up to mark `stamped`, or None
    when they cannot all be told (marks that are not counters, too many replacements,
    or one whose record is not written yet or has expired)."""
    if not isinstance(seen, int) or not isinstance(stamped, int):
        return None
    if not 0 < stamped - seen <= SALES_LOG_SPAN:
        return None
    numbers = range(seen + 1, stamped + 1)
    unknown = [n for n in numbers if n not in _sales_log]
    if unknown:
        found = cache.get_many([_sale_key(n) for n in unknown])
        with _sales_log_lock:
            for n in unknown:
                ids = found.get(_sale_key(n))
                if ids is not None:
                    _sales_log[n] = frozenset(ids)
            if len(_sales_log) > 4 * SALES_LOG_SPAN:
                for n in sorted(_sales_log)[: -2 * SALES_LOG_SPAN]:
                    del _sales_log[n]
    sold: set[int] = set()
    for n in numbers:
        ids = _sales_log.get(n)
        if ids is None:
            return None
        sold |= ids
    return frozenset(sold)
