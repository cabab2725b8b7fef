#!/usr/bin/env bash
# `npm test`: everything CI checks, in order — lint beside types and build, security scan, then every
# test (unit, renderer, sandbox conformance, integration, e2e in Chromium) inside an isolated keychain session.
# Prints how long it took (bench/RESULTS.md keeps the figure for the CI machine).
set -euo pipefail
cd "$(dirname "$0")/.."

export ELECTRON_SKIP_BINARY_DOWNLOAD=1
export ELECTRON_OVERRIDE_DIST_PATH=/nonexistent

started=$(date +%s)
step() { printf '\n\033[1m== %s\033[0m (%ss)\n' "$1" "$(( $(date +%s) - started ))"; }

step "typecheck and build beside lint"
# Lint (one core for ~30 s) runs beside typecheck and then the build (together ~25 s on the other core).
{ npm run --silent typecheck && npm run --silent build; } > .test-typecheck.log 2>&1 &
typecheck_and_build=$!
lint_status=0
npm run --silent lint || lint_status=$?
typecheck_status=0
wait "$typecheck_and_build" || typecheck_status=$?
cat .test-typecheck.log
rm -f .test-typecheck.log
if [ "$typecheck_status" -ne 0 ] || [ "$lint_status" -ne 0 ]; then
  echo "typecheck/build exit $typecheck_status, lint exit $lint_status" >&2
  exit 1
fi
step "security scan (Electronegativity)"
npm run --silent security:scan
step "tests"
FAX_ISOLATED_KEYRING=1 bash scripts/with-keyring.sh npx vitest run "$@"
printf '\n\033[1mnpm test took %ss\033[0m\n' "$(( $(date +%s) - started ))"
