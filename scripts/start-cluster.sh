#!/usr/bin/env bash
# Runs several storefront instances on PostgreSQL + Redis behind HAProxy, as production scales out:
#   http://localhost:${CLUSTER_PORT:-3000}/ -> instances on 3001, 3002, ... (CLUSTER_INSTANCES, default 2).
# Builds, creates the database when missing, starts Redis when nothing answers (installing Debian's
# redis-server and haproxy with apt when missing), and stops everything it started on Ctrl-C.
# State lives in ./cluster: the shared secrets (.env, mode 600), HAProxy's configuration, the logs.
set -euo pipefail
cd "$(dirname "$0")/.."

instances="${CLUSTER_INSTANCES:-2}"
public_port="${CLUSTER_PORT:-3000}"
export DATABASE_URL="${DATABASE_URL:-postgres://root@127.0.0.1:5432/storefront_cluster}"
export REDIS_URL="${REDIS_URL:-redis://127.0.0.1:6379}"
state_dir="$PWD/cluster"
[[ "$instances" =~ ^[1-9][0-9]?$ ]] || { echo "CLUSTER_INSTANCES must be a number from 1 to 99." >&2; exit 1; }
[[ "$public_port" =~ ^[1-9][0-9]{0,4}$ ]] && [ "$((public_port + instances))" -le 65535 ] ||
  { echo "CLUSTER_PORT must be a port number with room for the instances' ports after it." >&2; exit 1; }
mkdir -p "$state_dir/logs"

pids=()
stop_all() {
  trap - INT TERM EXIT
  if [ "${#pids[@]}" -gt 0 ]; then
    echo "Stopping the cluster..."
    kill -TERM "${pids[@]}" 2>/dev/null || true
    wait "${pids[@]}" 2>/dev/null || true
  fi
}
trap stop_all EXIT
trap 'exit 130' INT TERM

# Installs a Debian package when its command is missing, if apt is usable (root); otherwise says what to do.
ensure_command() {
  local command="$1" package="$2"
  command -v "$command" >/dev/null 2>&1 && return 0
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing Debian's $package..."
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$package" >/dev/null
  else
    echo "$command is missing: install Debian's $package (sudo apt-get install $package)." >&2
    exit 1
  fi
}

# Host and port of a redis:// URL (user, password and database number are the instances' business).
redis_host_port() {
  local rest="${REDIS_URL#*://}"
  rest="${rest##*@}"
  rest="${rest%%/*}"
  local host="${rest%%:*}" port="6379"
  [ "$rest" != "$host" ] && port="${rest##*:}"
  echo "${host:-127.0.0.1} $port"
}

# A PING answered +PONG (or NOAUTH: a Redis that wants the password the URL carries).
redis_answers() {
  timeout 3 bash -c '
    exec 3<>"/dev/tcp/$0/$1" || exit 1
    printf "PING\r\n" >&3
    read -r reply <&3
    [[ "$reply" == +PONG* || "$reply" == -NOAUTH* ]]
  ' "$1" "$2" 2>/dev/null
}

ensure_redis() {
  local host port
  read -r host port < <(redis_host_port)
  if redis_answers "$host" "$port"; then
    echo "Redis answers at $host:$port."
    return
  fi
  if [ "$host" != 127.0.0.1 ] && [ "$host" != localhost ]; then
    echo "Redis does not answer at $host:$port: start it, or set REDIS_URL to one that answers." >&2
    exit 1
  fi
  ensure_command redis-server redis-server
  echo "Starting Redis on port $port..."
  mkdir -p "$state_dir/redis"
  redis-server --port "$port" --bind 127.0.0.1 --dir "$state_dir/redis" --save "" --appendonly no \
    >"$state_dir/logs/redis.log" 2>&1 &
  pids+=("$!")
  for _ in $(seq 1 50); do
    redis_answers "$host" "$port" && return
    sleep 0.1
  done
  echo "Redis did not start: see $state_dir/logs/redis.log." >&2
  exit 1
}

