from django.db import migrations, models


def flags_follow_role(apps, schema_editor):
    """Existing rows first: the role decides (a demoted superuser loses its flags)."""
    User = apps.get_model("accounts", "User")
    User.objects.filter(role=1).update(is_staff=True, is_superuser=True)
    User.objects.exclude(role=1).update(is_staff=False, is_superuser=False)


class Migration(migrations.Migration):

    dependencies = [
        ("accounts", "0001_initial"),
        ("auth", "0012_alter_user_first_name_max_length"),
    ]

    operations = [
        migrations.RunPython(flags_follow_role, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="user",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    models.Q(("is_staff", True), ("is_superuser", True), ("role", 1)),
                    models.Q(
                        models.Q(("role", 1), _negated=True),
                        ("is_staff", False),
                        ("is_superuser", False),
                    ),
                    _connector="OR",
                ),
                name="user_role_matches_admin_flags",
                violation_error_message="Staff and superuser follow the role.",
            ),
        ),
    ]
