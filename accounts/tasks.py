"""Account mails run by the task queue (shop/tasks.py): the job, and the one call that
enqueues it (accounts.services calls it in the transaction of the change it reports)."""

from django.conf import settings

from accounts.emails import reset_link_for, send_account_mail
from accounts.models import User
from shop.tasks import MailNotSent, retrying


@retrying
def send_account_mail_job(kind: str, user_id: int, base_url: str = "") -> None:
    """One account mail ("reset_link", "password_reset", "answer_locked") to the user, its
    reset link made now; raises when it did not go out, so the queue tries again."""
    user = User.objects.filter(pk=user_id).first()
    if user is None:
        return  # the account is gone: nobody to tell
    link = reset_link_for(user, base_url) if kind == "reset_link" else ""
    hours = max(1, round(settings.PASSWORD_RESET_TIMEOUT / 3600))
    if not send_account_mail(kind=kind, to=user.email, name=user.name, link=link, hours=hours):
        raise MailNotSent(f"The {kind} mail to user {user_id} was not sent.")


def account_mail_after_commit(*, kind: str, user, base_url: str = "") -> None:
    """Queue one account mail to `user` as a job of the task queue (shop/tasks.py),
    written in the current transaction: sent once that commits, tried again while the
    mail server is away. A reset link is made when the mail is sent (`base_url`: the
    shop's address it starts with), so no usable link waits in the queue's table."""
    send_account_mail_job.enqueue(kind, user.pk, base_url)
