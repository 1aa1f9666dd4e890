from django.apps import AppConfig


class ReturnsConfig(AppConfig):
    """Returns and exchanges of delivered order lines (docs/returns.md). The app plugs
    into orders through orders.payments and orders.to_act_on only: it registers the
    payment method of a replacement order, and the returns waiting for the owner (the
    dashboard's "to act on" list). Nothing imports this app but the URL map."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "returns"
    verbose_name = "Returns and exchanges"

    def ready(self):
        from orders.payments import register
        from orders.to_act_on import register_source
        from returns.payment import ExchangePayment
        from returns.to_act_on import requested_returns

        register(ExchangePayment())
        register_source("returns", requested_returns)
