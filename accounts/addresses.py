"""A shopper's delivery addresses: reads, writes, and the one checkout needs.

The rules (docs/india-addresses.md):

- The PIN code is in India Post's directory (accounts.pincodes) and in the address's
  state (a border PIN code in either of its states).
- At most Address.MAX_PER_USER addresses a user.
- A business address keeps its GSTIN (accounts.gstin's check) and business name, each
  with the other or neither; checkout uses them for an order to that address that
  names none (orders.services).
- At most one address of a user's is the default, and never one the shop does not
  deliver to unless it was the default already: after every write of a user's addresses,
  a user who has an address the shop serves has a served default. It is the first served
  address saved; a served address saved (added or edited) while the default is missing or
  not served takes its place, and deleting the default hands it to the oldest served
  address left. So a first address the shop does not serve is saved, not the default, and
  a user whose addresses are all unserved has no default (checkout and the profile's text
  then name none). `is_default=True` on a create or an update makes an address the
  default, and is refused (400 naming `isDefault`) for one the shop does not deliver to.
  Asking an address to stop being the default changes nothing (the default only moves by
  choosing another one). A new list of served PIN codes moves no default until the
  user's next address write.
- Which PIN codes the shop delivers to is the orders app's to say (orders.delivery); it
  registers its check here (`register_delivery_check`) when the apps load. Without one,
  every PIN code counts as served.
- The profile's free-text `address` (what the spec's client reads and writes) is the
  default address's text after every change of the default or of its fields. Deleting
  the last address, or the default when no served one is left, leaves it as it was; a
  profile write does not touch addresses.

Every write of a user's addresses locks that user's row first, so writes of one user
run one after another on every engine (PostgreSQL: the row lock; SQLite: its
transactions take the write lock when they begin), and two first addresses sent at once
still leave one default at most. Bad input raises Django's ValidationError keyed by the
contract's field names; the API's handler answers it 400.

This module is the one write path of Address rows: the API's address calls and checkout
(which reads `address_for_checkout` and `address_default`, and writes none) go through
it; the Django admin shows no address form.
"""

from collections.abc import Callable, Iterable

from django.core.exceptions import ValidationError
from django.db import transaction
from django.http import Http404
from rest_framework import serializers

from accounts import pincodes
from accounts.gstin import GstinError, check_gstin, pair_errors
from accounts.models import Address, User

# What the profile's free-text `address` holds at most (User.address).
PROFILE_TEXT_MAX = User._meta.get_field("address").max_length
MAX_ID = 2**63 - 1

TOO_MANY = f"You can keep at most {Address.MAX_PER_USER} addresses. Please delete one first."
TOO_LONG = f"This address is longer than {PROFILE_TEXT_MAX} characters in all. Please shorten it."
NOT_YOURS = "Please choose one of your saved addresses."
NOT_FOUND = "Address not found."


def not_served_default(pincode: str) -> str:
    return f"We do not deliver to {pincode} yet, so this address cannot be your default."


def saved_not_default(pincode: str) -> str:
    return (
        f"Address saved. We do not deliver to {pincode} yet, so checkout cannot use it "
        "and it is not your default address."
    )


SAVED = "Address saved."

# The served PIN codes among those asked (orders.delivery registers it); None: all are.
ServedCheck = Callable[[set[str]], Iterable[str]]
_served_check: ServedCheck | None = None


def register_delivery_check(fn: ServedCheck | None) -> None:
    """The orders app's answer to "which of these PIN codes does the shop deliver to?":
    `fn(pincodes)` returns the served ones. None unregisters it (every PIN is served)."""
    global _served_check
    _served_check = fn


def served_pincodes(pins: Iterable[str]) -> set[str]:
    """Those of `pins` the shop delivers to (all of them without a registered check)."""
    wanted = {str(pin) for pin in pins}
    if _served_check is None or not wanted:
        return wanted
    return wanted & set(_served_check(wanted))


# Field names on the wire (the contract's) for the model's.
WIRE = {"is_default": "isDefault", "business_name": "businessName"}


def pincode_problem(*, pincode: str, state: str) -> str | None:
    """Why this PIN code cannot be in this state (an official name), or None."""
    place = pincodes.lookup(pincode)
    if place is None:
        return f"PIN code {pincode} is not in India Post's directory. Please check it."
    if state not in place.states:
        return f"PIN code {pincode} is in {place.state}, not {state}."
    return None


# --- reads -------------------------------------------------------------------------------


