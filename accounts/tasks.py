"""Account mails run by the task queue (shop/tasks.py), enqueued by accounts.emails."""

from django.conf import settings

from accounts.emails import send_account_mail
from accounts.models import User
from shop.tasks import MailNotSent, retrying


@retrying
def send_account_mail_job(kind: str, user_id: int, base_url: str = "") -> None:
    """One account mail ("reset_link", "password_reset", "answer_locked") to the user, its
    reset link made now; raises when it did not go out, so the queue tries again."""
    from accounts.services import reset_link_for

    user = User.objects.filter(pk=user_id).first()
    if user is None:
        return  # the account is gone: nobody to tell
    link = reset_link_for(user, base_url) if kind == "reset_link" else ""
    hours = max(1, round(settings.PASSWORD_RESET_TIMEOUT / 3600))
    if not send_account_mail(kind=kind, to=user.email, name=user.name, link=link, hours=hours):
        raise MailNotSent(f"The {kind} mail to user {user_id} was not sent.")
