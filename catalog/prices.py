"""Prices in force: what the catalogue shows, filters and sorts by while a sale runs.

The sales themselves are the promotions app's: it registers a `Pricing` here when it is
ready (as payments registers its method with orders), and the catalogue imports none of
its code. Without one registered, every price is the regular price.

Which sales run is worked out from the clock on every read, against the schedule (the
active sales that have not ended) loaded once per catalogue version: a sale's write
replaces the catalogue version, and a sale starting or ending moves the version the
cache keys carry (catalog.cache.versions: the later of the stored version and the last
start or end passed), so every cached answer was computed under the sales it shows and
none outlives a sale's end, on every server, without a job.

- `running()`: the sales running now, under the schedule this process loaded last.
- `apply(data, category_id)`: a product answer's `price`, `regularPrice` and `sale`,
  and each variant's `price` and `regularPrice`, under them.
- `price_expression()`: the price in force as an ORM expression (filters and sorts by
  price while a sale runs).
"""

from __future__ import annotations

import threading
import time
from decimal import Decimal
from typing import NamedTuple

from django.db.models import Case, DecimalField, F, Q, Value, When
from django.db.models.functions import Greatest, Least, Round
from django.utils import timezone

from shop.api.fields import iso_utc


class Pricing:
    """What promotions registers: `load()` the schedule from the database (one query),
    `in_force(regular, product_id, category_id, running)` a unit's price."""

    def load(self):
        raise NotImplementedError

    def in_force(self, regular, product_id, category_id, running):
        raise NotImplementedError


_pricing: Pricing | None = None


def register(pricing: Pricing) -> None:
    global _pricing
    _pricing = pricing


class _NoSales:
    """The schedule of a shop with no sale scheduled."""

    rules = ()

    def running(self, now=None) -> tuple:
        return ()


NO_SALES = _NoSales()
# A process loads the schedule again at least this often, whatever it was told.
HELD_SECONDS = 300.0


class _Held:
    """The schedule this process loaded last, the sales version it was loaded under (the
    value a sale's write leaves in the shared cache; None: none was there), and when."""

    def __init__(self):
        self.lock = threading.Lock()
        self.reset()

    def reset(self, schedule=None) -> None:
        self.tag, self.schedule, self.loaded_at = None, schedule, time.monotonic()

    def stale(self, tag) -> bool:
        return (
            self.schedule is None
            or (tag is not None and tag != self.tag)
            or time.monotonic() - self.loaded_at >= HELD_SECONDS
        )


_held = _Held()


def schedule_seen(tag=None):
    """The schedule, given the sales version a read found in the shared cache (`tag`;
    None when the key is absent: no sale was written since the cache was emptied, as far
    as anyone told it). Loaded from the database (one query) only when this process holds
    none, the tag is another than the one it was loaded under, or it is older than
    HELD_SECONDS: a process answers its reads without asking the database about sales."""
    if _pricing is None:
        return NO_SALES
    held = _held
    if held.stale(tag):
        with held.lock:
            if held.stale(tag):
                schedule = _pricing.load()
                held.tag = tag if tag is not None else held.tag
                held.schedule, held.loaded_at = schedule, time.monotonic()
    return held.schedule


def forget() -> None:
    """Load the schedule again on the next read (a sale was written in this process)."""
    _held.schedule = None


def latest_boundary_ns(schedule, now=None) -> int:
    """The last start or end of a scheduled sale at or before `now`, in nanoseconds since
    the epoch (0 when none): the running set changes only there."""
    now = now or timezone.now()
    passed = [
        moment
        for rule in schedule.rules
        for moment in (rule.starts_at, rule.ends_at)
        if moment <= now
    ]
    return int(max(passed).timestamp() * 1_000_000) * 1000 if passed else 0


def running(now=None) -> tuple:
    """The sales running now, under the schedule this process holds."""
    return schedule_seen(None).running(now)


def in_force(regular, product_id: int, category_id, sales=None):
    """A unit's price in force (`.price`, `.regular`, `.sale`) under `sales` (default:
    those running now)."""
    sales = running() if sales is None else sales
    if not sales or _pricing is None:
        return _Regular(Decimal(regular), Decimal(regular), None)
    return _pricing.in_force(Decimal(regular), product_id, category_id, sales)


class _Regular(NamedTuple):
    price: Decimal
    regular: Decimal
    sale: object


def _number(value: Decimal):
    value = Decimal(value).quantize(Decimal("0.01"))
    return int(value) if value == value.to_integral_value() else float(value)


def apply(data: dict, category_id, sales=None) -> dict:
    """`data` (a product answer) with its prices in force under `sales` (default: those
    running now): `price`, `regularPrice` and `sale: {name, endsAt}` (null outside a
    sale), and each variant's `price` and `regularPrice`."""
    sales = running() if sales is None else sales
    regular = data["price"]
    data["regularPrice"] = regular
    data["sale"] = None
    if not sales or _pricing is None:
        for variant in data.get("variants", ()):
            variant["regularPrice"] = variant["price"]
        return data
    product_id = int(data["_id"])
    shown = _pricing.in_force(Decimal(str(regular)), product_id, category_id, sales)
    data["price"] = _number(shown.price)
    if shown.sale is not None:
        data["sale"] = {"name": shown.sale.name, "endsAt": iso_utc(shown.sale.ends_at)}
    for variant in data.get("variants", ()):
        own = variant["price"]
        variant["regularPrice"] = own
        priced = _pricing.in_force(Decimal(str(own)), product_id, category_id, sales)
        variant["price"] = _number(priced.price)
    return data


MONEY = DecimalField(max_digits=12, decimal_places=2)


def _covers(rule) -> Q | None:
    """The products a sale covers, as a condition (None: every product)."""
    if not rule.products and not rule.categories:
        return None
    condition = Q(pk__in=sorted(rule.products)) if rule.products else Q(pk__in=[])
    if rule.categories:
        condition |= Q(category_id__in=sorted(rule.categories))
    return condition


def _rule_price(rule):
    if rule.kind == "percent":
        # The fraction worked out here: SQLite casts 25.00 and 100 to integers, and would
        # divide them as integers.
        fraction = Value(Decimal(rule.value) / 100, DecimalField(max_digits=9, decimal_places=6))
        off = Round(F("price") * fraction, 2)
        return F("price") - off
    return Greatest(F("price") - Value(rule.value, MONEY), Value(Decimal("0.00"), MONEY))


def price_expression(sales):
    """The price in force of a product as an ORM expression under `sales` (its regular
    price when none): the lowest of the covering sales' prices. A percent is rounded by
    the database (exact on PostgreSQL's numeric; SQLite compares the same figures as
    floating point, which can tie differently at a half paisa)."""
    prices = []
    for rule in sales:
        covers = _covers(rule)
        price = _rule_price(rule)
        if covers is not None:
            price = Case(When(covers, then=price), default=F("price"), output_field=MONEY)
        prices.append(price)
    if not prices:
        return F("price")
    if len(prices) == 1:
        return prices[0]
    return Least(*prices, output_field=MONEY)
