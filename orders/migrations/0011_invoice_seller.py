"""Invoices and credit notes keep the seller's details as they were at issue. A document
issued before has none: it is given the shop's details as they are now, the nearest
known to those at its issue, so that no later change of the details alters it. With no
details row (a database emptied by hand) it stays empty and prints the current ones."""

from django.db import migrations, models

# As orders.shop_details.SELLER_FIELDS (a migration does not import the app's code).
SELLER_FIELDS = (
    "legal_name",
    "trade_name",
    "address",
    "city",
    "state",
    "pincode",
    "gstin",
    "email",
    "phone",
)


def forwards(apps, schema_editor):
    ShopDetails = apps.get_model("orders", "ShopDetails")
    Invoice = apps.get_model("orders", "Invoice")
    shop = ShopDetails.objects.order_by("pk").first()
    if shop is None:
        return
    seller = {field: getattr(shop, field) for field in SELLER_FIELDS}
    Invoice.objects.filter(seller__isnull=True).update(seller=seller)


class Migration(migrations.Migration):
    dependencies = [("orders", "0010_status_history_of_existing_orders")]

    operations = [
        migrations.AddField(
            model_name="invoice",
            name="seller",
            field=models.JSONField(blank=True, null=True),
        ),
        migrations.RunPython(forwards, migrations.RunPython.noop),
    ]
