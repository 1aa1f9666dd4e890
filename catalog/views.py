"""Thin views: check the input, call one selector or service, shape the output, answer
the envelope. Public reads skip token authentication, so a stale token in the browser
never blocks browsing and the query count stays fixed."""

import hashlib
from functools import lru_cache
from urllib.parse import quote

import orjson
from django.conf import settings
from django.contrib.staticfiles import finders
from django.core.exceptions import RequestDataTooBig
from django.core.files.storage import default_storage
from django.http import Http404, HttpResponse
from django.utils.cache import get_conditional_response
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.exceptions import ValidationError
from rest_framework.response import Response
from rest_framework.views import APIView

from catalog import selectors, services
from catalog.cache import CachedRead, cached_value
from catalog.media.photos import content_type_for, photo_version, too_large_message
from catalog.media.renditions import RENDITION_WIDTHS, rendition_name
from catalog.serializers import (
    MAX_KEYWORD,
    AdminCategoryListAnswer,
    AdminProductListInput,
    CategoryAnswer,
    CategoryDetailAnswer,
    CategoryInput,
    CategoryListAnswer,
    CategoryOutput,
    CategoryProductsAnswer,
    CategoryTaxOutput,
    LatestProductsAnswer,
    OptionFacetsAnswer,
    OptionFacetsInput,
    PageInput,
    ProductAnswer,
    ProductCountAnswer,
    ProductDetailAnswer,
    ProductFilterAnswer,
    ProductFilterInput,
    ProductInput,
    ProductOutput,
    ProductsAnswer,
    ProductUpdateInput,
    RelatedProductsAnswer,
    SuggestAnswer,
    SuggestInput,
    SuggestionOutput,
    _iso,
    parse_id,
    render_json,
    render_products,
)
from shop.api.envelope import ok
from shop.api.exceptions import PayloadTooLarge
from shop.api.paging import PAGE_HEADERS, paged
from shop.api.permissions import IsAdmin, IsSignedIn
from shop.api.schema import PAGE_PARAMETER, MessageAnswer, error_responses
from shop.throttling import SettingAddressThrottle

PLACEHOLDER = "img/placeholder.png"
CORRECTED_HEADER = "X-Search-Corrected"
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


# PageInput's field, validating alone: a serializer built for each request (its fields
# deep-copied) cost about a tenth of a page's CPU. The same checks, messages and error.
_PAGE_FIELD = PageInput().fields["page"]


def _page(value) -> int:
    try:
        return _PAGE_FIELD.run_validation(value)
    except ValidationError as error:
        raise ValidationError({"page": error.detail}) from None


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


def _products(items) -> orjson.Fragment:
    """A list of products as `_answer` writes it (serializers.render_products)."""
    return orjson.Fragment(render_products(items))


def _answer(data: dict) -> HttpResponse:
    """`ok(data)` for the product reads, whose products `_products` has rendered: the same
    bytes as DRF's renderer writes (serializers.render_json)."""
    return HttpResponse(render_json({"success": True, **data}), content_type="application/json")


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
    @extend_schema(
        summary="All categories, by name", responses={200: CategoryListAnswer, **error_responses()}
    )
    def get(self, request):
        categories = selectors.category_list()
        return ok(
            {
                "message": "All categories list",
                "category": CategoryOutput(categories, many=True).data,
            }
        )


class CategoryDetailView(PublicRead):
    @extend_schema(
        summary="One category by slug",
        responses={200: CategoryDetailAnswer, **error_responses(400, 404)},
    )
    def get(self, request, slug):
        category = selectors.category_get(slug=_slug_or_404(slug, "Category not found"))
        return ok(
            {
                "message": "Get single category successfully",
                "category": CategoryOutput(category).data,
            }
        )


