#!/usr/bin/env bash
# Browser tests drive Debian's Chromium; install it from apt when it is absent (never a downloaded browser).
set -euo pipefail
chrome="${CHROME_PATH:-/usr/bin/chromium}"
[ -x "$chrome" ] && exit 0
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's chromium for the browser tests..."
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  [ -x /usr/bin/chromium ] && exit 0
fi
echo "Chromium is missing at $chrome and could not be installed with apt." >&2
echo "Install it (as root: apt-get install chromium) or point CHROME_PATH at a Chromium binary." >&2
exit 1
