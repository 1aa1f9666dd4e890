"""What the app's page carries for a product or a category before JavaScript runs:
the head (title, description, canonical, Open Graph, schema.org JSON-LD), the essential
content, and the same data as JSON for React's first render. Home carries only the data:
the answers of the calls its first render would make, so a first visit makes none (and
so never loads the HTTP client).

The data comes from the catalogue's selectors in the API's wire shape, once per catalogue
version (`cached_value`): a product page is one query when the cache is cold and none when
it is warm. Absolute URLs are added per request (the host is the request's), outside the
cache.
"""

from __future__ import annotations

from decimal import Decimal

import orjson
from django.http import Http404, HttpResponsePermanentRedirect
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.text import Truncator

from catalog import selectors
from catalog.cache import cached_value, products_shown
from catalog.serializers import CategoryOutput, ProductOutput, render_products
from catalog.services.ratings import reviews_for
from shop.money import rupees

SITE_NAME = "ShopSphere"
DESCRIPTION_LENGTH = 160
CARD_PREVIEW_LENGTH = 30
LOW_STOCK = 5  # "Only N left" from this many down (lib/stock.js)
# The rendition sent to link previews (chat apps, social cards): wide enough for a large
# card, small enough to fetch quickly.
PREVIEW_WIDTH = 800
SCHEMA = "https://schema.org"
MAX_SLUG = 220
REVIEWS_SHOWN = 3  # reviews in a product page's JSON-LD


def format_price(value) -> str:
    """Rupees with Indian digit grouping, as the React app writes them (lib/format.js):
    `₹1,23,456` for whole rupees, `₹199.50` with paise."""
    return rupees(value, paise=False)


def preview(text: str, length: int = CARD_PREVIEW_LENGTH) -> str:
    """The card's text preview, as the React app cuts it (characters, then an ellipsis
    only when something was cut)."""
    return text if len(text) <= length else f"{text[:length]}..."


def stock(product: dict) -> dict:
    """The stock label and its colour, as components/StockBadge.jsx shows them."""
    left = max(0, int(product["quantity"]))
    if left <= 0:
        return {"stock_label": "Out of stock", "stock_tone": "text-danger", "sold_out": True}
    if left <= LOW_STOCK:
        return {
            "stock_label": f"Only {left} left",
            "stock_tone": "text-warning-emphasis",
            "sold_out": False,
        }
    return {"stock_label": "In stock", "stock_tone": "text-success", "sold_out": False}


def _check_slug(slug: str) -> None:
    """A slug no product or category can have is unknown without asking the database
    (PostgreSQL refuses NUL characters in text)."""
    if not slug or len(slug) > MAX_SLUG or "\x00" in slug:
        raise Http404("Not found")


def _description(text: str) -> str:
    return Truncator(" ".join(text.split())).chars(DESCRIPTION_LENGTH)


def _photo(product: dict, width: int | None = None) -> str:
    url = product["photo"]
    return f"{url}&w={width}" if width and product.get("photoWidths") else url


def _srcset(product: dict) -> str:
    return ", ".join(f"{_photo(product, w)} {w}w" for w in product.get("photoWidths", []))


def price_text(product: dict) -> str:
    """The price as the React app writes it: "from ₹X" when its variants' prices differ
    (lib/variants.js, `hasPriceRange`)."""
    prices = {Decimal(str(v["price"])) for v in product.get("variants") or []}
    text = format_price(product["price"])
    return f"from {text}" if len(prices) > 1 else text


def mrp_text(item: dict) -> str:
    """The struck-through "M.R.P." amount beside a price (a product's or a variant's in
    the API's shape): its MRP when one above its price is set, else "" (nothing shown).
    A product's `mrp` is its cheapest variant's, the one its price is, so a "from" price
    shows the MRP of that same variant."""
    mrp = item.get("mrp")
    if mrp is None or Decimal(str(mrp)) <= Decimal(str(item["price"])):
        return ""
    return format_price(mrp)


def was_text(item: dict) -> str:
    """The regular price struck through beside a sale price, when no MRP is shown in its
    place (an MRP above the price is the one struck figure): else ""."""
    if mrp_text(item):
        return ""
    regular = item.get("regularPrice")
    if regular is None or Decimal(str(regular)) <= Decimal(str(item["price"])):
        return ""
    return format_price(regular)


def sale_text(product: dict) -> str:
    """ "Diwali Sale, ends 5 Nov, 11:59 pm" (India time) while a sale gives the price."""
    sale = product.get("sale")
    if not sale:
        return ""
    ends = timezone.localtime(parse_datetime(sale["endsAt"]))
    when = ends.strftime("%-d %b, %-I:%M %p").replace("AM", "am").replace("PM", "pm")
    return f"{sale['name']}, ends {when}"


