"""The seller's details (`ShopDetails`, one row) as every reader takes them: the footer
and contact page (shop-info), invoices and checkout. An invoice or credit note keeps a
copy of the seller's part (`seller_snapshot`) from its issue and is drawn from that
(`seller_at_issue`).

They are read on many requests and change a few times a year, so they live in the shared
cache: one query on a cold cache, none on a warm one. A save or delete of the row (the
Django admin's, a shell's, a migration's through the model) removes the entry at once and
again after the commit, so every server sees the change on its next read: a read in
another connection during the write's transaction may still cache the old row, and the
second removal drops it. When the cache cannot be reached, the row is read from the
database.
"""

import logging
import re
from importlib import import_module

from django.conf import settings
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.db import connection, transaction

from accounts.gstin import GstinError, check_gstin
from accounts.india import state_code
from orders.models import ShopDetails
from shop.api.exceptions import Conflict

logger = logging.getLogger("orders")

# Long, not forever: a change made past the model (raw SQL, a restored backup) still
# shows within the hour.
CACHE_SECONDS = 3600


PREFIX_RE = re.compile(r"^[A-Z0-9]{1,4}$")
PINCODE_RE = re.compile(r"^[0-9]{6}$")
# Digits with the usual separators: "+91 80 4567 8900", "080-45678900", "1800 123 4567".
PHONE_RE = re.compile(r"^\+?[0-9][0-9 ()-]{6,18}[0-9]$")
GSTIN_STATE_MESSAGE = "The GSTIN must start with the state's GST code ({code} for {state})."
PREFIX_MESSAGE = "The invoice prefix is 1 to 4 capital letters A-Z or digits."
PINCODE_MESSAGE = "A PIN code is six digits."
PHONE_MESSAGE = "Enter a phone number: digits, spaces, brackets, dashes and a leading +."
FREE_FROM_MESSAGE = "Free delivery needs a delivery charge to waive; set the charge first."


def clean_shop_details(values: dict) -> dict:
    """The checks on the shop's details (the Django admin's form runs them): `values` by
    field name, as the form cleaned them; returns them normalised (GSTIN compact and in
    capitals) or raises ValidationError naming each bad field."""
    errors: dict[str, str] = {}
    cleaned = dict(values)
    number = values.get("gstin")
    if number is not None:
        try:
            cleaned["gstin"] = number = check_gstin(number)
        except GstinError as error:
            errors["gstin"] = error.message
        else:
            state = values.get("state") or ""
            code = state_code(state)
            if code and number[:2] != code:
                errors["gstin"] = GSTIN_STATE_MESSAGE.format(code=code, state=state)
    prefix = values.get("invoice_prefix")
    if prefix is not None and not PREFIX_RE.match(prefix):
        errors["invoice_prefix"] = PREFIX_MESSAGE
    pincode = values.get("pincode")
    if pincode is not None and not PINCODE_RE.match(pincode):
        errors["pincode"] = PINCODE_MESSAGE
    for field in ("phone", "grievance_phone", "toll_free"):
        phone = values.get(field)
        if phone and not PHONE_RE.match(phone):
            errors[field] = PHONE_MESSAGE
    if values.get("free_delivery_from") is not None and not values.get("delivery_charge"):
        errors["free_delivery_from"] = FREE_FROM_MESSAGE
    if errors:
        raise ValidationError(errors)
    return cleaned


def cache_key() -> str:
    """Namespaced by the database, so two databases sharing a cache never mix."""
    db = connection.settings_dict
    identity = "|".join(
        str(part) for part in (connection.vendor, db.get("HOST"), db.get("PORT"), db.get("NAME"))
    )
    return f"shop-details:1:{identity}"


def _read() -> ShopDetails:
    """The row (pk 1: migration 0005 writes it and the Django admin can neither add a
    second nor delete it). A database emptied by hand, or by a test's flush, has lost it:
    the migration's well-formed placeholders stand in, unsaved, so checkout, invoices and
    the footer still work."""
    found = ShopDetails.objects.order_by("pk").first()
    if found is None:
        found = ShopDetails(pk=1, **seed_values())
    return found


def seed_values() -> dict:
    """The placeholders a fresh shop starts with (migrations 0005, 0007 and 0017)."""
    values = dict(import_module("orders.migrations.0005_gst_invoices_delivery").PLACEHOLDER)
    values["toll_free"] = import_module("orders.migrations.0007_shop_toll_free").TOLL_FREE
    values["grievance_name"] = import_module("orders.migrations.0017_shop_cod_limit").GRIEVANCE_NAME
    return values


# The details a shopper reads as the seller's: while any of them is still the seed's, the
# admin dashboard asks the owner to fill them in.
PLACEHOLDER_CHECKED = (
    "legal_name",
    "address",
    "gstin",
    "email",
    "phone",
    "grievance_name",
    "grievance_email",
    "grievance_phone",
)


