#!/usr/bin/env bash
# `npm test`: everything CI checks, in order — types, lint, build, security scan, then every test
# (unit, renderer, sandbox conformance, integration, e2e in Chromium) inside an isolated keychain session.
set -euo pipefail
cd "$(dirname "$0")/.."

export ELECTRON_SKIP_BINARY_DOWNLOAD=1
export ELECTRON_OVERRIDE_DIST_PATH=/nonexistent

step() { printf '\n\033[1m== %s\033[0m\n' "$1"; }

step "typecheck"
npm run --silent typecheck
step "lint"
npm run --silent lint
step "build"
npm run --silent build
step "security scan (Electronegativity)"
npm run --silent security:scan
step "tests"
FAX_ISOLATED_KEYRING=1 bash scripts/with-keyring.sh npx vitest run "$@"
