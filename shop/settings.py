"""ShopSphere settings.

The apps' one reader of the environment (and of an optional `.env` file beside manage.py,
or the file ENV_FILE names; ENV_FILE empty: none); the few other readers (gunicorn's
configs, deploy/ and the tools) are named in docs/settings.md. Every variable is listed in
`.env.example` and documented in docs/settings.md, which shop/tests/test_env_docs.py checks.
"""

import os
from datetime import timedelta
from pathlib import Path

import environ
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent

env = environ.Env()
# Variables set in the environment win over the file's. The test run sets ENV_FILE empty,
# so a developer's `.env` (DEBUG on, written by `make run`) never changes what it checks.
ENV_FILE = os.environ.get("ENV_FILE", str(BASE_DIR / ".env"))
if ENV_FILE and Path(ENV_FILE).is_file():
    env.read_env(ENV_FILE, overwrite=False)

DEBUG = env.bool("DEBUG", default=False)
SECRET_KEY = env.str("SECRET_KEY", default="")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off (see .env.example).")
    # Development only: a fixed key so tokens survive a restart of `make run`.
    SECRET_KEY = "dev-only-insecure-key-for-make-run-never-in-production-0123456789"

ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=["127.0.0.1", "localhost", "[::1]"])
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", default=[])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.sitemaps",  # /sitemap.xml
    "rest_framework",
    "corsheaders",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_tasks",
    "django_tasks_db",
    "shop",
    "accounts",
    "orders",
    "catalog",
    "demo",  # demo data and seed_demo; nothing imports it
    "payments",
    "promotions",
    "returns",
    "reports",  # GST returns and the sales and tax summary; no models
    "wishlist",  # the wishlist and back-in-stock alerts
    "reviews",  # product reviews, helpful votes, reports and moderation
]

MIDDLEWARE = [
    "shop.middleware.RequestLogMiddleware",  # outermost: request id and timing cover all
    "django.middleware.security.SecurityMiddleware",
    "shop.middleware.SecurityHeadersMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "corsheaders.middleware.CorsMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "shop.urls"
WSGI_APPLICATION = "shop.wsgi.application"
APPEND_SLASH = False

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# --- Database: SQLite file by default, PostgreSQL by DATABASE_URL ---------------------
DATABASES = {"default": env.db_url("DATABASE_URL", default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}")}
DATABASES["default"]["CONN_MAX_AGE"] = env.int("CONN_MAX_AGE", default=60)
DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
DATABASES["default"]["ATOMIC_REQUESTS"] = False
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Concurrent writes wait their turn instead of failing with "database is locked": a
    # transaction takes the write lock when it begins (no deadlock upgrading a read lock),
    # a writer waits up to SQLITE_TIMEOUT seconds for it, and WAL lets reads go on
    # beside the one writer. Slow work (hashing, images) is done before transactions.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {
            "transaction_mode": "IMMEDIATE",
            "timeout": env.int("SQLITE_TIMEOUT", default=20),
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL",
        }
    )
# The search's statements are prepared once a connection and planned once
# (catalog/search/prepared.py); PostgreSQL would re-plan them for every set of values. Only
# prepared statements and PL/pgSQL's take this setting; Django prepares none.
SEARCH_PREPARED_STATEMENTS = env.bool("SEARCH_PREPARED_STATEMENTS", default=True)
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql" and (
    SEARCH_PREPARED_STATEMENTS
):
    _pg_options = DATABASES["default"].setdefault("OPTIONS", {})
    _pg_options["options"] = (
        _pg_options.get("options", "") + " -c plan_cache_mode=force_generic_plan"
    ).strip()
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Cache: shared by every server process (throttle counters, cached counts) ---------
REDIS_URL = env.str("REDIS_URL", default="")
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "shop.cache.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": "shopsphere",
        }
    }
else:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
            # Relative to the project (an empty or relative value would follow the cwd).
            "LOCATION": str(BASE_DIR / (env.str("CACHE_DIR", default="") or "var/cache")),
        }
    }

