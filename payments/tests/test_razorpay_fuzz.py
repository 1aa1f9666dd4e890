"""Short fuzz of the online-payment calls with Razorpay on (the stand-in): checkout,
verify and the webhook, as a shopper, on the test database (shop/tests/test_fuzz.py
covers every call with Razorpay off). No 5xx, and every answer within the schema:
checkout's 201 with its `razorpay` object included."""

import pytest
import schemathesis
from django.core.wsgi import get_wsgi_application
from hypothesis import HealthCheck, settings
from rest_framework_simplejwt.tokens import AccessToken

from accounts.tests.factories import UserFactory
from catalog.tests.factories import CategoryFactory, ProductFactory
from shop.tests.test_fuzz import CHECKS, _keep_the_test_transaction  # noqa: F401

schema = schemathesis.openapi.from_wsgi("/api/schema/?format=json", get_wsgi_application()).include(
    path_regex=r"^/api/v1/(orders/checkout|orders/\{[^}]+\}/razorpay/verify|payments/)"
)


@pytest.fixture
def shopper(db, razorpay):
    lamps = CategoryFactory(name="Lamps")
    ProductFactory(name="Desk Lamp", category=lamps, quantity=1000)
    ProductFactory(name="Floor Lamp", category=lamps, quantity=1000)
    return str(AccessToken.for_user(UserFactory(address="12 MG Road, Bengaluru 560001")))


@schema.parametrize()
@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)
def test_the_payment_calls_answer_within_their_schema_with_razorpay_on(case, shopper):
    case.call_and_validate(headers={"Authorization": f"Bearer {shopper}"}, checks=CHECKS)