class CategoryCreateView(AdminWrite):
    @extend_schema(
        summary="Create a category (admin)",
        description="The contract's `name`; ours, optional: the tax defaults its products "
        "take (`hsn`, `gstRate`, `gstThreshold`, `gstRateAbove`, `countryOfOrigin`). The "
        "answer's `category` adds them.",
        request={"application/json": CategoryInput},
        responses={201: CategoryAnswer, **error_responses(400, 401, 403, 409, 413, 415)},
    )
    def post(self, request):
        data = CategoryInput(data=request.data)
        data.is_valid(raise_exception=True)
        category = services.category_create(name=data.validated_data["name"], tax=data.tax())
        return ok(
            {"message": "New category created", "category": CategoryTaxOutput(category).data},
            status=status.HTTP_201_CREATED,
        )


class CategoryUpdateView(AdminWrite):
    @extend_schema(
        summary="Rename a category, or change its tax defaults (admin)",
        description="The contract's `name`; ours, optional: the tax defaults as "
        "create-category takes them (those not sent stay).",
        request={"application/json": CategoryInput},
        responses={200: CategoryAnswer, **error_responses(400, 401, 403, 404, 409, 413, 415)},
    )
    def put(self, request, category_id):
        category = selectors.category_get_by_id(
            category_id=_id_or_404(category_id, "Category not found")
        )
        data = CategoryInput(data=request.data, context={"category": category})
        data.is_valid(raise_exception=True)
        category = services.category_update(
            category=category, name=data.validated_data["name"], tax=data.tax()
        )
        return ok(
            {
                "message": "Category updated successfully",
                "category": CategoryTaxOutput(category).data,
            }
        )


class AdminCategoryListView(APIView):
    """The admin's categories table: each with its tax defaults, never cached."""

    permission_classes = [IsSignedIn, IsAdmin]

    @extend_schema(
        summary="All categories with their tax defaults, by name (admin)",
        responses={200: AdminCategoryListAnswer, **error_responses(401, 403)},
    )
    def get(self, request):
        categories = selectors.category_list()
        return ok({"category": CategoryTaxOutput(categories, many=True).data})


class CategoryDeleteView(AdminWrite):
    @extend_schema(
        summary="Delete a category (admin)",
        description="409 while products use the category (the message says how many).",
        responses={200: MessageAnswer, **error_responses(400, 401, 403, 404, 409)},
    )
    def delete(self, request, category_id):
        category = selectors.category_get_by_id(
            category_id=_id_or_404(category_id, "Category not found")
        )
        services.category_delete(category=category)
        return ok({"message": "Category deleted successfully"})


# --- product reads ------------------------------------------------------------------------


LIST_SORTS = ("newest", "rating")
SORT_ERROR = "Sort must be one of: newest, rating."


def _list_sort(request) -> str:
    value = request.query_params.get("sort", "newest")
    if value not in LIST_SORTS:
        raise ValidationError({"sort": [SORT_ERROR]})
    return value


class ProductListView(PublicRead):
    def cache_scope_of(self, request) -> str:
        # The rating order changes with every new rating (catalog.services.ratings).
        return "rating" if request.GET.get("sort") == "rating" else self.cache_scope

    @extend_schema(
        summary="A page of products, newest first or by rating (PRODUCTS_PER_PAGE a page)",
        parameters=[
            OpenApiParameter(
                "sort",
                OpenApiTypes.STR,
                OpenApiParameter.QUERY,
                required=False,
                enum=list(LIST_SORTS),
                description="newest first (default), or rating: highest average first, "
                "then more ratings, then newest; unrated last.",
            )
        ],
        responses={200: ProductsAnswer, **error_responses(400, 404)},
    )
    def get(self, request, page):
        page = _page(page)
        products = selectors.product_page(page=page, sort=_list_sort(request))
        return _answer({"products": _products(products)})


class ProductCountView(PublicRead):
    @extend_schema(
        summary="How many products", responses={200: ProductCountAnswer, **error_responses()}
    )
    def get(self, request):
        return ok({"total": selectors.product_count()})


