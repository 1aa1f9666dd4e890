"""One error shape for the whole API: `{"success": false, "message": "...", "errors"?}`.

Registered as DRF's EXCEPTION_HANDLER. Django's own 404/500 handlers for `/api/` paths
(see shop.views) answer in the same shape, so no HTML ever leaves `/api/`.
"""

import logging
import re

from django.core.exceptions import (
    PermissionDenied,
    RequestDataTooBig,
    TooManyFieldsSent,
    TooManyFilesSent,
)
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import InterfaceError, OperationalError
from django.http import Http404
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

logger = logging.getLogger("shop.api")


class Conflict(exceptions.APIException):
    """409: the request duplicates something that must be unique, or is blocked by data."""

    status_code = status.HTTP_409_CONFLICT
    default_detail = "Conflict."
    default_code = "conflict"


class Unprocessable(exceptions.APIException):
    """422: well-formed, but contradicts what the server already holds for it (an
    Idempotency-Key reused for another request)."""

    status_code = status.HTTP_422_UNPROCESSABLE_ENTITY
    default_detail = "This request cannot be processed."
    default_code = "unprocessable"


class PayloadTooLarge(exceptions.APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_detail = "Upload too large."
    default_code = "too_large"


def _first_message(detail) -> str:
    """The first readable sentence inside a DRF error detail (str, list or dict)."""
    if isinstance(detail, dict):
        for key, value in detail.items():
            text = _first_message(value)
            if key in ("non_field_errors", "detail", "__all__"):
                return text
            return text if _names_field(text, key) else f"{_label(key)}: {text}"
        return "Invalid input."
    if isinstance(detail, list | tuple):
        return _first_message(detail[0]) if detail else "Invalid input."
    return str(detail)


def _names_field(text: str, key: str) -> bool:
    return _label(key).lower() in text.lower()


# Keys whose words do not read as their label.
LABELS = {
    "pincode": "PIN code",
    "line1": "Address line 1",
    "line2": "Address line 2",
    "addressId": "Address",
    "hsn": "HSN code",
    "gstRate": "GST rate",
    "gstin": "GSTIN",
}


def _label(key) -> str:
    """`new_password` and `newPassword` both read "New password"; the index of a list's
    item (0) reads "Item 1"; a few keys have their own label (LABELS)."""
    if isinstance(key, int):
        return f"Item {key + 1}"
    if key in LABELS:
        return LABELS[key]
    words = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", str(key)).replace("_", " ")
    return words.capitalize()


def _errors(detail) -> dict:
    if not isinstance(detail, dict):
        return {}
    return {str(key): _sentences(value) for key, value in detail.items()}


def _sentences(detail) -> list[str]:
    """Every message inside a field's error detail as plain text. A list field reports
    its bad items as `{index: [...]}` and a nested object as `{field: [...]}`: each
    message then names its item ("Item 2: ...") or its field."""
    if isinstance(detail, dict):
        return [
            f"{_label(key)}: {text}" for key, value in detail.items() for text in _sentences(value)
        ]
    if isinstance(detail, list | tuple):
        return [text for item in detail for text in _sentences(item)]
    return [str(detail)]


MESSAGES = {
    status.HTTP_401_UNAUTHORIZED: "Please log in to continue.",
    status.HTTP_403_FORBIDDEN: "You are not allowed to do this.",
    status.HTTP_404_NOT_FOUND: "Not found.",
    status.HTTP_405_METHOD_NOT_ALLOWED: "Method not allowed.",
}


def error_body(message: str, errors: dict | None = None) -> dict:
    body = {"success": False, "message": message}
    if errors:
        body["errors"] = errors
    return body


# simplejwt's reasons for refusing a token (expired, bad signature, password changed, user
# gone or deactivated) all mean the same thing to a shopper.
SESSION_ENDED = "Your session has expired. Please log in again."
TOKEN_FAILURE_CODES = {
    "token_not_valid",
    "user_not_found",
    "user_inactive",
    "password_changed",
    "bad_authorization_header",
    "token_revoked",
}


def _is_token_failure(exc) -> bool:
    codes = exc.get_codes()
    if isinstance(codes, dict):
        codes = codes.get("code", codes.get("detail"))
    codes = codes if isinstance(codes, list | tuple) else [codes]
    return any(code in TOKEN_FAILURE_CODES for code in codes)


DATABASE_UNAVAILABLE = "The shop is briefly unavailable. Please try again in a moment."


def exception_handler(exc, context):
    if isinstance(exc, OperationalError | InterfaceError):
        # The database is unreachable (restart, failover, too many connections): a clean
        # 503 the client may retry; Django drops the broken connection after the request.
        logger.error("Database unavailable in %s", context.get("view"), exc_info=exc)
        response = Response(error_body(DATABASE_UNAVAILABLE), status=503)
        response["Retry-After"] = "5"
        return response
    if isinstance(exc, Http404):
        exc = exceptions.NotFound(str(exc) if str(exc) else None)
    elif isinstance(exc, PermissionDenied):
        exc = exceptions.PermissionDenied()
    elif isinstance(exc, RequestDataTooBig):
        # Django's own upload limit, met while a body is read (a throttle or a view).
        exc = PayloadTooLarge("Request is too large.")
    elif isinstance(exc, TooManyFieldsSent):
        exc = exceptions.ValidationError("Too many form fields.")
    elif isinstance(exc, TooManyFilesSent):
        exc = exceptions.ValidationError("Too many files.")
    elif isinstance(exc, DjangoValidationError):
        exc = exceptions.ValidationError(
            exc.message_dict if hasattr(exc, "error_dict") else exc.messages
        )

    response = drf_exception_handler(exc, context)
    if response is None:
        logger.exception("Unhandled error in %s", context.get("view"))
        return Response(
            error_body("Something went wrong on our side. Please try again."),
            status=status.HTTP_500_INTERNAL_SERVER_ERROR,
        )

    detail = getattr(exc, "detail", None)
    if isinstance(exc, exceptions.ValidationError):
        message, errors = _first_message(detail), _errors(detail)
    elif isinstance(exc, exceptions.NotAuthenticated | exceptions.AuthenticationFailed):
        message, errors = _first_message(detail), {}
        if isinstance(exc, exceptions.NotAuthenticated):
            message = MESSAGES[status.HTTP_401_UNAUTHORIZED]
        elif _is_token_failure(exc):
            message = SESSION_ENDED
    elif isinstance(exc, exceptions.Throttled):
        message = "Too many attempts. Please wait a minute and try again."
        errors = {}
    else:
        message, errors = _first_message(detail) if detail else "", {}
        message = message or MESSAGES.get(response.status_code, "Request failed.")
    # DRF turns 401 into 403 when no authenticate header exists; we always say 401.
    if isinstance(exc, exceptions.NotAuthenticated | exceptions.AuthenticationFailed):
        response.status_code = status.HTTP_401_UNAUTHORIZED
    response.data = error_body(message, errors)
    return response
