"""Writes for users: registration, login, password reset, profile updates.

Every service is keyword-only, runs in one transaction and calls `full_clean()` before it
saves, so a rejected request changes nothing. A token carries a digest of the password
hash (simplejwt's CHECK_REVOKE_TOKEN), so any password change ends every earlier token.
"""

from dataclasses import dataclass

from django.contrib.auth import authenticate
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from rest_framework.exceptions import AuthenticationFailed
from rest_framework_simplejwt.tokens import AccessToken

from accounts.models import User, normalize_email
from accounts.selectors import user_get_by_email
from shop.api.exceptions import Conflict

ALREADY_REGISTERED = "Already registered, please login"
INVALID_LOGIN = "Invalid email or password"
WRONG_EMAIL_OR_ANSWER = "Wrong email or answer"
ROLE_UNCHANGEABLE = "Your role cannot be changed from your profile."


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


@transaction.atomic
def user_register(
    *, name: str, email: str, password: str, phone: str, address: str, answer: str
) -> User:
    """A new shopper. The e-mail is unique regardless of case (409), the password passes
    the password validators, the password and the security answer are stored hashed."""
    email = normalize_email(email)
    if User.objects.filter(email=email).exists():
        raise Conflict(ALREADY_REGISTERED)
    user = User(name=name, email=email, phone=phone, address=address, role=User.Role.SHOPPER)
    _check_password_strength(password=password, user=user, field="password")
    user.set_password(password)
    user.set_answer(answer)
    user.full_clean()
    try:
        # A savepoint, so a concurrent registration of the same e-mail that won the
        # race ends as 409 rather than a broken transaction.
        with transaction.atomic():
            user.save()
    except IntegrityError as error:
        raise Conflict(ALREADY_REGISTERED) from error
    return user


@transaction.atomic
def user_login(*, email: str, password: str) -> tuple[User, str]:
    """The user and a fresh token. Unknown e-mail, wrong password and deactivated user
    all get the same answer, so accounts cannot be discovered; Django's backend hashes
    even for an unknown e-mail, so timing does not tell either."""
    user = authenticate(None, username=email, password=password)
    if user is None:
        raise AuthenticationFailed(INVALID_LOGIN)
    return user, user_issue_token(user=user)


@transaction.atomic
def user_reset_password(*, email: str, answer: str, new_password: str) -> User:
    """A new password for whoever knows the e-mail and the security answer (compared
    trimmed, case-insensitively). One message for a wrong e-mail or a wrong answer; the
    new password passes the validators; every earlier token stops working."""
    user = user_get_by_email(email=email)
    if user is None:
        User().set_answer(answer)  # the same hashing work as for a real account
        raise ValidationError(WRONG_EMAIL_OR_ANSWER)
    if not user.check_answer(answer):
        raise ValidationError(WRONG_EMAIL_OR_ANSWER)
    _check_password_strength(password=new_password, user=user, field="newPassword")
    user.set_password(new_password)
    user.full_clean()
    user.save(update_fields=["password", "updated_at"])
    return user


@dataclass(frozen=True)
class ProfileUpdate:
    user: User
    token: str | None  # a fresh token when the password changed (the old ones died)


@transaction.atomic
def user_update_profile(
    *,
    user: User,
    name: str | None = None,
    phone: str | None = None,
    address: str | None = None,
    password: str | None = None,
    role: int | None = None,
) -> ProfileUpdate:
    """Blank or missing values keep the old ones. The e-mail never changes here (the
    caller does not pass it); the role cannot be changed by its owner (sending the
    current role is harmless, another one is refused). A new password passes the
    validators and ends every earlier token; the answer carries a fresh one."""
    user = User.objects.select_for_update().filter(pk=user.pk, is_active=True).first()
    if user is None:  # deleted or deactivated since the token was checked
        raise AuthenticationFailed("Please log in to continue.")
    if role is not None and role != user.role:
        raise ValidationError({"role": [ROLE_UNCHANGEABLE]})
    for field, value in (("name", name), ("phone", phone), ("address", address)):
        if value:
            setattr(user, field, value)
    if password:
        _check_password_strength(password=password, user=user, field="password")
        user.set_password(password)
    user.full_clean()
    user.save()
    return ProfileUpdate(user=user, token=user_issue_token(user=user) if password else None)
