"""Photo files of the catalogue: stored (checked, with their WebP renditions) before the
write's transaction, removed again when the write fails, and a replaced or deleted
photo's file removed only after the commit."""

import logging

from django.core.files.storage import default_storage
from django.db import transaction
from rest_framework.exceptions import APIException

from catalog import selectors
from catalog.media.photos import check_photo
from catalog.media.renditions import delete_renditions, ensure_renditions

logger = logging.getLogger("catalog")


class PhotoNotStored(APIException):
    status_code = 503
    default_detail = "The photo could not be stored. Please try again."
    default_code = "photo_not_stored"


def photo_remove_after_commit(name: str) -> None:
    """Delete a replaced or deleted photo once the change is committed, unless another
    product still uses the same file (demo products share a pool of images)."""
    if not name:
        return

    def remove():
        if selectors.products_using_photo(name=name):
            return
        try:
            default_storage.delete(name)
        except OSError:
            logger.warning("Could not delete photo file %s", name, exc_info=True)
        delete_renditions(name)

    transaction.on_commit(remove)


def photo_discard(stored: str | None):
    if stored:
        try:
            default_storage.delete(stored)
        except OSError:
            logger.warning("Could not delete orphan photo %s", stored, exc_info=True)
        delete_renditions(stored)


def photo_store_checked(content, name: str) -> str:
    """A checked photo (catalog.media.photos.check_photo's content, re-encoded) written to
    storage under `products/` with its renditions; returns the stored name. Whatever
    fails, nothing written stays behind (503)."""
    stored = None
    try:
        stored = default_storage.save(f"products/{name}", content)
        ensure_renditions(stored)
    except Exception as exc:
        # Whatever failed (storage, an encoder's own limit), nothing written stays behind.
        logger.exception("Storing a product photo or its renditions failed")
        photo_discard(stored or f"products/{name}")
        raise PhotoNotStored() from exc
    return stored


def _store_photo(upload, *, slug: str) -> str:
    """Check the upload, write it and its renditions to storage; returns the stored name.
    All of this slow work (decoding, encoding, disk) happens before the write transaction
    opens, so it never holds the database's write lock; the caller removes the files
    again if the product row is not saved."""
    checked = check_photo(upload, slug=slug)
    return photo_store_checked(checked.content, checked.name)


def _store_photos(uploads, *, slug: str) -> list[str]:
    """Every upload checked and stored, or none: on a failure those already stored are
    removed again."""
    stored: list[str] = []
    try:
        for upload in uploads:
            stored.append(_store_photo(upload, slug=slug))
    except BaseException:
        for name in stored:
            photo_discard(name)
        raise
    return stored
