"""Rupees as the shop writes them, in one place for the server's pages and mails: the
rupee sign and Indian digit grouping (the last three digits, then pairs: ₹1,00,000), as
the React app's lib/format.js does."""

from decimal import Decimal


def rupees(value, *, paise: bool) -> str:
    """`value` in rupees. With `paise`, always two decimals (mails: ₹1,499.00); without,
    only when there are some (pages: ₹1,499, ₹199.50)."""
    amount = Decimal(str(value)).quantize(Decimal("0.01"))
    sign = "-" if amount < 0 else ""
    whole, cents = f"{abs(amount):.2f}".split(".")
    head, groups = whole[:-3], [whole[-3:]]
    while head:
        groups.insert(0, head[-2:])
        head = head[:-2]
    grouped = ",".join(groups)
    if paise or cents != "00":
        return f"{sign}₹{grouped}.{cents}"
    return f"{sign}₹{grouped}"
