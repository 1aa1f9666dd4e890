"""The shop's user: logs in by e-mail, has a role (1 = admin), and a security answer that
is stored hashed like a password (decision F13)."""

import secrets
from functools import lru_cache

from django.contrib.auth.base_user import AbstractBaseUser, BaseUserManager
from django.contrib.auth.hashers import check_password, get_hasher, make_password
from django.contrib.auth.models import PermissionsMixin
from django.core.validators import MaxLengthValidator
from django.db import models
from django.db.models import Q
from django.db.models.functions import Lower
from django.utils import timezone

from accounts.india import STATE_CHOICES, state_code


def normalize_answer(answer: str) -> str:
    """Answers compare trimmed and case-insensitively (F13)."""
    return " ".join(str(answer).split()).casefold()


@lru_cache(maxsize=8)
def _dummy_answer_hash(algorithm: str) -> str:
    """A hash of a random secret nobody knows, made by the current hasher: checking an
    answer against it costs what checking a real one costs."""
    return make_password(secrets.token_urlsafe(32), hasher=algorithm)


def normalize_email(email: str) -> str:
    """E-mail addresses are unique regardless of case: they are stored and looked up
    trimmed and lower-cased, so one plain equality (and its index) finds them."""
    return str(email or "").strip().lower()


class UserManager(BaseUserManager):
    use_in_migrations = True

    @classmethod
    def normalize_email(cls, email):
        return normalize_email(email)

    def _create_user(self, email, password, **fields):
        if not email:
            raise ValueError("An e-mail address is required.")
        email = self.normalize_email(email)
        answer = fields.pop("answer", None)
        user = self.model(email=email, **fields)
        user.set_password(password)
        if answer is not None:
            user.set_answer(answer)
        user.save(using=self._db)
        return user

    def create_user(self, email, password=None, **fields):
        # is_staff and is_superuser follow the role (User.save); any passed are ignored.
        fields.setdefault("role", User.Role.SHOPPER)
        return self._create_user(email, password, **fields)

    def create_superuser(self, email, password=None, **fields):
        # A Django superuser is an admin of the shop too (decision C4).
        if fields.setdefault("role", User.Role.ADMIN) != User.Role.ADMIN:
            raise ValueError("A superuser has role 1 (admin).")
        fields.setdefault("name", email.split("@")[0] if email else "Admin")
        return self._create_user(email, password, **fields)

    def get_by_natural_key(self, username):
        return self.get(email=self.normalize_email(username))


class User(AbstractBaseUser, PermissionsMixin):
    class Role(models.IntegerChoices):
        SHOPPER = 0, "Shopper"
        ADMIN = 1, "Admin"

    email = models.EmailField("email address", max_length=254, unique=True)
    name = models.CharField(max_length=100)
    phone = models.CharField(max_length=30, blank=True)
    address = models.TextField(max_length=500, blank=True, validators=[MaxLengthValidator(500)])
    answer_hash = models.CharField("security answer (hashed)", max_length=256, blank=True)
    role = models.PositiveSmallIntegerField(choices=Role.choices, default=Role.SHOPPER)
    is_active = models.BooleanField(default=True)
    is_staff = models.BooleanField(default=False)
    created_at = models.DateTimeField(default=timezone.now, db_index=True)
    updated_at = models.DateTimeField(auto_now=True)

    objects = UserManager()

    USERNAME_FIELD = "email"
    EMAIL_FIELD = "email"
    REQUIRED_FIELDS = ["name"]

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                Lower("email"),
                name="user_email_ci_unique",
                violation_error_message="Already registered, please login",
            ),
            # One kind of admin: even a queryset update() cannot split them.
            models.CheckConstraint(
                condition=Q(role=1, is_staff=True, is_superuser=True)
                | (~Q(role=1) & Q(is_staff=False, is_superuser=False)),
                name="user_role_matches_admin_flags",
                violation_error_message="Staff and superuser follow the role.",
            ),
        ]

    def clean(self) -> None:
        super().clean()
        self.email = normalize_email(self.email)
        self.sync_admin_flags()

    def sync_admin_flags(self) -> None:
        """The one place that keeps role, is_staff and is_superuser consistent: role 1
        (admin) is staff and superuser, any other role neither. The role decides, so a
        demoted superuser loses the Django admin at once and cannot promote itself."""
        is_admin = self.role == self.Role.ADMIN
        self.is_staff = is_admin
        self.is_superuser = is_admin

    def save(self, *args, **kwargs) -> None:
        self.sync_admin_flags()
        update_fields = kwargs.get("update_fields")
        if update_fields is not None:
            kwargs["update_fields"] = {*update_fields, "is_staff", "is_superuser"}
        super().save(*args, **kwargs)

    def __str__(self) -> str:
        return f"{self.name} <{self.email}>"

    @property
    def is_admin(self) -> bool:
        return self.role == self.Role.ADMIN

    def set_answer(self, answer: str) -> None:
        self.answer_hash = make_password(normalize_answer(answer))

    def check_answer(self, answer: str) -> bool:
        """Without a stored answer (or without a user: `User().check_answer`) the answer
        is checked against a dummy hash, so every path does the same hashing work and
        timing cannot tell who has no account or no answer."""
        encoded = self.answer_hash or _dummy_answer_hash(get_hasher().algorithm)
        matches = check_password(normalize_answer(answer), encoded)
        return bool(self.answer_hash) and matches