def address_list(*, user: User) -> list[Address]:
    """The user's addresses, the default first, then the oldest first (one query)."""
    return list(Address.objects.filter(user=user).order_by("-is_default", "created_at", "id"))


def _parse_id(value) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        number = value
    elif isinstance(value, str) and value.strip().isascii() and value.strip().isdigit():
        number = int(value.strip())
    else:
        return None
    return number if 1 <= number <= MAX_ID else None


def address_get(*, user: User, address_id) -> Address:
    """One of the user's addresses; Http404 for anyone else's, a missing one, or an id
    that cannot be one."""
    number = _parse_id(address_id)
    address = Address.objects.filter(pk=number, user=user).first() if number else None
    if address is None:
        raise Http404(NOT_FOUND)
    return address


def address_default(*, user: User) -> Address | None:
    """The user's default address (checkout's, when the text sent is its text), or None."""
    return Address.objects.filter(user=user, is_default=True).first()


def address_for_checkout(user: User, address_id) -> Address:
    """The address an order ships to: one of the user's own (`addressId` as "42" or 42).
    Anything else is a 400 naming `addressId`, never another user's address."""
    number = _parse_id(address_id)
    address = Address.objects.filter(pk=number, user=user).first() if number else None
    if address is None:
        raise serializers.ValidationError({"addressId": [NOT_YOURS]})
    return address


def address_checked(
    *, name: str, phone: str, line1: str, line2: str = "", city: str, state: str, pincode: str
) -> Address:
    """An address that belongs to no one (a guest checkout's `shippingAddress`), checked
    as a saved one is (`_check`: lengths, the state, the PIN code in that state, the
    whole text's length) and not saved. Django's ValidationError keyed by the contract's
    field names when it fails."""
    address = Address(
        name=name, phone=phone, line1=line1, line2=line2, city=city, state=state, pincode=pincode
    )
    _check(address)
    return address


# --- writes ------------------------------------------------------------------------------


def address_saved_message(address: Address) -> str:
    """What the shopper is told on saving an address: that checkout cannot use it, and
    why it is not the default, when the shop does not deliver to its PIN code."""
    if address.pincode in served_pincodes([address.pincode]):
        return SAVED
    if address.is_default:
        return (
            f"Address saved. We do not deliver to {address.pincode} yet, so checkout cannot use it."
        )
    return saved_not_default(address.pincode)


def address_keep_business(*, user: User, address_id, gstin: str, business_name: str) -> int:
    """Checkout kept a business buyer's GSTIN and business name (already checked) on the
    saved address it shipped to, so the next checkout offers them again. Only the user's
    own address; returns how many rows changed (0 when it already held them)."""
    number = _parse_id(address_id)
    if not number or not gstin:
        return 0
    return (
        Address.objects.filter(pk=number, user=user)
        .exclude(gstin=gstin, business_name=business_name)
        .update(gstin=gstin, business_name=business_name)
    )


def _lock_owner(user: User) -> User:
    """The user's row, locked until the transaction ends: one address write per user at
    a time. A deleted user (the token outlived it) has no addresses to write."""
    owner = User.objects.select_for_update().filter(pk=user.pk).first()
    if owner is None:
        raise Http404(NOT_FOUND)
    return owner


def _check(address: Address) -> None:
    """The model's own checks (choices, lengths), the PIN code's state, the GSTIN (made
    compact) with its business name, and that the text fits the profile's free-text
    address."""
    errors: dict[str, list[str]] = {}
    gstin_error = None
    if address.gstin:
        try:
            address.gstin = check_gstin(address.gstin)
        except GstinError as error:
            gstin_error = error.message
    try:
        address.full_clean(exclude=["user"])
    except ValidationError as error:
        errors = {WIRE.get(key, key): value for key, value in error.message_dict.items()}
    if "pincode" not in errors and "state" not in errors:
        problem = pincode_problem(pincode=address.pincode, state=address.state)
        if problem:
            errors["pincode"] = [problem]
    if gstin_error:
        errors["gstin"] = [gstin_error]
    if "gstin" not in errors and "businessName" not in errors:
        errors.update(pair_errors(address.gstin, address.business_name))
    if errors:
        raise ValidationError(errors)
    if len(address.text) > PROFILE_TEXT_MAX:
        raise ValidationError(TOO_LONG)


