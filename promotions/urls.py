"""Coupon and sale calls of the admin, mounted at /api/v1/ after the orders' (coupons/check)."""

from django.urls import path

from promotions import views

urlpatterns = [
    path("coupons", views.CouponListView.as_view()),
    path("coupons/<str:coupon_id>", views.CouponDetailView.as_view()),
    path("sales", views.SaleListView.as_view()),
    path("sales/<str:sale_id>", views.SaleDetailView.as_view()),
]
