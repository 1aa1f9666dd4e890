# ShopSphere: one command set for people and CI (style.md 12).
#   make run    install, build, migrate, load the demo catalogue, serve :8000
#   make admin  the first admin account (asks for email, name, password)
#   make test   install what is needed, then lint, Python, JavaScript and browser tests
SHELL := /bin/bash
.DEFAULT_GOAL := help

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PORT ?= 8000
FRONTEND_SRC := $(shell find frontend/src -type f 2>/dev/null)
# More pytest options for the test targets, on the command line:
# `make test-py PYTEST_ARGS=--durations=15` (.ci/run does so to show the slowest tests).
PYTEST_ARGS =

.PHONY: help setup build run admin serve migrate test test-py test-js test-e2e test-pg lint fmt \
        bench lighthouse fuzz soak check-deploy clean search-eval

help:
	@echo "make run | admin | test | setup | build | lint | fmt | serve | test-pg | bench | lighthouse | fuzz | soak | check-deploy | clean"

# --- set-up: each step reruns only when its inputs change -------------------------------
# What the shop needs to run (`make run`, `make admin`, `make serve`): requirements.txt
# only, so a first `make run` downloads no test tools (browsers' driver, fuzzers, the S3
# emulator).
$(VENV)/.installed-run: requirements.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements.txt
	touch $@

# And what the checks need (tests, lint, bench): requirements-dev.txt.
$(VENV)/.installed: $(VENV)/.installed-run requirements-dev.txt
	$(PY) -m pip install --quiet -r requirements-dev.txt
	touch $@

# The same split for npm: package.json's "dependencies" are what the pages import and
# what builds them (webpack, Babel, Sass), enough for `make run` (about 380 of 650
# packages); its "devDependencies" are the test tools (Vitest, jsdom, Testing Library,
# ESLint, Prettier). `npm ci` starts from an empty node_modules, so the full install
# stamps both.
node_modules/.installed-run: package.json package-lock.json
	npm ci --omit=dev --prefer-offline --no-audit --no-fund --loglevel=error
	touch $@

node_modules/.installed: package.json package-lock.json
	npm ci --prefer-offline --no-audit --no-fund --loglevel=error
	touch node_modules/.installed-run $@

static/dist/manifest.json: node_modules/.installed-run webpack.config.js babel.config.json $(FRONTEND_SRC)
	npm run --silent build

setup: $(VENV)/.installed node_modules/.installed

# The bundle, and the packages the shop runs on (what `make run` and `make serve` need).
build: $(VENV)/.installed-run node_modules/.installed-run static/dist/manifest.json

# Python only: `make admin` on a fresh clone needs no npm install (its test ran one).
migrate: $(VENV)/.installed-run
	$(PY) manage.py migrate --noinput

# --- running ----------------------------------------------------------------------------
# A development `.env` beside manage.py when there is none (git-ignored): DEBUG on and a
# generated SECRET_KEY, so every `manage.py` command in the README and docs works as
# written after `make run`. An existing `.env` is never touched. Production keeps no `.env`:
# DEBUG is off there, and the server refuses to start without SECRET_KEY.
.env:
	@umask 077 && printf '%s\n' \
	  "# Development settings written by make run (git-ignored); production has no .env." \
	  "DEBUG=true" \
	  "SECRET_KEY=$$($(PYTHON) -c 'import secrets; print(secrets.token_urlsafe(50))')" > $@
	@echo "Wrote .env for development: DEBUG=true and a generated SECRET_KEY."

# `make run` is for development: DEBUG on (unless set), for its migrate step too.
run: export DEBUG ?= true
run: .env build migrate
	$(PY) manage.py seed_demo --if-empty
	$(PY) manage.py runserver 127.0.0.1:$(PORT)

# The shop owner's account (role 1, Django admin too), in the environment `make run` uses,
# so it works on a fresh clone without SECRET_KEY. It asks for the email, name and
# password; with DJANGO_SUPERUSER_EMAIL, DJANGO_SUPERUSER_NAME and DJANGO_SUPERUSER_PASSWORD
# set it asks nothing (scripts, CI).
admin: export DEBUG ?= true
admin: .env migrate
	$(PY) manage.py createsuperuser $(if $(DJANGO_SUPERUSER_PASSWORD),--noinput)

# Production-style: DEBUG off (even where `make run` wrote a development .env), collected
# static files, gunicorn (needs SECRET_KEY).
serve: export DEBUG ?= false
serve: build migrate
	$(PY) manage.py collectstatic --noinput --verbosity 0
	$(VENV)/bin/gunicorn shop.wsgi -c gunicorn.conf.py

# --- checks -----------------------------------------------------------------------------
lint: setup
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/lint-imports
	npx eslint frontend
	npx prettier --check "frontend/**/*.{js,jsx,css,scss}"

fmt: setup
	$(VENV)/bin/ruff check --fix .
	$(VENV)/bin/ruff format .
	npx prettier --write "frontend/**/*.{js,jsx,css,scss}"
	npx eslint --fix frontend

