"""The arithmetic of a discount (promotions.discounts) against the contract's rule, over
thousands of random carts, exactly, in Decimal."""

import random
from decimal import ROUND_HALF_UP, Decimal

import pytest

from orders.tax import split
from promotions.discounts import allocate, discount_of

D = Decimal
PAISA = D("0.01")


def _half_up(value: Decimal) -> Decimal:
    return value.quantize(PAISA, rounding=ROUND_HALF_UP)


@pytest.mark.parametrize(
    ("kind", "value", "covered", "cap", "expected"),
    [
        ("percent", "10", "1499.00", None, "149.90"),
        # 12.5% of 99.99 is 12.49875: half up to the paisa.
        ("percent", "12.5", "99.99", None, "12.50"),
        ("percent", "15", "3333.33", None, "500.00"),  # 499.9995 rounds up
        ("percent", "50", "1000.00", "300", "300.00"),  # capped
        ("percent", "100", "250.50", None, "250.50"),
        ("amount", "200", "1499.00", None, "200.00"),
        ("amount", "2000", "1499.00", None, "1499.00"),  # never more than the lines
        ("amount", "200", "0.00", None, "0.00"),
    ],
)
def test_a_discount_is_worked_out_as_the_contract_says(kind, value, covered, cap, expected):
    off = discount_of(kind, D(value), D(covered), D(cap) if cap else None)
    assert off == D(expected)


def test_shares_go_by_value_and_the_remainder_to_the_largest_line():
    # 100 over 3 equal lines: 33.33 each, the odd paisa on the first of the equal ones.
    assert allocate(D("100.00"), [D("500"), D("500"), D("500")]) == [
        D("33.34"),
        D("33.33"),
        D("33.33"),
    ]
    # 10 over 1 : 2 : 3 (600): 1.67, 3.33, 5.00 is 10.00 exactly; nothing to move.
    assert allocate(D("10.00"), [D("100"), D("200"), D("300")]) == [
        D("1.67"),
        D("3.33"),
        D("5.00"),
    ]
    # 0.05 over 1 : 1 : 1 rounds to 0.02 each (0.06): the largest (first) gives one back.
    assert allocate(D("0.05"), [D("1"), D("1"), D("1")]) == [D("0.01"), D("0.02"), D("0.02")]


def test_a_share_never_passes_its_lines_value():
    # Nearly the whole value off many tiny lines: what would go over passes on.
    shares = allocate(D("0.09"), [D("0.01")] * 10)
    assert sum(shares) == D("0.09")
    assert all(D("0") <= share <= D("0.01") for share in shares)


def test_a_discount_larger_than_the_lines_is_refused():
    with pytest.raises(ValueError):
        allocate(D("10.01"), [D("5"), D("5")])


def test_thousands_of_random_carts_hold_the_rule_exactly():
    rng = random.Random(20261128)
    for _ in range(5000):
        count = rng.randint(1, 12)
        values = [
            D(rng.choice([rng.randint(1, 500), rng.randint(1, 9_999_999)]))
            / 100
            * rng.randint(1, 10)
            for _ in range(count)
        ]
        values = [_half_up(v) for v in values]
        whole = sum(values)
        kind = rng.choice(["percent", "amount"])
        if kind == "percent":
            value = D(rng.randint(1, 10000)) / 100
        else:
            value = D(rng.randint(1, 5_000_000)) / 100
        cap = D(rng.randint(1, 200_000)) / 100 if rng.random() < 0.3 else None
        off = discount_of(kind, value, whole, cap)
        expected = _half_up(whole * value / 100) if kind == "percent" else value
        if cap is not None:
            expected = min(expected, cap)
        assert off == min(expected, whole)

        shares = allocate(off, values)
        assert sum(shares) == off
        for share, line in zip(shares, values, strict=True):
            assert D("0") <= share <= line
            assert share == share.quantize(PAISA)
        # Each share is its proportional share rounded half up, and the remainder is on
        # the largest line (the first of equal ones) when it fits there.
        largest = min(range(count), key=lambda i: (-values[i], i))
        exact = [_half_up(off * v / whole) for v in values]
        remainder = off - sum(exact)
        if D("0") <= exact[largest] + remainder <= values[largest]:
            exact[largest] += remainder
            assert shares == exact
        # GST on what the buyer pays: the parts of each line add up to it.
        for share, line in zip(shares, values, strict=True):
            rate = rng.choice([0, 5, 18, 40])
            intra = rng.random() < 0.5
            paid = line - share
            part = split(paid, rate, intra_state=intra)
            assert part.taxable_value + part.cgst + part.sgst + part.igst == paid
            tax = _half_up(paid * rate / (100 + rate))
            if intra:
                assert part.cgst == part.sgst == _half_up(tax / 2) and part.igst == 0
            else:
                assert part.igst == tax and part.cgst == part.sgst == 0
