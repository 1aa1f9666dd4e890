"""How many wrong security answers an account may take: RESET_ANSWER_MAX_WRONG within
RESET_ANSWER_LOCK_SECONDS (10 in 24 hours). Past that its answer path is locked, right
answer or wrong, until the window closes or an emailed reset link is used.

The per-minute throttles of forgot-password slow a guesser down; this bounds what one
guesser gets in a day (the answer space of "favourite sport" is small). Counted per
account in shop.throttling's store, so every server process sees one count."""

import time

from django.conf import settings

from accounts.models import User
from shop.throttling import counter_clear, counter_hit, counter_peek

clock = time.time


def _ident(user: User) -> str:
    return f"reset_answer_wrong:user-{user.pk}"


def answer_locked_for(user: User) -> float | None:
    """Seconds until the answer path opens again, or None when it is open."""
    held = counter_peek(_ident(user), now=clock())
    if held is None or held.count < settings.RESET_ANSWER_MAX_WRONG:
        return None
    return max(1.0, held.retry_after)


def answer_wrong(user: User) -> bool:
    """Count one wrong answer; True when this one locks the path."""
    hit = counter_hit(_ident(user), period=settings.RESET_ANSWER_LOCK_SECONDS, now=clock())
    return hit.count == settings.RESET_ANSWER_MAX_WRONG


def answer_unlock(user: User) -> None:
    counter_clear(_ident(user))
