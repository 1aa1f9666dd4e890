"""A literal search of several words is answered from the word index.

The literal step of a search (the keyword as typed, inside a name or a description) was
answered by the trigram indexes: for two words, about ten trigrams and their long
posting lists, 1.2 ms of PostgreSQL a search at 100k products. A product that holds
`adidas boltt` literally also holds, in its `search_vector`, a word ending in `adidas`
and one starting with `boltt` (catalog/search/sql_postgres.py, `literal_words_query`), so such a
keyword is now looked up in the word index and only those products are tested.

That holds for every text but a few odd ones, which this migration marks: the lexeme
`~odd` (no search word can be written with `~`) is added to the `search_vector` of a
product whose name or description

- holds `<` (the text search parser drops HTML-like tags, with the words inside them) or
  `://` (it drops `boltt://` as a protocol),
- holds a run of 500 or more characters without a space (a word longer than 2,047 bytes
  is dropped from the index),
- holds a character whose upper or lower case is or holds an ASCII letter or digit (`ſ`
  upper-cases to `S`, `ß` to `SS`, `K` the Kelvin sign lower-cases to `k`): UPPER() can
  then find an ASCII keyword that the lower-cased words do not hold.

Every literal look-up takes the marked products too, and tests them as before. The
marker never reaches the vocabulary (`catalog_searchword`), nor any match: a query is
made of words, which never hold `~`.
"""

import importlib

from django.db import migrations

_0003 = importlib.import_module("catalog.migrations.0003_i18_search_index")
_0004 = importlib.import_module("catalog.migrations.0004_i18_suggest_index")

# Every character but ASCII whose case mappings (Python's, a superset of the C library's
# and ICU's) hold an ASCII letter or digit, as regular expression escapes.
_CASE_TO_ASCII = "".join(
    f"\\u{code:04X}"
    for code in (
        0x00DF, 0x0130, 0x0131, 0x0149, 0x017F, 0x01F0, 0x1E96, 0x1E97, 0x1E98, 0x1E99,
        0x1E9A, 0x1E9E, 0x212A, 0xFB00, 0xFB01, 0xFB02, 0xFB03, 0xFB04, 0xFB05, 0xFB06,
    )
)  # fmt: skip
# A bound in PostgreSQL's regular expressions is at most 255: two of 250 are 500.
ODD_TEXT = f"<|://|[^[:space:]]{{250}}[^[:space:]]{{250}}|[{_CASE_TO_ASCII}]"

_MARKER = f"""
CREATE OR REPLACE FUNCTION catalog_literal_marker(p_name text, p_description text)
RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN p_name ~ '{ODD_TEXT}' OR p_description ~ '{ODD_TEXT}'
              THEN '''~odd'''::tsvector ELSE ''::tsvector END
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
PG_FORWARD = [
    _MARKER,
    _PRODUCT_TRIGGER,
    _CATEGORY_TRIGGER,
    # The products already there (the marked ones only: the rest keep their documents).
    "UPDATE catalog_product SET search_vector = search_vector || '''~odd'''::tsvector "
    "WHERE length(catalog_literal_marker(name, description)) > 0",
]
PG_BACKWARD = [
    _0004._PRODUCT_TRIGGER,
    _0004._CATEGORY_TRIGGER,
    "UPDATE catalog_product SET search_vector = ts_delete(search_vector, '~odd') "
    "WHERE search_vector @@ '''~odd'''::tsquery",
    "DROP FUNCTION IF EXISTS catalog_literal_marker(text, text)",
]


class Migration(migrations.Migration):
    dependencies = [("catalog", "0007_i17_filter_range_indexes")]

    operations = [_0003.VendorOnly("postgresql", sql=PG_FORWARD, reverse_sql=PG_BACKWARD)]
