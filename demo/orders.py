"""Demo orders: N orders of a few demo shoppers, placed through the checkout service, so
they take stock and copy prices like real ones, spread over the past weeks and over every
status. Placing them again tops the demo orders up to N; it never adds more.
"""

import random
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.db.models import Q
from django.utils import timezone
from rest_framework.exceptions import APIException

from accounts.addresses import address_create
from catalog.models import Variant
from orders.models import NEXT_STATUSES, Courier, Order, OrderLine, OrderStatus
from orders.services import order_checkout, order_set_status

DEMO_SHOPPERS = 5
# Where the demo shoppers live: the shop's own state and others, so demo orders show both
# CGST + SGST and IGST.
DEMO_HOMES = [
    ("Bengaluru", "Karnataka", "560001"),
    ("New Delhi", "Delhi", "110001"),
    ("Mumbai", "Maharashtra", "400001"),
    ("Chennai", "Tamil Nadu", "600001"),
    ("Kolkata", "West Bengal", "700016"),
]
DEMO_DOMAIN = "demo.shopsphere.example"
# Where demo orders end up: the path each one walks from Not Processed.
PATHS = [
    [],
    [OrderStatus.PROCESSING],
    [OrderStatus.PROCESSING, OrderStatus.SHIPPED],
    [OrderStatus.PROCESSING, OrderStatus.SHIPPED, OrderStatus.DELIVERED],
    [OrderStatus.PROCESSING, OrderStatus.SHIPPED, OrderStatus.DELIVERED],
    [OrderStatus.CANCELLED],
]


# Couriers with their tracking pages (the Django admin keeps them); demo orders ship with
# them, so the panel's Shipped form lists them and shipped orders link to tracking.
DEMO_COURIERS = [
    ("Delhivery", "https://www.delhivery.com/track/package/{awb}"),
    (
        "India Post",
        "https://www.indiapost.gov.in/_layouts/15/dop.portal.tracking/trackconsignment.aspx?consignment={awb}",
    ),
]


def demo_couriers() -> list[str]:
    """The demo couriers, made when missing (an operator's own template is kept)."""
    for name, template in DEMO_COURIERS:
        if not Courier.objects.filter(name__iexact=name).exists():
            Courier.objects.create(name=name, tracking_url=template)
    return [name for name, _ in DEMO_COURIERS]


def order_links_drop() -> None:
    """Before the catalogue's reset: order lines keep their copied name, price, SKU and
    options and lose only their links, as deleting a product one by one does
    (on_delete=SET_NULL); the catalogue's reset deletes in bulk, which left the links
    dangling and failed."""
    OrderLine.objects.filter(Q(product__isnull=False) | Q(variant__isnull=False)).update(
        product=None, variant=None
    )


def demo_shoppers():
    """The demo shoppers, each with a home address (made on the first run)."""
    User = get_user_model()
    shoppers = []
    for n in range(1, DEMO_SHOPPERS + 1):
        user = User.objects.filter(email=f"shopper{n}@{DEMO_DOMAIN}").first()
        if user is None:
            user = User.objects.create_user(
                f"shopper{n}@{DEMO_DOMAIN}",
                None,  # no password: demo buyers cannot log in
                name=f"Demo Shopper {n}",
            )
        if not user.addresses.exists():
            city, state, pincode = DEMO_HOMES[(n - 1) % len(DEMO_HOMES)]
            address_create(
                user=user,
                name=user.name,
                phone=f"98{n:08d}",
                line1=f"{n * 11} Main Road",
                city=city,
                state=state,
                pincode=pincode,
                is_default=True,
            )
            user.refresh_from_db(fields=["address"])
        shoppers.append(user)
    return shoppers


def demo_orders_place(wanted: int) -> tuple[int, int] | None:
    """Top the demo orders up to `wanted`: (placed now, demo orders in all), or None when
    no product is in stock."""
    shoppers = demo_shoppers()
    existing = Order.objects.filter(buyer__in=shoppers).count()
    # A line is a variant in stock (a size, a colour, or a product's only one), as the
    # storefront's cart sends it.
    in_stock = list(
        Variant.objects.filter(quantity__gte=2)
        .order_by("product_id", "position", "id")
        .values_list("product_id", "pk")[:500]
    )
    if not in_stock:
        return None
    rng = random.Random(existing)
    now = timezone.now()
    couriers = demo_couriers()
    placed = 0
    for index in range(existing, wanted):
        picks = rng.sample(in_stock, k=min(len(in_stock), rng.randint(1, 3)))
        cart = [
            {"_id": product, "variant": variant, "quantity": rng.randint(1, 2)}
            for product, variant in picks
        ]
        try:
            order, _ = order_checkout(buyer=shoppers[index % len(shoppers)], cart=cart)
        except APIException:  # sold out meanwhile: skip this one
            continue
        for status in rng.choice(PATHS):
            if status in NEXT_STATUSES[Order.objects.get(pk=order.pk).status]:
                shipping = {}
                if status == OrderStatus.SHIPPED:
                    shipping = {
                        "courier": couriers[index % len(couriers)],
                        "tracking_number": f"DEMO{order.pk:08d}IN",
                    }
                order_set_status(order_id=order.pk, status=status, **shipping)
        Order.objects.filter(pk=order.pk).update(
            created_at=now - timedelta(hours=7 * (wanted - index))
        )
        placed += 1
    return placed, Order.objects.filter(buyer__in=shoppers).count()