class Address(models.Model):
    """A delivery address of a shopper's. The state is one of the official list (its GST
    code follows it), the PIN code six digits that the offline directory places in that
    state. One address of a user's is the default; its text is the profile's `address`,
    which the spec's client reads and writes."""

    MAX_PER_USER = 20

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="addresses")
    name = models.CharField(max_length=100)
    phone = models.CharField(max_length=20)
    line1 = models.CharField("address line 1", max_length=200)
    line2 = models.CharField("address line 2", max_length=200, blank=True, default="")
    city = models.CharField(max_length=100)
    state = models.CharField(max_length=60, choices=STATE_CHOICES)
    pincode = models.CharField("PIN code", max_length=6)
    # A business address: its GSTIN and business name, offered again at checkout so a
    # business buyer's invoice names them (blank for a home address).
    gstin = models.CharField("GSTIN", max_length=15, blank=True, default="")
    business_name = models.CharField(max_length=200, blank=True, default="")
    is_default = models.BooleanField(default=False)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-is_default", "created_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["user"],
                condition=Q(is_default=True),
                name="address_one_default_per_user",
            ),
        ]
        indexes = [
            models.Index(fields=["user", "-is_default", "created_at"], name="address_user_idx")
        ]

    def __str__(self) -> str:
        return self.text

    @property
    def state_code(self) -> str:
        return state_code(self.state)

    @property
    def text(self) -> str:
        """One line, as the profile's free-text address and the order's `address`."""
        parts = [self.name, self.line1, self.line2, self.city, f"{self.state} {self.pincode}"]
        text = ", ".join(part.strip() for part in parts if part and part.strip())
        return f"{text}. Phone {self.phone}" if self.phone else text

    def as_dict(self) -> dict:
        """The contract's address object, also what an order keeps as `shippingAddress`."""
        return {
            "_id": str(self.pk),
            "name": self.name,
            "phone": self.phone,
            "line1": self.line1,
            "line2": self.line2,
            "city": self.city,
            "state": self.state,
            "stateCode": self.state_code,
            "pincode": self.pincode,
            "isDefault": self.is_default,
        }


class Cart(models.Model):
    """A signed-in shopper's cart, one row a user, so two devices writing at once cannot
    leave two carts or duplicate lines: every write locks this row and replaces `lines`
    whole. `lines` is `[{"product": id, "variant": id, "quantity": n}]`, one entry per
    variant; `version` grows with every write (a device sends the one it saw, and a
    write over a newer one is refused). `merge_keys` are the last sign-ins whose guest
    cart was merged, so a merge sent twice adds once (accounts.cart)."""

    MAX_MERGE_KEYS = 20

    user = models.OneToOneField(User, on_delete=models.CASCADE, primary_key=True)
    lines = models.JSONField(default=list, blank=True)
    version = models.PositiveIntegerField(default=0)
    merge_keys = models.JSONField(default=list, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"Cart of {self.user_id}"
