"""A product's option values are searched with the rest of its text: `kurta xl` finds the
kurta sold in XL, `black case` the case sold in black.

The values of `Product.options` (`[{"name": "Size", "values": ["S", "XL"]}]`; the option
names are left out) join the description's part of the search document, weighted as the
description is (C on PostgreSQL, the `description` column of SQLite's FTS5 table), written
as the other parts are (lower-cased, and again without `-`, `'`, `’`, `.`). The triggers
of 0003 (PostgreSQL: as 0004 and 0008 left them) now also read `options` and also run
when it changes, so every writer (the API's product_create and product_update, the
admin, seed_demo's bulk inserts, raw SQL) keeps it right with no change of its own.

The options' words reach the vocabulary (PostgreSQL's `catalog_searchword`; SQLite's
fts5vocab view) as every indexed word does. They are not part of the literal step (the
keyword as typed in the name or the description) nor of the suggestions (names and
categories), and `literal_words_query` still holds: a document only gains words.

Products that already have options are indexed again; the others' documents are the
same. No column is added (on SQLite that would rebuild the table and drop the triggers,
see 0009).
"""

import importlib

from django.db import migrations

_0003 = importlib.import_module("catalog.migrations.0003_i18_search_index")
_0008 = importlib.import_module("catalog.migrations.0008_i17_literal_marker")
_doc_pg = _0003._doc_pg
_doc_sqlite = _0003._doc_sqlite

# --- PostgreSQL -------------------------------------------------------------------------

_OPTION_VALUES = """
CREATE OR REPLACE FUNCTION catalog_option_values(p_options jsonb) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(string_agg(value #>> '{}', ' '), '')
    FROM jsonb_path_query(coalesce(p_options, '[]'::jsonb), 'lax $[*].values[*]') AS value
$$
"""
# One expression, which the planner inlines into the trigger's: written as a SELECT ...
# FROM the values function it cost 190 us a product (the demo's 100k, where the whole
# trigger costs about 1.2 ms), this way 40; a product without options costs nothing.
_OPTIONS_DOCUMENT = f"""
CREATE OR REPLACE FUNCTION catalog_options_document(p_options jsonb) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN p_options IS NULL OR p_options = '[]'::jsonb THEN ''::tsvector
         ELSE setweight(to_tsvector('simple'::regconfig,
                                    {_doc_pg("catalog_option_values(p_options)")}), 'C')
         END
$$
"""
_PRODUCT_TRIGGER = """
CREATE OR REPLACE FUNCTION catalog_product_search_update() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  category_name text := (SELECT name FROM catalog_category WHERE id = NEW.category_id);
BEGIN
  NEW.search_vector := catalog_search_document(NEW.name, category_name, NEW.description)
                       || catalog_options_document(NEW.options);
  NEW.suggest_vector := catalog_suggest_document(NEW.name, category_name);
  INSERT INTO catalog_searchword (word)
    SELECT unnest(tsvector_to_array(NEW.search_vector)) ON CONFLICT DO NOTHING;
  NEW.search_vector := NEW.search_vector || catalog_literal_marker(NEW.name, NEW.description);
  RETURN NEW;
END
$$
"""
_CATEGORY_TRIGGER = """
CREATE OR REPLACE FUNCTION catalog_category_search_update() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalog_product
     SET search_vector = catalog_search_document(name, NEW.name, description)
                         || catalog_options_document(options)
                         || catalog_literal_marker(name, description),
         suggest_vector = catalog_suggest_document(name, NEW.name)
   WHERE category_id = NEW.id;
  INSERT INTO catalog_searchword (word)
    SELECT unnest(tsvector_to_array(catalog_search_document('', NEW.name, '')))
    ON CONFLICT DO NOTHING;
  RETURN NEW;
END
$$
"""


def _pg_trigger(columns: str) -> list[str]:
    return [
        "DROP TRIGGER IF EXISTS catalog_product_search_trg ON catalog_product",
        "CREATE TRIGGER catalog_product_search_trg "
        f"BEFORE INSERT OR UPDATE OF {columns} ON catalog_product "
        "FOR EACH ROW EXECUTE FUNCTION catalog_product_search_update()",
    ]


