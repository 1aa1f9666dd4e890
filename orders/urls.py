"""Order calls, mounted at /api/v1/ (shop.urls). The read and status paths sit under
auth/ as the original product had them; checkout and the single-order calls under orders/.
Paying online's calls (verify, the webhook) are mounted from payments/urls.py."""

from django.urls import path

from orders import views, views_couriers, views_settings

urlpatterns = [
    path("orders/checkout", views.CheckoutView.as_view()),
    path("coupons/check", views.CouponCheckView.as_view()),
    path("orders/<str:order_id>", views.OrderDetailView.as_view()),
    path("orders/<str:order_id>/cancel", views.OrderCancelView.as_view()),
    path("orders/<str:order_id>/pay-on-delivery", views.PayOnDeliveryView.as_view()),
    path("orders/<str:order_id>/invoice", views.InvoiceView.as_view()),
    path("orders/<str:order_id>/credit-note", views.CreditNoteView.as_view()),
    path("auth/orders", views.MyOrdersView.as_view()),
    path("auth/all-orders", views.AllOrdersView.as_view()),
    path("auth/order-status/<str:order_id>", views.OrderStatusView.as_view()),
    path("admin/dashboard", views.DashboardView.as_view()),
    path("couriers", views_couriers.CouriersView.as_view()),
    path("admin/shop-settings", views_settings.ShopSettingsView.as_view()),
    path("admin/served-pincodes", views_settings.ServedPincodesView.as_view()),
]
