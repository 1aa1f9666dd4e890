from django.apps import AppConfig


class ReviewsConfig(AppConfig):
    """Product reviews, helpful votes, reports and their moderation (docs/reviews.md). It
    plugs into the catalogue through catalog.services.ratings only: every write keeps the
    product's rating there, and the product page's JSON-LD reads its newest published
    reviews through the source registered here. Nothing imports this app but the URL map."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "reviews"
    verbose_name = "Reviews"

    def ready(self):
        from catalog.services.ratings import register_review_source
        from reviews.selectors import review_source

        register_review_source(review_source)
