"""Categories and products. Names are unique regardless of case and slugs are unique, both
enforced by the database so two parallel requests cannot both win."""

from django.core.validators import MinValueValidator
from django.db import models
from django.db.models.functions import Lower
from django.utils import timezone

from catalog.tax import GST_RATE_CHOICES


class CategoryQuerySet(models.QuerySet):
    def by_name(self):
        return self.order_by(Lower("name"), "id")

    def with_name(self, name: str):
        """The category named `name`, case aside, as its unique index compares names."""
        return self.alias(low=Lower("name")).filter(low=Lower(models.Value(name)))


class Category(models.Model):
    name = models.CharField(max_length=100)
    slug = models.SlugField(max_length=120, unique=True, allow_unicode=True)
    # Tax defaults for its products (catalog.tax): the HSN code and GST rate a product
    # without its own takes, and, for goods whose rate depends on the price (clothing:
    # 5% up to Rs 2,500 of sale value a piece, 18% above), the threshold and the rate
    # above it. Data, not code: the operator keeps it current.
    hsn = models.CharField("HSN code", max_length=8, blank=True, default="")
    gst_rate = models.PositiveSmallIntegerField(
        "GST rate (%)", choices=GST_RATE_CHOICES, default=18
    )
    gst_threshold = models.DecimalField(
        "GST threshold (Rs, sale value a piece)",
        max_digits=10,
        decimal_places=2,
        null=True,
        blank=True,
        validators=[MinValueValidator(0)],
    )
    gst_rate_above = models.PositiveSmallIntegerField(
        "GST rate above the threshold (%)", choices=GST_RATE_CHOICES, null=True, blank=True
    )
    country_of_origin = models.CharField(max_length=60, default="India")

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
        """The product named `name`, case aside: LOWER(name) = LOWER(%s), the expression
        of its unique index, so one index probe however large the catalogue."""
        return self.alias(low=Lower("name")).filter(low=Lower(models.Value(name)))

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
    # The maximum retail price (tax inclusive) of the variant that gives `price`, kept with
    # it (see Variant), so a card shows the MRP that belongs to the price it shows.
    mrp = models.DecimalField(
        "MRP",
        max_digits=10,
        decimal_places=2,
        null=True,
        blank=True,
        validators=[MinValueValidator(0)],
    )
    quantity = models.PositiveIntegerField()
    shipping = models.BooleanField(default=False)
    category = models.ForeignKey(Category, on_delete=models.PROTECT, related_name="products")
    # The first photo of the gallery (`ProductPhoto`), kept here so every answer and the
    # product-photo call read it with the product.
    photo = models.ImageField(upload_to="products/", blank=True)
    # Up to three options, `[{"name": "Size", "values": ["S", "M"]}]`, in the order shown;
    # empty for a product sold one way. Each combination sold is a `Variant`.
    options = models.JSONField(default=list, blank=True)
    # Its own tax details; None takes the category's (catalog.tax). Nullable without a
    # default, so adding them to a large catalogue is a quick ALTER on every engine.
    hsn = models.CharField("HSN code", max_length=8, null=True, blank=True)
    gst_rate = models.PositiveSmallIntegerField(
        "GST rate (%)", choices=GST_RATE_CHOICES, null=True, blank=True
    )
    country_of_origin = models.CharField(max_length=60, null=True, blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(auto_now=True)
    # The average and number of its published reviews, kept here by the reviews app
    # (catalog.services.ratings.set_rating) so every answer and sort=rating read the
    # product row alone. No average without a review.
    rating_average = models.DecimalField(
        "average rating", max_digits=2, decimal_places=1, null=True, blank=True, editable=False
    )
    rating_count = models.PositiveIntegerField("ratings", default=0, editable=False)

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
            models.CheckConstraint(
                condition=models.Q(mrp__isnull=True) | models.Q(mrp__gte=models.F("price")),
                name="product_mrp_gte_price",
                violation_error_message="MRP must be at least the price.",
            ),
        ]
        indexes = [
            # product-list / get-product / product-filters: newest first. Covering: a
            # page's ids, with the filters' category and price, come from an
            # index-only scan (PostgreSQL; INCLUDE is ignored elsewhere).
            models.Index(
                fields=["-created_at", "-id"],
                name="product_list_cover_idx",
                include=["category", "price"],
            ),
            # product-filters counts, and the pages of a filter whose matches lie sparse in
            # the list (catalog/selectors/, `_page_ids`): categories and a price band, the
            # list order alongside, so the matches' ids are an index-only range, then sorted.
            models.Index(
                fields=["category", "price"],
                name="product_cat_price_cover_idx",
                include=["created_at", "id"],
            ),
            models.Index(
                fields=["price"], name="product_price_cover_idx", include=["created_at", "id"]
            ),
            # product-category pages, one-category filters, related-product: newest first
            # within a category, the price alongside.
            models.Index(
                fields=["category", "-created_at", "-id"],
                name="product_category_cover_idx",
                include=["price"],
            ),
        ]

    def __str__(self) -> str:
        return self.name


