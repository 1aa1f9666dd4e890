"""Every environment variable the code reads is documented, and every documented one is
still read.

The readers are found in the source, not listed by hand: every `.py` file of the project
outside tests (the apps, `gunicorn.conf.py`, `deploy/`, `bench/`, `fuzz/`, `soak/`), read
with `ast` for `os.environ.get("X")`, `os.environ["X"]`, `os.getenv("X")`, `"X" in
os.environ`, django-environ's `env.int("X")`... and `env("X")`, and aliases such as
`e = os.environ.get`; and the Makefile's `NAME ?= default` lines and `$${NAME...}` shell
expansions. Each one must appear in docs/settings.md (in backticks) and in .env.example
(as `NAME=` or `# NAME=`). Each variable named in the first column of docs/settings.md's
tables, or as a line of .env.example, must still be read somewhere.

Which modules may read the environment is a rule too (docs/settings.md, "Who reads the
environment"): the app's settings module, the gunicorn configurations, the nginx renderer
and the tools run by hand. An app module that reads `os.environ` itself fails here: read
it in shop/settings.py and take it from `django.conf.settings`.
"""

import ast
import os
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
SETTINGS_DOC = ROOT / "docs" / "settings.md"
ENV_EXAMPLE = ROOT / ".env.example"
DEPLOY_ENV_EXAMPLE = ROOT / "deploy" / "shopsphere.env.example"
MAKEFILE = ROOT / "Makefile"

# Folders that hold no code the shop or its tools run (tests read the environment to set
# up what they test; e2e is the browser tests).
SKIPPED_DIRS = {
    ".git",
    ".venv",
    "node_modules",
    "static",
    "staticfiles",
    "media",
    "var",
    "frontend",
    "tests",
    "e2e",
    "migrations",
    "__pycache__",
}
SKIPPED_FILES = {"conftest.py"}

# The modules allowed to read the environment, and why (docs/settings.md says the same).
READERS = {
    "shop/settings.py": "the app's settings: the only reader inside the apps",
    "gunicorn.conf.py": "gunicorn's own settings, read by gunicorn before Django",
    "deploy/gunicorn.conf.py": "the same behind nginx",
    "deploy/nginx_site.py": "renders nginx's site; reads MAX_PHOTO_BYTES as the app does",
}
READER_DIRS = ("bench/", "fuzz/", "soak/")  # tools run by hand, each a script of its own

# Django's own and the process's, named here only to start Django or set a child's
# environment; not settings of the shop.
NOT_SETTINGS = {"DJANGO_SETTINGS_MODULE", "DJANGO_ALLOW_ASYNC_UNSAFE"}
# Read by a library, not by our code: Django's `createsuperuser --noinput` (`make admin`).
READ_BY_LIBRARIES = {"DJANGO_SUPERUSER_EMAIL", "DJANGO_SUPERUSER_NAME", "DJANGO_SUPERUSER_PASSWORD"}
# The Makefile's own variables (assigned with := or =), not read from the environment.
NAME = re.compile(r"^[A-Z][A-Z0-9_]*$")
ENVIRON_METHODS = {
    "str",
    "bool",
    "int",
    "float",
    "list",
    "tuple",
    "dict",
    "json",
    "url",
    "path",
    "decimal",
    "db_url",
    "db",
    "cache_url",
    "cache",
    "email_url",
    "email",
    "search_url",
    "bytes",
    "get_value",
}


def python_files() -> list[Path]:
    found = []
    for folder, dirs, files in os.walk(ROOT):
        dirs[:] = sorted(d for d in dirs if d not in SKIPPED_DIRS and not d.startswith("."))
        for name in sorted(files):
            if name.endswith(".py") and name not in SKIPPED_FILES:
                found.append(Path(folder) / name)
    return found


def _is_os_environ(node: ast.AST) -> bool:
    return (
        isinstance(node, ast.Attribute)
        and node.attr == "environ"
        and isinstance(node.value, ast.Name)
        and node.value.id == "os"
    )


def _is_getter(node: ast.AST, aliases: set[str]) -> bool:
    """`os.environ.get`, `os.getenv`, or a name bound to one of them."""
    if isinstance(node, ast.Name):
        return node.id in aliases
    if not isinstance(node, ast.Attribute):
        return False
    if node.attr == "get" and _is_os_environ(node.value):
        return True
    return node.attr == "getenv" and isinstance(node.value, ast.Name) and node.value.id == "os"


def _first_name(call: ast.Call) -> str | None:
    if call.args and isinstance(call.args[0], ast.Constant) and isinstance(call.args[0].value, str):
        return call.args[0].value
    return None


def reads_of(source: str) -> set[str]:
    """The environment variables one module reads."""
    tree = ast.parse(source)
    aliases: set[str] = set()
    # `environ.Env()` instances (django-environ): `env = environ.Env()`.
    env_objects: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
            if not isinstance(target, ast.Name):
                continue
            if _is_getter(node.value, set()):
                aliases.add(target.id)
            value = node.value
            if (
                isinstance(value, ast.Call)
                and isinstance(value.func, ast.Attribute)
                and value.func.attr == "Env"
            ):
                env_objects.add(target.id)
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            name = _first_name(node)
            if name is None:
                continue
            if _is_getter(func, aliases):
                names.add(name)
            elif isinstance(func, ast.Name) and func.id in env_objects:
                names.add(name)  # env("X")
            elif (
                isinstance(func, ast.Attribute)
                and func.attr in ENVIRON_METHODS
                and isinstance(func.value, ast.Name)
                and func.value.id in env_objects
            ):
                names.add(name)  # env.int("X")
        elif isinstance(node, ast.Subscript) and _is_os_environ(node.value):
            key = node.slice
            if isinstance(node.ctx, ast.Load) and isinstance(key, ast.Constant):
                names.add(key.value)
        elif (
            isinstance(node, ast.Compare)
            and isinstance(node.ops[0], ast.In | ast.NotIn)
            and _is_os_environ(node.comparators[0])
            and isinstance(node.left, ast.Constant)
        ):
            names.add(node.left.value)  # "X" in os.environ
    return {n for n in names if isinstance(n, str) and NAME.match(n)} - NOT_SETTINGS


