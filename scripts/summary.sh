#!/usr/bin/env bash
# Prints the closing summary of `make test` from the step log that scripts/step.sh appends to:
# one line per step with its time, then 'suites: N passed, N failed'.
set -euo pipefail
log=$1
[ -s "$log" ] || { echo "no test step ran" >&2; exit 1; }
printf '\n\033[1mmake test summary\033[0m\n'
awk -F'\t' '{ printf "  %-7s %6s  %s\n", $1, $2, $3 }' "$log"
passed=$(grep -c '^passed' "$log" || true)
failed=$(grep -c '^FAILED' "$log" || true)
echo "suites: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
