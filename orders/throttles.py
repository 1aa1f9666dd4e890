"""Checkout and coupon-check throttles: per signed-in user, REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]
["checkout"] (default 10/min), read on each request. Counted in shop.throttling's store
(the database, or Redis when configured), like the accounts throttles: shared by every
server process, counted atomically, never evicted; past the limit 429 with `Retry-After`."""

from shop.throttling import UserThrottle


class CheckoutThrottle(UserThrottle):
    scope = "checkout"


class CouponCheckThrottle(UserThrottle):
    """coupons/check: ["coupon_check"] (default 30/min), so codes cannot be guessed."""

    scope = "coupon_check"
