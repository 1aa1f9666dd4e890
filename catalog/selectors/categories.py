"""Categories."""

from django.http import Http404

from catalog.models import Category


def category_list():
    return list(Category.objects.by_name())


def category_get(*, slug: str) -> Category:
    category = Category.objects.filter(slug=slug).first()
    if category is None:
        raise Http404("Category not found")
    return category


def category_get_by_id(*, category_id: int) -> Category:
    category = Category.objects.filter(pk=category_id).first()
    if category is None:
        raise Http404("Category not found")
    return category
