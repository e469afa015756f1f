#!/usr/bin/env bash
# Make sure Debian's Chromium is installed at /usr/bin/chromium for the browser tests
# (tests/browser). Playwright drives this system browser; it never downloads its own.
#
# Installs the `chromium` package with apt-get when the binary is missing. Works
# unattended (no stdin) as root, or through passwordless sudo. Exits non-zero with a
# clear message when it cannot install.
set -euo pipefail

CHROMIUM=/usr/bin/chromium

if [ -x "$CHROMIUM" ]; then
    exit 0
fi

echo "ensure_chromium: $CHROMIUM not found; installing Debian's chromium package with apt-get"

fail() {
    echo "ensure_chromium: ERROR: $*" >&2
    echo "ensure_chromium: the browser tests (tests/browser) need Chromium at $CHROMIUM." >&2
    echo "ensure_chromium: install it by hand with: apt-get update && apt-get install -y chromium" >&2
    exit 1
}

command -v apt-get >/dev/null 2>&1 || fail "apt-get is not available on this machine"

if [ "$(id -u)" -eq 0 ]; then
    SUDO=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    SUDO=(sudo -n)
else
    fail "installing packages needs root (or passwordless sudo); running as uid $(id -u)"
fi

export DEBIAN_FRONTEND=noninteractive
APT_OPTS=(-o Dpkg::Use-Pty=0 -o DPkg::Lock::Timeout=300)

# apt's output goes to a log, shown only when something fails.
log=$(mktemp "${TMPDIR:-/tmp}/ensure_chromium.XXXXXX.log")
trap 'rm -f "$log"' EXIT
run() {
    if ! "$@" </dev/null >>"$log" 2>&1; then
        tail -n 40 "$log" >&2
        return 1
    fi
}

start=$(date +%s)
run "${SUDO[@]}" apt-get "${APT_OPTS[@]}" update \
    || fail "'apt-get update' failed (output above)"
run "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive \
    apt-get "${APT_OPTS[@]}" install -y --no-install-recommends chromium \
    || fail "'apt-get install -y chromium' failed (output above)"

[ -x "$CHROMIUM" ] || fail "the chromium package installed, but $CHROMIUM is still missing"

echo "ensure_chromium: installed $("$CHROMIUM" --version 2>/dev/null || echo chromium) in $(( $(date +%s) - start )) s"