# Throttle and lockout counters (shop/throttling.py): in the database table
# shop_throttlecounter, or in Redis when set. Never in the cache above, which traffic can cull.
THROTTLE_REDIS_URL = env.str("THROTTLE_REDIS_URL", default=REDIS_URL)

# --- Users and passwords -----------------------------------------------------------
AUTH_USER_MODEL = "accounts.User"
PASSWORD_HASHERS = [
    "django.contrib.auth.hashers.Argon2PasswordHasher",
    "django.contrib.auth.hashers.PBKDF2PasswordHasher",
    "django.contrib.auth.hashers.PBKDF2SHA1PasswordHasher",
    "django.contrib.auth.hashers.ScryptPasswordHasher",
]
AUTH_PASSWORD_VALIDATORS = [
    {
        # Our user has `name` and `phone` instead of Django's first/last name.
        "NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator",
        "OPTIONS": {"user_attributes": ("email", "name", "phone")},
    },
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# --- Internationalisation ------------------------------------------------------------
LANGUAGE_CODE = "en-in"
TIME_ZONE = "Asia/Kolkata"
USE_I18N = True
USE_TZ = True

# --- Static and media files ------------------------------------------------------------
STATIC_URL = "/static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
MEDIA_URL = "/media/"
MEDIA_ROOT = Path(env.str("MEDIA_ROOT", default=str(BASE_DIR / "media")))
STORAGES = {
    # FileSystemStorage that removes a half-written file when a save fails (disk full).
    "default": {"BACKEND": "shop.storage.MediaStorage"},
    # webpack already puts content hashes in file names; whitenoise compresses them and
    # serves names with a hash with far-future caching (WHITENOISE_IMMUTABLE_FILE_TEST).
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}
WHITENOISE_IMMUTABLE_FILE_TEST = r"^.+[.-][0-9a-f]{8,20}\..+$"

# --- Media on S3-compatible storage (AWS S3, MinIO, Ceph, ...) when a bucket is named ---
# django-storages reads the AWS_* settings below. Photos stay private in the bucket and
# are served through the product-photo call (same ETag and caching as local files).
AWS_STORAGE_BUCKET_NAME = env.str("AWS_STORAGE_BUCKET_NAME", default="")
if AWS_STORAGE_BUCKET_NAME:
    AWS_S3_ENDPOINT_URL = env.str("AWS_S3_ENDPOINT_URL", default="") or None
    AWS_ACCESS_KEY_ID = env.str("AWS_ACCESS_KEY_ID", default="") or None
    AWS_SECRET_ACCESS_KEY = env.str("AWS_SECRET_ACCESS_KEY", default="") or None
    AWS_S3_REGION_NAME = env.str("AWS_S3_REGION_NAME", default="") or None
    AWS_LOCATION = env.str("AWS_LOCATION", default="")  # a key prefix inside the bucket
    # "path" for stores without per-bucket host names (MinIO, most self-hosted ones).
    AWS_S3_ADDRESSING_STYLE = env.str("AWS_S3_ADDRESSING_STYLE", default="") or None
    AWS_DEFAULT_ACL = None  # the bucket's own policy (private)
    AWS_S3_FILE_OVERWRITE = False  # stored names are unique, as on disk
    AWS_S3_SIGNATURE_VERSION = "s3v4"
    STORAGES["default"] = {"BACKEND": "storages.backends.s3.S3Storage"}
WEBPACK_MANIFEST = BASE_DIR / "static" / "dist" / "manifest.json"

# --- API ------------------------------------------------------------------------------
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": ["shop.api.authentication.TokenAuthentication"],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.AllowAny"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_PARSER_CLASSES": [
        "shop.api.parsers.JSONParser",
        "rest_framework.parsers.MultiPartParser",
        "rest_framework.parsers.FormParser",
    ],
    "EXCEPTION_HANDLER": "shop.api.exceptions.exception_handler",
    "DEFAULT_SCHEMA_CLASS": "shop.api.schema.ContractSchema",
    "UNAUTHENTICATED_USER": "django.contrib.auth.models.AnonymousUser",
    "DEFAULT_THROTTLE_RATES": {
        "login_email": env.str("THROTTLE_LOGIN_EMAIL", default="10/min"),
        "login_ip": env.str("THROTTLE_LOGIN_IP", default="60/min"),
        "reset_email": env.str("THROTTLE_RESET_EMAIL", default="5/min"),
        "reset_ip": env.str("THROTTLE_RESET_IP", default="20/min"),
        "register_ip": env.str("THROTTLE_REGISTER_IP", default="30/min"),
        "reset_link_email": env.str("THROTTLE_RESET_LINK_EMAIL", default="5/hour"),
        "reset_link_ip": env.str("THROTTLE_RESET_LINK_IP", default="20/hour"),
        "reset_confirm_ip": env.str("THROTTLE_RESET_CONFIRM_IP", default="20/min"),
        "checkout": env.str("THROTTLE_CHECKOUT", default="10/min"),
        # Checking coupon codes: enough for a shopper, too few to guess codes.
        "coupon_check": env.str("THROTTLE_COUPON_CHECK", default="30/min"),
        # Guest checkouts (no token), per client address.
        "guest_checkout": env.str("THROTTLE_GUEST_CHECKOUT", default="10/min"),
        # The wishlist's adds and removals; back-in-stock requests per user, and per client
        # address without a token.
        "wishlist": env.str("THROTTLE_WISHLIST", default="60/min"),
        # A shopper's review writes: reviews, edits, deletes, helpful votes, reports.
        "reviews": env.str("THROTTLE_REVIEWS", default="30/min"),
        "stock_alert": env.str("THROTTLE_STOCK_ALERT", default="20/min"),
        "stock_alert_ip": env.str("THROTTLE_STOCK_ALERT_IP", default="10/min"),
    },
    "NUM_PROXIES": env.int("NUM_PROXIES", default=0),
}

