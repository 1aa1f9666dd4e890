"""The buyer's mail about each step of a return, run by the task queue (shop/tasks.py)
like the order mails (orders/tasks.py): enqueued in the move's transaction
(`return_mail`, from returns.services), so a move that rolls back mails nothing, and
tried again while the mail server is away."""

from returns.emails import return_email_send
from returns.models import Return
from shop.tasks import MailNotSent, retrying


@retrying
def send_return_mail(return_id: int, status: str) -> None:
    """The mail for the return reaching `status`; raises when it did not go out, so the
    queue tries again later."""
    ret = (
        Return.objects.select_related(
            "order__buyer", "credit_note", "exchange_order", "exchange_variant__product"
        )
        .prefetch_related("lines__order_line")
        .get(pk=return_id)
    )
    if not return_email_send(ret=ret, status=status):
        raise MailNotSent(f"The {status} mail for return {return_id} was not sent.")


def return_mail(return_id: int, status: str) -> None:
    """The buyer's mail as a job written in this transaction: sent by a worker once the
    move is committed, never if it is not."""
    send_return_mail.enqueue(return_id, status)
