#!/usr/bin/env bash
# Install Debian's Redis server when it is missing; print the path of redis-server.
set -euo pipefail
"$(dirname "$0")/ensure-debian-package.sh" redis-server
command -v redis-server || { echo "ensure-redis: redis-server is still missing" >&2; exit 1; }
