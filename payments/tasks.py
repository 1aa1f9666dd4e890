"""The payments app's periodic job: the reconcile run (payments.reconcile), which the app
registers with the task queue's scheduler (shop/tasks.py) when it is ready. The other
jobs live with what enqueues them: `refund_payment` in payments.refunds, `expire_order`
in payments.expiry."""

from django_tasks import task

from payments.reconcile import reconcile


@task()
def reconcile_payments() -> dict:
    """The periodic run of `manage.py reconcile_payments` (scheduled every
    RECONCILE_INTERVAL_SECONDS, one at a time across every worker): unsettled refunds and
    overdue online orders asked of the gateway again."""
    return reconcile().as_dict()
