"""A URL map for the middleware tests: the real one plus views that fail on purpose and
one that needs a signed-in user."""

from django.urls import path
from rest_framework.views import APIView

from shop.api.envelope import ok
from shop.api.permissions import IsSignedIn
from shop.urls import urlpatterns as shop_urlpatterns


class Explodes(APIView):
    authentication_classes = []
    permission_classes = []

    def get(self, request):
        raise RuntimeError("kaboom in an API view")


class WhoAmI(APIView):
    permission_classes = [IsSignedIn]

    def get(self, request):
        return ok({"id": request.user.pk})


def plain_explodes(request):
    raise RuntimeError("kaboom in a plain view")


urlpatterns = [
    path("api/v1/test/explodes", Explodes.as_view()),
    path("api/v1/test/whoami", WhoAmI.as_view()),
    path("test/explodes", plain_explodes),
    *shop_urlpatterns,
]
