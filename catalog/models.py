"""Categories and products. Names are unique regardless of case and slugs are unique, both
enforced by the database so two parallel requests cannot both win."""

from django.core.validators import MinValueValidator
from django.db import models
from django.db.models.functions import Lower
from django.utils import timezone


class CategoryQuerySet(models.QuerySet):
    def by_name(self):
        return self.order_by(Lower("name"), "id")

    def with_name(self, name: str):
        return self.filter(name__iexact=name)


class Category(models.Model):
    name = models.CharField(max_length=100)
    slug = models.SlugField(max_length=120, unique=True, allow_unicode=True)

    objects = CategoryQuerySet.as_manager()

    class Meta:
        verbose_name_plural = "categories"
        ordering = [Lower("name"), "id"]
        constraints = [
            models.UniqueConstraint(
                Lower("name"),
                name="category_name_ci_unique",
                violation_error_message="Category already exists",
            ),
        ]

    def __str__(self) -> str:
        return self.name


class ProductQuerySet(models.QuerySet):
    def with_category(self):
        """Category expanded in the same query (one query for a whole list)."""
        return self.select_related("category")

    def newest_first(self):
        return self.order_by("-created_at", "-id")

    def in_categories(self, category_ids):
        return self.filter(category_id__in=category_ids)

    def priced_between(self, low, high):
        qs = self
        if low is not None:
            qs = qs.filter(price__gte=low)
        if high is not None:
            qs = qs.filter(price__lte=high)
        return qs

    def with_name(self, name: str):
        return self.filter(name__iexact=name)

    def filter_by_keyword(self, keyword: str):
        """Literal, case-insensitive text match on name or description."""
        return self.filter(
            models.Q(name__icontains=keyword) | models.Q(description__icontains=keyword)
        )


class Product(models.Model):
    name = models.CharField(max_length=200)
    slug = models.SlugField(max_length=220, unique=True, allow_unicode=True)
    description = models.TextField(max_length=5000)
    price = models.DecimalField(max_digits=10, decimal_places=2, validators=[MinValueValidator(0)])
    quantity = models.PositiveIntegerField()
    shipping = models.BooleanField(default=False)
    category = models.ForeignKey(Category, on_delete=models.PROTECT, related_name="products")
    photo = models.ImageField(upload_to="products/", blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(auto_now=True)

    objects = ProductQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                Lower("name"),
                name="product_name_ci_unique",
                violation_error_message="Product already exists",
            ),
            models.CheckConstraint(condition=models.Q(price__gte=0), name="product_price_gte_0"),
        ]
        indexes = [
            # product-list / get-product: newest first.
            models.Index(fields=["-created_at", "-id"], name="product_newest_idx"),
            # product-filters: categories and a price band; related-product.
            models.Index(fields=["category", "price"], name="product_category_price_idx"),
            models.Index(fields=["price"], name="product_price_idx"),
            models.Index(
                fields=["category", "-created_at", "-id"], name="product_category_newest_idx"
            ),
        ]

    def __str__(self) -> str:
        return self.name
