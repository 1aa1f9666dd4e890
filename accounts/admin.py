"""Staff pages for users in the Django admin.

Neither the password hash nor the security answer's hash is ever shown: the change form
has no password field at all, only a link to the admin's set-password page, and the
answer is not a field of any form here.
"""

from django import forms
from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as DjangoUserAdmin
from django.contrib.auth.forms import AdminUserCreationForm
from django.urls import reverse
from django.utils.html import format_html

from accounts.models import User, normalize_email
from shop.admin_races import CheckedAgainOnRace


class EmailCheckedOnce:
    """For a user form: the email's uniqueness is checked by `clean_email` (any case) and
    nowhere else. The model's own unique and constraint checks run later in the same
    validation; when a parallel save takes the email between the two, they would refuse
    it again in two other wordings. Left to the database's unique index, that save is
    rolled back and the page checked again (CheckedAgainOnRace), so every refused page
    says the one sentence."""

    def _get_validation_exclusions(self):
        return super()._get_validation_exclusions() | {"email"}


class UserCreationForm(EmailCheckedOnce, AdminUserCreationForm):
    class Meta:
        model = User
        fields = ("email", "name", "phone", "address", "role")

    def clean_email(self) -> str:
        email = normalize_email(self.cleaned_data.get("email"))
        if User.objects.filter(email=email).exists():
            raise forms.ValidationError("A user with this email already exists.")
        return email


class UserChangeForm(EmailCheckedOnce, forms.ModelForm):
    class Meta:
        model = User
        fields = (
            "email",
            "name",
            "phone",
            "address",
            "role",
            "is_active",
            "groups",
            "user_permissions",
        )

    def clean_email(self) -> str:
        email = normalize_email(self.cleaned_data.get("email"))
        if User.objects.filter(email=email).exclude(pk=self.instance.pk).exists():
            raise forms.ValidationError("A user with this email already exists.")
        return email


@admin.register(User)
class UserAdmin(CheckedAgainOnRace, DjangoUserAdmin):
    form = UserChangeForm
    add_form = UserCreationForm
    list_display = ("name", "email", "phone", "role", "joined")
    list_display_links = ("name", "email")
    list_editable = ("role",)
    list_filter = ("role", "is_active", "is_staff")
    search_fields = ("email", "name", "phone")
    ordering = ("-created_at", "-id")
    # Staff and superuser follow the role (User.sync_admin_flags): shown, never edited.
    readonly_fields = (
        "password_link",
        "is_staff",
        "is_superuser",
        "created_at",
        "updated_at",
        "last_login",
    )
    fieldsets = (
        (None, {"fields": ("email", "password_link")}),
        ("Profile", {"fields": ("name", "phone", "address")}),
        (
            "Permissions",
            {
                "fields": (
                    "role",
                    "is_active",
                    "is_staff",
                    "is_superuser",
                    "groups",
                    "user_permissions",
                )
            },
        ),
        ("Dates", {"fields": ("created_at", "updated_at", "last_login")}),
    )
    add_fieldsets = (
        (
            None,
            {
                "classes": ("wide",),
                "fields": (
                    "email",
                    "name",
                    "phone",
                    "address",
                    "role",
                    "usable_password",
                    "password1",
                    "password2",
                ),
            },
        ),
    )

    @admin.display(description="Joined", ordering="created_at")
    def joined(self, user: User):
        return user.created_at

    @admin.display(description="Password")
    def password_link(self, user: User) -> str:
        if not user.pk:
            return "-"
        url = reverse("admin:auth_user_password_change", args=[user.pk])  # Django names it so
        return format_html('Not shown. <a href="{}">Set a new password</a>', url)
