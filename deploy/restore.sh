#!/usr/bin/env bash
# Restore a deploy/backup.sh dump into DATABASE_URL, replacing what is there (stop the app
# servers first). Usage: deploy/restore.sh FILE
set -euo pipefail
: "${DATABASE_URL:?set DATABASE_URL (postgres://...)}"
dump="${1:?usage: deploy/restore.sh FILE}"
pg_restore --clean --if-exists --no-owner --no-privileges --single-transaction \
  --dbname="$DATABASE_URL" "$dump"
