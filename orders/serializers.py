"""The wire shape of orders (contract, "Orders"), in one place: input serializers check
requests; output serializers write every answer and are what the OpenAPI schema reads."""

from zoneinfo import ZoneInfo

from django.utils import timezone
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from accounts.gstin import GstinField, pair_errors
from accounts.india import NAME_OF
from accounts.serializers import NAME_MAX, AddressInput, EmailField, PhoneField
from orders.models import InvoiceKind, Order, OrderLine, OrderStatus, manual_next_statuses
from orders.payments import CODES, payment_method
from orders.shipments import CourierBook, shipment
from shop.api.fields import IdField, TextField, WholeNumberField, iso_utc, rupees_number

MAX_CART_LINES = 50
QUANTITY_ERROR = "Quantity must be a whole number from 1 to 10."
STATUS_ERROR = "Status must be one of: " + ", ".join(OrderStatus.values) + "."
# A credit note's date is its Indian date of issue (orders.invoices).
INDIA = ZoneInfo("Asia/Kolkata")


# --- input --------------------------------------------------------------------------------


@extend_schema_field(
    {"oneOf": [{"type": "string", "pattern": r"^\s*[0-9]+\s*$"}, {"type": "integer", "minimum": 1}]}
)
class ProductIdField(IdField):
    """A product id, "42" or 42."""


class CartLineInput(serializers.Serializer):
    _id = ProductIdField(error_messages={"required": "Product id is required."})
    variant = ProductIdField(
        required=False,
        allow_null=True,
        help_text="A variant `_id` of that product; optional for a product with one variant.",
        error_messages={"invalid": "Variant must be a variant id of the product."},
    )
    quantity = WholeNumberField(
        min_value=1,
        max_value=10,
        required=False,
        default=1,
        error_messages=dict.fromkeys(
            ("invalid", "min_value", "max_value", "null", "max_string_length"), QUANTITY_ERROR
        ),
    )


def _cart_field() -> serializers.ListField:
    """Checkout's cart lines (also what coupons/check reads)."""
    return serializers.ListField(
        child=CartLineInput(),
        allow_empty=False,
        max_length=MAX_CART_LINES,
        error_messages={
            "required": "Your cart is empty.",
            "empty": "Your cart is empty.",
            "null": "Your cart is empty.",
            "not_a_list": "Cart must be a list of {{_id, quantity}}.",
            "max_length": f"A cart holds at most {MAX_CART_LINES} lines.",
        },
    )


class CheckoutInput(serializers.Serializer):
    cart = _cart_field()
    address = TextField(
        label="Address",
        multiline=True,
        max_length=500,
        required=False,
        allow_blank=True,
        allow_null=True,
        default="",
    )
    addressId = ProductIdField(
        source="address_id",
        required=False,
        allow_null=True,
        default=None,
        help_text="One of the caller's addresses (auth/addresses), in place of `address`.",
        error_messages={"invalid": "Address id must be one of your addresses' ids."},
    )
    payment = serializers.ChoiceField(
        choices=list(CODES),
        required=False,
        default="cod",
        error_messages={
            "invalid_choice": "Unknown payment method.",
            "null": "Unknown payment method.",
        },
    )

    coupon = TextField(
        label="Coupon",
        max_length=100,
        required=False,
        allow_blank=True,
        allow_null=True,
        default="",
        help_text="Ours: a coupon code (any case); 400 saying why when it does not apply.",
    )
    # A business buyer's (docs/tax.md, "Business buyers"). Not sent: with `addressId`,
    # the address's own (if it has one); sent as "" or null: none.
    gstin = GstinField()
    businessName = TextField(
        source="business_name",
        label="Business name",
        max_length=Order._meta.get_field("business_name").max_length,
        required=False,
        allow_blank=True,
        allow_null=True,
        help_text="The business's name as on its GSTIN: with `gstin` only, and required.",
    )

    def validate_address(self, value):
        return value or ""

    def validate_coupon(self, value):
        return value or ""

    def validate(self, attrs):
        """A GSTIN and a business name go together. When neither key is sent, neither
        reaches checkout (the address's may apply); null counts as sent, meaning none."""
        if "gstin" in attrs or "business_name" in attrs:
            attrs["gstin"] = attrs.get("gstin") or ""
            attrs["business_name"] = attrs.get("business_name") or ""
            errors = pair_errors(attrs["gstin"], attrs["business_name"])
            if errors:
                raise serializers.ValidationError(errors)
        return attrs


