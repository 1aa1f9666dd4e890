# The maximum retail price (MRP) of variants, and of products (their cheapest variant's).

import django.core.validators
from django.db import migrations, models

FIELDS = [("product", "mrp"), ("variant", "mrp")]
CONSTRAINTS = {"product": "product_mrp_gte_price", "variant": "variant_mrp_gte_price"}


def add_columns(apps, schema_editor):
    """The columns added in place with ALTER TABLE ... ADD COLUMN, each with its check (MRP
    null or at least the price) in the same statement. On SQLite, Django's AddField and
    AddConstraint would rebuild the tables, which the full-text triggers (0003) name and
    which a large catalogue makes slow; a nullable column is instant on both engines (the
    check reads no row: every MRP is null)."""
    quote = schema_editor.quote_name
    for model_name, field_name in FIELDS:
        model = apps.get_model("catalog", model_name)
        field = model._meta.get_field(field_name)
        definition, params = schema_editor.column_sql(model, field, include_default=True)
        [constraint] = [c for c in model._meta.constraints if c.name == CONSTRAINTS[model_name]]
        check = constraint.constraint_sql(model, schema_editor)
        schema_editor.execute(
            f"ALTER TABLE {quote(model._meta.db_table)} ADD COLUMN {quote(field.column)} "
            f"{definition} {check}",
            params,
        )


def drop_columns(apps, schema_editor):
    quote = schema_editor.quote_name
    for model_name, field_name in reversed(FIELDS):
        model = apps.get_model("catalog", model_name)
        schema_editor.execute(
            f"ALTER TABLE {quote(model._meta.db_table)} "
            f"DROP COLUMN {quote(model._meta.get_field(field_name).column)}"
        )


class Migration(migrations.Migration):

    dependencies = [
        ('catalog', '0012_gst'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AddField(
                    model_name='product',
                    name='mrp',
                    field=models.DecimalField(blank=True, decimal_places=2, max_digits=10, null=True, validators=[django.core.validators.MinValueValidator(0)], verbose_name='MRP'),
                ),
                migrations.AddField(
                    model_name='variant',
                    name='mrp',
                    field=models.DecimalField(blank=True, decimal_places=2, max_digits=10, null=True, validators=[django.core.validators.MinValueValidator(0)], verbose_name='MRP'),
                ),
                migrations.AddConstraint(
                    model_name='product',
                    constraint=models.CheckConstraint(condition=models.Q(('mrp__isnull', True), ('mrp__gte', models.F('price')), _connector='OR'), name='product_mrp_gte_price', violation_error_message='MRP must be at least the price.'),
                ),
                migrations.AddConstraint(
                    model_name='variant',
                    constraint=models.CheckConstraint(condition=models.Q(('mrp__isnull', True), ('mrp__gte', models.F('price')), _connector='OR'), name='variant_mrp_gte_price', violation_error_message='MRP must be at least the price.'),
                ),
            ],
            database_operations=[],
        ),
        # After the state has the fields and checks, so the columns are read off them.
        migrations.RunPython(add_columns, drop_columns),
    ]
