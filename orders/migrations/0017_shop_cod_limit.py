from django.db import migrations, models

# What a fresh shop's grievance officer was called (migration 0005), and the neutral
# name that replaces it: the footer and the contact page show it to shoppers.
OLD_GRIEVANCE_NAME = "Grievance Officer (set in the Django admin)"
GRIEVANCE_NAME = "Grievance Desk"


def neutral_placeholder(apps, schema_editor):
    """Only the exact seed value: a name the operator typed stays."""
    ShopDetails = apps.get_model("orders", "ShopDetails")
    ShopDetails.objects.filter(grievance_name=OLD_GRIEVANCE_NAME).update(
        grievance_name=GRIEVANCE_NAME
    )


class Migration(migrations.Migration):

    dependencies = [
        ('orders', '0016_guest_checkout'),
    ]

    operations = [
        migrations.AddField(
            model_name='shopdetails',
            name='cod_limit',
            field=models.PositiveIntegerField(blank=True, help_text='Cash on delivery is refused above this order total; blank: the COD_LIMIT setting.', null=True, verbose_name='cash on delivery cap (Rs)'),
        ),
        migrations.RunPython(neutral_placeholder, migrations.RunPython.noop),
    ]
