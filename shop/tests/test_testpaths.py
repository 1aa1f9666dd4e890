"""`make test-py` and `make test-pg` run pytest's `testpaths`: an app whose tests are not
listed there is never run by CI. Every folder of the project with a `tests` package is
listed, except the two suites that run on their own (browser journeys, deploy checks)."""

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RUN_ON_THEIR_OWN = {"e2e", "deploy"}


def test_every_apps_tests_are_in_testpaths():
    listed = set(
        tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pytest"]["ini_options"][
            "testpaths"
        ]
    )
    with_tests = {
        path.parent.parent.name for path in ROOT.glob("*/tests/__init__.py")
    } - RUN_ON_THEIR_OWN
    assert with_tests, "no app tests found: the glob is wrong"
    assert with_tests - listed == set()
    assert listed - with_tests == set(), "testpaths names a folder without tests"
