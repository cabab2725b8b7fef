#!/usr/bin/env bash
# `npm test`: everything CI checks — types and build, then every test (unit, renderer, sandbox conformance,
# integration, e2e in Chromium; the Electronegativity scan is one of them, test/unit/tooling/security-scan.test.ts)
# inside an isolated keychain session, with lint beside all of it.
# Prints how long it took (bench/RESULTS.md keeps the figure for the CI machine).
set -euo pipefail
cd "$(dirname "$0")/.."

export ELECTRON_SKIP_BINARY_DOWNLOAD=1
export ELECTRON_OVERRIDE_DIST_PATH=/nonexistent

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
tests_status=0
FAX_ISOLATED_KEYRING=1 bash scripts/with-keyring.sh npx vitest run "$@" || tests_status=$?
step "lint"
lint_status=0
finish_lint || lint_status=$?
if [ "$tests_status" -ne 0 ] || [ "$lint_status" -ne 0 ]; then
  echo "tests exit $tests_status, lint exit $lint_status" >&2
  exit 1
fi
printf '\n\033[1mnpm test took %ss\033[0m\n' "$(( $(date +%s) - started ))"
