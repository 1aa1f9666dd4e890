"""A signed-in shopper's cart, kept on the server so it follows them across devices.

The rules (docs/orders.md, "The account's cart"):

- A line is a product and one of its variants, with a quantity; lines of the same
  variant are one line. A product sold one way may be sent without `variant` (its only
  variant is stored). A product's variants together hold at most MAX_PER_PRODUCT units,
  a cart at most MAX_LINES lines.
- Replacing the cart (`cart_replace`) checks every line: an unknown product, a variant
  of another product or a removed one, a missing choice, a product over the cap: 400
  naming it, nothing stored. With `version`, a cart written since that version is a 409
  (a lost update refused), nothing stored.
- Merging a guest cart (`cart_merge`, at sign-in) adds each guest line's quantity to
  the account's line of the same variant, or appends it, keeping each product within
  MAX_PER_PRODUCT and the cart within MAX_LINES (what does not fit is left out). Lines
  whose product or variant is gone are skipped: a guest cart may be days old. A
  `merge_key` (one per sign-in) merges once: the same key again answers the cart as it
  is, so a retried or duplicated merge never adds twice.
- Reading drops lines whose product or variant has gone since (the stored row is left
  as it is; the next write stores what the shopper then has).
- A placed order empties the cart (`cart_clear`, in checkout's transaction).

Every write locks the user's row first, so two devices writing at once run one after
the other on every engine (PostgreSQL: the row lock; SQLite: its transactions take the
write lock when they begin) and the one cart row is replaced whole: no duplicate or
half-written lines.

This is the one place `accounts` reads the catalogue; `catalog` never imports `accounts`.
"""

from dataclasses import dataclass
from datetime import datetime

from django.db import transaction
from django.db.models import F
from django.http import Http404
from django.utils import timezone
from rest_framework.exceptions import ValidationError

from accounts.models import Cart, User
from catalog.models import Variant
from shop.api.exceptions import Conflict

MAX_LINES = 50
MAX_PER_PRODUCT = 10
CHANGED_ELSEWHERE = "Your cart was changed on another device. Please review it."
NOT_FOUND = "Account not found."


@dataclass
class CartState:
    """What the API answers: lines `{product, variant, quantity, slug}`, the version."""

    lines: list[dict]
    version: int
    updated_at: datetime | None


@dataclass
class _Product:
    name: str
    slug: str
    variants: list[int]  # in the shop's order: the first one stands for the product


def _catalogue(product_ids) -> dict[int, _Product]:
    """The products among `product_ids` that still exist and can be bought, with their
    variants (one query). A product without any variant cannot be bought."""
    products: dict[int, _Product] = {}
    rows = (
        Variant.objects.filter(product_id__in=set(product_ids))
        .order_by("product_id", "position", "id")
        .values_list("id", "product_id", "product__name", "product__slug")
    )
    for variant_id, product_id, name, slug in rows:
        products.setdefault(product_id, _Product(name, slug, [])).variants.append(variant_id)
    return products


def _bad(message: str):
    return ValidationError({"cart": [message]})


def _resolve(
    wanted: list[dict], known: dict[int, _Product], *, strict: bool
) -> dict[tuple[int, int], int]:
    """`wanted` (`[{_id, variant, quantity}]`) as {(product, variant): quantity}, lines of
    the same variant added up, in the order first listed. Strict: a line that cannot be
    stored is a 400 naming it; otherwise it is skipped."""
    lines: dict[tuple[int, int], int] = {}
    for line in wanted:
        product_id, variant_id = line["_id"], line.get("variant")
        product = known.get(product_id)
        if product is None:
            if strict:
                raise _bad(f"Product {product_id} is no longer available.")
            continue
        if variant_id is None:
            if len(product.variants) != 1:
                if strict:
                    raise _bad(f"Please choose an option for {product.name}.")
                continue
            variant_id = product.variants[0]
        elif variant_id not in product.variants:
            if strict:
                raise _bad(
                    f"{product.name}: the option chosen is no longer available. "
                    "Please choose again."
                )
            continue
        key = (product_id, variant_id)
        lines[key] = lines.get(key, 0) + line["quantity"]
    return lines


def _per_product(lines: dict[tuple[int, int], int]) -> dict[int, int]:
    totals: dict[int, int] = {}
    for (product_id, _), quantity in lines.items():
        totals[product_id] = totals.get(product_id, 0) + quantity
    return totals


