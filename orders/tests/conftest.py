"""Signed-in clients for a buyer, another shopper and an admin."""

import pytest
from rest_framework.test import APIClient
from rest_framework_simplejwt.tokens import AccessToken

from accounts.tests.factories import AdminFactory, UserFactory


def client_for(user=None) -> APIClient:
    client = APIClient()
    client.default_format = "json"
    if user is not None:
        client.credentials(HTTP_AUTHORIZATION=f"Bearer {AccessToken.for_user(user)}")
    return client


@pytest.fixture
def buyer(db):
    return UserFactory(address="12 MG Road, Bengaluru 560001")


@pytest.fixture
def buyer_api(buyer):
    return client_for(buyer)


@pytest.fixture
def other_api(db):
    return client_for(UserFactory())


@pytest.fixture
def admin_api(db):
    return client_for(AdminFactory())


@pytest.fixture
def razorpay(settings):
    """The Razorpay stand-in (orders/tests/razorpay_standin.py) on a free port, and the
    shop's settings pointed at it with its test keys."""
    from orders.tests.razorpay_standin import Standin

    standin = Standin().start()
    settings.RAZORPAY_KEY_ID = standin.key_id
    settings.RAZORPAY_KEY_SECRET = standin.key_secret
    settings.RAZORPAY_WEBHOOK_SECRET = standin.webhook_secret
    settings.RAZORPAY_API_BASE = standin.url
    settings.RAZORPAY_CHECKOUT_URL = standin.checkout_url
    settings.RAZORPAY_TIMEOUT_SECONDS = 1
    standin.hang_seconds = 2
    yield standin
    standin.stop()
