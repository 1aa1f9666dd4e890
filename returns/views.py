"""The return calls (contract, "Returns and exchanges"; docs/returns.md): validate the
input, call one service or selector, shape the answer with the output serializers,
which the OpenAPI schema reads too."""

from django.http import Http404
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.views import APIView

from orders.selectors import NOT_FOUND
from returns import selectors, services
from returns.serializers import (
    AdminReturnAnswer,
    AdminReturnListAnswer,
    AdminReturnOutput,
    OrderReturnsAnswer,
    ReturnAnswer,
    ReturnInput,
    ReturnListInput,
    ReturnOutput,
    ReturnStatusInput,
)
from shop.api.envelope import ok
from shop.api.fields import parse_id
from shop.api.paging import PAGE_HEADERS
from shop.api.parsers import JSONParser
from shop.api.permissions import IsAdmin, IsSignedIn
from shop.api.schema import error_responses


def _id(value: str, message: str) -> int:
    parsed = parse_id(value)
    if parsed is None:
        raise Http404(message)
    return parsed


def _output(user):
    return AdminReturnOutput if selectors.is_admin(user) else ReturnOutput


class OrderReturnsView(APIView):
    permission_classes = [IsSignedIn]
    parser_classes = [JSONParser]

    @extend_schema(
        summary="The order's returns and exchanges, newest first (its buyer or an admin)",
        responses={200: OrderReturnsAnswer, **error_responses(401, 404)},
    )
    def get(self, request, order_id):
        found = selectors.return_list_for_order(
            user=request.user, order_id=_id(order_id, NOT_FOUND)
        )
        return ok({"returns": _output(request.user)(found, many=True).data})

    @extend_schema(
        summary="Ask to return or exchange delivered items of my order",
        description="Within RETURN_WINDOW_DAYS of delivery, a `Delivered` order only (409 "
        "otherwise; 400 after the window). `lines[]._id` is an order line's `lineId` (400 "
        "naming one of another order); never more units of a line than were delivered "
        "across its returns not rejected (400, also for two requests at once). An exchange "
        "takes `exchangeVariant`, another variant of the same product (400 otherwise; 409 "
        "when it is out of stock). Nothing is changed by a refusal; 404 for anyone but the "
        "buyer.",
        request=ReturnInput,
        responses={201: ReturnAnswer, **error_responses(400, 401, 404, 409, 413, 415)},
    )
    def post(self, request, order_id):
        order_id = _id(order_id, NOT_FOUND)
        data = ReturnInput(data=request.data)
        data.is_valid(raise_exception=True)
        ret = services.return_request(buyer=request.user, order_id=order_id, **data.validated_data)
        return ok(
            {
                "message": "Return requested",
                "return": ReturnOutput(selectors.return_get(return_id=ret.pk)).data,
            },
            status=status.HTTP_201_CREATED,
        )


class ReturnListView(APIView):
    permission_classes = [IsSignedIn, IsAdmin]

    @extend_schema(
        summary="All returns and exchanges, 20 a page, newest first (admin)",
        description="`status` keeps one status. Each return carries its buyer's `email` and "
        "`phone`. Paged as the other admin lists (`page`, the `X-Total-Count` and "
        "`X-Page-Size` headers), in the envelope `{success, returns}`.",
        parameters=[ReturnListInput, *PAGE_HEADERS],
        responses={200: AdminReturnListAnswer, **error_responses(400, 401, 403)},
    )
    def get(self, request):
        query = ReturnListInput(data=request.query_params)
        query.is_valid(raise_exception=True)
        found = selectors.return_list(**query.validated_data)
        return ok(
            {"returns": AdminReturnOutput(found.returns, many=True).data},
            X_Total_Count=str(found.total),
            X_Page_Size=str(selectors.RETURNS_PER_PAGE),
        )


class ReturnStatusView(APIView):
    permission_classes = [IsSignedIn, IsAdmin]
    parser_classes = [JSONParser]

    @extend_schema(
        summary="Move a return to its next status (admin)",
        description="Requested -> Approved or Rejected; Approved -> Received (or Rejected); "
        "Received -> Refunded (a refund) or Exchanged (an exchange). Any other move is 409, "
        "and so is the losing one of two at once. Approved holds an exchange's stock (409 "
        "when short); Received issues the credit note and puts the stock back; Refunded "
        "refunds an online payment at the gateway (`refundReference` is 400) or records "
        "a cash-on-delivery refund's `refundReference` (400 without); Exchanged places the "
        "replacement order. Nothing is changed by a refusal.",
        request=ReturnStatusInput,
        responses={
            200: AdminReturnAnswer,
            **error_responses(400, 401, 403, 404, 409, 413, 415),
        },
    )
    def put(self, request, return_id):
        return_id = _id(return_id, services.RETURN_NOT_FOUND)
        data = ReturnStatusInput(data=request.data)
        data.is_valid(raise_exception=True)
        services.return_set_status(return_id=return_id, by=request.user, **data.validated_data)
        return ok(
            {
                "message": "Return status updated",
                "return": AdminReturnOutput(selectors.return_get(return_id=return_id)).data,
            }
        )
