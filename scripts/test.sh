#!/usr/bin/env bash
# Runs every check and test: lint, types, unit and integration (PGlite, and PostgreSQL and Redis when reachable),
# browser.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
source scripts/lib/project-node.sh
echo "Node.js $(node -v) at $(command -v node)"
bash scripts/ensure-chromium.sh
bash scripts/ensure-redis.sh
bash scripts/ensure-postgres.sh

results="$(mktemp -d)"
trap 'rm -rf "$results"' EXIT

npm run lint
npm run typecheck
npm run build
npx vitest run --reporter=default --reporter=json --outputFile.json="$results/vitest.json"
PLAYWRIGHT_JSON_OUTPUT_NAME="$results/playwright.json" npx playwright test --reporter=list,json
node scripts/summarise-tests.mjs "$results/vitest.json" "$results/playwright.json"