def placeholder_fields(details: ShopDetails) -> list[str]:
    """The fields of PLACEHOLDER_CHECKED that still hold the seed's value."""
    seed = seed_values()
    return [field for field in PLACEHOLDER_CHECKED if getattr(details, field) == seed[field]]


def cod_limit(details: ShopDetails | None = None) -> int:
    """The cash on delivery cap in rupees, as checkout and shop-info take it: the shop's
    own (Shop settings) or, while it has none, the COD_LIMIT setting."""
    details = details if details is not None else get_shop_details()
    return settings.COD_LIMIT if details.cod_limit is None else details.cod_limit


def get_shop_details() -> ShopDetails:
    """The shop's details: from the shared cache, else one query (then cached)."""
    key = cache_key()
    try:
        details = cache.get(key)
    except Exception:  # the cache is down: the database answers
        logger.warning("Could not read the shop details from the cache", exc_info=True)
        return _read()
    if isinstance(details, ShopDetails):
        return details
    details = _read()
    try:
        cache.set(key, details, timeout=CACHE_SECONDS)
    except Exception:
        logger.warning("Could not store the shop details in the cache", exc_info=True)
    return details


def forget_shop_details() -> None:
    try:
        cache.delete(cache_key())
    except Exception:
        logger.warning("Could not remove the shop details from the cache", exc_info=True)


def shop_details_changed(sender=None, **kwargs) -> None:
    """Receiver of post_save and post_delete of ShopDetails (orders/apps.py)."""
    forget_shop_details()
    transaction.on_commit(forget_shop_details)


# What an invoice or credit note prints of the seller (rule 46(a): name, address and
# GSTIN; the state and its code, the phone and e-mail), copied at issue. Migration 0011
# has its own copy of this list.
SELLER_FIELDS = (
    "legal_name",
    "trade_name",
    "address",
    "city",
    "state",
    "pincode",
    "gstin",
    "email",
    "phone",
)


def seller_snapshot(details: ShopDetails) -> dict[str, str]:
    """The seller's part of `details`, as an issued document keeps it."""
    return {field: getattr(details, field) for field in SELLER_FIELDS}


def seller_at_issue(snapshot: dict | None, current: ShopDetails) -> ShopDetails:
    """The seller as a document issued with `snapshot` names it: an unsaved ShopDetails
    holding the snapshot's fields (its `state_code` follows its state). A document
    without one (issued before snapshots were kept) names the `current` seller; a field
    the snapshot lacks is taken from `current` too."""
    if not snapshot:
        return current
    values = seller_snapshot(current)
    values.update({k: v for k, v in snapshot.items() if k in SELLER_FIELDS and v is not None})
    return ShopDetails(pk=current.pk, **values)


def seller_name() -> str:
    """The seller's legal name, as product pages show it (catalog/pages.py)."""
    return get_shop_details().legal_name


# --- the owner's edit (the admin panel's Shop settings) --------------------------------------

# The fields the owner edits, as the model names them.
EDITABLE = (
    "legal_name",
    "trade_name",
    "address",
    "city",
    "state",
    "pincode",
    "gstin",
    "email",
    "phone",
    "toll_free",
    "grievance_name",
    "grievance_designation",
    "grievance_email",
    "grievance_phone",
    "invoice_prefix",
    "delivery_charge",
    "free_delivery_from",
    "cod_limit",
)
SETTINGS_CHANGED = (
    "The shop settings were changed by someone else since you opened them. Reload to "
    "see their changes, then make yours again."
)


def _changed_since(stored, loaded) -> bool:
    """Compared to the millisecond: a client may round what it was sent."""
    return stored.replace(microsecond=stored.microsecond // 1000 * 1000) > loaded


@transaction.atomic
def shop_details_update(*, values: dict, loaded_updated_at) -> ShopDetails:
    """Set the shop's details to `values` (by field name, of EDITABLE; a field left out
    keeps its value), checked as the Django admin checks them (clean_shop_details and the
    model's own checks): ValidationError by field, and nothing changes. `loaded_updated_at`
    is the `updated_at` the form was loaded with (None: the row was missing then): a row
    saved since then is not
    overwritten (Conflict, 409), checked under the row's lock, so of two owners saving
    the same form at once one wins and the other is told. The save clears the cached copy
    on every server (shop_details_changed)."""
    unknown = set(values) - set(EDITABLE)
    if unknown:
        raise TypeError(f"not an editable shop field: {', '.join(sorted(unknown))}")
    details = ShopDetails.objects.select_for_update().order_by("pk").first()
    if details is None:
        # A database emptied by hand answers the placeholders, unsaved (no updated_at):
        # the first save writes the row again.
        details = ShopDetails(pk=1, **seed_values())
    elif loaded_updated_at is None or _changed_since(details.updated_at, loaded_updated_at):
        raise Conflict(SETTINGS_CHANGED)
    merged = {field: getattr(details, field) for field in EDITABLE}
    merged.update(values)
    cleaned = clean_shop_details(merged)
    for field, value in cleaned.items():
        setattr(details, field, value)
    details.full_clean()
    details.save()
    return details
