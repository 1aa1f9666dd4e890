"""The daily cap of wrong security answers (accounts/lockout.py) holds against a parallel
burst: each attempt is counted, atomically, before its answer is checked, so 30 wrong
answers sent at once to real gunicorn workers get at most 10 checks (400) and the rest
429. Run on the test run's database (SQLite, or PostgreSQL when the tests run on it) with
the counters in the database and in the real Redis. The per-minute forgot-password
throttles are raised out of the way: this is the daily cap alone."""

import os
import secrets

import pytest
import redis
import requests

from shop.tests.live_gunicorn import gunicorn_server, together

FORGOT = "/api/v1/auth/forgot-password"
REDIS_URL = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/0")
ANSWER = "cricket"

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(params=["database", "redis"])
def store(request):
    """Where the counters live; in Redis an account id no other run uses (the key names
    it), deleted after."""
    user_id = 10_000_000 + secrets.randbelow(1_000_000_000)
    if request.param == "database":
        yield {"THROTTLE_REDIS_URL": ""}, user_id
        return
    yield {"THROTTLE_REDIS_URL": REDIS_URL}, user_id
    redis.Redis.from_url(REDIS_URL).delete(f"shopsphere:throttle:reset_answer_wrong:user-{user_id}")


def _server(tmp_path, environment):
    return gunicorn_server(
        tmp_path,
        WEB_CONCURRENCY="4",
        GUNICORN_THREADS="4",
        THROTTLE_RESET_EMAIL="1000/min",
        THROTTLE_RESET_IP="1000/min",
        **environment,
    )


def _account(server, user_id: int) -> str:
    email = f"target{user_id}@example.com"
    server.manage(
        "shell",
        "-c",
        "from accounts.models import User; "
        f"User.objects.create_user(id={user_id}, email='{email}', "
        f"password='Lotus-Blue-2027', name='Target', answer='{ANSWER}')",
    )
    return email


def _forgot(server, email, answer, password="Fresh-Lotus-2029"):
    def send():
        return requests.post(
            f"{server.url}{FORGOT}",
            json={"email": email, "answer": answer, "newPassword": password},
            timeout=120,
        )

    return send


def test_30_parallel_wrong_answers_get_at_most_10_checked(tmp_path, store):
    environment, user_id = store
    with _server(tmp_path, environment) as server:
        email = _account(server, user_id)
        answers = together([_forgot(server, email, f"wrong-{n}") for n in range(30)])
        statuses = [answer.status_code for answer in answers]
        # Locked now: the right answer too is 429, without a check.
        right = _forgot(server, email, ANSWER)()

    assert statuses.count(400) == 10, statuses
    assert statuses.count(429) == 20, statuses
    assert all(int(a.headers["Retry-After"]) >= 1 for a in answers if a.status_code == 429)
    assert right.status_code == 429, right.text


def test_a_right_answer_within_the_cap_works_in_a_burst(tmp_path, store):
    """Nine wrong answers and the right one at once: all ten are within the cap, the right
    one resets the password; the cap then still has the right one's place."""
    environment, user_id = store
    with _server(tmp_path, environment) as server:
        email = _account(server, user_id)
        calls = [_forgot(server, email, f"wrong-{n}") for n in range(9)]
        calls.append(_forgot(server, email, f"  {ANSWER.upper()} "))
        statuses = [answer.status_code for answer in together(calls)]
        # The right answer did not use up a place: one more wrong one is still checked.
        last_wrong = _forgot(server, email, "wrong-last")().status_code
        locked = _forgot(server, email, ANSWER, "Other-Lotus-2030")().status_code
        login = requests.post(
            f"{server.url}/api/v1/auth/login",
            json={"email": email, "password": "Fresh-Lotus-2029"},
            timeout=60,
        )

    assert statuses[:9] == [400] * 9, statuses
    assert statuses[9] == 200, statuses
    assert (last_wrong, locked) == (400, 429)
    assert login.status_code == 200, login.text
