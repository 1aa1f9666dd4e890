"""The order calls of the contract ("Orders"): validate input, call one selector or
service, shape the output with the output serializers, answer the envelope. The same
serializers describe the answers in the OpenAPI schema. The calls of paying online
(verify, the gateway's webhook) are the payments app's (payments/views.py)."""

from collections.abc import Mapping

from django.conf import settings
from django.http import Http404, HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.exceptions import NotAuthenticated, ValidationError
from rest_framework.negotiation import BaseContentNegotiation
from rest_framework.response import Response
from rest_framework.views import APIView

from orders import actions, guest, invoice_files, invoices, pay_on_delivery, selectors, services
from orders.models import InvoiceKind, Order, OrderStatus
from orders.serializers import (
    AdminOrderAnswer,
    AdminOrderOutput,
    CancelInput,
    CheckoutAnswer,
    CheckoutInput,
    CouponCheckAnswer,
    CouponCheckInput,
    DashboardAnswer,
    DashboardOutput,
    GuestCheckoutInput,
    IdempotencyKeyInput,
    OrderAnswer,
    OrderDetailOutput,
    OrderListInput,
    OrderOutput,
    OrderStatusInput,
    OrderWithHistoryAnswer,
)
from orders.throttles import (
    CheckoutThrottle,
    CouponCheckThrottle,
    GuestCheckoutThrottle,
    GuestCouponCheckThrottle,
)
from shop.api.envelope import ok
from shop.api.fields import parse_id
from shop.api.paging import PAGE_HEADERS, paged
from shop.api.parsers import JSONParser
from shop.api.permissions import IsAdmin, IsSignedIn
from shop.api.schema import error_responses, ref

GATEWAY_ERRORS = {
    502: OpenApiResponse(
        ref("Error"),
        description="Paying online: the gateway failed; nothing was ordered, try again.",
    ),
    503: OpenApiResponse(
        ref("Error"),
        description="The database is briefly unreachable, or (paying online) the gateway "
        "did not answer in time; nothing was ordered, try again.",
    ),
}


def _order_id(value: str) -> int:
    parsed = parse_id(value)
    if parsed is None:
        raise Http404(selectors.NOT_FOUND)
    return parsed


SIGNED_IN_GUEST = "You are signed in: leave out guest to order as yourself, or sign out."

TOKEN_PARAMETER = OpenApiParameter(
    "token",
    str,
    OpenApiParameter.QUERY,
    required=False,
    description="A guest's order: its token (checkout's `orderToken`); also taken as the "
    "header `X-Order-Token`. A wrong or empty token is 404.",
)


def order_token_of(request) -> str | None:
    """The guest order token the request carries (`?token=` or `X-Order-Token`), "" when
    sent empty, None when not sent."""
    token = request.query_params.get("token")
    if token is None:
        token = request.headers.get("X-Order-Token")
    return token


def _by_token_or_user(request, order_id: int, *, by_token, by_user):
    """A guest order's token shows it to anyone (a wrong one finds nothing: 404, unless
    the caller is signed in and may see it as its buyer or an admin); without one, the
    signed-in caller's own call (401 when not signed in, whatever the order)."""
    token = order_token_of(request)
    signed_in = request.user is not None and request.user.is_authenticated
    if token is not None:
        try:
            return by_token(token)
        except Http404:
            if not signed_in:
                raise
    if not signed_in:
        raise NotAuthenticated()
    return by_user()


def _answer(order, message: str, *, status_code=status.HTTP_200_OK) -> Response:
    return ok({"message": message, "order": OrderOutput(order).data}, status=status_code)


