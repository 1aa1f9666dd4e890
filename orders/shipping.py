"""The admin's status move with what shipping adds: the courier and its tracking number.

They are written in the transaction of the move itself (services.order_set_status), so
the "shipped" mail, which is sent after the commit and reads the order again, carries
them, and a refused move writes neither."""

from django.db import transaction

from orders.models import Order, OrderStatus
from orders.services import order_set_status


def order_status_change(
    *, order_id: int, status: str, tracking_number: str = "", courier: str = "", by=None
) -> Order:
    """Move the order to `status`; with Shipped, also store the tracking number and courier
    (both optional)."""
    with transaction.atomic():
        order = order_set_status(order_id=order_id, status=status, by=by)
        if status == OrderStatus.SHIPPED and (tracking_number or courier):
            Order.objects.filter(pk=order.pk).update(
                tracking_number=tracking_number, courier=courier
            )
            order.tracking_number, order.courier = tracking_number, courier
    return order
