"""Every write of the catalogue: categories, products with their variants, gallery and
stock. The API's views, the Django admin (catalog.admin) and the CSV import
(catalog.csv_io) parse and report; these write.

- `categories`: category_create, category_update, category_delete.
- `products`: product_create, product_update (the API), product_save and
  product_set_price_stock (the Django admin's page and list), product_delete,
  product_slug_remember: one product at a time.
- `batch`: products_write_batch (the CSV import: many products in one transaction) and
  catalogue_statistics_refresh.
- `stock`: write_stock, the one function that writes a product's variants and stock,
  which all of the above call; lock_product and lock_variants, the lock order.
- `gallery`: the gallery rows; `files`: photo files stored, discarded and removed after
  the commit.
"""

from catalog.services.batch import catalogue_statistics_refresh, products_write_batch
from catalog.services.categories import category_create, category_delete, category_update
from catalog.services.common import CATEGORY_EXISTS, PRODUCT_CHANGED, PRODUCT_EXISTS
from catalog.services.files import (
    PhotoNotStored,
    _store_photo,
    photo_discard,
    photo_remove_after_commit,
)
from catalog.services.products import (
    PhotoRow,
    ProductSaved,
    product_create,
    product_delete,
    product_save,
    product_set_price_stock,
    product_slug_remember,
    product_update,
)
from catalog.services.stock import write_stock
from shop.api.exceptions import Conflict

__all__ = [
    "CATEGORY_EXISTS",
    "PRODUCT_CHANGED",
    "PRODUCT_EXISTS",
    "Conflict",
    "PhotoNotStored",
    "PhotoRow",
    "ProductSaved",
    "_store_photo",
    "catalogue_statistics_refresh",
    "category_create",
    "category_delete",
    "category_update",
    "photo_discard",
    "photo_remove_after_commit",
    "product_create",
    "product_delete",
    "product_save",
    "product_set_price_stock",
    "product_slug_remember",
    "product_update",
    "products_write_batch",
    "write_stock",
]