class ProductFilterView(PublicRead):
    cache_post_reads = True  # a read: answered from the cache like the GETs

    def cache_scope_of(self, request) -> str:
        # A body that may ask for the rating order (the word anywhere in it: at worst an
        # option value, recomputed after a rating needlessly) is kept under the rating
        # version, which every new rating replaces (catalog.services.ratings).
        return "rating" if b"rating" in request.body else self.cache_scope

    @extend_schema(
        summary="Products by categories and price band",
        description="With `page`: that page of results and `total`. `sort` orders them: "
        "`newest` first (the default), `price-asc`, `price-desc` or `rating` (highest "
        "average first, then more ratings, then newest; unrated last).",
        request={"application/json": ProductFilterInput},
        responses={200: ProductFilterAnswer, **error_responses(400, 413, 415)},
    )
    def post(self, request):
        data = ProductFilterInput(data=request.data)
        data.is_valid(raise_exception=True)
        low, high = data.validated_data["radio"]
        products, total = selectors.product_filter(
            category_ids=data.validated_data["checked"],
            low=low,
            high=high,
            page=data.validated_data.get("page"),
            sort=data.validated_data["sort"],
            options=data.validated_data["options"],
        )
        body = {"products": _products(products)}
        if total is not None:
            body["total"] = total
        return _answer(body)


class OptionFacetsView(PublicRead):
    cache_post_reads = True

    @extend_schema(
        summary="The option values in use among a filter's products, with counts",
        description="The same `checked` and `radio` as product-filters; each value counts "
        "the matching products sold in it. Send a value back in product-filters' `options`.",
        request={"application/json": OptionFacetsInput},
        responses={200: OptionFacetsAnswer, **error_responses(400, 413, 415)},
    )
    def post(self, request):
        data = OptionFacetsInput(data=request.data)
        data.is_valid(raise_exception=True)
        low, high = data.validated_data["radio"]
        facets = selectors.option_facets(
            category_ids=data.validated_data["checked"], low=low, high=high
        )
        return _answer({"facets": facets})


class SearchThrottle(SettingAddressThrottle):
    scope = "search_ip"
    rate_setting = "SEARCH_THROTTLE_RATE"


class SuggestThrottle(SettingAddressThrottle):
    scope = "suggest_ip"
    rate_setting = "SUGGEST_THROTTLE_RATE"


class ProductSearchView(PublicRead):
    """The body stays the contract's bare list; when its results come from a corrected
    spelling, `X-Search-Corrected` says what was searched (the page shows "Showing
    results for ..."). The whole-answer cache keeps bodies only, so this view caches
    its value (body and correction) itself."""

    cache_reads = False
    throttle_classes = [SearchThrottle]

    @extend_schema(
        summary="Search names and descriptions (a bare list)",
        description=(
            "Best literal matches first; then what the shopper meant (every word in any "
            "order, typos, joined and split words, plurals). When the results come from a "
            "corrected spelling, the `X-Search-Corrected` header holds the query as "
            "searched, percent-encoded; the body stays a bare list."
        ),
        responses={200: ProductOutput(many=True), **error_responses(400, 404, 429)},
    )
    def get(self, request, keyword):
        keyword = keyword.strip()
        if len(keyword) > MAX_KEYWORD:
            raise ValidationError(f"Search keyword must be at most {MAX_KEYWORD} characters.")
        if not keyword or "\x00" in keyword:
            return Response([])

        shown = []  # the products of a computed answer, as `products_shown` names them

        def answer():
            found = selectors.product_search(keyword=keyword)
            shown.extend((p.pk, p.quantity, _iso(p.updated_at)) for p in found.products)
            # Rendered here, once: a cache hit is these bytes, neither rebuilt nor re-rendered.
            return render_products(found.products), found.corrected

        key = "search:" + hashlib.sha1(keyword.encode(), usedforsecurity=False).hexdigest()
        # Its products named from the rows, not from the body parsed again.
        body, corrected = cached_value(key, answer, shows=lambda _: shown, scope="text")
        response = HttpResponse(body, content_type="application/json")
        if corrected:
            # Header values are Latin-1: the correction is sent percent-encoded.
            response[CORRECTED_HEADER] = quote(corrected)
        return response


