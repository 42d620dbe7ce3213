#!/bin/bash
# Local S3 endpoint backed by OpenStack Swift with its s3api middleware (Debian bookworm: swift 2.30).
# Packages: bash scripts/system-deps.sh (swift swift-proxy swift-account swift-container swift-object memcached curl)
#
# Usage: scripts/swift-s3.sh start|stop|status|init
# Env:
#   SWIFT_S3_DIR           state folder (config, rings, data, logs, PID files); default <project>/.swift-s3
#   SWIFT_S3_PORT          S3 endpoint port (default 8081)
#   SWIFT_S3_BASEPORT      object=BASE, container=BASE+1, account=BASE+2, memcached=BASE+3 (default 6210)
#   SWIFT_S3_CORS_ORIGINS  allowed browser origins, comma or space separated, or "*"
#                          (default http://localhost:5173 http://127.0.0.1:8787 http://localhost:8787)
# S3 endpoint: http://127.0.0.1:$SWIFT_S3_PORT, region us-east-1, path-style,
#              access key "test:tester", secret "testing". Everything binds to 127.0.0.1.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
D=${SWIFT_S3_DIR:-$ROOT/.swift-s3}
mkdir -p "$D" && D=$(cd "$D" && pwd) # absolute: it is written into config files
PORT=${SWIFT_S3_PORT:-8081}
BASE=${SWIFT_S3_BASEPORT:-6210}
# Swift wants a comma separated list; accept commas and/or spaces.
CORS=$(echo "${SWIFT_S3_CORS_ORIGINS:-http://localhost:5173 http://127.0.0.1:8787 http://localhost:8787}" |
  tr ', ' '\n\n' | sed '/^$/d' | paste -sd, -)
E=$D/etc R=$D/run LOG=$D/log
SERVICES=(memcached account container object proxy)

healthy() { curl -sf -m 1 "http://127.0.0.1:$1/healthcheck" >/dev/null 2>&1; }
all_healthy() { healthy "$PORT" && healthy "$BASE" && healthy $((BASE + 1)) && healthy $((BASE + 2)); }

# PID of a service we started, only if that process is still alive and still the one we started
# (guards against PID reuse: the command line must mention our config or our memcached port).
our_pid() {
  local f=$R/$1.pid pid
  [ -f "$f" ] || return 1
  pid=$(cat "$f")
  [ -r "/proc/$pid/cmdline" ] || return 1
  if [ "$1" = memcached ]; then
    # The port it was started with is recorded, so a stop with other env settings still finds it.
    tr '\0' ' ' <"/proc/$pid/cmdline" | grep -q "memcached .*-p $(cat "$R/memcached.port" 2>/dev/null) " || return 1
  else
    tr '\0' ' ' <"/proc/$pid/cmdline" | grep -qF "$E/$1-server.conf" || return 1
  fi
  echo "$pid"
}

# True while the process lives (a zombie, exited but not yet reaped, counts as gone).
started_alive() { [ -r "/proc/$1/stat" ] && ! grep -q '^[0-9]* (.*) Z' "/proc/$1/stat"; }

init() {
  mkdir -p "$E" "$R" "$LOG" "$D/srv/d1" "$D/cache"
  local n p i=0
  for n in object container account; do
    p=$((BASE + i)); i=$((i + 1))
    cat >"$E/$n-server.conf" <<EOF
[DEFAULT]
devices = $D/srv
mount_check = false
bind_ip = 127.0.0.1
bind_port = $p
workers = 0
user = $(id -un)
swift_dir = $E
log_level = WARNING
[pipeline:main]
pipeline = healthcheck recon $n-server
[app:$n-server]
use = egg:swift#$n
[filter:recon]
use = egg:swift#recon
recon_cache_path = $D/cache
[filter:healthcheck]
use = egg:swift#healthcheck
EOF
    # Rings hold the server ports: rebuild them only when the base port changed.
    if [ "$(cat "$E/$n.ring.port" 2>/dev/null)" != "$p" ]; then
      rm -f "$E/$n.builder" "$E/$n.ring.gz"
      (cd "$E" && swift-ring-builder $n.builder create 8 1 1 >/dev/null &&
        swift-ring-builder $n.builder add "r1z1-127.0.0.1:$p/d1" 100 >/dev/null &&
        { swift-ring-builder $n.builder rebalance >/dev/null || [ $? -eq 1 ]; }) # 1 = warning only
      echo "$p" >"$E/$n.ring.port"
    fi
  done
  cat >"$E/proxy-server.conf" <<EOF
[DEFAULT]
bind_ip = 127.0.0.1
bind_port = $PORT
workers = 0
user = $(id -un)
swift_dir = $E
log_level = WARNING
cors_allow_origin = $CORS
cors_expose_headers = etag
[pipeline:main]
pipeline = catch_errors gatekeeper healthcheck proxy-logging cache listing_formats bulk tempurl ratelimit s3api tempauth copy slo dlo versioned_writes symlink proxy-logging proxy-server
[app:proxy-server]
use = egg:swift#proxy
account_autocreate = true
allow_account_management = true
[filter:s3api]
use = egg:swift#s3api
location = us-east-1
cors_preflight_allow_origin = $CORS
[filter:tempauth]
use = egg:swift#tempauth
user_test_tester = testing .admin
[filter:cache]
use = egg:swift#memcache
memcache_servers = 127.0.0.1:$((BASE + 3))
[filter:catch_errors]
use = egg:swift#catch_errors
[filter:gatekeeper]
use = egg:swift#gatekeeper
[filter:healthcheck]
use = egg:swift#healthcheck
[filter:proxy-logging]
use = egg:swift#proxy_logging
[filter:listing_formats]
use = egg:swift#listing_formats
[filter:bulk]
use = egg:swift#bulk
[filter:tempurl]
use = egg:swift#tempurl
[filter:ratelimit]
use = egg:swift#ratelimit
[filter:copy]
use = egg:swift#copy
[filter:slo]
use = egg:swift#slo
[filter:dlo]
use = egg:swift#dlo
[filter:versioned_writes]
use = egg:swift#versioned_writes
[filter:symlink]
use = egg:swift#symlink
EOF
}

