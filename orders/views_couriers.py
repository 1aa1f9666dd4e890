"""GET /api/v1/couriers (admin): the couriers the operator keeps in the Django admin, for
the admin panel's move to Shipped (a choice of names; any other name may be typed)."""

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.views import APIView

from orders.models import Courier
from shop.api.envelope import ok
from shop.api.permissions import IsAdmin, IsSignedIn
from shop.api.schema import Envelope, error_responses


class CourierOutput(serializers.Serializer):
    _id = serializers.CharField(source="pk")
    name = serializers.CharField()
    trackingUrlTemplate = serializers.CharField(
        source="tracking_url",
        help_text="The courier's tracking page, {awb} standing for the AWB number.",
    )


class CouriersAnswer(Envelope):
    couriers = CourierOutput(many=True, help_text="By name, A to Z.")


class CouriersView(APIView):
    permission_classes = [IsSignedIn, IsAdmin]

    @extend_schema(
        summary="The couriers with tracking templates (admin)",
        description="Ours: the names the move to Shipped offers. An order whose courier "
        "matches one of them (any case) answers a tracking link in `shipment.trackingUrl`.",
        responses={200: CouriersAnswer, **error_responses(401, 403)},
    )
    def get(self, request):
        couriers = Courier.objects.order_by("name", "pk")
        return ok({"couriers": CourierOutput(couriers, many=True).data})
