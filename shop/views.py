"""Project-level views: the single page that mounts the React app, health checks, and the
JSON answers for `/api/` paths that no route matches."""

import re

from django.db import connection
from django.http import HttpResponse, HttpResponsePermanentRedirect, JsonResponse
from django.shortcuts import render
from django.views import defaults
from django.views.decorators.http import require_safe
from rest_framework.exceptions import NotFound
from rest_framework.views import APIView

from shop.api.exceptions import error_body

SITE_NAME = "ShopSphere"
SHOP_DESCRIPTION = (
    "ShopSphere: tech gadgets, electronics and clothing at prices in Indian rupees. "
    "Explore our range, shop with confidence and stay up to date on the latest tech."
)
# The client routes (frontend/src/app/routes.jsx) the server knows without the database,
# with their titles (as the React pages set them) and whether crawlers may index them. A
# new public route must be added here, or its address answers 404 (the not-found page).
STATIC_PAGES = {
    "/": ("SHOPSPHERE - shop now", True),
    "/categories": ("All Categories - ShopSphere", True),
    "/products": ("All Products - ShopSphere", True),
    "/search": ("Search results - ShopSphere", False),
    "/cart": ("Cart - ShopSphere", False),
    "/register": ("Register - ShopSphere", True),
    "/login": ("Login - ShopSphere", True),
    "/forgot-password": ("Forgot Password - ShopSphere", False),
    "/about": ("About us - ShopSphere", True),
    "/contact": ("Contact us - ShopSphere", True),
    "/policy": ("Privacy Policy - ShopSphere", True),
    "/faq": ("Frequently asked questions - ShopSphere", True),
    "/returns": ("Returns and refunds - ShopSphere", True),
    "/terms": ("Terms of Use - ShopSphere", True),
}
# Every screen under /dashboard is client-only (it needs the shopper's token; crawlers are
# kept out by robots.txt): the shell, 200, whatever screens the dashboards grow.
DASHBOARD_PAGES = re.compile(r"^/dashboard(/.*)?$")
# A guest's order, opened by the token after the address's `#` (never sent to a server):
# the shell, 200, never indexed.
GUEST_ORDER_PAGE = re.compile(r"^/order/[0-9]{1,18}$")
FOOTER_CATEGORY = re.compile(r"^/categories/(?P<slug>[^/]+)$")


def _route_path(request) -> str:
    # Never `//host`: a redirect there would leave the shop (protocol-relative URL).
    return "/" + request.path.strip("/")


def _static_page(request) -> dict | HttpResponse | None:
    """The head of a route that needs no database; None for a path no route knows."""
    path = _route_path(request)
    if path != request.path:
        # Our paths have no trailing slash: one address per page for crawlers.
        query = request.META.get("QUERY_STRING")
        return HttpResponsePermanentRedirect(path + (f"?{query}" if query else ""))
    if path in STATIC_PAGES:
        title, indexed = STATIC_PAGES[path]
        page = {"status": 200, "title": title, "description": SHOP_DESCRIPTION}
        if indexed:
            page.update(canonical=request.build_absolute_uri(path), og_type="website")
        else:
            page["robots"] = "noindex"
        if path == "/":
            page["jsonld"] = [_website(request)]
        return page
    if DASHBOARD_PAGES.match(path):
        # Client-only screens (they need the shopper's token): the shell and no content.
        return {"status": 200, "title": f"Dashboard - {SITE_NAME}", "robots": "noindex"}
    if GUEST_ORDER_PAGE.match(path):
        order = path.rsplit("/", 1)[1]
        return {"status": 200, "title": f"Order #{order} - {SITE_NAME}", "robots": "noindex"}
    footer = FOOTER_CATEGORY.match(path)
    if footer:
        return HttpResponsePermanentRedirect(f"/category/{footer['slug']}")
    return None


def home_page(request, *, initial=None) -> dict | HttpResponse:
    """`/`: its head as a static page's, and `initial()` (the answers of the calls home's
    first render makes, catalog/pages.py) as `#initial-data`."""
    page = _static_page(request)
    if isinstance(page, dict) and initial is not None:
        page["initial"] = initial()
    return page


def _website(request) -> dict:
    """schema.org `WebSite` with the search box (the search screen reads `?q=`)."""
    home = request.build_absolute_uri("/")
    return {
        "@context": "https://schema.org",
        "@type": "WebSite",
        "name": SITE_NAME,
        "url": home,
        "description": SHOP_DESCRIPTION,
        "potentialAction": {
            "@type": "SearchAction",
            "target": {
                "@type": "EntryPoint",
                "urlTemplate": request.build_absolute_uri("/search") + "?q={search_term_string}",
            },
            "query-input": "required name=search_term_string",
        },
    }


def _not_found_page() -> dict:
    return {
        "status": 404,
        "title": f"Page not found - {SITE_NAME}",
        "description": SHOP_DESCRIPTION,
        "robots": "noindex",
        "body": "spa/not_found.html",
    }


def _render_page(request, page: dict) -> HttpResponse:
    page.setdefault("description", SHOP_DESCRIPTION)
    page.setdefault("site_name", SITE_NAME)
    return render(request, "index.html", {"page": page}, status=page["status"])


@require_safe
def spa(request, *args, page=None, **kwargs):
    """Every client route answers the app's page with its own head; React
    Router takes it from there. `page` (given by urls.py for routes that show catalogue
    data) builds the head and content from the database; other known routes need none;
    a path no route knows is a 404 with the app's not-found page."""
    result = page(request, **kwargs) if page is not None else _static_page(request)
    if result is None:
        result = _not_found_page()
    if isinstance(result, HttpResponse):
        return result
    return _render_page(request, result)


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
    return _render_page(request, _not_found_page())


def handler500(request):
    if request.path.startswith("/api/"):
        return JsonResponse(
            error_body("Something went wrong on our side. Please try again."), status=500
        )
    return JsonResponse(error_body("Server error."), status=500)
