#!/usr/bin/env bash
# Installs the npm packages when they are missing or older than the lock file, and with them the project's own
# Node.js 24 (the root devDependency `node`, from the npm registry), which every script then runs on: the machine's
# Node.js only has to run npm for this first install, whatever its version (decision 0066).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/project-node.sh

if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ] ||
  [ ! -x node_modules/.bin/node ]; then
  echo "Installing npm packages (and Node.js 24 into node_modules)..."
  # npm ci refuses lock files that omit other platforms' optional packages (npm 11), so install from the lock.
  npm install --no-audit --no-fund
  hash -r
fi
require_project_node
