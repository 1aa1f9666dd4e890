"""Each product's variants and gallery as the triggers keep them on its row (PostgreSQL,
catalog migration 0015) against the two tables: `differing()` names the products whose
kept lists differ from what their rows give now (none when the triggers kept up)."""

from django.db import connection

DIFFER_SQL = """
    SELECT p.id FROM catalog_product p
    WHERE p.variant_parts::text IS DISTINCT FROM (
        SELECT json_agg(json_build_array(v.id, v.sku, v.options, v.price::text, v.quantity,
        v.mrp::text) ORDER BY v.position, v.id)
        FROM catalog_variant v WHERE v.product_id = p.id)::text
    OR p.photo_parts::text IS DISTINCT FROM (
        SELECT json_agg(json_build_array(f.id, f.image, f.alt, f.option)
        ORDER BY f.position, f.id)
        FROM catalog_productphoto f WHERE f.product_id = p.id)::text
    ORDER BY p.id LIMIT 5
"""


def differing() -> list[int]:
    """Up to five products whose kept lists differ (PostgreSQL only)."""
    with connection.cursor() as cursor:
        cursor.execute(DIFFER_SQL)
        return [row[0] for row in cursor.fetchall()]
