"""Prices in force: what a sale makes of a regular price, and which sales run when.

A sale takes its value off each unit: a percent of the unit price rounded half up to
the paisa, or rupees (never below 0). Where several running sales cover a product, the
shopper gets the lowest price (the first sale by id among equal ones).

`Schedule` is the active sales that have not ended, loaded once per catalogue version
in each process (a sale's write is a catalogue change, so every server loads the new
schedule); which of them run is worked out from the clock on every read, so a sale
starts and ends on time without an edit and without a job. `Schedule.epoch(now)` names
the set running now: the catalogue cache adds it to its keys, so every cached answer
was computed under the sales it shows, and one starting or ending changes the keys
once (no cached answer outlives a sale's end).
"""

from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from django.utils import timezone

from promotions.discounts import ZERO, discount_of, paise


@dataclass(frozen=True)
class SaleRule:
    id: int
    name: str
    kind: str
    value: Decimal
    products: frozenset[int]
    categories: frozenset[int]
    starts_at: datetime
    ends_at: datetime

    def covers(self, product_id: int, category_id: int | None) -> bool:
        if not self.products and not self.categories:
            return True
        return product_id in self.products or category_id in self.categories

    def runs(self, now: datetime) -> bool:
        return self.starts_at <= now < self.ends_at

    def price(self, regular: Decimal) -> Decimal:
        regular = paise(regular)
        return max(ZERO, regular - discount_of(self.kind, self.value, regular))


@dataclass(frozen=True)
class InForce:
    """A price in force: `price` (with the sale), `regular` (without), the sale or None."""

    price: Decimal
    regular: Decimal
    sale: SaleRule | None


class Schedule:
    def __init__(self, rules):
        self.rules = tuple(sorted(rules, key=lambda rule: rule.id))

    def running(self, now: datetime | None = None) -> tuple[SaleRule, ...]:
        now = now or timezone.now()
        return tuple(rule for rule in self.rules if rule.runs(now))

    def epoch(self, now: datetime | None = None) -> str:
        """A name for the set of sales running at `now` ("" when none)."""
        return "-".join(str(rule.id) for rule in self.running(now))


def in_force(regular: Decimal, product_id: int, category_id: int | None, running) -> InForce:
    """The price of a unit of `regular` price of a product, under the `running` sales."""
    regular = paise(regular)
    best, chosen = regular, None
    for rule in running:
        if rule.covers(product_id, category_id):
            price = rule.price(regular)
            if chosen is None or price < best:
                best, chosen = price, rule
    return InForce(best if chosen else regular, regular, chosen)


def schedule_load(now: datetime | None = None) -> Schedule:
    """The active sales that have not ended (one query)."""
    from promotions.models import Sale

    now = now or timezone.now()
    return Schedule(
        SaleRule(
            id=sale.pk,
            name=sale.name,
            kind=sale.kind,
            value=sale.value,
            products=frozenset(sale.products),
            categories=frozenset(sale.categories),
            starts_at=sale.starts_at,
            ends_at=sale.ends_at,
        )
        for sale in Sale.objects.filter(active=True, ends_at__gt=now)
    )


class SalePricing:
    """What the catalogue asks of sales (catalog.prices.Pricing)."""

    def load(self) -> Schedule:
        return schedule_load()

    def in_force(self, regular, product_id, category_id, running) -> InForce:
        return in_force(regular, product_id, category_id, running)
