#!/usr/bin/env bash
# Prepare this app server's checkout of a release: dependencies, the React bundle, static
# files. Run on every app server (and where nginx serves /static/ from), then
# deploy/migrate.sh once, then restart gunicorn: `systemctl restart shopsphere`.
set -euo pipefail
cd "$(dirname "$0")/.."
test -x .venv/bin/python || python3 -m venv .venv
.venv/bin/pip install --quiet -r requirements.txt
npm ci --no-audit --no-fund --loglevel=error
npm run --silent build
.venv/bin/python manage.py collectstatic --noinput --verbosity 0