class CheckoutView(APIView):
    # Signed in, or a guest (a body with `guest`); a body without `guest` and no token
    # is 401 as before.
    permission_classes = []
    parser_classes = [JSONParser]
    throttle_classes = [CheckoutThrottle, GuestCheckoutThrottle]

    @extend_schema(
        summary="Place an order, cash on delivery or paid online",
        description="Prices, names and stock come from the database. 409 names each short "
        "item and how many are left; nothing is taken. The same `Idempotency-Key` within 24 "
        'hours answers the first order with 200. With `payment: "razorpay"` (400 when '
        "the shop has no Razorpay keys) the order is `Awaiting Payment` with its stock "
        "reserved, and the answer carries `razorpay`, what the gateway's checkout opens "
        "with; 502/503 when the gateway fails (nothing ordered, a retry works). 409 when the "
        "order was cancelled while the gateway was asked (no payment details), or while "
        "another request with the same key is still setting up its payment (wait a moment). "
        "A free-text `address` without a PIN code the directory knows is 400. "
        "Without a token, a guest checkout: `guest: {name, email, phone}` and "
        "`shippingAddress` (the address object without `_id`) in place of `address`; the "
        "answer carries `orderToken`; throttled per client address; the Idempotency-Key "
        "is keyed by the guest's e-mail. `guest` sent with a token is 400.",
        request=GuestCheckoutInput,
        parameters=[
            OpenApiParameter(
                "Idempotency-Key", str, OpenApiParameter.HEADER, description="1-100 characters."
            )
        ],
        responses={
            201: CheckoutAnswer,
            200: CheckoutAnswer,
            **error_responses(400, 401, 409, 413, 415, 429),
            **GATEWAY_ERRORS,
        },
    )
    def post(self, request):
        signed_in = request.user is not None and request.user.is_authenticated
        sent_guest = isinstance(request.data, Mapping) and "guest" in request.data
        if signed_in and sent_guest:
            raise ValidationError({"guest": [SIGNED_IN_GUEST]})
        if not signed_in and not sent_guest:
            raise NotAuthenticated()
        key = IdempotencyKeyInput(data={"key": request.headers.get("Idempotency-Key")})
        key.is_valid(raise_exception=True)
        if signed_in:
            data = CheckoutInput(data=request.data)
            data.is_valid(raise_exception=True)
            placed = services.order_place(
                buyer=request.user,
                idempotency_key=key.validated_data.get("key"),
                **data.validated_data,
            )
        else:
            data = GuestCheckoutInput(data=request.data)
            data.is_valid(raise_exception=True)
            placed = services.order_place(
                buyer=None,
                idempotency_key=key.validated_data.get("key"),
                base_url=settings.SHOP_URL or request.build_absolute_uri("/"),
                **data.validated_data,
            )
        body = {
            "message": "Order placed" if placed.created else "Order already placed",
            "order": OrderOutput(placed.order).data,
        }
        if placed.payment is not None:
            body["razorpay"] = placed.payment
        if not signed_in:
            body["orderToken"] = guest.order_token(placed.order)
        return ok(body, status=status.HTTP_201_CREATED if placed.created else status.HTTP_200_OK)


class CouponCheckView(APIView):
    # Signed in, or a guest (no token) about to check out as one.
    permission_classes = []
    parser_classes = [JSONParser]
    throttle_classes = [CouponCheckThrottle, GuestCouponCheckThrottle]

    @extend_schema(
        summary="What a coupon takes off a cart, as checkout would take it now",
        description="`cart` is checkout's cart lines. A code that does not apply is 400 with "
        "a sentence saying why (unknown, paused, not started, expired, the minimum order, "
        "used up, already used, first order only, online payment only, not for these "
        "items); an unknown product in the cart is 400 too. Nothing is reserved: checkout "
        "checks the limits again. Without a token it answers for a guest's checkout, "
        "throttled per client address: the limits per customer (already used, first order "
        "only) are not counted, since they follow the guest's e-mail, which guest checkout "
        "checks them by (and a check by e-mail would tell anyone whether an e-mail has "
        "ordered).",
        request=CouponCheckInput,
        responses={200: CouponCheckAnswer, **error_responses(400, 401, 413, 415, 429)},
    )
    def post(self, request):
        data = CouponCheckInput(data=request.data)
        data.is_valid(raise_exception=True)
        signed_in = request.user is not None and request.user.is_authenticated
        applied, lines = services.coupon_check(
            buyer=request.user if signed_in else None, **data.validated_data
        )
        return ok(
            CouponCheckAnswer(
                {
                    "coupon": applied.coupon,
                    "discount": applied.discount,
                    "lines": [
                        {"_id": line.product.pk, "variant": line.variant.pk, "discount": share}
                        for line, share in zip(lines, applied.shares, strict=True)
                    ],
                }
            ).data
        )


class MyOrdersView(APIView):
    permission_classes = [IsSignedIn]

    @extend_schema(
        summary="My orders, newest first (a bare list)",
        responses={200: OrderOutput(many=True), **error_responses(401)},
    )
    def get(self, request):
        return Response(
            OrderOutput(selectors.order_list_for_buyer(buyer=request.user), many=True).data
        )


class OrderDetailView(APIView):
    permission_classes = []

    @extend_schema(
        summary="One order (its buyer, an admin, or whoever holds a guest order's token)",
        description="Ours: `statusHistory`, each status the order reached and when. A "
        "guest's order is shown to whoever sends its token; a wrong or empty token is the "
        "404 of an order that does not exist. Without a token, not signed in: 401. Sent "
        "signed in as the account whose e-mail the guest gave (any case), the token also "
        "claims the order: from then on it is in that account's orders.",
        parameters=[TOKEN_PARAMETER],
        responses={200: OrderWithHistoryAnswer, **error_responses(400, 401, 404)},
    )
    def get(self, request, order_id):
        pk = _order_id(order_id)

        def by_token(token):
            found = guest.order_for_token(Order.objects.all(), order_id=pk, token=token)
            if request.user is not None and request.user.is_authenticated:
                # Its buyer, signed in with the guest's e-mail: the order becomes theirs.
                guest.order_claim_if_mine(user=request.user, order=found, token=token)
            return selectors.order_get(order_id=pk, with_history=True)

        order = _by_token_or_user(
            request,
            pk,
            by_token=by_token,
            by_user=lambda: selectors.order_get_for(
                user=request.user, order_id=pk, with_history=True
            ),
        )
        return ok({"order": OrderDetailOutput(order).data})


