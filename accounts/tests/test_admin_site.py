"""Operators: `createsuperuser --noinput` makes a shop admin (role 1); the Django admin
lists, searches, filters and edits users without ever showing a hash."""

import pytest
from django.core.management import call_command
from django.db import IntegrityError, transaction

from accounts.admin import UserChangeForm, UserCreationForm
from accounts.models import User
from accounts.tests.factories import PASSWORD, UserFactory
from accounts.tests.helpers import ADMIN_AUTH, LOGIN, raw

pytestmark = pytest.mark.django_db

CHANGELIST = "/admin/accounts/user/"


@pytest.fixture
def staff(client):
    user = User.objects.create_superuser("boss@example.com", "Admin-Pass-2026!", name="Shop Boss")
    client.force_login(user)
    return user


def test_createsuperuser_noinput_from_the_environment_makes_a_role_1_admin(api, monkeypatch):
    monkeypatch.setenv("DJANGO_SUPERUSER_EMAIL", "Owner@Example.com")
    monkeypatch.setenv("DJANGO_SUPERUSER_PASSWORD", "a-long-passphrase-for-the-owner")
    monkeypatch.setenv("DJANGO_SUPERUSER_NAME", "Shop Owner")

    call_command("createsuperuser", "--noinput", verbosity=0)

    user = User.objects.get()
    assert (user.email, user.name, user.role) == ("owner@example.com", "Shop Owner", 1)
    assert user.is_superuser and user.is_staff and user.is_active
    response = api.post(
        LOGIN, {"email": "owner@example.com", "password": "a-long-passphrase-for-the-owner"}
    )
    assert response.json()["user"]["role"] == 1
    assert api.get(ADMIN_AUTH, **raw(response.json()["token"])).status_code == 200


def test_createsuperuser_noinput_refuses_an_email_taken_in_another_case(monkeypatch):
    UserFactory(email="owner@example.com")
    monkeypatch.setenv("DJANGO_SUPERUSER_EMAIL", "OWNER@example.com")
    monkeypatch.setenv("DJANGO_SUPERUSER_PASSWORD", "a-long-passphrase-for-the-owner")
    monkeypatch.setenv("DJANGO_SUPERUSER_NAME", "Shop Owner")

    with pytest.raises(Exception, match="already taken"):
        call_command("createsuperuser", "--noinput", verbosity=0)
    assert User.objects.count() == 1


def test_admin_lists_users_with_name_email_phone_role_and_joined(client, staff):
    shopper = UserFactory(name="Farhan Qureshi", phone="+91 99887 66554")

    page = client.get(CHANGELIST).content.decode()

    for heading in ("Name", "Email address", "Phone", "Role", "Joined"):
        assert f">{heading}<" in page or f">{heading}</a>" in page
    assert "Farhan Qureshi" in page and shopper.email in page and "+91 99887 66554" in page
    assert shopper.password not in page and staff.password not in page


@pytest.mark.parametrize("term", ["farhan.q@", "Qureshi", "99887"])
def test_admin_searches_users_by_email_name_or_phone(client, staff, term):
    UserFactory(name="Farhan Qureshi", email="farhan.q@example.com", phone="+91 99887 66554")
    UserFactory(name="Lata Pillai", email="lata@example.com", phone="+91 11111 22222")

    page = client.get(CHANGELIST, {"q": term}).content.decode()

    assert "Farhan Qureshi" in page
    assert "Lata Pillai" not in page


def test_admin_filters_users_by_role(client, staff):
    UserFactory(name="Farhan Qureshi")
    UserFactory(name="Lata Pillai", role=1)

    page = client.get(CHANGELIST, {"role__exact": "1"}).content.decode()

    assert "Lata Pillai" in page
    assert "Farhan Qureshi" not in page


def test_admin_changes_a_role_from_the_list(client, staff):
    shopper = UserFactory(email="farhan.q@example.com")

    response = client.post(
        f"{CHANGELIST}?q=farhan.q",
        {
            "form-TOTAL_FORMS": "1",
            "form-INITIAL_FORMS": "1",
            "form-MIN_NUM_FORMS": "0",
            "form-MAX_NUM_FORMS": "1000",
            "form-0-id": str(shopper.pk),
            "form-0-role": "1",
            "_save": "Save",
        },
    )

    assert response.status_code == 302
    shopper.refresh_from_db()
    assert shopper.role == 1


