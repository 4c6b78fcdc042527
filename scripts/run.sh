#!/usr/bin/env bash
# Runs the whole storefront on the embedded defaults: installs, builds, migrates, seeds on first start, serves.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
npm run build
# The compiled server (server/dist, from the build) migrates the database in ./data (or DATABASE_URL) and
# seeds the demo when it is empty.
# React and React Router choose their production builds from NODE_ENV when they load, before the config is read.
export NODE_ENV="${NODE_ENV:-production}"
exec node --enable-source-maps server/dist/main.js
