"""Throttles of the wishlist's writes and of back-in-stock requests, counted in
shop.throttling's store like the other writes: REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]
["wishlist"] per signed-in user (adds and removals; reads are not counted),
["stock_alert"] per signed-in user and ["stock_alert_ip"] per client address for
requests without a token; past the limit 429 with `Retry-After`."""

from shop.throttling import AddressThrottle, UserThrottle


class WishlistWriteThrottle(UserThrottle):
    scope = "wishlist"

    def ident(self, request, view):
        return None if request.method == "GET" else super().ident(request, view)


class StockAlertThrottle(UserThrottle):
    scope = "stock_alert"


class StockAlertAddressThrottle(AddressThrottle):
    scope = "stock_alert_ip"

    def ident(self, request, view):
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            return None
        return super().ident(request, view)