def test_admin_change_page_shows_no_hash_and_no_answer(client, staff):
    shopper = UserFactory()

    page = client.get(f"{CHANGELIST}{shopper.pk}/change/").content.decode()

    assert shopper.email in page
    assert shopper.password not in page
    assert shopper.password.split("$")[-1][:6] not in page
    assert shopper.answer_hash.split("$")[-1][:6] not in page
    assert "answer" not in page.lower()
    assert f"{CHANGELIST}{shopper.pk}/password/" in page


def test_admin_change_page_saves_profile_and_role(client, staff):
    shopper = UserFactory(email="farhan.q@example.com")

    response = client.post(
        f"{CHANGELIST}{shopper.pk}/change/",
        {
            "email": "Farhan.Q@Example.com",
            "name": "Farhan Q",
            "phone": "123",
            "address": "Lucknow",
            "role": "1",
            "is_active": "on",
        },
    )

    assert response.status_code == 302, response.content.decode()[:2000]
    shopper.refresh_from_db()
    assert (shopper.email, shopper.name, shopper.role) == ("farhan.q@example.com", "Farhan Q", 1)
    assert shopper.check_password(PASSWORD)


def test_admin_adds_a_user_with_an_email_and_a_password(client, staff, api):
    response = client.post(
        f"{CHANGELIST}add/",
        {
            "email": "New.Staff@Example.com",
            "name": "New Staff",
            "phone": "",
            "address": "",
            "role": "0",
            "usable_password": "true",
            "password1": "Harbour-Lights-88",
            "password2": "Harbour-Lights-88",
        },
    )

    assert response.status_code == 302, response.content.decode()[:3000]
    user = User.objects.get(email="new.staff@example.com")
    assert user.name == "New Staff"
    assert (
        api.post(
            LOGIN, {"email": "new.staff@example.com", "password": "Harbour-Lights-88"}
        ).status_code
        == 200
    )


def test_admin_add_form_refuses_an_email_taken_in_another_case(client, staff):
    UserFactory(email="farhan.q@example.com")

    response = client.post(
        f"{CHANGELIST}add/",
        {
            "email": "FARHAN.Q@example.com",
            "name": "Impostor",
            "role": "0",
            "usable_password": "true",
            "password1": "Harbour-Lights-88",
            "password2": "Harbour-Lights-88",
        },
    )

    assert response.status_code == 200
    assert "A user with this email already exists." in response.content.decode()
    assert User.objects.filter(name="Impostor").count() == 0


@pytest.mark.parametrize("form_class", [UserCreationForm, UserChangeForm])
def test_an_email_taken_between_the_forms_check_and_its_model_checks_is_left_to_the_index(
    form_class,
):
    """A parallel save that lands after clean_email but before the model's own checks: the
    form does not refuse it a second time in other words; the save meets the unique index
    and the admin page is checked again (shop/tests/test_admin_races.py)."""
    editing = UserFactory(email="meera.old@example.com") if form_class is UserChangeForm else None

    class RacedForm(form_class):
        def clean_email(self):
            email = super().clean_email()
            UserFactory(email="meera@example.com")  # the other save commits here
            return email

    data = {
        "email": "Meera@Example.com",
        "name": "Meera Iyer",
        "role": "0",
        "usable_password": "true",
        "password1": "Meera-Pass-2026!",
        "password2": "Meera-Pass-2026!",
        "is_active": "on",
    }
    form = RacedForm(data, instance=editing) if editing else RacedForm(data)

    assert form.is_valid(), form.errors
    with pytest.raises(IntegrityError), transaction.atomic():
        form.save()


def test_admin_sets_a_new_password_on_its_own_page_and_old_tokens_die(client, staff, api, login):
    shopper = UserFactory()
    token = login(shopper)

    response = client.post(
        f"{CHANGELIST}{shopper.pk}/password/",
        {
            "password1": "Harbour-Lights-88",
            "password2": "Harbour-Lights-88",
            "usable_password": "true",
        },
    )

    assert response.status_code == 302
    assert api.get("/api/v1/auth/user-auth", **raw(token)).status_code == 401
