# Shared by http-bench.sh and soak.sh (sourced, not run): a work folder whose servers
# stop on exit, wrk and curl, starting a server and reading wrk's report.

WORK=$(mktemp -d)

# Stops the servers `start` started (their ids are in $WORK/*.pid).
cleanup() {
    for file in "$WORK"/*.pid; do
        [ -f "$file" ] || continue
        pid=$(cat "$file")
        kill -TERM "$pid" 2>/dev/null || true
        for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.05; done
    done
    rm -rf "$WORK"
}
trap cleanup EXIT

if ! command -v wrk >/dev/null; then
    echo "== installing wrk (Debian's package)"
    SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO=sudo
    $SUDO apt-get update -qq && $SUDO apt-get install -y -qq wrk >/dev/null
fi
command -v curl >/dev/null || { echo "curl is needed" >&2; exit 1; }

# start NAME COMMAND...: runs a server on a free port, waits for its "serving URL" line
# and prints the URL; the process id is in $WORK/NAME.pid.
start() {
    local name=$1; shift
    "$@" >"$WORK/$name.out" 2>"$WORK/$name.err" &
    echo $! >"$WORK/$name.pid"   # a file: start runs in a command substitution
    for _ in $(seq 1 200); do
        if grep -q "serving http" "$WORK/$name.out" 2>/dev/null; then
            sed -n 's/.*serving \(http[^ ]*\).*/\1/p' "$WORK/$name.out" | head -1
            return
        fi
        sleep 0.05
    done
    echo "$name did not start:" >&2; cat "$WORK/$name.err" >&2; exit 1
}

# wrk_p99 and wrk_socket_errors read a wrk report (with --latency) on standard input:
# the 99th percentile in milliseconds, and the sum of connect, read, write and timeout errors.
wrk_p99() {
    awk '$1 == "99%" {v=$2; if (v ~ /us$/) {sub(/us$/,"",v); v/=1000} else if (v ~ /ms$/) {sub(/ms$/,"",v)} else if (v ~ /s$/) {sub(/s$/,"",v); v*=1000}; print v}'
}
wrk_socket_errors() {
    awk '/Socket errors:/ {gsub(/,/,""); print $4+$6+$8+$10; found=1} END {if (!found) print 0}'
}
