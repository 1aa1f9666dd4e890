# Options, variants and the photo gallery (the data moves in 0010).

import django.core.validators
import django.db.models.deletion
import django.db.models.functions.text
from django.db import migrations, models


def add_options(apps, schema_editor):
    """`options` added in place. On SQLite, Django's AddField would rebuild the table,
    which its full-text triggers (0003) name and which a million rows make slow; ADD
    COLUMN with a constant default is instant on both engines."""
    if schema_editor.connection.vendor == "sqlite":
        schema_editor.execute(
            "ALTER TABLE catalog_product ADD COLUMN options text NOT NULL DEFAULT '[]' "
            "CHECK ((JSON_VALID(options) OR options IS NULL))"
        )
    else:
        schema_editor.execute(
            "ALTER TABLE catalog_product ADD COLUMN options jsonb NOT NULL DEFAULT '[]'"
        )


def remove_options(apps, schema_editor):
    schema_editor.execute("ALTER TABLE catalog_product DROP COLUMN options")


class Migration(migrations.Migration):

    dependencies = [
        ('catalog', '0008_i17_literal_marker'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AddField(
                    model_name='product',
                    name='options',
                    field=models.JSONField(blank=True, default=list),
                ),
            ],
            database_operations=[migrations.RunPython(add_options, remove_options)],
        ),
        migrations.CreateModel(
            name='ProductPhoto',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('image', models.ImageField(upload_to='products/')),
                ('alt', models.CharField(blank=True, default='', max_length=200)),
                ('option', models.CharField(blank=True, default='', max_length=50)),
                ('position', models.PositiveSmallIntegerField(default=0)),
                ('product', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='photos', to='catalog.product')),
            ],
            options={
                'ordering': ['position', 'id'],
                'indexes': [models.Index(fields=['product', 'position', 'id'], name='photo_product_idx')],
            },
        ),
        migrations.CreateModel(
            name='Variant',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('sku', models.CharField(max_length=64, verbose_name='SKU')),
                ('options', models.JSONField(blank=True, default=dict)),
                ('option_key', models.CharField(blank=True, default='', editable=False, max_length=200)),
                ('price', models.DecimalField(decimal_places=2, max_digits=10, validators=[django.core.validators.MinValueValidator(0)])),
                ('quantity', models.PositiveIntegerField()),
                ('position', models.PositiveSmallIntegerField(default=0)),
                ('product', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='variants', to='catalog.product')),
            ],
            options={
                'ordering': ['position', 'id'],
                'indexes': [models.Index(fields=['product', 'position', 'id'], name='variant_product_idx')],
                'constraints': [models.UniqueConstraint(django.db.models.functions.text.Lower('sku'), name='variant_sku_ci_unique', violation_error_message='SKU already used'), models.UniqueConstraint(fields=('product', 'option_key'), name='variant_product_options_unique'), models.CheckConstraint(condition=models.Q(('price__gte', 0)), name='variant_price_gte_0')],
            },
        ),
    ]
