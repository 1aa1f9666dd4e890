"""Cancelling part of an order before it ships (contract, "Cancelling part of an order"):
which units the buyer cancels, and what the order is worth once they are gone. The move
itself (the lock, the status check, the stock, the refund, the mail) is
orders.actions.order_cancel's; this module works out and writes what is left.

What is left is priced as at checkout (orders.services.Bill), never at today's prices:
- each line keeps its unit price; its quantity goes down and `cancelled` up;
- the coupon is checked again against what is left, with the rules that depend on the
  cart (promotions.coupons): the minimum order (the value of what is left, before any
  coupon) and the items it covers (a line it covers by its products or categories, or
  one that had a share of its discount). Its window, pause and limits are not asked
  again: the order holds its use. Still met: its discount is worked out again on what is
  left (promotions.discounts: percent of the covered value capped at its maxDiscount,
  or its amount) and spread again over the covered lines; never more than the order's
  discount before the cancel. Not met: it is dropped (coupon null, code blank, every
  discount 0), and its use is given back. A coupon deleted since keeps its code and each
  line keeps its discount per unit;
- each line's GST is worked out again on what the buyer pays for it (price x quantity
  less its discount, orders.tax), CGST + SGST or IGST as at checkout, so
  taxable_value + cgst + sgst + igst == price x quantity - discount on every line, a
  line cancelled whole holding zeros;
- the delivery charge is kept as charged: a cancel never raises it (it was worked out on
  the whole order, and a smaller one might fall under the free threshold) and never
  lowers it while something is left; its GST is worked out again at the highest rate of
  the goods left (the principal supply of what is delivered);
- `total` is the lines' price x quantity less `discount_total` plus the delivery charge,
  `tax_total` the lines' GST plus the delivery's.

A cancel that would make the order cost more (dropping a coupon whose discount is worth
more than the items cancelled) is refused (409): a cancel never asks the buyer for more.
"""

from collections import OrderedDict
from dataclasses import dataclass
from decimal import Decimal

from django.utils import timezone
from rest_framework.exceptions import ValidationError

from orders import tax
from orders.models import Order, OrderLine
from orders.shop_details import get_shop_details
from promotions.discounts import ZERO, allocate, discount_of, paise
from shop.api.exceptions import Conflict
from shop.money import rupees

NOT_A_LINE = "Line {id} is not a line of this order."
NONE_LEFT = "{name} is already cancelled."
TOO_MANY = "Only {left} of {name} can be cancelled; {asked} asked."
COSTS_MORE = (
    "Cancelling these items would end coupon {code}'s discount of {discount}, which is "
    "more than they are worth: the order would cost more. Cancel the whole order instead, "
    "or keep these items."
)


def order_lines(order: Order) -> list[OrderLine]:
    """The order's lines as they are now (read after the order's lock), their products
    joined: a coupon's categories are the products'."""
    return list(order.lines.select_related("product").order_by("pk"))


def units_asked(lines: list[OrderLine], asked: list[dict]) -> "OrderedDict[int, int]":
    """{line id: units to cancel} from the request's `[{_id, quantity}]` (the shape is
    CancelInput's): two entries of one line are added up. 400 naming the problem, before
    anything is written: a line that is not this order's, a line already cancelled whole,
    more units than are left of it."""
    by_id = {line.pk: line for line in lines}
    units: OrderedDict[int, int] = OrderedDict()
    for entry in asked:
        if entry["_id"] not in by_id:
            raise ValidationError({"lines": [NOT_A_LINE.format(id=entry["_id"])]})
        units[entry["_id"]] = units.get(entry["_id"], 0) + entry["quantity"]
    for line_id, count in units.items():
        line = by_id[line_id]
        if line.quantity == 0:
            raise ValidationError({"lines": [NONE_LEFT.format(name=_label(line))]})
        if count > line.quantity:
            raise ValidationError(
                {"lines": [TOO_MANY.format(left=line.quantity, name=_label(line), asked=count)]}
            )
    return units


def _label(line: OrderLine) -> str:
    values = ", ".join(str(value) for value in (line.options or {}).values())
    return f"{line.name} ({values})" if values else line.name


@dataclass
class LineLeft:
    line: OrderLine
    quantity: int  # the units left
    cancelled: int  # the units cancelled now
    discount: Decimal
    split: tax.TaxSplit

    @property
    def changed(self) -> bool:
        line = self.line
        return (
            self.cancelled > 0
            or self.discount != line.discount
            or self.split.taxable_value != line.taxable_value
            or (self.split.cgst, self.split.sgst, self.split.igst)
            != (line.cgst, line.sgst, line.igst)
        )


@dataclass
class Remainder:
    """The order once the units are cancelled."""

    lines: list[LineLeft]
    coupon: object  # the Coupon kept, or None
    coupon_code: str
    discount_total: Decimal
    delivery_rate: int
    delivery_tax: tax.TaxSplit
    tax_total: Decimal
    total: Decimal

    @property
    def nothing_left(self) -> bool:
        return all(left.quantity == 0 for left in self.lines)


