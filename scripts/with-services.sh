#!/usr/bin/env bash
# Run a command against a private PostgreSQL and Redis, started for it and stopped after it.
#
#   scripts/with-services.sh [--fast] COMMAND [ARG...]
#   scripts/with-services.sh [--fast]          # no command: print the URLs, serve until Ctrl-C
#
# Installs Debian's postgresql and redis-server when missing (ensure-*.sh), creates a fresh
# PostgreSQL cluster and a Redis in a temporary directory, each on a free loopback port, and
# exports DATABASE_URL and REDIS_URL (printed on stderr) to the command. Both servers are
# stopped and the directory removed when the command ends, however it ends. Run as root (CI),
# PostgreSQL runs as the "postgres" account Debian's package creates (initdb refuses root).
# --fast turns off PostgreSQL's fsync (tests only: a crash of the machine would lose data).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
fast=""
if [ "${1:-}" = "--fast" ]; then
    fast=1
    shift
fi

pg_bin=$("$here/ensure-postgres.sh")
redis_server=$("$here/ensure-redis.sh")

free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

work=$(mktemp -d "${TMPDIR:-/tmp}/marcomage-services-XXXXXX")
chmod 755 "$work"
as_pg=()
if [ "$(id -u)" -eq 0 ]; then
    as_pg=(runuser -u postgres --)
    mkdir -p "$work/pg"
    chown postgres: "$work/pg"
fi

stop() {
    status=$?
    trap - EXIT INT TERM
    if [ -f "$work/redis.pid" ]; then
        kill "$(cat "$work/redis.pid")" 2>/dev/null || true
    fi
    if [ -f "$work/pg/data/postmaster.pid" ]; then
        "${as_pg[@]}" "$pg_bin/pg_ctl" -D "$work/pg/data" -m fast -w stop >/dev/null 2>&1 || true
    fi
    rm -rf "$work"
    exit "$status"
}
trap stop EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

pg_port=$(free_port)
"${as_pg[@]}" "$pg_bin/initdb" -D "$work/pg/data" -U marcomage --auth=trust -E UTF8 \
    --locale=C.UTF-8 >"$work/initdb.log" 2>&1 || { cat "$work/initdb.log" >&2; exit 1; }
options="-c listen_addresses=127.0.0.1 -c port=$pg_port -c unix_socket_directories=$work/pg"
options="$options -c max_connections=200"
if [ -n "$fast" ]; then
    options="$options -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
fi
"${as_pg[@]}" "$pg_bin/pg_ctl" -D "$work/pg/data" -o "$options" -l "$work/pg/server.log" -w \
    start >/dev/null || { cat "$work/pg/server.log" >&2; exit 1; }
"${as_pg[@]}" "$pg_bin/createdb" -h 127.0.0.1 -p "$pg_port" -U marcomage marcomage

redis_port=$(free_port)
"$redis_server" --bind 127.0.0.1 --port "$redis_port" --save "" --appendonly no \
    --dir "$work" --daemonize yes --pidfile "$work/redis.pid" --logfile "$work/redis.log"
for _ in $(seq 50); do
    [ -s "$work/redis.pid" ] && redis-cli -p "$redis_port" ping >/dev/null 2>&1 && break
    sleep 0.1
done

export DATABASE_URL="postgres://marcomage@127.0.0.1:$pg_port/marcomage"
export REDIS_URL="redis://127.0.0.1:$redis_port/0"
echo "DATABASE_URL=$DATABASE_URL" >&2
echo "REDIS_URL=$REDIS_URL" >&2

if [ $# -eq 0 ]; then
    echo "with-services: PostgreSQL and Redis are up; Ctrl-C stops them" >&2
    while true; do sleep 3600; done
fi
"$@"
