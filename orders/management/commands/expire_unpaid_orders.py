"""`manage.py expire_unpaid_orders`: cancels every online order left Awaiting Payment past
PAYMENT_WINDOW_MINUTES and returns its stock. Each order's own expiry job does this on
time; this sweep catches any job that was lost (run it from cron, or by hand)."""

from django.core.management.base import BaseCommand

from orders.online import expire_overdue


class Command(BaseCommand):
    help = "Cancel online orders not paid within PAYMENT_WINDOW_MINUTES; stock goes back."

    def handle(self, *args, **options):
        cancelled = expire_overdue()
        self.stdout.write(f"Cancelled {cancelled} unpaid order(s).")
