"""Category writes, for the API and the Django admin alike. Each runs in one transaction,
checks the model with full_clean(), and turns a lost race on the unique name into the
same 409 as the check before it."""

from django.db import transaction

from catalog.models import Category, Product
from catalog.services.common import CATEGORY_EXISTS, _clean, _save
from catalog.slugs import renamed_slug, unique_slug
from shop.api.exceptions import Conflict

# A category's tax defaults (catalog/tax.py), which the Django admin edits.
TAX_FIELDS = ("hsn", "gst_rate", "gst_threshold", "gst_rate_above", "country_of_origin")


@transaction.atomic
def category_create(*, name: str, tax: dict | None = None) -> Category:
    """Names are unique regardless of case (409 "Category already exists"). `tax`: the
    category's tax defaults ({field: value} of TAX_FIELDS), the model's defaults else."""
    if Category.objects.with_name(name).exists():
        raise Conflict(CATEGORY_EXISTS)
    category = Category(name=name, slug=unique_slug(Category, name, fallback="category"))
    for field, value in _tax(tax).items():
        setattr(category, field, value)
    _clean(category, exists_message=CATEGORY_EXISTS)
    _save(category, exists_message=CATEGORY_EXISTS)
    return category


@transaction.atomic
def category_update(*, category: Category, name: str, tax: dict | None = None) -> Category:
    """Rename; the slug follows the name only where the new slug is free (F11). `tax`:
    the tax defaults to set ({field: value} of TAX_FIELDS); the others stay. Only what
    changes is written (nothing when nothing does)."""
    if Category.objects.with_name(name).exclude(pk=category.pk).exists():
        raise Conflict(CATEGORY_EXISTS)
    changed = []
    if name != category.name:
        category.slug = renamed_slug(Category, category, name, fallback="category")
        category.name = name
        changed += ["name", "slug"]
    for field, value in _tax(tax).items():
        if getattr(category, field) != value:
            setattr(category, field, value)
            changed.append(field)
    if changed:
        _clean(category, exists_message=CATEGORY_EXISTS)
        _save(category, exists_message=CATEGORY_EXISTS, update_fields=changed)
    return category


@transaction.atomic
def category_delete(*, category: Category) -> None:
    """A category still used by products is not deleted (409 saying how many)."""
    count = Product.objects.filter(category_id=category.pk).count()
    if count:
        noun = "product uses" if count == 1 else "products use"
        raise Conflict(
            f"Cannot delete this category: {count} {noun} it. Move or delete those products first."
        )
    category.delete()


def _tax(tax: dict | None) -> dict:
    tax = dict(tax or {})
    unknown = set(tax) - set(TAX_FIELDS)
    if unknown:
        raise TypeError(f"not a category tax field: {', '.join(sorted(unknown))}")
    return tax
