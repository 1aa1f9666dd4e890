"""The demo catalogue: believable tech gadgets, electronics and clothing in rupees, sold in
sizes and colours, with photos drawn by Pillow. Everything is derived from the product's
index (its template, its edition's name, options, variants, stock and photos), so a
second run produces the same catalogue (and inserts nothing new)."""

import functools
import hashlib
import io
import json
from dataclasses import dataclass
from decimal import Decimal

from django.utils.text import slugify
from PIL import Image, ImageDraw

from catalog.variants import option_key

CATEGORIES = [
    ("Electronics", "electronics"),
    ("Clothing", "clothing"),
    ("Smartphones", "smartphones"),
    ("Audio", "audio"),
    ("Wearables", "wearables"),
    ("Computer Accessories", "computer-accessories"),
    ("Footwear", "footwear"),
    ("Mobile Accessories", "mobile-accessories"),
]

# Each category's GST defaults (catalog/tax.py), from the rate schedules in force since
# 22 September 2025 (CBIC notification 9/2025-Central Tax (Rate); docs/tax.md): its usual
# HSN heading, its rate, and for apparel and footwear the Rs 2,500 rule (5% up to Rs 2,500
# of sale value a piece, 18% above). Smart watches and bands are 8517 (they talk to a
# phone), not wristwatches' 9102.
APPAREL_RULE = {"gst_rate": 5, "gst_threshold": Decimal("2500.00"), "gst_rate_above": 18}
CATEGORY_TAX = {
    "electronics": {"hsn": "8528", "gst_rate": 18},
    "clothing": {"hsn": "6109", **APPAREL_RULE},
    "smartphones": {"hsn": "8517", "gst_rate": 18},
    "audio": {"hsn": "8518", "gst_rate": 18},
    "wearables": {"hsn": "8517", "gst_rate": 18},
    "computer-accessories": {"hsn": "8471", "gst_rate": 18},
    "footwear": {"hsn": "6404", **APPAREL_RULE},
    "mobile-accessories": {"hsn": "8504", "gst_rate": 18},
}

# A product's own HSN heading where its kind is not its category's usual one (the rate
# still follows the category's rule).
KIND_HSN = {
    "gadget": None,  # the category's
    "bulb": "8539",
    "battery": "8507",
    "shirt": "6205",
    "trousers": "6203",
    "kurta": "6211",
    "socks": "6115",
    "cap": "6505",
    "earphones": "8518",
    "drive": "8523",
    "laptop": "8471",
    "router": "8517",
    "mousepad": "4016",
    "slipper": "6402",
    "cable": "8544",
    "case": "3926",
    "powerbank": "8507",
    "glass": "7007",
}
# Where the brand's products sold in India are made, for the brands the demo knows to be
# imported; the rest are the category's (India).
BRAND_ORIGIN = {
    "Amazon Basics": "China",
    "Amazfit": "China",
    "JBL": "China",
    "Sony": "Malaysia",
    "Logitech": "China",
    "HP": "China",
    "SanDisk": "China",
    "Lenovo": "China",
    "TP-Link": "China",
    "Spigen": "China",
    "Canon": "Philippines",
}


@dataclass(frozen=True)
class Template:
    category: str
    brand: str
    line: str
    kind: str
    low: int
    high: int
    text: str


