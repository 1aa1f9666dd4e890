"""Sales and coupons (contract, "Promotions").

A sale is a catalogue promotion: percent or rupees off each unit of the products and
categories it names (none: the whole shop) from its start to its end; prices follow it
on time without an edit (promotions.pricing). A coupon is a discount code applied to a
cart. A coupon's uses are the orders that hold it (`Order.coupon`, related name
`orders`): an order cancelled gives its use back by being cancelled, so no counter can
drift from the orders."""

import re

from django.core.exceptions import ValidationError
from django.core.validators import MinValueValidator
from django.db import models


class DiscountKind(models.TextChoices):
    PERCENT = "percent"
    AMOUNT = "amount"


CODE_MAX = 32
CODE_PATTERN = re.compile(rf"[A-Z0-9]{{3,{CODE_MAX}}}")
CODE_RULE = f"Code must be 3 to {CODE_MAX} letters and digits, without spaces."


def _discount_errors(promotion) -> dict:
    """What a coupon and a sale check alike: a percent at most 100, an end after the start."""
    errors = {}
    value = promotion.value
    if promotion.kind == DiscountKind.PERCENT and value is not None and value > 100:
        errors["value"] = "A percent off cannot be over 100."
    if promotion.starts_at and promotion.ends_at and promotion.ends_at <= promotion.starts_at:
        errors["ends_at"] = "The end must be after the start."
    return errors


class Coupon(models.Model):
    # Letters and digits, kept upper case: codes are case-insensitive and unique.
    code = models.CharField(max_length=CODE_MAX, unique=True)
    kind = models.CharField(max_length=10, choices=DiscountKind.choices)
    value = models.DecimalField(
        max_digits=10, decimal_places=2, validators=[MinValueValidator(0.01)]
    )
    # The whole cart's value before any coupon must be at least this.
    min_order = models.DecimalField(max_digits=10, decimal_places=2, null=True, blank=True)
    # A percent discount is capped at this (rupees).
    max_discount = models.DecimalField(max_digits=10, decimal_places=2, null=True, blank=True)
    starts_at = models.DateTimeField(null=True, blank=True)
    ends_at = models.DateTimeField(null=True, blank=True)
    # Orders in all that may hold it, and per buyer (None: no limit).
    usage_limit = models.PositiveIntegerField(null=True, blank=True)
    per_customer_limit = models.PositiveIntegerField(null=True, blank=True)
    first_order_only = models.BooleanField(default=False)
    # Online payment only (a prepaid discount steers buyers away from cash on delivery).
    prepaid_only = models.BooleanField(default=False)
    # Ids of the categories and products it covers; both empty: everything. Ids, not
    # many-to-many rows: a product deleted later leaves the coupon covering what it
    # named and nothing more (a relation would drop the row and widen the coupon to the
    # whole shop).
    categories = models.JSONField(default=list, blank=True)
    products = models.JSONField(default=list, blank=True)
    active = models.BooleanField(default=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.CheckConstraint(condition=models.Q(value__gt=0), name="coupon_value_gt_0"),
            models.CheckConstraint(
                condition=~models.Q(kind="percent") | models.Q(value__lte=100),
                name="coupon_percent_lte_100",
            ),
            models.CheckConstraint(
                condition=models.Q(starts_at__isnull=True)
                | models.Q(ends_at__isnull=True)
                | models.Q(ends_at__gt=models.F("starts_at")),
                name="coupon_ends_after_start",
            ),
        ]

    def __str__(self) -> str:
        return self.code

    def save(self, *args, **kwargs):
        self.code = (self.code or "").upper()
        super().save(*args, **kwargs)

    def clean(self):
        self.code = (self.code or "").strip().upper()
        errors = _discount_errors(self)
        if not CODE_PATTERN.fullmatch(self.code):
            errors["code"] = CODE_RULE
        if errors:
            raise ValidationError(errors)

    def covers(self, product_id: int, category_id: int | None) -> bool:
        """Whether a line of this product (in this category) is one it discounts."""
        if not self.products and not self.categories:
            return True
        return product_id in self.products or (
            category_id is not None and category_id in self.categories
        )


class Sale(models.Model):
    name = models.CharField(max_length=100)
    kind = models.CharField(max_length=10, choices=DiscountKind.choices)
    # Percent off, or rupees off each unit (a price never goes below 0).
    value = models.DecimalField(
        max_digits=10, decimal_places=2, validators=[MinValueValidator(0.01)]
    )
    # Ids of the categories and products it covers; both empty: the whole shop (ids,
    # as a coupon's, so a product deleted later never widens it).
    categories = models.JSONField(default=list, blank=True)
    products = models.JSONField(default=list, blank=True)
    starts_at = models.DateTimeField()
    ends_at = models.DateTimeField()
    active = models.BooleanField(default=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-starts_at", "-id"]
        constraints = [
            models.CheckConstraint(condition=models.Q(value__gt=0), name="sale_value_gt_0"),
            models.CheckConstraint(
                condition=~models.Q(kind="percent") | models.Q(value__lte=100),
                name="sale_percent_lte_100",
            ),
            models.CheckConstraint(
                condition=models.Q(ends_at__gt=models.F("starts_at")),
                name="sale_ends_after_start",
            ),
        ]
        indexes = [models.Index(fields=["active", "ends_at"], name="sale_active_ends_idx")]

    def __str__(self) -> str:
        return self.name

    def clean(self):
        errors = _discount_errors(self)
        if errors:
            raise ValidationError(errors)