test-py: setup
	$(VENV)/bin/pytest -n 2 -q $(PYTEST_ARGS)

test-js: setup
	npx vitest run

test-e2e: setup build
	$(VENV)/bin/pytest e2e -q $(PYTEST_ARGS)

test: lint test-py test-js test-e2e

# The Python suite against the local PostgreSQL (CI runs this too), less the two files that
# never use it: they run `make` and `manage.py` in a fresh clone on a SQLite file of their
# own, the same on either database (test-py runs them).
NOT_ON_PG := --ignore=shop/tests/test_fresh_clone.py --ignore=shop/tests/test_make_admin.py
test-pg: setup
	DATABASE_URL=$${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test} $(VENV)/bin/pytest -n 2 -q $(NOT_ON_PG) $(PYTEST_ARGS)

# The production recipe of deploy/ started whole on this machine (deploy/tests): a database
# it makes and drops (TWO_SERVERS_DATABASE, default twoservers), Redis DB 10, moto's S3
# server, two gunicorn servers and nginx on ports 2080-2083 (TWO_SERVERS_PORT).
.PHONY: test-deploy
test-deploy: setup
	$(VENV)/bin/pytest deploy/tests -q -p no:randomly $(PYTEST_ARGS)

# --- performance (bench/): PostgreSQL with 100k products, gunicorn, wrk / Lighthouse ------
# Both seed the database they are given, so they default to a database of their own.
BENCH_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/bench
# The shared cache a real shop runs (stock stamps in it cost a hit no SQL); set
# BENCH_REDIS_URL= (empty) to measure Django's file cache instead.
BENCH_REDIS_URL ?= redis://127.0.0.1:6379/15

bench: setup build
	DATABASE_URL=$${DATABASE_URL:-$(BENCH_DATABASE_URL)} REDIS_URL=$${REDIS_URL-$(BENCH_REDIS_URL)} \
	$(PY) bench/run.py

# Builds side by side (bench/ab.py, docs/performance.md "Comparing builds"): this working
# tree against REF (and REF2), each served from its own checkout (a git worktree under
# var/ab/) and database (bench_ab_<short-sha> on BENCH_DATABASE_URL's server) under this
# tree's load, mixed traffic only, BENCH_AB_ROUNDS rounds (default 2) in turn.
# BENCH_AB_ARGS=--small (2,000 products, 2 s runs, one round) or --dry-run (the plan only).
REF =
REF2 =
BENCH_AB_ROUNDS =
BENCH_AB_ARGS =
.PHONY: bench-ab
bench-ab: setup build
	@test -n "$(REF)" || { echo "usage: make bench-ab REF=<commit> [REF2=<commit>]"; exit 2; }
	REDIS_URL=$${REDIS_URL-$(BENCH_REDIS_URL)} $(PY) bench/ab.py $(REF) $(REF2) \
	  --database-url $(BENCH_DATABASE_URL) $(if $(BENCH_AB_ROUNDS),--rounds $(BENCH_AB_ROUNDS)) \
	  $(BENCH_AB_ARGS)

lighthouse: setup build
	DATABASE_URL=$${DATABASE_URL:-$(BENCH_DATABASE_URL)} $(PY) bench/lighthouse.py

# Search quality: top-1/top-3 hit rates of bench/search_eval.json and p95
# latency, in process, on the configured database (DATABASE_URL; load the demo first).
search-eval: $(VENV)/.installed
	$(PY) bench/search_eval.py

# schemathesis against a live gunicorn server (fuzz/run.py): every call as visitor, shopper
# and admin; zero 5xx, zero answers outside /api/schema/. FUZZ_EXAMPLES (default 100) per
# call and phase; DATABASE_URL to fuzz PostgreSQL. A short version runs in `make test`.
fuzz: $(VENV)/.installed
	$(PY) fuzz/run.py

# Load and faults by hand (soak/run.py): 100 clients for 60 s on PostgreSQL with gunicorn,
# production settings; SOAK_FAULT=kill-worker or pg-restart injects a fault at 20 s.
soak: $(VENV)/.installed
	$(PY) soak/run.py

# Django's deployment checklist under the production environment (README, Operations):
# DEBUG off, HTTPS on (SSL redirect, secure cookies, HSTS), a long random SECRET_KEY and
# the real host names. Your own values in the environment win over these examples.
check-deploy: $(VENV)/.installed
	DEBUG=false HTTPS=true \
	SECRET_KEY="$${SECRET_KEY:-$$($(PY) -c 'import secrets; print(secrets.token_urlsafe(50))')}" \
	ALLOWED_HOSTS="$${ALLOWED_HOSTS:-shop.example.com}" \
	CSRF_TRUSTED_ORIGINS="$${CSRF_TRUSTED_ORIGINS:-https://shop.example.com}" \
	$(PY) manage.py check --deploy --fail-level WARNING

clean:
	rm -rf static/dist staticfiles var node_modules/.installed node_modules/.installed-run $(VENV)/.installed $(VENV)/.installed-run
