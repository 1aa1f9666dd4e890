#!/usr/bin/env bash
# A consistent backup of the database while the shop runs: pg_dump's custom format
# (compressed; restore with deploy/restore.sh). Usage: deploy/backup.sh [FILE]
# Reads DATABASE_URL. Photos live in the bucket (or MEDIA_ROOT): back that up separately
# (bucket versioning, or `aws s3 sync`).
set -euo pipefail
: "${DATABASE_URL:?set DATABASE_URL (postgres://...)}"
out="${1:-shopsphere-$(date -u +%Y%m%dT%H%M%SZ).dump}"
pg_dump --format=custom --no-owner --no-privileges --file="$out" "$DATABASE_URL"
echo "$out"
