"""Request plumbing every response goes through: a request id, one structured log line per
request, and the browser security headers Django's SecurityMiddleware does not set.

Logs carry only what an operator needs (method, path, status, duration, request id, user
id). Headers, bodies and query strings are never logged: they hold tokens, passwords and
security answers.
"""

import contextvars
import functools
import json
import logging
import re
import time
import traceback
import uuid
from urllib.parse import urlsplit

from django.conf import settings
from django.utils.functional import SimpleLazyObject, empty

logger = logging.getLogger("shop.request")

# The request id of the request being handled by this thread (or "-" outside a request),
# so every log line written while handling it can carry it.
request_id_var: contextvars.ContextVar[str] = contextvars.ContextVar("request_id", default="-")

# A client or proxy may pass its own id; anything else (too long, odd characters that could
# forge log lines) is replaced by a fresh one.
_VALID_REQUEST_ID = re.compile(r"^[A-Za-z0-9._:-]{1,128}$")


def _user_id(request):
    """The signed-in user's id, without loading a session user nobody asked for."""
    user = getattr(request, "user", None)
    if user is None:
        return None
    if isinstance(user, SimpleLazyObject) and user._wrapped is empty:
        return None
    if getattr(user, "is_authenticated", False):
        return user.pk
    return None


class RequestLogMiddleware:
    """Outermost middleware: assigns the request id (incoming `X-Request-ID` when sane),
    echoes it in the response and logs one line when the response is ready."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        incoming = request.headers.get("X-Request-ID", "")
        request_id = incoming if _VALID_REQUEST_ID.match(incoming) else uuid.uuid4().hex
        request.request_id = request_id
        token = request_id_var.set(request_id)
        started = time.perf_counter()
        try:
            response = self.get_response(request)
            duration_ms = round((time.perf_counter() - started) * 1000, 1)
            response["X-Request-ID"] = request_id
            level = logging.ERROR if response.status_code >= 500 else logging.INFO
            logger.log(
                level,
                "request",
                extra={
                    "http": {
                        "method": request.method,
                        "path": request.path,
                        "status": response.status_code,
                        "duration_ms": duration_ms,
                        "user_id": _user_id(request),
                    }
                },
            )
            return response
        finally:
            request_id_var.reset(token)


def _origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}" if parts.scheme and parts.netloc else ""


# Razorpay's checkout is a script from its own origin that opens frames and calls its API.
PAYMENT_DIRECTIVES = ("script-src", "frame-src", "connect-src")


@functools.lru_cache(maxsize=8)
def content_security_policy(policy: tuple, key_id: str, checkout_url: str, api_base: str) -> str:
    """The policy's header value; with Razorpay on (a key id), its checkout's and API's
    origins allowed to load scripts, frames and connections."""
    directives = {directive: list(sources) for directive, sources in policy}
    extra = [
        origin for origin in dict.fromkeys((_origin(checkout_url), _origin(api_base))) if origin
    ]
    if key_id and extra:
        for directive in PAYMENT_DIRECTIVES:
            base = directives.get(directive) or list(directives.get("default-src", ["'self'"]))
            directives[directive] = base + [o for o in extra if o not in base]
    return "; ".join(
        f"{directive} {' '.join(sources)}".strip() for directive, sources in directives.items()
    )


class SecurityHeadersMiddleware:
    """Content-Security-Policy and Permissions-Policy on every response (settings
    `CONTENT_SECURITY_POLICY` and `PERMISSIONS_POLICY`, and Razorpay's origins when it is
    on); a view may set its own."""

    def __init__(self, get_response):
        self.get_response = get_response
        self.permissions = ", ".join(
            f"{feature}=({' '.join(allowed)})"
            for feature, allowed in settings.PERMISSIONS_POLICY.items()
        )

    @property
    def csp(self) -> str:
        return content_security_policy(
            tuple((d, tuple(s)) for d, s in settings.CONTENT_SECURITY_POLICY.items()),
            getattr(settings, "RAZORPAY_KEY_ID", ""),
            getattr(settings, "RAZORPAY_CHECKOUT_URL", ""),
            getattr(settings, "RAZORPAY_API_BASE", ""),
        )

    def __call__(self, request):
        response = self.get_response(request)
        csp = self.csp
        if csp:
            response.headers.setdefault("Content-Security-Policy", csp)
        if self.permissions:
            response.headers.setdefault("Permissions-Policy", self.permissions)
        return response


class RequestIdFilter(logging.Filter):
    """Stamps every log record with the current request id (`-` outside a request)."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.request_id = request_id_var.get()
        return True


class JsonFormatter(logging.Formatter):
    """One JSON object per line: time (UTC), level, logger, request id, message, the
    request's `http` fields when present, and the traceback (one escaped string) for errors."""

    converter = time.gmtime

    def format(self, record: logging.LogRecord) -> str:
        entry = {
            "time": self.formatTime(record, "%Y-%m-%dT%H:%M:%S") + f".{int(record.msecs):03d}Z",
            "level": record.levelname,
            "logger": record.name,
            "request_id": getattr(record, "request_id", request_id_var.get()),
            "message": record.getMessage(),
        }
        http = getattr(record, "http", None)
        if isinstance(http, dict):
            entry.update(http)
        if record.exc_info:
            entry["traceback"] = "".join(traceback.format_exception(*record.exc_info))
        elif record.stack_info:
            entry["traceback"] = record.stack_info
        return json.dumps(entry, default=str)
