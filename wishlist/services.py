"""Writes of the wishlist and of back-in-stock requests. Each refusal is raised before
anything is written."""

from functools import partial

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.http import Http404
from rest_framework.exceptions import ValidationError

from catalog.models import Product, Variant
from wishlist.alerts import stock_rose
from wishlist.models import StockAlert, WishlistItem

# A wishlist holds at most this many products.
WISHLIST_MAX = 200
WISHLIST_FULL = (
    f"Your wishlist holds at most {WISHLIST_MAX} products; remove one before adding another."
)


def _product_missing(product_id: int) -> Http404:
    return Http404(f"Product {product_id} not found.")


@transaction.atomic
def wishlist_add(*, user, product_id: int) -> bool:
    """Adds the product to the user's wishlist; False when it was there already (never a
    second row: the table holds one a user and product). The user's row is locked first,
    so two adds at once are counted against WISHLIST_MAX one after the other."""
    if not Product.objects.filter(pk=product_id).exists():
        raise _product_missing(product_id)
    get_user_model().objects.select_for_update().filter(pk=user.pk).values("pk").first()
    items = WishlistItem.objects.of_user(user)
    if items.filter(product_id=product_id).exists():
        return False
    if items.count() >= WISHLIST_MAX:
        raise ValidationError({"product": [WISHLIST_FULL]})
    try:
        with transaction.atomic():
            WishlistItem.objects.create(user=user, product_id=product_id)
    except IntegrityError:
        # Added by a request at the same time (the unique user and product).
        return False
    return True


def wishlist_remove(*, user, product_id: int) -> None:
    """Takes the product off the user's wishlist; 404 when it is not on it."""
    removed, _ = WishlistItem.objects.of_user(user).filter(product_id=product_id).delete()
    if not removed:
        raise Http404(f"Product {product_id} is not on your wishlist.")


def _in_stock(product: Product, variant: Variant | None) -> bool:
    return (variant.quantity if variant is not None else product.quantity) > 0


@transaction.atomic
def stock_alert_request(
    *, product: Product, variant: Variant | None, email: str, user=None, site: str = ""
) -> bool:
    """One mail to `email` when the item (`variant`, or the product) is back in stock.
    An item in stock now is refused (400); a request like one still pending is that one
    (False: nothing new). After the commit the item's stock is looked at once more, so a
    restock committed while this was written still sets it off."""
    if _in_stock(product, variant):
        name = product.name
        if variant is not None and variant.options:
            name += f" ({', '.join(str(value) for value in variant.options.values())})"
        raise ValidationError(f"{name} is in stock; you can order it now.")
    email = email.strip().lower()
    pending = StockAlert.objects.pending().filter(email=email, product=product, variant=variant)
    if pending.exists():
        return False
    try:
        with transaction.atomic():
            StockAlert.objects.create(
                product=product, variant=variant, email=email, user=user, site=site
            )
    except IntegrityError:
        # Asked by a request at the same time (one pending request an address and item).
        return False
    transaction.on_commit(partial(stock_rose, [product.pk]))
    return True