def makefile_reads() -> set[str]:
    """`NAME ?= default` (the environment wins) and `$${NAME...}` in the recipes' shell."""
    text = MAKEFILE.read_text()
    names = set(re.findall(r"^(?:export\s+)?([A-Z][A-Z0-9_]*)\s*\?=", text, re.M))
    names |= set(re.findall(r"^\S+:\s*export\s+([A-Z][A-Z0-9_]*)\s*\?=", text, re.M))
    names |= set(re.findall(r"\$\$\{([A-Z][A-Z0-9_]*)", text))
    # `$(NAME)` of a variable the Makefile never assigns comes from the environment.
    assigned = set(re.findall(r"^(?:export\s+)?([A-Z][A-Z0-9_]*)\s*(?::=|=|\+=)", text, re.M))
    used = set(re.findall(r"\$\(([A-Z][A-Z0-9_]*)\)", text))
    names |= used - assigned - {"MAKE", "SHELL", "CURDIR", "MAKEFLAGS"}
    return names


def code_reads() -> dict[str, set[str]]:
    """Variable -> the files that read it."""
    found: dict[str, set[str]] = {}
    for path in python_files():
        try:
            source = path.read_text()
        except FileNotFoundError:  # moved away since the walk
            continue
        for name in reads_of(source):
            found.setdefault(name, set()).add(str(path.relative_to(ROOT)))
    for name in makefile_reads():
        found.setdefault(name, set()).add("Makefile")
    return found


def documented() -> set[str]:
    return set(re.findall(r"`([A-Z][A-Z0-9_]*)`", SETTINGS_DOC.read_text()))


def documented_rows() -> set[str]:
    """The variables a row of docs/settings.md's tables is about (its first cell)."""
    names = set()
    for line in SETTINGS_DOC.read_text().splitlines():
        if line.startswith("|") and not line.startswith("|---"):
            first = line.split("|")[1]
            names |= set(re.findall(r"`([A-Z][A-Z0-9_]*)`", first))
    return names


def listed_in_example(path: Path = ENV_EXAMPLE) -> set[str]:
    return set(re.findall(r"^#?\s?([A-Z][A-Z0-9_]*)=", path.read_text(), re.M))


def test_the_scanner_sees_every_kind_of_read():
    source = (
        "import os, environ\n"
        "env = environ.Env()\n"
        "e = os.environ.get\n"
        "A = os.environ.get('A_ONE')\n"
        "B = os.environ['B_ONE']\n"
        "C = os.getenv('C_ONE', '1')\n"
        "D = env.int('D_ONE', default=1)\n"
        "E = env('E_ONE')\n"
        "F = e('F_ONE', '2')\n"
        "G = 'G_ONE' in os.environ\n"
        "os.environ['NOT_A_READ'] = '1'\n"
        "os.environ.setdefault('DJANGO_SETTINGS_MODULE', 'shop.settings')\n"
    )
    assert reads_of(source) == {"A_ONE", "B_ONE", "C_ONE", "D_ONE", "E_ONE", "F_ONE", "G_ONE"}


def test_the_scan_finds_the_settings_the_shop_is_known_to_read():
    reads = code_reads()
    for name in ("SECRET_KEY", "DATABASE_URL", "WEB_CONCURRENCY", "FORWARDED_ALLOW_IPS"):
        assert name in reads, name
    assert "shop/settings.py" in reads["ENV_FILE"]


def test_every_variable_read_is_documented_in_settings_md():
    missing = {
        name: sorted(files) for name, files in code_reads().items() if name not in documented()
    }
    assert not missing, f"read but not in docs/settings.md: {missing}"


def test_every_variable_read_is_listed_in_env_example():
    listed = listed_in_example()
    missing = {name: sorted(files) for name, files in code_reads().items() if name not in listed}
    assert not missing, f"read but not in .env.example (as NAME= or # NAME=): {missing}"


def test_every_documented_variable_is_still_read():
    reads = code_reads().keys() | READ_BY_LIBRARIES
    stale_doc = sorted(documented_rows() - reads)
    stale_example = sorted(listed_in_example() - reads)
    assert not stale_doc, f"docs/settings.md documents variables nothing reads: {stale_doc}"
    assert not stale_example, f".env.example lists variables nothing reads: {stale_example}"
    stale_deploy = sorted(listed_in_example(DEPLOY_ENV_EXAMPLE) - reads)
    assert not stale_deploy, (
        f"deploy/shopsphere.env.example sets variables nothing reads: {stale_deploy}"
    )


def test_only_the_named_modules_read_the_environment():
    readers = {file for files in code_reads().values() for file in files} - {"Makefile"}
    others = sorted(f for f in readers if f not in READERS and not f.startswith(READER_DIRS))
    assert not others, (
        f"{others} read the environment: read the variable in shop/settings.py and use "
        "django.conf.settings (or add the module to docs/settings.md's readers and READERS)"
    )


def test_the_docs_name_the_readers():
    text = SETTINGS_DOC.read_text()
    for module in [*READERS, *READER_DIRS]:
        assert f"`{module}`" in text, f"docs/settings.md does not name the reader {module}"
