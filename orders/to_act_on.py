"""What waits for the owner in the apps above orders, for the dashboard's "to act on"
list (reports.to_act_on, docs/admin-guide.md).

The reports app, which draws the list, may not import returns or reviews (they share a
layer and stay independent of each other: .importlinter), and they may not import it.
So each of them registers a source here, in its AppConfig.ready, as returns registers
its payment method in orders.payments: `register_source(key, fn)`, `fn()` answering a
`Waiting` (how many, and since when the oldest has waited) in one query. The list asks
every registered source once, in the order they registered; without one (an app not
installed) its line is simply not there.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime


@dataclass(frozen=True)
class Waiting:
    count: int
    # When the one that has waited longest began waiting; None when nothing waits.
    since: datetime | None


Source = Callable[[], Waiting]
_sources: dict[str, Source] = {}


def register_source(key: str, fn: Source | None) -> None:
    """`fn` answers what waits under `key` (`returns`, `reviews`); None unregisters it.
    Registering a key again replaces its source (a reloaded app counts once)."""
    if fn is None:
        _sources.pop(key, None)
    else:
        _sources[key] = fn


def waiting() -> dict[str, Waiting]:
    """{key: Waiting} from every registered source, one query each."""
    return {key: fn() for key, fn in _sources.items()}
