from django.db import migrations, models


class Migration(migrations.Migration):
    initial = True

    dependencies = []

    operations = [
        migrations.CreateModel(
            name="ThrottleCounter",
            fields=[
                ("ident", models.CharField(max_length=200, primary_key=True, serialize=False)),
                ("count", models.PositiveIntegerField(default=0)),
                (
                    "window_ends",
                    models.FloatField(db_index=True, help_text="Unix time the window closes."),
                ),
            ],
        ),
    ]
