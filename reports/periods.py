"""The periods a report covers, in Indian time (GST periods and invoice dates are
Indian ones, whatever TIME_ZONE says): a month `YYYY-MM` for GSTR-1, a range of days
`from`..`to` (both included) for the sales and tax summary. Bad input raises a
ValidationError naming the field (400)."""

import re
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta

from django.utils import timezone
from rest_framework.exceptions import ValidationError

from orders.invoices import INDIA

PERIOD_RE = re.compile(r"^(\d{4})-(\d{2})$")
DAY_RE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
MAX_DAYS = 366
PERIOD_MESSAGE = "Give a month as YYYY-MM, e.g. 2026-04."
FUTURE_MESSAGE = "This month has not begun yet: a return covers a month begun or past."
DAY_MESSAGE = "Give a day as YYYY-MM-DD, e.g. 2026-04-01."
ORDER_MESSAGE = "The end of the range comes before its start."
LONG_MESSAGE = f"A range covers at most {MAX_DAYS} days."
# Days whose edges the database and Python can both place in time: a day of year 1 or
# 9999 would overflow when moved to UTC (a 500, not an answer).
EARLIEST, LATEST = date(2000, 1, 1), date(2999, 12, 31)
BOUNDS_MESSAGE = "Give a day from 2000-01-01 to 2999-12-31."


@dataclass(frozen=True)
class Span:
    """[start, end) as aware moments, and the days it covers."""

    first: date
    last: date

    @property
    def start(self) -> datetime:
        return datetime.combine(self.first, time.min, INDIA)

    @property
    def end(self) -> datetime:
        return datetime.combine(self.last + timedelta(days=1), time.min, INDIA)

    def days(self) -> list[date]:
        return [self.first + timedelta(days=n) for n in range((self.last - self.first).days + 1)]


def today() -> date:
    return timezone.localtime(timezone.now(), INDIA).date()


def local_day(moment: datetime) -> date:
    return timezone.localtime(moment, INDIA).date()


def month(raw) -> Span:
    """`2026-04` -> 1 to 30 April 2026. Missing, malformed, or a month that has not
    begun in India: 400 naming `period`. The month in progress is allowed (a draft)."""
    found = PERIOD_RE.match(str(raw or "").strip())
    if not found or not 1 <= int(found[2]) <= 12 or int(found[1]) < 2017:
        raise ValidationError({"period": [PERIOD_MESSAGE]})
    first = date(int(found[1]), int(found[2]), 1)
    if first > today():
        raise ValidationError({"period": [FUTURE_MESSAGE]})
    following = date(first.year + first.month // 12, first.month % 12 + 1, 1)
    return Span(first, following - timedelta(days=1))


def one_day(raw, field: str) -> date:
    """`YYYY-MM-DD` as a day: malformed, impossible or outside EARLIEST..LATEST is 400
    naming `field`."""
    text = str(raw or "").strip()
    if not DAY_RE.match(text):
        raise ValidationError({field: [DAY_MESSAGE]})
    try:
        day = date.fromisoformat(text)
    except ValueError:
        raise ValidationError({field: [DAY_MESSAGE]}) from None
    if not EARLIEST <= day <= LATEST:
        raise ValidationError({field: [BOUNDS_MESSAGE]})
    return day


def days(raw_from, raw_to) -> Span:
    """`from`..`to`, both included: malformed or impossible days, or days outside
    EARLIEST..LATEST, are 400 naming the field; `from` after `to`, or more than MAX_DAYS
    days, 400 naming `to`."""
    first, last = one_day(raw_from, "from"), one_day(raw_to, "to")
    if last < first:
        raise ValidationError({"to": [ORDER_MESSAGE]})
    if (last - first).days + 1 > MAX_DAYS:
        raise ValidationError({"to": [LONG_MESSAGE]})
    return Span(first, last)
