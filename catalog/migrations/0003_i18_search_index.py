"""The search index, one per database, each kept in step with the products by
the database itself (triggers), so every way of writing a product (the API, the admin,
bulk inserts of seed_demo, a CSV import, raw SQL) keeps search right.

A product's document is its name, its category's name and its description, lower-cased,
each written twice: as typed, and with `-`, `'`, `’` and `.` removed, so `T-Shirt` is
found by `t shirt`, `shirt` and `tshirt`, and `Levi's` by `levis`.

PostgreSQL: a `search_vector` tsvector column (name weighted A, category B, description
C) behind a GIN index, and `catalog_searchword`, every word the documents ever held, with
a pg_trgm GIN index: the vocabulary that misspelled words are corrected against (the
"text search integration" recipe of the pg_trgm documentation).

SQLite: an FTS5 table (unicode61 words, diacritics folded) with the same three columns,
and its fts5vocab view as the vocabulary.

Neither Django model knows about these: they are read with raw SQL by catalog/search/.
A later migration that makes SQLite rebuild catalog_product (an AlterField, for one)
drops the triggers with the old table: catalog/tests/test_search_index.py fails then, and
running this migration's SQLITE_TRIGGERS again restores them.
"""

from django.db import migrations


def _doc_pg(expr):
    return f"lower({expr}) || ' ' || regexp_replace(lower({expr}), '[-''’.]+', '', 'g')"


PG_FORWARD = [
    "CREATE EXTENSION IF NOT EXISTS pg_trgm",
    "ALTER TABLE catalog_product ADD COLUMN IF NOT EXISTS search_vector tsvector",
    "CREATE TABLE IF NOT EXISTS catalog_searchword (word text PRIMARY KEY)",
    "CREATE INDEX IF NOT EXISTS catalog_searchword_trgm_idx "
    "ON catalog_searchword USING gin (word gin_trgm_ops)",
    f"""
    CREATE OR REPLACE FUNCTION catalog_search_document(p_name text, p_category text,
                                                       p_description text)
    RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      SELECT setweight(to_tsvector('simple'::regconfig, {_doc_pg("p_name")}), 'A')
          || setweight(to_tsvector('simple'::regconfig,
                                   {_doc_pg("coalesce(p_category, '')")}), 'B')
          || setweight(to_tsvector('simple'::regconfig, {_doc_pg("p_description")}), 'C')
    $$
    """,
    """
    CREATE OR REPLACE FUNCTION catalog_product_search_update() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      NEW.search_vector := catalog_search_document(
        NEW.name,
        (SELECT name FROM catalog_category WHERE id = NEW.category_id),
        NEW.description);
      INSERT INTO catalog_searchword (word)
        SELECT unnest(tsvector_to_array(NEW.search_vector)) ON CONFLICT DO NOTHING;
      RETURN NEW;
    END
    $$
    """,
    """
    CREATE OR REPLACE FUNCTION catalog_category_search_update() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE catalog_product
         SET search_vector = catalog_search_document(name, NEW.name, description)
       WHERE category_id = NEW.id;
      INSERT INTO catalog_searchword (word)
        SELECT unnest(tsvector_to_array(catalog_search_document('', NEW.name, '')))
        ON CONFLICT DO NOTHING;
      RETURN NEW;
    END
    $$
    """,
    "DROP TRIGGER IF EXISTS catalog_product_search_trg ON catalog_product",
    "CREATE TRIGGER catalog_product_search_trg "
    "BEFORE INSERT OR UPDATE OF name, description, category_id ON catalog_product "
    "FOR EACH ROW EXECUTE FUNCTION catalog_product_search_update()",
    "DROP TRIGGER IF EXISTS catalog_category_search_trg ON catalog_category",
    "CREATE TRIGGER catalog_category_search_trg "
    "AFTER UPDATE OF name ON catalog_category "
    "FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) "
    "EXECUTE FUNCTION catalog_category_search_update()",
    # The products already there.
    "UPDATE catalog_product p "
    "SET search_vector = catalog_search_document(p.name, c.name, p.description) "
    "FROM catalog_category c WHERE c.id = p.category_id",
    "INSERT INTO catalog_searchword (word) "
    "SELECT DISTINCT unnest(tsvector_to_array(search_vector)) FROM catalog_product "
    "ON CONFLICT DO NOTHING",
    "CREATE INDEX IF NOT EXISTS product_search_vector_idx "
    "ON catalog_product USING gin (search_vector)",
]
PG_BACKWARD = [
    "DROP TRIGGER IF EXISTS catalog_category_search_trg ON catalog_category",
    "DROP TRIGGER IF EXISTS catalog_product_search_trg ON catalog_product",
    "DROP FUNCTION IF EXISTS catalog_category_search_update()",
    "DROP FUNCTION IF EXISTS catalog_product_search_update()",
    "DROP FUNCTION IF EXISTS catalog_search_document(text, text, text)",
    "DROP INDEX IF EXISTS product_search_vector_idx",
    "ALTER TABLE catalog_product DROP COLUMN IF EXISTS search_vector",
    "DROP TABLE IF EXISTS catalog_searchword",
]


