"""The app's page as a crawler or a link preview sees it, with no JavaScript:
each route's own head (title, description, canonical, Open Graph, Twitter card, schema.org
JSON-LD), the essential content in the HTML, the data React reads for its first render,
real 404s, and a product page that costs one query cold and none warm."""

import json
from decimal import Decimal
from html.parser import HTMLParser

import pytest

from catalog.tests.factories import PARTS, CategoryFactory, ProductFactory
from orders.shop_details import get_shop_details

pytestmark = pytest.mark.django_db


class Page(HTMLParser):
    """What a crawler reads: title, meta tags, links, JSON-LD blocks, the embedded data and
    the visible text of the body."""

    def __init__(self, html: str):
        super().__init__()
        self.title = ""
        self.meta: dict[str, str] = {}
        self.links: dict[str, str] = {}
        self.jsonld: list = []
        self.initial = None
        self.scripts: list[dict] = []
        self.text: list[str] = []
        self.images: list[dict] = []
        self._in = None
        self._buffer = ""
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "meta" and ("name" in attrs or "property" in attrs):
            self.meta[attrs.get("name") or attrs["property"]] = attrs.get("content", "")
        elif tag == "link":
            self.links[attrs.get("rel")] = attrs.get("href")
        elif tag == "img":
            self.images.append(attrs)
        elif tag in ("title", "script"):
            self.scripts.append(attrs) if tag == "script" else None
            self._in, self._buffer = (tag, attrs), ""

    def handle_endtag(self, tag):
        if self._in and tag == self._in[0]:
            name, attrs = self._in
            if name == "title":
                self.title = self._buffer
            elif attrs.get("type") == "application/ld+json":
                self.jsonld.append(json.loads(self._buffer))
            elif attrs.get("id") == "initial-data":
                self.initial = json.loads(self._buffer)
            self._in = None

    def handle_data(self, data):
        if self._in:
            self._buffer += data
        else:
            self.text.append(data)

    @property
    def body_text(self) -> str:
        return " ".join(" ".join(self.text).split())

    def ld(self, kind: str) -> dict:
        found = [item for item in self.jsonld if item.get("@type") == kind]
        assert len(found) == 1, f"one {kind} expected, got {self.jsonld}"
        return found[0]


def fetch(client, path, status=200) -> Page:
    response = client.get(path)
    assert response.status_code == status, path
    assert response["Content-Type"].startswith("text/html")
    return Page(response.content.decode())


@pytest.fixture
def headphones():
    audio = CategoryFactory(name="Audio", slug="audio")
    return ProductFactory(
        name="Sony WH-1000XM5",
        slug="sony-wh-1000xm5",
        description="Wireless noise cancelling headphones with 30 hours of battery & quick charge.",
        price=Decimal("15299.00"),
        quantity=4,
        category=audio,
        with_photo=True,
    )


# --- product ------------------------------------------------------------------------------


def test_a_product_page_has_its_own_head(client, headphones):
    page = fetch(client, "/product/sony-wh-1000xm5")
    assert page.title == "Sony WH-1000XM5 - ShopSphere"
    assert page.meta["description"].startswith("Wireless noise cancelling headphones")
    canonical = "http://testserver/product/sony-wh-1000xm5"
    assert page.links["canonical"] == canonical
    assert page.meta["og:title"] == "Sony WH-1000XM5 - ShopSphere"
    assert page.meta["og:type"] == "product"
    assert page.meta["og:url"] == canonical
    assert page.meta["og:description"] == page.meta["description"]
    # The photo for previews: absolute, a rendition (800 px WebP), not the full upload.
    image = page.meta["og:image"]
    assert image.startswith(f"http://testserver/api/v1/product/product-photo/{headphones.pk}?v=")
    assert image.endswith("&w=800")
    assert page.meta["twitter:card"] == "summary_large_image"
    assert page.meta["twitter:image"] == image
    assert page.meta["twitter:title"] == page.title
    assert "keywords" not in page.meta  # the leftover "mern,react,node,mongodb" is gone


