"""Mounted at /api/v1/auth/ (shop.urls). Paths have no trailing slash (contract)."""

from django.urls import path

from accounts import views

urlpatterns = [
    path("register", views.RegisterView.as_view(), name="auth-register"),
    path("login", views.LoginView.as_view(), name="auth-login"),
    path("forgot-password", views.ForgotPasswordView.as_view(), name="auth-forgot-password"),
    path("password-reset", views.PasswordResetView.as_view(), name="auth-password-reset"),
    path(
        "password-reset/confirm",
        views.PasswordResetConfirmView.as_view(),
        name="auth-password-reset-confirm",
    ),
    path("user-auth", views.UserAuthView.as_view(), name="auth-user-auth"),
    path("admin-auth", views.AdminAuthView.as_view(), name="auth-admin-auth"),
    path("profile", views.ProfileView.as_view(), name="auth-profile"),
    path("users", views.UserListView.as_view(), name="auth-users"),
    path("cart", views.CartView.as_view(), name="auth-cart"),
    path("cart/merge", views.CartMergeView.as_view(), name="auth-cart-merge"),
    path("addresses", views.AddressListView.as_view(), name="auth-addresses"),
    path("addresses/<str:address_id>", views.AddressDetailView.as_view(), name="auth-address"),
]
