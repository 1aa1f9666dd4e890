"""Photo checks with Pillow: only real JPEG, PNG, WebP or GIF images, within the byte and
pixel caps, fully decodable (a truncated file is refused). What is stored is the picture
written again by Pillow: upright, in its own format and colour profile, with no metadata
(a camera's EXIF location, comments) and nothing hidden after or inside it."""

import hashlib
import io
import uuid
from dataclasses import dataclass
from functools import lru_cache

from django.conf import settings
from django.core.files.base import ContentFile
from PIL import Image, ImageOps, UnidentifiedImageError
from rest_framework.exceptions import ValidationError

from shop.api.exceptions import PayloadTooLarge

ALLOWED_FORMATS = ("JPEG", "PNG", "WEBP", "GIF")
EXTENSIONS = {"JPEG": "jpg", "PNG": "png", "WEBP": "webp", "GIF": "gif"}
CONTENT_TYPES = {
    "jpg": "image/jpeg",
    "jpeg": "image/jpeg",
    "png": "image/png",
    "webp": "image/webp",
    "gif": "image/gif",
}
NOT_AN_IMAGE = "Photo must be an image"
PHOTO_PATH = "/api/v1/product/product-photo/{id}"
GALLERY_PHOTO_PATH = "/api/v1/product/product-photo/{id}/{photo}"


def too_large_message() -> str:
    megabytes = settings.MAX_PHOTO_BYTES / (1024 * 1024)
    return f"Photo is too large: it must be {megabytes:g} MB or less."


@dataclass(frozen=True)
class CheckedPhoto:
    content: ContentFile
    name: str
    content_type: str


def check_photo(upload, *, slug: str) -> CheckedPhoto:
    """Read the upload once, check it, and return a file ready for storage, named after
    the product and the format Pillow found (never the client's file name)."""
    size = getattr(upload, "size", None)
    if size is not None and size > settings.MAX_PHOTO_BYTES:
        raise PayloadTooLarge(too_large_message())
    data = upload.read(settings.MAX_PHOTO_BYTES + 1)
    if len(data) > settings.MAX_PHOTO_BYTES:
        raise PayloadTooLarge(too_large_message())
    if not data:
        raise ValidationError({"photo": [NOT_AN_IMAGE]})
    image_format, data = _verified_and_rewritten(data)
    ext = EXTENSIONS[image_format]
    name = f"{slug[:60]}-{uuid.uuid4().hex[:10]}.{ext}"
    return CheckedPhoto(
        content=ContentFile(data, name=name), name=name, content_type=CONTENT_TYPES[ext]
    )


def _too_many_pixels(*, frames: int = 1) -> PayloadTooLarge:
    megapixels = settings.MAX_PHOTO_PIXELS / 1_000_000
    scope = " (all frames together)" if frames > 1 else ""
    return PayloadTooLarge(
        f"Photo is too large: at most {megapixels:g} megapixels are accepted{scope}."
    )


def _out_of_shape(width: int, height: int) -> ValidationError | None:
    """Too long a side, or too thin a strip: refused before anything is decoded or stored
    (a 100 x 399,000 PNG is 117 KB and under the pixel cap)."""
    side, ratio = settings.MAX_PHOTO_SIDE, settings.MAX_PHOTO_ASPECT_RATIO
    if max(width, height) <= side and max(width, height) <= ratio * max(1, min(width, height)):
        return None
    return ValidationError(
        {
            "photo": [
                f"Photo is too tall or too wide: each side must be {side} pixels or less, "
                f"and the longer side at most {ratio:g} times the shorter."
            ]
        }
    )


# Bytes Pillow keeps per pixel in memory: one for bilevel, grey and palette pictures, two
# for 16-bit grey, four for everything else (RGB is stored padded to four).
_SLIM_MODES = {"1": 1, "L": 1, "P": 1}


def decoded_bytes(mode: str, width: int, height: int, frames: int = 1) -> int:
    """Memory the write path holds at once for a picture: every frame decoded in its own
    mode, plus one more full-size picture of four bytes a pixel for any mode but RGB and
    grey: scaling a picture with alpha works on a premultiplied copy, and other modes are
    widened to RGB(A) before their renditions are scaled."""
    pixels = width * height
    per_pixel = _SLIM_MODES.get(mode, 2 if mode.startswith("I;16") else 4)
    working_copy = 0 if mode in ("RGB", "L") else pixels * 4
    return pixels * max(1, frames) * per_pixel + working_copy


def _too_much_memory() -> PayloadTooLarge:
    megabytes = settings.MAX_PHOTO_DECODE_BYTES / (1024 * 1024)
    return PayloadTooLarge(
        f"Photo is too large: decoded it would take more than {megabytes:g} MB of memory. "
        "Please upload a smaller picture."
    )


