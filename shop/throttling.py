"""Throttle and lockout counters that traffic cannot evict, counted atomically.

A counter counts attempts in a fixed window that opens with the first attempt and lasts
the rate's period (a minute for "10/min"). It lives in the database table
`shop_throttlecounter` by default and in Redis when `THROTTLE_REDIS_URL` is set (it
follows `REDIS_URL`): never in the response cache, whose culling (the file cache drops a
third of its entries at random when full) any visitor could trigger with distinct GETs.

Each attempt is one atomic statement, so parallel attempts can never read the same old
value: an `INSERT ... ON CONFLICT DO UPDATE ... RETURNING` upsert (SQLite 3.35+ and
PostgreSQL), or a small Lua script in Redis (`INCR` plus `PEXPIRE` on the first hit).

`CountedThrottle` is the DRF throttle on top: subclass it, set `scope` (its rate is
REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"][scope], read on every request) and `ident()`.
`AddressThrottle` (per client address) and `UserThrottle` (per signed-in user) are ready
to use, e.g. `class CheckoutThrottle(UserThrottle): scope = "checkout"`.
"""

import math
import time
from dataclasses import dataclass
from functools import lru_cache

from django.conf import settings
from django.db import connection
from rest_framework.settings import api_settings
from rest_framework.throttling import BaseThrottle

from shop.models import ThrottleCounter


@dataclass(frozen=True)
class Hit:
    count: int  # attempts in the current window, this one included
    retry_after: float  # seconds until the window closes


def _table() -> str:
    return connection.ops.quote_name(ThrottleCounter._meta.db_table)


def _database_hit(ident: str, *, period: int, now: float) -> Hit:
    table = _table()
    sql = (
        f"INSERT INTO {table} (ident, count, window_ends) VALUES (%s, 1, %s) "  # noqa: S608
        f"ON CONFLICT (ident) DO UPDATE SET "
        f"count = CASE WHEN {table}.window_ends <= %s THEN 1 ELSE {table}.count + 1 END, "
        f"window_ends = CASE WHEN {table}.window_ends <= %s "
        f"THEN excluded.window_ends ELSE {table}.window_ends END "
        f"RETURNING count, window_ends"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [ident, now + period, now, now])
        count, window_ends = cursor.fetchone()
        if count == 1:
            # A window opened: expired rows go, so the table holds about one row per key
            # seen in the last window (the same number of queries on every first hit).
            cursor.execute(f"DELETE FROM {table} WHERE window_ends <= %s", [now])  # noqa: S608
    return Hit(count=int(count), retry_after=float(window_ends) - now)


_REDIS_HIT = """
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
"""


@lru_cache(maxsize=4)
def _redis_script(url: str):
    import redis  # only needed when Redis is configured

    client = redis.Redis.from_url(url, socket_timeout=5, socket_connect_timeout=5)
    return client.register_script(_REDIS_HIT)


def _redis_hit(url: str, ident: str, *, period: int) -> Hit:
    count, ttl_ms = _redis_script(url)(keys=[f"shopsphere:throttle:{ident}"], args=[period * 1000])
    return Hit(count=int(count), retry_after=int(ttl_ms) / 1000)


def counter_hit(ident: str, *, period: int, now: float | None = None) -> Hit:
    """Count one attempt under `ident` in a window of `period` seconds."""
    url = getattr(settings, "THROTTLE_REDIS_URL", "")
    if url:
        return _redis_hit(url, ident, period=period)
    return _database_hit(ident, period=period, now=time.time() if now is None else now)


