"""Wishlist and back-in-stock calls, mounted at /api/v1/ (shop.urls), after the
catalogue's (product/search/{keyword} is theirs)."""

from django.urls import path

from wishlist import views

urlpatterns = [
    path("auth/wishlist", views.WishlistView.as_view()),
    path("auth/wishlist/<str:product_id>", views.WishlistItemView.as_view()),
    path("product/<str:slug>/notify", views.StockAlertView.as_view()),
]
