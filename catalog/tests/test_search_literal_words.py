"""A literal of several plain words from the word index (catalog/search/sql_postgres.py,
`literal_words_query`; migration 0008): it must find exactly what the trigram indexes
find, odd texts included, and the database marks the odd texts itself."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from catalog import search
from catalog.models import Product
from catalog.search import prepared
from catalog.tests.factories import CategoryFactory, ProductFactory

on_postgresql = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="the word index and its marker are PostgreSQL's"
)

# Texts where a keyword of plain words sits inside, next to or across what the text search
# parser makes of it: hyphens, dots, URLs, e-mails, digits, tags, protocols, characters
# whose case maps into ASCII, a very long word, entities and other scripts.
TEXTS = [
    ("Adidas Boltt Runner", "Light shoes."),
    ("Xadidas Bolttz", "A made-up brand."),
    ("E-adidas boltt-pro", "Hyphens on both sides."),
    ("Shop.adidas boltt.com", "Hosts and dots."),
    ("Mail", "Write to sales@adidas boltt@x.com today."),
    ("Link", "See http://shop.com/adidas boltt/x for more."),
    ("Tagged", "<b>adidas boltt</b> in bold."),
    ("Inside a tag", "A <span class=adidas boltt>tag</span>."),
    ("Protocol", "adidas boltt://x is not a link."),
    ("Long s", "\u017fuper adidas bolt\u0131 and \u017famsung pro."),
    ("Sharp s", "STRA\u00dfE adidas boltt, gro\u00df."),
    ("Ligature", "\ufb01ne adidas boltt \ufb01t."),
    ("Dotted I", "\u0130STANBUL adidas boltt."),
    ("Kelvin", "5000\u212a adidas boltt."),
    ("Long word", "adidas " + "b" * 600 + " boltt end."),
    ("Entity", "adidas &amp; boltt and adidas boltt&amp;co."),
    ("Digits", "Pack of 2 adidas 3 boltt 4 units, 4k tv 55 inch."),
    ("Other script", "Café adidas boltt ₹ 999 \u2013 जूते."),
    ("Mixed Case", "ADIDAS BOLTT and AdIdAs BoLtT."),
    ("Spaces", "adidas  boltt with two spaces."),
    ("Nothing", "Plain words only."),
]
KEYWORDS = [
    "adidas boltt",
    "didas bolt",
    "s boltt",
    "adidas b",
    "ADIDAS BOLTT",
    "boltt runner",
    "adidas boltt runner",
    "e adidas",
    "super adidas",
    "stra adidas",
    "strasse adidas",
    "fine adidas",
    "istanbul adidas",
    "5000k adidas",
    "bolti and",
    "amsung pro",
    "adidas bbbb",
    "amp boltt",
    "pack of 2",
    "2 adidas 3 boltt 4",
    "4k tv 55",
    "cafe adidas",
    "words only",
    "zzz yyy",
    "boltt x",
    "adidas boltt com",
]


@pytest.fixture
def texts(db):
    category = CategoryFactory(name="Shoes")
    return [ProductFactory(name=n, description=d, category=category) for n, d in TEXTS]


def marked(product) -> bool:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT search_vector @@ %s::tsquery FROM catalog_product WHERE id = %s",
            [search._lexeme(search.ODD_WORD), product.pk],
        )
        return cursor.fetchone()[0]


def literal_by_trigrams(keyword: str, limit: int = 100) -> list[int]:
    inside = f"%{connection.ops.prep_for_like_query(keyword)}%"
    with connection.cursor() as cursor:
        params = [keyword, inside, inside, search.ranked_matches(), limit]
        cursor.execute(search._LITERAL_SQL, params)
        return [row[0] for row in cursor.fetchall()]


def literal_by_words(keyword: str, limit: int = 100) -> list[int]:
    query = search.literal_words_query(keyword, search.load_vocabulary())
    assert query is not None, keyword
    with connection.cursor() as cursor:
        params = [keyword, query, keyword, keyword, search.ranked_matches(), limit]
        cursor.execute(search._WORDS_LITERAL_SQL, params)
        return [row[0] for row in cursor.fetchall()]


@on_postgresql
@pytest.mark.django_db
@pytest.mark.parametrize("keyword", KEYWORDS)
def test_the_word_index_finds_what_the_trigrams_find(texts, keyword):
    assert literal_by_words(keyword) == literal_by_trigrams(keyword)


@on_postgresql
@pytest.mark.django_db
def test_the_keywords_above_find_something_through_odd_texts(texts):
    # The comparison above means something: most keywords find products, among them ones
    # only the marker lets the word index take.
    found = {keyword: literal_by_trigrams(keyword) for keyword in KEYWORDS}
    assert sum(1 for ids in found.values() if ids) >= 16
    names = dict(Product.objects.values_list("id", "name"))
    reached = {names[pk] for ids in found.values() for pk in ids}
    # Found only because they are marked: inside a tag, before a protocol, past a word
    # too long to index, through the long s and the dotless i (U+017F, U+0131: UPPER
    # makes them S and I). Whether the sharp s, the fi ligature, the dotted capital I and
    # the Kelvin sign upper-case into ASCII depends on the database's locale (not in
    # C.UTF-8): they are marked all the same (below).
    assert {"Tagged", "Inside a tag", "Protocol", "Long word", "Long s", "Link"} <= reached


@on_postgresql
@pytest.mark.django_db
def test_odd_texts_are_marked_and_plain_ones_are_not(texts):
    odd = {
        "Tagged",
        "Inside a tag",
        "Link",
        "Protocol",
        "Long s",
        "Sharp s",
        "Ligature",
        "Dotted I",
        "Kelvin",
        "Long word",
    }
    assert {p.name for p in texts if marked(p)} == odd


@on_postgresql
@pytest.mark.django_db
def test_the_marker_follows_the_text_and_never_reaches_the_vocabulary(texts):
    product = Product.objects.get(name="Tagged")
    product.description = "No tag now."
    product.save()
    assert not marked(product)
    Product.objects.filter(pk=product.pk).update(name="Now \u017fo")  # raw: the trigger
    assert marked(product)
    category = product.category
    category.name = "Footwear"  # a renamed category rewrites its products' documents
    category.save()
    assert marked(product)
    assert not marked(Product.objects.get(name="Nothing"))
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM catalog_searchword WHERE word LIKE '%%~%%'")
        assert cursor.fetchone()[0] == 0


@pytest.mark.parametrize(
    "keyword",
    ["adidas", "adidas  boltt", " adidas boltt", "adidas boltt ", "adi-das boltt", "café x", ""],
)
def test_only_plain_words_are_looked_up(keyword):
    vocabulary = search.Vocabulary(["adidas", "boltt", "x"], 0.3)
    assert search.literal_words_query(keyword, vocabulary) is None


def test_the_first_word_stands_for_the_words_ending_with_it_the_last_for_those_starting():
    vocabulary = search.Vocabulary(
        ["adidas", "boltt", "pro"], 0.3, ["e-adidas", "x@adidas", "boltt.com", "boltt's"]
    )
    assert vocabulary.ending_with("adidas") == ["adidas", "e-adidas", "x@adidas"]
    assert vocabulary.starting_with("boltt") == ["boltt", "boltt's", "boltt.com"]
    assert search.literal_words_query("Adidas PRO Boltt", vocabulary) == (
        "(('adidas' | 'e-adidas' | 'x@adidas') & ('pro') & ('boltt' | 'boltt''s' | 'boltt.com'))"
        " | '~odd'"
    )


def test_a_word_no_product_holds_leaves_only_the_marked_texts():
    vocabulary = search.Vocabulary(["adidas", "boltt"], 0.3)
    assert search.literal_words_query("adidas zzz boltt", vocabulary) == "'~odd'"
    assert search.literal_words_query("zzz boltt", vocabulary) == "'~odd'"


def test_a_first_word_that_ends_too_many_words_is_left_to_the_trigrams():
    many = [f"w{i}s" for i in range(search.LITERAL_WORDS + 1)]
    vocabulary = search.Vocabulary([*many, "x"], 0.3)
    assert search.literal_words_query("s x", vocabulary) is None
    fewer = search.Vocabulary([*many[: search.LITERAL_WORDS], "x"], 0.3)
    query = search.literal_words_query("s x", fewer)
    assert query.startswith("((") and query.count("s'") == search.LITERAL_WORDS, query


def test_a_last_word_that_starts_too_many_words_is_a_prefix():
    many = [f"x{i}" for i in range(search.LITERAL_WORDS + 1)]
    vocabulary = search.Vocabulary([*many, "adidas"], 0.3)
    assert search.literal_words_query("adidas x", vocabulary) == "(('adidas') & 'x':*) | '~odd'"


@on_postgresql
@pytest.mark.django_db
def test_quotes_and_backslashes_in_the_vocabulary_are_read_as_themselves(texts):
    vocabulary = search.Vocabulary(["adidas", "boltt"], 0.3, ["it's\\adidas"])
    query = search.literal_words_query("adidas boltt", vocabulary)
    with connection.cursor() as cursor:
        cursor.execute("SELECT querytree(%s::tsquery)", [query])
        assert "'it''s\\\\adidas'" in cursor.fetchone()[0]


@on_postgresql
@pytest.mark.django_db
def test_a_search_of_several_words_takes_its_literal_from_the_word_index(
    texts, client, settings, planner_statistics
):
    # A catalogue larger than margin x answer; the vocabulary and statistics held.
    settings.CATALOG_CACHE_SECONDS = 300
    settings.SEARCH_RESULTS_LIMIT = 3
    planner_statistics()
    with connection.cursor() as cursor:
        # 21 rows: planned as at 100k products. Before the search: a prepared statement
        # keeps the plan its first execution made (until ANALYZE or a new connection).
        cursor.execute("SET LOCAL enable_seqscan = off")
    with CaptureQueriesContext(connection) as queries:
        response = client.get("/api/v1/product/search/boltt%20runner")
    assert response.status_code == 200
    # Sent as the text, or as the EXECUTE of its prepared statement (catalog/search/prepared.py).
    words = prepared.Statement(search._WORDS_LITERAL_AND_MATCH_SQL).name
    paired = [
        q["sql"]
        for q in queries.captured_queries
        if q["sql"].startswith(("WITH found", "WITH literal", f"EXECUTE {words}("))
    ]
    assert len(paired) == 1, paired
    assert "::tsquery AND (strpos(" in paired[0] or paired[0].startswith(f"EXECUTE {words}(")
    names = [p["name"] for p in response.json()]
    by_trigrams = dict(Product.objects.values_list("id", "name"))
    literal = [by_trigrams[pk] for pk in literal_by_trigrams("boltt runner")]
    assert literal == ["Adidas Boltt Runner"]
    assert names[:1] == literal
    with connection.cursor() as cursor:
        cursor.execute("EXPLAIN " + paired[0])
        plan = "\n".join(row[0] for row in cursor.fetchall())
    assert "product_search_vector_idx" in plan and "trgm" not in plan, plan


@on_postgresql
@pytest.mark.django_db
@pytest.mark.parametrize("keyword", ["adidas boltt", "Pack of 2", "adidas", "e-adidas boltt-pro"])
def test_the_literal_step_alone_takes_the_word_index_for_plain_words(texts, settings, keyword):
    # A literal the statistics expect to fill the answer is read on its own
    # (literal_ranked): the word index for plain words, the trigrams otherwise.
    settings.CATALOG_CACHE_SECONDS = 300  # the vocabulary is held
    with CaptureQueriesContext(connection) as queries:
        found = search.literal_ranked(keyword, limit=100)
    assert found == literal_by_trigrams(keyword) != []
    by_words = any("::tsquery AND (strpos(" in q["sql"] for q in queries.captured_queries)
    assert by_words == (keyword in ("adidas boltt", "Pack of 2"))


@on_postgresql
@pytest.mark.django_db
@pytest.mark.parametrize("keyword", [k for k in KEYWORDS if search._PLAIN_WORDS.fullmatch(k)])
def test_the_pair_in_one_pass_answers_as_the_two_steps_do(texts, settings, keyword):
    # _WORDS_LITERAL_AND_MATCH_SQL reads the products of the literal's words or the
    # match's once and ranks both answers from that: the same ids, in the same order, as
    # the literal (the trigrams' answer, the reference) and the match read apart, leaving
    # out the literal's answer as the step after it does.
    settings.CATALOG_CACHE_SECONDS = 300  # the vocabulary is held
    expression = search.plan(keyword).expression
    if expression is None:  # `zzz yyy`: no word to match, so no pair is ever asked
        assert search.literal_ranked(keyword, limit=100) == literal_by_trigrams(keyword)
        return
    with CaptureQueriesContext(connection) as queries:
        literal, matched = search.literal_and_match(keyword, expression, limit=100)
    assert any(s in q["sql"] for q in queries.captured_queries for s in ("WITH found", "EXECUTE"))
    assert literal == literal_by_trigrams(keyword)
    assert matched == search.match_ranked(expression, limit=100, exclude=literal)
