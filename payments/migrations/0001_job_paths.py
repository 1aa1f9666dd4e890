"""The payment jobs moved from orders.tasks to the payments app: queued (and past) job
rows are pointed at the new paths, so a refund or an expiry enqueued before the move
still runs after it, and the periodic run's history stays one series. Reversible."""

from django.db import migrations

MOVED = {
    "orders.tasks.refund_payment": "payments.refunds.refund_payment",
    "orders.tasks.expire_order": "payments.expiry.expire_order",
    "orders.tasks.reconcile_payments": "payments.tasks.reconcile_payments",
}


def _rename(apps, paths):
    jobs = apps.get_model("django_tasks_database", "DBTaskResult").objects
    for old, new in paths.items():
        jobs.filter(task_path=old).update(task_path=new)


def forwards(apps, schema_editor):
    _rename(apps, MOVED)


def backwards(apps, schema_editor):
    _rename(apps, {new: old for old, new in MOVED.items()})


class Migration(migrations.Migration):
    dependencies = [
        ("django_tasks_database", "0021_conditional_partial_index_ordering"),
        ("orders", "0012_refund_asking_until"),
    ]

    operations = [migrations.RunPython(forwards, backwards)]
