"""Return calls, mounted at /api/v1/ (shop.urls), after the orders' (orders/{id} is
theirs; orders/{id}/returns is ours)."""

from django.urls import path

from returns import views

urlpatterns = [
    path("orders/<str:order_id>/returns", views.OrderReturnsView.as_view()),
    path("returns", views.ReturnListView.as_view()),
    path("returns/<str:return_id>/status", views.ReturnStatusView.as_view()),
]
