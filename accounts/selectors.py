"""Reads of users. Nothing here writes."""

from dataclasses import dataclass

from accounts.models import User, normalize_email

USERS_PER_PAGE = 20


def user_get_by_email(*, email: str, active_only: bool = True) -> User | None:
    """The user with this e-mail (any case, surrounding spaces ignored), or None."""
    users = User.objects.filter(email=normalize_email(email))
    if active_only:
        users = users.filter(is_active=True)
    return users.first()


@dataclass(frozen=True)
class UserPage:
    users: list[User]
    total: int
    page: int
    pages: int


def user_list(*, page: int, per_page: int = USERS_PER_PAGE) -> UserPage:
    """One page of users, newest first, in two queries (count and page) whatever the page
    size. A page past the end is empty."""
    users = User.objects.order_by("-created_at", "-id").only(
        "id", "name", "email", "phone", "address", "role", "created_at"
    )
    total = users.count()
    start = (page - 1) * per_page
    rows = list(users[start : start + per_page]) if start < total else []
    return UserPage(users=rows, total=total, page=page, pages=-(-total // per_page))
