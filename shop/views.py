"""Project-level views: the single page that mounts the React app, health checks, and the
JSON answers for `/api/` paths that no route matches."""

from django.db import connection
from django.http import JsonResponse
from django.shortcuts import render
from django.views import defaults
from django.views.decorators.http import require_safe
from rest_framework.exceptions import NotFound
from rest_framework.views import APIView

from shop.api.exceptions import error_body


@require_safe
def spa(request, *args, **kwargs):
    """Every client route answers the app's page; React Router takes it from there."""
    return render(request, "index.html")


class ApiNotFound(APIView):
    """Unknown `/api/...` paths: 404 in the contract's error shape, whatever the method."""

    authentication_classes = []
    permission_classes = []

    def http_method_not_allowed(self, request, *args, **kwargs):
        raise NotFound("No such API endpoint.")

    def initial(self, request, *args, **kwargs):
        raise NotFound("No such API endpoint.")


@require_safe
def healthz(request):
    """The process is alive (and the benchmark's ceiling: no database, no cache)."""
    return JsonResponse({"success": True, "status": "ok"})


@require_safe
def readyz(request):
    """The database answers: operators and load balancers route traffic only then."""
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception:  # any driver error means "not ready"
        return JsonResponse(error_body("Database unavailable."), status=503)
    return JsonResponse({"success": True, "status": "ready"})


def handler400(request, exception=None):
    """A request Django itself refuses (a Host not in ALLOWED_HOSTS, a malformed body
    outside the API's parsers): our shape under /api/, Django's page elsewhere."""
    if request.path.startswith("/api/"):
        return JsonResponse(error_body("Bad request."), status=400)
    return defaults.bad_request(request, exception)


def handler404(request, exception=None):
    if request.path.startswith("/api/"):
        return JsonResponse(error_body("Not found."), status=404)
    return render(request, "index.html", status=404)


def handler500(request):
    if request.path.startswith("/api/"):
        return JsonResponse(
            error_body("Something went wrong on our side. Please try again."), status=500
        )
    return JsonResponse(error_body("Server error."), status=500)