start() {
  local n running=0
  for n in "${SERVICES[@]}"; do our_pid $n >/dev/null && running=$((running + 1)); done
  if healthy "$PORT"; then
    if [ $running -eq ${#SERVICES[@]} ]; then
      echo "S3 endpoint already running: http://127.0.0.1:$PORT (state in $D)"
    elif [ $running -eq 0 ]; then
      echo "S3 endpoint already answering on port $PORT (not started from $D; left alone)"
    else
      echo "S3 endpoint answering on port $PORT but only $running/${#SERVICES[@]} processes from $D run; try stop, then start" >&2
      return 1
    fi
    return 0
  fi
  [ $running -eq 0 ] || stop # half-dead instance from this folder: start over cleanly
  # Swift retries a taken port for 30 s; check up front so a clash fails at once.
  local p
  for p in "$PORT" "$BASE" $((BASE + 1)) $((BASE + 2)) $((BASE + 3)); do
    if (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then
      echo "swift-s3: port $p is already in use; choose SWIFT_S3_PORT / SWIFT_S3_BASEPORT" >&2
      return 1
    fi
  done
  init # always rewrite configs so port/CORS changes take effect
  # stdin/stdout/stderr detached so a caller waiting on our output is not held open by the servers.
  memcached -l 127.0.0.1 -p $((BASE + 3)) -U 0 -m 64 $([ "$(id -u)" = 0 ] && echo "-u root") \
    </dev/null >"$LOG/memcached.log" 2>&1 &
  echo $! >"$R/memcached.pid"
  echo $((BASE + 3)) >"$R/memcached.port"
  for n in account container object proxy; do
    swift-$n-server "$E/$n-server.conf" -v </dev/null >"$LOG/$n.log" 2>&1 &
    echo $! >"$R/$n.pid"
  done
  for _ in $(seq 1 600); do
    all_healthy && { echo "S3 endpoint ready: http://127.0.0.1:$PORT (access key test:tester / secret testing)"; return 0; }
    # Fail fast when a server died (e.g. its port is taken) instead of waiting out the timeout.
    # A process we just forked may not have exec'd yet (its command line is still ours, so our_pid
    # does not recognise it): during start-up only a PID that is gone counts as an exit.
    for n in "${SERVICES[@]}"; do
      started_alive "$(cat "$R/$n.pid")" || {
        echo "swift-s3: $n exited during start-up; last log lines ($LOG/$n.log):" >&2
        tail -n 15 "$LOG/$n.log" >&2 || true
        stop; return 1
      }
    done
    sleep 0.05
  done
  echo "swift-s3 did not become ready in time; see $LOG" >&2
  stop; return 1
}

# Stops exactly the processes recorded in our PID files (TERM, then KILL after ~5 s).
stop() {
  local n pid pids=()
  for n in "${SERVICES[@]}"; do
    if pid=$(our_pid $n); then kill "$pid" 2>/dev/null || true; pids+=("$pid"); fi
  done
  local alive=("${pids[@]}")
  for _ in $(seq 1 100); do
    [ ${#alive[@]} -eq 0 ] && break
    sleep 0.05
    local still=()
    for pid in "${alive[@]}"; do kill -0 "$pid" 2>/dev/null && still+=("$pid"); done
    alive=("${still[@]}")
  done
  for pid in "${alive[@]}"; do kill -9 "$pid" 2>/dev/null || true; done
  rm -f "$R"/*.pid "$R"/memcached.port
  [ ${#pids[@]} -eq 0 ] && echo "swift-s3: nothing to stop in $D" || echo "swift-s3: stopped ${#pids[@]} processes"
}

status() {
  local n pid
  for n in "${SERVICES[@]}"; do
    pid=$(our_pid $n) && echo "$n: running (pid $pid)" || echo "$n: not running"
  done
  if healthy "$PORT"; then echo "S3 endpoint healthy: http://127.0.0.1:$PORT"; else echo "S3 endpoint not healthy on port $PORT"; return 1; fi
}

case "${1:-}" in
  start) start ;; stop) stop ;; status) status ;; init) init ;;
  *) echo "usage: $0 start|stop|status|init" >&2; exit 2 ;;
esac
