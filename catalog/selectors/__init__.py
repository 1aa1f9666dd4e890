"""Reads. Every list is one query with the category joined in (plus one count where a
total is answered), whatever the page size.

A page of a list is a deferred join: the page's ids come from an index-only
scan of a covering index in the list's order (newest first, with the category and price
columns the filters need), and only those rows are then read with their category, so a
deep page never reads the rows it skips. Totals are counted once per catalogue version
and kept in the read cache (catalog/cache/), not on every request.

Modules: `categories`; `products` (lists, filters and facets, one product, related
products, a category's, photos, the admin's table); `searching` (search and suggestions
over `catalog/search/`); `paging` (a page's ids: the deferred join) with `anchors` (deep
pages) and `price_counts` (the filters' totals); `rows` (`ProductRow`, the product rows'
SQL). The selectors are re-exported here: `from catalog import selectors`.
"""

from catalog.selectors.categories import category_get, category_get_by_id, category_list
from catalog.selectors.products import (
    LATEST_COUNT,
    gallery_photo_name,
    option_facets,
    product_admin_list,
    product_count,
    product_filter,
    product_get_by_id,
    product_get_current,
    product_in_category,
    product_latest,
    product_page,
    product_photo_source,
    product_related,
    products_using_photo,
)
from catalog.selectors.rows import ProductRow
from catalog.selectors.searching import SearchAnswer, product_search, product_suggest

__all__ = [
    "LATEST_COUNT",
    "ProductRow",
    "SearchAnswer",
    "category_get",
    "category_get_by_id",
    "category_list",
    "gallery_photo_name",
    "option_facets",
    "product_admin_list",
    "product_count",
    "product_filter",
    "product_get_by_id",
    "product_get_current",
    "product_in_category",
    "product_latest",
    "product_page",
    "product_photo_source",
    "product_related",
    "product_search",
    "product_suggest",
    "products_using_photo",
]