def _chosen(product: dict, request) -> dict | None:
    """The variant `?variant=` names, when it is one of the product's."""
    wanted = request.GET.get("variant", "")
    return next((v for v in product.get("variants") or [] if v["_id"] == wanted), None)


def _card(product: dict, *, index: int, eager: int = 2) -> dict:
    """One product card's display values (components/ProductCard.jsx)."""
    return {
        **product,
        "url": f"/product/{product['slug']}",
        "price_text": price_text(product),
        "mrp_text": mrp_text(product),
        "was_text": was_text(product),
        "sale_text": sale_text(product),
        "preview": preview(product["description"]),
        "srcset": _srcset(product),
        "lazy": index >= eager,
        **stock(product),
    }


# --- product ------------------------------------------------------------------------------


def _product_data(slug: str) -> dict:
    """The product's answer and the JSON-LD of a few of its published reviews (asked of
    the reviews app's source only when it has ratings: a product without any costs no
    query more)."""
    product = ProductOutput(selectors.product_get_current(slug=slug)).data
    reviews = []
    if product["rating"]["count"]:
        reviews = [_review(found) for found in reviews_for(int(product["_id"]), REVIEWS_SHOWN)]
    return {"product": product, "reviews": reviews}


def _review(found: dict) -> dict:
    """A published review as a schema.org Review (its text as written: the JSON-LD's
    escaping keeps it inside its block)."""
    published = found["createdAt"]
    if timezone.is_aware(published):
        published = timezone.localtime(published)
    return {
        "@type": "Review",
        "author": {"@type": "Person", "name": str(found["author"])},
        "reviewRating": {
            "@type": "Rating",
            "ratingValue": int(found["rating"]),
            "bestRating": 5,
            "worstRating": 1,
        },
        "name": str(found["title"]),
        "reviewBody": str(found["body"]),
        "datePublished": published.date().isoformat(),
    }


def rating_text(product: dict) -> str:
    """ "★ 4.3 (12 reviews)" beside the price; "" without ratings."""
    rating = product.get("rating") or {}
    count = rating.get("count") or 0
    if not count or rating.get("average") is None:
        return ""
    return f"★ {rating['average']:.1f} ({count} {'review' if count == 1 else 'reviews'})"


def _aggregate_rating(product: dict) -> dict | None:
    """schema.org AggregateRating of the product's published reviews (the API's `rating`),
    None without any."""
    rating = product.get("rating") or {}
    if not rating.get("count") or rating.get("average") is None:
        return None
    return {
        "@type": "AggregateRating",
        "ratingValue": rating["average"],
        "reviewCount": rating["count"],
        "bestRating": 5,
        "worstRating": 1,
    }


# schema.org's own properties for the options a product group varies by; other option
# names are given as they are.
VARIES_BY = {"size": f"{SCHEMA}/size", "colour": f"{SCHEMA}/color", "color": f"{SCHEMA}/color"}


def _offer(url: str, price, quantity: int, mrp=None, sale=None) -> dict:
    """An Offer at `price`; with a list price above it (the MRP, else the price without a
    sale), also that list price as a UnitPriceSpecification of type ListPrice (how Google
    reads a struck-through price); while a sale gives the price, `priceValidUntil` is the
    day it ends."""
    offer = {
        "@type": "Offer",
        "url": url,
        "price": f"{Decimal(str(price)):.2f}",
        "priceCurrency": "INR",
        "availability": f"{SCHEMA}/{'InStock' if quantity > 0 else 'OutOfStock'}",
        "itemCondition": f"{SCHEMA}/NewCondition",
    }
    if mrp is not None and Decimal(str(mrp)) > Decimal(str(price)):
        offer["priceSpecification"] = {
            "@type": "UnitPriceSpecification",
            "priceType": f"{SCHEMA}/ListPrice",
            "price": f"{Decimal(str(mrp)):.2f}",
            "priceCurrency": "INR",
        }
    if sale:
        offer["priceValidUntil"] = (
            timezone.localtime(parse_datetime(sale["endsAt"])).date().isoformat()
        )
    return offer


