"""Paying online's calls of the contract: the buyer's verify after Razorpay's checkout and
Razorpay's webhook. Mounted at /api/v1/ by shop/urls.py from payments/urls.py (the same
paths as before the app had them); they answer orders' shapes (orders.serializers)."""

from django.http import Http404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.exceptions import NotAuthenticated, ValidationError
from rest_framework.views import APIView

from orders.selectors import NOT_FOUND
from orders.serializers import OrderDetailAnswer, OrderOutput
from orders.views import TOKEN_PARAMETER, order_token_of
from payments import online
from payments.serializers import RazorpayVerifyInput, WebhookAnswer
from shop.api.envelope import ok
from shop.api.exceptions import PayloadTooLarge
from shop.api.fields import parse_id
from shop.api.parsers import JSONParser
from shop.api.schema import error_responses

# A webhook is an event of a few kilobytes; anything far larger is not Razorpay's.
MAX_WEBHOOK_BYTES = 64 * 1024


def _order_id(value: str) -> int:
    parsed = parse_id(value)
    if parsed is None:
        raise Http404(NOT_FOUND)
    return parsed


class RazorpayVerifyView(APIView):
    # The buyer signed in, or whoever holds a guest order's token (orders.guest).
    permission_classes = []
    parser_classes = [JSONParser]

    @extend_schema(
        summary="Confirm an online payment (the buyer, after Razorpay's checkout)",
        description="The signature is checked against the Razorpay order id stored with the "
        "order (the one sent must be it). The order is then `Not Processed` and paid; the "
        "same payment again answers the paid order. A bad signature or another order's ids "
        "are 400 and change nothing; a payment that came after the order was cancelled (its "
        "payment window ran out) is refunded and answered 409. A guest's order: its token "
        "(`?token=` or `X-Order-Token`) in place of the buyer's sign-in.",
        request=RazorpayVerifyInput,
        parameters=[TOKEN_PARAMETER],
        responses={200: OrderDetailAnswer, **error_responses(400, 401, 404, 409, 413, 415)},
    )
    def post(self, request, order_id):
        order_pk = _order_id(order_id)
        token = order_token_of(request)
        if token is None and not (request.user and request.user.is_authenticated):
            raise NotAuthenticated()
        data = RazorpayVerifyInput(data=request.data)
        data.is_valid(raise_exception=True)
        order = online.razorpay_verify(
            buyer=request.user, order_id=order_pk, token=token, **data.validated_data
        )
        return ok({"order": OrderOutput(order).data})


class RazorpayWebhookView(APIView):
    """Razorpay's webhook: no session, no token, no CSRF (DRF views are exempt and this
    one authenticates nobody); the signature over the raw body is the authentication."""

    authentication_classes = []
    permission_classes = []

    @extend_schema(
        summary="Razorpay's webhook (payment.captured, payment.failed, refund.processed)",
        description="The raw event, signed in `X-Razorpay-Signature` (HMAC-SHA256 of the body "
        "with RAZORPAY_WEBHOOK_SECRET); a bad signature is 400. Each event "
        "(`X-Razorpay-Event-Id`) is applied once; unknown events are 200 and ignored.",
        request={"application/json": OpenApiTypes.OBJECT},
        parameters=[
            OpenApiParameter("X-Razorpay-Signature", str, OpenApiParameter.HEADER),
            OpenApiParameter("X-Razorpay-Event-Id", str, OpenApiParameter.HEADER),
        ],
        responses={200: WebhookAnswer, **error_responses(400, 413)},
    )
    def post(self, request):
        length = request.META.get("CONTENT_LENGTH") or "0"
        if not length.isdigit() or int(length) > MAX_WEBHOOK_BYTES:
            raise PayloadTooLarge("A webhook is at most 64 KB.")
        body = request.body
        if len(body) > MAX_WEBHOOK_BYTES:
            raise PayloadTooLarge("A webhook is at most 64 KB.")
        try:
            result = online.webhook_receive(
                body=body,
                signature=request.headers.get("X-Razorpay-Signature", ""),
                event_id=request.headers.get("X-Razorpay-Event-Id", ""),
            )
        except online.BadWebhook as exc:
            raise ValidationError("The webhook could not be verified.") from exc
        return ok({"result": result})
