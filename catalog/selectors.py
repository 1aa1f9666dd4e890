"""Reads. Every list is one query with the category joined in (plus one count where a
total is answered), whatever the page size."""

from django.conf import settings
from django.db.models import Case, IntegerField, Value, When
from django.http import Http404

from catalog.models import Category, Product

# Columns a product answer needs; the join brings the category's three.
PRODUCT_FIELDS = (
    "id",
    "name",
    "slug",
    "description",
    "price",
    "quantity",
    "shipping",
    "photo",
    "created_at",
    "updated_at",
    "category__id",
    "category__name",
    "category__slug",
)
LATEST_COUNT = 12


def _products():
    return Product.objects.with_category().only(*PRODUCT_FIELDS)


def _page_slice(qs, *, page: int, per_page: int):
    start = (page - 1) * per_page
    return list(qs[start : start + per_page])


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


def product_page(*, page: int, per_page: int | None = None) -> list[Product]:
    per_page = per_page or settings.PRODUCTS_PER_PAGE
    return _page_slice(_products().newest_first(), page=page, per_page=per_page)


def product_count() -> int:
    return Product.objects.count()


def product_latest(*, limit: int = LATEST_COUNT) -> list[Product]:
    return list(_products().newest_first()[:limit])


def product_filter(
    *, category_ids: list[int], low, high, page: int | None = None
) -> tuple[list[Product], int | None]:
    """Products in any of the categories (all when none are checked) whose price lies in
    [low, high], both ends included (an end of None is open). With a page: that page and
    the total; without: every match (the original call) and no total."""
    qs = Product.objects.all()
    if category_ids:
        qs = qs.in_categories(category_ids)
    qs = qs.priced_between(low, high)
    listing = qs.with_category().only(*PRODUCT_FIELDS).newest_first()
    if page is None:
        return list(listing), None
    return _page_slice(listing, page=page, per_page=settings.PRODUCTS_PER_PAGE), qs.count()


def product_search(*, keyword: str) -> list[Product]:
    """Literal, case-insensitive matches of the keyword in the name or the description.
    Django escapes `%`, `_` and `\\` in `icontains`, so the keyword is never a pattern.
    Best matches first: a name that starts with it, then a name containing it, then a
    description containing it; newest first within each."""
    rank = Case(
        When(name__istartswith=keyword, then=Value(0)),
        When(name__icontains=keyword, then=Value(1)),
        default=Value(2),
        output_field=IntegerField(),
    )
    qs = (
        _products()
        .filter_by_keyword(keyword)
        .annotate(rank=rank)
        .order_by("rank", "-created_at", "-id")
    )
    return list(qs[: settings.SEARCH_RESULTS_LIMIT])


def product_get(*, slug: str) -> Product:
    product = _products().filter(slug=slug).first()
    if product is None:
        raise Http404("Product not found")
    return product


def product_get_by_id(*, product_id: int) -> Product:
    product = Product.objects.select_related("category").filter(pk=product_id).first()
    if product is None:
        raise Http404("Product not found")
    return product


def product_related(*, product_id: int, category_id: int, limit: int = 3) -> list[Product]:
    """Up to three other products of the category, newest first; 404 for an unknown
    product."""
    if not Product.objects.filter(pk=product_id).exists():
        raise Http404("Product not found")
    qs = _products().in_categories([category_id]).exclude(pk=product_id).newest_first()
    return list(qs[:limit])


def product_in_category(
    *, slug: str, page: int | None = None
) -> tuple[Category, list[Product], int | None]:
    category = category_get(slug=slug)
    qs = _products().filter(category=category).newest_first()
    if page is None:
        return category, list(qs), None
    total = Product.objects.filter(category=category).count()
    return category, _page_slice(qs, page=page, per_page=settings.PRODUCTS_PER_PAGE), total


def product_photo_source(*, product_id: int) -> Product:
    """Only what serving a photo needs: its file name."""
    product = Product.objects.only("id", "photo", "updated_at").filter(pk=product_id).first()
    if product is None:
        raise Http404("Product not found")
    return product


def products_using_photo(*, name: str, exclude_pk=None) -> bool:
    qs = Product.objects.filter(photo=name)
    if exclude_pk is not None:
        qs = qs.exclude(pk=exclude_pk)
    return qs.exists()