GUEST_NEEDED = "Please give your name, e-mail and phone."
SHIPPING_NEEDED = "Please add the delivery address."


class GuestInput(serializers.Serializer):
    """A guest's details: the name, an e-mail (kept lower-cased, as accounts keep them)
    and an Indian mobile (the address book's phone check; kept as the ten digits)."""

    name = TextField(label="Name", max_length=NAME_MAX)
    email = EmailField()
    phone = PhoneField()

    def validate_email(self, value):
        return value.strip().lower()


class GuestAddressInput(AddressInput):
    """A guest's delivery address: the address book's address object without `_id` (its
    fields checked by the same serializer; the PIN code's place is checked by checkout,
    as the address book checks it). No GSTIN here: a business guest sends `gstin` and
    `businessName` with the checkout, as a buyer does."""

    gstin = None
    businessName = None
    isDefault = None

    def validate(self, attrs):
        keys = ("name", "phone", "line1", "line2", "city", "state", "pincode")
        return {key: attrs.get(key) or "" for key in keys}


class GuestCheckoutInput(CheckoutInput):
    """Checkout without a token (docs/orders.md, "Guest checkout"): checkout's fields
    but the address, which is `shippingAddress`, and `guest`."""

    address = None
    addressId = None
    guest = GuestInput(
        error_messages={"required": GUEST_NEEDED, "null": GUEST_NEEDED},
        help_text="A guest's name, e-mail and Indian mobile.",
    )
    shippingAddress = GuestAddressInput(
        source="shipping_address",
        error_messages={"required": SHIPPING_NEEDED, "null": SHIPPING_NEEDED},
        help_text="The address object of the address book, without `_id` and `stateCode`.",
    )


class CouponCheckInput(serializers.Serializer):
    code = TextField(label="Coupon code", max_length=100)
    cart = _cart_field()
    payment = serializers.ChoiceField(
        choices=list(CODES),
        required=False,
        allow_null=True,
        default=None,
        help_text="The payment method chosen, if any (an online-only coupon needs it).",
        error_messages={"invalid_choice": "Unknown payment method."},
    )


class IdempotencyKeyInput(serializers.Serializer):
    key = serializers.RegexField(
        r"^[\x21-\x7e]{1,100}$",
        required=False,
        allow_null=True,
        error_messages={"invalid": "Idempotency-Key must be 1-100 printable characters."},
    )


CANCEL_QUANTITY_ERROR = "The quantity to cancel must be a whole number from 1 to 10."


class CancelLineInput(serializers.Serializer):
    _id = IdField(
        help_text="The order line's `lineId`.",
        error_messages={
            "required": "Each line to cancel needs its _id (the line's lineId).",
            "invalid": "A line's _id must be the lineId of one of the order's lines.",
            "null": "Each line to cancel needs its _id (the line's lineId).",
        },
    )
    quantity = WholeNumberField(
        min_value=1,
        max_value=10,
        help_text="Units to cancel: at most what is left of the line.",
        error_messages=dict.fromkeys(
            ("required", "invalid", "min_value", "max_value", "null", "max_string_length"),
            CANCEL_QUANTITY_ERROR,
        ),
    )


class CancelInput(serializers.Serializer):
    """The buyer's cancel: no `lines`, the whole order; with them, those units only (two
    entries of one line are added up; the lines are checked against the order by
    orders.cancel, under its lock)."""

    lines = serializers.ListField(
        child=CancelLineInput(),
        required=False,
        allow_empty=False,
        max_length=MAX_CART_LINES,
        help_text="Optional: the units to cancel, `[{_id: lineId, quantity}]`; leave it "
        "out to cancel the whole order.",
        error_messages={
            "empty": "Choose at least one line to cancel, or send no lines to cancel the "
            "whole order.",
            "null": "Choose at least one line to cancel, or send no lines to cancel the "
            "whole order.",
            "not_a_list": "Lines must be a list of {{_id, quantity}}.",
            "max_length": f"At most {MAX_CART_LINES} lines can be cancelled at once.",
        },
    )


class StatusField(serializers.ChoiceField):
    def __init__(self, **kwargs):
        kwargs.setdefault(
            "error_messages",
            {"invalid_choice": STATUS_ERROR, "required": STATUS_ERROR, "null": STATUS_ERROR},
        )
        super().__init__(choices=OrderStatus.values, **kwargs)


def _optional_text(label: str, **kwargs) -> TextField:
    return TextField(
        label=label,
        max_length=100,
        required=False,
        allow_blank=True,
        allow_null=True,
        default="",
        **kwargs,
    )


