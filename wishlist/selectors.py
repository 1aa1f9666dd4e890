"""Reads of the wishlist and the back-in-stock alerts."""

from catalog.models import Product, Variant
from catalog.selectors.rows import _by_ids
from wishlist.models import StockAlert, WishlistItem


def wishlist_product_ids(*, user) -> list[int]:
    """The user's wishlist, newest added first."""
    return list(
        WishlistItem.objects.of_user(user).newest_first().values_list("product_id", flat=True)
    )


def wishlist_products(*, user) -> list:
    """The products of the user's wishlist, newest added first, as the catalogue's lists
    read them (catalog.selectors.rows: one query on PostgreSQL), for
    catalog.serializers.render_products."""
    return _by_ids(wishlist_product_ids(user=user))


def product_for_alert(*, slug: str) -> Product | None:
    return Product.objects.filter(slug=slug).only("pk", "name", "slug", "quantity").first()


def variant_of(*, product: Product, variant_id: int) -> Variant | None:
    return (
        Variant.objects.filter(pk=variant_id, product=product)
        .only("pk", "product_id", "options", "quantity")
        .first()
    )


def alerts_due(*, product_ids: list[int] | None = None) -> list[int]:
    """The pending alerts whose item has stock now (of these products, or of all), oldest
    first."""
    found = StockAlert.objects.pending().in_stock()
    if product_ids is not None:
        found = found.filter(product_id__in=product_ids)
    return list(found.order_by("pk").values_list("pk", flat=True))


def any_alert_due(*, product_ids: list[int]) -> bool:
    return StockAlert.objects.pending().in_stock().filter(product_id__in=product_ids).exists()