class ProductSuggestView(PublicRead):
    """Suggestions while typing: up to 8 category and product names for the text so far,
    its last word taken as a prefix (even misspelled). An answer from the cache is given
    before the throttle counts (it costs nothing); every other request is counted."""

    throttle_classes = [SuggestThrottle]
    cache_scope = "text"  # suggestions match descriptions too

    @extend_schema(
        summary="Suggestions while typing: category and product names",
        description=(
            "Up to 8: the categories of the matches (two at most), then product names, "
            "for the text so far, even misspelled. Fewer than 2 characters: none."
        ),
        parameters=[SuggestInput],
        responses={200: SuggestAnswer, **error_responses(400, 429)},
    )
    def get(self, request):
        data = SuggestInput(data=request.query_params)
        data.is_valid(raise_exception=True)
        found = selectors.product_suggest(text=data.validated_data.get("q", ""))
        return ok({"suggestions": SuggestionOutput(found, many=True).data})


class ProductLatestView(PublicRead):
    """Without `?page`: the newest 12 (the original call). With it: that page of 12 and
    the total."""

    @extend_schema(
        summary="The newest 12 products, or a page of 12 with `?page=`",
        parameters=[PAGE_PARAMETER],
        responses={200: LatestProductsAnswer, **error_responses(400)},
    )
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
        return _answer(
            {
                "counTotal": len(products),
                "message": "All products",
                "products": _products(products),
                **body,
            }
        )


class ProductDetailView(PublicRead):
    @extend_schema(
        summary="One product by slug",
        responses={200: ProductDetailAnswer, **error_responses(400, 404)},
    )
    def get(self, request, slug):
        product = selectors.product_get_current(slug=_slug_or_404(slug, "Product not found"))
        return ok({"message": "Single product fetched", "product": ProductOutput(product).data})


class ProductRelatedView(PublicRead):
    @extend_schema(
        summary="Up to 3 other products of the category",
        responses={200: RelatedProductsAnswer, **error_responses(400, 404)},
    )
    def get(self, request, product_id, category_id):
        products = selectors.product_related(
            product_id=_id_or_404(product_id, "Product not found"),
            category_id=_id_or_404(category_id, "Category not found"),
        )
        return _answer({"products": _products(products)})


class ProductCategoryView(PublicRead):
    @extend_schema(
        summary="A category and its products",
        parameters=[PAGE_PARAMETER],
        responses={200: CategoryProductsAnswer, **error_responses(400, 404)},
    )
    def get(self, request, slug):
        category, products, total = selectors.product_in_category(
            slug=_slug_or_404(slug, "Category not found"), page=_optional_page(request)
        )
        body = {"category": CategoryOutput(category).data, "products": _products(products)}
        if total is not None:
            body["total"] = total
        return _answer(body)