class OrderStatusInput(serializers.Serializer):
    status = StatusField()
    awb = _optional_text(
        "AWB", help_text="With status Shipped only: the courier's AWB (tracking) number."
    )
    trackingNumber = _optional_text(
        "Tracking number", help_text="The AWB under its older name (old clients); as `awb`."
    )
    courier = _optional_text(
        "Courier", help_text="With status Shipped only: who carries it (any name)."
    )

    def validate(self, attrs):
        awb, older = attrs.get("awb") or "", attrs.get("trackingNumber") or ""
        if awb and older and awb != older:
            raise serializers.ValidationError(
                {"awb": ["Send the AWB once: awb and trackingNumber differ."]}
            )
        # The AWB travels on as `trackingNumber` (the view's and the handlers' name).
        attrs["trackingNumber"] = attrs["awb"] = awb or older
        attrs["courier"] = attrs.get("courier") or ""
        shipping = attrs["status"] == OrderStatus.SHIPPED
        if not shipping and (attrs["trackingNumber"] or attrs["courier"]):
            raise serializers.ValidationError(
                {"trackingNumber": ["A tracking number and courier go with the status Shipped."]}
            )
        return attrs


class OrderListInput(serializers.Serializer):
    page = serializers.IntegerField(
        min_value=1,
        max_value=1_000_000_000,
        required=False,
        default=1,
        error_messages={
            **dict.fromkeys(("invalid", "min_value"), "Page must be a whole number of at least 1."),
            **dict.fromkeys(("max_value", "max_string_length"), "Page is too large."),
        },
    )
    status = StatusField(required=False)
    q = _optional_text(
        "Search", help_text="An order number, or part of the buyer's phone number or email."
    )


# --- output -------------------------------------------------------------------------------


@extend_schema_field(OpenApiTypes.NUMBER)
class MoneyField(serializers.Field):
    """Rupees as a JSON number with at most two decimals."""

    def to_representation(self, value):
        return rupees_number(value)


class PaymentOutput(serializers.Serializer):
    """`{method, success}`; an order paid online adds what the gateway gave (and the
    admin's figures); cash on delivery keeps the two keys."""

    ONLINE_ONLY = ("paymentId", "refundStatus", "gatewayOrderId", "paid", "refunded")

    method = serializers.ChoiceField(choices=list(CODES), source="payment_method")
    success = serializers.BooleanField(
        source="paid",
        help_text="True once paid (COD: delivered; online: the payment arrived, also when "
        "it was refunded since).",
    )
    paymentId = serializers.CharField(
        source="payment_record.payment_id",
        required=False,
        help_text="Online only: the gateway's payment id (empty until paid).",
    )
    refundStatus = serializers.ChoiceField(
        choices=["pending", "processed", "failed"],
        source="payment_record.refund_status",
        required=False,
        allow_null=True,
        help_text="Online only: the refund's state once a paid order is cancelled or "
        "returned; null before.",
    )
    gatewayOrderId = serializers.CharField(
        source="payment_record.gateway_order_id",
        required=False,
        allow_null=True,
        help_text="Ours, online only: the Razorpay order id.",
    )
    paid = MoneyField(
        source="payment_record.captured_rupees",
        required=False,
        help_text="Ours, online only: rupees received.",
    )
    refunded = MoneyField(
        source="payment_record.refunded_rupees",
        required=False,
        help_text="Ours, online only: rupees refunded.",
    )

    def to_representation(self, order):
        if order.payment_record is None:
            return {"method": order.payment_method, "success": order.paid}
        data = super().to_representation(order)
        data["refundStatus"] = data["refundStatus"] or None
        return data


class BuyerOutput(serializers.Serializer):
    _id = serializers.CharField(source="pk")
    name = serializers.CharField()


class AdminBuyerOutput(BuyerOutput):
    """What a courier needs to reach the buyer; admin answers only."""

    email = serializers.EmailField()
    phone = serializers.CharField()


class OrderBuyerOutput(serializers.Serializer):
    """An order's buyer: the account's id and name, or for a guest's order not yet
    claimed `_id` null and the name the guest gave."""

    _id = serializers.CharField(allow_null=True, help_text="Null for a guest's order.")
    name = serializers.CharField()

    def to_representation(self, order):
        return {
            "_id": str(order.buyer_id) if order.buyer_id else None,
            "name": order.buyer_name,
        }


