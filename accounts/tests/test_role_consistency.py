"""One kind of admin: role 1 is staff and superuser, role 0 is neither, whichever way a
user changes (the Django admin, createsuperuser, the manager, a shell `save()`, even a
queryset `update()`), so a demoted superuser loses the Django admin at once."""

import pytest
from django.db import IntegrityError, transaction

from accounts.models import User
from accounts.tests.factories import UserFactory

pytestmark = pytest.mark.django_db

CHANGELIST = "/admin/accounts/user/"


def flags(user: User) -> tuple[int, bool, bool]:
    user.refresh_from_db()
    return user.role, user.is_staff, user.is_superuser


def change_form(user: User, **changes) -> dict:
    data = {
        "email": user.email,
        "name": user.name,
        "phone": user.phone,
        "address": user.address,
        "role": str(user.role),
        "is_active": "on",
    }
    data.update(changes)
    return data


def test_a_shell_save_of_role_0_takes_staff_and_superuser_away(client):
    boss = User.objects.create_superuser("boss@example.com", "Admin-Pass-2026!", name="Boss")

    boss.role = User.Role.SHOPPER
    boss.save()

    assert flags(boss) == (0, False, False)
    client.force_login(boss)
    assert client.get(CHANGELIST).status_code == 302  # back to the admin's login page


def test_a_shell_save_with_update_fields_keeps_the_flags_in_step():
    boss = User.objects.create_superuser("boss@example.com", "Admin-Pass-2026!", name="Boss")

    boss.role = User.Role.SHOPPER
    boss.save(update_fields=["role"])

    assert flags(boss) == (0, False, False)


def test_role_1_from_the_manager_is_staff_and_superuser():
    admin = User.objects.create_user("lead@example.com", "Admin-Pass-2026!", name="Lead", role=1)

    assert flags(admin) == (1, True, True)


def test_superuser_flag_alone_does_not_make_an_admin():
    user = User.objects.create_user(
        "sneaky@example.com", "Admin-Pass-2026!", name="Sneaky", is_superuser=True, is_staff=True
    )

    assert flags(user) == (0, False, False)


def test_a_queryset_update_cannot_split_role_from_the_flags():
    boss = User.objects.create_superuser("boss@example.com", "Admin-Pass-2026!", name="Boss")

    with pytest.raises(IntegrityError), transaction.atomic():
        User.objects.filter(pk=boss.pk).update(role=0)

    assert flags(boss) == (1, True, True)


def test_demoting_a_superuser_in_the_django_admin_ends_its_admin_access(client):
    boss = User.objects.create_superuser("boss@example.com", "Admin-Pass-2026!", name="Boss")
    other = User.objects.create_superuser("other@example.com", "Admin-Pass-2026!", name="Other")
    client.force_login(boss)

    response = client.post(f"{CHANGELIST}{other.pk}/change/", change_form(other, role="0"))

    assert response.status_code == 302, response.content.decode()[:2000]
    assert flags(other) == (0, False, False)


def test_a_demoted_superuser_cannot_promote_itself_back(client):
    boss = User.objects.create_superuser("boss@example.com", "Admin-Pass-2026!", name="Boss")
    client.force_login(boss)
    client.post(f"{CHANGELIST}{boss.pk}/change/", change_form(boss, role="0"))
    assert flags(boss) == (0, False, False)

    response = client.post(
        f"{CHANGELIST}{boss.pk}/change/",
        change_form(boss, role="1", is_staff="on", is_superuser="on"),
    )

    assert response.status_code == 302
    assert response["Location"].startswith("/admin/login/")
    assert flags(boss) == (0, False, False)


def test_the_admin_form_ignores_posted_flags_that_contradict_the_role(client):
    boss = User.objects.create_superuser("boss@example.com", "Admin-Pass-2026!", name="Boss")
    shopper = UserFactory()
    client.force_login(boss)

    response = client.post(
        f"{CHANGELIST}{shopper.pk}/change/",
        change_form(shopper, is_staff="on", is_superuser="on"),
    )

    assert response.status_code == 302
    assert flags(shopper) == (0, False, False)


def test_promoting_from_the_admin_list_makes_staff_and_superuser(client):
    boss = User.objects.create_superuser("boss@example.com", "Admin-Pass-2026!", name="Boss")
    shopper = UserFactory(email="farhan.q@example.com")
    client.force_login(boss)

    client.post(
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

    assert flags(shopper) == (1, True, True)
