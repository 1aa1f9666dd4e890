"""Suggestions look only at names and categories. On PostgreSQL a weight
restriction (`'sams':*AB`) is checked row by row after the GIN index answers, and the
planner cannot estimate it: for a start that only descriptions hold (`beard`) it walked
the newest-first index through every product. `suggest_vector` holds only the name's
and category's words, behind its own GIN index, so the planner sees how many match.

SQLite needs nothing: FTS5 filters columns in its own index (`{name category} : ...`).
"""

import importlib

from django.db import migrations

_0003 = importlib.import_module("catalog.migrations.0003_i18_search_index")
_doc_pg = _0003._doc_pg

_SUGGEST_DOCUMENT = f"""
CREATE OR REPLACE FUNCTION catalog_suggest_document(p_name text, p_category text)
RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT to_tsvector('simple'::regconfig, {_doc_pg("p_name")})
      || to_tsvector('simple'::regconfig, {_doc_pg("coalesce(p_category, '')")})
$$
"""
_PRODUCT_TRIGGER = """
CREATE OR REPLACE FUNCTION catalog_product_search_update() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  category_name text := (SELECT name FROM catalog_category WHERE id = NEW.category_id);
BEGIN
  NEW.search_vector := catalog_search_document(NEW.name, category_name, NEW.description);
  NEW.suggest_vector := catalog_suggest_document(NEW.name, category_name);
  INSERT INTO catalog_searchword (word)
    SELECT unnest(tsvector_to_array(NEW.search_vector)) ON CONFLICT DO NOTHING;
  RETURN NEW;
END
$$
"""
_CATEGORY_TRIGGER = """
CREATE OR REPLACE FUNCTION catalog_category_search_update() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalog_product
     SET search_vector = catalog_search_document(name, NEW.name, description),
         suggest_vector = catalog_suggest_document(name, NEW.name)
   WHERE category_id = NEW.id;
  INSERT INTO catalog_searchword (word)
    SELECT unnest(tsvector_to_array(catalog_search_document('', NEW.name, '')))
    ON CONFLICT DO NOTHING;
  RETURN NEW;
END
$$
"""
PG_FORWARD = [
    "ALTER TABLE catalog_product ADD COLUMN IF NOT EXISTS suggest_vector tsvector",
    _SUGGEST_DOCUMENT,
    _PRODUCT_TRIGGER,
    _CATEGORY_TRIGGER,
    "UPDATE catalog_product p SET suggest_vector = catalog_suggest_document(p.name, c.name) "
    "FROM catalog_category c WHERE c.id = p.category_id",
    "CREATE INDEX IF NOT EXISTS product_suggest_vector_idx "
    "ON catalog_product USING gin (suggest_vector)",
]
# Back: the 0003 trigger functions (they run first, so they must not name the column).
_OLD_FUNCTIONS = [
    sql for sql in _0003.PG_FORWARD if "CREATE OR REPLACE FUNCTION catalog_" in sql and "_update()" in sql
]
PG_BACKWARD = [
    *_OLD_FUNCTIONS,
    "DROP INDEX IF EXISTS product_suggest_vector_idx",
    "ALTER TABLE catalog_product DROP COLUMN IF EXISTS suggest_vector",
    "DROP FUNCTION IF EXISTS catalog_suggest_document(text, text)",
]


class Migration(migrations.Migration):
    dependencies = [("catalog", "0003_i18_search_index")]

    operations = [_0003.VendorOnly("postgresql", sql=PG_FORWARD, reverse_sql=PG_BACKWARD)]