# Selling in India (docs/india.md). Cash on delivery is refused above COD_LIMIT rupees
# (cash receipts of Rs 2 lakh or more are unlawful: Income-tax Act, section 269ST).
COD_LIMIT = env.int("COD_LIMIT", default=50000)
# Paying online through Razorpay (docs/payments.md): off while the key id or secret is
# blank. RAZORPAY_API_BASE and RAZORPAY_CHECKOUT_URL point elsewhere only for a stand-in.
RAZORPAY_KEY_ID = env.str("RAZORPAY_KEY_ID", default="")
RAZORPAY_KEY_SECRET = env.str("RAZORPAY_KEY_SECRET", default="")
RAZORPAY_WEBHOOK_SECRET = env.str("RAZORPAY_WEBHOOK_SECRET", default="")
RAZORPAY_API_BASE = env.str("RAZORPAY_API_BASE", default="https://api.razorpay.com")
RAZORPAY_CHECKOUT_URL = env.str(
    "RAZORPAY_CHECKOUT_URL", default="https://checkout.razorpay.com/v1/checkout.js"
)
# Seconds to wait for Razorpay's API before a call counts as failed.
RAZORPAY_TIMEOUT_SECONDS = env.float("RAZORPAY_TIMEOUT_SECONDS", default=10)
# An order not paid this many minutes after checkout is cancelled and its stock returned.
PAYMENT_WINDOW_MINUTES = env.int("PAYMENT_WINDOW_MINUTES", default=15)
# Days after delivery in which a buyer may ask to return or exchange (shop-info's
# `returnWindowDays`, the Returns page).
RETURN_WINDOW_DAYS = env.int("RETURN_WINDOW_DAYS", default=7)
# Days from order (or shipping) to delivery where the PIN code list gives none.
DELIVERY_DAYS = env.int("DELIVERY_DAYS", default=5)

