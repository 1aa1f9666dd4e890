from django.apps import AppConfig


class ReturnsConfig(AppConfig):
    """Returns and exchanges of delivered order lines (docs/returns.md). The app plugs
    into orders through orders.payments only: it registers the payment method of a
    replacement order there. Nothing imports this app but the URL map."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "returns"
    verbose_name = "Returns and exchanges"

    def ready(self):
        from orders.payments import register
        from returns.payment import ExchangePayment

        register(ExchangePayment())
