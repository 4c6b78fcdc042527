#!/usr/bin/env bash
# The PostgreSQL suites and the two-instance tests run when PostgreSQL answers at TEST_DATABASE_URL (default
# postgres://root@127.0.0.1:5432/test). When nothing answers there on this machine, install Debian's postgresql
# with apt (as root) if it is missing and start a throwaway cluster for the tests: trust authentication on
# 127.0.0.1 only, the URL's user as superuser, its database created. Otherwise say so: those suites are then
# skipped, with the reason printed.
set -euo pipefail
source "$(dirname "$0")/lib/service-url.sh"
parse_service_url "${TEST_DATABASE_URL:-postgres://root@127.0.0.1:5432/test}" 5432
host="$url_host" port="$url_port" database="$url_path" user="$url_user"
user="${user:-root}"

answers() { timeout 3 bash -c "exec 3<>/dev/tcp/$host/$port" 2>/dev/null; }

answers && exit 0
case "$host" in
  127.0.0.1 | localhost) ;;
  *)
    echo "PostgreSQL does not answer at $host:$port; the PostgreSQL suites will be skipped." >&2
    exit 0
    ;;
esac

skip() {
  echo "$1; the PostgreSQL suites will be skipped." >&2
  echo "Install it (as root: apt-get install postgresql) or point TEST_DATABASE_URL at a PostgreSQL." >&2
  exit 0
}

bindir="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)"
if [ -z "$bindir" ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing Debian's postgresql for the database tests..."
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
    bindir="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)"
  else
    skip "PostgreSQL is missing and could not be installed with apt"
  fi
fi

# PostgreSQL refuses to run as root: the throwaway cluster belongs to the postgres account Debian creates.
owner="$(id -un)"
[ "$owner" = "root" ] && owner=postgres
id "$owner" >/dev/null 2>&1 || skip "there is no '$owner' account to run PostgreSQL as"
as_owner() { if [ "$(id -un)" = "$owner" ]; then "$@"; else runuser -u "$owner" -- "$@"; fi; }

cluster="/tmp/storefront-test-postgres-$port"
if [ ! -f "$cluster/PG_VERSION" ]; then
  rm -rf "$cluster"
  install -d -o "$owner" -m 700 "$cluster"
  as_owner "$bindir/initdb" -D "$cluster" -A trust -U "$user" >/dev/null
fi
as_owner "$bindir/pg_ctl" -D "$cluster" -l "$cluster/server.log" -w -t 30 \
  -o "-p $port -c listen_addresses=127.0.0.1 -k $cluster -c fsync=off" start >/dev/null ||
  skip "the test cluster did not start on port $port (see $cluster/server.log)"
as_owner "$bindir/psql" -h 127.0.0.1 -p "$port" -U "$user" -d postgres -tAc \
  "select 1 from pg_database where datname = '$database'" | grep -q 1 ||
  as_owner "$bindir/createdb" -h 127.0.0.1 -p "$port" -U "$user" "$database"
