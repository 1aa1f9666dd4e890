"""Writes: checkout. It runs in one transaction; the status moves after it are
orders.actions' handlers (`order_set_status` and `order_cancel` are theirs, named here
too for the callers that know them from here).

Stock is taken with one conditional UPDATE per product (`quantity >= wanted`), never read
then written, so two buyers can never both get the last unit, on SQLite and PostgreSQL.
A checkout takes every line or nothing; a cancel puts the stock back in the same
transaction as the status change (orders.stock). Every path locks products in id order.

A sale is not a catalogue change: it does not replace the catalogue cache version, it
marks the sold products' stock as changed (`catalog.cache.stock_changed`), which
stops every cached answer that shows the product (its page, lists, searches) from being
served, and nothing else. It does move the product's
`updated_at`: an editor who loaded the product before the sale must not write the old
stock back over it (the update call's `updatedAt` check and the Django admin's see it).

Mails go through the task queue (`orders.tasks`), enqueued in the same transaction.
A method paid online (orders.payments: the payments app registers Razorpay) is asked,
through that interface only, to record what the order's payment needs in checkout's
transaction and, after the commit, for what the browser's checkout opens with
(`order_place`).

Locks: the order's rows first, then products and variants in id order; the whole rule
is in orders.actions and docs/orders.md under "Locks".

A free-text address must hold a PIN code the directory knows (accounts.pincodes): it
fixes the delivery state, and so the place of supply and the tax; text without one is
400 and places nothing.

A business buyer's GSTIN and business name (sent, or those of the saved address chosen
by `addressId` when none is sent) are kept on the order, whose invoice is then a B2B tax
invoice, and, sent with `addressId`, on that saved address for next time; they change
no tax: the place of supply stays the delivery state (docs/tax.md,
"Business buyers").
"""

import hashlib
import json
import re
from collections import OrderedDict
from dataclasses import dataclass
from decimal import Decimal

from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import IntegrityError, transaction
from django.db.models import F, Q
from django.utils import timezone
from rest_framework.exceptions import ValidationError

from accounts.addresses import (
    address_checked,
    address_default,
    address_for_checkout,
    address_keep_business,
)
from accounts.cart import cart_clear
from accounts.gstin import GstinError, check_gstin, pair_errors
from accounts.india import state_code
from accounts.pincodes import lookup as lookup_pincode
from catalog import tax as catalog_tax
from catalog.cache import stock_changed
from catalog.models import Product, Variant
from orders import guest as guests
from orders import selectors, shipments, tax

# The status moves are orders.actions' handlers; these two are named here too (the demo
# command and the catalogue's tests call them from here).
from orders.actions import order_cancel, order_set_status, status_recorded  # noqa: F401
from orders.delivery import check as check_delivery
from orders.models import Order, OrderLine, OrderStatus
from orders.payments import CODES, payment_method
from orders.shop_details import cod_limit, get_shop_details
from orders.tasks import order_mail
from promotions import coupons, pricing
from promotions.discounts import ZERO
from shop.api.exceptions import Conflict, Unprocessable
from shop.money import rupees

MAX_PER_PRODUCT = 10
NO_ADDRESS = "Please add a delivery address"
EMPTY_CART = "Your cart is empty."
KEY_REUSED = "This Idempotency-Key was used for another checkout"
NEEDS_PIN = "Please add the PIN code of the delivery address"
ONLINE_OFF = "Online payment is not available; please choose cash on delivery."
GUEST_NEEDS_ADDRESS = "Please add the delivery address."
PIN_IN_TEXT = re.compile(r"(?<![0-9])([1-9][0-9]{5})(?![0-9])")


def _merge(cart: list[dict]) -> "OrderedDict[tuple[int, int | None], int]":
    """Quantities added up per (product, variant as sent), in the order first listed."""
    wanted: OrderedDict[tuple[int, int | None], int] = OrderedDict()
    for line in cart:
        key = (line["_id"], line.get("variant"))
        wanted[key] = wanted.get(key, 0) + line["quantity"]
    return wanted


