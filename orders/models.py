"""Orders and their lines. A line copies the product's name, slug, description, the
variant's SKU and option values, and the unit price when the order is placed, so a later
change to the product never alters an order. Money is Decimal throughout."""

from decimal import Decimal

from django.conf import settings
from django.core.validators import MinValueValidator
from django.db import models
from django.utils import timezone

from accounts.india import STATE_CHOICES, state_code
from catalog.models import Product, Variant
from orders.payments import METHODS


class OrderStatus(models.TextChoices):
    NOT_PROCESSED = "Not Processed"
    PROCESSING = "Processing"
    SHIPPED = "Shipped"
    DELIVERED = "Delivered"
    CANCELLED = "Cancelled"
    # Came back after shipping: refused at the door (from Shipped) or returned by the
    # buyer (from Delivered). Set by an admin; the stock goes back and a credit note is
    # issued against the tax invoice.
    RETURNED = "Returned"
    # Paid online: placed with its stock reserved, waiting for the gateway's payment. It
    # moves to Not Processed when the payment is verified (payments.online), never by
    # hand; it is Cancelled when PAYMENT_WINDOW_MINUTES pass unpaid, or by the buyer.
    AWAITING_PAYMENT = "Awaiting Payment"


# The status machine: where each status may move next (contract, "Orders").
NEXT_STATUSES: dict[str, frozenset[str]] = {
    OrderStatus.AWAITING_PAYMENT: frozenset({OrderStatus.NOT_PROCESSED, OrderStatus.CANCELLED}),
    OrderStatus.NOT_PROCESSED: frozenset({OrderStatus.PROCESSING, OrderStatus.CANCELLED}),
    OrderStatus.PROCESSING: frozenset({OrderStatus.SHIPPED, OrderStatus.CANCELLED}),
    OrderStatus.SHIPPED: frozenset({OrderStatus.DELIVERED, OrderStatus.RETURNED}),
    OrderStatus.DELIVERED: frozenset({OrderStatus.RETURNED}),
    OrderStatus.CANCELLED: frozenset(),
    OrderStatus.RETURNED: frozenset(),
}


# Moves only a payment makes: nobody sets an order paid by hand.
PAYMENT_MOVES = frozenset({(OrderStatus.AWAITING_PAYMENT, OrderStatus.NOT_PROCESSED)})


def manual_next_statuses(status: str) -> frozenset[str]:
    """Where a person (the buyer, an admin) may move an order in `status`."""
    return frozenset(nxt for nxt in NEXT_STATUSES[status] if (status, nxt) not in PAYMENT_MOVES)


class OrderQuerySet(models.QuerySet):
    def newest_first(self):
        return self.order_by("-created_at", "-id")

    def with_lines(self):
        """Buyer joined, then lines and tax documents (the answer's `creditNotes`) in one
        more query each, whatever the number of orders."""
        return self.select_related("buyer", "online_payment").prefetch_related("lines", "invoices")

    def of_buyer(self, buyer):
        return self.filter(buyer=buyer)