class OrderCancelView(APIView):
    permission_classes = [IsSignedIn]

    @extend_schema(
        summary="Cancel my order, or part of it, before it ships (stock goes back)",
        description="No body (or no `lines`): the whole order is Cancelled; a paid order is "
        "refunded what is left of its payment. With `lines: [{_id: lineId, quantity}]`, "
        "while Not Processed or Processing: only those units; the totals, tax and coupon "
        "of what is left are worked out again at the checkout's prices (a coupon no longer "
        "met is dropped), a paid order is refunded the difference and the status stays, "
        "unless nothing is left (then Cancelled). 400: a line not of this order, more than "
        "is left of it, a bad quantity; 409: Awaiting Payment (cancel the whole order or "
        "pay first), shipped or later, or a cancel that would make the order cost more.",
        request=CancelInput,
        responses={200: OrderAnswer, **error_responses(400, 401, 404, 409, 413, 415)},
    )
    def post(self, request, order_id):
        order_pk = _order_id(order_id)
        data = CancelInput(data=request.data)
        data.is_valid(raise_exception=True)
        lines = data.validated_data.get("lines")
        order = actions.order_cancel(buyer=request.user, order_id=order_pk, lines=lines)
        if lines is not None and order.status != OrderStatus.CANCELLED:
            return _answer(order, "Items cancelled")
        return _answer(order, "Order cancelled")


class PayOnDeliveryView(APIView):
    # The buyer signed in, or whoever holds a guest order's token (orders.guest).
    permission_classes = []

    @extend_schema(
        summary="Pay on delivery instead: an order awaiting its online payment becomes cash "
        "on delivery",
        description="For the order checkout placed `Awaiting Payment` whose buyer gives up "
        "paying online: the same order becomes cash on delivery and `Not Processed` (its "
        "stock stays taken; the placed mail goes out, no cancelled one). No body. Called "
        "again, it answers the switched order unchanged. 400 (`payment`) where cash on "
        "delivery is not taken for the order as checkout refuses it: its PIN code, over the "
        "cash on delivery cap, a coupon for online payment only. 409 when the order is not "
        "awaiting its payment (paid online meanwhile: the message says so; cancelled) or a "
        "payment of it is being completed at the gateway. A payment captured after the "
        "switch is refunded in full. The buyer's own order (404 for anyone else's), or a "
        "guest's by its token.",
        request=None,
        parameters=[TOKEN_PARAMETER],
        responses={200: OrderAnswer, **error_responses(400, 401, 404, 409)},
    )
    def post(self, request, order_id):
        pk = _order_id(order_id)
        base_url = settings.SHOP_URL or request.build_absolute_uri("/")
        order = _by_token_or_user(
            request,
            pk,
            by_token=lambda token: pay_on_delivery.order_pay_on_delivery(
                order_id=pk, token=token, base_url=base_url
            ),
            by_user=lambda: pay_on_delivery.order_pay_on_delivery(
                order_id=pk, buyer=request.user, base_url=base_url
            ),
        )
        return _answer(order, "Order switched to cash on delivery")


class AllOrdersView(APIView):
    permission_classes = [IsSignedIn, IsAdmin]

    @extend_schema(
        summary="All orders, 20 a page, newest first (admin; a bare list)",
        description="Each order's buyer carries `email` and `phone` (for the courier). "
        "`q` finds an order by its number, or by part of the buyer's phone or email.",
        parameters=[OrderListInput, *PAGE_HEADERS],
        responses={
            (200, "application/json"): AdminOrderOutput(many=True),
            **error_responses(400, 401, 403),
        },
    )
    def get(self, request):
        query = OrderListInput(data=request.query_params)
        query.is_valid(raise_exception=True)
        found = selectors.order_list(**query.validated_data)
        return paged(
            AdminOrderOutput(found.orders, many=True).data,
            total=found.total,
            page_size=selectors.ORDERS_PER_PAGE,
        )


