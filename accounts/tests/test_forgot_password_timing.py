"""Forgot-password does the same hashing work whether the e-mail is unknown, the account
has no security answer, or the answer is wrong, so timing cannot tell them apart. The
hasher's calls are counted (not timed): one answer check on every path."""

import pytest
from django.contrib.auth.hashers import MD5PasswordHasher

from accounts.models import User
from accounts.tests.factories import UserFactory
from accounts.tests.helpers import FORGOT

pytestmark = pytest.mark.django_db


class CountingHasher(MD5PasswordHasher):
    """Django's real MD5 hasher that counts how often it hashes."""

    calls = 0

    def encode(self, password, salt):
        CountingHasher.calls += 1
        return super().encode(password, salt)


@pytest.fixture
def counting(settings):
    settings.PASSWORD_HASHERS = [f"{__name__}.CountingHasher"]
    CountingHasher.calls = 0
    return CountingHasher


def hashes_for(api, counting, email: str, answer: str = "wrong answer") -> int:
    before = counting.calls
    response = api.post(FORGOT, {"email": email, "answer": answer, "newPassword": "Fresh-Lotus-29"})
    assert response.status_code == 400
    assert response.json()["message"] == "Wrong email or answer"
    return counting.calls - before


def test_every_failing_path_hashes_the_answer_exactly_once(api, counting):
    with_answer = UserFactory()
    without_answer = UserFactory()
    User.objects.filter(pk=without_answer.pk).update(answer_hash="")
    hashes_for(api, counting, "warm-up@example.com")  # the dummy hash is made once

    work = {
        "unknown e-mail": hashes_for(api, counting, "nobody@example.com"),
        "no security answer": hashes_for(api, counting, without_answer.email),
        "wrong answer": hashes_for(api, counting, with_answer.email),
    }

    assert work == {"unknown e-mail": 1, "no security answer": 1, "wrong answer": 1}


def test_an_account_without_an_answer_never_matches_even_the_dummys_secret(api, counting):
    user = UserFactory()
    User.objects.filter(pk=user.pk).update(answer_hash="")

    for answer in ("", " ", "cricket", "dummy"):
        response = api.post(
            FORGOT, {"email": user.email, "answer": answer or "x", "newPassword": "Fresh-Lotus-29"}
        )
        assert response.status_code == 400