def _check_caps(lines: "OrderedDict[int, Line]") -> None:
    """At most MAX_PER_PRODUCT of a product per order, its variants together."""
    per_product: dict[int, int] = {}
    for line in lines.values():
        per_product[line.product.pk] = per_product.get(line.product.pk, 0) + line.quantity
    for product_id, quantity in per_product.items():
        if quantity > MAX_PER_PRODUCT:
            raise ValidationError(
                {
                    "cart": [
                        f"Product {product_id}: at most {MAX_PER_PRODUCT} of one product "
                        f"per order ({quantity} asked)."
                    ]
                }
            )


class Line:
    """A cart line resolved: the product, the variant sold, how many, and the unit price
    in force (the variant's price, or its sale price while a sale covers it)."""

    __slots__ = ("price", "product", "quantity", "variant")

    def __init__(self, product, variant, quantity):
        self.product, self.variant, self.quantity = product, variant, quantity
        self.price = variant.price

    def label(self) -> str:
        values = self.variant.label
        return f"{self.product.name} ({values})" if values else self.product.name


def _resolve(wanted) -> "OrderedDict[int, Line]":
    """Each (product, variant) of the cart as the variant sold, merged per variant, in
    the order first listed (two queries). An unknown product, a variant of another
    product or one removed since it was put in the cart, or no choice where the product
    has several variants: 400 naming it, nothing taken."""
    products = Product.objects.select_related("category").in_bulk({pk for pk, _ in wanted})
    unknown = [str(pk) for pk, _ in wanted if pk not in products]
    if unknown:
        unknown = list(dict.fromkeys(unknown))
        raise ValidationError({"cart": [f"Product {', '.join(unknown)} is no longer available."]})
    variants: dict[int, list[Variant]] = {}
    for variant in Variant.objects.filter(product_id__in=products).order_by("position", "id"):
        variants.setdefault(variant.product_id, []).append(variant)
    lines: OrderedDict[int, Line] = OrderedDict()
    for (product_id, variant_id), quantity in wanted.items():
        product, own = products[product_id], variants.get(product_id, [])
        if variant_id is None:
            if len(own) != 1:
                names = " and ".join(option["name"] for option in product.options) or "an option"
                raise ValidationError({"cart": [f"Please choose {names} for {product.name}."]})
            variant = own[0]
        else:
            variant = next((v for v in own if v.pk == variant_id), None)
            if variant is None:
                raise ValidationError(
                    {
                        "cart": [
                            f"{product.name}: the option chosen is no longer available. "
                            "Please choose again."
                        ]
                    }
                )
        if variant.pk in lines:
            lines[variant.pk].quantity += quantity
        else:
            lines[variant.pk] = Line(product, variant, quantity)
    _sale_prices(lines)
    return lines


def _sale_prices(lines: "OrderedDict[int, Line]") -> None:
    """Each line's unit price in force now: the sales running at this moment, read from
    the database (one query), so checkout charges what the clock says, whatever a cached
    page showed a moment before."""
    running = pricing.schedule_load().running()
    if not running:
        return
    for line in lines.values():
        line.price = pricing.in_force(
            line.variant.price, line.product.pk, line.product.category_id, running
        ).price


