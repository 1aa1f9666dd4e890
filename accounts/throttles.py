"""Throttles for login and forgot-password, per e-mail and per client address.

Counters live in the default cache, which every server process shares (settings). The
limits are REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"] under the scopes below, read on each
request so a settings change applies at once. Every attempt counts, right or wrong; past
the limit every attempt answers 429 with `Retry-After`.
"""

import hashlib
from collections.abc import Mapping

from rest_framework.settings import api_settings
from rest_framework.throttling import SimpleRateThrottle

from accounts.models import normalize_email
from shop.api.fields import clean_text


class _RateThrottle(SimpleRateThrottle):
    def get_rate(self) -> str:
        return api_settings.DEFAULT_THROTTLE_RATES[self.scope]

    def wait(self) -> float:
        """Seconds until the oldest attempt that still counts leaves the window (DRF's
        own estimate can be None, which would drop the Retry-After header)."""
        if len(self.history) < self.num_requests:
            return 1.0
        oldest_counted = self.history[self.num_requests - 1]
        return max(1.0, self.duration - (self.now - oldest_counted))


class _EmailThrottle(_RateThrottle):
    """Keyed by the e-mail in the body, trimmed and lower-cased as accounts store it, so
    `A@x.com` and ` a@X.COM ` share one counter. No e-mail, no count here."""

    def get_cache_key(self, request, view) -> str | None:
        data = request.data
        email = data.get("email") if isinstance(data, Mapping) else None
        if not isinstance(email, str):
            return None
        email = normalize_email(clean_text(email))
        if not email:
            return None
        digest = hashlib.sha256(email.encode()).hexdigest()
        return self.cache_format % {"scope": self.scope, "ident": digest}


class _AddressThrottle(_RateThrottle):
    """Keyed by the client address (NUM_PROXIES decides how X-Forwarded-For is read)."""

    def get_cache_key(self, request, view) -> str:
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


class LoginEmailThrottle(_EmailThrottle):
    scope = "login_email"


class LoginAddressThrottle(_AddressThrottle):
    scope = "login_ip"


class ResetEmailThrottle(_EmailThrottle):
    scope = "reset_email"


class ResetAddressThrottle(_AddressThrottle):
    scope = "reset_ip"
