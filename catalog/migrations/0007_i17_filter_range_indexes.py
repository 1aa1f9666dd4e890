"""The filters' category-and-price indexes carry the list order.

A filter whose matches lie sparse in the list (two categories whose products rarely cost
under 200 rupees: 20 of 100,000) was answered by walking the newest-first index and
testing every entry: 82,000 entries for a page of six. With `created_at` and `id` alongside
(INCLUDE, PostgreSQL; other databases build them without), such a page reads exactly its
matches from an index-only range of category and price and sorts them
(catalog/selectors/, `_page_ids`). The new indexes are built before the old ones, same
leading columns, are dropped, so the counts never lose theirs.
"""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("catalog", "0006_i17_list_indexes")]

    operations = [
        migrations.AddIndex(
            model_name="product",
            index=models.Index(
                fields=["category", "price"],
                include=("created_at", "id"),
                name="product_cat_price_cover_idx",
            ),
        ),
        migrations.AddIndex(
            model_name="product",
            index=models.Index(
                fields=["price"], include=("created_at", "id"), name="product_price_cover_idx"
            ),
        ),
        migrations.RemoveIndex(model_name="product", name="product_category_price_idx"),
        migrations.RemoveIndex(model_name="product", name="product_price_idx"),
    ]
