#!/usr/bin/env bash
# HTTP benchmark: `screen-registry serve` answering the catalog's profile screen as
# XML, against Hummingbird's hello world (Benchmarks/Sources/HelloServer), both
# release builds on loopback, loaded by wrk in alternating rounds.
#
#   Benchmarks/http-bench.sh                 # 3 rounds of 10 s each, per server
#   ROUNDS=5 DURATION=20s Benchmarks/http-bench.sh
#   SERVE_ARGS=--render-every-request Benchmarks/http-bench.sh
#                                            # build and render every request, although
#                                            # the profile declares a cache lifetime
#
# Target (issue 4): screens >= 70% of hello world's requests/s, p99 < 10 ms, no
# socket errors, at 64 connections and 2 threads.
#
# Settings: ROUNDS (3), DURATION (10s), CONNECTIONS (64), THREADS (2),
# FORMAT (xml; falls back to text, and says so, when the build has no XML),
# SERVE_ARGS (more serve options, such as --render-every-request),
# SERVE_BIN and HELLO_BIN (prebuilt binaries; both set skips the build),
# SERVE_LOG_LEVEL (notice: no line per request, like the hello world; `info` measures
# the per-request log line too, written to /dev/null).
set -euo pipefail

ROUNDS=${ROUNDS:-3}
DURATION=${DURATION:-10s}
CONNECTIONS=${CONNECTIONS:-64}
THREADS=${THREADS:-2}
FORMAT=${FORMAT:-xml}
SERVE_LOG_LEVEL=${SERVE_LOG_LEVEL:-notice}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=Benchmarks/servers.sh
source "$ROOT/Benchmarks/servers.sh"

# Both from the Benchmarks package, in one scratch folder: the same compiler flags,
# the same Hummingbird build. (screen-registry is a product of its path dependency.)
# SERVE_BIN and HELLO_BIN, when both are set, name binaries already built.
SCRATCH=${SCRATCH:-$ROOT/.build-bench}
if [ -z "${SERVE_BIN:-}" ] || [ -z "${HELLO_BIN:-}" ]; then
    echo "== building release binaries (first build: several minutes)"
    swift build -c release --package-path "$ROOT/Benchmarks" --scratch-path "$SCRATCH" --product HelloServer 2>&1 | tail -1
    swift build -c release --package-path "$ROOT/Benchmarks" --scratch-path "$SCRATCH" --product screen-registry 2>&1 | tail -1
    SERVE_BIN="$SCRATCH/release/screen-registry"
    HELLO_BIN="$SCRATCH/release/HelloServer"
fi

HELLO_URL=$(start hello "$HELLO_BIN" 0)
# SERVE_ARGS: more options for serve, e.g. "--render-every-request".
# shellcheck disable=SC2086
SERVE_BASE=$(start serve "$SERVE_BIN" serve --port 0 --log-level "$SERVE_LOG_LEVEL" ${SERVE_ARGS:-})
case "$FORMAT" in
    xml) ACCEPT="application/xml" ;;
    json) ACCEPT="application/json" ;;
    *) ACCEPT="text/plain" ;;
esac
SCREEN_URL="$SERVE_BASE/profile/42"
if [ "$(curl -s -o /dev/null -w '%{http_code}' -H "Accept: $ACCEPT" "$SCREEN_URL")" != 200 ]; then
    echo "!! this build does not serve $FORMAT: measuring text instead"
    FORMAT=text; ACCEPT="text/plain"
fi
echo "== hello:  $HELLO_URL"
echo "== screen: $SCREEN_URL ($FORMAT, Accept: $ACCEPT, log level $SERVE_LOG_LEVEL, serve options: ${SERVE_ARGS:-none})"
curl -s -D - -o "$WORK/body" -H "Accept: $ACCEPT" "$SCREEN_URL" | grep -i -E '^(content-type|content-length|etag)'

# run NAME URL [HEADER]: one wrk round; appends "rps p99_ms socket_errors non2xx" to $WORK/NAME.
run() {
    local name=$1 url=$2 header=${3:-}
    local out
    if [ -n "$header" ]; then
        out=$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency -H "$header" "$url")
    else
        out=$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency "$url")
    fi
    echo "$out" > "$WORK/$name.last"
    local rps p99 errors non2xx
    rps=$(echo "$out" | awk '/^Requests\/sec:/ {print $2}')
    p99=$(echo "$out" | wrk_p99)
    errors=$(echo "$out" | wrk_socket_errors)
    non2xx=$(echo "$out" | awk '/Non-2xx or 3xx responses:/ {print $5; found=1} END {if (!found) print 0}')
    echo "$rps $p99 $errors $non2xx" >> "$WORK/$name"
    printf '   %-6s %10.0f req/s   p99 %7.2f ms   socket errors %s   non-2xx %s\n' "$name" "$rps" "$p99" "$errors" "$non2xx"
}

echo "== warm-up (2 s each)"
wrk -t"$THREADS" -c"$CONNECTIONS" -d2s "$HELLO_URL" >/dev/null
wrk -t"$THREADS" -c"$CONNECTIONS" -d2s -H "Accept: $ACCEPT" "$SCREEN_URL" >/dev/null

echo "== $ROUNDS alternating rounds of $DURATION, $CONNECTIONS connections, $THREADS threads"
for round in $(seq 1 "$ROUNDS"); do
    echo " round $round"
    run hello "$HELLO_URL"
    run screen "$SCREEN_URL" "Accept: $ACCEPT"
done

summary() {
    awk '{rps+=$1; if ($2>p99) p99=$2; errors+=$3; non2xx+=$4; n++} END {printf "%.0f %.2f %d %d", rps/n, p99, errors, non2xx}' "$WORK/$1"
}
read -r HELLO_RPS HELLO_P99 HELLO_ERR HELLO_NON <<<"$(summary hello)"
read -r SCREEN_RPS SCREEN_P99 SCREEN_ERR SCREEN_NON <<<"$(summary screen)"
RATIO=$(awk -v a="$SCREEN_RPS" -v b="$HELLO_RPS" 'BEGIN {printf "%.1f", 100*a/b}')

echo
echo "== summary (mean req/s over rounds, worst p99, total errors)"
printf '   hello world       %8s req/s   p99 %6s ms   socket errors %s   non-2xx %s\n' "$HELLO_RPS" "$HELLO_P99" "$HELLO_ERR" "$HELLO_NON"
printf '   profile as %-6s %8s req/s   p99 %6s ms   socket errors %s   non-2xx %s\n' "$FORMAT" "$SCREEN_RPS" "$SCREEN_P99" "$SCREEN_ERR" "$SCREEN_NON"
echo "   ratio: screen / hello = $RATIO%"
PASS=yes
awk -v r="$RATIO" 'BEGIN {exit !(r >= 70)}' || PASS=no
awk -v p="$SCREEN_P99" 'BEGIN {exit !(p < 10)}' || PASS=no
[ "$SCREEN_ERR" = 0 ] && [ "$HELLO_ERR" = 0 ] && [ "$SCREEN_NON" = 0 ] || PASS=no
echo "   target (>= 70%, p99 < 10 ms, no socket errors): $PASS"
