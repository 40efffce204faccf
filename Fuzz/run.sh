#!/usr/bin/env bash
# Builds the fuzz targets (when needed) and runs one, or all in turn, with libFuzzer.
#
#   Fuzz/run.sh TARGET SECONDS [libFuzzer options...]
#   Fuzz/run.sh all SECONDS [libFuzzer options...]
#   Fuzz/run.sh FuzzDeepLink 0 -runs=10000000     # a fixed number of executions
#
# TARGET is FuzzDeepLink, FuzzRoutePattern, FuzzXMLReader, FuzzBeagleJSONReader or
# FuzzResolve; SECONDS 0 means no time limit (then give -runs=N). Each run works on a
# copy of Fuzz/Corpus/TARGET in a temporary folder, so the committed corpus does not
# grow, with Fuzz/Dictionaries/TARGET.dict. At the end of each target it prints the
# executions, the coverage (cov, ft) and the corpus size of libFuzzer's final line,
# and the result. A finding (crash, sanitizer report, timeout, out of memory, leak)
# is copied to Fuzz/Findings/TARGET-<kind>-<sha1 prefix> and makes the script exit 1,
# after the other targets of `all` have run; a build failure exits 2.
#
# Environment: FUZZ_CONFIG=debug builds without optimisation (about 7 times fewer
# executions per second than the default, release with debug info); FUZZ_KEEP=1 keeps
# the temporary folder (log and corpus reached); FUZZ_JOBS sets swift build's -j.
set -uo pipefail

fuzz="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
targets=(FuzzDeepLink FuzzRoutePattern FuzzXMLReader FuzzBeagleJSONReader FuzzResolve)

usage() {
    echo "usage: $0 TARGET|all SECONDS [libFuzzer options...]" >&2
    echo "targets: ${targets[*]}" >&2
    exit 64
}
[ $# -ge 2 ] || usage
target="$1"
seconds="$2"
shift 2
[[ "$seconds" =~ ^[0-9]+$ ]] || usage
if [ "$target" = all ]; then
    selected=("${targets[@]}")
else
    [[ " ${targets[*]} " == *" $target "* ]] || usage
    selected=("$target")
fi

config="${FUZZ_CONFIG:-release}"
build_flags=(-c "$config" --package-path "$fuzz" --scratch-path "$fuzz/.build"
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library)
# Release with debug info: optimised code runs about 7 times more inputs per second
# than debug, and -g keeps file and line in the sanitizer's stacks.
[ "$config" = release ] && build_flags+=(-Xswiftc -g)
[ -n "${FUZZ_JOBS:-}" ] && build_flags+=(-j "$FUZZ_JOBS")

echo "fuzz: swift build ${build_flags[*]}"
start=$(date +%s)
mkdir -p "$fuzz/.build"
if ! swift build "${build_flags[@]}" >"$fuzz/.build/build-log.txt" 2>&1; then
    grep -E "error:" "$fuzz/.build/build-log.txt" | head -20 >&2
    echo "fuzz: the build failed (full log: $fuzz/.build/build-log.txt)" >&2
    exit 2
fi
echo "fuzz: built in $(($(date +%s) - start)) s"
bin="$(swift build "${build_flags[@]}" --show-bin-path 2>/dev/null)"

# ASan options. Everything is reported; nothing is suppressed:
# - detect_leaks=1: LeakSanitizer runs at exit and, through libFuzzer, on inputs whose
#   mallocs and frees do not balance. The Swift runtime's metadata caches and the
#   targets' globals stay reachable, so they are not leaks; runs of every target
#   showed no false report with it on, so it stays on.
# - allocator_may_return_null=1: an allocation beyond -rss_limit_mb/-malloc_limit_mb
#   is libFuzzer's out-of-memory report (a finding), not an ASan abort.
# - symbolize=1 with llvm-symbolizer from the toolchain: stacks with file and line.
# - handle_abort=1: a Swift trap or fatalError (SIGILL/SIGTRAP on x86_64, or abort)
#   is reported with its stack; libFuzzer's -handle_* defaults cover the rest.
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=1:symbolize=1:handle_abort=1:print_summary=1}"
symbolizer="$(dirname "$(command -v swift)")/llvm-symbolizer"
[ -x "$symbolizer" ] && export ASAN_SYMBOLIZER_PATH="$symbolizer"

failed=0
summary=()
for name in "${selected[@]}"; do
    work="$(mktemp -d "${TMPDIR:-/tmp}/fuzz-$name.XXXXXX")"
    mkdir -p "$work/corpus" "$work/artifacts"
    cp "$fuzz/Corpus/$name/"* "$work/corpus/" 2>/dev/null || true
    options=(-max_len=4096 -timeout=10 -rss_limit_mb=4096 -print_final_stats=1
        -artifact_prefix="$work/artifacts/" -max_total_time="$seconds")
    [ -f "$fuzz/Dictionaries/$name.dict" ] && options+=(-dict="$fuzz/Dictionaries/$name.dict")
    echo "fuzz: $name for ${seconds}s: $bin/$name ${options[*]} $* $work/corpus"
    keep="${FUZZ_KEEP:-0}"
    start=$(date +%s.%N)
    "$bin/$name" "${options[@]}" "$@" "$work/corpus" >"$work/log.txt" 2>&1
    status=$?
    elapsed=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.0f", b - a }')

    executions=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/log.txt" | tail -1)
    final=$(grep -E '^#[0-9]+' "$work/log.txt" | tail -1)
    [ -z "$executions" ] && executions=$(echo "$final" | sed -n 's/^#\([0-9]*\).*/\1/p')
    cov=$(echo "$final" | sed -n 's/.*cov: \([0-9]*\).*/\1/p')
    ft=$(echo "$final" | sed -n 's/.*ft: \([0-9]*\).*/\1/p')
    corp=$(echo "$final" | sed -n 's/.*corp: \([0-9]*\/[0-9]*[a-zA-Z]*\).*/\1/p')
    rate=$(awk -v n="${executions:-0}" -v s="$elapsed" 'BEGIN { printf "%.0f", (s > 0 ? n / s : n) }')

    artifacts=("$work/artifacts/"*)
    if [ "$status" -eq 0 ] && [ ! -e "${artifacts[0]}" ]; then
        result="no finding"
    else
        failed=1
        result="FINDING (libFuzzer exit $status)"
        grep -E "^==[0-9]+==ERROR|^SUMMARY|Fatal error|PROPERTY|^    #[0-9]+ " "$work/log.txt" | head -40
        mkdir -p "$fuzz/Findings"
        for artifact in "${artifacts[@]}"; do
            [ -e "$artifact" ] || continue
            kind="$(basename "$artifact" | cut -d- -f1)"
            copy="$fuzz/Findings/$name-$kind-$(sha1sum "$artifact" | cut -c1-12)"
            cp "$artifact" "$copy"
            result+="; input $copy ($(wc -c <"$artifact") bytes: $(head -c 64 "$artifact" | od -An -tx1 | tr -d ' \n'))"
        done
        keep=1
    fi
    line="$name: ${executions:-?} executions in $elapsed s (${rate} exec/s), cov: ${cov:-?} ft: ${ft:-?}, corpus ${corp:-?}: $result"
    echo "fuzz: $line"
    summary+=("$line")
    if [ "$keep" = 1 ]; then
        echo "fuzz: log and corpus kept in $work"
    else
        rm -rf "$work"
    fi
done

if [ ${#selected[@]} -gt 1 ]; then
    echo "fuzz: summary"
    printf '  %s\n' "${summary[@]}"
fi
exit "$failed"