# Secrets every instance must share, made once: a payment request signed by one instance is checked by
# whichever serves the payment page; the admin API and the tax account answer alike on every instance.
ensure_shared_secrets() {
  local file="$state_dir/.env"
  [ -f "$file" ] && return
  echo "Writing the instances' shared secrets to $file."
  (
    umask 077
    node --input-type=module -e "
      import { randomBytes, randomInt } from 'node:crypto';
      const secret = (bytes) => randomBytes(bytes).toString('base64url');
      console.log('IDENTITY_ADMIN_ACCESS_KEY_ID=AKIA' + randomBytes(8).toString('hex').toUpperCase());
      console.log('IDENTITY_ADMIN_SECRET_ACCESS_KEY=' + secret(32));
      console.log('PAYMENTS_SECRET=' + secret(32));
      console.log('AVATAX_ACCOUNT_ID=' + randomInt(1_000_000_000, 2_000_000_000));
      console.log('AVATAX_LICENSE_KEY=' + randomBytes(16).toString('hex').toUpperCase());
    " >"$file"
  )
}

write_haproxy_config() {
  local file="$state_dir/haproxy.cfg"
  {
    cat <<EOF
# Written by scripts/start-cluster.sh on each start.
global
  maxconn 4096

defaults
  mode http
  timeout connect 5s
  timeout client 60s
  timeout server 60s
  # A request whose connection to an instance failed goes to another one; nothing is resent once it was
  # delivered, so a write is never applied twice.
  retries 2
  option redispatch

frontend storefront
  bind :$public_port
  # The instances trust these two headers (TRUST_PROXY=true): the client's address is appended, the
  # scheme is set here, whatever the client sent.
  option forwardfor
  http-request set-header X-Forwarded-Proto https if { ssl_fc }
  http-request set-header X-Forwarded-Proto http unless { ssl_fc }
  default_backend instances

backend instances
  balance roundrobin
  option httpchk GET /health/ready
  http-check expect status 200
  default-server check inter 2s fall 2 rise 2
EOF
    for index in $(seq 1 "$instances"); do
      echo "  server instance-$index 127.0.0.1:$((public_port + index))"
    done
  } >"$file"
  haproxy -c -q -f "$file"
}

wait_for_ready() {
  local port="$1" pid="$2"
  for _ in $(seq 1 240); do
    kill -0 "$pid" 2>/dev/null || return 1
    curl -sf "http://127.0.0.1:$port/health/ready" >/dev/null && return 0
    sleep 0.5
  done
  return 1
}

bash scripts/ensure-deps.sh
source scripts/lib/project-node.sh
ensure_command haproxy haproxy
ensure_command curl curl
npm run build
node --import tsx server/scripts/ensure-database.ts
ensure_redis
ensure_shared_secrets
write_haproxy_config

set -a
# shellcheck disable=SC1091
source "$state_dir/.env"
set +a
export NODE_ENV="${NODE_ENV:-production}" TRUST_PROXY=true PUBLIC_PORT="$public_port"

# All start at once: the first to take the database's start-up lock migrates and seeds, the others wait.
instance_pids=()
for index in $(seq 1 "$instances"); do
  PORT=$((public_port + index)) bash scripts/serve.sh \
    >"$state_dir/logs/instance-$index.log" 2>&1 &
  pids+=("$!")
  instance_pids+=("$!")
done
for index in $(seq 1 "$instances"); do
  if ! wait_for_ready $((public_port + index)) "${instance_pids[$((index - 1))]}"; then
    echo "Instance $index did not start: see $state_dir/logs/instance-$index.log." >&2
    tail -n 20 "$state_dir/logs/instance-$index.log" >&2
    exit 1
  fi
done

# For operators and `npm run bench:capacity`, which reads the instances' CPU time.
printf '%s\n' "${instance_pids[@]}" >"$state_dir/instances.pid"

haproxy -db -f "$state_dir/haproxy.cfg" >"$state_dir/logs/haproxy.log" 2>&1 &
pids+=("$!")
wait_for_ready "$public_port" "$!" || {
  echo "HAProxy did not start: see $state_dir/logs/haproxy.log." >&2
  exit 1
}

# The first instance's banner: the storefronts and demo users, at the load balancer's port.
grep -v '^{' "$state_dir/logs/instance-1.log" | sed -n '/Storefront ready/,$p' |
  sed "s/^Storefront ready on port [0-9]*:/Cluster ready on port $public_port ($instances instances):/"
echo
without_password() { sed -E 's#//[^/@]*@#//#' <<<"$1"; }
echo "Instances on ports $((public_port + 1))-$((public_port + instances)); PostgreSQL at" \
  "$(without_password "$DATABASE_URL"), Redis at $(without_password "$REDIS_URL")."
echo "Logs in $state_dir/logs. Press Ctrl-C to stop."
wait -n "${pids[@]}"
echo "A process of the cluster stopped; stopping the rest." >&2
exit 1
