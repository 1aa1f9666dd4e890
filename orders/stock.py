"""Stock an order gives back: a cancel, a return, the expiry of an unpaid order and the
undoing of an online checkout whose gateway order failed all put every line's quantity
back through `order_release_stock`, and a cancel of part of an order (orders.cancel) puts
back the units it cancels, in the caller's transaction (the one that moves or changes
the order), after the order's rows are locked (the lock order: orders.actions)."""

from django.db.models import F
from django.utils import timezone

from catalog.cache import stock_changed
from catalog.models import Product, Variant
from catalog.services.restock import stock_may_have_risen
from orders.models import Order


def order_release_stock(order: Order, units: dict[int, int] | None = None) -> None:
    """Returns each line's units to its product and its variant, in the order checkout
    takes them (products in id order, a product before its variants): every line's
    quantity (what the order is for now), or, with `units` ({line id: n}), n units of
    each line named. A line whose variant was removed since (or placed before variants)
    returns its stock to the product's only variant, if it has one; when it has several,
    the stock is not returned (it cannot be known which)."""
    now = timezone.now()
    lines = order.lines.exclude(product=None)
    if units is not None:
        lines = lines.filter(pk__in=list(units))
    lines = sorted(lines, key=lambda line: (line.product_id, line.variant_id or 0, line.pk))
    returned = set()
    for line in lines:
        count = line.quantity if units is None else units[line.pk]
        if count <= 0:
            continue
        variant_id = line.variant_id
        if variant_id is None:
            own = list(
                Variant.objects.filter(product_id=line.product_id).values_list("pk", flat=True)[:2]
            )
            variant_id = own[0] if len(own) == 1 else None
        if variant_id is None:
            continue
        Product.objects.filter(pk=line.product_id).update(
            quantity=F("quantity") + count, updated_at=now
        )
        Variant.objects.filter(pk=variant_id).update(quantity=F("quantity") + count)
        returned.add(line.product_id)
    stock_changed(returned)
    stock_may_have_risen(returned)
