"""Options and variants: what an editor sends, checked whole before anything is written.
The writes are catalog.services' (catalog/services/stock.py writes a product's variants
with its derived `price`, the lowest variant price, and `quantity`, the sum of their
stock, in the same transaction); this module parses, checks and derives.

Options are `[{"name": "Size", "values": ["S", "M"]}]` (at most three). Variants are
`[{"_id"?, "sku"?, "options": {"Size": "M"}, "price"?, "mrp"?, "quantity"}]`: one per
combination sold, each combination at most once; a product without options has exactly
one variant with `options: {}`. A variant without a price takes the product's; a blank SKU
is generated (`SS-{product id}` for the only variant, `SS-{product id}-{n}` otherwise). A
variant's `mrp` (maximum retail price) is a number of at least its price, or null for
none; without the key it takes the form's `mrp` when one was sent, else keeps its own
(`with_mrps`)."""

import re
import unicodedata
from collections import defaultdict
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from django.db import connection
from django.db.models.functions import Lower
from rest_framework.exceptions import ValidationError

from catalog.models import Product, ProductPhoto, Variant
from shop.api import jsontext

MAX_OPTIONS = 3
MAX_VALUES = 30
MAX_NAME = 30
MAX_VALUE = 50
MAX_VARIANTS = 100
MAX_QUANTITY = 2_147_483_647
MAX_PRICE = Decimal("99999999.99")
PLAIN_NUMBER = re.compile(r"^[0-9]+(\.[0-9]+)?$")  # no exponent, no other digits
SKU_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._/-]{0,63}$")
KEY_SEPARATOR = "\x1f"
SKU_USED = "SKU {sku} is already used by another product."
SKU_RACED = "SKU already used"


class Keep:
    """The MRP of a variant whose editor did not send one (see `with_mrps`)."""

    def __repr__(self) -> str:
        return "KEEP"


KEEP = Keep()


@dataclass
class VariantSpec:
    """One variant as sent: `pk` None for a new one, `sku` blank to generate one, `price`
    None to take the product's, `mrp` None for none and KEEP when not sent."""

    pk: int | None
    sku: str
    options: dict
    price: Decimal | None
    quantity: int
    mrp: Decimal | Keep | None = KEEP

    def label(self) -> str:
        return ", ".join(self.options.values()) or "the product"


def _loaded(data, field: str):
    """A JSON text field of a multipart form, or the value itself from a JSON body."""
    if isinstance(data, str):
        try:
            return jsontext.loads(data)
        except ValueError:
            raise ValidationError({field: [f"{field.title()} must be JSON text."]}) from None
    return data


