"""Covering indexes in the list orders.

A page of a list is read as a deferred join: the page's ids from the index alone, then
only those rows. On PostgreSQL the new indexes carry (INCLUDE) the columns the filters
test, category and price, so the id subquery is an index-only scan even with a price band;
other databases build them without INCLUDE. They replace the two plain newest-first indexes
(same leading columns); the new ones are built before the old ones are dropped.
"""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("catalog", "0005_i19_product_slug_history")]

    operations = [
        migrations.AddIndex(
            model_name="product",
            index=models.Index(
                fields=["-created_at", "-id"],
                include=("category", "price"),
                name="product_list_cover_idx",
            ),
        ),
        migrations.AddIndex(
            model_name="product",
            index=models.Index(
                fields=["category", "-created_at", "-id"],
                include=("price",),
                name="product_category_cover_idx",
            ),
        ),
        migrations.RemoveIndex(model_name="product", name="product_newest_idx"),
        migrations.RemoveIndex(model_name="product", name="product_category_newest_idx"),
    ]
