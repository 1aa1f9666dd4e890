"""URL map: the only module that knows both apps.

`/api/v1/...` are the contract's calls (no trailing slashes), `/admin/` the Django admin,
`/healthz` and `/readyz` the health checks; everything else is the React app's page.
"""

from django.conf import settings
from django.contrib import admin
from django.urls import include, path, re_path
from django.views.generic import TemplateView
from django.views.static import serve as serve_media
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from shop import views

urlpatterns = [
    path("admin/", admin.site.urls),
    path("healthz", views.healthz, name="healthz"),
    # Crawlers get a real robots.txt, not the app's page (Lighthouse SEO: "robots.txt is
    # not valid" otherwise).
    path(
        "robots.txt",
        TemplateView.as_view(template_name="robots.txt", content_type="text/plain"),
    ),
    path("readyz", views.readyz, name="readyz"),
    path("api/v1/auth/", include("accounts.urls")),
    path("api/v1/", include("catalog.urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="schema"), name="api-docs"),
    re_path(r"^api/", views.ApiNotFound.as_view()),
    re_path(
        rf"^{settings.MEDIA_URL.lstrip('/')}(?P<path>.*)$",
        serve_media,
        {"document_root": settings.MEDIA_ROOT},
    ),
    re_path(r"^(?!static/|media/|admin/).*$", views.spa, name="spa"),
]

handler400 = "shop.views.handler400"
handler404 = "shop.views.handler404"
handler500 = "shop.views.handler500"
