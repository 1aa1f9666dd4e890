"""The security answer cannot be guessed for long: 10 wrong answers for one account within
24 hours lock its answer path (429, right or wrong) until the day passes or an emailed
reset link is used, and the owner is mailed on every reset and on a lockout. The emailed
link (Django's password-reset tokens) resets once and expires; asking for one answers the
same for known and unknown e-mails."""

import re
from contextlib import contextmanager

import pytest
from django.core import mail

from accounts import lockout, throttles
from accounts.tests.factories import PASSWORD, UserFactory
from accounts.tests.helpers import FORGOT, LOGIN, assert_error

pytestmark = pytest.mark.django_db

LINK = "/api/v1/auth/password-reset"
CONFIRM = "/api/v1/auth/password-reset/confirm"
NEW = "Monsoon-Garden-42"
LOCKED = (
    "Too many wrong answers for this account. Use the reset link we can e-mail you "
    "(Forgot password), or try again later."
)
SENT = "If an account uses that email, a reset link is on its way. Please check your inbox."
BAD_LINK = "This reset link is invalid, already used or expired. Please ask for a new one."


class Clock:
    now = 1_800_000_000.0

    def __call__(self):
        return self.now


@pytest.fixture
def mailed(run_tasks):
    """A block after which the task queue's due jobs (the account mails) have run."""

    @contextmanager
    def sending():
        yield
        run_tasks()

    return sending


@pytest.fixture
def clock(monkeypatch, settings):
    settings.THROTTLE_REDIS_URL = ""
    fake = Clock()
    monkeypatch.setattr(throttles._RateThrottle, "timer", fake)
    monkeypatch.setattr(lockout, "clock", fake)
    return fake


def forgot(api, user, answer="wrong", password=NEW):
    return api.post(FORGOT, {"email": user.email, "answer": answer, "newPassword": password})


def guess_ten_times(api, clock, user):
    """Ten wrong answers, two a minute: the per-minute throttle never stops them."""
    for n in range(10):
        assert_error(forgot(api, user, answer=f"wrong{n}"), 400, "Wrong email or answer")
        clock.now += 30


def link_from(message) -> tuple[str, str]:
    found = re.search(r"/reset-password/([\w-]+)/([\w-]+)", message.body)
    assert found, message.body
    return found.group(1), found.group(2)


def request_link(api, user, mailed):
    with mailed():
        response = api.post(LINK, {"email": user.email})
    assert response.status_code == 200
    return response


# --- lockout -----------------------------------------------------------------------------


def test_the_11th_answer_of_a_day_is_429_even_after_the_minute_and_when_right(api, clock, mailed):
    user = UserFactory()
    with mailed():
        guess_ten_times(api, clock, user)
    clock.now += 120  # well past any per-minute window

    wrong = forgot(api, user)
    right = forgot(api, user, answer="cricket")

    for response in (wrong, right):
        assert_error(response, 429, LOCKED)
        assert 0 < int(response["Retry-After"]) <= 24 * 3600
    user.refresh_from_db()
    assert user.check_password(PASSWORD)
    # The owner hears of the lockout, once.
    assert [m.to for m in mail.outbox] == [[user.email]]
    assert "locked" in mail.outbox[0].subject.lower()


def test_the_lock_lifts_after_24_hours(api, clock):
    user = UserFactory()
    guess_ten_times(api, clock, user)

    clock.now += 24 * 3600
    assert forgot(api, user, answer="cricket").status_code == 200


def test_nine_wrong_answers_leave_the_right_one_working(api, clock):
    user = UserFactory()
    for n in range(9):
        forgot(api, user, answer=f"no{n}")
        clock.now += 30
    assert forgot(api, user, answer="cricket").status_code == 200


def test_one_account_s_lock_leaves_others_alone_and_unknown_emails_are_never_429(api, clock):
    user, other = UserFactory(), UserFactory()
    guess_ten_times(api, clock, user)

    assert forgot(api, other, answer="cricket").status_code == 200
    for _ in range(12):
        response = api.post(
            FORGOT, {"email": "ghost@example.com", "answer": "x", "newPassword": NEW}
        )
        assert response.status_code == 400
        clock.now += 30


