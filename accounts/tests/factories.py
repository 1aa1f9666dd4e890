"""Factories for users (factory_boy). Browser tests of other areas use them too.

`UserFactory()` makes a shopper who can log in with `PASSWORD` and reset with `ANSWER`;
`UserFactory(password="...", answer="...")` overrides either. `AdminFactory()` is the
same with role 1. Users go through the manager's `create_user`, so the password and the
answer are hashed exactly as registration hashes them.
"""

import factory
from django.utils.text import slugify

from accounts.models import User

PASSWORD = "Shop-Pass-2026!"
ANSWER = "cricket"


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = User
        skip_postgeneration_save = True

    name = factory.Faker("name", locale="en_IN")
    # Faker's names repeat; the sequence number keeps every address unique.
    email = factory.LazyAttributeSequence(
        lambda user, n: f"{slugify(user.name) or 'user'}.{n}@example.com"
    )
    # An Indian mobile as the server stores it (the contract's ten digits).
    phone = factory.Faker("numerify", text="9#########")
    # A checkout needs a PIN code the directory knows in a free-text address; Bengaluru's
    # is in the shop's own state (Karnataka), as the tests' shop is.
    address = factory.Sequence(lambda n: f"{n + 1} MG Road, Bengaluru 560001")
    role = User.Role.SHOPPER
    password = PASSWORD
    answer = ANSWER

    @classmethod
    def _build(cls, model_class, *args, **kwargs):
        password = kwargs.pop("password")
        answer = kwargs.pop("answer")
        user = model_class(*args, **kwargs)
        user.set_password(password)
        user.set_answer(answer)
        return user

    @classmethod
    def _create(cls, model_class, *args, **kwargs):
        manager = cls._get_manager(model_class)
        return manager.create_user(*args, **kwargs)


class AdminFactory(UserFactory):
    role = User.Role.ADMIN
