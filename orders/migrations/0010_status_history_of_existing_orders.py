"""Gives every existing order the history it can be known to have: how it was placed
(Awaiting Payment when paid online, else Not Processed) at its creation, and its current
status at its last change when that is another status. The moves in between were not
recorded, so they are not invented."""

from django.db import migrations

BATCH = 2000


def forwards(apps, schema_editor):
    Order = apps.get_model("orders", "Order")
    OrderStatusChange = apps.get_model("orders", "OrderStatusChange")
    rows = []
    orders = Order.objects.order_by("pk").values_list(
        "pk", "status", "payment_method", "created_at", "updated_at"
    )
    for pk, status, method, created_at, updated_at in orders.iterator(chunk_size=BATCH):
        placed = "Awaiting Payment" if method == "razorpay" else "Not Processed"
        rows.append(OrderStatusChange(order_id=pk, status=placed, at=created_at))
        if status != placed:
            rows.append(OrderStatusChange(order_id=pk, status=status, at=updated_at))
        if len(rows) >= BATCH:
            OrderStatusChange.objects.bulk_create(rows)
            rows = []
    OrderStatusChange.objects.bulk_create(rows)


class Migration(migrations.Migration):
    dependencies = [("orders", "0009_order_status_change")]

    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
