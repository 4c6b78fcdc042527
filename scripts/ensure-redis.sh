#!/usr/bin/env bash
# The shared-state suites run on Redis when it answers at TEST_REDIS_URL (default 127.0.0.1:6379). When nothing
# answers, install Debian's redis-server with apt (as root) if it is missing and start it without persistence;
# otherwise say so: the Redis suites are then skipped, with the reason printed.
set -euo pipefail
source "$(dirname "$0")/lib/service-url.sh"
parse_service_url "${TEST_REDIS_URL:-redis://127.0.0.1:6379}" 6379
host="$url_host" port="$url_port"

answers() {
  if command -v redis-cli >/dev/null 2>&1; then
    [ "$(timeout 3 redis-cli -h "$host" -p "$port" ping 2>/dev/null)" = "PONG" ]
  else
    timeout 3 bash -c "exec 3<>/dev/tcp/$host/$port" 2>/dev/null
  fi
}

answers && exit 0
case "$host" in
  127.0.0.1 | localhost) ;;
  *)
    echo "Redis does not answer at $host:$port; the Redis suites will be skipped." >&2
    exit 0
    ;;
esac

if ! command -v redis-server >/dev/null 2>&1; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing Debian's redis-server for the shared-state tests..."
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >/dev/null
  else
    echo "redis-server is missing and could not be installed with apt; the Redis suites will be skipped." >&2
    echo "Install it (as root: apt-get install redis-server) or point TEST_REDIS_URL at a Redis." >&2
    exit 0
  fi
fi

# A throwaway server for the tests: no RDB snapshots, no append-only file.
redis-server --port "$port" --bind 127.0.0.1 --save '' --appendonly no --daemonize yes >/dev/null
for _ in $(seq 1 50); do
  answers && exit 0
  sleep 0.1
done
echo "redis-server did not start on port $port; the Redis suites will be skipped." >&2