T = Template
TEMPLATES = [
    # Electronics
    T(
        "electronics",
        "Mi",
        "LED Smart TV 4A 32",
        "tv",
        13999,
        17999,
        "HD-ready smart TV with PatchWall, Chromecast built in and 20 W stereo speakers.",
    ),
    T(
        "electronics",
        "Samsung",
        "Crystal 4K UHD 43",
        "tv",
        28999,
        36999,
        "4K UHD panel with Crystal Processor, HDR10+ and a slim bezel-less design.",
    ),
    T(
        "electronics",
        "Philips",
        "Trimmer BT3211",
        "gadget",
        1099,
        1499,
        "Cordless beard trimmer with 20 length settings and 60 minutes of run time.",
    ),
    T(
        "electronics",
        "Havells",
        "Steam Iron Glamour",
        "gadget",
        1299,
        1899,
        "1600 W steam iron with a non-stick soleplate and anti-drip protection.",
    ),
    T(
        "electronics",
        "Syska",
        "LED Bulb 9W Pack of 2",
        "bulb",
        149,
        199,
        "Energy-saving 9 W LED bulbs, cool daylight, B22 base, 2-year warranty.",
    ),
    T(
        "electronics",
        "Wipro",
        "Smart Plug 16A",
        "gadget",
        649,
        799,
        "Wi-Fi smart plug that works with Alexa and Google Assistant, with energy monitoring.",
    ),
    T(
        "electronics",
        "Amazon Basics",
        "AA Rechargeable Batteries 4-Pack",
        "battery",
        399,
        549,
        "Pre-charged NiMH AA cells, 2000 mAh, rechargeable up to 1000 times.",
    ),
    T(
        "electronics",
        "Canon",
        "PIXMA G2012 Ink Tank Printer",
        "gadget",
        10499,
        11999,
        "All-in-one ink tank printer with low cost per page for home and office.",
    ),
    # Clothing
    T(
        "clothing",
        "Allen Solly",
        "Slim Fit Cotton Shirt",
        "shirt",
        899,
        1599,
        "Breathable cotton shirt with a spread collar, tailored for a slim fit.",
    ),
    T(
        "clothing",
        "Peter England",
        "Formal Trousers",
        "trousers",
        999,
        1799,
        "Wrinkle-resistant formal trousers with a flat front and a comfortable mid rise.",
    ),
    T(
        "clothing",
        "Levi's",
        "511 Slim Jeans",
        "trousers",
        1999,
        3299,
        "Stretch denim jeans with a slim fit through the hip and thigh.",
    ),
    T(
        "clothing",
        "Jockey",
        "Round Neck Cotton T-Shirt",
        "tshirt",
        349,
        599,
        "Super-combed cotton tee with a ribbed neck that keeps its shape wash after wash.",
    ),
    T(
        "clothing",
        "FabIndia",
        "Cotton Kurta",
        "kurta",
        999,
        1899,
        "Hand-block printed cotton kurta with a mandarin collar and side slits.",
    ),
    T(
        "clothing",
        "Biba",
        "Printed Anarkali Kurti",
        "kurta",
        1199,
        2499,
        "Flared rayon kurti with a floral print, three-quarter sleeves and a round neck.",
    ),
    T(
        "clothing",
        "U.S. Polo Assn.",
        "Pique Polo T-Shirt",
        "tshirt",
        799,
        1299,
        "Classic pique polo with a two-button placket and the embroidered logo.",
    ),
    T(
        "clothing",
        "Puma",
        "Essential Crew Socks 3 Pairs",
        "socks",
        149,
        199,
        "Cushioned cotton-blend crew socks with a ribbed cuff, pack of three.",
    ),
    T(
        "clothing",
        "Van Heusen",
        "Basic Cotton Tee",
        "tshirt",
        249,
        349,
        "Everyday cotton t-shirt with a relaxed fit and a crew neck.",
    ),
    T(
        "clothing",
        "Adidas",
        "Baseball Cap",
        "cap",
        399,
        599,
        "Lightweight cotton twill cap with an adjustable strap and curved brim.",
    ),
    # Smartphones
    T(
        "smartphones",
        "Redmi",
        "Note 13 5G",
        "phone",
        16999,
        21999,
        "6.67-inch AMOLED display, 108 MP camera and 33 W fast charging.",
    ),
    T(
        "smartphones",
        "Samsung",
        "Galaxy M34 5G",
        "phone",
        15999,
        19999,
        "6000 mAh battery, Super AMOLED display and a 50 MP no-shake camera.",
    ),
    T(
        "smartphones",
        "OnePlus",
        "Nord CE 3 Lite",
        "phone",
        17999,
        21999,
        "120 Hz display, 108 MP main camera and 67 W SUPERVOOC charging.",
    ),
    T(
        "smartphones",
        "realme",
        "Narzo 60x",
        "phone",
        11999,
        14999,
        "Dimensity 6100+ processor, 5000 mAh battery and 33 W charging.",
    ),
    T(
        "smartphones",
        "Apple",
        "iPhone 15",
        "phone",
        69999,
        79999,
        "6.1-inch Super Retina XDR display, Dynamic Island and a 48 MP main camera.",
    ),
    T(
        "smartphones",
        "Motorola",
        "G54 5G",
        "phone",
        13999,
        16999,
        "Clean Android, 6000 mAh battery and a 120 Hz FHD+ display.",
    ),
    # Audio
    T(
        "audio",
        "boAt",
        "Rockerz 450 Headphones",
        "headphones",
        1299,
        1799,
        "On-ear wireless headphones with 40 mm drivers and up to 15 hours of playback.",
    ),
    T(
        "audio",
        "JBL",
        "Tune 510BT",
        "headphones",
        2999,
        3999,
        "JBL Pure Bass sound, 40 hours of battery and multipoint connection.",
    ),
    T(
        "audio",
        "Sony",
        "WH-1000XM5",
        "headphones",
        26990,
        29990,
        "Industry-leading noise cancellation with eight microphones and 30-hour battery.",
    ),
    T(
        "audio",
        "boAt",
        "Bassheads 100 Wired Earphones",
        "earphones",
        299,
        349,
        "Wired in-ear earphones with a mic, 10 mm drivers and a tangle-free cable.",
    ),
    T(
        "audio",
        "Noise",
        "Buds VS104 TWS",
        "earbuds",
        899,
        1299,
        "Truly wireless earbuds with 45 hours of playtime and quad-mic ENC.",
    ),
    T(
        "audio",
        "Zebronics",
        "Zeb-County Bluetooth Speaker",
        "speaker",
        599,
        799,
        "Portable 3 W speaker with FM radio, microSD input and a built-in mic.",
    ),
    T(
        "audio",
        "Portronics",
        "Harmonics Z3 Neckband",
        "earphones",
        849,
        999,
        "Bluetooth neckband with magnetic earbuds and 20 hours of playback.",
    ),
    # Wearables
    T(
        "wearables",
        "Noise",
        "ColorFit Pulse 3",
        "watch",
        1299,
        1999,
        "1.96-inch display smartwatch with Bluetooth calling and 100 sports modes.",
    ),
    T(
        "wearables",
        "Fire-Boltt",
        "Phoenix Pro",
        "watch",
        1399,
        1999,
        "Metal-body smartwatch with AI voice assistant and SpO2 monitoring.",
    ),
    T(
        "wearables",
        "Amazfit",
        "Bip 5",
        "watch",
        6999,
        8499,
        "GPS smartwatch with a 1.91-inch display and up to 10 days of battery.",
    ),
    T(
        "wearables",
        "Mi",
        "Smart Band 8",
        "band",
        2999,
        3499,
        "AMOLED fitness band with 150+ sports modes and 16 days of battery life.",
    ),
    T(
        "wearables",
        "boAt",
        "Watch Silicone Strap 22mm",
        "strap",
        179,
        199,
        "Soft silicone replacement strap with a quick-release pin, 22 mm.",
    ),
    # Computer accessories
    T(
        "computer-accessories",
        "Logitech",
        "M331 Silent Wireless Mouse",
        "mouse",
        899,
        1199,
        "Wireless mouse with 90% less click noise and 24 months of battery life.",
    ),
    T(
        "computer-accessories",
        "HP",
        "X1000 Wired Mouse",
        "mouse",
        349,
        449,
        "Ambidextrous USB wired mouse with a 1000 DPI optical sensor.",
    ),
    T(
        "computer-accessories",
        "Zebronics",
        "Zeb-K20 Keyboard",
        "keyboard",
        399,
        549,
        "Full-size USB keyboard with a rupee key and spill-resistant design.",
    ),
    T(
        "computer-accessories",
        "SanDisk",
        "Ultra Dual Drive 64GB",
        "drive",
        549,
        699,
        "USB Type-C and Type-A flash drive for phones and laptops.",
    ),
    T(
        "computer-accessories",
        "Lenovo",
        "IdeaPad Slim 3 Laptop",
        "laptop",
        38990,
        52990,
        "15.6-inch FHD laptop with Ryzen 5, 16 GB RAM and a 512 GB SSD.",
    ),
    T(
        "computer-accessories",
        "Cosmic Byte",
        "Gaming Mouse Pad XL",
        "mousepad",
        249,
        349,
        "Extended cloth mouse pad with stitched edges and a non-slip rubber base.",
    ),
    T(
        "computer-accessories",
        "TP-Link",
        "Archer C6 Router",
        "router",
        2299,
        2799,
        "Dual-band gigabit Wi-Fi router with MU-MIMO and four antennas.",
    ),
    # Footwear
    T(
        "footwear",
        "Campus",
        "North Plus Running Shoes",
        "shoe",
        999,
        1499,
        "Lightweight running shoes with a breathable mesh upper and a cushioned sole.",
    ),
    T(
        "footwear",
        "Bata",
        "Formal Leather Oxfords",
        "shoe",
        1499,
        2499,
        "Polished leather lace-ups with a padded footbed for long office days.",
    ),
    T(
        "footwear",
        "Sparx",
        "Flip-Flops",
        "slipper",
        199,
        299,
        "Everyday rubber flip-flops with a soft textured footbed.",
    ),
    T(
        "footwear",
        "Puma",
        "Smash v2 Sneakers",
        "shoe",
        2499,
        3999,
        "Classic court sneakers with a synthetic leather upper and rubber outsole.",
    ),
    T(
        "footwear",
        "Red Tape",
        "Casual Slip-On Loafers",
        "shoe",
        1299,
        1999,
        "Suede-finish loafers with a memory-foam insole.",
    ),
    # Mobile accessories
    T(
        "mobile-accessories",
        "Ambrane",
        "Braided Type-C Cable 1m",
        "cable",
        149,
        199,
        "Nylon-braided USB-C cable with 3 A fast charging and data sync.",
    ),
    T(
        "mobile-accessories",
        "Spigen",
        "Rugged Armor Case",
        "case",
        699,
        999,
        "Shock-absorbing TPU case with a carbon-fibre texture and raised camera lip.",
    ),
    T(
        "mobile-accessories",
        "Ambrane",
        "Power Bank 10000mAh",
        "powerbank",
        699,
        899,
        "Compact 10000 mAh power bank with 20 W PD fast charging.",
    ),
    T(
        "mobile-accessories",
        "Portronics",
        "Car Mobile Holder",
        "gadget",
        299,
        449,
        "Dashboard and windscreen phone holder with a one-touch lock.",
    ),
    T(
        "mobile-accessories",
        "Mi",
        "33W Fast Charger",
        "charger",
        799,
        999,
        "33 W wall charger with a USB-A port and a 1 m Type-C cable.",
    ),
    T(
        "mobile-accessories",
        "Generic",
        "Tempered Glass Screen Guard",
        "glass",
        99,
        199,
        "9H hardness tempered glass with oleophobic coating and easy installation.",
    ),
    T(
        "mobile-accessories",
        "Stuffcool",
        "Pop Grip Phone Stand",
        "gadget",
        199,
        249,
        "Collapsible grip and stand that sticks to the back of any phone or case.",
    ),
]