SIMPLE_JWT = {
    "ACCESS_TOKEN_LIFETIME": timedelta(days=env.int("JWT_DAYS", default=7)),
    "SIGNING_KEY": SECRET_KEY,
    "AUTH_HEADER_TYPES": ("Bearer",),
    "USER_ID_FIELD": "id",
    "USER_ID_CLAIM": "user_id",
    # A token dies when its user's password changes (reset or profile update).
    "CHECK_REVOKE_TOKEN": True,
    "UPDATE_LAST_LOGIN": False,
}

SPECTACULAR_SETTINGS = {
    "TITLE": "ShopSphere API",
    "DESCRIPTION": "The shop's HTTP API (described in docs/api.md).",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    # The schema and docs never read a token (a stale one must not hide the docs).
    "SERVE_AUTHENTICATION": [],
    "SCHEMA_PATH_PREFIX": r"/api/v1",
    # Swagger UI's files come from drf-spectacular-sidecar under /static/: offline, and
    # within the Content-Security-Policy (no CDN, the init script is its own request).
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # Request and answer bodies written where they are used (shop.api.schema); no enum
    # components extracted.
    "POSTPROCESSING_HOOKS": ["shop.api.schema.inline_bodies"],
}

CORS_ALLOWED_ORIGINS = env.list("CORS_ALLOWED_ORIGINS", default=[])
CORS_URLS_REGEX = r"^/api/.*$"
# A front end on another origin may read the search's spelling correction.
CORS_EXPOSE_HEADERS = ["X-Search-Corrected"]

# The list indexes' INCLUDE columns (catalog migration 0006) are for PostgreSQL's
# index-only scans; SQLite ignores them, which this warning said on every migrate there
# (a new user's `make run`).
SILENCED_SYSTEM_CHECKS = ["models.W040"]

# The only session login is the Django admin's: with no (or an unsafe) `next`, land on its
# index rather than Django's default /accounts/profile/, which this site does not have.
LOGIN_REDIRECT_URL = "admin:index"

# Password reset: wrong security answers one account may take within the lock window
# before its answer path answers 429; emailed reset links expire after PASSWORD_RESET_TIMEOUT
# seconds and point at SHOP_URL (the shop's public address; blank: the request's own host).
RESET_ANSWER_MAX_WRONG = env.int("RESET_ANSWER_MAX_WRONG", default=10)
RESET_ANSWER_LOCK_SECONDS = env.int("RESET_ANSWER_LOCK_SECONDS", default=24 * 3600)
PASSWORD_RESET_TIMEOUT = env.int("PASSWORD_RESET_TIMEOUT", default=3600)
SHOP_URL = env.str("SHOP_URL", default="")

