"""Checkout and coupon-check throttles: per signed-in user, REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]
["checkout"] (default 10/min), read on each request. Counted in shop.throttling's store
(the database, or Redis when configured), like the accounts throttles: shared by every
server process, counted atomically, never evicted; past the limit 429 with `Retry-After`."""

from rest_framework.settings import api_settings

from shop.throttling import AddressThrottle, UserThrottle


class CheckoutThrottle(UserThrottle):
    scope = "checkout"


class CouponCheckThrottle(UserThrottle):
    """coupons/check: ["coupon_check"] (default 30/min), so codes cannot be guessed."""

    scope = "coupon_check"


class GuestCheckoutThrottle(AddressThrottle):
    """A guest's checkout (no token): per client address, ["guest_checkout"] (default
    10/min; NUM_PROXIES decides how X-Forwarded-For is read). Signed-in checkouts are
    CheckoutThrottle's and not counted here."""

    scope = "guest_checkout"
    default_rate = "10/min"

    def get_rate(self) -> str:
        return api_settings.DEFAULT_THROTTLE_RATES.get(self.scope) or self.default_rate

    def ident(self, request, view) -> str | None:
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            return None
        return super().ident(request, view)


class GuestCouponCheckThrottle(AddressThrottle):
    """coupons/check without a token (a guest's checkout form): per client address, at
    the signed-in rate ["coupon_check"] (default 30/min), so codes cannot be guessed from
    many accounts or none. Signed-in checks are CouponCheckThrottle's."""

    scope = "guest_coupon_check"
    default_rate = "30/min"

    def get_rate(self) -> str:
        rates = api_settings.DEFAULT_THROTTLE_RATES
        return rates.get(self.scope) or rates.get("coupon_check") or self.default_rate

    def ident(self, request, view) -> str | None:
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            return None
        return super().ident(request, view)