def test_the_preview_photo_url_serves_the_rendition(client, headphones):
    image = fetch(client, "/product/sony-wh-1000xm5").meta["og:image"]
    response = client.get(image.removeprefix("http://testserver"))
    assert response.status_code == 200
    assert response["Content-Type"] == "image/webp"


def test_a_product_page_has_product_and_breadcrumb_json_ld(client, headphones):
    page = fetch(client, "/product/sony-wh-1000xm5")
    product = page.ld("Product")
    assert product["@context"] == "https://schema.org"
    assert product["name"] == "Sony WH-1000XM5"
    assert product["url"] == "http://testserver/product/sony-wh-1000xm5"
    assert product["image"] == [page.meta["og:image"]]
    offer = product["offers"]
    assert offer["@type"] == "Offer"
    assert offer["price"] == "15299.00"
    assert offer["priceCurrency"] == "INR"
    assert offer["availability"] == "https://schema.org/InStock"
    assert offer["url"] == product["url"]
    crumbs = page.ld("BreadcrumbList")["itemListElement"]
    assert [(c["position"], c["name"], c["item"]) for c in crumbs] == [
        (1, "Home", "http://testserver/"),
        (2, "Audio", "http://testserver/category/audio"),
        (3, "Sony WH-1000XM5", "http://testserver/product/sony-wh-1000xm5"),
    ]


def test_a_product_out_of_stock_says_so_in_its_offer(client, headphones):
    headphones.quantity = 0
    headphones.save()
    offer = fetch(client, "/product/sony-wh-1000xm5").ld("Product")["offers"]
    assert offer["availability"] == "https://schema.org/OutOfStock"


def test_a_product_page_shows_name_price_photo_and_description_without_javascript(
    client, headphones
):
    page = fetch(client, "/product/sony-wh-1000xm5")
    text = page.body_text
    assert "Sony WH-1000XM5" in text
    assert "₹15,299" in text and "₹15,299.00" not in text
    assert "30 hours of battery & quick charge." in text
    photo = next(img for img in page.images if img.get("alt") == "Sony WH-1000XM5")
    assert photo["src"].startswith(f"/api/v1/product/product-photo/{headphones.pk}?v=")
    assert "w=800 800w" in photo["srcset"]


def test_the_product_rides_along_as_json_in_the_api_shape(client, api, headphones):
    page = fetch(client, "/product/sony-wh-1000xm5")
    answer = api.get("/api/v1/product/get-product/sony-wh-1000xm5").json()["product"]
    assert page.initial == {"route": "product", "slug": "sony-wh-1000xm5", "product": answer}


def test_text_from_the_database_cannot_break_out_of_the_page(client):
    ProductFactory(name="</script><script>alert(1)</script>", slug="evil")
    response = client.get("/product/evil")
    body = response.content.decode()
    assert "<script>alert(1)" not in body
    page = Page(body)
    assert page.ld("Product")["name"] == "</script><script>alert(1)</script>"
    assert page.initial["product"]["name"] == "</script><script>alert(1)</script>"
    # Every script on the page is the bundle or data, none is inline code (CSP).
    for script in page.scripts:
        assert script.get("src") or script.get("type") in (
            "application/ld+json",
            "application/json",
        )


def test_a_product_page_is_one_query_cold_and_none_warm(
    client, headphones, settings, django_assert_num_queries
):
    settings.CATALOG_CACHE_SECONDS = 300
    # The seller's name comes from the shop details' own cache (orders/shop_details.py),
    # warmed here: this measures the catalogue's cold read (catalog/tests/test_tax_pages.py
    # counts both caches cold).
    get_shop_details()
    with django_assert_num_queries(1 + PARTS):
        cold = client.get("/product/sony-wh-1000xm5")
    with django_assert_num_queries(0):
        warm = client.get("/product/sony-wh-1000xm5")
    assert cold.content == warm.content


def test_a_product_page_shows_a_change_at_once(client, headphones, settings):
    settings.CATALOG_CACHE_SECONDS = 300
    fetch(client, "/product/sony-wh-1000xm5")
    headphones.price = Decimal("13999.50")
    headphones.save()
    page = fetch(client, "/product/sony-wh-1000xm5")
    assert page.ld("Product")["offers"]["price"] == "13999.50"
    assert "₹13,999.50" in page.body_text


