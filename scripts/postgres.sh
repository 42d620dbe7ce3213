#!/bin/bash
# A throw-away PostgreSQL server for the tests (docs/architecture.md §4): Debian's `postgresql`,
# a fresh cluster in DIR, listening on 127.0.0.1 only, on a free port, with a random password.
#
#   bash scripts/postgres.sh start DIR   prints the DATABASE_URL (postgres://cloudclip:…@127.0.0.1:PORT/cloudclip)
#   bash scripts/postgres.sh stop DIR    stops that server and removes DIR
#   bash scripts/postgres.sh halt DIR    stops that server, keeping its data (a database outage)
#   bash scripts/postgres.sh resume DIR  starts a halted server again, on the same port
#
# Root only: the server runs as the `postgres` user (initdb refuses root). Durability is switched off
# (fsync, synchronous_commit): the data is thrown away after the run.
set -euo pipefail

[ "$(id -u)" = 0 ] || { echo "postgres.sh: run as root (the server runs as the postgres user)" >&2; exit 1; }
BIN=$(ls -d /usr/lib/postgresql/*/bin 2> /dev/null | sort -V | tail -1)
[ -x "$BIN/initdb" ] || { echo "postgres.sh: Debian's postgresql is not installed (scripts/system-deps.sh)" >&2; exit 1; }
DIR=$(realpath -m "${2:?usage: postgres.sh start|stop DIR}")
as_postgres() { runuser -u postgres -- "$@"; }
serve() {
  as_postgres "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w -t 60 start -o \
    "-c listen_addresses=127.0.0.1 -p $(cat "$DIR/port") -c unix_socket_directories='$DIR' -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
    > /dev/null || { cat "$DIR/server.log" >&2; exit 1; }
}
halt() {
  if [ -f "$DIR/data/postmaster.pid" ]; then
    as_postgres "$BIN/pg_ctl" -D "$DIR/data" -m fast -w stop > /dev/null || true
  fi
}

case "${1:-}" in
  start)
    # A run killed mid-way leaves its server (or only its pid file): stop it before starting afresh.
    if [ -f "$DIR/data/postmaster.pid" ]; then halt; fi
    rm -rf "$DIR"
    mkdir -p "$DIR"
    chown postgres: "$DIR"
    # The folder's parents must let the postgres user through.
    parent=$DIR
    while [ "$parent" != / ]; do
      parent=$(dirname "$parent")
      chmod o+x "$parent" 2> /dev/null || true
    done
    password=$(head -c 18 /dev/urandom | base64 | tr '+/' '-_')
    port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    printf '%s\n' "$password" > "$DIR/pwfile"
    chown postgres: "$DIR/pwfile"
    as_postgres "$BIN/initdb" -D "$DIR/data" -U cloudclip --pwfile="$DIR/pwfile" --auth=scram-sha-256 \
      -E UTF8 --locale=C.UTF-8 > "$DIR/initdb.log" 2>&1 || { cat "$DIR/initdb.log" >&2; exit 1; }
    rm -f "$DIR/pwfile"
    echo "$port" > "$DIR/port"
    serve
    PGPASSWORD=$password "$BIN/createdb" -h 127.0.0.1 -p "$port" -U cloudclip cloudclip
    echo "postgres://cloudclip:$password@127.0.0.1:$port/cloudclip" | tee "$DIR/url"
    ;;
  stop)
    halt
    rm -rf "$DIR"
    ;;
  halt) halt ;;
  resume) serve ;;
  *)
    sed -n '2,9p' "$0" >&2
    exit 2
    ;;
esac
