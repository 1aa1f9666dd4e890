"""A product's rating, written by the reviews app, and the reviews the product page shows.

The reviews app (a layer above the catalogue, which never imports it) keeps
`Product.rating_average` and `Product.rating_count` equal to its published reviews: after
any change to a product's published reviews (one published, edited, hidden, deleted) it
locks the product row (`catalog.services.stock.lock_product`, or its own
`select_for_update`), aggregates them and calls `set_rating` in the same transaction.

What a rating change refreshes (catalog/cache/):

- every answer that shows the product (its page, lists, filters, search, related, a
  category's products, the server-rendered page with its reviews): its stamps, as a sale
  tells them (`stock_changed`: with the shared cache a real one, the sales log), so
  answers that do not show it keep their entries;
- every answer in the rating order (product-list and product-filters with
  `sort=rating`), which the product may move onto or off: the rating version
  (`rating_changed`), which only those answers' keys carry.

Counts, facets, anchors, search's vocabulary and every other answer stay cached. With
Django's file cache a product's stamp is its `updated_at`, which a rating does not move:
there the catalogue version is replaced instead (one machine, a development setup).

`updated_at` is not moved: it is the last edit of the product by the shop, the token
update-product compares to refuse a save over a newer one (a review arriving while an
admin edits the product must not make the admin's save a conflict), and the
`Last-Modified` of the answers that show it. A rating is written with one UPDATE of its
two columns, no model save and no signal.

The product page's JSON-LD lists a few published reviews: the reviews app registers a
source with `register_review_source(fn)`, `fn(product_id, limit)` returning dicts
`{"author", "rating", "title", "body", "createdAt"}`, newest or most useful first, as it
likes. Without one, or for a product without ratings, the page lists none (and asks
nothing).
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import ROUND_HALF_UP, Decimal

from catalog.cache import catalog_changed, rating_changed, stock_changed
from catalog.cache.layers import stamps_in_cache
from catalog.models import Product

TENTH = Decimal("0.1")
LOWEST, HIGHEST = Decimal(1), Decimal(5)

ReviewSource = Callable[[int, int], list[dict]]
_review_source: ReviewSource | None = None


def set_rating(*, product_id: int, average: Decimal | None, count: int) -> None:
    """Write the product's rating: `average` of its `count` published reviews (rounded
    to one decimal, half up; None, and ignored, when count is 0). One UPDATE of the two
    columns, then every cached answer that shows the product, and every answer in the
    rating order, is computed again once the caller's transaction commits (see the
    module's docstring). An unknown product writes nothing and tells nothing."""
    if isinstance(count, bool) or not isinstance(count, int) or count < 0:
        raise ValueError("count must be a whole number, zero or more")
    if count == 0:
        average = None
    else:
        if average is None:
            raise ValueError("a rated product needs its average")
        average = Decimal(str(average)).quantize(TENTH, rounding=ROUND_HALF_UP)
        if not LOWEST <= average <= HIGHEST:
            raise ValueError("average must lie between 1 and 5")
    written = Product.objects.filter(pk=product_id).update(
        rating_average=average, rating_count=count
    )
    if not written:
        return
    if stamps_in_cache():
        stock_changed([product_id])
        rating_changed()
    else:
        catalog_changed()


def register_review_source(fn: ReviewSource | None) -> None:
    """The reviews app's published reviews of a product, for the product page: `fn(
    product_id, limit)` returns at most `limit` dicts `{"author": str, "rating": int,
    "title": str, "body": str, "createdAt": datetime}`. None unregisters it."""
    global _review_source
    _review_source = fn


def reviews_for(product_id: int, limit: int) -> list[dict]:
    """Up to `limit` published reviews of the product from the registered source ([]
    without one)."""
    if _review_source is None or limit <= 0:
        return []
    return list(_review_source(product_id, limit))[:limit]