def _structured_product(
    product: dict,
    *,
    canonical: str,
    image: str,
    text: str,
    seller: str = "",
    reviews: list[dict] = (),
) -> dict:
    """The product's structured data: a Product with one Offer when it is sold one way; a
    ProductGroup with a Product and Offer per variant (its `?variant=` address, its SKU,
    its own photo when one shows its option value) when it has several. Each offer names
    the seller, and the product its country of origin (schema.org `countryOfOrigin`); a
    rated product its `aggregateRating` and up to REVIEWS_SHOWN `review`s."""

    def offer(url, item, quantity):
        listed = item.get("mrp")
        if listed is None or Decimal(str(listed)) <= Decimal(str(item["price"])):
            listed = item.get("regularPrice")
        found = _offer(url, item["price"], quantity, listed, product.get("sale"))
        if seller:
            found["seller"] = {"@type": "Organization", "name": seller}
        return found

    common = {
        "@context": SCHEMA,
        "name": product["name"],
        "description": text,
        "image": [image],
        "url": canonical,
        "category": product["category"]["name"],
        "brand": {"@type": "Brand", "name": SITE_NAME},
        "countryOfOrigin": {"@type": "Country", "name": product["countryOfOrigin"]},
    }
    aggregate = _aggregate_rating(product)
    if aggregate is not None:
        common["aggregateRating"] = aggregate
        if reviews:
            common["review"] = list(reviews)
    variants = product.get("variants") or []
    if len(variants) <= 1:
        return {
            **common,
            "@type": "Product",
            "sku": product["_id"],
            "offers": offer(canonical, product, product["quantity"]),
        }
    photo_for = {}
    for photo in product.get("photos") or []:
        if photo["option"] and photo["option"] not in photo_for:
            photo_for[photo["option"]] = photo["url"]
    members = []
    for variant in variants:
        url = f"{canonical}?variant={variant['_id']}"
        values = list(variant["options"].values())
        shown = next((photo_for[v] for v in values if v in photo_for), None)
        member = {
            "@type": "Product",
            "name": f"{product['name']} ({', '.join(values)})",
            "sku": variant["sku"],
            "url": url,
            "offers": offer(url, variant, variant["quantity"]),
        }
        if shown:
            member["image"] = canonical.split("/product/")[0] + shown
        for name, value in variant["options"].items():
            key = VARIES_BY.get(name.casefold())
            if key:
                member[key.rsplit("/", 1)[1]] = value
        members.append(member)
    return {
        **common,
        "@type": "ProductGroup",
        "productGroupID": product["_id"],
        "variesBy": [VARIES_BY.get(o["name"].casefold(), o["name"]) for o in product["options"]],
        "hasVariant": members,
    }


def product_page(request, *, slug: str, seller=None):
    """`/product/{slug}`: the product's head and content; an old slug answers 301 to the
    current address; an unknown one the not-found state (404).

    Under the price: "Inclusive of all taxes" (Legal Metrology (Packaged Commodities)
    Rules), the country of origin and the seller's legal name (Consumer Protection
    (E-Commerce) Rules 2020, rules 5 and 6). `seller` (given by shop/urls.py: the catalogue
    does not know the orders app that keeps the shop's details) returns that name; it is
    read on each request, from its own cache, so a change of it never waits for the
    catalogue's."""
    try:
        _check_slug(slug)
        data = cached_value(
            f"page:product:{slug}", lambda: _product_data(slug), shows=products_shown
        )
    except Http404:
        return {
            "status": 404,
            "title": f"Product not found - {SITE_NAME}",
            "description": "This product is no longer available.",
            "robots": "noindex",
            "body": "spa/product_missing.html",
            "initial": {"route": "product", "slug": slug, "product": None},
        }
    product = data["product"]
    if product["slug"] != slug:
        return HttpResponsePermanentRedirect(f"/product/{product['slug']}")

    seller_name = seller() if seller is not None else ""
    canonical = request.build_absolute_uri(f"/product/{product['slug']}")
    image = request.build_absolute_uri(_photo(product, PREVIEW_WIDTH))
    category = product["category"]
    description = _description(product["description"])
    # A shared or indexed `?variant=` address is that variant's page: its price, stock,
    # name and address (the React app keeps the same choice).
    variant = _chosen(product, request)
    shown = variant or product
    in_stock = shown["quantity"] > 0
    price = f"{Decimal(str(shown['price'])):.2f}"
    title = product["name"]
    address = canonical
    if variant is not None and variant["options"]:
        title = f"{product['name']} ({', '.join(variant['options'].values())})"
        address = f"{canonical}?variant={variant['_id']}"
    return {
        "status": 200,
        "title": f"{title} - {SITE_NAME}",
        "description": description,
        "canonical": address,
        "og_type": "product",
        "image": image,
        "image_alt": product["name"],
        "extra_meta": [
            ("product:price:amount", price),
            ("product:price:currency", "INR"),
            ("product:availability", "in stock" if in_stock else "out of stock"),
        ],
        "jsonld": [
            _structured_product(
                product,
                canonical=canonical,
                image=image,
                text=description,
                seller=seller_name,
                reviews=data["reviews"],
            ),
            _breadcrumbs(
                request,
                [
                    ("Home", "/"),
                    (category["name"], f"/category/{category['slug']}"),
                    (product["name"], f"/product/{product['slug']}"),
                ],
            ),
        ],
        "body": "spa/product.html",
        "product": {
            **product,
            "price_text": format_price(variant["price"]) if variant else price_text(product),
            # The MRP of the price shown: the chosen variant's, else the product's.
            "mrp_text": mrp_text(shown),
            "was_text": was_text(shown),
            "sale_text": sale_text(product),
            "rating_text": rating_text(product),
            "srcset": _srcset(product),
            "seller": seller_name,
            **stock(shown),
        },
        "initial": {"route": "product", "slug": slug, "product": product},
    }