# --- how each kind is sold: sizes, colours -------------------------------------------------

LETTER_SIZES = ("S", "M", "L", "XL")
WAIST_SIZES = ("30", "32", "34", "36")
SHOE_SIZES = ("UK 6", "UK 7", "UK 8", "UK 9", "UK 10")

COLOUR_RGB = {
    "Black": (33, 37, 41),
    "White": (236, 238, 240),
    "Navy": (20, 40, 90),
    "Blue": (13, 110, 253),
    "Sky Blue": (110, 170, 230),
    "Indigo": (60, 50, 140),
    "Olive": (100, 110, 45),
    "Green": (25, 135, 84),
    "Mint": (120, 210, 170),
    "Maroon": (120, 25, 40),
    "Red": (200, 35, 51),
    "Mustard": (214, 170, 20),
    "Beige": (215, 195, 160),
    "Khaki": (170, 150, 100),
    "Tan": (180, 120, 70),
    "Grey": (120, 125, 130),
    "Charcoal": (60, 66, 72),
    "Silver": (192, 196, 200),
    "Rose Gold": (215, 150, 140),
    "Clear": (205, 215, 220),
}
# The tints of products sold in one colour, as the demo drew them before it had options.
TINTS = [
    (33, 37, 41),
    (13, 110, 253),
    (200, 35, 51),
    (25, 135, 84),
    (222, 226, 230),
    (253, 126, 20),
    (111, 66, 193),
    (32, 201, 151),
    (214, 170, 20),
    (90, 98, 104),
    (214, 51, 132),
    (20, 40, 90),
]


