"""Paying online's calls, mounted at /api/v1/ (shop.urls): the same paths the contract
has always had, under orders/ and payments/."""

from django.urls import path

from payments import views

urlpatterns = [
    path("orders/<str:order_id>/razorpay/verify", views.RazorpayVerifyView.as_view()),
    path("payments/razorpay/webhook", views.RazorpayWebhookView.as_view()),
]
