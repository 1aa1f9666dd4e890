"""product_filter while a sale runs, on the indexes the filter uses without one.

A sale that covers categories (or the whole shop) gives every product of a category the
same price function, and each is monotone (a percent or rupees off can only keep the
order of two prices or tie them). So the products of a category whose price in force
lies in [low, high] are those whose stored price lies in one interval, worked out here
(`_inverse`), and a filter is a union of groups of categories, each with its interval:

- the total is the held price counts' (catalog.selectors.price_counts), per group, free;
- a page newest first is one query on the usual indexes, its condition the groups' OR;
- a page in a price order merges each group's products in stored-price order (on the
  category-and-price index), the first page's worth of each, by the price in force.

A sale that names products (not categories) has no such groups: `plan` answers None and
the caller works the price out in SQL for every product (`products._in_force`).
"""

from __future__ import annotations

from decimal import Decimal

from django.conf import settings
from django.db.models import Q

from catalog.models import Category, Product
from catalog.selectors import price_counts
from catalog.selectors.paging import Matching, Where, _deferred_page
from catalog.selectors.rows import _by_ids

PAISA = Decimal("0.01")
TOP = Decimal("99999999.99")  # the largest price a product may have


class Group:
    """Categories under the same sales: their price function and the stored-price
    interval whose prices in force lie in the filter's band."""

    def __init__(self, categories, rules, low, high):
        self.categories = sorted(categories)
        self.rules = rules
        self.low, self.high, self.empty = _inverse(self.price, low, high)

    def price(self, stored: Decimal) -> Decimal:
        return min((rule.price(stored) for rule in self.rules), default=stored)


def _search(test, start: Decimal, end: Decimal) -> Decimal | None:
    """The least price in [start, end] (paise) where `test` (monotone: false, then true)
    holds; None when it holds nowhere."""
    lo, hi = int(start * 100), int(end * 100)
    if lo > hi or not test(Decimal(hi) / 100):
        return None
    while lo < hi:
        mid = (lo + hi) // 2
        if test(Decimal(mid) / 100):
            hi = mid
        else:
            lo = mid + 1
    return Decimal(lo) / 100


def _inverse(price, low, high):
    """(least, greatest, empty): the stored prices whose price in force lies in [low,
    high] (an end None: open)."""
    least = greatest = None
    if low is not None:
        least = _search(lambda p: price(p) >= low, max(Decimal(low), Decimal(0)), TOP)
        if least is None:
            return None, None, True
    if high is not None:
        above = _search(lambda p: price(p) > high, max(Decimal(high), Decimal(0)), TOP)
        if above is None:
            greatest = None  # every price up to the top is within the band
        else:
            greatest = above - PAISA
            if greatest < 0 or (least is not None and greatest < least):
                return None, None, True
    return least, greatest, False


def plan(sales, category_ids, low, high) -> list[Group] | None:
    """The groups of a filter on `category_ids` (all when empty) under `sales`; None when
    a sale names products."""
    if any(rule.products for rule in sales):
        return None
    counts = price_counts.held()
    if category_ids:
        wanted = set(category_ids)
    elif counts is not None:
        wanted = set(counts.by_category)
    else:
        wanted = set(Category.objects.values_list("pk", flat=True))
    by_rules: dict[tuple, list[int]] = {}
    for category_id in wanted:
        rules = tuple(
            rule for rule in sales if not rule.categories or category_id in rule.categories
        )
        by_rules.setdefault(rules, []).append(category_id)
    groups = [Group(cats, rules, low, high) for rules, cats in by_rules.items()]
    return [group for group in groups if not group.empty]


class _GroupsMatching(Matching):
    """The products of the groups, as a Matching. On PostgreSQL its ids are read from a
    union of each group's index range (`source`, under the table's name): an OR of the
    groups' conditions made the planner scan the whole list index (10 ms a page at 100k
    against half a millisecond)."""

    def __init__(self, groups: list[Group]):
        self.category_ids, self.low, self.high, self.exclude_pk = [], None, None, None
        self.groups = groups
        parts, params = [], []
        for group in groups:
            marks = ", ".join(["%s"] * len(group.categories))
            part = [f"category_id IN ({marks})"]
            params += group.categories
            for end, op in ((group.low, ">="), (group.high, "<=")):
                if end is not None:
                    part.append(f"price {op} %s")
                    params.append(end)
            parts.append(
                "SELECT id, created_at FROM catalog_product WHERE "  # noqa: S608 (constant texts; values apart)
                + " AND ".join(part)
            )
        union = (
            " UNION ALL ".join(parts) or "SELECT id, created_at FROM catalog_product WHERE FALSE"
        )
        self.source = (f"({union}) AS catalog_product", tuple(params))
        self.where = Where("TRUE", ())

    @property
    def queryset(self):
        condition = Q(pk__in=[])
        for group in self.groups:
            condition |= _group_q(group)
        return Product.objects.filter(condition)


def _group_q(group: Group) -> Q:
    q = Q(category_id__in=group.categories)
    if group.low is not None:
        q &= Q(price__gte=group.low)
    if group.high is not None:
        q &= Q(price__lte=group.high)
    return q


def matching(groups: list[Group]) -> Matching:
    return _GroupsMatching(groups)


def total(groups: list[Group]) -> int:
    counts = price_counts.held()
    if counts is None:
        return _GroupsMatching(groups).count()
    return sum(counts.count(group.categories, group.low, group.high) for group in groups)


def newest_page(groups: list[Group], page: int, count: int):
    per_page = settings.PRODUCTS_PER_PAGE
    matching = _GroupsMatching(groups)
    return _deferred_page(matching, page=page, per_page=per_page, total=count, ranged=True)


def price_page(groups: list[Group], page: int, count: int, *, descending: bool):
    """A page in the order of the price in force (newest first among equal ones): each
    group's first `page` pages in stored-price order, merged."""
    per_page = settings.PRODUCTS_PER_PAGE
    start = (page - 1) * per_page
    if start >= count:
        return []
    need = start + per_page
    found = {}
    for group in groups:
        for pk, stored, created in _group_head(group, need, descending):
            shown = group.price(stored)
            found[pk] = ((-shown if descending else shown), -created.timestamp(), -pk)
    ordered = sorted(found, key=found.get)
    return _by_ids(ordered[start:need])


def _group_head(group: Group, need: int, descending: bool) -> list[tuple]:
    """The group's first `need` products in the order of the price in force: the first
    `need` in stored-price order, and, since several stored prices may give one price in
    force (rupees off down to 0, a paisa rounded away), the newest `need` of those that
    tie with the last of them."""
    matches = Product.objects.filter(_group_q(group))
    order = ("-price" if descending else "price", "-created_at", "-id")
    head = list(matches.order_by(*order).values_list("pk", "price", "created_at")[:need])
    if len(head) < need:
        return head
    tied = group.price(head[-1][1])
    low, high, empty = _inverse(group.price, tied, tied)
    if empty:
        return head
    ties = matches
    if low is not None:
        ties = ties.filter(price__gte=low)
    if high is not None:
        ties = ties.filter(price__lte=high)
    newest = ties.order_by("-created_at", "-id").values_list("pk", "price", "created_at")
    return head + list(newest[:need])
