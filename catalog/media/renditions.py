"""WebP renditions of product photos at a few fixed widths.

They are made once, when a photo is stored (upload, admin, demo catalogue), and saved
beside it under names derived from the photo's own name, so no column is needed and a
replaced photo (always a new name) never shows an old rendition. The photo call serves a
rendition with `?w=` taken from `RENDITION_WIDTHS`; nothing is ever resized while a
shopper waits. A photo narrower than a width gets a rendition at its own width (never
upscaled). A photo stored before renditions existed is served as it is for any width.
"""

from __future__ import annotations

import io
import logging

from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from PIL import Image, ImageOps

logger = logging.getLogger("catalog")

# Cards are 22rem (352 CSS px) wide: 200 for small phones at 1x, 400 for 1x desktops and
# most phones' card width, 800 for 2x screens and the product page.
RENDITION_WIDTHS = (200, 400, 800)
WEBP_QUALITY = 75
# A phone (2x or 3x) loads the 800 rendition for a card: a rendition over this size is
# encoded again at the lower qualities below, down to the last, which is kept whatever
# its size (a picture of pure noise cannot be made small). Shrunk to a 22rem card on a
# 2x screen, quality 40 still looks clean; a picture that fits keeps WEBP_QUALITY.
RENDITION_BUDGET_BYTES = 25 * 1024
WEBP_FALLBACK_QUALITIES = (60, 50, 40)


def rendition_name(name: str, width: int) -> str:
    stem = name.rsplit(".", 1)[0] if "." in name.rsplit("/", 1)[-1] else name
    return f"{stem}-w{width}.webp"


def photo_widths(name: str) -> list[int]:
    """The widths the photo call accepts for this photo (none without a photo)."""
    return list(RENDITION_WIDTHS) if name else []


def make_renditions(data: bytes, name: str) -> list[str]:
    """Write the WebP renditions of an already checked image; returns their names. Raises
    OSError when storage fails (the caller removes whatever was written)."""
    written = []
    with Image.open(io.BytesIO(data)) as image:
        # Every step below works on the one decoded picture or on one no wider than the
        # largest rendition (scaling RGBA makes one premultiplied copy, counted by the
        # photo check's memory budget): another full-size copy would add to it.
        ImageOps.exif_transpose(image, in_place=True)
        target_mode = "RGBA" if _has_alpha(image) else "RGB"
        if image.mode not in SCALABLE_MODES:
            image = image.convert(target_mode)
        full_width, full_height = image.size
        largest = RENDITION_WIDTHS[-1]
        if full_width > largest:
            image = image.resize(
                (largest, _scaled_height(full_width, full_height, largest)),
                Image.Resampling.LANCZOS,
            )
        image = image.convert(target_mode) if image.mode != target_mode else image
        for width in RENDITION_WIDTHS:
            scaled = image
            if image.width > width:
                scaled = image.resize(
                    (width, _scaled_height(full_width, full_height, width)),
                    Image.Resampling.LANCZOS,
                )
            encoded = encode_rendition(scaled)
            target = rendition_name(name, width)
            if default_storage.exists(target):
                default_storage.delete(target)
            try:
                written.append(default_storage.save(target, ContentFile(encoded)))
            except OSError:
                delete_renditions(name)
                raise
    return written


# Modes Pillow scales with LANCZOS as they are; others are widened to RGB(A) first.
SCALABLE_MODES = ("RGB", "RGBA", "L", "LA")


def _scaled_height(width: int, height: int, to_width: int) -> int:
    return max(1, round(height * to_width / width))


def encode_rendition(image: Image.Image) -> bytes:
    """WebP at WEBP_QUALITY, or at the first fallback quality within the byte budget."""
    for quality in (WEBP_QUALITY, *WEBP_FALLBACK_QUALITIES):
        buffer = io.BytesIO()
        image.save(buffer, format="WEBP", quality=quality, method=4)
        if buffer.tell() <= RENDITION_BUDGET_BYTES:
            break
    return buffer.getvalue()


def delete_renditions(name: str) -> None:
    if not name:
        return
    for width in RENDITION_WIDTHS:
        try:
            default_storage.delete(rendition_name(name, width))
        except OSError:
            logger.warning("Could not delete rendition of %s", name, exc_info=True)


def _has_alpha(image: Image.Image) -> bool:
    return image.mode in ("RGBA", "LA") or (image.mode == "P" and "transparency" in image.info)


def ensure_renditions(name: str) -> None:
    """Make the renditions of a stored photo that has none yet."""
    if not name or default_storage.exists(rendition_name(name, RENDITION_WIDTHS[-1])):
        return
    try:
        with default_storage.open(name, "rb") as handle:
            data = handle.read()
    except OSError:
        logger.warning("Photo %s is missing; no renditions made", name)
        return
    make_renditions(data, name)


def renditions_on_save(sender, instance, **kwargs) -> None:
    """post_save of a product: renditions for a photo that has none yet (a new upload
    through the API, the Django admin or a factory). A failure raises inside the saving
    transaction, so the product and its photo are not saved either."""
    ensure_renditions(instance.photo.name if instance.photo else "")