@pytest.mark.parametrize("slug", ["no-such-product", "x" * 300, "bad%00slug"])
def test_an_unknown_product_is_a_404_with_the_app(client, slug):
    page = fetch(client, f"/product/{slug}", status=404)
    assert page.title == "Product not found - ShopSphere"
    assert page.meta["robots"] == "noindex"
    assert "Product not found" in page.body_text
    assert "canonical" not in page.links
    # React shows its not-found state from this, without asking the API again.
    slug = slug.replace("%00", "\x00")
    assert page.initial == {"route": "product", "slug": slug, "product": None}


# --- category -----------------------------------------------------------------------------


def test_a_category_page_has_its_head_heading_and_first_page(client, settings):
    settings.PRODUCTS_PER_PAGE = 2
    phones = CategoryFactory(name="Phones", slug="phones")
    for n, price in enumerate(["999", "1250.50", "45000"]):
        ProductFactory(name=f"Phone {n}", category=phones, price=Decimal(price))
    page = fetch(client, "/category/phones")
    assert page.title == "Phones - ShopSphere"
    assert page.links["canonical"] == "http://testserver/category/phones"
    assert page.meta["og:url"] == "http://testserver/category/phones"
    assert "Category - Phones" in page.body_text
    assert "3 results found" in page.body_text
    # The first page (newest first), as React would fetch it: names and prices.
    assert "Phone 2" in page.body_text and "₹45,000" in page.body_text
    assert "Phone 1" in page.body_text and "₹1,250.50" in page.body_text
    assert "Phone 0" not in page.body_text
    items = page.ld("ItemList")["itemListElement"]
    assert [(i["position"], i["name"], i["url"]) for i in items] == [
        (1, "Phone 2", "http://testserver/product/phone-2"),
        (2, "Phone 1", "http://testserver/product/phone-1"),
    ]
    assert page.initial["route"] == "category"
    assert page.initial["total"] == 3
    assert [p["name"] for p in page.initial["products"]] == ["Phone 2", "Phone 1"]


def test_a_category_page_is_cached_with_the_catalogue(client, settings, django_assert_num_queries):
    settings.CATALOG_CACHE_SECONDS = 300
    ProductFactory(category=CategoryFactory(name="Phones", slug="phones"))
    client.get("/category/phones")
    with django_assert_num_queries(0):
        assert client.get("/category/phones").status_code == 200


def test_an_unknown_category_is_a_404_with_the_app(client):
    page = fetch(client, "/category/no-such-category", status=404)
    assert page.title == "Category not found - ShopSphere"
    assert "Category not found" in page.body_text


# --- home, static pages, unknown paths ----------------------------------------------------


def test_home_keeps_its_title_and_describes_the_shop(client):
    page = fetch(client, "/")
    assert page.title == "SHOPSPHERE - shop now"
    assert "tech gadgets, electronics and clothing" in page.meta["description"]
    assert page.links["canonical"] == "http://testserver/"
    site = page.ld("WebSite")
    assert site["url"] == "http://testserver/"
    action = site["potentialAction"]
    assert action["@type"] == "SearchAction"
    assert action["target"]["urlTemplate"] == "http://testserver/search?q={search_term_string}"
    assert action["query-input"] == "required name=search_term_string"
    assert "keywords" not in page.meta


@pytest.mark.parametrize(
    ("path", "title"),
    [
        ("/about", "About us - ShopSphere"),
        ("/contact", "Contact us - ShopSphere"),
        ("/policy", "Privacy Policy - ShopSphere"),
        ("/faq", "Frequently asked questions - ShopSphere"),
        ("/returns", "Returns and refunds - ShopSphere"),
        ("/categories", "All Categories - ShopSphere"),
        ("/products", "All Products - ShopSphere"),
        ("/login", "Login - ShopSphere"),
        ("/register", "Register - ShopSphere"),
    ],
)
def test_static_pages_have_their_own_titles(client, path, title):
    page = fetch(client, path)
    assert page.title == title
    assert page.links["canonical"] == f"http://testserver{path}"
    assert page.meta["og:title"] == title