@dataclass(frozen=True)
class Offer:
    """How a kind of product is sold: its sizes (all of them, always), and the colours a
    product of it comes in on `colour_rounds` of every six (2 to 4 of `colours`)."""

    sizes: tuple[str, ...] = ()
    colours: tuple[str, ...] = ()
    colour_rounds: int = 0


OFFERS = {
    "shirt": Offer(LETTER_SIZES, ("White", "Sky Blue", "Navy", "Olive", "Maroon"), 2),
    "tshirt": Offer(LETTER_SIZES, ("Black", "White", "Navy", "Grey", "Maroon", "Mustard"), 6),
    "kurta": Offer(LETTER_SIZES, ("White", "Indigo", "Maroon", "Mustard", "Green"), 3),
    "trousers": Offer(WAIST_SIZES, ("Black", "Navy", "Charcoal", "Khaki"), 2),
    "socks": Offer(("M", "L")),
    "cap": Offer((), ("Black", "Navy", "White", "Red", "Olive"), 6),
    "shoe": Offer(SHOE_SIZES, ("Black", "White", "Grey", "Navy", "Tan"), 2),
    "slipper": Offer(SHOE_SIZES, ("Black", "Blue", "Red"), 3),
    "case": Offer((), ("Black", "Clear", "Navy", "Red", "Mint"), 6),
    "strap": Offer((), ("Black", "Navy", "Olive", "Red", "White"), 6),
    "cable": Offer((), ("Black", "White"), 3),
    "powerbank": Offer((), ("Black", "White", "Blue"), 3),
    "headphones": Offer((), ("Black", "Blue", "White", "Beige"), 4),
    "earbuds": Offer((), ("Black", "White", "Blue"), 3),
    "earphones": Offer((), ("Black", "White", "Blue"), 3),
    "speaker": Offer((), ("Black", "Blue", "Red"), 3),
    "watch": Offer((), ("Black", "Silver", "Rose Gold", "Blue"), 4),
    "band": Offer((), ("Black", "Blue", "Olive"), 3),
    "phone": Offer((), ("Black", "Blue", "Green", "Silver"), 2),
    "mouse": Offer((), ("Black", "Grey", "White"), 2),
    "laptop": Offer((), ("Grey", "Silver"), 1),
}
NO_OPTIONS = Offer()