def _breadcrumbs(request, trail: list[tuple[str, str]]) -> dict:
    return {
        "@context": SCHEMA,
        "@type": "BreadcrumbList",
        "itemListElement": [
            {
                "@type": "ListItem",
                "position": position,
                "name": name,
                "item": request.build_absolute_uri(path),
            }
            for position, (name, path) in enumerate(trail, start=1)
        ],
    }


# --- category -----------------------------------------------------------------------------


def _category_data(slug: str) -> dict:
    category, products, total = selectors.product_in_category(slug=slug, page=1)
    return {
        "category": CategoryOutput(category).data,
        "products": ProductOutput(products, many=True).data,
        "total": total,
    }


def category_page(request, *, slug: str):
    """`/category/{slug}`: heading, count and the first page of products (the page React
    would fetch first), with an `ItemList` of them; an unknown slug is a 404."""
    try:
        _check_slug(slug)
        data = cached_value(
            f"page:category:{slug}", lambda: _category_data(slug), shows=products_shown
        )
    except Http404:
        return {
            "status": 404,
            "title": f"Category not found - {SITE_NAME}",
            "description": "We could not find this category.",
            "robots": "noindex",
            "body": "spa/category_missing.html",
            "initial": {"route": "category", "slug": slug, "category": None},
        }
    category, products = data["category"], data["products"]
    path = f"/category/{category['slug']}"
    canonical = request.build_absolute_uri(path)
    count = data["total"]
    return {
        "status": 200,
        "title": f"{category['name']} - {SITE_NAME}",
        "description": (
            f"Shop {category['name']} at {SITE_NAME}: {count} "
            f"{'product' if count == 1 else 'products'}, prices in Indian rupees."
        ),
        "canonical": canonical,
        "og_type": "website",
        "image": (
            request.build_absolute_uri(_photo(products[0], PREVIEW_WIDTH)) if products else None
        ),
        "image_alt": products[0]["name"] if products else None,
        "jsonld": [
            {
                "@context": SCHEMA,
                "@type": "ItemList",
                "name": category["name"],
                "url": canonical,
                "numberOfItems": len(products),
                "itemListElement": [
                    {
                        "@type": "ListItem",
                        "position": position,
                        "url": request.build_absolute_uri(f"/product/{product['slug']}"),
                        "name": product["name"],
                    }
                    for position, product in enumerate(products, start=1)
                ],
            },
            _breadcrumbs(request, [("Home", "/"), (category["name"], path)]),
        ],
        "body": "spa/category.html",
        "category": category,
        "total": count,
        "cards": [_card(product, index=i) for i, product in enumerate(products)],
        "has_more": count > len(products),
        "initial": {"route": "category", "slug": slug, **data},
    }


# --- home ---------------------------------------------------------------------------------


def _home_data() -> dict:
    """The answers home's first render reads, each the body its call answers
    (catalog/views.py): product-list page 1, product-count, get-category, and option-facets
    with no filter."""
    return {
        "productList": {
            "success": True,
            "products": orjson.loads(render_products(selectors.product_page(page=1))),
        },
        "productCount": {"success": True, "total": selectors.product_count()},
        "categories": {
            "success": True,
            "message": "All categories list",
            "category": CategoryOutput(selectors.category_list(), many=True).data,
        },
        "optionFacets": {
            "success": True,
            "facets": selectors.option_facets(category_ids=[], low=None, high=None),
        },
    }


def home_initial(*, shop_info=None) -> dict:
    """`#initial-data` of `/`. The catalogue's part is kept once per catalogue version and
    recomputed after a sale of a product it shows, as the API's answers are. `shop_info`
    (given by shop/urls.py: the orders app keeps the shop's details) returns shop-info's
    body; it is read on each request, from its own cache."""
    initial = {"route": "home", **cached_value("page:home", _home_data, shows=products_shown)}
    if shop_info is not None:
        initial["shopInfo"] = shop_info()
    return initial
