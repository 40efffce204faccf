#!/usr/bin/env bash
# Soak: `screen-registry serve` (release build) under a mix of good, unknown, hostile and
# conditional requests from wrk, on loopback, for a fixed time; reports errors, p99 and
# resident memory at the start, every 10 s, and at the end.
#
#   Benchmarks/soak.sh                      # 60 s, 256 connections, 2 threads
#   DURATION=30 CONNECTIONS=64 Benchmarks/soak.sh
#   SERVE_BIN=.build/release/screen-registry Benchmarks/soak.sh   # skip the build
#
# Targets (issue 16): 0 errors (socket errors, 5xx, or a status the request cannot
# get), resident memory flat (end within 10% or 8 MiB of start, after warm-up).
#
# The mix, in wrk's rotation (Benchmarks/soak.lua): screens in each format, memoized and
# rendered per request, with distinct query strings (the render store must keep its
# bounds); unknown paths (404); hostile targets (400, 414); guarded and conditional
# requests (If-None-Match with the screen's tag: 304). Beside it, SLOW_CLIENTS (64)
# connections send half a request head and then nothing (Benchmarks/slow_clients.py),
# reopened as the server closes them: serve runs with --idle-timeout IDLE_TIMEOUT (5 s),
# and none may be held longer than that and 2 s.
set -euo pipefail

DURATION=${DURATION:-60}
CONNECTIONS=${CONNECTIONS:-256}
THREADS=${THREADS:-2}
SLOW_CLIENTS=${SLOW_CLIENTS:-64}
IDLE_TIMEOUT=${IDLE_TIMEOUT:-5}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=Benchmarks/servers.sh
source "$ROOT/Benchmarks/servers.sh"

if [ -z "${SERVE_BIN:-}" ]; then
    echo "== building the release binary"
    swift build -c release --package-path "$ROOT" --product screen-registry 2>&1 | tail -1
    SERVE_BIN="$ROOT/.build/release/screen-registry"
fi

BASE=$(start serve "$SERVE_BIN" serve --port 0 --log-level notice --idle-timeout "$IDLE_TIMEOUT")
PID=$(cat "$WORK/serve.pid")
ORIGIN=${BASE%/screens}

rss() { awk '/^VmRSS:/ {print $2}' "/proc/$PID/status"; }   # KiB
TAG=$(curl -s -D - -o /dev/null -H 'Accept: application/json' "$BASE/profile/42" | awk -F': ' 'tolower($1) == "etag" {print $2}' | tr -d '\r')
[ -n "$TAG" ] || { echo "no ETag from $BASE/profile/42" >&2; exit 1; }

echo "== serve: $BASE (pid $PID); conditional requests use $TAG"
echo "== warm-up: 10 s"
ETAG="$TAG" wrk -t"$THREADS" -c"$CONNECTIONS" -d10s -s "$ROOT/Benchmarks/soak.lua" "$ORIGIN" >/dev/null
START_RSS=$(rss)
echo "== soak: ${DURATION} s, $CONNECTIONS connections, $THREADS threads; resident memory after warm-up $((START_RSS / 1024)) MiB"
PORT=${ORIGIN##*:}
python3 "$ROOT/Benchmarks/slow_clients.py" 127.0.0.1 "$PORT" --connections "$SLOW_CLIENTS" --duration "$DURATION" \
    --report "$WORK/slow.out" >/dev/null &
SLOW=$!
ETAG="$TAG" wrk -t"$THREADS" -c"$CONNECTIONS" -d"${DURATION}s" --latency --timeout 5s -s "$ROOT/Benchmarks/soak.lua" "$ORIGIN" >"$WORK/wrk.out" &
WRK=$!
SAMPLES="$START_RSS"
for _ in $(seq 1 $((DURATION / 10))); do
    sleep 10
    kill -0 "$PID" 2>/dev/null || { echo "serve died" >&2; exit 1; }
    SAMPLES="$SAMPLES $(rss)"
done
wait "$WRK"
wait "$SLOW"
END_RSS=$(rss)
read -r SLOW_OPENED SLOW_CLOSED SLOW_LONGEST <"$WORK/slow.out"
cat "$WORK/wrk.out"

REQUESTS=$(awk '/requests in/ {print $1}' "$WORK/wrk.out")
P99=$(wrk_p99 <"$WORK/wrk.out")
SOCKET=$(wrk_socket_errors <"$WORK/wrk.out")
UNEXPECTED=$(awk '/^unexpected:/ {print $2}' "$WORK/wrk.out")
ERRORS=$((SOCKET + UNEXPECTED))
echo
echo "== summary"
echo "   requests: $REQUESTS in ${DURATION} s; p99 $P99 ms"
echo "   errors: $ERRORS (socket $SOCKET, unexpected statuses $UNEXPECTED)"
echo "   resident memory (MiB), every 10 s: $(for s in $SAMPLES $END_RSS; do printf '%s ' $((s / 1024)); done)"
echo "   slow clients: $SLOW_OPENED opened, $SLOW_CLOSED closed by the server, longest held $SLOW_LONGEST s (idle timeout $IDLE_TIMEOUT s)"
PASS=yes
[ "$ERRORS" = 0 ] || PASS=no
awk -v held="$SLOW_LONGEST" -v limit="$IDLE_TIMEOUT" 'BEGIN {exit !(held <= limit + 2)}' || PASS=no
awk -v a="$START_RSS" -v b="$END_RSS" 'BEGIN {exit !(b - a <= 8192 || b <= a * 1.10)}' || PASS=no
echo "   target (0 errors, memory flat, no slow client held past the idle timeout): $PASS"
[ "$PASS" = yes ]
