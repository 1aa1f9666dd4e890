"""How many wrong security answers an account may take: RESET_ANSWER_MAX_WRONG within
RESET_ANSWER_LOCK_SECONDS (10 in 24 hours). Past that its answer path is locked, right
answer or wrong, until the window closes or an emailed reset link is used.

The per-minute throttles of forgot-password slow a guesser down; this bounds what one
guesser gets in a day (the answer space of "favourite sport" is small). Counted per
account in shop.throttling's store, so every server process sees one count."""

import time
from dataclasses import dataclass

from django.conf import settings

from accounts.models import User
from shop.throttling import counter_clear, counter_hit, counter_release

clock = time.time


def _ident(user: User) -> str:
    return f"reset_answer_wrong:user-{user.pk}"


@dataclass(frozen=True)
class Attempt:
    allowed: bool  # within the cap: the answer may be checked
    last: bool  # the last one the cap allows: wrong, it locks the path
    retry_after: float  # seconds until the window closes


def answer_attempt(user: User) -> Attempt:
    """Count one attempt at the answer, before it is checked: the count is one atomic
    step, so parallel attempts each get their own number and at most
    RESET_ANSWER_MAX_WRONG of them are ever checked in a window. A right answer is taken
    back by `answer_right`."""
    hit = counter_hit(_ident(user), period=settings.RESET_ANSWER_LOCK_SECONDS, now=clock())
    limit = settings.RESET_ANSWER_MAX_WRONG
    return Attempt(
        allowed=hit.count <= limit,
        last=hit.count == limit,
        retry_after=max(1.0, hit.retry_after),
    )


def answer_right(user: User) -> None:
    """The attempt was a right answer: it is not one of the wrong ones."""
    counter_release(_ident(user), now=clock())


def answer_unlock(user: User) -> None:
    counter_clear(_ident(user))
