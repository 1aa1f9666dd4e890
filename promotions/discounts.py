"""The arithmetic of a discount, in one place (contract, "Promotions"): money is Decimal
rupees and every amount is rounded half up to the paisa.

- A percent discount is the covered value x percent / 100, rounded, then capped at the
  coupon's `maxDiscount`; a rupee discount is its value. Neither exceeds the covered
  value (a line is never sold below nothing).
- A discount is spread over the lines it covers in proportion to their value (price x
  quantity): each share rounded, the remainder put on the largest line (the first of
  equal ones). No line's share exceeds its value: what would go over passes to the next
  largest line.
"""

from decimal import ROUND_HALF_UP, Decimal

PAISA = Decimal("0.01")
ZERO = Decimal("0.00")


def paise(amount: Decimal) -> Decimal:
    return Decimal(amount).quantize(PAISA, rounding=ROUND_HALF_UP)


def discount_of(kind: str, value: Decimal, covered: Decimal, cap: Decimal | None = None) -> Decimal:
    """What a `kind` ("percent" or "amount") discount of `value` takes off `covered`
    rupees, capped at `cap` (None: no cap)."""
    covered = paise(covered)
    if covered <= 0:
        return ZERO
    off = paise(covered * Decimal(value) / 100) if kind == "percent" else paise(value)
    if cap is not None:
        off = min(off, paise(cap))
    return max(ZERO, min(off, covered))


def allocate(discount: Decimal, values: list[Decimal]) -> list[Decimal]:
    """`discount` spread over lines worth `values`, as the module's docstring says.
    The shares add up to `discount` exactly (which must not exceed the sum of values)."""
    discount = paise(discount)
    values = [paise(v) for v in values]
    whole = sum(values, ZERO)
    if discount > whole:
        raise ValueError("A discount cannot exceed the value of the lines it covers.")
    if not values or discount == 0:
        return [ZERO for _ in values]
    shares = [paise(discount * v / whole) for v in values]
    remainder = discount - sum(shares, ZERO)
    # Largest line first, the first of equal ones before the later ones.
    order = sorted(range(len(values)), key=lambda i: (-values[i], i))
    for i in order:
        if remainder == 0:
            break
        moved = max(-shares[i], min(remainder, values[i] - shares[i]))
        shares[i] += moved
        remainder -= moved
    return shares
