"""`manage.py reconcile_payments`: asks the gateway again about every refund not yet made
and every online order past its payment window, and settles each once (payments.reconcile).
The task worker runs it every RECONCILE_INTERVAL_SECONDS; run it by hand after an outage
to settle at once. Safe to run at the same moment as another run."""

from django.core.management.base import BaseCommand

from payments.reconcile import reconcile


class Command(BaseCommand):
    help = (
        "Ask the payment gateway again about unsettled refunds and online orders past "
        "their payment window, and settle each once."
    )

    def handle(self, *args, **options):
        self.stdout.write(str(reconcile()))
