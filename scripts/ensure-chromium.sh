#!/usr/bin/env bash
# Install Debian's Chromium for the browser journeys (tests/web/browser) when it is missing.
# Idempotent and non-interactive: does nothing when /usr/bin/chromium already exists.
set -euo pipefail

CHROMIUM=/usr/bin/chromium

if [ -x "$CHROMIUM" ]; then
    exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then
        SUDO="sudo -n"
    else
        echo "ensure-chromium: $CHROMIUM is missing and this user cannot run apt-get" >&2
        exit 1
    fi
fi

export DEBIAN_FRONTEND=noninteractive
echo "ensure-chromium: installing Debian's chromium (one time)" >&2
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core >/dev/null

if [ ! -x "$CHROMIUM" ]; then
    echo "ensure-chromium: apt-get finished but $CHROMIUM is still missing" >&2
    exit 1
fi
"$CHROMIUM" --version >&2 || true
