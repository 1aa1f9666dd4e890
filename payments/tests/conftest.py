"""The payments tests use orders' fixtures: buyers and their API clients, an admin's,
and the Razorpay stand-in (`razorpay`), which orders' tests, the e2e journeys and the
fuzzer share."""

from orders.tests.conftest import (  # noqa: F401 (fixtures)
    admin_api,
    buyer,
    buyer_api,
    other_api,
    razorpay,
)
