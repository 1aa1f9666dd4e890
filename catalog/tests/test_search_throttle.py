"""Search and suggestions are throttled per client address at rates no shopper reaches
(SEARCH_THROTTLE_RATE 120 a minute, SUGGEST_THROTTLE_RATE 300 a minute: the search box asks
for suggestions at most every 200 ms while typing): past them, 429 in the error shape with
Retry-After; other addresses are not affected."""

import pytest

from catalog.tests.factories import ProductFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def rate(settings):
    settings.SEARCH_THROTTLE_RATE = "3/min"
    settings.SUGGEST_THROTTLE_RATE = "3/min"
    ProductFactory(name="Boat Rockerz 450")


@pytest.mark.parametrize(
    "path",
    ["/api/v1/product/search/rockerz{n}", "/api/v1/product/suggest?q=rock{n}"],
    ids=["search", "suggest"],
)
def test_past_the_rate_a_client_gets_429_with_retry_after(anon_api, rate, path):
    answers = [anon_api.get(path.format(n=n)) for n in range(4)]

    assert [a.status_code for a in answers] == [200, 200, 200, 429]
    refused = answers[-1]
    assert 1 <= int(refused["Retry-After"]) <= 60
    assert refused.json()["success"] is False
    assert "Too many" in refused.json()["message"] or "try again" in refused.json()["message"]

    other = anon_api.get(path.format(n=9), REMOTE_ADDR="10.1.2.3")
    assert other.status_code == 200


def test_search_and_suggest_are_counted_apart(anon_api, rate):
    for n in range(3):
        assert anon_api.get(f"/api/v1/product/search/rockerz{n}").status_code == 200
    assert anon_api.get("/api/v1/product/suggest?q=roc").status_code == 200
    assert anon_api.get("/api/v1/product/search/boat").status_code == 429


def test_the_default_rates(settings):
    from shop import settings as defaults

    assert defaults.SEARCH_THROTTLE_RATE == "120/min"
    assert defaults.SUGGEST_THROTTLE_RATE == "300/min"
