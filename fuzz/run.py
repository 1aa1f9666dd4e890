"""`make fuzz`: schemathesis against a live gunicorn server, for every API call, as an
anonymous visitor, a shopper and an admin.

It prepares a database (DATABASE_URL, or a fresh SQLite file under var/fuzz), loads the
demo catalogue, creates a shopper and an admin, starts gunicorn with production settings
(DEBUG off) on FUZZ_PORT (default 8106) with paying online on (Razorpay's calls go to the
tests' local stand-in, orders/tests/razorpay_standin.py, so checkout with
`payment: "razorpay"`, verify and the webhook run their real paths), runs
`schemathesis run` once per role, then what schemathesis does not generate (fuzz/hostile.py:
deeply nested JSON in the product form's fields and in every JSON body, non-ASCII bytes in
every header the app reads), and prints the number of examples and failures. Exit status 0
only when every run passed: no 5xx and no answer outside /api/schema/ (status, content
type, headers, body).

    make fuzz                         # FUZZ_EXAMPLES=100 per call and phase
    FUZZ_EXAMPLES=20 make fuzz        # quicker
    DATABASE_URL=postgres://... make fuzz
"""

import os
import re
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import hostile

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
PORT = int(os.environ.get("FUZZ_PORT", "8106"))
EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "100"))
BASE = f"http://127.0.0.1:{PORT}"
PROFILE = "/api/v1/auth/profile"
CHECKS = ",".join(
    [
        "not_a_server_error",
        "status_code_conformance",
        "content_type_conformance",
        "response_headers_conformance",
        "response_schema_conformance",
    ]
)


def standin():
    """The Razorpay stand-in on a free port, in this process (a thread)."""
    sys.path.insert(0, str(ROOT))
    from orders.tests.razorpay_standin import Standin

    return Standin().start()


def environment(work: Path, razorpay=None) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    env.update(
        DEBUG="false",
        HTTPS="false",
        SECRET_KEY=secrets.token_urlsafe(50),
        MEDIA_ROOT=str(work / "media"),
        CACHE_DIR=str(work / "cache"),
        PORT=str(PORT),
        WEB_CONCURRENCY=os.environ.get("WEB_CONCURRENCY", "2"),
        DATABASE_URL=os.environ.get("DATABASE_URL") or f"sqlite:///{work / 'fuzz.sqlite3'}",
    )
    if razorpay is not None:
        env.update(razorpay.settings())
    return env


def manage(env, *args):
    subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, check=True)


CREATE_USERS = """
from rest_framework_simplejwt.tokens import AccessToken
from accounts.models import User

def token(email, **extra):
    user = User.objects.filter(email=email).first() or User.objects.create_user(
        email=email, password="Fuzz-Pass-2026!", name="Fuzz " + email.split("@")[0],
        phone="9999999999", address="1 Test Street, Bengaluru 560001", answer="cricket", **extra)
    return str(AccessToken.for_user(user))

for name, extra in [("shopper", {}), ("shopper2", {}), ("admin", {"role": 1}),
                    ("admin2", {"role": 1})]:
    print(token(f"fuzz-{name}@example.com", **extra))
"""


def tokens(env) -> dict:
    out = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", CREATE_USERS],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split()
    shopper, shopper_profile, admin, admin_profile = out[-4:]
    # A generated profile update may change the password, which revokes that user's
    # tokens: the profile call runs with a user of its own, the rest keep theirs.
    return {
        "anonymous": (None, None),
        "shopper": (shopper, shopper_profile),
        "admin": (admin, admin_profile),
    }


def wait_ready(server, timeout=60):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit(f"gunicorn exited with {server.returncode}")
        try:
            with urllib.request.urlopen(f"{BASE}/readyz", timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.2)
    raise SystemExit("the server did not become ready")


def schemathesis(work, label, token, *selection):
    command = [
        str(BIN / "schemathesis"),
        "--config-file",
        str(ROOT / "fuzz" / "schemathesis.toml"),
        "run",
        f"{BASE}/api/schema/?format=json",
        "--url",
        BASE,
        "--checks",
        CHECKS,
        "--phases",
        "examples,coverage,fuzzing",
        "--max-examples",
        str(EXAMPLES),
        # One worker: hypothesis describes strategies with ast.parse, which CPython 3.11
        # can fail on when two threads parse at once ("AST constructor recursion depth
        # mismatch"), an error of the tool, not of the API.
        "--workers",
        "1",
        "--suppress-health-check",
        "all",
        "--no-color",
        *selection,
    ]
    if token:
        command += ["--header", f"Authorization: Bearer {token}"]
    print(f"\n=== {label} ===", flush=True)
    # Run in the scratch folder: schemathesis keeps a cache folder where it runs.
    result = subprocess.run(command, cwd=work, capture_output=True, text=True, check=False)
    (work / f"{label.replace(':', '').replace(' ', '-')}.txt").write_text(result.stdout)
    print(result.stdout[-6000:], result.stderr[-2000:], sep="\n", flush=True)
    generated = re.search(r"Test cases:\s*\n?\s*(\d+) generated", result.stdout)
    return result.returncode, int(generated.group(1)) if generated else 0


def main() -> int:
    work = Path(
        tempfile.mkdtemp(prefix="fuzz-", dir=ROOT / "var" if (ROOT / "var").is_dir() else None)
    )
    razorpay = standin()
    env = environment(work, razorpay)
    manage(env, "migrate", "--noinput", "-v", "0")
    manage(env, "seed_demo", "--if-empty")
    roles = tokens(env)
    log = open(work / "server.log", "w")  # noqa: SIM115 (closed at the end)
    server = subprocess.Popen(
        [str(BIN / "gunicorn"), "shop.wsgi", "-c", "gunicorn.conf.py"],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    results = []
    hostile_sent = []
    try:
        wait_ready(server)
        for role, (token, profile_token) in roles.items():
            results.append((role, *schemathesis(work, role, token, "--exclude-path", PROFILE)))
            results.append(
                (
                    f"{role} (profile)",
                    *schemathesis(
                        work, f"{role}: profile", profile_token, "--include-path", PROFILE
                    ),
                )
            )
        hostile_sent = hostile.run(BASE, roles["admin"][0], roles["shopper"][0])
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)
        log.close()
        razorpay.stop()
    server_errors = sum(1 for line in (work / "server.log").open() if '"status": 5' in line)
    print("\n=== fuzz summary ===")
    for role, code, generated in results:
        print(f"{role:22} {'passed' if code == 0 else 'FAILED':7} {generated:6} examples")
    hostile_errors = [what for what, status in hostile_sent if status >= 500]
    print(
        f"{'hostile (fuzz/hostile)':22} {'FAILED' if hostile_errors else 'passed':7} "
        f"{len(hostile_sent):6} requests: deep JSON, non-ASCII headers"
    )
    for what in hostile_errors:
        print(f"  5xx: {what}")
    total = sum(generated for _, _, generated in results)
    print(f"{'all':22} {'':7} {total:6} examples; 5xx answers in the server log: {server_errors}")
    failed = (
        any(code for _, code, _ in results) or server_errors or hostile_errors or not hostile_sent
    )
    if failed:
        print(f"server log: {work / 'server.log'}")
    else:
        shutil.rmtree(work, ignore_errors=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
