"""What every write service shares: full_clean() with a lost race on a unique name
reported as 409, and the save that turns the database's refusal into the same 409."""

from datetime import datetime

from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import IntegrityError, transaction

from shop.api.exceptions import Conflict

CATEGORY_EXISTS = "Category already exists"
PRODUCT_EXISTS = "Product already exists"
PRODUCT_CHANGED = (
    "This product was changed by someone else since you opened it. "
    "Reload it to see their changes, then make yours again."
)


def _changed_since(stored: datetime, loaded: datetime) -> bool:
    """Compared to the millisecond: a client may round what it was sent."""
    return stored.replace(microsecond=stored.microsecond // 1000 * 1000) > loaded


def _clean(instance, *, exists_message: str, exclude=None) -> None:
    """full_clean() with the duplicate-name constraint reported as 409."""
    try:
        instance.full_clean(exclude=exclude)
    except DjangoValidationError as exc:
        messages = exc.message_dict if hasattr(exc, "error_dict") else {}
        flat = [m for values in messages.values() for m in values]
        if exists_message in flat:
            raise Conflict(exists_message) from None
        raise


def _save(instance, *, exists_message: str, update_fields=None) -> None:
    try:
        with transaction.atomic():
            instance.save(update_fields=update_fields)
    except IntegrityError as exc:
        # A parallel request took the name (or slug) between our check and our insert.
        raise Conflict(exists_message) from exc
