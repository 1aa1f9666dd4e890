"""Nothing is lost after the sale: the reconcile run, `manage.py reconcile_payments`, also
run by the task worker every RECONCILE_INTERVAL_SECONDS (payments.tasks.reconcile_payments,
which the app registers as a periodic job of shop/tasks.py).

It asks the gateway again about
- every refund not yet made: `pending` with no refund id, whether its job is still trying
  or gave up while the gateway was away (`refunds.refund_make`: made, or found made by
  the key in its notes among the payment's refunds there, or marked failed when the
  gateway refuses it), oldest first: a payment with several refunds (partial cancels,
  returns, then what was left) has each asked once, for the amount it recorded;
- every refund the gateway took but has not settled (`pending` with a refund id, whose
  `refund.processed` or `refund.failed` webhook never came): its status is read again
  and, once the gateway has settled it, recorded (`refunds.refund_settle`);
- every online order still Awaiting Payment past PAYMENT_WINDOW_MINUTES
  (`expiry.expire_overdue`): paid when the gateway took its money, otherwise cancelled
  with its stock back.

Each row is settled once however many runs go at the same moment (the periodic one, one
by hand, a refund job): a refund is claimed by a conditional UPDATE before the gateway is
asked and one run asks; an order moves by a conditional UPDATE from Awaiting Payment, and
its stock comes back in that transaction. What the gateway cannot be reached for waits
for the next run."""

import logging
from dataclasses import asdict, dataclass

from orders.models import Refund, RefundStatus
from payments import expiry, gateway, refunds

logger = logging.getLogger("payments.reconcile")


@dataclass
class Reconciled:
    refunds_made: int = 0  # asked of the gateway now (or found already made there)
    refunds_refused: int = 0  # the gateway refused: marked failed, for the admin
    refunds_waiting: int = 0  # the gateway could not be reached: the next run asks
    refunds_settled: int = 0  # taken earlier, now processed or failed at the gateway
    orders_paid: int = 0  # the gateway had taken the money: paid
    orders_cancelled: int = 0  # not paid: cancelled, stock back
    orders_waiting: int = 0  # the gateway could not be reached: still awaiting payment

    def as_dict(self) -> dict:
        return asdict(self)

    def __str__(self) -> str:
        return (
            f"Refunds: {self.refunds_made} made, {self.refunds_refused} refused, "
            f"{self.refunds_waiting} waiting for the gateway, {self.refunds_settled} "
            f"settled since. Orders past their payment "
            f"window: {self.orders_paid} paid, {self.orders_cancelled} cancelled, "
            f"{self.orders_waiting} waiting for the gateway."
        )


def unsettled_refunds() -> list[int]:
    """The refunds not yet made at the gateway, oldest first."""
    return list(
        Refund.objects.filter(status=RefundStatus.PENDING, refund_id="")
        .order_by("created_at", "pk")
        .values_list("pk", flat=True)
    )


def unconfirmed_refunds() -> list[Refund]:
    """The refunds the gateway took (they have its id) and has not settled yet."""
    return list(
        Refund.objects.filter(status=RefundStatus.PENDING)
        .exclude(refund_id="")
        .order_by("created_at", "pk")
    )


def _confirm(refund: Refund) -> bool:
    """Reads a taken refund's status at the gateway and records it once it is settled;
    True when it was. Raises gateway.GatewayUnavailable when the gateway is away."""
    try:
        found = gateway.fetch_refund(refund.refund_id)
    except gateway.GatewayRefused:
        logger.error(
            "Razorpay does not know refund %s of order %s", refund.refund_id, refund.order_id
        )
        return False
    status = found.get("status")
    if status not in (RefundStatus.PROCESSED, RefundStatus.FAILED):
        return False
    amount = found.get("amount") if isinstance(found.get("amount"), int) else None
    refunds.refund_settle(refund=refund, refund_id=refund.refund_id, status=status, amount=amount)
    return True


def reconcile() -> Reconciled:
    """One reconcile run; what it did."""
    done = Reconciled()
    for pk in unsettled_refunds():
        try:
            outcome = refunds.refund_make(refund_pk=pk)
        except gateway.GatewayUnavailable:
            done.refunds_waiting += 1
            continue
        if outcome == "made":
            done.refunds_made += 1
        elif outcome == "refused":
            done.refunds_refused += 1
    for refund in unconfirmed_refunds():
        try:
            done.refunds_settled += _confirm(refund)
        except gateway.GatewayUnavailable:
            done.refunds_waiting += 1
    expired = expiry.expire_overdue()
    done.orders_paid = expired.get("paid", 0)
    done.orders_cancelled = expired.get("cancelled", 0)
    done.orders_waiting = expired.get("waiting", 0)
    if done.refunds_waiting or done.orders_waiting:
        logger.warning("Reconcile: the gateway could not be reached. %s", done)
    elif any(done.as_dict().values()):  # nothing waiting: anything done is news
        logger.info("Reconcile: %s", done)
    return done
