"""GST of an order, from tax-inclusive prices (contract, "Selling in India").

A line's tax is price x quantity x rate / (100 + rate), rounded to the paisa half up.
Within the shop's state (place of supply = the delivery state, IGST Act section 10(1)(a))
it is CGST and SGST, each half of it rounded the same way; to another state it is IGST.
The taxable value is what remains, so it absorbs the odd paisa and a line's parts always
add up to what the buyer pays: taxable_value + cgst + sgst + igst == price x quantity.

The delivery charge is part of a composite supply (CGST Act section 2(30)): it is taxed
with the goods, at the rate of the principal supply (section 8(a)); in an order of goods
at several rates the shop takes the highest of them, as section 8(b) does for a mixed
supply, so the charge is never under-taxed.
"""

from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

PAISA = Decimal("0.01")
ZERO = Decimal("0.00")


def _paise(amount: Decimal) -> Decimal:
    return amount.quantize(PAISA, rounding=ROUND_HALF_UP)


@dataclass(frozen=True)
class TaxSplit:
    taxable_value: Decimal
    cgst: Decimal
    sgst: Decimal
    igst: Decimal

    @property
    def tax(self) -> Decimal:
        return self.cgst + self.sgst + self.igst


def split(amount: Decimal, rate: int, *, intra_state: bool) -> TaxSplit:
    """The parts of a tax-inclusive `amount` at `rate` percent."""
    amount = _paise(Decimal(amount))
    tax = _paise(amount * rate / (100 + rate))
    if intra_state:
        half = _paise(tax / 2)
        return TaxSplit(amount - half - half, half, half, ZERO)
    return TaxSplit(amount - tax, ZERO, ZERO, tax)


def delivery_charge(subtotal: Decimal, charge: Decimal, free_from: Decimal | None) -> Decimal:
    """The operator's rule: `charge` below `free_from` (or always, without it); nothing
    when the charge is 0 (the rule is off)."""
    if not charge:
        return ZERO
    if free_from is not None and subtotal >= free_from:
        return ZERO
    return _paise(Decimal(charge))


def delivery_rate(line_rates) -> int:
    """The rate of the delivery charge: the highest rate of the order's goods."""
    return max(line_rates, default=0)