def test_the_limit_is_a_setting(api, clock, settings):
    settings.RESET_ANSWER_MAX_WRONG = 2
    user = UserFactory()
    forgot(api, user)
    forgot(api, user)
    assert forgot(api, user, answer="cricket").status_code == 429


def test_every_reset_by_the_answer_mails_the_owner(api, clock, mailed):
    user = UserFactory()
    with mailed():
        assert forgot(api, user, answer="cricket").status_code == 200
    assert [m.to for m in mail.outbox] == [[user.email]]
    assert "password" in mail.outbox[0].subject.lower()


# --- the emailed link --------------------------------------------------------------------


def test_asking_for_a_link_answers_the_same_for_known_and_unknown_emails(api, mailed):
    user = UserFactory()
    known = request_link(api, user, mailed)
    with mailed():
        unknown = api.post(LINK, {"email": "nobody@example.com"})

    assert known.json() == unknown.json() == {"success": True, "message": SENT}
    assert unknown.status_code == 200
    assert [m.to for m in mail.outbox] == [[user.email]]
    assert "/reset-password/" in mail.outbox[0].body


def test_the_link_resets_once_mails_the_owner_and_unlocks_the_answer(api, clock, mailed):
    user = UserFactory()
    guess_ten_times(api, clock, user)
    request_link(api, user, mailed)
    uid, token = link_from(mail.outbox[-1])
    mail.outbox.clear()

    with mailed():
        used = api.post(CONFIRM, {"uid": uid, "token": token, "newPassword": NEW})
    again = api.post(CONFIRM, {"uid": uid, "token": token, "newPassword": "Another-Lotus-77"})

    assert used.status_code == 200 and used.json()["success"] is True
    assert_error(again, 400, BAD_LINK)
    login = api.post(LOGIN, {"email": user.email, "password": NEW})
    assert login.status_code == 200
    assert [m.to for m in mail.outbox] == [[user.email]]  # told of the reset
    # The answer path works again.
    assert forgot(api, user, answer="cricket", password="Third-Pass-2031").status_code == 200


def test_the_link_expires(api, settings, mailed, monkeypatch):
    from django.contrib.auth.tokens import default_token_generator

    user = UserFactory()
    request_link(api, user, mailed)
    uid, token = link_from(mail.outbox[-1])
    later = default_token_generator._now() + __import__("datetime").timedelta(
        seconds=settings.PASSWORD_RESET_TIMEOUT + 1
    )
    monkeypatch.setattr(default_token_generator, "_now", lambda: later)

    response = api.post(CONFIRM, {"uid": uid, "token": token, "newPassword": NEW})

    assert_error(response, 400, BAD_LINK)
    user.refresh_from_db()
    assert user.check_password(PASSWORD)


@pytest.mark.parametrize(
    "uid, token", [("MQ", "bad-token"), ("!!", "x"), ("OTk5OTk", "abc-def"), ("", "")]
)
def test_a_forged_link_is_refused(api, uid, token):
    UserFactory()
    response = api.post(CONFIRM, {"uid": uid, "token": token, "newPassword": NEW})
    assert response.status_code == 400
    assert response.json()["success"] is False


def test_a_weak_password_through_the_link_is_refused_and_the_link_still_works(api, mailed):
    user = UserFactory()
    request_link(api, user, mailed)
    uid, token = link_from(mail.outbox[-1])

    weak = api.post(CONFIRM, {"uid": uid, "token": token, "newPassword": "123"})
    assert weak.status_code == 400 and "newPassword" in weak.json()["errors"]
    assert api.post(CONFIRM, {"uid": uid, "token": token, "newPassword": NEW}).status_code == 200


def test_asking_for_links_is_throttled_per_email(api, settings):
    user = UserFactory()
    answers = [api.post(LINK, {"email": user.email}).status_code for _ in range(6)]
    assert answers == [200] * 5 + [429]


def test_the_new_calls_are_in_the_schema(api):
    schema = api.get("/api/schema/?format=json").json()
    assert "/api/v1/auth/password-reset" in schema["paths"]
    assert "/api/v1/auth/password-reset/confirm" in schema["paths"]
