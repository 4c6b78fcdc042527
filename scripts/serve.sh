#!/usr/bin/env bash
# Runs the compiled server (server/dist, from `npm run build`) with the memory settings of
# docs/decisions/0047-memory-budget-and-backups.md. Everything that starts the server comes through here: npm start,
# npm run serve, the cluster, the browser tests and the benchmarks. `exec` keeps the process id, which the soak
# benchmark reads the memory of.
set -euo pipefail
cd "$(dirname "$0")/.."
# The project's Node.js 24 (node_modules/.bin/node, decision 0066), also when started with bash directly.
source scripts/lib/project-node.sh
require_project_node
# React chooses its production build from NODE_ENV when it loads, before the config is read (React Router 8 by its
# package's export conditions: the production build unless Node runs with --conditions=development).
export NODE_ENV="${NODE_ENV:-production}"
# glibc's malloc gives each thread that allocates an arena of its own, which it rarely gives back; two suffice for
# a server whose threads (libuv's pool, V8's helpers) allocate little.
export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"
# V8 collects late under a large heap limit: 256 MB of old space, and a young generation of 3 x 4 MB instead of
# 3 x 16 MB, whose short-lived garbage (a page's render) is collected sooner.
# No --enable-source-maps: Node then keeps every loaded module's source map, about 30 MB of RSS (0047). Logged
# stacks name lines of server/dist/main.js, whose modules keep their source paths as comments; for TypeScript lines
# while debugging, start with NODE_OPTIONS=--enable-source-maps.
# preload.js first: it rewrites React Router's server modules as they load, to keep what they build per build
# (docs/decisions/0068-the-floor-of-a-page.md).
exec node --max-old-space-size=256 --max-semi-space-size=4 --import ./server/dist/preload.js server/dist/main.js
