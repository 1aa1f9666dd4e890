"""Thin views: check the input, call one selector or service, shape the output, answer
the envelope. Public reads skip token authentication, so a stale token in the browser
never blocks browsing and the query count stays fixed."""

import hashlib
from functools import lru_cache

from django.conf import settings
from django.contrib.staticfiles import finders
from django.core.exceptions import RequestDataTooBig
from django.core.files.storage import default_storage
from django.http import Http404, HttpResponse, HttpResponseNotModified
from django.utils.http import parse_etags
from rest_framework import status
from rest_framework.exceptions import ValidationError
from rest_framework.response import Response
from rest_framework.views import APIView

from catalog import selectors, services
from catalog.caching import CachedRead, cached_value
from catalog.photos import content_type_for, photo_version, too_large_message
from catalog.renditions import RENDITION_WIDTHS, rendition_name
from catalog.serializers import (
    MAX_KEYWORD,
    CategoryInput,
    CategoryOutput,
    PageInput,
    ProductFilterInput,
    ProductInput,
    ProductOutput,
    parse_id,
)
from shop.api.envelope import ok
from shop.api.exceptions import PayloadTooLarge
from shop.api.permissions import IsAdmin

PLACEHOLDER = "img/placeholder.png"
MAX_SLUG = 220


# --- helpers ----------------------------------------------------------------------------


@lru_cache(maxsize=1)
def _placeholder() -> tuple[bytes, str]:
    path = finders.find(PLACEHOLDER) or str(settings.STATIC_ROOT / PLACEHOLDER)
    with open(path, "rb") as handle:
        data = handle.read()
    return data, hashlib.sha1(data, usedforsecurity=False).hexdigest()[:12]


def _id_or_404(value: str, message: str) -> int:
    parsed = parse_id(value)
    if parsed is None:
        raise Http404(message)
    return parsed


def _slug_or_404(value: str, message: str) -> str:
    if not value or len(value) > MAX_SLUG or "\x00" in value:
        raise Http404(message)
    return value


def _page(value) -> int:
    serializer = PageInput(data={"page": value})
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data["page"]


def _photo_width(request) -> int | None:
    value = request.query_params.get("w")
    if value is None:
        return None
    if value.isascii() and value.isdigit() and int(value) in RENDITION_WIDTHS:
        return int(value)
    widths = ", ".join(str(w) for w in RENDITION_WIDTHS)
    raise ValidationError(f"Photo width must be one of {widths}.")


def _optional_page(request) -> int | None:
    value = request.query_params.get("page")
    return None if value is None else _page(value)


def _products(items) -> list:
    return ProductOutput(items, many=True).data


class LimitedBody(APIView):
    """A body larger than `max_body()` is refused (413 in our shape) before it is read,
    and Django's own upload limit answers with this view's message (the API's exception
    handler answers any other in our shape, never Django's HTML 400)."""

    def max_body(self) -> int:
        return 256 * 1024

    def too_large(self) -> str:
        return "Request is too large."

    def initial(self, request, *args, **kwargs):
        super().initial(request, *args, **kwargs)
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0
        if length > self.max_body():
            raise PayloadTooLarge(self.too_large())

    def handle_exception(self, exc):
        if isinstance(exc, RequestDataTooBig):
            exc = PayloadTooLarge(self.too_large())
        return super().handle_exception(exc)


class PublicRead(CachedRead, LimitedBody):
    authentication_classes = []
    permission_classes = []


class AdminWrite(LimitedBody):
    """Admin only; the body may hold a photo up to the cap plus its form fields."""

    permission_classes = [IsAdmin]

    def max_body(self) -> int:
        return settings.MAX_PHOTO_BYTES + 1024 * 1024

    def too_large(self) -> str:
        return too_large_message()


# --- categories ---------------------------------------------------------------------------


class CategoryListView(PublicRead):
    def get(self, request):
        categories = selectors.category_list()
        return ok(
            {
                "message": "All categories list",
                "category": CategoryOutput(categories, many=True).data,
            }
        )


