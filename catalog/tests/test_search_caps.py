"""A long query costs a bounded amount of work: at most MAX_WORDS words are considered,
counted after stop words and repeats are dropped."""

import pytest

from catalog import search
from catalog.search import planning
from catalog.tests.factories import ProductFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def considered(monkeypatch):
    seen = []
    real = search.vocabulary_candidates

    def spy(words, **kwargs):
        seen.append(list(words))
        return real(words, **kwargs)

    monkeypatch.setattr(planning, "vocabulary_candidates", spy)
    return seen


def test_a_long_query_considers_at_most_six_words(anon_api, considered):
    ProductFactory(name="Boat Rockerz 450", description="Wireless headphones.")

    response = anon_api.get(
        "/api/v1/product/search/boat rockerz wireless headphones black large soft extra bass"
    )

    assert response.status_code == 200
    assert [p["name"] for p in response.json()] == ["Boat Rockerz 450"]
    assert considered == [["boat", "rockerz", "wireless", "headphones", "black", "large"]]


def test_stop_words_and_repeats_do_not_use_up_the_cap(anon_api, considered):
    ProductFactory(name="Boat Rockerz 450")

    anon_api.get("/api/v1/product/search/the boat and the boat of rockerz for a phone")

    assert considered == [["boat", "rockerz", "phone"]]
