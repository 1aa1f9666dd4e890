"""Throttles for login, forgot-password and register, per e-mail and per client address.

Counters live in shop.throttling's store (the database, or Redis when configured): shared
by every server process, counted atomically, never evicted by the response cache. The
limits are REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"] under the scopes below, read on each
request so a settings change applies at once. Every attempt counts, right or wrong; past
the limit every attempt answers 429 with `Retry-After`.
"""

import hashlib
from collections.abc import Mapping

from rest_framework.settings import api_settings

from accounts.models import normalize_email
from shop.api.fields import clean_text
from shop.throttling import AddressThrottle, CountedThrottle


class _RateThrottle(CountedThrottle):
    """The accounts throttles' common base (its `timer` is their clock)."""


def email_ident(email) -> str | None:
    """The e-mail trimmed and lower-cased as accounts store it, hashed, so `A@x.com` and
    ` a@X.COM ` share one counter. No e-mail, no count."""
    if not isinstance(email, str):
        return None
    email = normalize_email(clean_text(email))
    if not email:
        return None
    return hashlib.sha256(email.encode()).hexdigest()


class _EmailThrottle(_RateThrottle):
    """Keyed by the e-mail in the body."""

    def ident(self, request, view) -> str | None:
        data = request.data
        return email_ident(data.get("email") if isinstance(data, Mapping) else None)


class _AddressThrottle(_RateThrottle, AddressThrottle):
    """Keyed by the client address (NUM_PROXIES decides how X-Forwarded-For is read)."""


class LoginEmailThrottle(_EmailThrottle):
    scope = "login_email"


class LoginAddressThrottle(_AddressThrottle):
    scope = "login_ip"


class ResetEmailThrottle(_EmailThrottle):
    scope = "reset_email"


class ResetAddressThrottle(_AddressThrottle):
    scope = "reset_ip"


class ResetLinkEmailThrottle(_EmailThrottle):
    """Links asked for one e-mail: few an hour, so nobody can fill an inbox with them."""

    scope = "reset_link_email"


class ResetLinkAddressThrottle(_AddressThrottle):
    scope = "reset_link_ip"


class ResetConfirmAddressThrottle(_AddressThrottle):
    scope = "reset_confirm_ip"


class RegisterAddressThrottle(_AddressThrottle):
    scope = "register_ip"


class AdminLoginEmailThrottle(LoginEmailThrottle):
    """The Django admin's login form names the e-mail `username`; same counter as the
    API login's."""

    def ident(self, request, view) -> str | None:
        return email_ident(request.POST.get("username"))


def admin_login_wait(request) -> float | None:
    """Counts one Django-admin login attempt on the API login's counters (per address,
    per e-mail); the seconds to wait when a limit is passed, else None."""
    waits = []
    for throttle in (LoginAddressThrottle(), AdminLoginEmailThrottle()):
        if not throttle.allow_request(request, None):
            waits.append(throttle.wait())
    return max(waits) if waits else None


class ProfilePasswordThrottle(_RateThrottle):
    """A password change in the profile checks the current password, so it is guessed
    no faster than at login: the login-per-e-mail limit, counted per signed-in user.
    Updates that change no password are not counted."""

    scope = "profile_password"

    def get_rate(self) -> str:
        return api_settings.DEFAULT_THROTTLE_RATES["login_email"]

    def ident(self, request, view) -> str | None:
        data = request.data
        password = data.get("password") if isinstance(data, Mapping) else None
        if not isinstance(password, str) or not password.strip():
            return None
        return f"user-{request.user.pk}"