def _doc_sqlite(expr):
    joined = f"lower({expr})"
    for char in ("-", "''", "’", "."):
        joined = f"replace({joined}, '{char}', '')"
    return f"lower({expr}) || ' ' || {joined}"


_CATEGORY_OF_NEW = f"(SELECT {_doc_sqlite('name')} FROM catalog_category WHERE id = NEW.category_id)"
_INSERT_NEW = (
    "INSERT INTO catalog_product_fts (rowid, name, category, description) VALUES "
    f"(NEW.id, {_doc_sqlite('NEW.name')}, {_CATEGORY_OF_NEW}, {_doc_sqlite('NEW.description')});"
)
SQLITE_TRIGGERS = [
    "DROP TRIGGER IF EXISTS catalog_product_fts_ai",
    "DROP TRIGGER IF EXISTS catalog_product_fts_au",
    "DROP TRIGGER IF EXISTS catalog_product_fts_ad",
    "DROP TRIGGER IF EXISTS catalog_category_fts_au",
    f"CREATE TRIGGER catalog_product_fts_ai AFTER INSERT ON catalog_product BEGIN {_INSERT_NEW} END",
    "CREATE TRIGGER catalog_product_fts_au "
    "AFTER UPDATE OF name, description, category_id ON catalog_product BEGIN "
    "DELETE FROM catalog_product_fts WHERE rowid = OLD.id; "
    f"{_INSERT_NEW} END",
    "CREATE TRIGGER catalog_product_fts_ad AFTER DELETE ON catalog_product BEGIN "
    "DELETE FROM catalog_product_fts WHERE rowid = OLD.id; END",
    "CREATE TRIGGER catalog_category_fts_au AFTER UPDATE OF name ON catalog_category BEGIN "
    f"UPDATE catalog_product_fts SET category = {_doc_sqlite('NEW.name')} "
    "WHERE rowid IN (SELECT id FROM catalog_product WHERE category_id = NEW.id); END",
]
SQLITE_FORWARD = [
    "CREATE VIRTUAL TABLE IF NOT EXISTS catalog_product_fts USING fts5("
    "name, category, description, tokenize = 'unicode61 remove_diacritics 2')",
    "CREATE VIRTUAL TABLE IF NOT EXISTS catalog_product_fts_vocab "
    "USING fts5vocab(catalog_product_fts, 'row')",
    *SQLITE_TRIGGERS,
    "DELETE FROM catalog_product_fts",
    "INSERT INTO catalog_product_fts (rowid, name, category, description) "
    f"SELECT p.id, {_doc_sqlite('p.name')}, {_doc_sqlite('c.name')}, "
    f"{_doc_sqlite('p.description')} "
    "FROM catalog_product p JOIN catalog_category c ON c.id = p.category_id",
]
SQLITE_BACKWARD = [
    "DROP TRIGGER IF EXISTS catalog_category_fts_au",
    "DROP TRIGGER IF EXISTS catalog_product_fts_ad",
    "DROP TRIGGER IF EXISTS catalog_product_fts_au",
    "DROP TRIGGER IF EXISTS catalog_product_fts_ai",
    "DROP TABLE IF EXISTS catalog_product_fts_vocab",
    "DROP TABLE IF EXISTS catalog_product_fts",
]


class VendorOnly(migrations.RunSQL):
    """RunSQL that runs only on one database vendor and does nothing on the others."""

    def __init__(self, vendor, *args, **kwargs):
        self.vendor = vendor
        super().__init__(*args, **kwargs)

    def deconstruct(self):
        name, args, kwargs = super().deconstruct()
        return name, [self.vendor, *args], kwargs

    def database_forwards(self, app_label, schema_editor, from_state, to_state):
        if schema_editor.connection.vendor == self.vendor:
            super().database_forwards(app_label, schema_editor, from_state, to_state)

    def database_backwards(self, app_label, schema_editor, from_state, to_state):
        if schema_editor.connection.vendor == self.vendor:
            super().database_backwards(app_label, schema_editor, from_state, to_state)


class Migration(migrations.Migration):
    dependencies = [("catalog", "0002_search_trigram_indexes")]

    operations = [
        VendorOnly("postgresql", sql=PG_FORWARD, reverse_sql=PG_BACKWARD),
        VendorOnly("sqlite", sql=SQLITE_FORWARD, reverse_sql=SQLITE_BACKWARD),
    ]
