"""GET /api/v1/auth/users?page=N (admin): a page of 20 users, newest first, without
secrets, in a fixed number of queries; the admin lists' shape (a bare list, X-Total-Count
and X-Page-Size)."""

import datetime

import pytest
from django.utils import timezone

from accounts.models import User
from accounts.tests.factories import UserFactory
from accounts.tests.helpers import USERS, assert_error, raw

pytestmark = pytest.mark.django_db

KEYS = {"_id", "name", "email", "phone", "address", "role", "createdAt"}


@pytest.fixture
def admin_token(shop_admin, login):
    # The admin joined long ago, so the shoppers below are all newer.
    User.objects.filter(pk=shop_admin.pk).update(
        created_at=timezone.now() - datetime.timedelta(days=365)
    )
    return login(shop_admin)


def make_shoppers(count: int) -> list[User]:
    start = timezone.now() - datetime.timedelta(days=30)
    return [UserFactory(created_at=start + datetime.timedelta(minutes=i)) for i in range(count)]


def test_users_lists_the_first_page_newest_first(api, shop_admin, admin_token):
    shoppers = make_shoppers(24)

    response = api.get(USERS, {"page": 1}, **raw(admin_token))

    assert response.status_code == 200
    assert (response["X-Total-Count"], response["X-Page-Size"]) == ("25", "20")
    body = response.json()
    assert isinstance(body, list) and len(body) == 20
    newest = list(reversed(shoppers))[:20]
    assert [user["_id"] for user in body] == [str(user.pk) for user in newest]


def test_users_second_page_holds_the_rest_ending_with_the_oldest(api, shop_admin, admin_token):
    shoppers = make_shoppers(24)

    response = api.get(USERS, {"page": 2}, **raw(admin_token))

    assert response["X-Total-Count"] == "25"
    assert [user["_id"] for user in response.json()] == [
        str(user.pk) for user in reversed(shoppers[:4])
    ] + [str(shop_admin.pk)]


def test_users_without_a_page_answers_the_first(api, admin_token):
    make_shoppers(3)

    first = api.get(USERS, {"page": 1}, **raw(admin_token)).json()
    response = api.get(USERS, **raw(admin_token))

    assert response["X-Total-Count"] == "4"
    assert len(first) == 4 and response.json() == first


def test_users_with_a_blank_page_answers_the_first(api, admin_token):
    make_shoppers(21)
    first = api.get(USERS, {"page": 1}, **raw(admin_token)).json()

    assert api.get(f"{USERS}?page=", **raw(admin_token)).json() == first


def test_users_page_past_the_end_is_empty(api, admin_token):
    response = api.get(USERS, {"page": 9}, **raw(admin_token))

    assert response.status_code == 200
    assert response.json() == []
    assert (response["X-Total-Count"], response["X-Page-Size"]) == ("1", "20")


def test_users_shows_each_user_without_secrets(api, shop_admin, admin_token):
    shopper = UserFactory(name="निधि शर्मा", phone="+91 91234 56789", address="Jaipur")

    body = api.get(USERS, **raw(admin_token)).json()

    row = body[0]
    assert set(row) == KEYS
    assert row == {
        "_id": str(shopper.pk),
        "name": "निधि शर्मा",
        "email": shopper.email,
        "phone": "+91 91234 56789",
        "address": "Jaipur",
        "role": 0,
        "createdAt": shopper.created_at.astimezone(datetime.UTC).isoformat().replace("+00:00", "Z"),
    }
    assert body[1]["role"] == 1
    text = api.get(USERS, **raw(admin_token)).content.decode()
    assert shopper.password not in text and shopper.answer_hash not in text
    assert "password" not in text and "answer" not in text


@pytest.mark.parametrize("count", [1, 45])
def test_users_costs_the_same_queries_for_any_number_of_users(
    api, admin_token, django_assert_num_queries, count
):
    make_shoppers(count)

    # The token's user, the count, the page.
    with django_assert_num_queries(3):
        response = api.get(USERS, {"page": 1}, **raw(admin_token))
    assert len(response.json()) == min(count + 1, 20)


@pytest.mark.parametrize("page", ["0", "-1", "abc", "1.5", "99999999999999999999", "1e3"])
def test_users_refuses_a_page_that_is_not_a_whole_number_of_1_or_more(api, admin_token, page):
    body = assert_error(api.get(USERS, {"page": page}, **raw(admin_token)), 400)

    assert "Page" in body["message"]


def test_users_refuses_a_shopper_with_403(api, shopper, login):
    assert_error(api.get(USERS, **raw(login(shopper))), 403, "Admin access only.")


def test_users_refuses_anonymous_with_401(api):
    assert_error(api.get(USERS), 401, "Please log in to continue.")


def test_users_refuses_a_garbage_token_with_401(api):
    assert_error(api.get(USERS, HTTP_AUTHORIZATION="Bearer x.y.z"), 401)


def test_users_refuses_a_demoted_admin_at_once(api, shop_admin, admin_token):
    User.objects.filter(pk=shop_admin.pk).update(role=0, is_staff=False, is_superuser=False)

    assert_error(api.get(USERS, **raw(admin_token)), 403)