class Order(models.Model):
    # The signed-in buyer; None for a guest's order (orders.guest) until a signed-in user
    # with its e-mail claims it with its token.
    buyer = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="orders",
        null=True,
        blank=True,
    )
    # A guest checkout's buyer: name, e-mail (lower-cased, as accounts keep e-mails: the
    # Idempotency-Key and a coupon's per-customer limits count by it) and mobile (the
    # ten digits). Kept after a claim. `guest_secret` is random; the order's token is an
    # HMAC of it and the order's id under SECRET_KEY (orders.guest), so the database alone
    # never holds a working token. All blank on a signed-in buyer's order.
    guest_name = models.CharField(max_length=100, blank=True, default="")
    guest_email = models.EmailField(max_length=254, blank=True, default="")
    guest_phone = models.CharField(max_length=20, blank=True, default="")
    guest_secret = models.CharField(max_length=64, blank=True, default="")
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
    # When the order was shipped and delivered (also in the status history), and the
    # date it is expected: from the PIN code's delivery days (ServedPincode.days, else
    # DELIVERY_DAYS), counted from the order, and again from the shipping.
    shipped_at = models.DateTimeField(null=True, blank=True)
    delivered_at = models.DateTimeField(null=True, blank=True)
    expected_delivery = models.DateField(null=True, blank=True)
    # The address object as it was at checkout (accounts.Address.as_dict), or None for an
    # order placed with free text only. Its state is the place of supply.
    shipping_address = models.JSONField(null=True, blank=True)
    # GST state code of the place of supply: the delivery state; the shop's own state
    # when a free-text address names none. Same as the shop's: CGST + SGST, else IGST.
    place_of_supply = models.CharField(max_length=2, blank=True, default="")
    # The delivery charge (part of `total`, tax inclusive) and its tax: a composite
    # supply, taxed at the rate of the principal supply (orders.tax).
    delivery_charge = models.DecimalField(max_digits=10, decimal_places=2, default=0)
    delivery_gst_rate = models.PositiveSmallIntegerField(default=0)
    delivery_cgst = models.DecimalField(max_digits=10, decimal_places=2, default=0)
    delivery_sgst = models.DecimalField(max_digits=10, decimal_places=2, default=0)
    delivery_igst = models.DecimalField(max_digits=10, decimal_places=2, default=0)
    # Every line's tax and the delivery charge's, added up.
    tax_total = models.DecimalField(max_digits=12, decimal_places=2, default=0)
    # A business buyer's GSTIN (15 characters, checked at checkout) and its legal name:
    # the invoice is then a B2B tax invoice naming them, and GSTR-1 reports it under
    # b2b. Blank for a consumer.
    buyer_gstin = models.CharField("buyer's GSTIN", max_length=15, blank=True, default="")
    business_name = models.CharField(max_length=200, blank=True, default="")
    # The coupon applied at checkout: its code as it was (kept if the coupon is deleted)
    # and the discount it gave, spread over the lines (OrderLine.discount). An order holds
    # one use of its coupon until it is cancelled (promotions.models).
    coupon = models.ForeignKey(
        "promotions.Coupon",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="orders",
    )
    coupon_code = models.CharField(max_length=32, blank=True, default="")
    discount_total = models.DecimalField(max_digits=12, decimal_places=2, default=0)
    # The tax invoice's number, set with the move to Shipped (orders.invoices).
    invoice_number = models.CharField(max_length=16, null=True, blank=True, unique=True)
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(auto_now=True)

    objects = OrderQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["buyer", "idempotency_key"],
                condition=models.Q(idempotency_key__isnull=False, guest_email=""),
                name="order_buyer_idempotency_key_unique",
            ),
            # A guest's key is theirs by e-mail, also after the order is claimed.
            models.UniqueConstraint(
                fields=["guest_email", "idempotency_key"],
                condition=models.Q(idempotency_key__isnull=False) & ~models.Q(guest_email=""),
                name="order_guest_idempotency_key_unique",
            ),
            models.CheckConstraint(
                condition=models.Q(buyer__isnull=False) | ~models.Q(guest_email=""),
                name="order_buyer_or_guest",
            ),
            models.CheckConstraint(condition=models.Q(total__gte=0), name="order_total_gte_0"),
            models.CheckConstraint(
                condition=models.Q(discount_total__gte=0), name="order_discount_gte_0"
            ),
        ]
        indexes = [
            models.Index(fields=["buyer", "-created_at", "-id"], name="order_buyer_newest_idx"),
            models.Index(fields=["-created_at", "-id"], name="order_newest_idx"),
            models.Index(fields=["status", "-created_at", "-id"], name="order_status_newest_idx"),
        ]

    def __str__(self) -> str:
        return f"Order {self.pk} ({self.status})"

    @property
    def is_guest(self) -> bool:
        """Placed by guest checkout (claimed or not)."""
        return bool(self.guest_email)

    @property
    def buyer_name(self) -> str:
        """Who the mails, the invoice and the admin name: the account's, else the guest's."""
        return self.buyer.name if self.buyer_id else self.guest_name

    @property
    def buyer_email(self) -> str:
        return self.buyer.email if self.buyer_id else self.guest_email

    @property
    def buyer_phone(self) -> str:
        return self.buyer.phone if self.buyer_id else self.guest_phone

    @property
    def paid(self) -> bool:
        """Cash on delivery: delivered. Online: the gateway's payment arrived (it stays
        true when the order is later cancelled and refunded: `refund_status` says so)."""
        if self.payment_method == "razorpay":
            payment = self.payment_record
            return bool(payment and payment.paid_at)
        method = METHODS.get(self.payment_method)
        return bool(method and method.paid_on(self.status))

    @property
    def payment_record(self) -> "Payment | None":
        """The online payment's record (None for cash on delivery); no query when loaded
        with `with_lines`."""
        try:
            return self.online_payment
        except Payment.DoesNotExist:
            return None


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
    # The units the order is for now: what was ordered less what was cancelled before
    # shipping (`cancelled`). A line cancelled whole keeps its row with quantity 0, and
    # its tax fields and discount are those of what is left (zeros).
    quantity = models.PositiveSmallIntegerField()
    cancelled = models.PositiveSmallIntegerField(default=0)
    # The line's share of the order's coupon discount (promotions.discounts.allocate).
    discount = models.DecimalField(max_digits=12, decimal_places=2, default=0)
    # GST as computed at checkout (orders.tax) on what the buyer pays for the line: the
    # price is tax inclusive, so taxable_value + cgst + sgst + igst == price x quantity
    # - discount. Lines placed before GST have zeros and a blank HSN.
    hsn = models.CharField("HSN code", max_length=8, blank=True, default="")
    gst_rate = models.PositiveSmallIntegerField(default=0)
    taxable_value = models.DecimalField(max_digits=12, decimal_places=2, default=0)
    cgst = models.DecimalField(max_digits=12, decimal_places=2, default=0)
    sgst = models.DecimalField(max_digits=12, decimal_places=2, default=0)
    igst = models.DecimalField(max_digits=12, decimal_places=2, default=0)

    class Meta:
        ordering = ["id"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(quantity__gte=0, quantity__lte=10),
                name="order_line_quantity_0_10",
            ),
            models.CheckConstraint(
                condition=models.Q(
                    cancelled__gte=0,
                    quantity__lte=10 - models.F("cancelled"),
                    quantity__gte=1 - models.F("cancelled"),
                ),
                name="order_line_ordered_1_10",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.quantity} x {self.name}"

    @staticmethod
    def copied(product, variant) -> dict:
        """What a line copies of the product and variant it sells when it is written
        (checkout, an exchange's replacement), so later edits never alter it."""
        return {
            "product": product,
            "product_ref": product.pk,
            "variant": variant,
            "variant_ref": variant.pk,
            "sku": variant.sku,
            "options": variant.options,
            "name": product.name,
            "slug": product.slug,
            "description": product.description,
        }

    @property
    def ordered(self) -> int:
        """The units the buyer ordered at checkout."""
        return self.quantity + self.cancelled

    @property
    def subtotal(self):
        return self.price * self.quantity

    @property
    def paid_value(self):
        """What the buyer pays for the line: price x quantity less its discount."""
        return self.price * self.quantity - self.discount


