from django.apps import AppConfig


class PromotionsConfig(AppConfig):
    """Sales and coupons. The app plugs into the catalogue through catalog.prices only: it
    registers how a sale prices a unit and how the schedule is loaded, and tells the
    catalogue when a sale was written (after the commit), so prices in force reach every
    answer. Orders reads coupons and sale prices at checkout; this app imports no order
    code (a coupon's uses are the orders that hold it, counted through the relation)."""

    name = "promotions"
    verbose_name = "Promotions"

    def ready(self):
        from django.db import transaction
        from django.db.models.signals import post_delete, post_save

        from catalog import prices
        from catalog.cache import sales_changed
        from promotions import pricing
        from promotions.models import Sale

        prices.register(pricing.SalePricing())

        def changed(**kwargs):
            transaction.on_commit(sales_changed)

        post_save.connect(changed, sender=Sale, weak=False, dispatch_uid="promotions.sale_saved")
        post_delete.connect(
            changed, sender=Sale, weak=False, dispatch_uid="promotions.sale_deleted"
        )
