from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("orders", "0002_idempotency_digest"),
    ]

    operations = [
        migrations.AddField(
            model_name="order",
            name="tracking_number",
            field=models.CharField(blank=True, default="", max_length=100),
        ),
        migrations.AddField(
            model_name="order",
            name="courier",
            field=models.CharField(blank=True, default="", max_length=100),
        ),
    ]