class ShopDetails(models.Model):
    """The seller, as the invoice, the footer and the contact page show it: one row
    (pk 1), edited in the admin panel's Shop settings or the Django admin. A fresh
    install has well-formed placeholders (migration 0005), so the shop works before the
    operator fills them in."""

    legal_name = models.CharField(max_length=200)
    trade_name = models.CharField(max_length=200, blank=True, default="")
    address = models.CharField("street address", max_length=300)
    city = models.CharField(max_length=100)
    state = models.CharField(max_length=60, choices=STATE_CHOICES)
    pincode = models.CharField("PIN code", max_length=6)
    gstin = models.CharField("GSTIN", max_length=15)
    email = models.EmailField("customer care e-mail")
    phone = models.CharField("customer care phone", max_length=20)
    toll_free = models.CharField("customer care toll-free number", max_length=20, blank=True)
    grievance_name = models.CharField("grievance officer", max_length=100)
    grievance_designation = models.CharField("grievance officer's designation", max_length=100)
    grievance_email = models.EmailField("grievance officer's e-mail")
    grievance_phone = models.CharField("grievance officer's phone", max_length=20)
    # Invoice numbers are PREFIX + financial year + serial, at most 16 characters.
    invoice_prefix = models.CharField(max_length=4, default="SS")
    # The delivery rule: a flat charge below an order value, free at or above it. Off
    # while the charge is 0 (the default).
    delivery_charge = models.DecimalField(
        max_digits=10, decimal_places=2, default=0, validators=[MinValueValidator(0)]
    )
    free_delivery_from = models.DecimalField(
        "free delivery at or above (Rs)",
        max_digits=12,
        decimal_places=2,
        null=True,
        blank=True,
        validators=[MinValueValidator(0)],
    )
    # Cash on delivery is refused above this many rupees; null: the COD_LIMIT setting
    # (orders.shop_details.cod_limit is the one reader).
    cod_limit = models.PositiveIntegerField(
        "cash on delivery cap (Rs)",
        null=True,
        blank=True,
        help_text="Cash on delivery is refused above this order total; blank: the "
        "COD_LIMIT setting.",
    )
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = "shop details"
        verbose_name_plural = "shop details"

    def __str__(self) -> str:
        return self.legal_name

    @property
    def state_code(self) -> str:
        return state_code(self.state)


