"""Revalidation of every answer that carries an ETag (a catalogue read, a product photo,
shop-info, the sitemap) follows Django's conditional handling: If-None-Match compared
weakly, a list of tags or `*` matches, a 304 has no body and keeps the validator and the
caching rule, and it costs no more SQL than the 200 it replaces. If-Modified-Since alone
is not trusted (two writes within one second share a Last-Modified)."""

import pytest

from catalog.tests.factories import CategoryFactory, ProductFactory

pytestmark = pytest.mark.django_db

READS = {
    "catalogue read": "/api/v1/product/product-list/1",
    "product photo": "/api/v1/product/product-photo/{pk}",
    "shop-info": "/api/v1/shop-info",
    "sitemap": "/sitemap.xml",
}


@pytest.fixture
def urls():
    product = ProductFactory(
        name="Revalidated", category=CategoryFactory(name="Tools"), with_photo=True
    )
    return {name: url.format(pk=product.pk) for name, url in READS.items()}


@pytest.mark.parametrize("name", READS)
def test_a_held_tag_in_any_form_is_304_with_its_headers_and_no_more_sql(
    client, urls, name, django_assert_num_queries
):
    url = urls[name]
    client.get(url)  # warm: what a shopper's second visit finds
    with django_assert_num_queries(0) as warm:
        first = client.get(url)
    assert first.status_code == 200
    etag = first["ETag"]
    assert etag.startswith('"') and first["Cache-Control"]

    for held in (etag, f"W/{etag}", f'"other", {etag}', "*"):
        with django_assert_num_queries(len(warm.captured_queries)):
            again = client.get(url, HTTP_IF_NONE_MATCH=held)
        assert again.status_code == 304, held
        assert again.content == b""
        assert again["ETag"] == etag
        assert again["Cache-Control"] == first["Cache-Control"]


@pytest.mark.parametrize("name", READS)
def test_another_tag_or_a_date_alone_gets_the_answer(client, urls, name):
    url = urls[name]
    first = client.get(url)
    assert client.get(url, HTTP_IF_NONE_MATCH='"stale"').content == first.content
    later = "Fri, 01 Jan 2100 00:00:00 GMT"
    answer = client.get(url, HTTP_IF_MODIFIED_SINCE=later)
    assert answer.status_code == 200 and answer.content == first.content
