#!/usr/bin/env bash
# Runs the whole storefront on the embedded defaults: installs, builds, migrates, seeds on first start, serves.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
source scripts/lib/project-node.sh
npm run build
# The compiled server (server/dist, from the build) migrates the database in ./data (or DATABASE_URL) and
# seeds the demo when it is empty.
exec bash scripts/serve.sh
