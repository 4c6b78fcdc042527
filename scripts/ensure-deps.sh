#!/usr/bin/env bash
# Installs the npm packages when they are missing or older than the lock file.
set -euo pipefail
cd "$(dirname "$0")/.."

required="20.19.0"
current="$(node -p 'process.versions.node')"
if [ "$(printf '%s\n%s\n' "$required" "$current" | sort -V | head -n1)" != "$required" ]; then
  echo "Node.js $required or newer is required (found $current)." >&2
  exit 1
fi

if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "Installing npm packages..."
  # npm ci refuses lock files that omit other platforms' optional packages (npm 11), so install from the lock.
  npm install --no-audit --no-fund
fi
