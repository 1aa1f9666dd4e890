"""The admin's coupon and sale calls (contract, "Promotions"): list, create, update,
delete. `coupons/check`, which prices a shopper's cart, is checkout's (orders/views.py)."""

from django.http import Http404
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.views import APIView

from promotions import selectors, services
from promotions.serializers import (
    CouponAnswer,
    CouponInput,
    CouponListAnswer,
    CouponOutput,
    SaleAnswer,
    SaleInput,
    SaleListAnswer,
    SaleOutput,
)
from shop.api.envelope import ok
from shop.api.fields import parse_id
from shop.api.parsers import JSONParser
from shop.api.permissions import IsAdmin
from shop.api.schema import error_responses

NOT_FOUND = "Coupon not found."
SALE_NOT_FOUND = "Sale not found."


def _coupon(coupon_id: str):
    parsed = parse_id(coupon_id)
    coupon = parsed is not None and selectors.coupon_get(coupon_id=parsed)
    if not coupon:
        raise Http404(NOT_FOUND)
    return coupon


def _answer(coupon, *, status_code=status.HTTP_200_OK):
    fresh = selectors.coupon_get(coupon_id=coupon.pk)
    return ok({"coupon": CouponOutput(fresh).data}, status=status_code)


class CouponListView(APIView):
    permission_classes = [IsAdmin]
    parser_classes = [JSONParser]

    @extend_schema(
        summary="Every coupon, newest first, with its uses and the discount given",
        responses={200: CouponListAnswer, **error_responses(401, 403)},
    )
    def get(self, request):
        return ok({"coupons": CouponOutput(selectors.coupon_list(), many=True).data})

    @extend_schema(
        summary="Create a coupon",
        description="400 naming the field (nothing saved); a code already used, in any "
        "case, is 409.",
        request=CouponInput,
        responses={201: CouponAnswer, **error_responses(400, 401, 403, 409, 413, 415)},
    )
    def post(self, request):
        data = CouponInput(data=request.data)
        data.is_valid(raise_exception=True)
        coupon = services.coupon_create(**data.validated_data)
        return _answer(coupon, status_code=status.HTTP_201_CREATED)


class CouponDetailView(APIView):
    permission_classes = [IsAdmin]
    parser_classes = [JSONParser]

    @extend_schema(
        summary="Change a coupon (any of its fields; `active: false` pauses it)",
        request=CouponInput,
        responses={200: CouponAnswer, **error_responses(400, 401, 403, 404, 409, 413, 415)},
    )
    def put(self, request, coupon_id):
        coupon = _coupon(coupon_id)
        data = CouponInput(coupon, data=request.data, partial=True)
        data.is_valid(raise_exception=True)
        services.coupon_update(coupon=coupon, **data.validated_data)
        return _answer(coupon)

    @extend_schema(
        summary="Delete a coupon (orders that hold it keep its code and discount)",
        responses={200: None, **error_responses(401, 403, 404)},
    )
    def delete(self, request, coupon_id):
        services.coupon_delete(coupon=_coupon(coupon_id))
        return ok()


def _sale(sale_id: str):
    parsed = parse_id(sale_id)
    sale = parsed is not None and selectors.sale_get(sale_id=parsed)
    if not sale:
        raise Http404(SALE_NOT_FOUND)
    return sale


class SaleListView(APIView):
    permission_classes = [IsAdmin]
    parser_classes = [JSONParser]

    @extend_schema(
        summary="Every sale, the latest start first",
        responses={200: SaleListAnswer, **error_responses(401, 403)},
    )
    def get(self, request):
        return ok({"sales": SaleOutput(selectors.sale_list(), many=True).data})

    @extend_schema(
        summary="Create a sale",
        description="Percent or rupees off each unit of its products and categories (none: "
        "the whole shop) from `startsAt` to `endsAt` (without an offset: India time). "
        "Prices follow it on time in every answer, filter and sort, and at checkout. 400 "
        "naming the field, nothing saved.",
        request=SaleInput,
        responses={201: SaleAnswer, **error_responses(400, 401, 403, 413, 415)},
    )
    def post(self, request):
        data = SaleInput(data=request.data)
        data.is_valid(raise_exception=True)
        sale = services.sale_create(**data.validated_data)
        return ok({"sale": SaleOutput(sale).data}, status=status.HTTP_201_CREATED)


class SaleDetailView(APIView):
    permission_classes = [IsAdmin]
    parser_classes = [JSONParser]

    @extend_schema(
        summary="Change a sale (any of its fields; `active: false` pauses it)",
        request=SaleInput,
        responses={200: SaleAnswer, **error_responses(400, 401, 403, 404, 413, 415)},
    )
    def put(self, request, sale_id):
        sale = _sale(sale_id)
        data = SaleInput(sale, data=request.data, partial=True)
        data.is_valid(raise_exception=True)
        services.sale_update(sale=sale, **data.validated_data)
        return ok({"sale": SaleOutput(sale).data})

    @extend_schema(
        summary="Delete a sale (prices go back at once; orders keep what they were charged)",
        responses={200: None, **error_responses(401, 403, 404)},
    )
    def delete(self, request, sale_id):
        services.sale_delete(sale=_sale(sale_id))
        return ok()
