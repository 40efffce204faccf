#!/usr/bin/env bash
# HTTP benchmark: `screen-registry serve` answering the catalog's profile screen in one
# format, against Hummingbird's hello world (Benchmarks/Sources/HelloServer), both
# release builds on loopback, loaded by wrk in alternating rounds.
#
#   Benchmarks/http-bench.sh                 # XML, 3 rounds of 10 s each, per server
#   FORMAT=divkit Benchmarks/http-bench.sh   # json, xml, text, divkit, hxml or html
#   FORMAT=json Benchmarks/http-bench.sh --render-every-request
#                                            # build and render every request, although
#                                            # the profile declares a cache lifetime
#   ROUNDS=5 DURATION=20s Benchmarks/http-bench.sh
#
# Targets: a reused body (issue 4): >= 70% of hello world's requests/s, p99 < 10 ms;
# rendered every request (issue 32): >= 45% for json, divkit and text, >= 35% for xml
# and hxml. No socket errors, at 64 connections and 2 threads.
#
# Settings: ROUNDS (3), DURATION (10s), CONNECTIONS (64), THREADS (2),
# FORMAT (xml; any format's name, by its own media type in Accept),
# SERVE_ARGS (more serve options; --render-every-request as an argument adds that one),
# SERVE_BIN and HELLO_BIN (prebuilt binaries; both set skips the build),
# SERVE_LOG_LEVEL (notice: no line per request, like the hello world; `info` measures
# the per-request log line too, written to /dev/null).
set -euo pipefail

RENDER_EVERY_REQUEST=no
for argument in "$@"; do
    case "$argument" in
        --render-every-request) RENDER_EVERY_REQUEST=yes; SERVE_ARGS="${SERVE_ARGS:-} --render-every-request" ;;
        *) echo "unknown argument: $argument (see the head of $0)" >&2; exit 64 ;;
    esac
done
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
    xml) ACCEPT="application/xml"; FLOOR=35 ;;
    json) ACCEPT="application/json"; FLOOR=45 ;;
    text) ACCEPT="text/plain"; FLOOR=45 ;;
    divkit) ACCEPT="application/vnd.divkit+json"; FLOOR=45 ;;
    hxml) ACCEPT="application/vnd.hyperview+xml"; FLOOR=35 ;;
    html) ACCEPT="text/html"; FLOOR=35 ;;
    *) echo "unknown FORMAT $FORMAT: json, xml, text, divkit, hxml or html" >&2; exit 64 ;;
esac
[ "$RENDER_EVERY_REQUEST" = yes ] || FLOOR=70
SCREEN_URL="$SERVE_BASE/profile/42"
if [ "$(curl -s -o /dev/null -w '%{http_code}' -H "Accept: $ACCEPT" "$SCREEN_URL")" != 200 ]; then
    echo "!! this build does not serve $FORMAT" >&2
    exit 1
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
awk -v r="$RATIO" -v floor="$FLOOR" 'BEGIN {exit !(r >= floor)}' || PASS=no
[ "$SCREEN_ERR" = 0 ] && [ "$HELLO_ERR" = 0 ] && [ "$SCREEN_NON" = 0 ] || PASS=no
if [ "$RENDER_EVERY_REQUEST" = yes ]; then
    echo "   target, rendered every request (>= $FLOOR%, no socket errors): $PASS"
else
    awk -v p="$SCREEN_P99" 'BEGIN {exit !(p < 10)}' || PASS=no
    echo "   target, body reused (>= 70%, p99 < 10 ms, no socket errors): $PASS"
fi
