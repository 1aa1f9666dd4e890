from django.apps import AppConfig


class ReviewsConfig(AppConfig):
    """Product reviews, helpful votes, reports and their moderation (docs/reviews.md). It
    plugs into the catalogue through catalog.services.ratings only: every write keeps the
    product's rating there, and the product page's JSON-LD reads its newest published
    reviews through the source registered here; the dashboard's "to act on" list counts the
    reported reviews through orders.to_act_on. Nothing imports this app but the URL map."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "reviews"
    verbose_name = "Reviews"

    def ready(self):
        from catalog.services.ratings import register_review_source
        from orders.to_act_on import register_source
        from reviews.selectors import review_source
        from reviews.to_act_on import reported_reviews

        register_review_source(review_source)
        register_source("reviews", reported_reviews)
