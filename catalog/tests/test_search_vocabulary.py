"""The vocabulary held in process (catalog/search/vocabulary.py): on PostgreSQL a small ASCII
vocabulary is read once a catalogue version and gives exactly the candidates the database's
query gives (its trigram similarity and threshold included); anything else is still asked
of the database."""

import pytest
from django.db import connection

from catalog import search
from catalog.search import vocabulary
from catalog.tests.factories import CategoryFactory, ProductFactory
from catalog.tests.test_search_meaning import get

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="SQLite has no trigrams: always its query"
    ),
]

NAMES = [
    ("Sony Headphones WH 1000", "Noise cancelling over-ear headphones."),
    ("Boat Rockerz 450 Headset", "Wireless headset with a long battery."),
    ("Apple iPhone 15", "Dynamic Island and a 48 MP main camera."),
    ("Samsung Galaxy Watch", "A smartwatch with heart-rate tracking."),
    ("Realme Narzo Phone", "Budget phone with a big battery."),
    ("Redmi Earbuds", "Earbuds with deep bass and earphone tips."),
    ("Campus Running Shoes", "Lightweight running shoes for everyday runs."),
    ("Puma Sneakers", "Classic sneakers, suede finish."),
    ("Powerbank Ambrane", "Compact power bank, 10000mAh, charger included."),
    ("Wildcraft Waterproofingcover", "Rain cover."),  # a `w` word too long for `wacth`
]
# Misspellings of every kind: a first letter lost (only the trigrams find `headphones`),
# swaps, doubles, short and long words, digits, words the catalogue never held.
WORDS = [
    ["eadphones"],
    ["headphnoes"],
    ["hedaphones", "sony"],
    ["rockers"],
    ["iphoen"],
    ["samsnug", "galxy"],
    ["wacth"],
    ["runnign", "sheos"],
    ["sneakres"],
    ["earbud"],
    ["powerbnak"],
    ["chargr"],
    ["batery"],
    ["zzzzzz"],
    ["phone", "15"],
    ["narzo", "phoen"],
    ["x"],
    ["lightweigth", "everyday"],
    ["bneakers"],  # exactly 0.5 similar to `sneakers`: in at 0.5 (`%` is >=)
]


@pytest.fixture
def catalogue():
    gadgets = CategoryFactory(name="Gadgets")
    for name, description in NAMES:
        ProductFactory(name=name, description=description, category=gadgets)


def candidates_both_ways(monkeypatch, words, prefix=None):
    held = search.vocabulary_candidates(words, prefix=prefix)
    with monkeypatch.context() as patch:
        patch.setattr(vocabulary, "held_vocabulary", lambda: None)
        asked = search.vocabulary_candidates(words, prefix=prefix)
    return held, asked


@pytest.mark.parametrize("threshold", [None, "0.2", "0.5"])
def test_the_held_vocabulary_gives_the_databases_candidates(catalogue, monkeypatch, threshold):
    if threshold is not None:
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT set_config('pg_trgm.similarity_threshold', %s, true)", [threshold]
            )
    assert search.held_vocabulary() is not None
    for words in WORDS:
        for prefix in (None, words[-1]):
            held, asked = candidates_both_ways(monkeypatch, words, prefix=prefix)
            assert held == asked, (words, prefix, held ^ asked)
    # The trigram rule is exercised: `eadphones` shares no first or second letter with
    # `headphones`, only trigrams.
    held, _ = candidates_both_ways(monkeypatch, ["eadphones"])
    assert "headphones" in held


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("threshold", [None, "0.45"])
def test_the_vocabulary_is_read_on_a_connection_new_to_trigrams(catalogue, client, threshold):
    # pg_trgm's setting exists only once the extension is loaded in the backend, or once
    # something sets it: a suggestion is the first use of trigrams on a new connection.
    connection.close()
    if threshold is not None:
        with connection.cursor() as cursor:
            cursor.execute("SET pg_trgm.similarity_threshold = %s", [threshold])
    held = search.load_vocabulary()
    assert held is not None
    assert held.threshold == float(threshold or 0.3)
    connection.close()
    answer = client.get("/api/v1/product/suggest", {"q": "headphnoes"})
    assert answer.status_code == 200
    assert "Sony Headphones WH 1000" in answer.content.decode()


def test_a_misspelled_search_reads_the_vocabulary_once_a_catalogue_version(
    catalogue, anon_api, django_assert_num_queries
):
    # The literal match, the catalogue's size, the vocabulary, the match, those products.
    with django_assert_num_queries(5):
        assert get(anon_api, "headphnoes").json()[0]["name"] == "Sony Headphones WH 1000"
    with django_assert_num_queries(3):  # the literal match, the match, those products
        assert get(anon_api, "sneakres").json()[0]["name"] == "Puma Sneakers"
    ProductFactory(name="Sennheiser Headphones", description="Open-back.")  # a new version
    with django_assert_num_queries(5):
        found = get(anon_api, "sennheizer").json()
    assert [p["name"] for p in found] == ["Sennheiser Headphones"]


def test_a_word_in_another_script_is_asked_of_the_database(catalogue, monkeypatch):
    ProductFactory(name="Chai Glass", description="Çay served hot.")
    assert not search.load_vocabulary().ascii  # not all ASCII now: no candidates
    loads = []
    monkeypatch.setattr(vocabulary, "load_vocabulary", lambda: loads.append(1))
    assert "glass" in search.vocabulary_candidates(["glasss"])
    assert "çay" in search.vocabulary_candidates(["çay", "glasss"])
    assert loads == [1]  # tried once this version, then the database answered


def test_a_misspelled_word_in_another_script_is_asked_of_the_database(catalogue, monkeypatch):
    monkeypatch.setattr(vocabulary, "held_vocabulary", lambda: pytest.fail("not for this word"))
    assert "headphones" in search.vocabulary_candidates(["héadphones"])


def test_a_vocabulary_too_large_to_hold_is_asked_of_the_database(catalogue, monkeypatch):
    assert search.load_vocabulary() is not None
    monkeypatch.setattr(vocabulary, "VOCABULARY_IN_PROCESS", 10)
    assert search.load_vocabulary() is None
    assert "headphones" in search.vocabulary_candidates(["headphnoes"])


def test_with_the_cache_off_the_vocabulary_is_not_held(catalogue, settings):
    settings.CATALOG_CACHE_SECONDS = 0
    assert search.held_vocabulary() is None
