#!/usr/bin/env bash
# Runs a benchmark under bench/ on PGlite and PostgreSQL: against BENCH_DATABASE_URL when set,
# else a throwaway server (scripts/with-postgres.sh), else PGlite only.
#   scripts/bench.sh bench/delivery.ts --only postgres
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -n "${BENCH_DATABASE_URL:-}" ]; then exec npx tsx "$@"; fi
if ls -d /usr/lib/postgresql/*/bin >/dev/null 2>&1; then exec scripts/with-postgres.sh npx tsx "$@"; fi
echo "No PostgreSQL server here (apt-get install postgresql, or set BENCH_DATABASE_URL): PGlite only." >&2
exec npx tsx "$@"
