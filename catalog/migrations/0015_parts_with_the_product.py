"""PostgreSQL: each product's variants and gallery kept on its own row, as the JSON lists
every answer reads (catalog.selectors.rows), by triggers on the two tables.

Every product answer read its variants and gallery with two correlated subqueries per
product: 1.3 ms of a page of 48 products read by id without them, 3.8-4.5 ms with them
(random products of 100,000, the products' lists' cost). The lists are now columns of the
product row, `variant_parts` and `photo_parts` (`json`, NULL for none), written by
statement-level triggers after every INSERT, UPDATE and DELETE on `catalog_variant` and
`catalog_productphoto` (COPY included), for the products the statement touched: every
write path keeps them, the ORM's, the Django admin's, raw SQL and the demo's COPY, with no
code of ours to forget. The triggers never touch `updated_at` (an editor's optimistic
check) and run inside the writer's transaction, so a reader sees the lists and the rows
they come from change together.

Lock order: a trigger updates the product row after its variant rows. Every writer of
variants locks or updates the product first (checkout's conditional UPDATEs, the
services' `lock_stock`, the admin saving the product before its inlines, a cancel's
restock), so it already holds that row and no writer waits crosswise.

The columns are not in the model's state: Django never writes them (a `.save()` of a
product read earlier would otherwise write back stale lists). SQLite has neither columns
nor triggers; its answers read the two tables with two queries a list
(catalog.variants.attach_parts).
"""

from django.db import migrations

LISTS = {
    "variant": (
        "catalog_variant",
        "variant_parts",
        "SELECT json_agg(json_build_array(v.id, v.sku, v.options, v.price::text, "
        "v.quantity, v.mrp::text) ORDER BY v.position, v.id) "
        "FROM catalog_variant v WHERE v.product_id = p.id",
    ),
    "photo": (
        "catalog_productphoto",
        "photo_parts",
        "SELECT json_agg(json_build_array(f.id, f.image, f.alt, f.option) "
        "ORDER BY f.position, f.id) FROM catalog_productphoto f WHERE f.product_id = p.id",
    ),
}
EVENTS = {
    "insert": ("INSERT", "REFERENCING NEW TABLE AS new_rows"),
    "update": ("UPDATE", "REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows"),
    "delete": ("DELETE", "REFERENCING OLD TABLE AS old_rows"),
}


def _forward_sql() -> list[str]:
    statements = []
    for kind, (table, column, aggregate) in LISTS.items():
        statements.append(f"ALTER TABLE catalog_product ADD COLUMN {column} json NULL")
        # The product ids a statement touched, from its transition tables (a row moved
        # to another product counts for both).
        statements.append(
            f"""CREATE FUNCTION catalog_{kind}_parts_kept() RETURNS trigger
            LANGUAGE plpgsql AS $$
            DECLARE touched bigint[];
            BEGIN
              IF TG_OP = 'INSERT' THEN
                touched := ARRAY(SELECT DISTINCT product_id FROM new_rows);
              ELSIF TG_OP = 'UPDATE' THEN
                touched := ARRAY(SELECT product_id FROM new_rows
                                 UNION SELECT product_id FROM old_rows);
              ELSE
                touched := ARRAY(SELECT DISTINCT product_id FROM old_rows);
              END IF;
              IF cardinality(touched) > 0 THEN
                UPDATE catalog_product p SET {column} = ({aggregate})
                WHERE p.id = ANY(touched);
              END IF;
              RETURN NULL;
            END $$"""  # noqa: S608 (constant texts)
        )
        for event, (verb, referencing) in EVENTS.items():
            statements.append(
                f"CREATE TRIGGER catalog_{kind}_parts_{event} AFTER {verb} ON {table} "
                f"{referencing} FOR EACH STATEMENT "
                f"EXECUTE FUNCTION catalog_{kind}_parts_kept()"
            )
        statements.append(
            f"UPDATE catalog_product p SET {column} = ({aggregate}) "  # noqa: S608 (constants)
            f"WHERE EXISTS (SELECT 1 FROM {table} t WHERE t.product_id = p.id)"
        )
    return statements


def _backward_sql() -> list[str]:
    statements = []
    for kind, (table, column, _) in LISTS.items():
        for event in EVENTS:
            statements.append(f"DROP TRIGGER catalog_{kind}_parts_{event} ON {table}")
        statements.append(f"DROP FUNCTION catalog_{kind}_parts_kept()")
        statements.append(f"ALTER TABLE catalog_product DROP COLUMN {column}")
    return statements


def _run(statements):
    def run(apps, schema_editor):
        if schema_editor.connection.vendor != "postgresql":
            return
        for statement in statements():
            schema_editor.execute(statement)

    return run


class Migration(migrations.Migration):
    dependencies = [("catalog", "0014_rating")]

    operations = [migrations.RunPython(_run(_forward_sql), _run(_backward_sql))]