# --- names: brand, edition words, line ---------------------------------------------------
#
# Round r of a template (its r-th product) is named from r's digits in a mixed radix:
# round 0 is the template's own name, then one word of the first list, one of the second,
# one of each; past both lists' combinations (2,116 rounds, 116,380 products) a year, and
# past those a lot number. The lists are disjoint, so two rounds never read the same.
# Clothes and shoes wear the words before the line ("Allen Solly Heritage Striped Slim Fit
# Cotton Shirt"), gadgets after it ("JBL Tune 510BT Nova Explorer Edition"). No word is a
# colour (colours are options) or a word shoppers search the templates by.
COLLECTIONS = (
    "Heritage", "Urban", "Weekend", "Essential", "Signature", "Coastal", "Metro", "Voyage",
    "Riviera", "Everyday", "Campus", "Office", "Resort", "Vintage", "Modern", "Tailored",
    "Relaxed", "Monsoon", "Summer", "Winter", "Spring", "Autumn", "Harbour", "Highland",
    "Boulevard", "Meadow", "Sahara", "Malabar", "Deccan", "Konkan", "Himalayan", "Jaipur",
    "Goa", "Bombay", "Kashmir", "Nilgiri", "Lakeside", "Garden", "Premium", "Legacy",
    "Atelier", "Festive", "Heirloom", "Terrace",
)  # fmt: skip
FINISHES = (
    "Striped", "Checked", "Solid", "Textured", "Slub", "Washed", "Melange", "Dobby",
    "Jacquard", "Herringbone", "Twill", "Linen-Blend", "Organic", "Stretch", "Brushed",
    "Embroidered", "Block-Print", "Ikat", "Paisley", "Floral", "Geometric", "Chambray",
    "Corduroy", "Seersucker", "Poplin", "Pinstripe", "Houndstooth", "Tie-Dye", "Bandhani",
    "Chikankari", "Khadi", "Handloom", "Mercerised", "Garment-Dyed", "Stone-Washed",
    "Ribbed", "Waffle", "Quilted", "Distressed", "Lightweight", "Breathable", "Dotted",
    "Abstract", "Tropical",
)  # fmt: skip
EDITIONS = (
    "Neo", "Prime", "Ultra", "Air", "Edge", "Nova", "Fusion", "Turbo", "Elite", "Sport",
    "Active", "Mini", "Eco", "Zen", "Aero", "Flex", "Vibe", "Wave", "Halo", "Orbit",
    "Titan", "Glide", "Swift", "Core", "Echo", "Prism", "Apex", "Nexus", "Vertex", "Lumen",
    "Rapid", "Pace", "Drift", "Atlas", "Terra", "Astra", "Aura", "Vivid", "Crest", "Nimbus",
    "Comet", "Rover", "Sonic", "Quest",
)  # fmt: skip
THEMES = (
    "Signature", "Limited", "Special", "Anniversary", "Festive", "Explorer", "Voyager",
    "Horizon", "Urban", "Travel", "Launch", "Heritage", "Founders", "Monsoon", "Diwali",
    "Holiday", "Creator", "Gamer", "Office", "Campus", "Studio", "Family", "Expedition",
    "Marathon", "Weekend", "Summit", "Odyssey", "Pioneer", "Legacy", "Premier", "Royal",
    "Metro", "Coastal", "Desert", "Mountain", "Aurora", "Cricket", "Carnival", "Tournament",
    "Jubilee", "Collector", "Navigator", "Trailblazer", "Centenary",
)  # fmt: skip
# Colours and tints repeat every POOL_ROUNDS rounds of a template (the palettes' sizes, the
# colour rounds of six and the 2 to 4 colours a product has: lcm(2..6) = 60).
POOL_ROUNDS = 60
YEARS = tuple(str(year) for year in range(2016, 2026))
WORN = frozenset({"clothing", "footwear"})


def edition_words(round_: int, worn: bool) -> tuple[str, str]:
    """The words round `round_` of a template adds before and after its line."""
    first, second = (COLLECTIONS, FINISHES) if worn else (EDITIONS, THEMES)
    a = round_ % (len(first) + 1)
    b = round_ // (len(first) + 1) % (len(second) + 1)
    c = round_ // ((len(first) + 1) * (len(second) + 1))
    words = ([first[a - 1]] if a else []) + ([second[b - 1]] if b else [])
    if not worn and b:
        words.append("Edition")
    after = ""
    if c:
        after = f"({YEARS[c - 1]})" if c <= len(YEARS) else f"(Lot {c - len(YEARS)})"
    if worn:
        return " ".join(words), after
    return "", " ".join([*words, after]).strip()