class CategoryDetailView(PublicRead):
    def get(self, request, slug):
        category = selectors.category_get(slug=_slug_or_404(slug, "Category not found"))
        return ok(
            {
                "message": "Get single category successfully",
                "category": CategoryOutput(category).data,
            }
        )


class CategoryCreateView(AdminWrite):
    def post(self, request):
        data = CategoryInput(data=request.data)
        data.is_valid(raise_exception=True)
        category = services.category_create(name=data.validated_data["name"])
        return ok(
            {"message": "New category created", "category": CategoryOutput(category).data},
            status=status.HTTP_201_CREATED,
        )


class CategoryUpdateView(AdminWrite):
    def put(self, request, category_id):
        category = selectors.category_get_by_id(
            category_id=_id_or_404(category_id, "Category not found")
        )
        data = CategoryInput(data=request.data)
        data.is_valid(raise_exception=True)
        category = services.category_update(category=category, name=data.validated_data["name"])
        return ok(
            {"message": "Category updated successfully", "category": CategoryOutput(category).data}
        )


class CategoryDeleteView(AdminWrite):
    def delete(self, request, category_id):
        category = selectors.category_get_by_id(
            category_id=_id_or_404(category_id, "Category not found")
        )
        services.category_delete(category=category)
        return ok({"message": "Category deleted successfully"})


# --- product reads ------------------------------------------------------------------------


class ProductListView(PublicRead):
    def get(self, request, page):
        products = selectors.product_page(page=_page(page))
        return ok({"products": _products(products)})


class ProductCountView(PublicRead):
    def get(self, request):
        return ok({"total": selectors.product_count()})


class ProductFilterView(PublicRead):
    cache_post_reads = True  # a read: answered from the cache like the GETs

    def post(self, request):
        data = ProductFilterInput(data=request.data)
        data.is_valid(raise_exception=True)
        low, high = data.validated_data["radio"]
        products, total = selectors.product_filter(
            category_ids=data.validated_data["checked"],
            low=low,
            high=high,
            page=data.validated_data.get("page"),
        )
        body = {"products": _products(products)}
        if total is not None:
            body["total"] = total
        return ok(body)


class ProductSearchView(PublicRead):
    def get(self, request, keyword):
        keyword = keyword.strip()
        if len(keyword) > MAX_KEYWORD:
            raise ValidationError(f"Search keyword must be at most {MAX_KEYWORD} characters.")
        if not keyword or "\x00" in keyword:
            return Response([])
        return Response(_products(selectors.product_search(keyword=keyword)))


