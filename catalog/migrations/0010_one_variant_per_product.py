"""Every product becomes a product with one variant (its price and stock, SKU `SS-{id}`)
and, when it has a photo, a gallery of that photo (alt text: its name). Set-based SQL, so
a catalogue of a million products moves in seconds; products that already have a variant
are left alone, so the migration is safe to run again."""

from django.db import migrations


def forwards(apps, schema_editor):
    q = schema_editor.quote_name
    with schema_editor.connection.cursor() as cursor:
        cursor.execute(
            "INSERT INTO catalog_variant (product_id, sku, options, option_key, price, quantity, "
            "position) SELECT p.id, 'SS-' || p.id, '{}', '', p.price, p.quantity, 0 "
            "FROM catalog_product p WHERE NOT EXISTS "
            "(SELECT 1 FROM catalog_variant v WHERE v.product_id = p.id)"
        )
        cursor.execute(
            f"INSERT INTO catalog_productphoto (product_id, image, alt, {q('option')}, position) "
            "SELECT p.id, p.photo, p.name, '', 0 FROM catalog_product p WHERE p.photo <> '' "
            "AND NOT EXISTS (SELECT 1 FROM catalog_productphoto f WHERE f.product_id = p.id)"
        )


class Migration(migrations.Migration):
    dependencies = [("catalog", "0009_variants_and_gallery")]

    operations = [migrations.RunPython(forwards, migrations.RunPython.noop, elidable=False)]