def counter_peek(ident: str, *, now: float | None = None) -> Hit | None:
    """The count under `ident` in its open window, without counting; None when no window
    is open."""
    url = getattr(settings, "THROTTLE_REDIS_URL", "")
    if url:
        client = _redis_script(url).registered_client
        key = f"shopsphere:throttle:{ident}"
        count, ttl_ms = client.get(key), client.pttl(key)
        if count is None or ttl_ms is None or int(ttl_ms) <= 0:
            return None
        return Hit(count=int(count), retry_after=int(ttl_ms) / 1000)
    now = time.time() if now is None else now
    row = (
        ThrottleCounter.objects.filter(ident=ident, window_ends__gt=now)
        .values_list("count", "window_ends")
        .first()
    )
    return None if row is None else Hit(count=int(row[0]), retry_after=float(row[1]) - now)


_REDIS_RELEASE = """
if redis.call('PTTL', KEYS[1]) > 0 and tonumber(redis.call('GET', KEYS[1])) > 0 then
  return redis.call('DECR', KEYS[1])
end
return 0
"""


def counter_release(ident: str, *, now: float | None = None) -> None:
    """Take one attempt back from `ident`'s open window (an attempt counted before it was
    checked that turned out not to count); nothing when no window is open."""
    url = getattr(settings, "THROTTLE_REDIS_URL", "")
    if url:
        client = _redis_script(url).registered_client
        client.eval(_REDIS_RELEASE, 1, f"shopsphere:throttle:{ident}")
        return
    now = time.time() if now is None else now
    table = _table()
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {table} SET count = count - 1 "  # noqa: S608
            f"WHERE ident = %s AND window_ends > %s AND count > 0",
            [ident, now],
        )


def counter_clear(ident: str) -> None:
    """Close `ident`'s window: the next attempt opens a new one."""
    url = getattr(settings, "THROTTLE_REDIS_URL", "")
    if url:
        _redis_script(url).registered_client.delete(f"shopsphere:throttle:{ident}")
        return
    ThrottleCounter.objects.filter(ident=ident).delete()


def parse_rate(rate: str) -> tuple[int, int]:
    """DRF's rate syntax: "10/min" is (10, 60); s, m, h, d and longer spellings."""
    count, period = rate.split("/")
    return int(count), {"s": 1, "m": 60, "h": 3600, "d": 86400}[period[0]]


class CountedThrottle(BaseThrottle):
    """A DRF throttle on `counter_hit`. Every attempt counts, right or wrong, allowed or
    not; past the limit every attempt is refused until the window closes, and
    `Retry-After` says when (at least 1 s, at most the period)."""

    scope = ""
    timer = time.time

    def ident(self, request, view) -> str | None:
        """What to count by; None counts nothing for this request."""
        raise NotImplementedError

    def get_rate(self) -> str:
        return api_settings.DEFAULT_THROTTLE_RATES[self.scope]

    def allow_request(self, request, view) -> bool:
        ident = self.ident(request, view)
        self._wait = None
        if ident is None:
            return True
        limit, period = parse_rate(self.get_rate())
        hit = counter_hit(f"{self.scope}:{ident}", period=period, now=self.timer())
        if hit.count <= limit:
            return True
        self._wait = min(float(period), max(1.0, math.ceil(hit.retry_after)))
        return False

    def wait(self) -> float | None:
        return self._wait


class AddressThrottle(CountedThrottle):
    """Per client address (NUM_PROXIES decides how X-Forwarded-For is read)."""

    def ident(self, request, view) -> str:
        return self.get_ident(request)


class SettingAddressThrottle(AddressThrottle):
    """Per client address, at the rate the setting named `rate_setting` holds (read on
    every request); a blank rate counts nothing."""

    rate_setting = ""

    def get_rate(self) -> str:
        return getattr(settings, self.rate_setting, "") or ""

    def allow_request(self, request, view) -> bool:
        if not self.get_rate():
            self._wait = None
            return True
        return super().allow_request(request, view)


class UserThrottle(CountedThrottle):
    """Per signed-in user; anonymous requests are not counted here."""

    def ident(self, request, view) -> str | None:
        user = getattr(request, "user", None)
        if user is None or not user.is_authenticated:
            return None
        return f"user-{user.pk}"
