"""The wishlist and back-in-stock calls (contract, "Wishlist and back-in-stock";
docs/wishlist.md): validate the input, call one selector or service, answer."""

from contextlib import suppress

from django.conf import settings
from django.http import Http404, HttpResponse
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.exceptions import AuthenticationFailed, ValidationError
from rest_framework.permissions import AllowAny
from rest_framework.views import APIView

from catalog.serializers import ProductOutput, render_products
from shop.api.envelope import ok
from shop.api.fields import parse_id
from shop.api.parsers import JSONParser
from shop.api.permissions import IsSignedIn
from shop.api.schema import MessageAnswer, error_responses
from wishlist import selectors, services
from wishlist.serializers import StockAlertInput, WishlistAddInput
from wishlist.throttles import (
    StockAlertAddressThrottle,
    StockAlertThrottle,
    WishlistWriteThrottle,
)


class WishlistView(APIView):
    permission_classes = [IsSignedIn]
    parser_classes = [JSONParser]
    throttle_classes = [WishlistWriteThrottle]

    @extend_schema(
        summary="My wishlist: its products, newest added first",
        description="A bare list of product answers, as the catalogue's lists give them "
        "(the price in force during a sale, stock, variants).",
        responses={200: ProductOutput(many=True), **error_responses(401)},
    )
    def get(self, request):
        products = selectors.wishlist_products(user=request.user)
        return HttpResponse(render_products(products), content_type="application/json")

    @extend_schema(
        summary="Add a product to my wishlist",
        description="`product` is the product's `_id` (text or a number); an unknown one is "
        f"404. 201 when added, 200 when it was there already (never twice). At most "
        f"{services.WISHLIST_MAX} products (400 beyond).",
        request=WishlistAddInput,
        responses={
            201: MessageAnswer,
            200: MessageAnswer,
            **error_responses(400, 401, 404, 413, 415, 429),
        },
    )
    def post(self, request):
        data = WishlistAddInput(data=request.data)
        data.is_valid(raise_exception=True)
        added = services.wishlist_add(user=request.user, product_id=data.validated_data["product"])
        if added:
            return ok({"message": "Added to your wishlist"}, status=status.HTTP_201_CREATED)
        return ok({"message": "Already on your wishlist"})


class WishlistItemView(APIView):
    permission_classes = [IsSignedIn]
    throttle_classes = [WishlistWriteThrottle]

    @extend_schema(
        summary="Remove a product from my wishlist",
        description="404 when it is not on it.",
        responses={200: MessageAnswer, **error_responses(401, 404, 429)},
    )
    def delete(self, request, product_id):
        parsed = parse_id(product_id)
        if parsed is None:
            raise Http404("Product not found.")
        services.wishlist_remove(user=request.user, product_id=parsed)
        return ok({"message": "Removed from your wishlist"})


class StockAlertView(APIView):
    permission_classes = [AllowAny]
    parser_classes = [JSONParser]
    throttle_classes = [StockAlertThrottle, StockAlertAddressThrottle]

    def perform_authentication(self, request):
        # A token that no longer works (expired, its password changed) makes the request
        # one without a token, as on the public reads: never a 401 for asking.
        with suppress(AuthenticationFailed):
            request.user  # noqa: B018 (authenticates)

    @extend_schema(
        summary="Mail me once when this product (or one variant of it) is back in stock",
        description="No token needed (one that no longer works counts as none). `email` "
        "is where to write (a signed-in shopper's own when left out; without a token it is "
        "needed); `variant` a variant `_id` of this product (400 for another's), or the "
        "product as a whole when left out. An item in stock now is 400 (nothing saved). "
        "201 when asked; 200 when the same address already waits for the same item (no "
        "second request). One mail when the item's stock rises above 0, then the request "
        "is spent.",
        request=StockAlertInput,
        responses={
            201: MessageAnswer,
            200: MessageAnswer,
            **error_responses(400, 404, 413, 415, 429),
        },
    )
    def post(self, request, slug):
        product = selectors.product_for_alert(slug=slug)
        if product is None:
            raise Http404("Product not found.")
        user = request.user if request.user.is_authenticated else None
        data = StockAlertInput(
            data=request.data, signed_in_email=user.email if user is not None else None
        )
        data.is_valid(raise_exception=True)
        variant = None
        variant_id = data.validated_data.get("variant")
        if variant_id is not None:
            variant = selectors.variant_of(product=product, variant_id=variant_id)
            if variant is None:
                raise _not_its_variant(variant_id)
        email = data.validated_data["email"]
        created = services.stock_alert_request(
            product=product,
            variant=variant,
            email=email,
            user=user,
            site=(settings.SHOP_URL or request.build_absolute_uri("/")).rstrip("/"),
        )
        message = f"We will write to {email.strip().lower()} once it is back in stock."
        if created:
            return ok({"message": message}, status=status.HTTP_201_CREATED)
        return ok({"message": "Already asked. " + message})


def _not_its_variant(variant_id: int) -> ValidationError:
    return ValidationError({"variant": [f"Variant {variant_id} is not one of this product's."]})
