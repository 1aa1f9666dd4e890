"""How many products a filter matches, without counting them each time.

A filter page needs its total (the answer carries it, and it decides which end of the list
a page is read from). Counted per combination of categories and price band, that was one
index range a combination a catalogue version in each process: the bench's 1,000 filter
pages fall on 222 combinations, and at 1,000,000 products a count reads up to a million
index entries (tens of milliseconds), so the counts were most of a filter page's cost.

Instead each process reads, once a catalogue version, how many products each category has
at each price (one grouped pass over the category-and-price index), and answers every
combination from it: per category, the distinct prices in order and the running count, so
a band is two binary searches. Exactly the count of `price >= low AND price <= high` in
the categories: prices are compared as the same decimals the database holds. A catalogue
with more than MAX_GROUPS (category, price) pairs is counted by the database as before,
as is every filter with the catalogue cache off.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from itertools import accumulate

from django.db.models import Count

from catalog.cache import held_value
from catalog.models import Product

MAX_GROUPS = 200_000  # (category, price) pairs held at most: about 25 MB of Python objects


class PriceCounts:
    def __init__(self, groups):
        """`groups`: (category id, price, products) ordered by category, then price."""
        by_category: dict[int, tuple[list, list]] = {}
        for category_id, price, count in groups:
            prices, counts = by_category.setdefault(category_id, ([], []))
            prices.append(price)
            counts.append(count)
        # Running counts with a leading 0: products priced below prices[i] = running[i].
        self.by_category = {
            category_id: (prices, [0, *accumulate(counts)])
            for category_id, (prices, counts) in by_category.items()
        }

    def count(self, category_ids, low, high) -> int:
        """Products in any of `category_ids` (every category when empty) priced in [low,
        high], an end of None open."""
        wanted = set(category_ids) or self.by_category.keys()
        total = 0
        for category_id in wanted:
            prices, running = self.by_category.get(category_id, ((), (0,)))
            start = 0 if low is None else bisect_left(prices, low)
            end = len(prices) if high is None else bisect_right(prices, high)
            total += max(running[end] - running[start], 0)
        return total


def load() -> PriceCounts | None:
    groups = list(
        Product.objects.values_list("category_id", "price")
        .annotate(n=Count("id"))
        .order_by("category_id", "price")[: MAX_GROUPS + 1]
    )
    return None if len(groups) > MAX_GROUPS else PriceCounts(groups)


def held() -> PriceCounts | None:
    """This process's counts for the current catalogue version, or None: count in the
    database."""
    return held_value("price-counts", load)