def _make_default(owner: User, address: Address) -> None:
    """`address` (saved) becomes the owner's only default; the profile text follows."""
    Address.objects.filter(user=owner, is_default=True).exclude(pk=address.pk).update(
        is_default=False
    )
    if not address.is_default:
        address.is_default = True
        address.save(update_fields=["is_default"])
    _sync_profile(owner, address)


def _check_default(address: Address) -> None:
    """400 naming `isDefault` when the shop does not deliver to the address's PIN code."""
    if address.pincode not in served_pincodes([address.pincode]):
        raise ValidationError({"isDefault": [not_served_default(address.pincode)]})


def _settle_default(owner: User, written: Address | None = None) -> None:
    """After a write of the owner's addresses (`written`: the one saved, if any): a
    default the shop delivers to stays, and the profile's text follows it; a missing or
    unserved one moves to `written` when the shop delivers to it, else to the oldest
    served address; with no served address the default stays as it is (or none)."""
    saved = list(Address.objects.filter(user=owner).order_by("created_at", "id"))
    served = served_pincodes(address.pincode for address in saved)
    current = next((address for address in saved if address.is_default), None)
    if current is None or current.pincode not in served:
        if written is not None and written.pincode in served:
            _make_default(owner, written)
            return
        oldest = next((address for address in saved if address.pincode in served), None)
        if oldest is not None:
            _make_default(owner, oldest)
            if written is not None:
                written.is_default = False  # the answer shows where the default went
            return
    if current is not None:
        _sync_profile(owner, current)


def _sync_profile(owner: User, default: Address) -> None:
    text = default.text
    if owner.address != text:
        owner.address = text
        owner.save(update_fields=["address", "updated_at"])


def address_create(
    *,
    user: User,
    name: str,
    phone: str,
    line1: str,
    line2: str = "",
    city: str,
    state: str,
    pincode: str,
    gstin: str = "",
    business_name: str = "",
    is_default: bool = False,
) -> Address:
    """A new address of the user's: checked, at most MAX_PER_USER, the default when
    asked (400 for one the shop does not deliver to) or when the shop delivers to it and
    the user has no served default (the first served address, say)."""
    address = Address(
        user=user,
        name=name,
        phone=phone,
        line1=line1,
        line2=line2,
        city=city,
        state=state,
        pincode=pincode,
        gstin=gstin,
        business_name=business_name,
    )
    _check(address)
    if is_default:
        _check_default(address)
    with transaction.atomic():
        owner = _lock_owner(user)
        count = Address.objects.filter(user=owner).count()
        if count >= Address.MAX_PER_USER:
            raise ValidationError(TOO_MANY)
        address.user = owner
        address.save()
        if is_default:
            _make_default(owner, address)
        else:
            _settle_default(owner, written=address)
    _copy_profile(user, owner)
    return address


def address_update(
    *,
    user: User,
    address_id,
    name: str,
    phone: str,
    line1: str,
    line2: str = "",
    city: str,
    state: str,
    pincode: str,
    gstin: str = "",
    business_name: str = "",
    is_default: bool = False,
) -> Address:
    """Replace an address's fields (the whole address is sent, as in a form). Another
    user's address is a 404. `is_default=True` makes it the default (400 for a PIN code
    the shop does not deliver to, unless it is the default already); the default moves
    as `_settle_default` says."""
    with transaction.atomic():
        owner = _lock_owner(user)
        address = address_get(user=owner, address_id=address_id)
        for field, value in (
            ("name", name),
            ("phone", phone),
            ("line1", line1),
            ("line2", line2),
            ("city", city),
            ("state", state),
            ("pincode", pincode),
            ("gstin", gstin),
            ("business_name", business_name),
        ):
            setattr(address, field, value)
        _check(address)
        chosen = is_default and not address.is_default
        if chosen:
            _check_default(address)
        address.save()
        if chosen:
            _make_default(owner, address)
        else:
            _settle_default(owner, written=address)
    _copy_profile(user, owner)
    return address


def address_delete(*, user: User, address_id) -> None:
    """Delete one of the user's addresses (another user's: 404). When it was the
    default, the oldest served one left becomes the default (none when none is served)."""
    with transaction.atomic():
        owner = _lock_owner(user)
        address = address_get(user=owner, address_id=address_id)
        address.delete()
        if address.is_default:
            _settle_default(owner)
    _copy_profile(user, owner)


def _copy_profile(user: User, owner: User) -> None:
    """The caller's user object shows what was saved (the request's user is another
    instance of the same row)."""
    user.address = owner.address
    user.updated_at = owner.updated_at