class AdminOrderBuyerOutput(OrderBuyerOutput):
    email = serializers.EmailField()
    phone = serializers.CharField()

    def to_representation(self, order):
        return {
            **super().to_representation(order),
            "email": order.buyer_email,
            "phone": order.buyer_phone,
        }


class OrderLineOutput(serializers.ModelSerializer):
    _id = serializers.CharField(source="product_ref", help_text="The product's id.")
    price = MoneyField(help_text="Unit price when ordered (rupees).")
    variant = serializers.SerializerMethodField(
        help_text="The variant's id (null before variants)."
    )
    sku = serializers.CharField(help_text="The variant's SKU when ordered.")
    options = serializers.DictField(
        child=serializers.CharField(), help_text="The variant's option values when ordered."
    )
    hsn = serializers.CharField(help_text="HSN code when ordered (blank before GST).")
    gstRate = serializers.IntegerField(source="gst_rate", help_text="GST rate (%).")
    taxableValue = MoneyField(
        source="taxable_value", help_text="price x quantity less its GST (rupees)."
    )
    cgst = MoneyField(help_text="Central GST (delivery in the shop's state), rupees.")
    sgst = MoneyField(help_text="State GST (delivery in the shop's state), rupees.")
    igst = MoneyField(help_text="Integrated GST (delivery to another state), rupees.")
    discount = MoneyField(help_text="The line's share of the coupon's discount (rupees).")
    lineId = serializers.CharField(
        source="pk", help_text="The order line's own id (a cancel's or a return's `_id`)."
    )
    cancelledQuantity = serializers.IntegerField(
        source="cancelled",
        min_value=0,
        help_text="Units cancelled before shipping; `quantity` is what is left.",
    )

    class Meta:
        model = OrderLine
        fields = [
            "_id",
            "lineId",
            "name",
            "slug",
            "description",
            "price",
            "quantity",
            "cancelledQuantity",
            "discount",
            "variant",
            "sku",
            "options",
            "hsn",
            "gstRate",
            "taxableValue",
            "cgst",
            "sgst",
            "igst",
        ]

    def get_variant(self, line) -> str | None:
        return str(line.variant_ref) if line.variant_ref else None


class TimestampField(serializers.DateTimeField):
    def to_representation(self, value):
        return iso_utc(value)


class RazorpayCheckoutOutput(serializers.Serializer):
    """What Razorpay's checkout is opened with (contract: keyId, orderId, amount,
    currency; ours: the buyer's name, email and phone to prefill, the shop's name and
    the checkout script's URL)."""

    keyId = serializers.CharField()
    orderId = serializers.CharField(help_text="The Razorpay order id.")
    amount = serializers.IntegerField(min_value=1, help_text="Paise.")
    currency = serializers.ChoiceField(choices=["INR"])
    name = serializers.CharField(help_text="Ours: the buyer's name.")
    email = serializers.EmailField(help_text="Ours: the buyer's email.")
    phone = serializers.CharField(allow_blank=True, help_text="Ours: the buyer's phone.")
    shopName = serializers.CharField(help_text="Ours: the seller, as checkout shows it.")
    checkoutUrl = serializers.CharField(help_text="Ours: Razorpay's checkout script.")


class CreditNoteOutput(serializers.Serializer):
    number = serializers.CharField(help_text="Its number in the credit-note series.")
    date = serializers.SerializerMethodField(help_text="Date of issue (YYYY-MM-DD, India).")
    amount = MoneyField(help_text="What it credits, tax inclusive (rupees).")

    def get_date(self, document) -> str:
        return timezone.localtime(document.issued_at, INDIA).date().isoformat()


class ShipmentOutput(serializers.Serializer):
    courier = serializers.CharField(allow_null=True)
    awb = serializers.CharField(allow_null=True, help_text="The air waybill (tracking) number.")
    trackingUrl = serializers.CharField(
        allow_null=True, help_text="The courier's tracking page for this AWB."
    )
    shippedAt = TimestampField()
    deliveredAt = TimestampField(allow_null=True)


