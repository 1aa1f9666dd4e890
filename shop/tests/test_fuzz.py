"""Short fuzz of every API call (the CI part of `make fuzz`): schemathesis generates
requests from /api/schema/ and sends them to the real app, in-process, on the test
database, as an anonymous visitor, a shopper and an admin.

Every answer must be: not a 5xx, a status the schema lists for that call, the content type
it lists, and a body matching the listed shape (the contract's success or error shape).
`make fuzz` runs the same checks longer against a live gunicorn server.
"""

import pytest
import schemathesis
from django.core import signals
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from rest_framework_simplejwt.tokens import AccessToken
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from accounts.tests.factories import AdminFactory, UserFactory
from catalog.tests.factories import CategoryFactory, ProductFactory

CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
]
EXAMPLES_PER_CALL = 12


# Loaded at collection (the schema view reads no database); requests go to the WSGI app.
schema = schemathesis.openapi.from_wsgi("/api/schema/?format=json", get_wsgi_application())


@pytest.fixture(autouse=True)
def _keep_the_test_transaction():
    """The WSGI handler closes "old" connections around each request; on PostgreSQL that
    would close the test's transaction. Django's test client switches this off the same way."""
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    yield
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)


@pytest.fixture
def tokens(db):
    """Something to find (ids 1.. exist) and a token for each role."""
    phones = CategoryFactory(name="Phones")
    ProductFactory(name="Pixel Phone", category=phones, with_photo=True)
    ProductFactory(name="Plain Phone", category=phones)
    CategoryFactory(name="Empty Shelf")

    def token(factory):
        return str(AccessToken.for_user(factory()))

    # A generated profile update may change the password, which revokes that user's
    # tokens: profile calls get a user of their own so the other calls keep theirs.
    return {
        "anonymous": (None, None),
        "shopper": (token(UserFactory), token(UserFactory)),
        "admin": (token(AdminFactory), token(AdminFactory)),
    }


FUZZ = settings(
    max_examples=EXAMPLES_PER_CALL,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)


def _call(case, tokens):
    token = tokens[1] if case.path == "/api/v1/auth/profile" else tokens[0]
    case.call_and_validate(headers={"Authorization": token} if token else {}, checks=CHECKS)


@schema.parametrize()
@FUZZ
def test_every_call_answers_within_its_schema_for_a_visitor(case, tokens):
    _call(case, tokens["anonymous"])


@schema.parametrize()
@FUZZ
def test_every_call_answers_within_its_schema_for_a_shopper(case, tokens):
    _call(case, tokens["shopper"])


@schema.parametrize()
@FUZZ
def test_every_call_answers_within_its_schema_for_an_admin(case, tokens):
    _call(case, tokens["admin"])