class ProductLatestView(PublicRead):
    """Without `?page`: the newest 12 (the original call). With it: that page of 12 and
    the total."""

    def get(self, request):
        page = _optional_page(request)
        if page is None:
            products = selectors.product_latest()
            body = {}
        else:
            per_page = selectors.LATEST_COUNT
            products = selectors.product_page(page=page, per_page=per_page)
            total = selectors.product_count()
            body = {"total": total, "page": page, "pages": -(-total // per_page)}
        return ok(
            {
                "counTotal": len(products),
                "message": "All products",
                "products": _products(products),
                **body,
            }
        )


class ProductDetailView(PublicRead):
    def get(self, request, slug):
        product = selectors.product_get(slug=_slug_or_404(slug, "Product not found"))
        return ok({"message": "Single product fetched", "product": ProductOutput(product).data})


class ProductRelatedView(PublicRead):
    def get(self, request, product_id, category_id):
        products = selectors.product_related(
            product_id=_id_or_404(product_id, "Product not found"),
            category_id=_id_or_404(category_id, "Category not found"),
        )
        return ok({"products": _products(products)})


class ProductCategoryView(PublicRead):
    def get(self, request, slug):
        category, products, total = selectors.product_in_category(
            slug=_slug_or_404(slug, "Category not found"), page=_optional_page(request)
        )
        body = {"category": CategoryOutput(category).data, "products": _products(products)}
        if total is not None:
            body["total"] = total
        return ok(body)


class ProductPhotoView(PublicRead):
    """The photo bytes with their real type. The URL in product JSON carries `?v=`, the
    photo's version: with it the answer is cached for a year; without it (the original
    client builds the bare URL) the browser revalidates with the ETag and gets 304."""

    cache_reads = False  # bytes with their own ETag, not a JSON answer for the read cache

    def get(self, request, product_id):
        pk = _id_or_404(product_id, "Product not found")
        width = _photo_width(request)
        # The file name, from the cache until the next catalogue write (no SQL).
        name = cached_value(
            f"photo-name:{pk}", lambda: selectors.product_photo_source(product_id=pk).photo.name
        )
        revalidated = _photo_not_modified(request, name, width)
        if revalidated is not None:
            return revalidated
        data = None
        # `?w=`: the WebP rendition made at upload; a photo stored before renditions
        # existed is served as it is. Never resized here.
        for served in ([rendition_name(name, width)] if width and name else []) + [name]:
            if not served:
                break
            try:
                with default_storage.open(served, "rb") as handle:
                    data = handle.read()
                break
            except OSError:
                data = None
        # Long caching only when the URL names the version being served: a product
        # without a photo (v=none) or the photo itself; a missing file revalidates.
        found = data is not None
        if not found:
            data, digest = _placeholder()
            content_type, etag = "image/png", f'"placeholder-{digest}"'
        else:
            content_type, etag = content_type_for(served), f'"{photo_version(served)}"'
        if request.query_params.get("v") == photo_version(name) and (found or not name):
            cache_control = "public, max-age=31536000, immutable"
        else:
            cache_control = "public, max-age=0, must-revalidate"

        if_none_match = request.headers.get("If-None-Match")
        if if_none_match:
            tags = parse_etags(if_none_match)
            if "*" in tags or etag in tags or f"W/{etag}" in tags:
                response = HttpResponseNotModified()
                response["ETag"] = etag
                response["Cache-Control"] = cache_control
                return response
        response = HttpResponse(data, content_type=content_type)
        response["ETag"] = etag
        response["Cache-Control"] = cache_control
        response["Content-Length"] = str(len(data))
        return response


def _photo_not_modified(request, name: str, width: int | None):
    """304 straight away when the browser holds this photo (or its rendition): no file is
    read. Only for stored photos; the placeholder goes the long way."""
    if_none_match = request.headers.get("If-None-Match")
    if not if_none_match or not name:
        return None
    tags = parse_etags(if_none_match)
    for served in ([rendition_name(name, width)] if width else []) + [name]:
        etag = f'"{photo_version(served)}"'
        if etag in tags or f"W/{etag}" in tags:
            response = HttpResponseNotModified()
            response["ETag"] = etag
            if request.query_params.get("v") == photo_version(name):
                response["Cache-Control"] = "public, max-age=31536000, immutable"
            else:
                response["Cache-Control"] = "public, max-age=0, must-revalidate"
            return response
    return None


# --- product writes -----------------------------------------------------------------------


def _category_for(category_id: int):
    try:
        return selectors.category_get_by_id(category_id=category_id)
    except Http404:
        raise ValidationError({"category": ["Category must be an existing category id."]}) from None


class ProductCreateView(AdminWrite):
    def post(self, request):
        data = ProductInput(data=request.data)
        data.is_valid(raise_exception=True)
        values = dict(data.validated_data)
        values["category"] = _category_for(values["category"])
        values["shipping"] = bool(values.get("shipping"))
        product = services.product_create(**values)
        return ok(
            {"message": "Product created successfully", "products": ProductOutput(product).data},
            status=status.HTTP_201_CREATED,
        )


class ProductUpdateView(AdminWrite):
    def put(self, request, product_id):
        product = selectors.product_get_by_id(
            product_id=_id_or_404(product_id, "Product not found")
        )
        data = ProductInput(data=request.data, partial=True)
        data.is_valid(raise_exception=True)
        values = dict(data.validated_data)
        if "category" in values:
            values["category"] = _category_for(values["category"])
        product = services.product_update(product=product, **values)
        return ok(
            {"message": "Product updated successfully", "products": ProductOutput(product).data}
        )


class ProductDeleteView(AdminWrite):
    def delete(self, request, product_id):
        product = selectors.product_get_by_id(
            product_id=_id_or_404(product_id, "Product not found")
        )
        services.product_delete(product=product)
        return ok({"message": "Product deleted successfully"})
