#!/bin/sh
# Runs a scripted crew in CI, through the orkeon-code CLI, with no terminal:
#
#   scripts/run-crew.sh [--trust] [--keep-going] [--mode M] [--stage] [--settings F] [--rule R]...
#                       [--confinement M] [--mount P:V[:ro|rw]]... [--output DIR] [--network] <folder> <crew-file>
#
# The crew file holds one tool call a line, as JSON ({"tool":"shell_command","args":{"command":"npm test"}},
# optionally with "mode"); blank lines and lines starting with # are skipped. Each call goes through the
# gate (a question is a refusal: nobody answers here) and, when allowed, runs confined. The first refusal or
# failure stops the crew unless --keep-going. The report is written to /output (its virtual path is
# printed). Exit: 0 every step passed, 126 a step was refused, 1 a step failed, 3 the folder is not trusted
# (--trust, or ORKEON_CODE_TRUST=1 with CI=true, starts it once), 65 the crew file does not read.
# ORKEON_CODE_NODE names the node to run (default: node on PATH).
set -eu

script=$0
while [ -L "$script" ]; do
  target=$(readlink -- "$script")
  case $target in
    /*) script=$target ;;
    *) script=$(dirname -- "$script")/$target ;;
  esac
done
root=$(CDPATH='' cd -- "$(dirname -- "$script")/.." && pwd -P)

# Standard input is never a terminal here: trust is never asked, and no step waits for an answer.
exec "${ORKEON_CODE_NODE:-node}" "$root/bin/orkeon-code.js" crew "$@" </dev/null
