#!/usr/bin/env bash
# Throwaway PostgreSQL for the auth-store tests: a fresh cluster in a temp dir, owned by the `postgres`
# user, listening on 127.0.0.1 only. Nothing of the machine's own PostgreSQL is touched.
#
#   eval "$(tools/scripts/test-postgres.sh start)"   # exports TEST_DATABASE_URL and TEST_PG_DIR
#   TEST_DATABASE_URL=... npx nx run api:test        # the store suite adds its PostgreSQL run
#   tools/scripts/test-postgres.sh stop "$TEST_PG_DIR"
#
# Environment: PG_BIN (default /usr/lib/postgresql/15/bin), PG_PORT (default 54329).
set -euo pipefail

PG_BIN="${PG_BIN:-/usr/lib/postgresql/15/bin}"
PG_PORT="${PG_PORT:-54329}"
PG_USER=postgres
DB_NAME=auth_test

as_postgres() {
  if [ "$(id -un)" = "$PG_USER" ]; then "$@"; else runuser -u "$PG_USER" -- "$@"; fi
}

start() {
  local dir
  dir="$(mktemp -d /tmp/test-postgres.XXXXXX)"
  chown "$PG_USER" "$dir"
  as_postgres "$PG_BIN/initdb" -D "$dir/data" -U "$PG_USER" -A trust -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 \
    || { cat "$dir/initdb.log" >&2; exit 1; }
  as_postgres "$PG_BIN/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 \
    -o "-h 127.0.0.1 -p $PG_PORT -k $dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off" start >&2 \
    || { cat "$dir/server.log" >&2; exit 1; }
  as_postgres "$PG_BIN/createdb" -h 127.0.0.1 -p "$PG_PORT" -U "$PG_USER" "$DB_NAME"
  echo "export TEST_DATABASE_URL=postgres://$PG_USER@127.0.0.1:$PG_PORT/$DB_NAME"
  echo "export TEST_PG_DIR=$dir"
  echo "# stop with: $0 stop $dir" >&2
}

stop() {
  local dir="${1:?usage: $0 stop <dir printed by start>}"
  as_postgres "$PG_BIN/pg_ctl" -D "$dir/data" -m fast -w stop >&2 || true
  rm -rf "$dir"
}

case "${1:-start}" in
  start) start ;;
  stop) shift; stop "$@" ;;
  *) echo "usage: $0 start | stop <dir>" >&2; exit 2 ;;
esac
