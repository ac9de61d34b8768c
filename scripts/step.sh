#!/usr/bin/env bash
# Runs one test step under a banner and reports its outcome and duration:
#   scripts/step.sh NAME COMMAND [ARGS...]
# When STEP_LOG names a file, the outcome is also appended there for the closing summary.
set -uo pipefail
name=$1
shift
printf '\n\033[1m==> %s\033[0m\n' "$name"
start=$(date +%s)
"$@"
status=$?
elapsed=$(($(date +%s) - start))
if [ "$status" -eq 0 ]; then outcome=passed; else outcome=FAILED; fi
printf '\033[1m<== %s: %s in %ss\033[0m\n' "$name" "$outcome" "$elapsed"
if [ -n "${STEP_LOG:-}" ]; then
    printf '%s\t%ss\t%s\n' "$outcome" "$elapsed" "$name" >>"$STEP_LOG"
fi
exit "$status"
