from django.apps import AppConfig


class PaymentsConfig(AppConfig):
    """Paying online (Razorpay). The app plugs into orders through orders.payments only:
    it registers its payment method there, and its reconcile run with the task queue's
    scheduler (shop/tasks.py). Orders never imports this app."""

    name = "payments"
    verbose_name = "Payments"

    def ready(self):
        from orders.payments import register
        from payments.methods import Razorpay
        from payments.tasks import reconcile_payments
        from shop.tasks import periodic

        register(Razorpay())
        periodic(reconcile_payments, every="RECONCILE_INTERVAL_SECONDS")
