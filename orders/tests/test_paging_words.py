"""The admin's order list says what is wrong with a page number: a huge one is "too
large", never "at least 1"."""

import pytest

from accounts.tests.factories import AdminFactory
from orders.tests.conftest import client_for

pytestmark = pytest.mark.django_db

ALL = "/api/v1/auth/all-orders"


@pytest.mark.parametrize("page", ["1000000001", "99999999999999999999", "9" * 2000])
def test_a_huge_page_is_too_large_not_below_one(page):
    response = client_for(AdminFactory()).get(f"{ALL}?page={page}")

    assert response.status_code == 400
    assert response.json()["message"] == "Page is too large."


@pytest.mark.parametrize("page", ["0", "-3", "abc"])
def test_a_page_below_one_or_not_a_number_says_so(page):
    response = client_for(AdminFactory()).get(f"{ALL}?page={page}")

    assert response.status_code == 400
    assert response.json()["message"] == "Page must be a whole number of at least 1."


def test_a_page_past_the_end_is_an_empty_list():
    response = client_for(AdminFactory()).get(f"{ALL}?page=999999999")

    assert response.status_code == 200
    assert response.json() == []