def _verified_and_rewritten(data: bytes) -> tuple[str, bytes]:
    """The format Pillow finds and the picture written again by it; refuses anything
    that is not a whole image of an accepted format within the pixel cap."""
    try:
        with Image.open(io.BytesIO(data), formats=ALLOWED_FORMATS) as image:
            width, height = image.size
            if width * height > settings.MAX_PHOTO_PIXELS:
                # A decompression bomb: small file, huge canvas. Refused before decoding.
                raise _too_many_pixels()
            # An animation decodes every frame on the whole canvas: a few hundred bytes of
            # GIF can hold 25 frames of 4000 x 4000. Counting frames reads only their
            # headers (GIF) or the container (WebP), never their pixels.
            frames = getattr(image, "n_frames", 1)
            if frames * width * height > settings.MAX_PHOTO_PIXELS:
                raise _too_many_pixels(frames=frames)
            shape_error = _out_of_shape(width, height)
            if shape_error is not None:
                raise shape_error
            if decoded_bytes(image.mode, width, height, frames) > settings.MAX_PHOTO_DECODE_BYTES:
                raise _too_much_memory()
            # A phone's multi-picture JPEG (MPO: the photo plus depth or preview images)
            # is a JPEG; only its first picture is kept.
            image_format = "JPEG" if image.format == "MPO" else image.format
            if image_format not in ALLOWED_FORMATS:
                raise ValidationError({"photo": [NOT_AN_IMAGE]})
            image.verify()
        # verify() leaves the image unusable and misses some truncations: decode it fully,
        # then write that picture again.
        with Image.open(io.BytesIO(data), formats=ALLOWED_FORMATS) as image:
            image.load()
            return image_format, _rewritten(image, image_format)
    except (PayloadTooLarge, ValidationError):
        raise
    except Image.DecompressionBombError:
        # Over twice Pillow's own limit: Pillow refuses it on opening, before our check.
        raise _too_many_pixels() from None
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError):
        raise ValidationError({"photo": [NOT_AN_IMAGE]}) from None


# Pillow writes only what it is given: no EXIF, XMP or comments unless passed here.
SAVE_OPTIONS = {
    "JPEG": {"quality": 90, "optimize": True},
    "PNG": {"optimize": True},
    "WEBP": {"quality": 90, "method": 4},
    "GIF": {},
}


def _rewritten(image: Image.Image, image_format: str) -> bytes:
    """The decoded picture written again: EXIF orientation applied, metadata dropped,
    the ICC colour profile kept, animation kept for GIF and WebP; of a multi-picture JPEG
    only the first picture."""
    out = io.BytesIO()
    icc_profile = image.info.get("icc_profile")
    extra = {"icc_profile": icc_profile} if icc_profile and image_format != "GIF" else {}
    if image_format in ("JPEG", "GIF"):
        # Pillow copies a JPEG's or GIF's comment from the source unless told otherwise.
        extra["comment"] = b""
    if image_format in ("GIF", "WEBP") and getattr(image, "n_frames", 1) > 1:
        keep = {k: image.info[k] for k in ("duration", "loop") if k in image.info}
        image.save(out, format=image_format, save_all=True, **keep, **extra)
    else:
        # In place: a copy of a large picture would double the memory this upload takes.
        ImageOps.exif_transpose(image, in_place=True)
        image.save(out, format=image_format, **SAVE_OPTIONS[image_format], **extra)
    return out.getvalue()


def content_type_for(name: str) -> str:
    ext = name.rsplit(".", 1)[-1].lower() if "." in name else ""
    return CONTENT_TYPES.get(ext, "application/octet-stream")


@lru_cache(maxsize=4096)
def photo_version(name: str) -> str:
    """Changes whenever the photo file changes (stored names are never reused). Kept for
    the names last asked for: a list of 50 products asked for 50 of them, 2 us each, and a
    shop has far fewer photos than answers name them."""
    if not name:
        return "none"
    return hashlib.sha1(name.encode(), usedforsecurity=False).hexdigest()[:12]


def photo_url(product) -> str:
    """The product-photo call for this product, versioned so browsers may cache it long."""
    return f"{PHOTO_PATH.format(id=product.pk)}?v={photo_version(product.photo.name)}"


def gallery_photo_url(product_id, photo_id, name: str) -> str:
    """A gallery photo's URL, versioned like `photo_url`."""
    return f"{GALLERY_PHOTO_PATH.format(id=product_id, photo=photo_id)}?v={photo_version(name)}"