class ProductSlugHistory(models.Model):
    """A slug a product had before a rename: its old address answers 301 to the
    new one, and get-product answers the product, so shared links and carts survive."""

    slug = models.SlugField(max_length=220, unique=True, allow_unicode=True)
    product = models.ForeignKey(Product, on_delete=models.CASCADE, related_name="old_slugs")
    created_at = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return self.slug


class Variant(models.Model):
    """One way a product is sold (a size and colour; the only one for a product without
    options): its own SKU, stock, price and MRP. A product's `price` is its lowest variant
    price, its `mrp` that variant's MRP (the first of equal prices in the variants' order)
    and its `quantity` the sum of their stock, kept so by every write in the same
    transaction (catalog.variants, checkout, cancel), so lists, filters and their
    indexes read the product row alone."""

    product = models.ForeignKey(Product, on_delete=models.CASCADE, related_name="variants")
    sku = models.CharField("SKU", max_length=64)
    # {"Size": "M", "Colour": "Black"}: one value of each of the product's options.
    options = models.JSONField(default=dict, blank=True)
    # The values in the product's option order, joined: two variants of a product cannot
    # be the same combination (the database holds it).
    option_key = models.CharField(max_length=200, default="", blank=True, editable=False)
    price = models.DecimalField(max_digits=10, decimal_places=2, validators=[MinValueValidator(0)])
    # The maximum retail price, tax inclusive (Legal Metrology (Packaged Commodities)
    # Rules): at least `price`; None when not given.
    mrp = models.DecimalField(
        "MRP",
        max_digits=10,
        decimal_places=2,
        null=True,
        blank=True,
        validators=[MinValueValidator(0)],
    )
    quantity = models.PositiveIntegerField()
    position = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["position", "id"]
        constraints = [
            models.UniqueConstraint(
                Lower("sku"),
                name="variant_sku_ci_unique",
                violation_error_message="SKU already used",
            ),
            models.UniqueConstraint(
                fields=["product", "option_key"], name="variant_product_options_unique"
            ),
            models.CheckConstraint(condition=models.Q(price__gte=0), name="variant_price_gte_0"),
            models.CheckConstraint(
                condition=models.Q(mrp__isnull=True) | models.Q(mrp__gte=models.F("price")),
                name="variant_mrp_gte_price",
                violation_error_message="MRP must be at least the price.",
            ),
        ]
        indexes = [models.Index(fields=["product", "position", "id"], name="variant_product_idx")]

    def __str__(self) -> str:
        return self.sku

    @property
    def label(self) -> str:
        """ "Size M, Black": the values, for messages and order lines."""
        return ", ".join(str(value) for value in self.options.values())


class ProductPhoto(models.Model):
    """A photo of a product's gallery, in `position` order; the first is also the
    product's `photo`. `option` is the option value it shows (the blue case), or blank."""

    product = models.ForeignKey(Product, on_delete=models.CASCADE, related_name="photos")
    image = models.ImageField(upload_to="products/")
    alt = models.CharField(max_length=200, blank=True, default="")
    option = models.CharField(max_length=50, blank=True, default="")
    position = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["position", "id"]
        indexes = [models.Index(fields=["product", "position", "id"], name="photo_product_idx")]

    def __str__(self) -> str:
        return self.image.name
