#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL server on 127.0.0.1, exported to it as
# TEST_DATABASE_URL, then stops the server and removes its data. Needs Debian's postgresql
# package. initdb refuses to run as root, so as root the server runs as the 'postgres' user.
#   scripts/with-postgres.sh npm run test:server
# PG_SERVER_OPTIONS adds server settings (`-c name=value …`), as scripts/bench.sh does.
set -euo pipefail

bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
  echo "PostgreSQL server not found: install it with 'apt-get install postgresql'." >&2
  exit 1
fi

port=${PGPORT_TEST:-55432}
dir=$(mktemp -d /tmp/knooppunt-pg.XXXXXX)
as_owner=()
if [ "$(id -u)" = 0 ]; then
  chown postgres "$dir"
  as_owner=(runuser -u postgres --)
fi

cleanup() {
  "${as_owner[@]}" "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap cleanup EXIT

"${as_owner[@]}" "$bin/initdb" -D "$dir/data" -U knooppunt --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
"${as_owner[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
  -o "-c listen_addresses=127.0.0.1 -c port=$port -c unix_socket_directories=$dir -c fsync=off -c max_connections=200 ${PG_SERVER_OPTIONS:-}" start >/dev/null
echo "PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port"

export TEST_DATABASE_URL="postgres://knooppunt@127.0.0.1:$port/postgres"
"$@"
