"""Report calls, mounted at /api/v1/ (shop.urls)."""

from django.urls import path

from reports import views

urlpatterns = [
    path("reports/gstr1", views.Gstr1View.as_view()),
    path("reports/gstr1/summary", views.Gstr1SummaryView.as_view()),
    path("reports/sales-tax", views.SalesTaxView.as_view()),
    path("reports/sales-over-time", views.SalesOverTimeView.as_view()),
    path("reports/to-act-on", views.ToActOnView.as_view()),
]