class ProductPhotoView(PublicRead):
    """The photo bytes with their real type. The URL in product JSON carries `?v=`, the
    photo's version: with it the answer is cached for a year; without it (the original
    client builds the bare URL) the browser revalidates with the ETag and gets 304."""

    cache_reads = False  # bytes with their own ETag, not a JSON answer for the read cache

    @extend_schema(
        summary="The product's photo (a placeholder image when it has none)",
        description="304 on a matching If-None-Match. `?v=` (the photo's version, as in the "
        "product's `photo` URL) makes the answer cacheable for a year.",
        parameters=[
            OpenApiParameter(
                "w",
                int,
                OpenApiParameter.QUERY,
                description="A width from the product's `photoWidths`: that WebP rendition.",
            ),
            OpenApiParameter(
                "v",
                str,
                OpenApiParameter.QUERY,
                description="The photo's version, as in the product's `photo` URL.",
            ),
        ],
        responses={
            **{
                (200, media): OpenApiResponse(
                    OpenApiTypes.BINARY, description="The photo's bytes, in its own type."
                )
                for media in ("image/png", "image/jpeg", "image/webp", "image/gif")
            },
            304: OpenApiResponse(description="Not modified: the ETag matches If-None-Match."),
            **error_responses(400, 404),
        },
    )
    def get(self, request, product_id, photo_id=None):
        pk = _id_or_404(product_id, "Product not found")
        width = _photo_width(request)
        if photo_id is not None:
            # A gallery photo: its row's file never changes (a new photo is a new row).
            number = _id_or_404(photo_id, "Photo not found")
            name = cached_value(
                f"gallery-photo-name:{pk}:{number}",
                lambda: selectors.gallery_photo_name(product_id=pk, photo_id=number),
            )
        else:
            # The file name, from the cache until the next catalogue write (no SQL).
            name = cached_value(
                f"photo-name:{pk}",
                lambda: selectors.product_photo_source(product_id=pk).photo.name,
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

        response = HttpResponse(data, content_type=content_type)
        response["ETag"] = etag
        response["Cache-Control"] = cache_control
        response["Content-Length"] = str(len(data))
        return get_conditional_response(request, etag=etag, response=response)


def _photo_not_modified(request, name: str, width: int | None):
    """304 straight away when the browser holds this photo (or its rendition): no file is
    read. Only for stored photos; the placeholder goes the long way. Which file would be
    served is not known before reading, so each one's ETag is tried."""
    if not request.headers.get("If-None-Match") or not name:
        return None
    if request.query_params.get("v") == photo_version(name):
        cache_control = "public, max-age=31536000, immutable"
    else:
        cache_control = "public, max-age=0, must-revalidate"
    for served in ([rendition_name(name, width)] if width else []) + [name]:
        etag = f'"{photo_version(served)}"'
        headers = HttpResponse(headers={"ETag": etag, "Cache-Control": cache_control})
        answer = get_conditional_response(request, etag=etag, response=headers)
        if answer.status_code == 304:
            return answer
    return None


# --- product writes -----------------------------------------------------------------------


def _category_for(category_id: int):
    try:
        return selectors.category_get_by_id(category_id=category_id)
    except Http404:
        raise ValidationError({"category": ["Category must be an existing category id."]}) from None


class ProductCreateView(AdminWrite):
    @extend_schema(
        summary="Create a product with its photo (admin)",
        description="The product and its photo are saved together or not at all.",
        request={"multipart/form-data": ProductInput},
        responses={201: ProductAnswer, **error_responses(400, 401, 403, 409, 413, 415)},
    )
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
    @extend_schema(
        summary="Update a product; `photo` only when replaced (admin)",
        description="409 when `updatedAt` is sent and the product changed since then.",
        request={"multipart/form-data": ProductUpdateInput(partial=True)},
        responses={200: ProductAnswer, **error_responses(400, 401, 403, 404, 409, 413, 415)},
    )
    def put(self, request, product_id):
        product = selectors.product_get_by_id(
            product_id=_id_or_404(product_id, "Product not found")
        )
        data = ProductUpdateInput(data=request.data, partial=True)
        data.is_valid(raise_exception=True)
        values = dict(data.validated_data)
        if "category" in values:
            values["category"] = _category_for(values["category"])
        values["loaded_updated_at"] = values.pop("updatedAt", None)
        product = services.product_update(product=product, **values)
        return ok(
            {"message": "Product updated successfully", "products": ProductOutput(product).data}
        )


class ProductDeleteView(AdminWrite):
    @extend_schema(
        summary="Delete a product (admin)",
        responses={200: MessageAnswer, **error_responses(400, 401, 403, 404)},
    )
    def delete(self, request, product_id):
        product = selectors.product_get_by_id(
            product_id=_id_or_404(product_id, "Product not found")
        )
        services.product_delete(product=product)
        return ok({"message": "Product deleted successfully"})


class AdminProductListView(APIView):
    """The admin's products table: never cached, stock as it is now."""

    permission_classes = [IsSignedIn, IsAdmin]

    @extend_schema(
        summary="Products for the admin's table, 50 a page (admin; a bare list)",
        parameters=[AdminProductListInput, *PAGE_HEADERS],
        responses={
            (200, "application/json"): ProductOutput(many=True),
            **error_responses(400, 401, 403),
        },
    )
    def get(self, request):
        query = AdminProductListInput(data=request.query_params)
        query.is_valid(raise_exception=True)
        products, total = selectors.product_admin_list(**query.validated_data)
        return paged(
            ProductOutput(products, many=True).data,
            total=total,
            page_size=settings.ADMIN_PRODUCTS_PER_PAGE,
        )
