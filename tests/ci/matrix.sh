#!/usr/bin/env bash
# The build matrix of alea's tests: part 2 of tests/run.sh.
# usage: matrix.sh RESULTS_DIR
#
# Five steps, each a build directory configured, compiled and tested:
#   normal    build/       debugoptimized, werror: every Meson test (all suites);
#   valgrind  build/ again: suite unit under memcheck (test setup `valgrind`:
#             long random loops shortened by ALEA_TEST_QUICK);
#   asan      build-asan/  ASan + UBSan (-fno-sanitize-recover=all), debug:
#             every suite but python (ctypes cannot load an ASan library into a
#             normal interpreter; suite python-asan preloads the runtimes), the
#             random loops at a tenth (ALEA_TEST_SCALE=10: the normal build runs
#             them at full length);
#   clang     build-clang/ CC=clang, werror: everything compiled, suites unit + infra,
#             the random loops at a tenth too;
#   tsan      build-tsan/  ThreadSanitizer: the threads test.
# They run in two lanes at once (normal, valgrind | asan, clang, tsan), each
# lane's tests one at a time (on more than 2 cores, nproc/2 at a time), so that
# both cores stay busy to the end; ALEA_LANES=1 runs the five steps one after
# the other.  Each step's output is printed whole when it ends.
# For the summary, RESULTS_DIR gets one line per test log in `logs` and one
# line per failed build step in `failures`.
#
# Environment: BUILD_DIR, ASAN_BUILD_DIR, CLANG_BUILD_DIR, TSAN_BUILD_DIR (the
# directories), ALEA_SKIP_ASAN=1, ALEA_SKIP_CLANG=1, ALEA_SKIP_TSAN=1,
# ALEA_SKIP_VALGRIND=1, ALEA_LANES (2), MESON_TEST_ARGS (extra `meson test` args).
set -uo pipefail
results=${1:?usage: matrix.sh RESULTS_DIR}
mkdir -p "$results"
: >"$results/logs"
: >"$results/failures"
build=${BUILD_DIR:-build}
build_asan=${ASAN_BUILD_DIR:-build-asan}
build_clang=${CLANG_BUILD_DIR:-build-clang}
build_tsan=${TSAN_BUILD_DIR:-build-tsan}
lanes=${ALEA_LANES:-2}
cores=$(nproc 2>/dev/null || echo 2)
jobs=$((cores / lanes))
((jobs >= 1)) || jobs=1

export CK_VERBOSITY=normal
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0:strict_string_checks=1}

fail() {
    echo "FAILED: $*"
    echo "$*" >>"$results/failures"
}

# setup DIR ARGS...: configure, or reconfigure an existing build directory.
setup() {
    local dir=$1 log rc
    shift
    log=$(mktemp "${TMPDIR:-/tmp}/alea-setup.XXXXXX")
    if [ -f "$dir/meson-private/coredata.dat" ]; then
        meson setup --reconfigure "$dir" "$@" >"$log" 2>&1 ||
            meson setup --wipe "$dir" "$@" >"$log" 2>&1
    else
        meson setup "$dir" "$@" >"$log" 2>&1
    fi
    rc=$?
    if [ $rc -ne 0 ]; then
        cat "$log"
        fail "meson setup $dir $*"
    else
        grep -E '^(Build type|Project version|C compiler for the host)|WARNING|DEPRECAT' "$log" || true
    fi
    rm -f "$log"
    return $rc
}

# run_tests DIR LOG ARGS...: meson test, its log kept for the summary.
run_tests() {
    local dir=$1 log=$2 rc
    shift 2
    rm -f "$log"
    # shellcheck disable=SC2086
    meson test -C "$dir" --num-processes "$jobs" --print-errorlogs "$@" ${MESON_TEST_ARGS:-}
    rc=$?
    if [ -f "$log" ]; then
        echo "$log" >>"$results/logs"
    elif [ $rc -ne 0 ]; then
        fail "meson test -C $dir $* (no $log)"
    fi
}

# build_and_test DIR ARGS...: compile everything, then run the tests.
build_and_test() {
    local dir=$1
    shift
    if meson compile -C "$dir" >"$dir/compile.log" 2>&1; then
        echo "compiled: $(grep -c '^\[' "$dir/compile.log") build steps"
    else
        grep -v '^\[[0-9]*/[0-9]*\] ' "$dir/compile.log" | tail -n 300
        fail "meson compile -C $dir (whole log: $dir/compile.log)"
        return 1
    fi
    run_tests "$dir" "$dir/meson-logs/testlog.json" "$@"
}

step_normal() {
    setup "$build" --buildtype=debugoptimized -Dwerror=true -Db_sanitize=none \
        -Db_coverage=false -Dtests=true && build_and_test "$build"
}

# The normal build's unit suite again under memcheck.  Meson names this run's
# log testlog-valgrind.json, so the log of step normal is kept.
step_valgrind() {
    if [ ! -f "$build/build.ninja" ]; then
        fail "$build was not configured (step normal): nothing to run under valgrind"
        return
    fi
    run_tests "$build" "$build/meson-logs/testlog-valgrind.json" --setup valgrind --suite unit
}

step_asan() {
    setup "$build_asan" -Db_sanitize=address,undefined -Dc_args=-fno-sanitize-recover=all \
        --buildtype=debug -Dwerror=true -Dtests=true -Djs=false &&
        ALEA_TEST_SCALE=${ALEA_ASAN_TEST_SCALE:-10} \
            build_and_test "$build_asan" --no-suite python --no-suite lint --timeout-multiplier 3
}

step_clang() {
    CC=clang setup "$build_clang" --buildtype=debugoptimized -Dwerror=true -Db_sanitize=none \
        -Db_coverage=false -Dtests=true -Djs=false &&
        ALEA_TEST_SCALE=${ALEA_CLANG_TEST_SCALE:-10} \
            build_and_test "$build_clang" --suite unit --suite infra
}

step_tsan() {
    setup "$build_tsan" -Db_sanitize=thread --buildtype=debugoptimized -Dwerror=true \
        -Dexamples=false -Dtests=true -Djs=false &&
        TSAN_OPTIONS=halt_on_error=1 build_and_test "$build_tsan" threads
}

# step NAME: runs step_NAME unless skipped, its output printed whole at the end.
step() {
    local name=$1 skip out t0
    case $name in
    asan) skip=${ALEA_SKIP_ASAN:-0} ;;
    clang) skip=${ALEA_SKIP_CLANG:-0}; command -v clang >/dev/null 2>&1 || skip=1 ;;
    tsan) skip=${ALEA_SKIP_TSAN:-0} ;;
    valgrind) skip=${ALEA_SKIP_VALGRIND:-0}; command -v valgrind >/dev/null 2>&1 || skip=1 ;;
    *) skip=0 ;;
    esac
    if [ "$skip" = 1 ]; then
        printf '\n=== step %s: skipped\n' "$name"
        return
    fi
    echo "--- step $name: started $(date +%T)"
    out=$(mktemp "${TMPDIR:-/tmp}/alea-step.XXXXXX")
    t0=$(date +%s)
    "step_$name" >"$out" 2>&1
    printf '\n=== step %s (%d s)\n' "$name" $(($(date +%s) - t0))
    cat "$out"
    rm -f "$out"
}

if [ "$lanes" -ge 2 ]; then
    { step normal; step valgrind; } &
    { step asan; step clang; step tsan; } &
    wait
else
    for s in normal asan clang tsan valgrind; do step "$s"; done
fi
