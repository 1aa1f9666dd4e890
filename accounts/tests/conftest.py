"""Fixtures for the accounts tests: users from the factories and a way to sign in."""

import pytest

from accounts.tests.factories import PASSWORD, AdminFactory, UserFactory
from accounts.tests.helpers import LOGIN


@pytest.fixture
def shopper(db):
    return UserFactory()


@pytest.fixture
def shop_admin(db):
    return AdminFactory()


@pytest.fixture
def login(api):
    """Log in through the real call and return the token it answers."""

    def _login(user, password=PASSWORD):
        response = api.post(LOGIN, {"email": user.email, "password": password})
        assert response.status_code == 200, response.json()
        return response.json()["token"]

    return _login