def _text(value, *, field: str, what: str, limit: int) -> str:
    if not isinstance(value, str):
        raise ValidationError({field: [f"{what} must be text."]})
    value = unicodedata.normalize("NFC", " ".join(value.split()))
    if not value:
        raise ValidationError({field: [f"{what} must not be blank."]})
    if len(value) > limit:
        raise ValidationError({field: [f"{what} must be at most {limit} characters."]})
    if any(unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co") for ch in value):
        raise ValidationError({field: [f"{what} must not hold control characters."]})
    return value


def parse_options(data) -> list[dict]:
    """`[{"name", "values"}]` checked: at most three options with distinct names (case
    ignored), each with 1-30 distinct values of at most 50 characters."""
    data = _loaded(data, "options")
    if data in (None, ""):
        return []
    if not isinstance(data, list):
        raise ValidationError({"options": ["Options must be a list of {name, values}."]})
    if len(data) > MAX_OPTIONS:
        raise ValidationError({"options": [f"A product can have at most {MAX_OPTIONS} options."]})
    options, names = [], set()
    for item in data:
        if not isinstance(item, dict) or not isinstance(item.get("values"), list):
            raise ValidationError({"options": ["Options must be a list of {name, values}."]})
        name = _text(item.get("name"), field="options", what="An option's name", limit=MAX_NAME)
        if name.casefold() in names:
            raise ValidationError({"options": [f"Option {name} is listed twice."]})
        names.add(name.casefold())
        values, seen = [], set()
        if not 1 <= len(item["values"]) <= MAX_VALUES:
            raise ValidationError({"options": [f"Option {name} needs 1 to {MAX_VALUES} values."]})
        for raw in item["values"]:
            value = _text(raw, field="options", what=f"A value of {name}", limit=MAX_VALUE)
            if value.casefold() in seen:
                raise ValidationError({"options": [f"{name} {value} is listed twice."]})
            seen.add(value.casefold())
            values.append(value)
        options.append({"name": name, "values": values})
    return options


def _price(value, label: str) -> Decimal | None:
    if value is None or value == "":
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise ValidationError({"variants": [f"The price of {label} must be a number."]})
    if isinstance(value, str) and not PLAIN_NUMBER.match(value.strip()):
        raise ValidationError({"variants": [f"The price of {label} must be a number."]})
    try:
        price = Decimal(str(value).strip())
    except InvalidOperation:
        raise ValidationError({"variants": [f"The price of {label} must be a number."]}) from None
    if not price.is_finite() or price < 0 or price > MAX_PRICE:
        raise ValidationError({"variants": [f"The price of {label} must be 0 to {MAX_PRICE}."]})
    if price != price.quantize(Decimal("0.01")):
        raise ValidationError({"variants": [f"The price of {label} can have at most 2 decimals."]})
    return price.quantize(Decimal("0.01"))


def _mrp(value, label: str) -> Decimal | None:
    """A variant's MRP as sent: a number, or null or "" for none (checked as its price)."""
    if value is None or value == "":
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise ValidationError({"variants": [f"The MRP of {label} must be a number."]})
    if isinstance(value, str) and not PLAIN_NUMBER.match(value.strip()):
        raise ValidationError({"variants": [f"The MRP of {label} must be a number."]})
    try:
        mrp = Decimal(str(value).strip())
    except InvalidOperation:
        raise ValidationError({"variants": [f"The MRP of {label} must be a number."]}) from None
    if not mrp.is_finite() or mrp < 0 or mrp > MAX_PRICE:
        raise ValidationError({"variants": [f"The MRP of {label} must be 0 to {MAX_PRICE}."]})
    if mrp != mrp.quantize(Decimal("0.01")):
        raise ValidationError({"variants": [f"The MRP of {label} can have at most 2 decimals."]})
    return mrp.quantize(Decimal("0.01"))


def _quantity(value, label: str) -> int:
    if isinstance(value, str) and value.strip().isascii() and value.strip().isdigit():
        value = int(value.strip())
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_QUANTITY:
        raise ValidationError(
            {"variants": [f"The stock of {label} must be a whole number, zero or more."]}
        )
    return value


def _pk(value) -> int | None:
    if value in (None, ""):
        return None
    if isinstance(value, int) and not isinstance(value, bool) and value > 0:
        return value
    if isinstance(value, str) and value.isascii() and value.isdigit() and int(value) > 0:
        return int(value)
    raise ValidationError({"variants": ["A variant's _id must be an id."]})


def _choice(raw, options: list[dict]) -> dict:
    """A variant's `{name: value}`, checked against the options and put in their order
    and spelling (names and values are matched regardless of case)."""
    if not isinstance(raw, dict):
        raise ValidationError({"variants": ["A variant's options must be {name: value}."]})
    sent = {str(name).strip().casefold(): value for name, value in raw.items()}
    known = {option["name"].casefold() for option in options}
    extra = [name for name in raw if str(name).strip().casefold() not in known]
    if extra:
        raise ValidationError({"variants": [f"{extra[0]} is not one of the product's options."]})
    choice = {}
    for option in options:
        value = sent.get(option["name"].casefold())
        if value is None:
            raise ValidationError(
                {"variants": [f"Every variant needs a value of {option['name']}."]}
            )
        wanted = " ".join(value.split()).casefold() if isinstance(value, str) else None
        match = next((v for v in option["values"] if v.casefold() == wanted), None)
        if match is None:
            raise ValidationError({"variants": [f"{value} is not a value of {option['name']}."]})
        choice[option["name"]] = match
    return choice


def parse_variants(data, options: list[dict]) -> list[VariantSpec]:
    """The variants sent, checked against `options`: each combination and each SKU once."""
    data = _loaded(data, "variants")
    if not isinstance(data, list) or not data:
        raise ValidationError({"variants": ["Variants must be a list with at least one variant."]})
    if len(data) > MAX_VARIANTS:
        raise ValidationError(
            {"variants": [f"A product can have at most {MAX_VARIANTS} variants."]}
        )
    if not options and len(data) != 1:
        raise ValidationError({"variants": ["A product without options has exactly one variant."]})
    specs, combinations, skus, ids = [], {}, {}, set()
    for item in data:
        if not isinstance(item, dict):
            raise ValidationError(
                {"variants": ["Each variant must be {options, price, quantity}."]}
            )
        choice = _choice(item.get("options") or {}, options)
        label = ", ".join(choice.values()) or "the product"
        key = option_key(choice)
        if key in combinations:
            raise ValidationError({"variants": [f"Two variants are {label}."]})
        combinations[key] = True
        sku = item.get("sku") or ""
        if not isinstance(sku, str):
            raise ValidationError({"variants": [f"The SKU of {label} must be text."]})
        sku = sku.strip()
        if sku and not SKU_PATTERN.match(sku):
            raise ValidationError(
                {
                    "variants": [
                        f"SKU {sku[:64]} must be 1-64 letters, digits, and . _ / - "
                        "(starting with a letter or digit)."
                    ]
                }
            )
        if sku and sku.casefold() in skus:
            raise ValidationError({"variants": [f"SKU {sku} is used by two variants."]})
        if sku:
            skus[sku.casefold()] = True
        pk = _pk(item.get("_id"))
        if pk is not None and pk in ids:
            raise ValidationError({"variants": ["A variant is listed twice."]})
        if pk is not None:
            ids.add(pk)
        specs.append(
            VariantSpec(
                pk=pk,
                sku=sku,
                options=choice,
                price=_price(item.get("price"), label),
                quantity=_quantity(item.get("quantity"), label),
                mrp=_mrp(item["mrp"], label) if "mrp" in item else KEEP,
            )
        )
    return specs


def field_of(message: str) -> str | None:
    """The variant field one of this module's messages is about ("sku", "price", "mrp",
    "quantity"), or None for its options: for the screens that show it beside a field."""
    if message.startswith(("SKU ", "The SKU ")):
        return "sku"
    if message.startswith("The price "):
        return "price"
    if message.startswith(("The MRP ", "MRP ")):
        return "mrp"
    if message.startswith("The stock "):
        return "quantity"
    return None


def option_key(choice: dict) -> str:
    return KEY_SEPARATOR.join(choice.values())


def with_prices(specs: list[VariantSpec], price: Decimal | None) -> list[VariantSpec]:
    """Every variant priced: one without its own takes `price` (400 when there is none)."""
    for spec in specs:
        if spec.price is None:
            if price is None:
                raise ValidationError(
                    {"variants": [f"{spec.label()} needs a price (the product has none)."]}
                )
            spec.price = price
    return specs


def with_mrps(
    specs: list[VariantSpec],
    mrp: Decimal | Keep | None = KEEP,
    stored: dict[int, Decimal | None] | None = None,
    *,
    field: str = "variants",
) -> list[VariantSpec]:
    """Every variant's MRP settled, then checked against its price (so call it after
    `with_prices`): one sent stays (None: none); one not sent takes `mrp`, the form's, when
    that was sent, else its stored one (`stored`: variant id -> MRP), else none. 400 under
    `field` when an MRP is below its variant's price: the database refuses it too, and the
    answer must say which."""
    for spec in specs:
        if spec.mrp is KEEP:
            spec.mrp = mrp if mrp is not KEEP else (stored or {}).get(spec.pk)
    for spec in specs:
        if spec.mrp is not None and spec.price is not None and spec.mrp < spec.price:
            if field == "variants":
                message = (
                    f"The MRP of {spec.label()} (Rs {spec.mrp:.2f}) must be at least its "
                    f"price (Rs {spec.price:.2f})."
                )
            else:
                message = (
                    f"MRP (Rs {spec.mrp:.2f}) must be at least the price (Rs {spec.price:.2f})."
                )
            raise ValidationError({field: [message]})
    return specs


def skus_held(keys, *, other_than: int | None = None) -> dict[str, str]:
    """Which of these lowercased SKUs a variant holds (of a product other than
    `other_than`): lowercased SKU -> the SKU as the variant spells it. Exact matches on
    LOWER(sku), the expression of the unique index, so each is one index probe however
    large the catalogue (SKUs are ASCII, SKU_PATTERN: Python's lower() is the database's)."""
    keys = list(dict.fromkeys(keys))
    if not keys:
        return {}
    held = Variant.objects.annotate(low=Lower("sku")).filter(low__in=keys)
    if other_than is not None:
        held = held.exclude(product_id=other_than)
    return dict(held.values_list("low", "sku"))


def check_skus_free(specs: list[VariantSpec], product_id: int | None) -> None:
    """400 naming a SKU another product's variant has (checked again by the database's
    unique index; a lost race is 409)."""
    held = skus_held([spec.sku.lower() for spec in specs if spec.sku], other_than=product_id)
    if held:
        raise ValidationError({"variants": [SKU_USED.format(sku=held[min(held)])]})


def check_ids_belong(specs: list[VariantSpec], product: Product | None) -> None:
    sent = {spec.pk for spec in specs if spec.pk is not None}
    if not sent:
        return
    own = set()
    if product is not None and product.pk:
        own = set(Variant.objects.filter(product=product, pk__in=sent).values_list("pk", flat=True))
    if sent - own:
        raise ValidationError(
            {"variants": ["A variant sent is not one of this product's (reload the product)."]}
        )


def generated_sku(product_id: int, n: int, taken: set[str]) -> str:
    base = f"SS-{product_id}" if n == 0 else f"SS-{product_id}-{n}"
    sku, extra = base, 1
    while sku.casefold() in taken:
        sku, extra = f"{base}-{extra}", extra + 1
    return sku


def _with_generated_skus(product: Product, specs, existing) -> list[str]:
    """Each spec's SKU: the one sent, the variant's own, or one generated (`SS-{id}`,
    `SS-{id}-{n}`) that neither this save nor another product uses. The generated ones
    are looked up exactly (`skus_held`), and made again past any found taken."""
    skus = [spec.sku or (existing[spec.pk].sku if spec.pk in existing else "") for spec in specs]
    held: set[str] = set()
    while True:
        taken = {sku.casefold() for sku in skus if sku} | held
        chosen = []
        for position, sku in enumerate(skus):
            if not sku:
                sku = generated_sku(product.pk, 0 if len(specs) == 1 else position + 1, taken)
                taken.add(sku.casefold())
            chosen.append(sku)
        made = {sku.lower() for sku, sent in zip(chosen, skus, strict=True) if not sent}
        found = skus_held(made - held, other_than=product.pk)
        if not found:
            return chosen
        held |= set(found)


def cheapest(variants):
    """The variant that gives the product its price: the lowest price, the first of equal
    ones in the variants' order (their `position`, then id; a list of specs is in that
    order already). `stock._derive` picks the same one in SQL."""

    def order(pair):
        index, variant = pair
        if isinstance(variant, Variant):
            return (variant.price, variant.position, variant.pk or 0, index)
        return (variant.price, 0, 0, index)

    return min(enumerate(variants), key=order)[1]


def mrp_of(variant) -> Decimal | None:
    """A variant's (or spec's) MRP as stored: None for none or not settled."""
    return None if variant.mrp is KEEP else variant.mrp


def derive(product: Product, variants) -> None:
    """The product's listed price (the lowest), its MRP (that variant's: the card shows
    the MRP of the price it shows) and stock (the sum) from its variants."""
    first = cheapest(variants)
    product.price = first.price
    product.mrp = mrp_of(first)
    product.quantity = sum(v.quantity for v in variants)


def attach_parts(items) -> None:
    """Gives each product (a model or a `selectors.ProductRow`) that lacks them its
    `variant_rows` (`[id, sku, options, price, quantity, mrp]`) and `photo_rows` (`[id, image,
    alt, option]`), in order: two queries for a whole list, none when every item was read
    with them (PostgreSQL's rows)."""
    missing = [item for item in items if getattr(item, "variant_rows", None) is None]
    if not missing:
        return
    ids = [item.pk for item in missing]
    variants, photos = defaultdict(list), defaultdict(list)
    for product_id, *row in (
        Variant.objects.filter(product_id__in=ids)
        .order_by("product_id", "position", "id")
        .values_list("product_id", "id", "sku", "options", "price", "quantity", "mrp")
    ):
        variants[product_id].append(row)
    for product_id, *row in (
        ProductPhoto.objects.filter(product_id__in=ids)
        .order_by("product_id", "position", "id")
        .values_list("product_id", "id", "image", "alt", "option")
    ):
        photos[product_id].append(row)
    for item in missing:
        item.variant_rows = variants[item.pk]
        item.photo_rows = photos[item.pk]


_SINGLE_VARIANTS_SQL = (
    "INSERT INTO catalog_variant (product_id, sku, options, option_key, price, mrp, quantity, "
    "position) SELECT p.id, 'SS-' || p.id, '{}', '', p.price, p.mrp, p.quantity, 0 "
    "FROM catalog_product p WHERE NOT EXISTS "
    "(SELECT 1 FROM catalog_variant v WHERE v.product_id = p.id)"
)
_FIRST_PHOTOS_SQL = (
    'INSERT INTO catalog_productphoto (product_id, image, alt, "option", position) '
    "SELECT p.id, p.photo, '', '', 0 FROM catalog_product p WHERE p.photo <> '' "
    "AND NOT EXISTS (SELECT 1 FROM catalog_productphoto f WHERE f.product_id = p.id)"
)


def give_single_variants(product_ids=None) -> int:
    """Each product without a variant (of `product_ids`, or all) gets one of its price, MRP
    and stock, SKU `SS-{id}`, and its photo a gallery: for writers that make products in
    bulk (demo catalogue, scripts). One statement each, whatever the number."""
    only, params = "", []
    if product_ids is not None:
        ids = [int(pk) for pk in product_ids]
        if not ids:
            return 0
        only, params = f" AND p.id IN ({', '.join(['%s'] * len(ids))})", ids
    with connection.cursor() as cursor:
        cursor.execute(_SINGLE_VARIANTS_SQL + only, params)
        made = cursor.rowcount
        cursor.execute(_FIRST_PHOTOS_SQL + only, params)
    return made
