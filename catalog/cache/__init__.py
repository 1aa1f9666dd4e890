"""Cached answers for the public catalogue reads, invalidated by every write.

A public read (GET, and the product-filters POST, which is a read) is answered from the
shared cache (`CACHES`: Redis when `REDIS_URL` is set) when the same request was answered
since the catalogue last changed. Every cache key carries the catalogue's *version*, a
value kept in the cache and replaced once any write to a category or a product has
committed, so one write makes every cached list, count, page and search unreachable at
once, in every server process. Nothing is deleted key by key; old entries expire
(`CATALOG_CACHE_SECONDS`, 0 turns the cache off).

The version also gives each GET answer an `ETag` (and a `Last-Modified`), so a browser
that revalidates gets 304 without a database query, and a fresh answer after any change.

A sale is not a catalogue write. Stock moves without replacing the version: a sale or a
cancel, before and after it commits, increments the *stamped mark* in the shared cache
and records the products it moved under the new mark (the sales log, `stock_changed`).
An answer that shows products (a list, a search, a product page) is stored with their ids
and the mark read as its read started (`_settle`: no round trip more), and a hit is
served while the mark is unchanged or the log tells that none of its products moved
since; else it is computed again. So a sale refreshes exactly the answers that show the
sold product's stock, everywhere at once, and leaves every other answer, count and
in-process table where it is. (With Django's file cache a product's stamp is its
`updated_at`, read by primary key on a hit after a sale.)

A product's new rating (catalog.services.ratings) is told as a sale is, and also
replaces the *rating version*, which only the answers in the rating order carry in their
keys (`sort=rating`: the product may move onto or off them).

When the cache cannot be reached the reads are answered from the database as if the
cache were off: a cache outage slows the shop down, it never breaks it.

Two layers. Each process keeps a bounded local layer (`LocalLayer`: least
recently used answers, at most `CATALOG_LOCAL_CACHE_ENTRIES` entries and
`CATALOG_LOCAL_CACHE_BYTES` bytes) in front of the shared cache; it holds one catalogue
version and is emptied when the version changes, so it is never staler than the shared
layer. A request reads the version from the shared cache (one small get), then the local
layer, then the shared one. Every operation is O(1): nothing is listed, counted or scanned
per request. Django's file cache lists its whole folder to cull on every `set`, so with
the file cache (no `REDIS_URL`) answers are kept in the local layer only: the file cache
holds the version (written only when the catalogue changes) and the rare answer too large
for the local layer (an unpaged category of thousands of products).

Keys. Every key is namespaced by the database it reflects
(vendor, host, port and name of the default database) and by the settings that shape an
answer (page size, search cap), so two databases or two configurations sharing one cache
never see each other's answers. A POST read (product-filters) is cached only when it is
JSON (`Content-Type: application/json`); its key covers the content type and the exact
body (the parsed body is a function of both). Only 200 JSON answers are stored.

Modules: `keys` (namespaced keys), `layers` (the local layer and the shared cache),
`versions` (the catalogue and text versions, `catalog_changed`), `stamps` (stock stamps,
`stock_changed`), `sales_log`, `values` (`cached_value`, `held_value`, `one_at_a_time`)
and `reads` (`CachedRead`). The names other modules use are re-exported here.
"""

from catalog.cache.keys import namespace, version_key
from catalog.cache.layers import LocalLayer, local
from catalog.cache.reads import CachedRead
from catalog.cache.stamps import products_shown, stock_changed
from catalog.cache.values import cached_value, held_value, one_at_a_time
from catalog.cache.versions import (
    bump_version,
    catalog_changed,
    catalog_version,
    rating_changed,
    sales_changed,
)

__all__ = [
    "CachedRead",
    "LocalLayer",
    "bump_version",
    "cached_value",
    "catalog_changed",
    "catalog_version",
    "held_value",
    "local",
    "namespace",
    "one_at_a_time",
    "products_shown",
    "rating_changed",
    "sales_changed",
    "stock_changed",
    "version_key",
]
