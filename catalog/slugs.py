"""Slugs: lowercase, unique, never empty, and stable unless the name changes (F11)."""

import hashlib

from django.db.models import Model
from django.utils.text import slugify


def base_slug(name: str, *, fallback: str, max_length: int) -> str:
    """The ASCII slug of a name; a name with no Latin letters or digits (Devanagari,
    emoji) gets `<fallback>-<short hash of the name>`, so it is never empty and the same
    name always gives the same slug."""
    slug = slugify(name)[:max_length].strip("-")
    if slug:
        return slug
    digest = hashlib.sha1(name.casefold().encode("utf-8"), usedforsecurity=False).hexdigest()
    return f"{fallback}-{digest[:8]}"


def unique_slug(model: type[Model], name: str, *, fallback: str, exclude_pk=None) -> str:
    """The first free slug among `base`, `base-2`, `base-3`, ... (one query)."""
    max_length = model._meta.get_field("slug").max_length - 8
    base = base_slug(name, fallback=fallback, max_length=max_length)
    taken_qs = model._default_manager.filter(slug__startswith=base)
    if exclude_pk is not None:
        taken_qs = taken_qs.exclude(pk=exclude_pk)
    return first_free(base, set(taken_qs.values_list("slug", flat=True)))


def first_free(base: str, taken: set[str]) -> str:
    """`base` when it is not taken, else the first of `base-2`, `base-3`, ... that is not."""
    if base not in taken:
        return base
    n = 2
    while f"{base}-{n}" in taken:
        n += 1
    return f"{base}-{n}"


def renamed_slug(model: type[Model], instance, new_name: str, *, fallback: str) -> str:
    """The slug after a rename: the new name's slug when it is free, otherwise the old
    slug stays (a rename never produces `-2` variants, so links survive)."""
    max_length = model._meta.get_field("slug").max_length - 8
    base = base_slug(new_name, fallback=fallback, max_length=max_length)
    if base == instance.slug:
        return instance.slug
    clash = model._default_manager.filter(slug=base).exclude(pk=instance.pk).exists()
    return instance.slug if clash else base
