#!/usr/bin/env bash
# Install Debian's PostgreSQL server when it is missing; print the directory of its programs
# (initdb, pg_ctl, postgres: Debian keeps them off PATH, in /usr/lib/postgresql/<version>/bin).
set -euo pipefail
"$(dirname "$0")/ensure-debian-package.sh" postgresql
dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
if [ -z "$dir" ] || [ ! -x "$dir/initdb" ]; then
    echo "ensure-postgres: PostgreSQL's initdb is still missing" >&2
    exit 1
fi
echo "$dir"
