"""Orders and their lines. A line copies the product's name, slug, description, the
variant's SKU and option values, and the unit price when the order is placed, so a later
change to the product never alters an order. Money is Decimal throughout."""

from django.conf import settings
from django.db import models
from django.utils import timezone

from catalog.models import Product, Variant
from orders.payments import METHODS


class OrderStatus(models.TextChoices):
    NOT_PROCESSED = "Not Processed"
    PROCESSING = "Processing"
    SHIPPED = "Shipped"
    DELIVERED = "Delivered"
    CANCELLED = "Cancelled"


# The status machine: where each status may move next (contract, "Orders").
NEXT_STATUSES: dict[str, frozenset[str]] = {
    OrderStatus.NOT_PROCESSED: frozenset({OrderStatus.PROCESSING, OrderStatus.CANCELLED}),
    OrderStatus.PROCESSING: frozenset({OrderStatus.SHIPPED, OrderStatus.CANCELLED}),
    OrderStatus.SHIPPED: frozenset({OrderStatus.DELIVERED}),
    OrderStatus.DELIVERED: frozenset(),
    OrderStatus.CANCELLED: frozenset(),
}


class OrderQuerySet(models.QuerySet):
    def newest_first(self):
        return self.order_by("-created_at", "-id")

    def with_lines(self):
        """Buyer joined and lines in one more query, whatever the number of orders."""
        return self.select_related("buyer").prefetch_related("lines")

    def of_buyer(self, buyer):
        return self.filter(buyer=buyer)


class Order(models.Model):
    buyer = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="orders"
    )
    address = models.TextField(max_length=500)
    payment_method = models.CharField(max_length=20, default="cod")
    total = models.DecimalField(max_digits=12, decimal_places=2)
    status = models.CharField(
        max_length=20, choices=OrderStatus.choices, default=OrderStatus.NOT_PROCESSED
    )
    # Idempotency-Key of the checkout that placed it; unique per buyer while set, so two
    # racing retries cannot both place an order: the order row is the key's claim. Cleared
    # only when the key is reused after the 24-hour window.
    idempotency_key = models.CharField(max_length=100, null=True, blank=True)
    # SHA-256 of what that checkout asked for (cart, address, payment): a retry must ask
    # for the same, or it is another checkout reusing the key (422). Blank on orders
    # placed before the digest was kept: those match any retry.
    idempotency_digest = models.CharField(max_length=64, blank=True, default="")
    # Entered by the admin with the move to Shipped; shown to the buyer and in the mail.
    tracking_number = models.CharField(max_length=100, blank=True, default="")
    courier = models.CharField(max_length=100, blank=True, default="")
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(auto_now=True)

    objects = OrderQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["buyer", "idempotency_key"],
                condition=models.Q(idempotency_key__isnull=False),
                name="order_buyer_idempotency_key_unique",
            ),
            models.CheckConstraint(condition=models.Q(total__gte=0), name="order_total_gte_0"),
        ]
        indexes = [
            models.Index(fields=["buyer", "-created_at", "-id"], name="order_buyer_newest_idx"),
            models.Index(fields=["-created_at", "-id"], name="order_newest_idx"),
            models.Index(fields=["status", "-created_at", "-id"], name="order_status_newest_idx"),
        ]

    def __str__(self) -> str:
        return f"Order {self.pk} ({self.status})"

    @property
    def paid(self) -> bool:
        method = METHODS.get(self.payment_method)
        return bool(method and method.paid_on(self.status))


class OrderLine(models.Model):
    order = models.ForeignKey(Order, on_delete=models.CASCADE, related_name="lines")
    # The product may be deleted later; the line keeps its id and its copied details.
    product = models.ForeignKey(
        Product, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    product_ref = models.PositiveBigIntegerField("product id")
    # The variant sold, and its SKU and option values as they were (kept when the
    # variant is later changed or removed). Lines placed before variants have none.
    variant = models.ForeignKey(
        Variant, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    variant_ref = models.PositiveBigIntegerField("variant id", null=True, blank=True)
    sku = models.CharField("SKU", max_length=64, blank=True, default="")
    options = models.JSONField(default=dict, blank=True)
    name = models.CharField(max_length=200)
    slug = models.CharField(max_length=220)
    description = models.TextField(max_length=5000)
    price = models.DecimalField(max_digits=10, decimal_places=2)
    quantity = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["id"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(quantity__gte=1, quantity__lte=10),
                name="order_line_quantity_1_10",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.quantity} x {self.name}"

    @property
    def subtotal(self):
        return self.price * self.quantity
