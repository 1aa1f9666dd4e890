"""`manage.py seed_demo [...] [--orders N]`: the catalogue's demo data, plus N demo orders.

This command extends catalog's seed_demo (catalog never imports orders): `orders` is listed
before `catalog` in INSTALLED_APPS, so Django finds this one first. The orders are placed
through the checkout service, so they take stock and copy prices like real ones, by a few
demo shoppers, spread over the past weeks and over every status. Running it again tops
the demo orders up to N; it never adds more.
"""

import random
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.core.management.base import CommandError
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from rest_framework.exceptions import APIException

from accounts.models import Address
from catalog.management.commands.seed_demo import Command as CatalogSeedCommand
from catalog.models import Variant
from orders.models import NEXT_STATUSES, Order, OrderLine, OrderStatus
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


class Command(CatalogSeedCommand):
    help = CatalogSeedCommand.help + " With --orders N, also N demo orders."

    def add_arguments(self, parser):
        super().add_arguments(parser)
        parser.add_argument("--orders", type=int, default=0, help="demo orders (default 0)")

    def handle(self, *args, orders: int = 0, **options):
        if orders < 0:
            raise CommandError("--orders must be 0 or more.")
        super().handle(*args, **options)
        if orders:
            self._orders(orders)

    def _reset(self):
        # Order lines keep their copied name, price, SKU and options and lose only their
        # links, as deleting a product one by one does (on_delete=SET_NULL); the
        # catalogue's reset deletes in bulk, which left the links dangling and failed.
        with transaction.atomic():
            OrderLine.objects.filter(Q(product__isnull=False) | Q(variant__isnull=False)).update(
                product=None, variant=None
            )
            super()._reset()

    def _shoppers(self):
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
                home = Address.objects.create(
                    user=user,
                    name=user.name,
                    phone=f"98{n:08d}",
                    line1=f"{n * 11} Main Road",
                    city=city,
                    state=state,
                    pincode=pincode,
                    is_default=True,
                )
                User.objects.filter(pk=user.pk).update(address=home.text)
                user.address = home.text
            shoppers.append(user)
        return shoppers

    def _orders(self, wanted: int):
        shoppers = self._shoppers()
        existing = Order.objects.filter(buyer__in=shoppers).count()
        # A line is a variant in stock (a size, a colour, or a product's only one), as the
        # storefront's cart sends it.
        in_stock = list(
            Variant.objects.filter(quantity__gte=2)
            .order_by("product_id", "position", "id")
            .values_list("product_id", "pk")[:500]
        )
        if not in_stock:
            self.stdout.write("No products in stock: no demo orders placed.")
            return
        rng = random.Random(existing)
        now = timezone.now()
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
                    order_set_status(order_id=order.pk, status=status)
            Order.objects.filter(pk=order.pk).update(
                created_at=now - timedelta(hours=7 * (wanted - index))
            )
            placed += 1
        total = Order.objects.filter(buyer__in=shoppers).count()
        self.stdout.write(
            self.style.SUCCESS(f"Demo orders: {placed} placed, {total} demo orders in all.")
        )
