from django.apps import AppConfig


class OrdersConfig(AppConfig):
    name = "orders"
    verbose_name = "Orders"

    def ready(self):
        # A change of the shop's details reaches every server's next read (cached in the
        # shared cache by orders/shop_details.py), whoever saved it.
        from django.db.models.signals import post_delete, post_save

        from accounts.addresses import register_delivery_check
        from orders.delivery import served_among
        from orders.models import ShopDetails
        from orders.shop_details import shop_details_changed

        post_save.connect(shop_details_changed, sender=ShopDetails, dispatch_uid="shop-details")
        post_delete.connect(
            shop_details_changed, sender=ShopDetails, dispatch_uid="shop-details-del"
        )
        # The address book makes no address the shop does not deliver to the default.
        register_delivery_check(served_among)