# Setting `options` to itself runs the trigger: the document and the vocabulary.
_PG_REINDEX = "UPDATE catalog_product SET options = options WHERE options <> '[]'::jsonb"
PG_FORWARD = [
    _OPTION_VALUES,
    _OPTIONS_DOCUMENT,
    _PRODUCT_TRIGGER,
    _CATEGORY_TRIGGER,
    *_pg_trigger("name, description, category_id, options"),
    _PG_REINDEX,
]
PG_BACKWARD = [
    _0008._PRODUCT_TRIGGER,
    _0008._CATEGORY_TRIGGER,
    *_pg_trigger("name, description, category_id"),
    "UPDATE catalog_product SET name = name WHERE options <> '[]'::jsonb",
    "DROP FUNCTION IF EXISTS catalog_options_document(jsonb)",
    "DROP FUNCTION IF EXISTS catalog_option_values(jsonb)",
]

# --- SQLite -----------------------------------------------------------------------------


def _values_sqlite(options: str) -> str:
    """The option values of `options` (JSON text), space-separated, '' for none."""
    return (
        "coalesce((SELECT group_concat(value, ' ') FROM json_tree("
        f"{options}) WHERE type = 'text' AND path GLOB '$[[]*].values'), '')"
    )


def _fts_row(product: str, category: str) -> str:
    """The FTS5 row of a product (its table's alias or NEW) and its category's name."""
    description = (
        f"{_doc_sqlite(f'{product}.description')} || ' ' || "
        f"{_doc_sqlite(_values_sqlite(f'{product}.options'))}"
    )
    return f"{product}.id, {_doc_sqlite(f'{product}.name')}, {category}, {description}"


_INSERT_NEW = (
    "INSERT INTO catalog_product_fts (rowid, name, category, description) VALUES "
    f"({_fts_row('NEW', _0003._CATEGORY_OF_NEW)});"
)


def _sqlite_triggers(insert_new: str, columns: str) -> list[str]:
    return [
        "DROP TRIGGER IF EXISTS catalog_product_fts_ai",
        "DROP TRIGGER IF EXISTS catalog_product_fts_au",
        f"CREATE TRIGGER catalog_product_fts_ai AFTER INSERT ON catalog_product "
        f"BEGIN {insert_new} END",
        "CREATE TRIGGER catalog_product_fts_au "
        f"AFTER UPDATE OF {columns} ON catalog_product BEGIN "
        f"DELETE FROM catalog_product_fts WHERE rowid = OLD.id; {insert_new} END",
    ]


# A migration that makes SQLite rebuild catalog_product drops these with the old table:
# running them again restores them (catalog/tests/test_search_meaning.py checks they are
# there).
SQLITE_TRIGGERS = _sqlite_triggers(_INSERT_NEW, "name, description, category_id, options")
_WITH_OPTIONS = "SELECT id FROM catalog_product WHERE json_array_length(options) > 0"
SQLITE_FORWARD = [
    *SQLITE_TRIGGERS,
    f"DELETE FROM catalog_product_fts WHERE rowid IN ({_WITH_OPTIONS})",
    "INSERT INTO catalog_product_fts (rowid, name, category, description) "
    f"SELECT {_fts_row('p', _doc_sqlite('c.name'))} "
    "FROM catalog_product p JOIN catalog_category c ON c.id = p.category_id "
    "WHERE json_array_length(p.options) > 0",
]
SQLITE_BACKWARD = [
    *_sqlite_triggers(_0003._INSERT_NEW, "name, description, category_id"),
    f"DELETE FROM catalog_product_fts WHERE rowid IN ({_WITH_OPTIONS})",
    "INSERT INTO catalog_product_fts (rowid, name, category, description) "
    f"SELECT p.id, {_doc_sqlite('p.name')}, {_doc_sqlite('c.name')}, "
    f"{_doc_sqlite('p.description')} "
    "FROM catalog_product p JOIN catalog_category c ON c.id = p.category_id "
    "WHERE json_array_length(p.options) > 0",
]


class Migration(migrations.Migration):
    dependencies = [("catalog", "0010_one_variant_per_product")]

    operations = [
        _0003.VendorOnly("postgresql", sql=PG_FORWARD, reverse_sql=PG_BACKWARD),
        _0003.VendorOnly("sqlite", sql=SQLITE_FORWARD, reverse_sql=SQLITE_BACKWARD),
    ]