def _stored(lines: dict[tuple[int, int], int]) -> list[dict]:
    return [
        {"product": product, "variant": variant, "quantity": quantity}
        for (product, variant), quantity in lines.items()
    ]


def _from_row(cart: Cart) -> dict[tuple[int, int], int]:
    return {(line["product"], line["variant"]): line["quantity"] for line in cart.lines}


def _state(cart: Cart | None, known: dict[int, _Product] | None = None) -> CartState:
    """The cart as answered: lines whose product or variant is gone are left out.
    `known`: the catalogue of its products when the caller has it (else one query)."""
    if cart is None or not cart.lines:
        return CartState([], cart.version if cart else 0, cart.updated_at if cart else None)
    if known is None:
        known = _catalogue(line["product"] for line in cart.lines)
    lines = []
    for line in cart.lines:
        product = known.get(line["product"])
        if product is None or line["variant"] not in product.variants:
            continue
        lines.append({**line, "slug": product.slug})
    return CartState(lines, cart.version, cart.updated_at)


def _lock(user: User) -> Cart:
    """The user's cart, created when missing, after the user's row is locked until the
    transaction ends. A deleted user (the token outlived it) has no cart to write."""
    if not User.objects.select_for_update().filter(pk=user.pk).exists():
        raise Http404(NOT_FOUND)
    cart = Cart.objects.filter(user_id=user.pk).first()
    return cart if cart is not None else Cart(user_id=user.pk)


def _save(cart: Cart, lines: dict[tuple[int, int], int]) -> None:
    new = cart.version == 0
    cart.lines = _stored(lines)
    cart.version += 1
    cart.save(force_insert=new, force_update=not new)


# --- reads -------------------------------------------------------------------------------


def cart_get(*, user: User) -> CartState:
    """The user's cart (empty when never written): two queries, one without lines."""
    return _state(Cart.objects.filter(user_id=user.pk).first())


# --- writes ------------------------------------------------------------------------------


def cart_replace(*, user: User, cart: list[dict], version: int | None = None) -> CartState:
    """Store `cart` as the user's whole cart (see the module's rules)."""
    if len(cart) > MAX_LINES:
        raise _bad(f"A cart holds at most {MAX_LINES} lines.")
    known = _catalogue(line["_id"] for line in cart)
    lines = _resolve(cart, known, strict=True)
    if len(lines) > MAX_LINES:
        raise _bad(f"A cart holds at most {MAX_LINES} lines.")
    for product_id, total in _per_product(lines).items():
        if total > MAX_PER_PRODUCT:
            raise _bad(
                f"{known[product_id].name}: at most {MAX_PER_PRODUCT} of one product "
                f"({total} asked)."
            )
    with transaction.atomic():
        row = _lock(user)
        if version is not None and version != row.version:
            raise Conflict(CHANGED_ELSEWHERE)
        _save(row, lines)
    return _state(row, known)


def cart_merge(*, user: User, cart: list[dict], merge_key: str = "") -> CartState:
    """Add a guest cart to the user's (see the module's rules)."""
    with transaction.atomic():
        row = _lock(user)
        if merge_key and merge_key in row.merge_keys:
            return _state(row)
        ids = [line["_id"] for line in cart] + [line["product"] for line in row.lines]
        known = _catalogue(ids)
        guest = _resolve(cart, known, strict=False)
        # Lines gone from the catalogue leave now: they could never be bought.
        lines = {
            key: quantity
            for key, quantity in _from_row(row).items()
            if key[0] in known and key[1] in known[key[0]].variants
        }
        totals = _per_product(lines)
        for (product_id, variant_id), quantity in guest.items():
            room = MAX_PER_PRODUCT - totals.get(product_id, 0)
            if room <= 0:
                continue
            key = (product_id, variant_id)
            if key not in lines and len(lines) >= MAX_LINES:
                continue
            added = min(quantity, room)
            lines[key] = lines.get(key, 0) + added
            totals[product_id] = totals.get(product_id, 0) + added
        if merge_key:
            row.merge_keys = [*row.merge_keys, merge_key][-Cart.MAX_MERGE_KEYS :]
        _save(row, lines)
    return _state(row, known)


def cart_clear(*, user) -> None:
    """Empty the user's cart (one UPDATE; nothing when the user never had one). Checkout
    calls it in its transaction: the order placed is the cart bought."""
    Cart.objects.filter(user_id=user.pk).update(
        lines=[], version=F("version") + 1, updated_at=timezone.now()
    )