@pytest.mark.parametrize(
    "path", ["/cart", "/search", "/dashboard/user", "/dashboard/admin/product/some-slug"]
)
def test_private_and_client_only_pages_are_not_indexed(client, path):
    page = fetch(client, path)
    assert page.meta["robots"] == "noindex"
    assert "canonical" not in page.links
    assert page.initial is None  # dashboards and the cart stay client-only


@pytest.mark.parametrize("path", ["/no/such/page", "/productz", "/product", "/category/a/b"])
def test_a_path_no_route_knows_is_a_404_with_the_app(client, path):
    page = fetch(client, path, status=404)
    assert page.title == "Page not found - ShopSphere"
    assert page.meta["robots"] == "noindex"
    assert "Oops! Page Not Found" in page.body_text


def test_a_footer_category_link_redirects_to_the_category(client):
    response = client.get("/categories/electronics")
    assert response.status_code == 301
    assert response["Location"] == "/category/electronics"


def test_a_post_to_the_app_page_is_refused(client):
    assert client.post("/about").status_code == 405


@pytest.mark.parametrize(
    ("path", "target"),
    [
        ("/about/", "/about"),
        ("/product/phone/", "/product/phone"),
        ("/search/?q=tv", "/search?q=tv"),
    ],
)
def test_a_trailing_slash_redirects_to_the_one_address(client, path, target):
    response = client.get(path)
    assert response.status_code == 301
    assert response["Location"] == target


# --- products sold in sizes and colours --------------------------------------------------


@pytest.fixture
def kurta():
    return ProductFactory(
        name="Cotton Kurta",
        slug="cotton-kurta",
        price=Decimal("899"),
        category=CategoryFactory(name="Clothing", slug="clothing"),
        options=[
            {"name": "Size", "values": ["M", "XL"]},
            {"name": "Colour", "values": ["Indigo"]},
        ],
        variants=[
            {"options": {"Size": "M", "Colour": "Indigo"}, "quantity": 3},
            {"options": {"Size": "XL", "Colour": "Indigo"}, "quantity": 0, "price": Decimal("999")},
        ],
    )


def test_a_product_of_several_variants_is_a_product_group_with_an_offer_each(client, kurta):
    page = fetch(client, "/product/cotton-kurta")

    group = page.ld("ProductGroup")
    assert group["productGroupID"] == str(kurta.pk)
    assert group["variesBy"] == ["https://schema.org/size", "https://schema.org/color"]
    medium, large = group["hasVariant"]
    assert medium["name"] == "Cotton Kurta (M, Indigo)"
    assert (medium["size"], medium["color"]) == ("M", "Indigo")
    assert medium["sku"] == kurta.variants.get(options__Size="M").sku
    assert medium["url"].startswith("http://testserver/product/cotton-kurta?variant=")
    assert medium["offers"]["price"] == "899.00"
    assert medium["offers"]["availability"] == "https://schema.org/InStock"
    assert large["offers"]["price"] == "999.00"
    assert large["offers"]["availability"] == "https://schema.org/OutOfStock"
    assert not [item for item in page.jsonld if item.get("@type") == "Product"]
    # Prices differ: the page says where they start, as the React app does.
    assert "from ₹899" in page.body_text


def test_a_variant_address_is_that_variants_page(client, kurta):
    large = kurta.variants.get(options__Size="XL")

    page = fetch(client, f"/product/cotton-kurta?variant={large.pk}")

    assert page.title == "Cotton Kurta (XL, Indigo) - ShopSphere"
    assert page.links["canonical"] == f"http://testserver/product/cotton-kurta?variant={large.pk}"
    assert page.meta["product:price:amount"] == "999.00"
    assert page.meta["product:availability"] == "out of stock"
    assert "₹999" in page.body_text and "from ₹" not in page.body_text
    assert "Out of stock" in page.body_text
    # Another product's variant, or none, is the product's own page.
    other = fetch(client, "/product/cotton-kurta?variant=999999")
    assert other.links["canonical"] == "http://testserver/product/cotton-kurta"
