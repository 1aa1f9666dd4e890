"""Writes of a product's gallery rows (catalog/gallery.py checks what an editor sends):
within the caller's transaction, after the product's row is locked."""

from django.db.models import Max

from catalog.gallery import GalleryItem
from catalog.models import Product, ProductPhoto


def write_gallery(product: Product, items: list[GalleryItem], stored: list[str]) -> list[str]:
    """Within the caller's transaction: the product's gallery becomes `items` (`stored`
    the new files' names, in the order sent) and its `photo` the first one's file.
    Returns the file names of the photos removed (to delete after the commit)."""
    return write_photos(product, items, stored)[1]


def write_photos(
    product: Product,
    items: list[GalleryItem],
    stored: list[str],
    *,
    replaced: dict[int, str] | None = None,
) -> tuple[list[ProductPhoto], list[str]]:
    """write_gallery, which also gives a kept photo a new file (`replaced`: photo id ->
    the new file's stored name; the Django admin's row with another image). Returns the
    photos in order and the file names no longer used (to delete after the commit)."""
    replaced = replaced or {}
    existing = {p.pk: p for p in ProductPhoto.objects.filter(product=product)}
    keep = {item.pk for item in items if item.pk is not None}
    removed = [photo for pk, photo in existing.items() if pk not in keep]
    if removed:
        ProductPhoto.objects.filter(pk__in=[p.pk for p in removed]).delete()
    gone = [photo.image.name for photo in removed]
    first = ""
    photos = []
    for position, item in enumerate(items):
        if item.pk is not None:
            photo = existing[item.pk]
            names = []
            if item.pk in replaced and replaced[item.pk] != photo.image.name:
                gone.append(photo.image.name)
                photo.image = replaced[item.pk]
                names.append("image")
            if (photo.alt, photo.option, photo.position) != (item.alt, item.option, position):
                photo.alt, photo.option, photo.position = item.alt, item.option, position
                names += ["alt", "option", "position"]
            if names:
                photo.save(update_fields=names)
        else:
            photo = ProductPhoto.objects.create(
                product=product,
                image=stored[item.new],
                alt=item.alt,
                option=item.option,
                position=position,
            )
        if position == 0:
            first = photo.image.name
        photos.append(photo)
    product.photo.name = first
    return photos, [name for name in gone if name]


def replace_first(product: Product, stored: str) -> list[str]:
    """The original form's single `photo`: it takes the first photo's place (or starts the
    gallery). Returns the file name it replaced, if any."""
    first = ProductPhoto.objects.filter(product=product).order_by("position", "id").first()
    product.photo.name = stored
    if first is None:
        position = ProductPhoto.objects.filter(product=product).aggregate(m=Max("position"))["m"]
        ProductPhoto.objects.create(
            product=product, image=stored, alt="", option="", position=(position or 0)
        )
        return []
    old = first.image.name
    first.image = stored
    first.save(update_fields=["image"])
    return [old]
