#!/usr/bin/env bash
# Runs the whole vitest suite on other Node.js lines than the machine's, each obtained through npm's
# `node` package (npx node@X.Y.Z: the official binary, from the npm registry or npm's cache), so the
# README's "22.12 or later, 24 and 26" is tested (20.19 or later is the machine's own, .ci/run's first
# run). The same node_modules is used; Prism, the linters and every tool the tests spawn run on that
# Node too (npx puts its `node` first on PATH).
#
#   bash .ci/node-lines.sh [version…]     default: the versions in NODE_LINES below
#
# Writes .ci/results/vitest-node<major>.json per line (for .ci/summarize.mjs), prints each run's time,
# and exits non-zero when any run failed or its Node could not be had.
set -uo pipefail
cd "$(dirname "$0")/.."

# Exact versions, so a run is repeatable; raise them deliberately (the package `node` mirrors Node's versions).
NODE_LINES=("$@")
[ ${#NODE_LINES[@]} -gt 0 ] || NODE_LINES=(22.23.3 24.21.0 26.10.0)

mkdir -p .ci/results
status=0
for version in "${NODE_LINES[@]}"; do
  major="${version%%.*}"
  report=".ci/results/vitest-node${major}.json"
  rm -f "$report" "$report.exit"
  started=$(date +%s)
  # --prefer-offline: npm's cache first (no network needed once fetched), the registry otherwise.
  if ! actual=$(npx --prefer-offline -y "node@${version}" --version 2>/dev/null); then
    echo "node-lines: could not obtain Node ${version} through npm (npx node@${version})" >&2
    status=1
    continue
  fi
  echo "node-lines: running the suite on Node ${actual}" >&2
  npx --prefer-offline -y "node@${version}" node_modules/vitest/vitest.mjs run --config test/vitest.config.ts \
    --reporter=default --reporter=json --outputFile.json="$report"
  code=$?
  echo "$code" >"$report.exit" # read by .ci/summarize.mjs (see run_suite in .ci/run)
  [ "$code" -eq 0 ] || status=1
  echo "node-lines: Node ${actual}: $(( $(date +%s) - started )) s" >&2
done
exit $status
