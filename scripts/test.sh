#!/usr/bin/env bash
# `npm test`: everything CI checks — types and build, then every test (unit, renderer, sandbox conformance,
# integration, e2e in Chromium; the Electronegativity scan is one of them, test/unit/tooling/security-scan.test.ts)
# inside an isolated keychain session, with lint beside all of it.
# Prints how long it took (bench/RESULTS.md keeps the figure for the CI machine).
set -euo pipefail
cd "$(dirname "$0")/.."

export ELECTRON_SKIP_BINARY_DOWNLOAD=1
export ELECTRON_OVERRIDE_DIST_PATH=/nonexistent
# npm asks the registry for its own newer version when a home folder has never recorded a check (a fresh one does):
# nothing the tests need.
export npm_config_update_notifier=false

started=$(date +%s)
step() { printf '\n\033[1m== %s\033[0m (%ss)\n' "$1" "$(( $(date +%s) - started ))"; }

step "typecheck and build, lint beside them and the tests"
# Lint (one core for ~40 s) runs beside typecheck and the build (~20 s on the other core), then beside the tests:
# the tests start as soon as the build is there instead of waiting for lint, whose report comes after theirs.
npm run --silent lint > .test-lint.log 2>&1 &
lint=$!
finish_lint() {
  lint_status=0
  wait "$lint" || lint_status=$?
  cat .test-lint.log
  rm -f .test-lint.log
  return "$lint_status"
}
if ! { npm run --silent typecheck && npm run --silent build; }; then
  finish_lint || true
  echo "typecheck/build failed" >&2
  exit 1
fi
step "tests"
# The tests' temporary files in memory when the machine has room for them there (tmpfs at /dev/shm, 4 GB free,
# programs allowed to run from it: the CUPS tests run a backend from a temporary folder). The suite makes, fsyncs and
# deletes thousands of profiles, journals, caches and PostgreSQL clusters; on a disk the kernel's share of that
# cost ~35 CPU-s of the integration files' ~230 (docs/technical/testing.md, the seventh session). What the SIGKILL
# tests check — a process killed, what it wrote still there — holds in memory as on a disk; only a power cut
# differs, which no test makes. Elsewhere, or with FAX_TESTS_ON_DISK=1, the usual temporary folder is used.
test_tmp=""
trap 'if [ -n "$test_tmp" ]; then rm -rf "$test_tmp"; fi' EXIT
if [ -z "${FAX_TESTS_ON_DISK:-}" ] && [ -d /dev/shm ] && [ -w /dev/shm ] && [ "$(df -Pk /dev/shm | awk 'NR == 2 { print $4 }')" -ge 4194304 ]; then
  test_tmp=$(mktemp -d /dev/shm/fax-tests.XXXXXX)
  printf '#!/bin/sh\nexit 0\n' > "$test_tmp/runs" && chmod 700 "$test_tmp/runs"
  if "$test_tmp/runs" 2> /dev/null; then
    rm -f "$test_tmp/runs"
    # Like /tmp: the PostgreSQL tests' server account (root runs it as `postgres`) makes and reaches its folders.
    chmod 1777 "$test_tmp"
    export TMPDIR="$test_tmp"
  else
    rm -rf "$test_tmp"
    test_tmp=""
  fi
fi
tests_status=0
FAX_ISOLATED_KEYRING=1 bash scripts/with-keyring.sh npx vitest run "$@" || tests_status=$?
if [ -n "$test_tmp" ]; then
  unset TMPDIR
  rm -rf "$test_tmp"
fi
step "lint"
lint_status=0
finish_lint || lint_status=$?
if [ "$tests_status" -ne 0 ] || [ "$lint_status" -ne 0 ]; then
  echo "tests exit $tests_status, lint exit $lint_status" >&2
  exit 1
fi
printf '\n\033[1mnpm test took %ss\033[0m\n' "$(( $(date +%s) - started ))"
