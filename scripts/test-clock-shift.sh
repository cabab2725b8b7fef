#!/usr/bin/env bash
# Runs the unit and renderer tests with the system clock moved a year back and a year ahead (libfaketime), to show
# that no test depends on the day it runs. Needs Debian's `faketime` package.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v faketime >/dev/null 2>&1; then
  echo "test-clock-shift: 'faketime' is missing. Install it with: sudo apt-get install -y faketime" >&2
  exit 1
fi
export ELECTRON_SKIP_BINARY_DOWNLOAD=1 ELECTRON_OVERRIDE_DIST_PATH=/nonexistent FAX_ISOLATED_KEYRING=1
for shift in '-365d' '+365d'; do
  printf '\n\033[1m== unit and renderer tests, clock %s\033[0m\n' "$shift"
  faketime -f "$shift" bash scripts/with-keyring.sh npx vitest run --project unit --project unit-mocks --project renderer
done
