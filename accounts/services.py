"""Writes for users: registration, login, password reset, profile updates.

Every service is keyword-only, runs in one transaction and calls `full_clean()` before it
saves, so a rejected request changes nothing. A token carries a digest of the password
hash (simplejwt's CHECK_REVOKE_TOKEN), so any password change ends every earlier token.
"""

from dataclasses import dataclass

from django.contrib.auth import authenticate
from django.contrib.auth.password_validation import validate_password
from django.contrib.auth.tokens import default_token_generator
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.encoding import force_str
from django.utils.http import urlsafe_base64_decode
from rest_framework.exceptions import APIException, AuthenticationFailed
from rest_framework_simplejwt.tokens import AccessToken

from accounts import lockout
from accounts.models import User, normalize_email
from accounts.selectors import user_get_by_email
from accounts.tasks import account_mail_after_commit
from shop.api.exceptions import Conflict

ALREADY_REGISTERED = "Already registered, please login"
INVALID_LOGIN = "Invalid email or password"
WRONG_EMAIL_OR_ANSWER = "Wrong email or answer"
ROLE_UNCHANGEABLE = "Your role cannot be changed from your profile."
CURRENT_PASSWORD_MISSING = "Please enter your current password to change it."
CURRENT_PASSWORD_WRONG = "Your current password is not correct."
ANSWER_LOCKED = (
    "Too many wrong answers for this account. Use the reset link we can e-mail you "
    "(Forgot password), or try again later."
)
RESET_LINK_BAD = "This reset link is invalid, already used or expired. Please ask for a new one."


class AnswerLocked(APIException):
    """429 with Retry-After (DRF's handler writes `wait` into the header)."""

    status_code = 429
    default_detail = ANSWER_LOCKED
    default_code = "answer_locked"

    def __init__(self, wait: float):
        super().__init__()
        self.wait = int(wait) + (wait % 1 > 0)


def _check_password_strength(*, password: str, user: User, field: str) -> None:
    """Django's configured validators; all their messages in one sentence (F14), so the
    shopper sees every rule the password breaks at once."""
    try:
        validate_password(password, user=user)
    except ValidationError as error:
        raise ValidationError({field: [" ".join(error.messages)]}) from error


def user_issue_token(*, user: User) -> str:
    """A signed access token (lifetime from SIMPLE_JWT) tied to the current password."""
    return str(AccessToken.for_user(user))


def user_register(
    *, name: str, email: str, password: str, phone: str, address: str, answer: str
) -> User:
    """A new shopper. The e-mail is unique regardless of case (409), the password passes
    the password validators, the password and the security answer are stored hashed.
    Both hashes are made before the write transaction, which holds only the insert."""
    email = normalize_email(email)
    if User.objects.filter(email=email).exists():
        raise Conflict(ALREADY_REGISTERED)
    user = User(name=name, email=email, phone=phone, address=address, role=User.Role.SHOPPER)
    _check_password_strength(password=password, user=user, field="password")
    user.set_password(password)
    user.set_answer(answer)
    user.full_clean()
    try:
        # A concurrent registration of the same e-mail that won the race ends as 409.
        with transaction.atomic():
            user.save()
    except IntegrityError as error:
        raise Conflict(ALREADY_REGISTERED) from error
    return user


def user_login(*, email: str, password: str) -> tuple[User, str]:
    """The user and a fresh token. Unknown e-mail, wrong password and deactivated user
    all get the same answer, so accounts cannot be discovered; Django's backend hashes
    even for an unknown e-mail, so timing does not tell either."""
    user = authenticate(None, username=email, password=password)
    if user is None:
        raise AuthenticationFailed(INVALID_LOGIN)
    return user, user_issue_token(user=user)


