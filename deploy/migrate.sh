#!/usr/bin/env bash
# Apply the release's migrations: once per release, from one machine (an app server or the
# deploy runner), before the app servers restart on the new code. Migrations are written
# to work with the release still running (add first, remove in a later release).
set -euo pipefail
cd "$(dirname "$0")/.."
.venv/bin/python manage.py migrate --noinput