class OrderStatusView(APIView):
    permission_classes = [IsSignedIn, IsAdmin]
    parser_classes = [JSONParser]

    @extend_schema(
        summary="Move an order to its next status (admin)",
        description="Not Processed -> Processing -> Shipped -> Delivered; Cancelled from Not "
        "Processed or Processing (stock goes back). Any other move is 409. With Shipped, "
        "optional `courier` and `awb` (`trackingNumber`, its older name, is taken too) are "
        "stored on the order, answered in `shipment` with the courier's tracking link and "
        "put in the shipped mail; with any other status they are 400.",
        request=OrderStatusInput,
        responses={200: AdminOrderAnswer, **error_responses(400, 401, 403, 404, 409, 413, 415)},
    )
    def put(self, request, order_id):
        data = OrderStatusInput(data=request.data)
        data.is_valid(raise_exception=True)
        order = actions.order_set_status(
            order_id=_order_id(order_id),
            status=data.validated_data["status"],
            tracking_number=data.validated_data["trackingNumber"],
            courier=data.validated_data["courier"],
            by=request.user,
        )
        return ok({"message": "Order status updated", "order": AdminOrderOutput(order).data})


class DashboardView(APIView):
    permission_classes = [IsSignedIn, IsAdmin]

    @extend_schema(
        summary="The owner's dashboard (admin)",
        description="Orders and revenue today and this month (the shop's time zone; "
        "cancelled orders left out), orders still Not Processed, and products with at most "
        "LOW_STOCK_THRESHOLD left (the first ten, fewest first, and how many in all).",
        responses={200: DashboardAnswer, **error_responses(401, 403)},
    )
    def get(self, request):
        return ok({"dashboard": DashboardOutput(selectors.dashboard_figures()).data})


class FirstRenderer(BaseContentNegotiation):
    """The document calls answer PDF bytes themselves, and their errors are JSON whatever
    the client accepts: a client asking for application/pdf gets its 404 in the one error
    shape, not a 406."""

    def select_parser(self, request, parsers):
        return parsers[0] if parsers else None

    def select_renderer(self, request, renderers, format_suffix=None):
        return renderers[0], renderers[0].media_type


class DocumentDownload(APIView):
    """A tax invoice or credit note as a PDF download, for the order's buyer, an admin, or
    whoever holds a guest order's token."""

    permission_classes = []
    content_negotiation_class = FirstRenderer
    kind = InvoiceKind.INVOICE

    def get(self, request, order_id, number: str | None = None):
        pk = _order_id(order_id)
        document = _by_token_or_user(
            request,
            pk,
            by_token=lambda token: invoices.invoice_of(
                guest.order_for_token(
                    Order.objects.only("pk", "guest_secret"), order_id=pk, token=token
                ),
                kind=self.kind,
                number=number,
            ),
            by_user=lambda: invoices.invoice_get_for(
                user=request.user, order_id=pk, kind=self.kind, number=number
            ),
        )
        data = invoice_files.invoice_pdf_bytes(document)
        response = HttpResponse(data, content_type="application/pdf")
        response["Content-Disposition"] = (
            f'attachment; filename="{invoice_files.file_name(document)}"'
        )
        response["Content-Length"] = str(len(data))
        # A tax document of one buyer's: never kept by a shared cache.
        response["Cache-Control"] = "private, no-store"
        return response


def _document_schema(what: str, when: str, more: str = "", parameters=()):
    return extend_schema(
        summary=f"The order's {what} as a PDF (its buyer, an admin, a guest order's token)",
        description=f"Answered as a download (`Content-Disposition: attachment`, the file "
        f"named after the document's number with '/' made '-'). 404 until {when}, and for "
        "anyone but the buyer, admins and the holder of a guest order's token (the same 404 "
        "as for an order that does not exist)." + more,
        parameters=[TOKEN_PARAMETER, *parameters],
        responses={
            (200, "application/pdf"): OpenApiResponse(OpenApiTypes.BINARY, description="A4 PDF."),
            **error_responses(401, 404),
        },
    )


class InvoiceView(DocumentDownload):
    kind = InvoiceKind.INVOICE

    @_document_schema("tax invoice", "the order has shipped")
    def get(self, request, order_id):
        return super().get(request, order_id)


class CreditNoteView(DocumentDownload):
    kind = InvoiceKind.CREDIT_NOTE

    @_document_schema(
        "latest credit note",
        "an invoiced order is returned, or a return of it is received",
        " An order may have several (one per return received, and one for the whole "
        "order returned; the order's `creditNotes` lists them): `number` picks one (404 "
        "when the order has none of that number).",
        parameters=[
            OpenApiParameter(
                "number",
                str,
                OpenApiParameter.QUERY,
                required=False,
                description="A credit note number of the order (`SS/CN2627/0003`); "
                "without it, the latest.",
            )
        ],
    )
    def get(self, request, order_id):
        return super().get(request, order_id, number=request.query_params.get("number") or None)