def user_reset_password(*, email: str, answer: str, new_password: str) -> User:
    """A new password for whoever knows the e-mail and the security answer (compared
    trimmed, case-insensitively). One message for a wrong e-mail or a wrong answer; the
    new password passes the validators; every earlier token stops working. The hashing
    happens before the write, which is one UPDATE."""
    user = user_get_by_email(email=email)
    attempt = None
    if user is not None:
        # Each attempt is counted before its answer is checked, so a parallel burst gets
        # no more checks than the cap; past it, 429 without a check (right or wrong).
        attempt = lockout.answer_attempt(user)
        if not attempt.allowed:
            raise AnswerLocked(attempt.retry_after)
    # One answer check on every path (a dummy hash without a user or an answer), so
    # timing does not tell an unknown e-mail from a wrong answer.
    if not (user or User()).check_answer(answer) or user is None:
        if attempt is not None and attempt.last:
            account_mail_after_commit(kind="answer_locked", user=user)
        raise ValidationError(WRONG_EMAIL_OR_ANSWER)
    lockout.answer_right(user)
    _check_password_strength(password=new_password, user=user, field="newPassword")
    user.set_password(new_password)
    user.full_clean()
    with transaction.atomic():
        user.save(update_fields=["password", "updated_at"])
        account_mail_after_commit(kind="password_reset", user=user)
    return user


def user_reset_link_send(*, email: str, base_url: str) -> None:
    """Mail a single-use, expiring reset link (Django's password-reset tokens: a token
    stops working once the password changes, and after PASSWORD_RESET_TIMEOUT) to the
    account with this e-mail. Nothing happens, and nothing tells, for an unknown one."""
    user = user_get_by_email(email=email)
    if user is None or not user.has_usable_password():
        return
    account_mail_after_commit(kind="reset_link", user=user, base_url=base_url)


def _user_for_link(uid: str, token: str) -> User:
    try:
        pk = int(force_str(urlsafe_base64_decode(uid)))
    except (TypeError, ValueError, OverflowError, UnicodeDecodeError):
        pk = None
    user = User.objects.filter(pk=pk, is_active=True).first() if pk else None
    if user is None or not default_token_generator.check_token(user, token):
        raise ValidationError(RESET_LINK_BAD)
    return user


def user_reset_link_confirm(*, uid: str, token: str, new_password: str) -> User:
    """A new password through an emailed link: the link works once (the token is tied to
    the password it was made for) and unlocks the security-answer path."""
    user = _user_for_link(uid, token)
    _check_password_strength(password=new_password, user=user, field="newPassword")
    user.set_password(new_password)
    user.full_clean()
    with transaction.atomic():
        # Two requests with one link at once: the row lock lets one through; the other
        # then finds the password changed, and with it the token dead.
        fresh = User.objects.select_for_update().get(pk=user.pk)
        if not default_token_generator.check_token(fresh, token):
            raise ValidationError(RESET_LINK_BAD)
        user.save(update_fields=["password", "updated_at"])
        account_mail_after_commit(kind="password_reset", user=user)
    lockout.answer_unlock(user)
    return user


@dataclass(frozen=True)
class ProfileUpdate:
    user: User
    token: str | None  # a fresh token when the password changed (the old ones died)


def user_update_profile(
    *,
    user: User,
    name: str | None = None,
    phone: str | None = None,
    address: str | None = None,
    password: str | None = None,
    current_password: str | None = None,
    role: int | None = None,
) -> ProfileUpdate:
    """Blank or missing values keep the old ones. The e-mail never changes here (the
    caller does not pass it); the role cannot be changed by its owner (sending the
    current role is harmless, another one is refused). A new password passes the
    validators and ends every earlier token; the answer carries a fresh one. Changing the
    password needs the current one (a borrowed session must not take the account). The
    passwords are checked and hashed before the write transaction opens."""
    if password and not current_password:
        raise ValidationError({"currentPassword": [CURRENT_PASSWORD_MISSING]})
    if password and not user.check_password(current_password):
        raise ValidationError({"currentPassword": [CURRENT_PASSWORD_WRONG]})
    hashed = None
    if password:
        draft = User(email=user.email, name=name or user.name, phone=phone or user.phone)
        _check_password_strength(password=password, user=draft, field="password")
        draft.set_password(password)
        hashed = draft.password
    with transaction.atomic():
        user = User.objects.select_for_update().filter(pk=user.pk, is_active=True).first()
        if user is None:  # deleted or deactivated since the token was checked
            raise AuthenticationFailed("Please log in to continue.")
        if role is not None and role != user.role:
            raise ValidationError({"role": [ROLE_UNCHANGEABLE]})
        for field, value in (("name", name), ("phone", phone), ("address", address)):
            if value:
                setattr(user, field, value)
        if hashed:
            user.password = hashed
        user.full_clean()
        user.save()
    return ProfileUpdate(user=user, token=user_issue_token(user=user) if password else None)
