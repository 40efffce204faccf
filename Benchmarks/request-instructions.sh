#!/usr/bin/env bash
# Instructions per request in the service's core (ScreenService.respond for a screen of
# the catalog, /profile/42 unless TARGET names another; no sockets), counted by
# callgrind: a run of 2N requests minus a run of N, divided by N, so that what runs once
# (the first request, lazy binding, the runtime's caches filling) is not counted as a
# request's. Repeatable on a loaded machine, unlike the clock.
#
#   Benchmarks/request-instructions.sh                 # every format, rendered every request
#   Benchmarks/request-instructions.sh divkit hxml     # some formats
#   REUSED=1 Benchmarks/request-instructions.sh xml    # the rendered body reused, as serve does
#   TARGET=/text Benchmarks/request-instructions.sh json  # another screen of the catalog
#   STEPS=1 Benchmarks/request-instructions.sh json    # and each step alone (StepBenchmark):
#       the screen built by its DSL, its node tree, the fit, the render; "service" is the
#       rest of the request (parsing, matching, negotiation, headers, the ETag, freeing)
#
# Floors (issue 32), rendered every request: json ≤ 90 k, text ≤ 90 k, divkit ≤ 120 k,
# xml ≤ 150 k, hxml ≤ 170 k.
#
# Settings: N (200), TARGET (/profile/42), BENCH_BIN (a prebuilt ServiceBenchmark; else
# it is built into .build-bench), STEP_BIN (the same for StepBenchmark, with STEPS=1).
set -euo pipefail
# A count that fails inside $(…) stops the script too, not only at the top level.
shopt -s inherit_errexit

ROOT=$(cd "$(dirname "$0")/.." && pwd)
N=${N:-200}
TARGET=${TARGET:-/profile/42}
FORMATS=("$@")
[ ${#FORMATS[@]} -gt 0 ] || FORMATS=(json text divkit xml hxml html)
if [ -z "${BENCH_BIN:-}" ]; then
    swift build -c release --package-path "$ROOT/Benchmarks" --scratch-path "$ROOT/.build-bench" --product ServiceBenchmark >&2
    BENCH_BIN="$ROOT/.build-bench/release/ServiceBenchmark"
fi
STEPS=${STEPS:-0}
if [ "$STEPS" = 1 ] && [ -z "${STEP_BIN:-}" ]; then
    swift build -c release --package-path "$ROOT/Benchmarks" --scratch-path "$ROOT/.build-bench" --product StepBenchmark >&2
    STEP_BIN="$ROOT/.build-bench/release/StepBenchmark"
fi
command -v valgrind >/dev/null || { echo "valgrind is missing (apt-get install valgrind)" >&2; exit 1; }
RENDER_EVERY_REQUEST=1
[ "${REUSED:-0}" = 1 ] && RENDER_EVERY_REQUEST=0
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

# Instructions of one run of the benchmark $1 with the arguments after it, the first the
# number of repetitions. Hashing is seeded the same in every run
# (SWIFT_DETERMINISTIC_HASHING): a random seed moves a request's count by about 2 k from
# run to run, more than many changes worth measuring.
count() {
    local binary=$1
    shift
    SWIFT_DETERMINISTIC_HASHING=1 RENDER_EVERY_REQUEST=$RENDER_EVERY_REQUEST valgrind --tool=callgrind --callgrind-out-file="$WORK/out" \
        "$binary" "$@" >/dev/null 2>"$WORK/log" || { cat "$WORK/log" >&2; exit 1; }
    awk '/Collected/ {print $4}' "$WORK/log"
}

# Instructions of one repetition: a run of 2N of them minus a run of N, divided by N.
per_repetition() {
    local binary=$1 base total
    shift
    base=$(count "$binary" "$N" "$@")
    total=$(count "$binary" $((2 * N)) "$@")
    echo $(( (total - base) / N ))
}

echo "format  instructions/request  ($TARGET, runs of $N and $((2 * N)) requests, $([ "$RENDER_EVERY_REQUEST" = 1 ] && echo "rendered every request" || echo "body reused"))"
[ "$STEPS" = 1 ] && printf '%-7s %20s %9s %9s %9s %9s %9s\n' "" "" screen node fit render service
for format in "${FORMATS[@]}"; do
    request=$(per_repetition "$BENCH_BIN" "$format" "$TARGET")
    if [ "$STEPS" = 1 ]; then
        screen=$(per_repetition "$STEP_BIN" screen "$format" "$TARGET"); node=$(per_repetition "$STEP_BIN" node "$format" "$TARGET")
        fit=$(per_repetition "$STEP_BIN" fit "$format" "$TARGET"); render=$(per_repetition "$STEP_BIN" render "$format" "$TARGET")
        printf '%-7s %20d %9d %9d %9d %9d %9d\n' "$format" "$request" "$screen" "$node" "$fit" "$render" \
            $(( request - screen - node - fit - render ))
    else
        printf '%-7s %20d\n' "$format" "$request"
    fi
done
