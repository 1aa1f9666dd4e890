"""Mail to an account's owner about its password: the reset link they asked for, a notice
after every reset, and a notice when too many wrong security answers lock the answer
path. Every such mail is a job of the task queue (`accounts.tasks.account_mail_after_commit`),
sent after the commit of the change it reports; a failing mail server never fails the
request. This module writes and sends a mail, and makes the reset link it carries; it
enqueues nothing (the job module imports it)."""

import logging

from django.conf import settings
from django.contrib.auth.tokens import default_token_generator
from django.core.mail import send_mail
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

logger = logging.getLogger("accounts.email")

# Where an emailed reset link points: the React app's page that asks for the new password.
RESET_LINK_PATH = "/reset-password/{uid}/{token}"

SUBJECTS = {
    "reset_link": "ShopSphere: reset your password",
    "password_reset": "ShopSphere: your password was changed",
    "answer_locked": "ShopSphere: password reset by security answer locked",
}


def _body(kind: str, *, name: str, link: str = "", hours: int = 0) -> str:
    if kind == "reset_link":
        lines = [
            "Someone (we hope you) asked to reset the password of your ShopSphere account.",
            "Open this link to choose a new password. It works once and expires in "
            f"{hours} hour{'s' if hours != 1 else ''}:",
            "",
            link,
            "",
            "If you did not ask for this, ignore this mail: your password stays as it is.",
        ]
    elif kind == "password_reset":
        lines = [
            "The password of your ShopSphere account was just changed through a password reset.",
            "If this was not you, reset your password at once from the login page "
            "(Forgot Password) and tell us.",
        ]
    else:
        lines = [
            "Someone answered the security question of your ShopSphere account wrongly too "
            "many times, so resetting your password with that answer is locked for now.",
            "Your password has not changed. To reset it, ask for a reset link on the "
            "Forgot Password page: the link is mailed only to you.",
        ]
    return "\n".join([f"Hello {name},", "", *lines, "", "ShopSphere"])


def send_account_mail(*, kind: str, to: str, name: str, link: str = "", hours: int = 0) -> bool:
    """Send one account mail now; returns whether it went out. Call it through
    `accounts.tasks.account_mail_after_commit`."""
    try:
        send_mail(
            SUBJECTS[kind],
            _body(kind, name=name, link=link, hours=hours),
            settings.DEFAULT_FROM_EMAIL,
            [to],
            fail_silently=False,
        )
    except Exception:
        logger.exception("Could not send the %s mail", kind)
        return False
    return True


def reset_link_for(user, base_url: str) -> str:
    """A single-use reset link for `user`, made now (it expires PASSWORD_RESET_TIMEOUT
    from now, and once the password changes)."""
    path = RESET_LINK_PATH.format(
        uid=urlsafe_base64_encode(force_bytes(user.pk)),
        token=default_token_generator.make_token(user),
    )
    return base_url.rstrip("/") + path
