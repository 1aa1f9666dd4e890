from django.apps import AppConfig


class WishlistConfig(AppConfig):
    """The wishlist and back-in-stock alerts (docs/wishlist.md). It listens to the
    catalogue's stock writers through catalog.services.restock and registers its sweep
    with the task queue's scheduler; nothing imports this app but the URL map."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "wishlist"
    verbose_name = "Wishlist and back-in-stock alerts"

    def ready(self):
        from catalog.services.restock import register_restock_listener
        from shop.tasks import periodic
        from wishlist.alerts import stock_rose, sweep_stock_alerts

        register_restock_listener(stock_rose)
        periodic(sweep_stock_alerts, every="STOCK_ALERT_SWEEP_SECONDS")
