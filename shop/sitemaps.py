"""`/sitemap.xml` (issue 19): one sitemap while the shop has at most 50,000 addresses (the
protocol's limit for one file), an index of parts once it has more. The parts are given by
urls.py (the only module that knows the apps): home and the static pages here, categories
and products from the catalogue."""

from django.contrib.sitemaps import Sitemap
from django.contrib.sitemaps import views as sitemap_views
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
LIMIT = 50_000


class StaticSitemap(Sitemap):
    changefreq = "weekly"

    def items(self):
        return list(STATIC_PATHS)

    def location(self, item):
        return item

    def priority(self, item):
        return 1.0 if item == "/" else 0.5


def _parts(sitemaps: dict) -> dict[str, Sitemap]:
    parts = {name: part() for name, part in sitemaps.items()}
    for part in parts.values():
        part.limit = LIMIT
    return parts


@require_safe
def sitemap(request, *, sitemaps: dict, section_url_name: str):
    """The whole sitemap, or the index of its parts once it would pass `LIMIT` addresses
    (each part then pages itself at `LIMIT`)."""
    parts = _parts(sitemaps)
    if sum(part.paginator.count for part in parts.values()) > LIMIT:
        return sitemap_views.index(request, parts, sitemap_url_name=section_url_name)
    return sitemap_views.sitemap(request, parts)


@require_safe
def sitemap_section(request, *, sitemaps: dict, section: str):
    return sitemap_views.sitemap(request, _parts(sitemaps), section=section)
