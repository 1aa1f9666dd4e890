"""Review calls, mounted at /api/v1/ (shop.urls), after the catalogue's (product/... are
theirs; product/{slug}/reviews is ours)."""

from django.urls import path

from reviews import views

urlpatterns = [
    path("product/<str:slug>/reviews", views.ProductReviewsView.as_view()),
    path("reviews", views.ReviewListView.as_view()),
    path("reviews/<str:review_id>", views.ReviewDetailView.as_view()),
    path("reviews/<str:review_id>/helpful", views.ReviewHelpfulView.as_view()),
    path("reviews/<str:review_id>/report", views.ReviewReportView.as_view()),
    path("reviews/<str:review_id>/status", views.ReviewStatusView.as_view()),
]
