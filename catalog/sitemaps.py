"""`/sitemap.xml` parts for the catalogue: every category and every product,
with the date it last changed. Only public pages: no dashboard, cart or API address."""

from django.contrib.sitemaps import Sitemap
from django.db.models import Max

from catalog.models import Category, Product


class CategorySitemap(Sitemap):
    changefreq = "daily"
    priority = 0.7

    def items(self):
        # A category changes when one of its products does (its page lists them).
        return Category.objects.annotate(lastmod=Max("products__updated_at")).order_by("id")

    def location(self, item):
        return f"/category/{item.slug}"

    def lastmod(self, item):
        return item.lastmod


class ProductSitemap(Sitemap):
    changefreq = "weekly"
    priority = 0.8

    def items(self):
        return Product.objects.only("slug", "updated_at").order_by("id")

    def location(self, item):
        return f"/product/{item.slug}"

    def lastmod(self, item):
        return item.updated_at