def demo_name(index: int) -> str:
    """The name of product `index`: unique (regardless of case) for every index."""
    template = TEMPLATES[index % len(TEMPLATES)]
    before, after = edition_words(index // len(TEMPLATES), template.category in WORN)
    return " ".join(part for part in (template.brand, before, template.line, after) if part)


def is_edition_of(name: str, base: str) -> bool:
    """Whether `name` is a demo product of the template named `base` ("Brand Line")."""
    return name == base or any(
        f"{t.brand} {t.line}" == base and name.startswith(f"{t.brand} ") and f" {t.line}" in name
        for t in TEMPLATES
    )


@dataclass(frozen=True)
class DemoVariant:
    sku: str
    options: dict  # shared between products sold the same ways: never changed
    price: Decimal
    quantity: int
    options_json: str = "{}"
    option_key: str = ""
    mrp: Decimal | None = None


@dataclass(frozen=True)
class DemoPhoto:
    """A gallery photo: the pool's drawing of `tint` for the template, its alt text and
    the colour it shows (blank for a product sold in one colour)."""

    tint: str
    alt: str
    option: str


@dataclass(frozen=True)
class DemoProduct:
    index: int
    template: Template
    name: str
    slug: str
    description: str
    price: Decimal
    quantity: int
    shipping: bool
    options: list
    variants: list
    photos: list
    options_json: str = "[]"
    hsn: str | None = None  # None: the category's (CATEGORY_TAX)
    country_of_origin: str | None = None
    mrp: Decimal | None = None  # its cheapest variant's, as the catalogue keeps it

    @property
    def position(self) -> int:
        return self.index % len(TEMPLATES)


def _number(index: int, salt: str) -> int:
    digest = hashlib.sha1(f"{salt}:{index}".encode(), usedforsecurity=False).digest()
    return int.from_bytes(digest[:8], "big")


def _base_price(index: int, template: Template) -> int:
    """A price inside the template's range ending in 9 (99 from a thousand rupees up),
    like shop prices do."""
    span = template.high - template.low
    raw = template.low + (_number(index, "price") % (span + 1) if span else 0)
    step = 100 if raw >= 1000 else 10
    return max(template.low, min(template.high, raw - raw % step + step - 1))


def _mrp(index: int, price: int) -> int | None:
    """The MRP printed on about two products in three: 10-40% above the price, then up to
    end in 9 (99 from a thousand rupees up) as price tags do; None for the rest, sold at
    what they would print (nothing struck through)."""
    if _number(index, "mrp") % 3 == 0:
        return None
    raw = price * (110 + _number(index, "markup") % 31) // 100
    step = 100 if raw >= 1000 else 10
    return raw - raw % step + step - 1


@functools.cache
def _code(text: str) -> str:
    return "".join(ch for ch in text if ch.isalnum()).upper()


@functools.cache
def _options_json(options: tuple) -> str:
    return json.dumps([{"name": name, "values": list(values)} for name, values in options])


@functools.cache
def _combinations(options: tuple) -> list[tuple[dict, str, str, str]]:
    """Every combination of the options' values, in order, with its JSON text, its
    `option_key` and its SKU suffix (a few hundred distinct ways to sell: computed once)."""
    combinations = [{}]
    for name, values in options:
        combinations = [{**choice, name: value} for choice in combinations for value in values]
    return [
        (
            choice,
            json.dumps(choice),
            option_key(choice),
            "-".join(_code(value) for value in choice.values()),
        )
        for choice in combinations
    ]


def tint_name(position: int, round_: int) -> str:
    """The drawing of a product sold in one colour: one of three tints of its template."""
    return f"tint-{(position + 4 * (round_ % 3)) % len(TINTS)}"


def tint_rgb(tint: str) -> tuple[int, int, int]:
    if tint.startswith("tint-"):
        return TINTS[int(tint[5:])]
    return COLOUR_RGB[tint]


def demo_product(index: int) -> DemoProduct:
    """Product number `index` of the demo catalogue (0 is the newest)."""
    position = index % len(TEMPLATES)
    template = TEMPLATES[position]
    round_ = index // len(TEMPLATES)
    name = demo_name(index)
    offer = OFFERS.get(template.kind, NO_OPTIONS)
    colours = []
    if offer.colours and round_ % 6 < offer.colour_rounds:
        # 2 to 4 of the palette, starting at a different one for each neighbour.
        count = min(len(offer.colours), 2 + (round_ + position) % 3)
        start = (round_ + position) % len(offer.colours)
        colours = [offer.colours[(start + n) % len(offer.colours)] for n in range(count)]
    key = ((("Size", offer.sizes),) if offer.sizes else ()) + (
        (("Colour", tuple(colours)),) if colours else ()
    )
    options = [{"name": name, "values": list(values)} for name, values in key]

    price = _base_price(index, template)
    mrp = _mrp(index, price)
    # One XL in three costs a little more (more cloth); the product lists the lowest.
    xl_extra = 100 if price >= 1000 else 50
    xl_dearer = _number(index, "xl") % 3 == 0
    sold_out = _number(index, "qty") % 20 == 0  # a few are out of stock, as in any shop
    sku = f"{_code(template.brand)[:3]}{_code(template.line)[:3]}-{index:06d}"
    variants = []
    if not options:
        quantity = _number(index, "qty") % 120
        variants.append(
            DemoVariant(
                sku,
                {},
                Decimal(price),
                0 if quantity < 6 else quantity,
                mrp=None if mrp is None else Decimal(mrp),
            )
        )
    else:
        # One byte of one digest for each combination's stock (at most 20 of them).
        stock = hashlib.sha1(f"stock:{index}".encode(), usedforsecurity=False).digest()
        for n, (choice, text, joined, codes) in enumerate(_combinations(key)):
            # About one size or colour in seven is sold out: the storefront shows it.
            quantity = stock[n % len(stock)] % 40
            if sold_out or quantity < 6:
                quantity = 0
            dearer = xl_dearer and choice.get("Size") == "XL"
            extra = xl_extra if dearer else 0
            variants.append(
                DemoVariant(
                    sku=f"{sku}-{codes}",
                    options=choice,
                    price=Decimal(price + extra),
                    quantity=quantity,
                    options_json=text,
                    option_key=joined,
                    mrp=None if mrp is None else Decimal(mrp + extra),
                )
            )
    if colours:
        photos = [DemoPhoto(c, f"{template.brand} {template.line} in {c}", c) for c in colours]
    elif offer.colours:  # sold in one colour this time: one of the palette's drawings
        tint = offer.colours[(round_ + position) % len(offer.colours)]
        photos = [DemoPhoto(tint, name, "")]
    else:
        photos = [DemoPhoto(tint_name(position, round_), name, "")]
    return DemoProduct(
        index=index,
        template=template,
        name=name,
        slug=slugify(name),
        description=template.text,
        price=min(v.price for v in variants),
        mrp=min(variants, key=lambda v: v.price).mrp,  # the first of the lowest price
        quantity=sum(v.quantity for v in variants),
        shipping=_number(index, "ship") % 5 != 0,
        options=options,
        variants=variants,
        photos=photos,
        options_json=_options_json(key),
        hsn=_hsn(template),
        country_of_origin=BRAND_ORIGIN.get(template.brand),
    )


def _hsn(template: Template) -> str | None:
    """The template's own HSN heading, or None where its category's applies."""
    if template.kind == "shoe" and "Leather" in template.line:
        return "6403"  # uppers of leather
    own = KIND_HSN.get(template.kind)
    return None if own == CATEGORY_TAX[template.category]["hsn"] else own


# --- photos -------------------------------------------------------------------------------


def _shade(rgb, factor):
    return tuple(max(0, min(255, int(c * factor))) for c in rgb)


def draw_photo(template: Template, rgb, size=(480, 360)) -> bytes:
    """A small JPEG: a soft gradient, the item's silhouette in its colour, and the brand."""
    width, height = size
    base = tuple(rgb)
    light = tuple(min(255, c + 170) for c in base)
    image = Image.new("RGB", size, light)
    draw = ImageDraw.Draw(image)
    for y in range(height):
        draw.line([(0, y), (width, y)], fill=_shade(light, 1 - 0.25 * y / height))
    ink, dark = base, _shade(base, 0.6)
    cx, cy = width // 2, height // 2 - 10
    _SHAPES.get(template.kind, _box)(draw, cx, cy, ink, dark)
    draw.text((16, height - 30), template.brand.upper(), fill=dark)
    draw.text((16, 16), template.line, fill=_shade(light, 0.6))
    buffer = io.BytesIO()
    image.save(buffer, format="JPEG", quality=78, optimize=True)
    return buffer.getvalue()


def _box(draw, cx, cy, ink, dark):
    draw.rounded_rectangle(
        (cx - 80, cy - 70, cx + 80, cy + 70), radius=14, fill=ink, outline=dark, width=4
    )


def _phone(draw, cx, cy, ink, dark):
    draw.rounded_rectangle((cx - 55, cy - 110, cx + 55, cy + 110), radius=18, fill=dark)
    draw.rounded_rectangle((cx - 46, cy - 98, cx + 46, cy + 96), radius=10, fill=ink)
    draw.ellipse((cx - 5, cy - 108, cx + 5, cy - 100), fill=(20, 20, 20))


def _tv(draw, cx, cy, ink, dark):
    draw.rectangle((cx - 150, cy - 90, cx + 150, cy + 80), fill=dark)
    draw.rectangle((cx - 140, cy - 80, cx + 140, cy + 70), fill=ink)
    draw.polygon(
        [(cx - 40, cy + 120), (cx + 40, cy + 120), (cx + 10, cy + 80), (cx - 10, cy + 80)],
        fill=dark,
    )


def _headphones(draw, cx, cy, ink, dark):
    draw.arc((cx - 100, cy - 110, cx + 100, cy + 90), 180, 360, fill=dark, width=16)
    draw.rounded_rectangle(
        (cx - 118, cy - 10, cx - 70, cy + 90), radius=18, fill=ink, outline=dark, width=4
    )
    draw.rounded_rectangle(
        (cx + 70, cy - 10, cx + 118, cy + 90), radius=18, fill=ink, outline=dark, width=4
    )


def _earbuds(draw, cx, cy, ink, dark):
    draw.rounded_rectangle(
        (cx - 90, cy - 40, cx + 90, cy + 70), radius=40, fill=ink, outline=dark, width=4
    )
    draw.ellipse((cx - 60, cy - 80, cx - 10, cy - 30), fill=dark)
    draw.ellipse((cx + 10, cy - 80, cx + 60, cy - 30), fill=dark)


def _watch(draw, cx, cy, ink, dark):
    draw.rectangle((cx - 35, cy - 130, cx + 35, cy + 130), fill=dark)
    draw.rounded_rectangle(
        (cx - 65, cy - 70, cx + 65, cy + 70), radius=26, fill=ink, outline=dark, width=6
    )
    draw.rounded_rectangle((cx - 48, cy - 52, cx + 48, cy + 52), radius=14, fill=(25, 25, 25))


def _shirt(draw, cx, cy, ink, dark):
    draw.polygon(
        [
            (cx - 50, cy - 100),
            (cx - 130, cy - 60),
            (cx - 105, cy),
            (cx - 75, cy - 20),
            (cx - 75, cy + 110),
            (cx + 75, cy + 110),
            (cx + 75, cy - 20),
            (cx + 105, cy),
            (cx + 130, cy - 60),
            (cx + 50, cy - 100),
            (cx, cy - 70),
        ],
        fill=ink,
        outline=dark,
    )


def _trousers(draw, cx, cy, ink, dark):
    draw.polygon(
        [
            (cx - 70, cy - 110),
            (cx + 70, cy - 110),
            (cx + 85, cy + 120),
            (cx + 20, cy + 120),
            (cx, cy - 30),
            (cx - 20, cy + 120),
            (cx - 85, cy + 120),
        ],
        fill=ink,
        outline=dark,
    )


def _shoe(draw, cx, cy, ink, dark):
    draw.polygon(
        [
            (cx - 140, cy + 50),
            (cx - 130, cy - 20),
            (cx - 60, cy - 30),
            (cx - 20, cy - 70),
            (cx + 40, cy - 70),
            (cx + 60, cy - 10),
            (cx + 140, cy + 20),
            (cx + 140, cy + 50),
        ],
        fill=ink,
        outline=dark,
    )
    draw.rectangle((cx - 140, cy + 50, cx + 140, cy + 68), fill=dark)


def _laptop(draw, cx, cy, ink, dark):
    draw.rounded_rectangle((cx - 120, cy - 100, cx + 120, cy + 50), radius=8, fill=dark)
    draw.rectangle((cx - 108, cy - 88, cx + 108, cy + 40), fill=ink)
    draw.polygon(
        [(cx - 150, cy + 60), (cx + 150, cy + 60), (cx + 170, cy + 85), (cx - 170, cy + 85)],
        fill=dark,
    )


def _mouse(draw, cx, cy, ink, dark):
    draw.ellipse((cx - 60, cy - 100, cx + 60, cy + 100), fill=ink, outline=dark, width=5)
    draw.line((cx, cy - 100, cx, cy - 20), fill=dark, width=4)


def _cable(draw, cx, cy, ink, dark):
    draw.arc((cx - 120, cy - 90, cx + 120, cy + 90), 20, 340, fill=ink, width=12)
    draw.rectangle((cx + 95, cy - 40, cx + 125, cy - 5), fill=dark)


_SHAPES = {
    "phone": _phone,
    "case": _phone,
    "glass": _phone,
    "tv": _tv,
    "headphones": _headphones,
    "earbuds": _earbuds,
    "earphones": _earbuds,
    "watch": _watch,
    "band": _watch,
    "strap": _watch,
    "shirt": _shirt,
    "tshirt": _shirt,
    "kurta": _shirt,
    "trousers": _trousers,
    "shoe": _shoe,
    "slipper": _shoe,
    "laptop": _laptop,
    "mouse": _mouse,
    "cable": _cable,
    "charger": _cable,
}