class OrderOutput(serializers.ModelSerializer):
    _id = serializers.CharField(source="pk")
    products = OrderLineOutput(source="lines", many=True)
    total = MoneyField(
        help_text="Sum of price x quantity, less `discountTotal`, plus `deliveryCharge` (rupees)."
    )
    status = serializers.ChoiceField(choices=OrderStatus.values)
    coupon = serializers.SerializerMethodField(help_text="The coupon's code, or null.")
    discountTotal = MoneyField(
        source="discount_total", help_text="What the coupon took off the lines (rupees)."
    )
    payment = PaymentOutput(source="*")
    buyer = OrderBuyerOutput(source="*")
    guest = serializers.BooleanField(
        source="is_guest",
        help_text="Ours: placed by guest checkout (still true once claimed by an account).",
    )
    createdAt = TimestampField(source="created_at")
    updatedAt = TimestampField(source="updated_at")
    nextStatuses = serializers.SerializerMethodField(
        help_text="The statuses this order may move to next."
    )
    trackingNumber = serializers.CharField(
        source="tracking_number", help_text="Entered when shipped; empty until then."
    )
    courier = serializers.CharField(help_text="Entered when shipped; empty until then.")
    shippingAddress = serializers.JSONField(
        source="shipping_address",
        help_text="The address object as it was at checkout; null for a free-text address.",
    )
    placeOfSupply = serializers.SerializerMethodField(
        help_text="The state whose GST applies: the delivery state."
    )
    deliveryCharge = MoneyField(
        source="delivery_charge", help_text="Part of `total`, tax inclusive (rupees)."
    )
    taxTotal = MoneyField(source="tax_total", help_text="GST in `total` (rupees).")
    razorpay = serializers.SerializerMethodField(
        help_text="Ours: while an order paid online awaits its payment, what Razorpay's "
        "checkout is opened with again (Pay Now); null otherwise."
    )
    invoiceNumber = serializers.CharField(
        source="invoice_number", allow_null=True, help_text="Null until the order ships."
    )
    shipment = serializers.SerializerMethodField(
        help_text="Null until the order ships; then the courier and AWB (null when not "
        "given), the tracking link from the courier's template (null when none) and when "
        "it shipped and was delivered (null until then)."
    )
    expectedDelivery = serializers.DateField(
        source="expected_delivery",
        allow_null=True,
        read_only=True,
        help_text="The day it should arrive (YYYY-MM-DD, India): from the PIN code's "
        "delivery days, counted from the order, then from its shipping; null on old orders.",
    )
    creditNotes = serializers.SerializerMethodField(
        help_text="One per credit note issued for the order (a return received, the whole "
        "order returned), oldest first: `{number, date, amount}`."
    )
    buyerGstin = serializers.SerializerMethodField(
        help_text="A business buyer's GSTIN (its invoice is a B2B tax invoice); null for "
        "a consumer."
    )
    businessName = serializers.SerializerMethodField(
        help_text="The business name that goes with `buyerGstin`; null for a consumer."
    )

    class Meta:
        model = Order
        fields = [
            "_id",
            "products",
            "total",
            "status",
            "payment",
            "buyer",
            "address",
            "createdAt",
            "updatedAt",
            "nextStatuses",
            "trackingNumber",
            "courier",
            "shippingAddress",
            "placeOfSupply",
            "deliveryCharge",
            "taxTotal",
            "invoiceNumber",
            "shipment",
            "expectedDelivery",
            "razorpay",
            "coupon",
            "discountTotal",
            "creditNotes",
            "buyerGstin",
            "businessName",
            "guest",
        ]

    def get_buyerGstin(self, order) -> str | None:
        return order.buyer_gstin or None

    def get_businessName(self, order) -> str | None:
        return order.business_name or None

    def get_coupon(self, order) -> str | None:
        return order.coupon_code or None

    @extend_schema_field(
        {
            "type": "object",
            "nullable": True,
            "properties": {"state": {"type": "string"}, "stateCode": {"type": "string"}},
        }
    )
    def get_placeOfSupply(self, order) -> dict | None:
        code = order.place_of_supply
        return {"state": NAME_OF.get(code, ""), "stateCode": code} if code else None

    @extend_schema_field(RazorpayCheckoutOutput(allow_null=True))
    def get_razorpay(self, order) -> dict | None:
        if order.status != OrderStatus.AWAITING_PAYMENT or order.payment_method != "razorpay":
            return None
        method = payment_method(order.payment_method)
        return method.checkout_options(order) if method is not None else None

    @extend_schema_field(CreditNoteOutput(many=True))
    def get_creditNotes(self, order) -> list[dict]:
        # From the order's documents (OrderQuerySet.with_lines prefetches them), oldest first.
        notes = [d for d in order.invoices.all() if d.kind == InvoiceKind.CREDIT_NOTE]
        return CreditNoteOutput(notes, many=True).data

    @extend_schema_field(ShipmentOutput(allow_null=True))
    def get_shipment(self, order) -> dict | None:
        # One courier lookup per answer, shared by a list's orders (orders.shipments).
        book = self.context.setdefault("couriers", CourierBook())
        found = shipment(order, book)
        return ShipmentOutput(found).data if found else None

    def get_nextStatuses(self, order) -> list[str]:
        return [s for s in OrderStatus.values if s in manual_next_statuses(order.status)]


