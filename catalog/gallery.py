"""A product's photo gallery: up to MAX_PHOTOS photos in order, each with alt text and
optionally the option value it shows. The first is also the product's `photo`, which
every answer and the product-photo call read.

An editor sends new photos as files (`photos`, in order) and, to reorder, relabel or
remove, the whole gallery as JSON (`gallery`): `[{"_id": "5", "alt", "option"}` for a
photo it has, `{"new": 0, "alt", "option"}` for the first file sent]`. Without `gallery`
the files are added at the end. The single `photo` file of the original form replaces
the first photo. This module parses and checks; catalog.services writes (files stored
before the write transaction, removed again when the save fails;
catalog/services/gallery.py writes the rows)."""

import unicodedata
from dataclasses import dataclass

from rest_framework.exceptions import ValidationError

from catalog.models import Product, ProductPhoto
from shop.api import jsontext

MAX_PHOTOS = 12
MAX_ALT = 200
TOO_MANY = f"A product can have at most {MAX_PHOTOS} photos."


@dataclass
class GalleryItem:
    """One place of the gallery: an existing photo (`pk`) or the `new`-th file sent."""

    pk: int | None
    new: int | None
    alt: str
    option: str


def _alt(value) -> str:
    if value is None:
        return ""
    if not isinstance(value, str):
        raise ValidationError({"gallery": ["A photo's alt text must be text."]})
    value = unicodedata.normalize("NFC", " ".join(value.split()))
    if len(value) > MAX_ALT:
        raise ValidationError({"gallery": [f"Alt text must be at most {MAX_ALT} characters."]})
    if any(unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co") for ch in value):
        raise ValidationError({"gallery": ["Alt text must not hold control characters."]})
    return value


def _index(value, field: str) -> int | None:
    if value is None or value == "":
        return None
    if isinstance(value, bool):
        raise ValidationError({"gallery": [f"A photo's {field} must be a whole number."]})
    if isinstance(value, str) and value.isascii() and value.isdigit():
        value = int(value)
    if not isinstance(value, int) or value < 0:
        raise ValidationError({"gallery": [f"A photo's {field} must be a whole number."]})
    return value


def parse_gallery(data, *, new_count: int) -> list[GalleryItem]:
    """The `gallery` field checked: each existing photo and each new file at most once,
    every new file placed, at most MAX_PHOTOS in all."""
    if isinstance(data, str):
        try:
            data = jsontext.loads(data)
        except ValueError:
            raise ValidationError({"gallery": ["Gallery must be JSON text."]}) from None
    if not isinstance(data, list):
        raise ValidationError({"gallery": ["Gallery must be a list of photos."]})
    if len(data) > MAX_PHOTOS:
        raise ValidationError({"gallery": [TOO_MANY]})
    items, ids, news = [], set(), set()
    for entry in data:
        if not isinstance(entry, dict):
            raise ValidationError({"gallery": ["Each photo must be {_id or new, alt, option}."]})
        pk, new = _index(entry.get("_id"), "_id"), _index(entry.get("new"), "new")
        if (pk is None) == (new is None):
            raise ValidationError({"gallery": ["Each photo names either its _id or new."]})
        if new is not None and new >= new_count:
            raise ValidationError({"gallery": [f"Photo file {new} was not sent."]})
        if pk in ids or new in news:
            raise ValidationError({"gallery": ["A photo is listed twice."]})
        ids.add(pk) if pk is not None else news.add(new)
        option = entry.get("option") or ""
        if not isinstance(option, str):
            raise ValidationError({"gallery": ["A photo's option must be an option value."]})
        items.append(GalleryItem(pk=pk, new=new, alt=_alt(entry.get("alt")), option=option))
    if len(news) != new_count:
        raise ValidationError({"gallery": ["Every photo file sent must have its place."]})
    return items


def check_options(items: list[GalleryItem], options: list[dict]) -> None:
    """A photo's option, when set, must be a value of one of the product's options."""
    values = {value.casefold(): value for option in options for value in option["values"]}
    for item in items:
        if item.option:
            match = values.get(" ".join(item.option.split()).casefold())
            if match is None:
                raise ValidationError(
                    {"gallery": [f"{item.option} is not a value of the product's options."]}
                )
            item.option = match


def appended(product: Product | None, new_count: int) -> list[GalleryItem]:
    """The gallery as it is, with `new_count` files added at the end."""
    current = []
    if product is not None and product.pk:
        current = [
            GalleryItem(pk=pk, new=None, alt=alt, option=option)
            for pk, alt, option in ProductPhoto.objects.filter(product=product).values_list(
                "id", "alt", "option"
            )
        ]
    return current + [GalleryItem(pk=None, new=i, alt="", option="") for i in range(new_count)]


def check_ids_belong(items: list[GalleryItem], product: Product | None) -> None:
    sent = {item.pk for item in items if item.pk is not None}
    if not sent:
        return
    own = set()
    if product is not None and product.pk:
        own = set(
            ProductPhoto.objects.filter(product=product, pk__in=sent).values_list("pk", flat=True)
        )
    if sent - own:
        raise ValidationError(
            {"gallery": ["A photo sent is not one of this product's (reload the product)."]}
        )
