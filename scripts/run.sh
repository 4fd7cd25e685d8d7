#!/usr/bin/env bash
# Entry point behind the npm scripts: puts Node 24 first on PATH (installing it into .tools/
# once if the system Node is older), installs dependencies when the lockfile changed, then runs
# the requested command. Usage: scripts/run.sh start|dev|production-shape|start-multi-host|multi-host|backup|restore|test|unit|e2e|long|typecheck|lint|bench|fuzz|create-admin|mail
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
cmd="${1:-start}"
shift || true

exec_node() { exec "$root/scripts/node.sh" "$@"; }

deps_stale() { [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; }

ensure_deps() {
  deps_stale || return 0
  # One install at a time: commands started together (test runs, a start) wait for the first
  # one's `npm ci` instead of deleting the folder it is filling.
  mkdir -p "$root/.data"
  exec 9> "$root/.data/npm-install.lock"
  flock 9
  if deps_stale; then
    echo "› installing dependencies (npm ci)" >&2
    "$root/scripts/node.sh" npm ci --prefer-offline --no-audit --no-fund --loglevel=error >&2
    # npm may write the lockfile a moment after its copy in node_modules: newer, so no second install.
    touch node_modules/.package-lock.json
  fi
  flock -u 9
}

ensure_chromium() {
  # The suites drive Debian's headless shell when it is there (tests/chromium.ts), else Chromium.
  [ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || [ -x /usr/lib/chromium/chromium-headless-shell ] && return 0
  if [ "$(id -u)" = 0 ] && command -v apt-get > /dev/null; then
    echo "› installing Chromium from Debian (for the end-to-end tests)" >&2
    DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-headless-shell > /dev/null
  else
    echo "The end-to-end tests need Chromium at /usr/bin/chromium (Debian: apt-get install chromium) or CHROMIUM_PATH." >&2
    exit 1
  fi
}

ensure_deps
case "$cmd" in test|e2e|long) ensure_chromium ;; esac
case "$cmd" in
  start) exec_node node scripts/start.mjs "$@" ;;
  dev) exec_node node scripts/start.mjs --dev "$@" ;;
  production-shape) exec_node node scripts/start-production-shape.mjs "$@" ;;
  start-multi-host) exec_node node scripts/start-multi-host.mjs "$@" ;;
  multi-host) exec_node node scripts/multi-host.mjs "$@" ;;
  backup) exec_node node scripts/backup.mjs "$@" ;;
  restore) exec_node node scripts/restore.mjs "$@" ;;
  unit) exec_node npx vitest run --maxWorkers="${VITEST_WORKERS:-3}" "$@" ;;
  e2e) exec_node npx playwright test "$@" ;;
  test) exec_node node scripts/test.mjs "$@" ;;
  typecheck) exec_node node scripts/typecheck.mjs "$@" ;;
  lint) exec_node node scripts/lint.mjs "$@" ;;
  bench) exec_node node bench/run.mjs "$@" ;;
  long) exec_node node scripts/test-long.mjs "$@" ;;
  fuzz) FUZZ_RUNS="${FUZZ_RUNS:-10000}" exec_node npx vitest run --maxWorkers="${VITEST_WORKERS:-3}" --project api --project front-door api/test/fuzz.test.ts packages/front-door/src/fuzz.test.mjs "$@" ;;
  create-admin) exec_node node api/src/scripts/create-admin.ts "$@" ;;
  mail) exec_node node api/src/scripts/show-mail.ts "$@" ;;
  media-to-s3) exec_node node api/src/scripts/media-to-s3.ts "$@" ;;
  *) echo "unknown command: $cmd" >&2; exit 2 ;;
esac
