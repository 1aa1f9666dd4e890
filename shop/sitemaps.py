"""`/sitemap.xml`: one sitemap while the shop has at most `SITEMAP_URLS_PER_FILE`
addresses (10,000 by default; the protocol allows 50,000, but a part that large cost
seconds of CPU to build), an index of parts once it has more. The parts are given by
urls.py (the only module that knows the apps): home and the static pages here, categories
and products from the catalogue.

Every answer (the index, each part and page of it) is built once per catalogue version:
urls.py passes the catalogue's `cached_value`, so a repeated request makes no query, and
an `ETag` of the bytes answers a crawler's `If-None-Match` with 304."""

import hashlib

from django.conf import settings
from django.contrib.sitemaps import Sitemap
from django.contrib.sitemaps import views as sitemap_views
from django.http import HttpResponse
from django.utils.cache import get_conditional_response
from django.views.decorators.http import require_safe

# Public pages a crawler should know (the cart, dashboards, login and search are not).
STATIC_PATHS = (
    "/",
    "/categories",
    "/products",
    "/about",
    "/contact",
    "/policy",
    "/faq",
    "/returns",
    "/terms",
)
# Headers of the built answer that are kept with its bytes.
KEPT_HEADERS = ("Content-Type", "X-Robots-Tag", "Last-Modified")


class StaticSitemap(Sitemap):
    changefreq = "weekly"

    def items(self):
        return list(STATIC_PATHS)

    def location(self, item):
        return item

    def priority(self, item):
        return 1.0 if item == "/" else 0.5


def _limit() -> int:
    return settings.SITEMAP_URLS_PER_FILE


def _parts(sitemaps: dict) -> dict[str, Sitemap]:
    parts = {name: part() for name, part in sitemaps.items()}
    for part in parts.values():
        part.limit = _limit()
    return parts


def _built(build) -> dict:
    """The answer `build()` gives, rendered: bytes, the headers worth keeping, an ETag."""
    response = build()
    response.render()
    return {
        "content": response.content,
        "headers": {name: response[name] for name in KEPT_HEADERS if name in response},
        "etag": '"' + hashlib.sha1(response.content, usedforsecurity=False).hexdigest()[:20] + '"',
    }


def _answer(request, key: str, build, cache) -> HttpResponse:
    # Absolute addresses are written from the request's scheme and host: both are in the key.
    key = f"sitemap:{request.scheme}:{request.get_host()}:{_limit()}:{key}"
    built = cache(key, lambda: _built(build))
    response = HttpResponse(built["content"])
    for name, value in built["headers"].items():
        response[name] = value
    response["ETag"] = built["etag"]
    response["Cache-Control"] = "public, max-age=0, must-revalidate"
    return get_conditional_response(request, etag=built["etag"], response=response)


def _uncached(key, compute):
    return compute()


@require_safe
def sitemap(request, *, sitemaps: dict, section_url_name: str, cache=_uncached):
    """The whole sitemap, or the index of its parts once it would pass the limit (each
    part then pages itself at the limit)."""

    def build():
        parts = _parts(sitemaps)
        if sum(part.paginator.count for part in parts.values()) > _limit():
            return sitemap_views.index(request, parts, sitemap_url_name=section_url_name)
        return sitemap_views.sitemap(request, parts)

    return _answer(request, "index", build, cache)


@require_safe
def sitemap_section(request, *, sitemaps: dict, section: str, cache=_uncached):
    page = request.GET.get("p", "1")

    def build():
        return sitemap_views.sitemap(request, _parts(sitemaps), section=section)

    return _answer(request, f"{section}:{page}", build, cache)
