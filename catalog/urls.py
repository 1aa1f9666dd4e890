"""Catalog calls, mounted at /api/v1/ (no trailing slashes, as the contract has them).
Ids and pages are taken as text and checked in the view, so `abc` or `-1` answer 400/404
in the API's shape, never a 500."""

from django.urls import path

from catalog import views

urlpatterns = [
    path("category/get-category", views.CategoryListView.as_view()),
    path("category/single-category/<str:slug>", views.CategoryDetailView.as_view()),
    path("category/create-category", views.CategoryCreateView.as_view()),
    path("category/update-category/<str:category_id>", views.CategoryUpdateView.as_view()),
    path("category/delete-category/<str:category_id>", views.CategoryDeleteView.as_view()),
    path("product/product-list/<str:page>", views.ProductListView.as_view()),
    path("product/product-count", views.ProductCountView.as_view()),
    path("product/product-filters", views.ProductFilterView.as_view()),
    path("product/option-facets", views.OptionFacetsView.as_view()),
    path("product/search/<path:keyword>", views.ProductSearchView.as_view()),
    path("product/suggest", views.ProductSuggestView.as_view()),
    path("product/get-product", views.ProductLatestView.as_view()),
    path("product/get-product/<str:slug>", views.ProductDetailView.as_view()),
    path(
        "product/related-product/<str:product_id>/<str:category_id>",
        views.ProductRelatedView.as_view(),
    ),
    path("product/product-category/<str:slug>", views.ProductCategoryView.as_view()),
    path("product/product-photo/<str:product_id>", views.ProductPhotoView.as_view()),
    path(
        "product/product-photo/<str:product_id>/<str:photo_id>",
        views.ProductPhotoView.as_view(),
    ),
    path("product/create-product", views.ProductCreateView.as_view()),
    path("product/update-product/<str:product_id>", views.ProductUpdateView.as_view()),
    path("product/delete-product/<str:product_id>", views.ProductDeleteView.as_view()),
    path("admin/products", views.AdminProductListView.as_view()),
    path("admin/categories", views.AdminCategoryListView.as_view()),
]