def _intra_state(order: Order, lines: list[OrderLine]) -> bool:
    """Whether the order was taxed as CGST + SGST (the delivery in the shop's state), as
    its own tax says; when it holds none (all at 0 %), as its place of supply says."""
    if order.delivery_igst or any(line.igst for line in lines):
        return False
    if order.delivery_cgst or any(line.cgst or line.sgst for line in lines):
        return True
    return order.place_of_supply == get_shop_details().state_code


def _discounts(order: Order, lines: list[OrderLine], left: list[int]):
    """(coupon, code, each line's discount) for what is left, as the module says."""
    if not order.coupon_code and not order.discount_total:
        return None, "", [ZERO] * len(lines)
    coupon = order.coupon
    if coupon is None:
        # Deleted since checkout: its rules are gone; each line keeps its discount per unit.
        shares = [
            paise(line.discount * count / line.quantity) if line.quantity else ZERO
            for line, count in zip(lines, left, strict=True)
        ]
        return None, order.coupon_code, shares
    values = [line.price * count for line, count in zip(lines, left, strict=True)]
    dropped = None, "", [ZERO] * len(lines)
    if coupon.min_order is not None and sum(values, ZERO) < coupon.min_order:
        return dropped
    covered = [
        value
        if count
        and (
            line.discount > 0
            or coupon.covers(line.product_ref, line.product.category_id if line.product else None)
        )
        else None
        for line, count, value in zip(lines, left, values, strict=True)
    ]
    covered_values = [value for value in covered if value is not None]
    if not covered_values:
        return dropped
    discount = discount_of(
        coupon.kind, coupon.value, sum(covered_values, ZERO), coupon.max_discount
    )
    discount = min(discount, order.discount_total)
    if discount <= 0:
        return dropped
    parts = iter(allocate(discount, covered_values))
    shares = [next(parts) if value is not None else ZERO for value in covered]
    return coupon, order.coupon_code, shares


def remainder(order: Order, lines: list[OrderLine], units: dict[int, int]) -> Remainder:
    """What `order` (locked) is once `units` ({line id: n}) of its `lines` are cancelled."""
    left = [line.quantity - units.get(line.pk, 0) for line in lines]
    coupon, code, shares = _discounts(order, lines, left)
    intra = _intra_state(order, lines)
    rows = []
    for line, count, share in zip(lines, left, shares, strict=True):
        split = tax.split(line.price * count - share, line.gst_rate, intra_state=intra)
        rows.append(LineLeft(line, count, units.get(line.pk, 0), share, split))
    discount_total = sum(shares, ZERO)
    goods = sum((line.price * count for line, count in zip(lines, left, strict=True)), ZERO)
    nothing_left = not any(left)
    delivery = ZERO if nothing_left else order.delivery_charge
    rate = tax.delivery_rate(row.line.gst_rate for row in rows if row.quantity) if delivery else 0
    delivery_tax = tax.split(delivery, rate, intra_state=intra)
    return Remainder(
        lines=rows,
        coupon=coupon,
        coupon_code=code,
        discount_total=discount_total,
        delivery_rate=rate,
        delivery_tax=delivery_tax,
        tax_total=sum((row.split.tax for row in rows), delivery_tax.tax),
        total=goods - discount_total + delivery,
    )


def remainder_check(order: Order, rest: Remainder) -> None:
    """409 when what is left would cost more than the order did (COSTS_MORE)."""
    if rest.total > order.total:
        raise Conflict(
            COSTS_MORE.format(
                code=order.coupon_code, discount=rupees(order.discount_total, paise=False)
            )
        )


def remainder_write(order: Order, rest: Remainder) -> None:
    """Writes `rest` over the locked `order` and its changed lines; `order` in memory
    follows."""
    for row in rest.lines:
        if not row.changed:
            continue
        OrderLine.objects.filter(pk=row.line.pk).update(
            quantity=row.quantity,
            cancelled=row.line.cancelled + row.cancelled,
            discount=row.discount,
            taxable_value=row.split.taxable_value,
            cgst=row.split.cgst,
            sgst=row.split.sgst,
            igst=row.split.igst,
        )
    written = {
        "total": rest.total,
        "discount_total": rest.discount_total,
        "tax_total": rest.tax_total,
        "coupon": rest.coupon,
        "coupon_code": rest.coupon_code,
        "delivery_gst_rate": rest.delivery_rate,
        "delivery_cgst": rest.delivery_tax.cgst,
        "delivery_sgst": rest.delivery_tax.sgst,
        "delivery_igst": rest.delivery_tax.igst,
        "updated_at": timezone.now(),
    }
    Order.objects.filter(pk=order.pk).update(**written)
    for field, value in written.items():
        setattr(order, field, value)