class ServedPincode(models.Model):
    """A PIN code the shop's courier serves, and whether it collects cash there. While
    the table is empty every valid PIN code is served with cash on delivery."""

    pincode = models.CharField("PIN code", max_length=6, primary_key=True)
    cod = models.BooleanField("cash on delivery", default=True)
    # Days from order (or shipping) to delivery there; null: the DELIVERY_DAYS setting.
    days = models.PositiveSmallIntegerField("delivery days", null=True, blank=True)

    class Meta:
        verbose_name = "served PIN code"

    def __str__(self) -> str:
        return self.pincode


class Courier(models.Model):
    """A courier the shop ships with, and the operator's template of its tracking page:
    `{awb}` in it stands for the air waybill number (Django admin)."""

    name = models.CharField(max_length=100, unique=True)
    tracking_url = models.CharField(
        "tracking URL template",
        max_length=300,
        help_text="The courier's tracking page, {awb} for the AWB number, e.g. "
        "https://www.example-courier.in/track?awb={awb}",
    )

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class InvoiceKind(models.TextChoices):
    INVOICE = "invoice", "Tax invoice"
    CREDIT_NOTE = "credit_note", "Credit note"


class InvoiceSequence(models.Model):
    """The last serial handed out of a kind in a financial year (the year it starts:
    2026 for April 2026 to March 2027). Taken under a row lock, so two servers never
    hand out one number twice and no number is skipped."""

    kind = models.CharField(max_length=20, choices=InvoiceKind.choices)
    financial_year = models.PositiveSmallIntegerField()
    last = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["kind", "financial_year"], name="invoice_sequence_kind_year_unique"
            )
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.financial_year}-{self.financial_year + 1}"


class Invoice(models.Model):
    """A tax invoice (on shipping) or a credit note (on returning an invoiced order),
    the seller's details at issue, and its PDF, made by the task queue and kept in the
    media storage."""

    order = models.ForeignKey(Order, on_delete=models.PROTECT, related_name="invoices")
    kind = models.CharField(max_length=20, choices=InvoiceKind.choices)
    number = models.CharField(max_length=16, unique=True)
    financial_year = models.PositiveSmallIntegerField()
    serial = models.PositiveIntegerField()
    issued_at = models.DateTimeField(default=timezone.now)
    # The seller as the document names it (legal name, address, state, GSTIN, phone,
    # e-mail: orders.shop_details.SELLER_FIELDS), copied from ShopDetails when the
    # number is issued, so a later change of the shop's details never alters a document
    # already issued. Null on a row from before the copy was kept: it prints the
    # shop's details as they are (migration 0011 filled the rows it found).
    seller = models.JSONField(null=True, blank=True)
    pdf = models.FileField(upload_to="invoices/", blank=True)
    # What the document is for, tax inclusive: the order's total (an invoice) or what
    # comes back (a credit note). Zero on rows from before it was kept.
    amount = models.DecimalField(max_digits=12, decimal_places=2, default=0)
    # A credit note's lines: what comes back of each order line, after its discount,
    # with the tax on it, as issued: [{"line": <OrderLine id>, "quantity", "value",
    # "taxableValue", "cgst", "sgst", "igst"}], and the delivery charge as a line with
    # "line": null when it is refunded. Empty on an invoice (it prints the order's
    # lines) and on a credit note for the whole order from before it was kept.
    lines = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ["issued_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["kind", "financial_year", "serial"], name="invoice_kind_year_serial_unique"
            ),
            # One tax invoice an order; as many credit notes as returns.
            models.UniqueConstraint(
                fields=["order"],
                condition=models.Q(kind="invoice"),
                name="invoice_one_per_order",
            ),
        ]

    def __str__(self) -> str:
        return self.number


class PaymentStatus(models.TextChoices):
    CREATED = "created"  # the gateway order is made (or being made); not paid yet
    PAID = "paid"


class RefundStatus(models.TextChoices):
    PENDING = "pending"
    PROCESSED = "processed"
    FAILED = "failed"


