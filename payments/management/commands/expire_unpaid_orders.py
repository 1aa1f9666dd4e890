"""`manage.py expire_unpaid_orders`: cancels every online order left Awaiting Payment past
PAYMENT_WINDOW_MINUTES and returns its stock (or pays it, when the gateway took its
money). Each order's own expiry job does this on time, and the reconcile run
(`manage.py reconcile_payments`, which the task worker runs) sweeps what a lost job left;
this is that sweep's order half on its own."""

from django.core.management.base import BaseCommand

from payments.expiry import expire_overdue


class Command(BaseCommand):
    help = "Cancel online orders not paid within PAYMENT_WINDOW_MINUTES; stock goes back."

    def handle(self, *args, **options):
        outcomes = expire_overdue()
        self.stdout.write(f"Cancelled {outcomes.get('cancelled', 0)} unpaid order(s).")
        if outcomes.get("paid"):
            self.stdout.write(f"{outcomes['paid']} were paid at the gateway: marked paid.")
        if outcomes.get("waiting"):
            self.stdout.write(
                f"{outcomes['waiting']} could not be checked (the gateway is unreachable): "
                "left awaiting payment for the next run."
            )
