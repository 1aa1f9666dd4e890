"""URL map: the only module that knows both apps.

`/api/v1/...` are the contract's calls (no trailing slashes), `/admin/` the Django admin,
`/healthz` and `/readyz` the health checks; everything else is the React app's page.
"""

from functools import partial

from django.conf import settings
from django.contrib import admin
from django.urls import include, path, re_path
from django.views.generic import TemplateView
from django.views.static import serve as serve_media
from drf_spectacular.views import SpectacularSwaggerSplitView

from accounts.views import admin_login
from catalog import pages as catalog_pages
from catalog.cache import cached_value
from catalog.sitemaps import CategorySitemap, ProductSitemap
from orders.delivery_views import DeliveryView
from orders.shop_details import seller_name
from orders.views_shop import ShopInfoView, shop_info
from shop import sitemaps, views
from shop.api.schema_view import SchemaView

# /sitemap.xml: home and static pages, categories, products.
SITEMAPS = {
    "pages": sitemaps.StaticSitemap,
    "categories": CategorySitemap,
    "products": ProductSitemap,
}
SITEMAP_ARGS = {
    "sitemaps": SITEMAPS,
    "section_url_name": "sitemap-section",
    "cache": cached_value,
}

urlpatterns = [
    # The admin's login throttled like the API login (before admin.site.urls takes it).
    path("admin/login/", admin_login, name="admin-login"),
    path("admin/", admin.site.urls),
    path("healthz", views.healthz, name="healthz"),
    # Crawlers get a real robots.txt, not the app's page (Lighthouse SEO: "robots.txt is
    # not valid" otherwise).
    path(
        "robots.txt",
        TemplateView.as_view(template_name="robots.txt", content_type="text/plain"),
    ),
    path("readyz", views.readyz, name="readyz"),
    path("sitemap.xml", sitemaps.sitemap, SITEMAP_ARGS),
    path(
        "sitemap-<str:section>.xml",
        sitemaps.sitemap_section,
        {"sitemaps": SITEMAPS, "cache": cached_value},
        name="sitemap-section",
    ),
    path("api/v1/auth/", include("accounts.urls")),
    path("api/v1/", include("catalog.urls")),
    # Orders (cash on delivery): orders/... and the auth/ order calls accounts does not own.
    path("api/v1/", include("orders.urls")),
    # Paying online (Razorpay): verify and the webhook, the same paths as ever.
    path("api/v1/", include("payments.urls")),
    # Coupons (the admin's calls; coupons/check is the orders' and comes first).
    path("api/v1/", include("promotions.urls")),
    # Returns and exchanges: orders/{id}/returns, returns, returns/{id}/status.
    path("api/v1/", include("returns.urls")),
    # GST returns (GSTR-1) and the sales and tax summary: reports/... (admins).
    path("api/v1/", include("reports.urls")),
    path("api/v1/", include("wishlist.urls")),
    # Reviews: product/{slug}/reviews (after the catalogue's product/...), reviews/...
    path("api/v1/", include("reviews.urls")),
    # Where the shop delivers (anyone): orders/delivery.py.
    path("api/v1/delivery/<str:pincode>", DeliveryView.as_view(), name="delivery"),
    path("api/v1/shop-info", ShopInfoView.as_view(), name="shop-info"),
    path("api/schema/", SchemaView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="schema"), name="api-docs"),
    re_path(r"^api/", views.ApiNotFound.as_view()),
    re_path(
        rf"^{settings.MEDIA_URL.lstrip('/')}(?P<path>.*)$",
        serve_media,
        {"document_root": settings.MEDIA_ROOT},
    ),
    # Client routes that show catalogue data: their head and content come from the
    # database; every other path is the app's page (404 when no route knows it).
    # A product page names the seller, whose details the orders app keeps.
    path(
        "product/<str:slug>",
        views.spa,
        {"page": catalog_pages.product_page, "seller": seller_name},
    ),
    path("category/<str:slug>", views.spa, {"page": catalog_pages.category_page}),
    # Home carries the answers its first render needs, the shop's details among them.
    path(
        "",
        views.spa,
        {
            "page": views.home_page,
            "initial": partial(catalog_pages.home_initial, shop_info=shop_info),
        },
    ),
    re_path(r"^(?!static/|media/|admin/).*$", views.spa, name="spa"),
]

handler400 = "shop.views.handler400"
handler404 = "shop.views.handler404"
handler500 = "shop.views.handler500"