class Payment(models.Model):
    """An order paid online: its Razorpay order, and the payment that paid it. Amounts
    are whole paise, as the gateway counts them (the order's `total` x 100).

    `payment_id` is set once, by whichever comes first of the browser's verified
    signature and the `payment.captured` webhook; `refund_*` follow the refund of that
    payment when the paid order is cancelled or returned (payments.online, payments.refunds)."""

    order = models.OneToOneField(Order, on_delete=models.CASCADE, related_name="online_payment")
    # Null while the gateway is being asked (checkout) or when it could not be reached.
    gateway_order_id = models.CharField(
        "Razorpay order id", max_length=40, null=True, blank=True, unique=True
    )
    # Until then the checkout that placed the order is asking the gateway; after it, a
    # retry of that checkout may ask instead (its asker died).
    starting_until = models.DateTimeField(null=True, blank=True)
    amount = models.PositiveBigIntegerField("amount (paise)")
    status = models.CharField(
        max_length=10, choices=PaymentStatus.choices, default=PaymentStatus.CREATED
    )
    payment_id = models.CharField("Razorpay payment id", max_length=40, blank=True, default="")
    captured = models.PositiveBigIntegerField("paid (paise)", default=0)
    refunded = models.PositiveBigIntegerField("refunded (paise)", default=0)
    refund_id = models.CharField("Razorpay refund id", max_length=40, blank=True, default="")
    refund_status = models.CharField(
        max_length=10, choices=RefundStatus.choices, blank=True, default=""
    )
    created_at = models.DateTimeField(default=timezone.now)
    paid_at = models.DateTimeField(null=True, blank=True)
    refunded_at = models.DateTimeField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=models.Q(refunded__lte=models.F("captured")),
                name="payment_refunded_lte_captured",
            ),
        ]

    def __str__(self) -> str:
        return self.gateway_order_id or f"Payment of order {self.order_id}"

    @property
    def captured_rupees(self) -> Decimal:
        return (Decimal(self.captured) / 100).quantize(Decimal("0.01"))

    @property
    def refunded_rupees(self) -> Decimal:
        return (Decimal(self.refunded) / 100).quantize(Decimal("0.01"))


class Refund(models.Model):
    """Every refund the shop asks the gateway for, one per cause (the unique `key`): the
    paid order's payment when it is cancelled or returned, part of it when part of the
    order is cancelled or returned, and a payment that came for an order already paid,
    cancelled or expired. The refunds of one payment never add up to more than it."""

    class Reason(models.TextChoices):
        CANCELLED = "cancelled", "Order cancelled or returned"
        PART = "part", "Part of the order cancelled"
        RETURN = "return", "Items returned"
        LATE = "late", "Paid after the order was cancelled"
        DUPLICATE = "duplicate", "A second payment for a paid order"
        MISMATCH = "mismatch", "Amount not the order's"

    order = models.ForeignKey(Order, on_delete=models.PROTECT, related_name="refunds")
    # What the refund is for, unique: a second ask for the same thing finds this row.
    # "payment:<payment id>" for a whole payment back (cancel, return, late, duplicate),
    # "cancel:<order id>:<n>" for the n-th partial cancel, "return:<return id>".
    key = models.CharField(max_length=60, unique=True)
    payment_id = models.CharField("Razorpay payment id", max_length=40, db_index=True)
    amount = models.PositiveBigIntegerField("amount (paise)")
    reason = models.CharField(max_length=10, choices=Reason.choices)
    refund_id = models.CharField("Razorpay refund id", max_length=40, blank=True, default="")
    status = models.CharField(
        max_length=10, choices=RefundStatus.choices, default=RefundStatus.PENDING
    )
    # Set while one run asks the gateway for it (payments.refunds.refund_make): until then no
    # other run asks. Null when nobody is asking.
    asking_until = models.DateTimeField(null=True, blank=True, editable=False)
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["created_at", "id"]

    def __str__(self) -> str:
        return self.refund_id or f"Refund of {self.payment_id}"


class WebhookEvent(models.Model):
    """A gateway webhook event already applied: its id is unique, so an event that is
    delivered twice (or twice at once) is applied once."""

    event_id = models.CharField(max_length=64, unique=True)
    event = models.CharField(max_length=40)
    received_at = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return f"{self.event} {self.event_id}"


class OrderStatusChange(models.Model):
    """When an order reached a status, and who moved it there (null: checkout, a
    payment, the payment window running out). Written in the transaction of the move,
    so a move that fails leaves no row; the buyer's order page shows them in order."""

    order = models.ForeignKey(Order, on_delete=models.CASCADE, related_name="status_changes")
    status = models.CharField(max_length=20, choices=OrderStatus.choices)
    at = models.DateTimeField(default=timezone.now)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )

    class Meta:
        ordering = ["at", "id"]
        indexes = [models.Index(fields=["order", "at", "id"], name="order_status_change_idx")]

    def __str__(self) -> str:
        return f"{self.status} at {self.at:%Y-%m-%d %H:%M}"
