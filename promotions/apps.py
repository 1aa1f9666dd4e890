from django.apps import AppConfig


class PromotionsConfig(AppConfig):
    """Coupons: the admin's discount codes and the rule of what a code takes off a cart
    (promotions.discounts). Orders reads them at checkout; this app imports no order
    code (a coupon's uses are the orders that hold it, counted through the relation)."""

    name = "promotions"
    verbose_name = "Promotions"