# --- Shop constants ----------------------------------------------------------------------
PRODUCTS_PER_PAGE = env.int("PRODUCTS_PER_PAGE", default=6)
SEARCH_RESULTS_LIMIT = env.int("SEARCH_RESULTS_LIMIT", default=50)
# PostgreSQL: a search step that matches many products ranks only the matches among
# the newest products, in a window expected to hold SEARCH_WINDOW_MARGIN times the answer,
# when that window is smaller than the matches themselves (catalog/search/windows.py).
SEARCH_WINDOW_MARGIN = env.float("SEARCH_WINDOW_MARGIN", default=4.0)
# PostgreSQL: a search step ranks its newest SEARCH_RANKED_MATCHES matches (at least the
# answer's size), so that how it is read (a window, an index) never changes what it answers.
SEARCH_RANKED_MATCHES = env.int("SEARCH_RANKED_MATCHES", default=100)
# A description edit reaches the searches it makes a product newly match (or no longer
# match) within this many seconds; answers showing the product are fresh at once. Edits in
# between cost the search answers one recomputation (catalog/cache/). 0: at once.
SEARCH_TEXT_DELAY_SECONDS = env.int("SEARCH_TEXT_DELAY_SECONDS", default=30)
# Public catalogue reads are answered from the cache until the next write (catalog/cache/);
# entries live at most this long. 0 turns the cache off.
CATALOG_CACHE_SECONDS = env.int("CATALOG_CACHE_SECONDS", default=300)
# Search and suggestions per client address: rates no shopper reaches (the search box asks
# for suggestions at most every 200 ms while typing); blank turns a throttle off.
SEARCH_THROTTLE_RATE = env.str("SEARCH_THROTTLE_RATE", default="120/min")
SUGGEST_THROTTLE_RATE = env.str("SUGGEST_THROTTLE_RATE", default="300/min")
# Delivery checks by PIN code per client address (blank: off).
DELIVERY_THROTTLE_RATE = env.str("DELIVERY_THROTTLE_RATE", default="120/min")
# Reads of the OpenAPI description (/api/schema/) per client address (blank: off).
SCHEMA_THROTTLE_RATE = env.str("SCHEMA_THROTTLE_RATE", default="30/min")
# Addresses in one sitemap file; past it /sitemap.xml is an index of parts this size.
SITEMAP_URLS_PER_FILE = env.int("SITEMAP_URLS_PER_FILE", default=10_000)
# The owner's dashboard lists products with at most this many left as low on stock.
LOW_STOCK_THRESHOLD = env.int("LOW_STOCK_THRESHOLD", default=5)
# Rows a page of the admin's products table.
ADMIN_PRODUCTS_PER_PAGE = env.int("ADMIN_PRODUCTS_PER_PAGE", default=50)
MAX_PHOTO_BYTES = env.int("MAX_PHOTO_BYTES", default=5 * 1024 * 1024)
MAX_PHOTO_PIXELS = env.int("MAX_PHOTO_PIXELS", default=40_000_000)
# Longest side and longest-to-shortest ratio of a photo (docs/security.md): WebP cannot hold
# a side over 16383 px, and a strip thinner than 1:20 shows nothing on a product card.
MAX_PHOTO_SIDE = env.int("MAX_PHOTO_SIDE", default=10_000)
MAX_PHOTO_ASPECT_RATIO = env.float("MAX_PHOTO_ASPECT_RATIO", default=20.0)
# Memory one photo may take once decoded (pixels x bytes per pixel of its mode, every frame):
# with the copies the renditions make, one upload stays under about 300 MB.
MAX_PHOTO_DECODE_BYTES = env.int("MAX_PHOTO_DECODE_BYTES", default=160 * 1024 * 1024)
# Uploads up to the photo cap plus form fields must reach our own check (413 in our shape).
DATA_UPLOAD_MAX_MEMORY_SIZE = MAX_PHOTO_BYTES + 1024 * 1024
FILE_UPLOAD_MAX_MEMORY_SIZE = 2_621_440
if AWS_STORAGE_BUCKET_NAME:
    # Media on S3: an upload (at most the cap plus its form) stays in memory, never in a
    # temporary file on the app server's disk.
    FILE_UPLOAD_MAX_MEMORY_SIZE = DATA_UPLOAD_MAX_MEMORY_SIZE

