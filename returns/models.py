"""Returns and exchanges of delivered order lines (contract, "Returns and exchanges").

A buyer asks to return (or exchange) some units of some delivered lines of one order,
with a reason; an admin approves or rejects it, marks it received (the stock goes back,
a credit note is issued for those units after their discount), then refunds it (kind
`refund`: a partial refund at the gateway, or a recorded UPI or bank reference for cash
on delivery) or sends the exchange (kind `exchange`: the new variant, reserved at
approval, goes out as a new order at no charge). docs/returns.md has the rules."""

from django.conf import settings
from django.db import models
from django.utils import timezone

from catalog.models import Variant
from orders.models import Invoice, Order, OrderLine, Refund


class ReturnKind(models.TextChoices):
    REFUND = "refund"
    EXCHANGE = "exchange"


class ReturnReason(models.TextChoices):
    DAMAGED = "damaged", "Damaged or defective"
    WRONG_ITEM = "wrong-item", "Wrong item sent"
    SIZE = "size", "Size or fit"
    NOT_AS_DESCRIBED = "not-as-described", "Not as described"
    CHANGED_MIND = "changed-mind", "Changed my mind"


# The shop's fault: a whole order back for one of these also gets its delivery back.
SHOP_FAULT = frozenset({ReturnReason.DAMAGED, ReturnReason.WRONG_ITEM})


class ReturnStatus(models.TextChoices):
    REQUESTED = "Requested"
    APPROVED = "Approved"
    REJECTED = "Rejected"
    RECEIVED = "Received"
    REFUNDED = "Refunded"
    EXCHANGED = "Exchanged"


# Where each status may move next; Refunded only for kind refund, Exchanged only for
# kind exchange (returns.services checks the kind). Approved -> Rejected is ours: the
# parcel never came (an exchange's held stock goes back).
NEXT_STATUSES: dict[str, frozenset[str]] = {
    ReturnStatus.REQUESTED: frozenset({ReturnStatus.APPROVED, ReturnStatus.REJECTED}),
    ReturnStatus.APPROVED: frozenset({ReturnStatus.RECEIVED, ReturnStatus.REJECTED}),
    ReturnStatus.RECEIVED: frozenset({ReturnStatus.REFUNDED, ReturnStatus.EXCHANGED}),
    ReturnStatus.REJECTED: frozenset(),
    ReturnStatus.REFUNDED: frozenset(),
    ReturnStatus.EXCHANGED: frozenset(),
}


class Return(models.Model):
    order = models.ForeignKey(Order, on_delete=models.PROTECT, related_name="returns")
    kind = models.CharField(max_length=10, choices=ReturnKind.choices)
    reason = models.CharField(max_length=20, choices=ReturnReason.choices)
    # The buyer's words, plain text.
    note = models.CharField(max_length=500, blank=True, default="")
    # For an exchange: the variant of the same product the buyer wants instead.
    exchange_variant = models.ForeignKey(
        Variant, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    status = models.CharField(
        max_length=10, choices=ReturnStatus.choices, default=ReturnStatus.REQUESTED
    )
    # The admin's note with the last move (a rejection's reason, say).
    admin_note = models.CharField(max_length=500, blank=True, default="")
    # What comes back, set with the credit note at Received (rupees, tax inclusive).
    refund_amount = models.DecimalField(max_digits=12, decimal_places=2, default=0)
    credit_note = models.OneToOneField(
        Invoice, on_delete=models.PROTECT, null=True, blank=True, related_name="return_of"
    )
    # Online: the gateway refund asked for at Refunded. Cash on delivery: the admin's
    # UPI or bank transfer reference.
    refund = models.OneToOneField(
        Refund, on_delete=models.PROTECT, null=True, blank=True, related_name="return_of"
    )
    refund_reference = models.CharField(max_length=100, blank=True, default="")
    # Whether the exchange variant's stock is held for it (from Approved to Exchanged).
    reserved = models.BooleanField(default=False)
    exchange_order = models.OneToOneField(
        Order, on_delete=models.PROTECT, null=True, blank=True, related_name="exchange_for"
    )
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [
            models.Index(fields=["status", "-created_at", "-id"], name="return_status_newest_idx"),
            models.Index(fields=["-created_at", "-id"], name="return_newest_idx"),
        ]

    def __str__(self) -> str:
        return f"Return {self.pk} of order {self.order_id} ({self.status})"


class ReturnLine(models.Model):
    ret = models.ForeignKey(Return, on_delete=models.CASCADE, related_name="lines")
    order_line = models.ForeignKey(OrderLine, on_delete=models.PROTECT, related_name="returned")
    quantity = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["id"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(quantity__gte=1, quantity__lte=10), name="return_line_1_10"
            ),
            models.UniqueConstraint(fields=["ret", "order_line"], name="return_line_once"),
        ]

    def __str__(self) -> str:
        return f"{self.quantity} of order line {self.order_line_id}"


class ReturnStatusChange(models.Model):
    """When a return reached a status, who moved it there and their note: the order
    page's timeline shows the return's steps from these."""

    ret = models.ForeignKey(Return, on_delete=models.CASCADE, related_name="status_changes")
    status = models.CharField(max_length=10, choices=ReturnStatus.choices)
    note = models.CharField(max_length=500, blank=True, default="")
    at = models.DateTimeField(default=timezone.now)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["at", "id"]

    def __str__(self) -> str:
        return f"{self.status} at {self.at:%Y-%m-%d %H:%M}"
