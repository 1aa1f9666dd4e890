"""A product's rating: the average and number of its published reviews (kept by the
reviews app through catalog.services.ratings), and the index of `sort=rating`.

The columns are added in place with ALTER TABLE ... ADD COLUMN, as 0013 adds the MRP: on
SQLite Django's AddField of a NOT NULL column would rebuild the table, which the
full-text triggers (0003) name. The count keeps its database default of 0 (an instant
column on both engines, and a row written by raw SQL still reads 0).

`sort=rating` is highest average first, then more ratings, then newest; unrated products
(average null) last. PostgreSQL puts nulls first in a descending order, so its index says
NULLS LAST (and carries category and price, so a filter's ids stay index-only); SQLite
puts nulls last in a descending order already and takes no NULLS clause in an index.
Neither index is in the model's state: Django would write NULLS LAST on both engines.
"""

from django.db import migrations, models

FIELDS = ("rating_average", "rating_count")
INDEX = "product_rating_idx"
COLUMNS = {
    "postgresql": "(rating_average DESC NULLS LAST, rating_count DESC, created_at DESC, id DESC) "
    "INCLUDE (category_id, price)",
    "sqlite": "(rating_average DESC, rating_count DESC, created_at DESC, id DESC)",
}


def add_columns(apps, schema_editor):
    quote = schema_editor.quote_name
    model = apps.get_model("catalog", "product")
    table = quote(model._meta.db_table)
    for name in FIELDS:
        field = model._meta.get_field(name)
        definition, params = schema_editor.column_sql(model, field, include_default=True)
        schema_editor.execute(
            f"ALTER TABLE {table} ADD COLUMN {quote(field.column)} {definition}", params
        )
    columns = COLUMNS.get(schema_editor.connection.vendor)
    if columns is not None:
        schema_editor.execute(f"CREATE INDEX {INDEX} ON {table} {columns}")


def drop_columns(apps, schema_editor):
    quote = schema_editor.quote_name
    model = apps.get_model("catalog", "product")
    schema_editor.execute(f"DROP INDEX IF EXISTS {INDEX}")
    for name in reversed(FIELDS):
        schema_editor.execute(
            f"ALTER TABLE {quote(model._meta.db_table)} "
            f"DROP COLUMN {quote(model._meta.get_field(name).column)}"
        )


class Migration(migrations.Migration):
    dependencies = [("catalog", "0013_mrp")]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AddField(
                    model_name="product",
                    name="rating_average",
                    field=models.DecimalField(
                        blank=True,
                        decimal_places=1,
                        editable=False,
                        max_digits=2,
                        null=True,
                        verbose_name="average rating",
                    ),
                ),
                migrations.AddField(
                    model_name="product",
                    name="rating_count",
                    field=models.PositiveIntegerField(
                        default=0, editable=False, verbose_name="ratings"
                    ),
                ),
            ],
            database_operations=[],
        ),
        # After the state has the fields, so the columns are read off them.
        migrations.RunPython(add_columns, drop_columns),
    ]