class StatusChangeOutput(serializers.Serializer):
    status = serializers.ChoiceField(choices=OrderStatus.values)
    at = TimestampField(help_text="When the order reached this status.")


class OrderDetailOutput(OrderOutput):
    """One order as GET /orders/{id} answers it: its status history added."""

    statusHistory = StatusChangeOutput(
        source="status_changes",
        many=True,
        help_text="Ours: each status the order reached and when, oldest first.",
    )

    class Meta(OrderOutput.Meta):
        fields = [*OrderOutput.Meta.fields, "statusHistory"]


class AdminOrderOutput(OrderOutput):
    """An order as the admin's screens read it: the buyer's email and phone added (a
    guest's own)."""

    buyer = AdminOrderBuyerOutput(source="*")


class OrderAnswer(serializers.Serializer):
    """`{success, message, order}`: checkout, cancel, order-status."""

    success = serializers.BooleanField(default=True)
    message = serializers.CharField()
    order = OrderOutput()


class AdminOrderAnswer(OrderAnswer):
    order = AdminOrderOutput()


class CheckoutAnswer(OrderAnswer):
    """Checkout's answer; `razorpay` only for an order awaiting its online payment."""

    razorpay = RazorpayCheckoutOutput(required=False)
    orderToken = serializers.CharField(
        required=False,
        help_text="A guest's checkout only: the order's secret token, which shows the order "
        "(`GET orders/{id}?token=`, its invoice) to whoever holds it. Keep it private.",
    )


class CouponAppliedOutput(serializers.Serializer):
    code = serializers.CharField()
    kind = serializers.ChoiceField(choices=["percent", "amount"])
    value = MoneyField(help_text="Percent, or rupees off.")
    prepaidOnly = serializers.BooleanField(
        source="prepaid_only", help_text="Ours: online payment only."
    )


class CouponLineOutput(serializers.Serializer):
    _id = serializers.CharField(help_text="The product's id.")
    variant = serializers.CharField(help_text="The variant's id.")
    discount = MoneyField(help_text="The line's share of the discount (rupees).")


class CouponCheckAnswer(serializers.Serializer):
    success = serializers.BooleanField(default=True)
    coupon = CouponAppliedOutput()
    discount = MoneyField(help_text="What the coupon takes off the cart (rupees).")
    lines = CouponLineOutput(many=True, help_text="Each cart line (merged per variant).")


class OrderDetailAnswer(serializers.Serializer):
    success = serializers.BooleanField(default=True)
    order = OrderOutput()


class OrderWithHistoryAnswer(OrderDetailAnswer):
    order = OrderDetailOutput()


class PeriodOutput(serializers.Serializer):
    orders = serializers.IntegerField(min_value=0, help_text="Orders placed, not cancelled.")
    revenue = MoneyField(help_text="Their total (rupees).")


class LowStockProductOutput(serializers.Serializer):
    _id = serializers.CharField(source="pk")
    name = serializers.CharField()
    slug = serializers.CharField()
    quantity = serializers.IntegerField(min_value=0)


class LowStockOutput(serializers.Serializer):
    threshold = serializers.IntegerField(
        source="low_stock_threshold", help_text="At most this many left is low."
    )
    total = serializers.IntegerField(source="low_stock_total", min_value=0)
    products = LowStockProductOutput(
        source="low_stock", many=True, help_text="The first ten, fewest left first."
    )


class DashboardOutput(serializers.Serializer):
    today = serializers.SerializerMethodField()
    month = serializers.SerializerMethodField()
    waiting = serializers.IntegerField(min_value=0, help_text="Orders still Not Processed.")
    lowStock = LowStockOutput(source="*")

    @extend_schema_field(PeriodOutput)
    def get_today(self, figures) -> dict:
        return PeriodOutput({"orders": figures.today_orders, "revenue": figures.today_revenue}).data

    @extend_schema_field(PeriodOutput)
    def get_month(self, figures) -> dict:
        return PeriodOutput({"orders": figures.month_orders, "revenue": figures.month_revenue}).data


class DashboardAnswer(serializers.Serializer):
    success = serializers.BooleanField(default=True)
    dashboard = DashboardOutput()