# --- Security headers (HTTPS-only settings switched on by HTTPS=true, not by DEBUG) ---
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
HTTPS = env.bool("HTTPS", default=False)
SECURE_SSL_REDIRECT = HTTPS
SESSION_COOKIE_SECURE = HTTPS
CSRF_COOKIE_SECURE = HTTPS
SECURE_HSTS_SECONDS = env.int("SECURE_HSTS_SECONDS", default=31_536_000 if HTTPS else 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = HTTPS
SECURE_HSTS_PRELOAD = HTTPS
if env.bool("BEHIND_PROXY", default=False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
# Set by shop.middleware.SecurityHeadersMiddleware. The React bundle loads from /static/
# with no inline script; react-hot-toast (goober) injects a <style> element, hence
# 'unsafe-inline' for styles only; Bootstrap's icons are data: SVGs; the admin's photo
# preview shows the chosen file through a blob: URL (URL.createObjectURL).
CONTENT_SECURITY_POLICY = {
    "default-src": ["'self'"],
    "script-src": ["'self'"],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:"],
    "font-src": ["'self'", "data:"],
    "connect-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
}
PERMISSIONS_POLICY = {
    feature: []
    for feature in (
        "accelerometer",
        "camera",
        "geolocation",
        "gyroscope",
        "magnetometer",
        "microphone",
        "payment",
        "usb",
    )
}

LOG_LEVEL = env.str("LOG_LEVEL", default="INFO")
# One JSON line per record with the request id (shop.middleware); one line per request
# comes from shop.request, so django.request's duplicate 4xx warnings are left out.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"request_id": {"()": "shop.middleware.RequestIdFilter"}},
    "formatters": {"json": {"()": "shop.middleware.JsonFormatter"}},
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            "formatter": "json",
            "filters": ["request_id"],
        }
    },
    "root": {"handlers": ["console"], "level": LOG_LEVEL},
    "loggers": {
        "django.db.backends": {"level": "WARNING"},
        "django.request": {"level": "ERROR"},
    },
}

# --- E-mail (order mails): console by default, SMTP from EMAIL_URL ---------------------
# e.g. EMAIL_URL=smtp+tls://user:password@smtp.example.com:587
_email = env.email_url("EMAIL_URL", default="consolemail://")
EMAIL_BACKEND = _email["EMAIL_BACKEND"]
EMAIL_HOST = _email["EMAIL_HOST"] or "localhost"
EMAIL_PORT = _email["EMAIL_PORT"] or 25
EMAIL_HOST_USER = _email["EMAIL_HOST_USER"] or ""
EMAIL_HOST_PASSWORD = _email["EMAIL_HOST_PASSWORD"] or ""
EMAIL_USE_TLS = bool(_email.get("EMAIL_USE_TLS"))
EMAIL_USE_SSL = bool(_email.get("EMAIL_USE_SSL"))
# --- Task queue (shop/tasks.py): jobs are rows of the shop's database -----------------
TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
# Each web process runs a worker thread; off where `manage.py run_tasks` processes run.
TASKS_IN_PROCESS = env.bool("TASKS_IN_PROCESS", default=True)
TASK_MAX_ATTEMPTS = env.int("TASK_MAX_ATTEMPTS", default=8)
TASK_RETRY_SECONDS = env.float("TASK_RETRY_SECONDS", default=30)
TASK_RETRY_MAX_SECONDS = env.float("TASK_RETRY_MAX_SECONDS", default=3600)
# A job still running this long after a worker took it is taken to be lost with its
# worker and runs again: longer than any job takes (a mail: EMAIL_TIMEOUT).
TASK_LEASE_SECONDS = env.float("TASK_LEASE_SECONDS", default=300)
# A job whose worker was lost this many times (it kills its worker) is given up: failed.
TASK_MAX_LOST = env.int("TASK_MAX_LOST", default=3)
# The task worker runs `manage.py reconcile_payments` this often (the contract: at least
# every 10 minutes): unsettled refunds and overdue online orders asked of the gateway again.
RECONCILE_INTERVAL_SECONDS = env.float("RECONCILE_INTERVAL_SECONDS", default=300)
if not 0 < RECONCILE_INTERVAL_SECONDS <= 600:
    raise ImproperlyConfigured("RECONCILE_INTERVAL_SECONDS must be more than 0 and at most 600.")
# The task worker looks for back-in-stock alerts whose item has stock this often, besides
# the job each restock sets off (docs/wishlist.md): for stock written past the catalogue.
STOCK_ALERT_SWEEP_SECONDS = env.float("STOCK_ALERT_SWEEP_SECONDS", default=600)

DEFAULT_FROM_EMAIL = env.str("DEFAULT_FROM_EMAIL", default="ShopSphere <orders@localhost>")
EMAIL_TIMEOUT = env.int("EMAIL_TIMEOUT", default=10)
