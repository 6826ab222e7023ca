#!/usr/bin/env bash
# Runs a benchmark under bench/ on PGlite and PostgreSQL: against BENCH_DATABASE_URL when set,
# else a throwaway server (scripts/with-postgres.sh), else PGlite only.
#   scripts/bench.sh bench/delivery.ts --only postgres
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -n "${BENCH_DATABASE_URL:-}" ]; then exec npx tsx "$@"; fi
# The throwaway server checkpoints when a benchmark asks (before each drain it compares), not when
# 1 GB of WAL has passed: a checkpoint under way in one drain and not in the other it is compared
# with made their rates differ by a third (docs/performance.md, session 23).
export PG_SERVER_OPTIONS="-c max_wal_size=16GB -c checkpoint_timeout=1h"
if ls -d /usr/lib/postgresql/*/bin >/dev/null 2>&1; then exec scripts/with-postgres.sh npx tsx "$@"; fi
echo "No PostgreSQL server here (apt-get install postgresql, or set BENCH_DATABASE_URL): PGlite only." >&2
exec npx tsx "$@"
