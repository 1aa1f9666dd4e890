"""Trigram indexes for the search call on PostgreSQL.

Search matches `name` or `description` case-insensitively as literal text, which Django
writes as `UPPER(col::text) LIKE UPPER('%keyword%')`; a GIN index with `gin_trgm_ops` on
exactly those expressions lets PostgreSQL answer it from the index instead of reading
every row. `pg_trgm` is a trusted extension, so the database owner may create it.

Other databases (SQLite in development and tests) skip this migration's SQL: they have
no trigram indexes, and the search gives the same answers there, only slower.
"""

from django.db import migrations

FORWARD = [
    "CREATE EXTENSION IF NOT EXISTS pg_trgm",
    "CREATE INDEX IF NOT EXISTS product_name_trgm_idx "
    "ON catalog_product USING gin ((UPPER(name::text)) gin_trgm_ops)",
    "CREATE INDEX IF NOT EXISTS product_description_trgm_idx "
    "ON catalog_product USING gin ((UPPER(description::text)) gin_trgm_ops)",
]
BACKWARD = [
    "DROP INDEX IF EXISTS product_description_trgm_idx",
    "DROP INDEX IF EXISTS product_name_trgm_idx",
]


class PostgreSQLOnly(migrations.RunSQL):
    """RunSQL that does nothing on databases other than PostgreSQL."""

    def database_forwards(self, app_label, schema_editor, from_state, to_state):
        if schema_editor.connection.vendor == "postgresql":
            super().database_forwards(app_label, schema_editor, from_state, to_state)

    def database_backwards(self, app_label, schema_editor, from_state, to_state):
        if schema_editor.connection.vendor == "postgresql":
            super().database_backwards(app_label, schema_editor, from_state, to_state)


class Migration(migrations.Migration):
    dependencies = [("catalog", "0001_initial")]

    operations = [PostgreSQLOnly(sql=FORWARD, reverse_sql=BACKWARD)]
