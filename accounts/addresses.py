"""A shopper's delivery addresses: reads, writes, and the one checkout needs.

The rules (docs/india-addresses.md):

- The PIN code is in India Post's directory (accounts.pincodes) and in the address's
  state (a border PIN code in either of its states).
- At most Address.MAX_PER_USER addresses a user.
- A business address keeps its GSTIN (accounts.gstin's check) and business name, each
  with the other or neither; checkout uses them for an order to that address that
  names none (orders.services).
- Exactly one address of a user's is the default while the user has any: the first
  one; `is_default=True` on a create or an update moves it there; deleting it hands it
  to the oldest one left. Asking an address to stop being the default changes nothing
  (the default only moves by choosing another one).
- The profile's free-text `address` (what the spec's client reads and writes) is the
  default address's text after every change of the default or of its fields. Deleting
  the last address leaves it as it was; a profile write does not touch addresses.

Every write of a user's addresses locks that user's row first, so writes of one user
run one after another on every engine (PostgreSQL: the row lock; SQLite: its
transactions take the write lock when they begin), and two first addresses sent at once
still leave exactly one default. Bad input raises Django's ValidationError keyed by the
contract's field names; the API's handler answers it 400.

This module is the one write path of Address rows: the API's address calls and checkout
(which reads `address_for_checkout` and `address_default`, and writes none) go through
it; the Django admin shows no address form.
"""

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
    """A new address of the user's: checked, at most MAX_PER_USER, the default when it
    is the first or when asked."""
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
    with transaction.atomic():
        owner = _lock_owner(user)
        count = Address.objects.filter(user=owner).count()
        if count >= Address.MAX_PER_USER:
            raise ValidationError(TOO_MANY)
        address.user = owner
        address.save()
        if is_default or count == 0:
            _make_default(owner, address)
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
    user's address is a 404."""
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
        address.save()
        if is_default or address.is_default:
            _make_default(owner, address)
    _copy_profile(user, owner)
    return address


def address_delete(*, user: User, address_id) -> None:
    """Delete one of the user's addresses (another user's: 404). When it was the
    default, the oldest one left becomes the default."""
    with transaction.atomic():
        owner = _lock_owner(user)
        address = address_get(user=owner, address_id=address_id)
        address.delete()
        if address.is_default:
            oldest = Address.objects.filter(user=owner).order_by("created_at", "id").first()
            if oldest is not None:
                _make_default(owner, oldest)
    _copy_profile(user, owner)


def _copy_profile(user: User, owner: User) -> None:
    """The caller's user object shows what was saved (the request's user is another
    instance of the same row)."""
    user.address = owner.address
    user.updated_at = owner.updated_at
