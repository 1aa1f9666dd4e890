"""What README.md and docs/*.md tell people to run exists: every `manage.py <command>` is
a command of Django or of an installed app (wherever the app keeps it), every
`make <target>` a target of the Makefile. And `.ci/run` runs the stages `make test` runs,
in its order, so the README's test command and CI cannot drift apart."""

import re
from pathlib import Path

import pytest
from django.core.management import get_commands

ROOT = Path(__file__).resolve().parent.parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
MAKEFILE = ROOT / "Makefile"
CI = ROOT / ".ci" / "run"

FENCE = re.compile(r"^```[^\n]*\n(.*?)^```", re.S | re.M)
INLINE = re.compile(r"`([^`\n]+)`")
MANAGE = re.compile(r"manage\.py\s+([a-z][a-z0-9_]*)")
# `seed_demo --if-empty`: a command named with its options, without manage.py.
BARE_COMMAND = re.compile(r"^([a-z]+_[a-z0-9_]+) --")
# make, then its options (`-n`, `-o FILE`), then `NAME=value` assignments, then targets.
MAKE = re.compile(
    r"(?:^|[\s;&|(])make((?:\s+(?:-o\s+\S+|-\S+|[A-Z_]+=\S*))*)((?:\s+[a-z.][\w.-]*)+)"
)


def code_of(text: str) -> list[str]:
    """The code a page shows: its fenced blocks and inline `code` spans."""
    blocks = FENCE.findall(text)
    return blocks + INLINE.findall(FENCE.sub("", text))


def claims() -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """(command -> pages naming it, target -> pages naming it)."""
    commands: dict[str, set[str]] = {}
    targets: dict[str, set[str]] = {}
    for page in PAGES:
        name = str(page.relative_to(ROOT))
        for code in code_of(page.read_text()):
            for command in MANAGE.findall(code):
                commands.setdefault(command, set()).add(name)
            bare = BARE_COMMAND.match(code)
            if bare:
                commands.setdefault(bare.group(1), set()).add(name)
            for line in code.splitlines():
                for _, words in MAKE.findall(line.split("#")[0]):
                    for target in words.split():
                        targets.setdefault(target, set()).add(name)
    return commands, targets


def makefile_targets() -> set[str]:
    text = MAKEFILE.read_text()
    variables = dict(re.findall(r"^([A-Z_]+)\s*:?=\s*(\S*)\s*$", text, re.M))
    found = set()
    for line in text.splitlines():
        rule = re.match(r"^([^\s#=:][^=:]*?)\s*:(?!=)", line)
        if not rule or line.startswith("\t"):
            continue
        for target in rule.group(1).split():
            found.add(re.sub(r"\$\((\w+)\)", lambda m: variables.get(m.group(1), ""), target))
    return found


def make_test_stages() -> list[str]:
    (prerequisites,) = re.findall(r"^test:([^\n]*)$", MAKEFILE.read_text(), re.M)
    return prerequisites.split()


def test_the_pages_are_read():
    commands, targets = claims()
    assert {"seed_demo", "import_pincodes", "reconcile_payments"} <= commands.keys()
    assert {"run", "test", "admin", "test-pg"} <= targets.keys()


def test_the_parser_reads_make_lines():
    def read(line):
        return [w for _, words in MAKE.findall(line) for w in words.split()]

    assert read("FUZZ_EXAMPLES=5 make -o .venv/.installed fuzz") == ["fuzz"]
    assert read("make -n run && make PYTHON=python3 setup build") == ["run", "setup", "build"]
    # Prose is never read, only code: "to make the shop" in a sentence names no target.
    assert code_of("To make the shop fast, run `make bench`.") == ["make bench"]


@pytest.mark.parametrize("command", sorted(claims()[0]))
def test_every_manage_py_command_named_exists(command):
    known = get_commands()
    pages = sorted(claims()[0][command])
    assert command in known, f"{pages} name `manage.py {command}`, which no installed app has"


@pytest.mark.parametrize("target", sorted(claims()[1]))
def test_every_make_target_named_exists(target):
    pages = sorted(claims()[1][target])
    assert target in makefile_targets(), f"{pages} name `make {target}`, not in the Makefile"


def test_ci_runs_the_stages_of_make_test_in_order():
    stages = make_test_stages()
    assert stages, "the Makefile's test target has no prerequisites"
    ran = [m for m in re.findall(r"\bmake\s+([a-z][\w-]*)", CI.read_text()) if m in stages]
    assert ran == stages, f".ci/run runs {ran} of make test's {stages}"
