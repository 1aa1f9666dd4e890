"""A shopper's wishlist (`WishlistItem`: one row a user and product) and the requests to
be mailed when an item is back in stock (`StockAlert`: pending until its one mail is
sent, then spent)."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone

from catalog.models import Product, Variant


class WishlistItemQuerySet(models.QuerySet):
    def of_user(self, user):
        return self.filter(user=user)

    def newest_first(self):
        return self.order_by("-created_at", "-id")


class WishlistItem(models.Model):
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="wishlist_items"
    )
    product = models.ForeignKey(Product, on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(default=timezone.now)

    objects = WishlistItemQuerySet.as_manager()

    class Meta:
        verbose_name = "wishlist item"
        constraints = [
            models.UniqueConstraint(fields=["user", "product"], name="wishlist_one_per_product"),
        ]
        indexes = [models.Index(fields=["user", "-created_at"], name="wishlist_user_newest")]

    def __str__(self):
        return f"{self.user_id}: {self.product_id}"


class AlertStatus(models.TextChoices):
    PENDING = "pending", "Pending"
    SENT = "sent", "Sent"


class StockAlertQuerySet(models.QuerySet):
    def pending(self):
        return self.filter(status=AlertStatus.PENDING)

    def in_stock(self):
        """Those whose item has stock now: the variant asked for, or the product (any of
        its variants) when none was."""
        return self.filter(
            Q(variant__isnull=True, product__quantity__gt=0) | Q(variant__quantity__gt=0)
        )


class StockAlert(models.Model):
    """One mail to `email` when the item (the `variant`, or the product when no variant
    was asked for) is back in stock. At most one pending request an address and item
    (two partial unique constraints: one with a variant, one without, since NULLs never
    collide in a unique index); once sent it is spent and a new one may be made."""

    product = models.ForeignKey(Product, on_delete=models.CASCADE, related_name="+")
    variant = models.ForeignKey(
        Variant, on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    email = models.EmailField(max_length=254)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        help_text="Who asked, when signed in.",
    )
    # The shop's address the request came to (scheme and host), for the mail's link.
    site = models.CharField(max_length=200, blank=True, default="")
    status = models.CharField(
        max_length=10, choices=AlertStatus.choices, default=AlertStatus.PENDING
    )
    created_at = models.DateTimeField(default=timezone.now)
    sent_at = models.DateTimeField(null=True, blank=True)

    objects = StockAlertQuerySet.as_manager()

    class Meta:
        verbose_name = "back-in-stock alert"
        constraints = [
            models.UniqueConstraint(
                fields=["email", "product"],
                condition=Q(status="pending", variant__isnull=True),
                name="stock_alert_one_pending_per_product",
            ),
            models.UniqueConstraint(
                fields=["email", "variant"],
                condition=Q(status="pending", variant__isnull=False),
                name="stock_alert_one_pending_per_variant",
            ),
        ]
        indexes = [
            models.Index(
                fields=["product"],
                condition=Q(status="pending"),
                name="stock_alert_pending_product",
            ),
        ]

    def __str__(self):
        return f"{self.email}: {self.product_id}/{self.variant_id or '-'} ({self.status})"