def _request_digest(
    wanted,
    address: str,
    payment: str,
    address_id: int | None = None,
    coupon: str = "",
    business: tuple[str, str] | None = None,
    guest: dict | None = None,
) -> str:
    """What a checkout asked for, as a digest kept on its order: the merged cart (order of
    lines does not matter), the address as sent (text or id), the payment method, the
    coupon's code, the GSTIN and business name when sent (compact, as checked), and a
    guest's details with their address (`guest`, as checked). A cart
    that names no variant, sent with a text address, no coupon and no GSTIN, is written
    as before variants, addresses, coupons and GSTINs, so its retries still match."""
    if any(variant is not None for _, variant in wanted):
        cart = sorted([pk, variant or 0, n] for (pk, variant), n in wanted.items())
    else:
        merged: dict[int, int] = {}
        for (pk, _), n in wanted.items():
            merged[pk] = merged.get(pk, 0) + n
        cart = sorted(merged.items())
    asked = {"cart": cart, "address": address, "payment": payment}
    if address_id is not None:
        asked["addressId"] = address_id
    if coupon:
        asked["coupon"] = coupon
    if business is not None:
        asked["gstin"], asked["businessName"] = business
    if guest is not None:
        asked["guest"] = guest
    canonical = json.dumps(asked, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()


def _earlier_order(buyer, key: str, digest: str, guest_email: str = "") -> Order | None:
    """The order this key already placed within the window (None if none): the buyer's,
    or for a guest (`buyer` None) the one placed with that e-mail; 422 when it was placed
    for another cart or address."""
    earlier = selectors.order_by_idempotency_key(buyer=buyer, key=key, guest_email=guest_email)
    if earlier is not None and earlier.idempotency_digest not in ("", digest):
        raise Unprocessable(KEY_REUSED)
    return earlier


class Destination:
    """Where an order goes: the address text, the address object (None for free text),
    the PIN code when known and the GST state code of the place of supply; and who is
    billed: `business`, the (GSTIN, business name) of a business buyer, ("", "") for a
    consumer."""

    __slots__ = ("business", "field", "pincode", "shipping_address", "state_code", "text")

    def __init__(
        self, text, shipping_address, pincode, state_code, business=("", ""), field="address"
    ):
        self.text, self.shipping_address = text, shipping_address
        self.pincode, self.state_code = pincode, state_code
        self.business = business
        # The request's field an error about it names (a guest's: shippingAddress).
        self.field = field

    def error(self, message: str) -> ValidationError:
        if self.field == "shippingAddress":
            return ValidationError({"shippingAddress": {"pincode": [message]}})
        return ValidationError({self.field: [message]})


def _destination(buyer, address: str, address_id: int | None) -> Destination:
    """The delivery address: one of the buyer's addresses by id, or the text sent, or the
    profile's. A text that is the default address's text is that address (the spec's
    client sends the profile's address); other text is placed by the first PIN code in it
    that the directory knows. Text with none is 400 (NEEDS_PIN): the state, and so the
    tax, always follows the PIN. An address chosen by id bills its GSTIN and business
    name, when it keeps them (the caller may put others in their place)."""
    if address_id is not None:
        chosen = address_for_checkout(buyer, address_id)
        business = (chosen.gstin, chosen.business_name) if chosen.gstin else ("", "")
        return Destination(
            chosen.text, chosen.as_dict(), chosen.pincode, chosen.state_code, business
        )
    text = address or (buyer.address or "").strip()
    if not text:
        raise ValidationError({"address": [NO_ADDRESS]})
    default = address_default(user=buyer)
    if default is not None and default.text == text:
        return Destination(text, default.as_dict(), default.pincode, default.state_code)
    for pincode in PIN_IN_TEXT.findall(text):
        place = lookup_pincode(pincode)
        if place is not None:
            return Destination(text, None, pincode, state_code(place.state))
    raise ValidationError({"address": [NEEDS_PIN]})


def _guest_destination(shipping_address: dict | None) -> Destination:
    """A guest's `shippingAddress`, checked as the address book checks a saved address
    (accounts.addresses: the state, the PIN code in India Post's directory and in that
    state, the lengths); 400 naming `shippingAddress` and the field otherwise."""
    if not shipping_address:
        raise ValidationError({"shippingAddress": [GUEST_NEEDS_ADDRESS]})
    try:
        address = address_checked(**shipping_address)
    except DjangoValidationError as error:
        detail = error.message_dict if hasattr(error, "error_dict") else error.messages
        raise ValidationError({"shippingAddress": detail}) from None
    kept = {**address.as_dict(), "_id": None, "isDefault": False}
    return Destination(
        address.text, kept, address.pincode, address.state_code, field="shippingAddress"
    )


def _business(gstin: str | None, business_name: str | None) -> tuple[str, str] | None:
    """The GSTIN and business name sent (None: neither was), checked again for callers
    other than the API's (whose serializer checked them): 400 naming the field."""
    if gstin is None and business_name is None:
        return None
    gstin, business_name = gstin or "", (business_name or "").strip()
    if gstin:
        try:
            gstin = check_gstin(gstin)
        except GstinError as error:
            raise ValidationError({"gstin": [error.message]}) from None
    errors = pair_errors(gstin, business_name)
    if errors:
        raise ValidationError(errors)
    return gstin, business_name


def _priced(lines: "OrderedDict[int, Line]") -> list[coupons.Priced]:
    """The cart's lines as a coupon sees them, in the cart's order."""
    return [
        coupons.Priced(line.product.pk, line.product.category_id, line.price * line.quantity)
        for line in lines.values()
    ]


class Bill:
    """What an order costs and its GST, computed before anything is taken: each line's
    HSN, rate, discount and tax split, the delivery charge and its tax, the totals. GST is
    charged on what the buyer pays: a line's tax is on its value less its share of the
    coupon's discount (contract, "Promotions"); the delivery rule's free threshold and
    the COD limit read the total after the discount."""

    def __init__(
        self,
        lines: "OrderedDict[int, Line]",
        shop,
        destination: Destination,
        applied: "coupons.Applied | None" = None,
    ):
        intra = destination.state_code == shop.state_code
        self.applied = applied
        shares = applied.shares if applied is not None else [ZERO] * len(lines)
        self.rows = []
        subtotal = Decimal("0.00")
        for line, share in zip(lines.values(), shares, strict=True):
            product = line.product
            rate = catalog_tax.gst_rate(product, product.category, line.price)
            amount = line.price * line.quantity
            subtotal += amount
            self.rows.append(
                (
                    line,
                    catalog_tax.hsn(product, product.category),
                    rate,
                    share,
                    tax.split(amount - share, rate, intra_state=intra),
                )
            )
        self.discount_total = applied.discount if applied is not None else ZERO
        goods = subtotal - self.discount_total
        self.delivery_charge = tax.delivery_charge(
            goods, shop.delivery_charge, shop.free_delivery_from
        )
        self.delivery_rate = (
            tax.delivery_rate(rate for _, _, rate, _, _ in self.rows) if self.delivery_charge else 0
        )
        self.delivery_tax = tax.split(self.delivery_charge, self.delivery_rate, intra_state=intra)
        self.tax_total = sum((part.tax for *_, part in self.rows), self.delivery_tax.tax)
        self.total = goods + self.delivery_charge


def _check_delivery(destination: Destination, payment: str, total: Decimal) -> None:
    """400 naming the reason, before anything is taken: a PIN the shop does not serve,
    cash on delivery where the courier does not collect it or over the shop's cap
    (orders.shop_details.cod_limit)."""
    if destination.pincode:
        where = check_delivery(destination.pincode)
        if not where.serviceable:
            raise destination.error(
                f"Sorry, we do not deliver to PIN code {destination.pincode} yet."
            )
        if payment == "cod" and not where.cod:
            raise ValidationError(
                {
                    "payment": [
                        f"Cash on delivery is not available for PIN code {destination.pincode}."
                    ]
                }
            )
    limit = Decimal(cod_limit())
    if payment == "cod" and total > limit:
        raise ValidationError(
            {
                "payment": [
                    f"Cash on delivery is available for orders up to {rupees(limit, paise=False)}; "
                    f"this order is {rupees(total, paise=False)}."
                ]
            }
        )


def cod_check(order: Order) -> None:
    """Checkout's 400s for cash on delivery, for a placed order its buyer switches to it
    (orders.pay_on_delivery): its PIN code served with cash, its total within the cap
    (`_check_delivery`'s), and no coupon for online payment only."""
    pincode = shipments.order_pincode(order) or ""
    where = Destination(order.address, None, pincode, order.place_of_supply)
    _check_delivery(where, "cod", order.total)
    if order.coupon_id is not None and order.coupon.prepaid_only:
        raise ValidationError({"payment": [coupons.ONLINE_ONLY]})


def order_checkout(
    *,
    buyer,
    cart: list[dict],
    address: str = "",
    address_id: int | None = None,
    payment: str = "cod",
    idempotency_key: str | None = None,
    coupon: str = "",
    gstin: str | None = None,
    business_name: str | None = None,
    guest: dict | None = None,
    shipping_address: dict | None = None,
    base_url: str = "",
) -> tuple[Order, bool]:
    """Place an order for `cart` (`[{_id, quantity}]`); returns (order, created).

    Names, prices and stock come from the database. Unknown products, an empty cart or
    more than 10 of a product: 400. An address not the buyer's, a PIN code the shop does
    not serve, cash on delivery where it is not offered or over the cap: 400. Not
    enough stock for any line: 409 naming each short item and how many are left, and
    nothing is taken.

    The same Idempotency-Key from the same buyer within 24 hours answers the first order
    (created False), also when the retries arrive at the same moment: the order row claims
    the key before any stock is taken, so a concurrent retry waits on the first one's
    uncommitted row (PostgreSQL's unique index; SQLite's single writer), then fails the
    unique constraint and answers the order that won. The same key for another cart or
    address is 422 and places nothing.

    With `coupon`, its discount is taken off (contract, "Promotions"), or the checkout is
    400 saying why it does not apply, and nothing is placed; its limits are checked again
    with its row locked once the order row is written, so racing checkouts never exceed
    them.

    `gstin` and `business_name` (a business buyer's; None when not sent, "" for none)
    are kept on the order; not sent, an address chosen by `address_id` gives its own.
    They are part of the Idempotency-Key's request when sent.

    A guest (`buyer` None) sends `guest` ({name, email, phone}, checked by the caller:
    the e-mail lower-cased, the phone its ten digits) and `shipping_address` (the
    address object's fields, checked here as the address book checks them); the order
    is placed exactly as a buyer's, its Idempotency-Key and a coupon's per-customer
    limits counted by the guest's e-mail. `base_url` is where the order mail's link for
    a guest points (else SHOP_URL)."""
    if not cart:
        raise ValidationError({"cart": [EMPTY_CART]})
    if payment not in CODES:
        raise ValidationError({"payment": ["Unknown payment method."]})
    method = payment_method(payment)
    if method is None or not method.available():
        raise ValidationError({"payment": [ONLINE_OFF]})
    if buyer is None and not guest:
        raise ValidationError({"guest": ["Please give your name, e-mail and phone."]})
    wanted = _merge(cart)
    code = coupons.normalized(coupon)
    business = _business(gstin, business_name)
    guest_email = guest["email"] if buyer is None else ""
    digest = ""
    if idempotency_key:
        asked_guest = None
        if buyer is None:
            asked_guest = {**guest, "shippingAddress": shipping_address or {}}
        digest = _request_digest(
            wanted, address.strip(), payment, address_id, code, business, asked_guest
        )
        earlier = _earlier_order(buyer, idempotency_key, digest, guest_email)
        if earlier is not None:
            return earlier, False
    shop = get_shop_details()
    if buyer is None:
        destination = _guest_destination(shipping_address)
    else:
        destination = _destination(buyer, address, address_id)
    if business is not None:
        destination.business = business
    lines = _resolve(wanted)
    _check_caps(lines)
    applied = None
    if code:
        found = coupons.coupon_find(code)
        applied = coupons.coupon_apply(found, _priced(lines), payment=payment)
        coupons.coupon_check_uses(found, **_coupon_uses(found, buyer, email=guest_email))
    bill = Bill(lines, shop, destination, applied)
    _check_delivery(destination, payment, bill.total)
    try:
        order = _place(
            buyer,
            lines,
            destination,
            bill,
            payment,
            idempotency_key,
            digest,
            guest=guest if buyer is None else None,
            base_url=base_url,
        )
        if business and address_id is not None:
            # Kept in the address book for next time (accounts.addresses).
            address_keep_business(
                user=buyer, address_id=address_id, gstin=business[0], business_name=business[1]
            )
    except IntegrityError:
        # A retry with the same key raced this one and won: answer its order.
        earlier = idempotency_key and _earlier_order(buyer, idempotency_key, digest, guest_email)
        if not earlier:
            raise
        return earlier, False
    return order, True


@dataclass(frozen=True)
class Placed:
    """What checkout answers: the order, whether this call placed it, and what the
    browser opens the payment method's checkout with (None: nothing to pay now)."""

    order: Order
    created: bool
    payment: dict | None


def order_place(*, buyer, **checkout) -> Placed:
    """Checkout (`order_checkout`) and, for a method paid online, what comes after its
    commit: the gateway's order, asked for by the method (orders.payments). The method
    may refuse (502/503 when the gateway fails: the order is undone; 409 when it was
    cancelled meanwhile), as its docs say."""
    order, created = order_checkout(buyer=buyer, **checkout)
    method = payment_method(order.payment_method)
    if method is None:
        return Placed(order, created, None)
    order, options = method.checkout_started(order, created=created)
    return Placed(order, created, options)


@transaction.atomic
def _place(
    buyer, lines, destination, bill, payment, idempotency_key, digest, *, guest=None, base_url=""
) -> Order:
    # Writes come first in the transaction (no read-then-upgrade, which SQLite answers
    # with "database is locked"), and the order row comes first of all: it claims the
    # Idempotency-Key before any stock moves.
    if idempotency_key:
        # A key older than the window may be used again: its old order lets go of it.
        # Only older ones: an order inside the window keeps the key, so a concurrent retry
        # fails the unique constraint instead of placing a second order.
        mine = (
            Order.objects.filter(guest_email=guest["email"])
            if guest
            else Order.objects.filter(buyer=buyer, guest_email="")
        )
        mine.filter(
            idempotency_key=idempotency_key,
            created_at__lt=timezone.now() - selectors.IDEMPOTENCY_WINDOW,
        ).update(idempotency_key=None)
    delivery = bill.delivery_tax
    method = payment_method(payment)
    online = method.online
    order = Order(
        buyer=buyer,
        status=OrderStatus.AWAITING_PAYMENT if online else OrderStatus.NOT_PROCESSED,
        address=destination.text[:500],
        shipping_address=destination.shipping_address,
        place_of_supply=destination.state_code,
        payment_method=payment,
        total=bill.total,
        delivery_charge=bill.delivery_charge,
        delivery_gst_rate=bill.delivery_rate,
        delivery_cgst=delivery.cgst,
        delivery_sgst=delivery.sgst,
        delivery_igst=delivery.igst,
        tax_total=bill.tax_total,
        buyer_gstin=destination.business[0],
        business_name=destination.business[1],
        idempotency_key=idempotency_key or None,
        idempotency_digest=digest,
    )
    if guest:
        order.guest_name, order.guest_email = guest["name"], guest["email"]
        order.guest_phone, order.guest_secret = guest["phone"], guests.new_secret()
    if bill.applied is not None:
        order.coupon = bill.applied.coupon
        order.coupon_code = bill.applied.coupon.code
        order.discount_total = bill.discount_total
    # From the PIN code's delivery days (orders.shipments), counted from today in India.
    order.expected_delivery = shipments.expected_delivery(destination.pincode, order.created_at)
    # The e-mail was checked by the serializer; excluded, its Idempotency-Key constraint
    # is left to the database (a racing retry fails it and answers the order that won).
    order.full_clean(exclude=["buyer", "coupon", "guest_email"])
    order.save()
    if bill.applied is not None:
        _claim_coupon(order, bill, payment, lines)
    status_recorded(order_id=order.pk, status=order.status, at=order.created_at)
    short = _take_stock(lines)
    if short:
        left = _left(short)
        raise Conflict(
            "Not enough stock: "
            + "; ".join(f"{line.label()} ({left.get(line.variant.pk, 0)} left)" for line in short)
            + "."
        )
    rows = []
    for line, hsn, rate, share, part in bill.rows:
        product, variant = line.product, line.variant
        rows.append(
            OrderLine(
                order=order,
                **OrderLine.copied(product, variant),
                price=line.price,
                quantity=line.quantity,
                discount=share,
                hsn=hsn,
                gst_rate=rate,
                taxable_value=part.taxable_value,
                cgst=part.cgst,
                sgst=part.sgst,
                igst=part.igst,
            )
        )
    OrderLine.objects.bulk_create(rows)
    stock_changed(line.product.pk for line in lines.values())
    if online:
        # The cart stays until the payment arrives (the shopper may yet pay by cash); the
        # device empties it then, and its save empties the account's. The method records
        # what the payment needs (its record, the job that gives the order up unpaid);
        # the "placed" mail waits for the payment.
        method.reserve(order)
    else:
        # The order placed is the cart bought: the account's cart empties with it (a
        # guest's cart is the device's only).
        if buyer is not None:
            cart_clear(user=buyer)
        order_mail(order.pk, "placed", base_url)
    return order


COUPON_CHANGED = "The coupon changed while you were checking out; please apply it again."


def _customer(buyer, email: str = "") -> Q:
    """A customer's orders as a coupon's limits count them, by e-mail as well as by
    account: a signed-in buyer's own and the guest orders placed with their e-mail;
    a guest's (`buyer` None, `email` theirs) those placed with that e-mail, as a guest
    or by the account that has it."""
    if buyer is not None:
        return Q(buyer=buyer) | Q(buyer__isnull=True, guest_email=(buyer.email or "").lower())
    return Q(guest_email=email) | Q(buyer__email=email)


def _coupon_uses(coupon, buyer, *, email: str = "", besides: int | None = None) -> dict:
    """What the coupon's limits read: the orders holding it now (a cancelled order has
    given its use back), the customer's among them, the customer's orders (`_customer`);
    without the order `besides` (the one being placed)."""
    live = Order.objects.exclude(status=OrderStatus.CANCELLED)
    if besides is not None:
        live = live.exclude(pk=besides)
    holding = live.filter(coupon=coupon)
    customer = _customer(buyer, email)
    return {
        "used": holding.count() if coupon.usage_limit is not None else 0,
        "buyer_used": (
            holding.filter(customer).count() if coupon.per_customer_limit is not None else 0
        ),
        "buyer_orders": live.filter(customer).count() if coupon.first_order_only else 0,
    }


def _claim_coupon(order: Order, bill: Bill, payment: str, lines) -> None:
    """The order takes its use of the coupon, inside checkout's transaction and after the
    order row (the lock order: the order, then the coupon, then products). The coupon's
    row is locked until the commit (PostgreSQL; SQLite's writer is already alone), so the
    counts read here are final: of racing checkouts for the last use, one holds it and
    the others are 400 and place nothing. A coupon edited since the cart was priced is
    409 (its discount would not be the one shown)."""
    coupon = coupons.coupon_find(order.coupon_code, lock=True)
    again = coupons.coupon_apply(coupon, _priced(lines), payment=payment)
    if again.shares != bill.applied.shares:
        raise Conflict(COUPON_CHANGED)
    coupons.coupon_check_uses(
        coupon,
        **_coupon_uses(coupon, order.buyer, email=order.guest_email, besides=order.pk),
    )


def coupon_check(*, buyer, code: str, cart: list[dict], payment: str | None = None):
    """What `code` takes off `cart` (checkout's lines) for `buyer`, as checkout would
    take it now: (applied, lines). 400 naming why when it does not apply, or when the
    cart names a product that is not for sale. A guest (`buyer` None) is not yet anyone:
    the limits per customer are left to checkout, which counts them by the guest's
    e-mail."""
    if not cart:
        raise ValidationError({"cart": [EMPTY_CART]})
    lines = _resolve(_merge(cart))
    _check_caps(lines)
    found = coupons.coupon_find(code)
    applied = coupons.coupon_apply(found, _priced(lines), payment=payment)
    if buyer is None:
        live = Order.objects.exclude(status=OrderStatus.CANCELLED).filter(coupon=found)
        used = live.count() if found.usage_limit is not None else 0
        uses = {"used": used, "buyer_used": 0, "buyer_orders": 0}
    else:
        uses = _coupon_uses(found, buyer)
    coupons.coupon_check_uses(found, **uses)
    return applied, list(lines.values())


def _take_stock(lines: "OrderedDict[int, Line]") -> list[Line]:
    """Takes each line's quantity with conditional UPDATEs, never read then written:
    the product's stock (the sum) and then its variant's, products in id order and a
    product's variants in id order. Every write path locks a product before its variants
    and products in id order, so a checkout, a cancel and an editor's save never wait on
    each other crosswise. Returns the lines that were short (the caller rolls back)."""
    short = []
    now = timezone.now()
    by_product: dict[int, list[Line]] = {}
    for line in lines.values():
        by_product.setdefault(line.product.pk, []).append(line)
    for product_id in sorted(by_product):
        own = sorted(by_product[product_id], key=lambda line: line.variant.pk)
        needed = sum(line.quantity for line in own)
        taken = Product.objects.filter(pk=product_id, quantity__gte=needed).update(
            quantity=F("quantity") - needed, updated_at=now
        )
        for line in own:
            if not taken:
                short.append(line)
                continue
            got = Variant.objects.filter(pk=line.variant.pk, quantity__gte=line.quantity).update(
                quantity=F("quantity") - line.quantity
            )
            if not got:
                short.append(line)
    return short


def _left(short: list[Line]) -> dict[int, int]:
    """The stock left of the short lines' variants, as committed by others."""
    return dict(
        Variant.objects.filter(pk__in=[line.variant.pk for line in short]).values_list(
            "pk", "quantity"
        )
    )
