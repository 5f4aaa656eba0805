#!/usr/bin/env bash
# The build matrix of alea's tests: part 2 of tests/run.sh.
# usage: matrix.sh RESULTS_DIR
#
# Five steps over four build directories:
#   normal    build/       debugoptimized, werror: every Meson test (all suites);
#   valgrind  build/ again: suite unit under memcheck (test setup `valgrind`:
#             long random loops shortened by ALEA_TEST_QUICK);
#   asan      build-asan/  ASan + UBSan (-fno-sanitize-recover=all), debugoptimized
#             (-O2 -g: the tests run 2.5 times faster than at -O0, and ASan's
#             own advice is -O1 or more; gcc's -O1 warns falsely on sgf.c):
#             every suite but python and lint (ctypes cannot load an ASan library
#             into a normal interpreter; suite python-asan preloads the runtimes),
#             the random loops at a tenth (ALEA_TEST_SCALE=10: the normal build
#             runs them at full length);
#   clang     build-clang/ CC=clang, werror: everything compiled, suites unit + infra,
#             the random loops at a tenth too;
#   tsan      build-tsan/  ThreadSanitizer: the threads test (only its program
#             compiled).
#
# Two phases, so that every core stays busy to the end whatever the tests'
# lengths:
#   1. compile, in two lanes: normal | asan, clang, tsan;
#   2. every test of every step is a job (one `meson test` run of one test, or
#      of up to six tests that take under 5 s each).
#      Workers (one per core; the two lanes become workers when their builds
#      are done) take the heaviest job whose build is ready, the weights being
#      the seconds each test took on an idle 2-core machine (tests/ci/weights;
#      a test not listed weighs 1).
# A job's result line is printed when it ends, its whole output if it failed.
# For the summary, RESULTS_DIR gets one line per test log in `logs` and one
# line per failed build step in `failures`.
#
# Environment: BUILD_DIR, ASAN_BUILD_DIR, CLANG_BUILD_DIR, TSAN_BUILD_DIR (the
# directories), ALEA_SKIP_ASAN=1, ALEA_SKIP_CLANG=1, ALEA_SKIP_TSAN=1,
# ALEA_SKIP_VALGRIND=1, ALEA_WORKERS (default: the number of cores; 1 runs
# everything one after the other), MESON_TEST_ARGS (extra `meson test` args).
set -uo pipefail
results=${1:?usage: matrix.sh RESULTS_DIR}
mkdir -p "$results/claim" "$results/built"
: >"$results/logs"
: >"$results/failures"
: >"$results/jobs"
build=${BUILD_DIR:-build}
build_asan=${ASAN_BUILD_DIR:-build-asan}
build_clang=${CLANG_BUILD_DIR:-build-clang}
build_tsan=${TSAN_BUILD_DIR:-build-tsan}
workers=${ALEA_WORKERS:-$(nproc 2>/dev/null || echo 2)}
((workers >= 1)) || workers=1
weights=$(dirname "${BASH_SOURCE[0]}")/weights

export CK_VERBOSITY=normal
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0:strict_string_checks=1}

fail() {
    echo "FAILED: $*"
    echo "$*" >>"$results/failures"
}

skipped() {
    case $1 in
    asan) [ "${ALEA_SKIP_ASAN:-0}" = 1 ] ;;
    clang) [ "${ALEA_SKIP_CLANG:-0}" = 1 ] || ! command -v clang >/dev/null 2>&1 ;;
    tsan) [ "${ALEA_SKIP_TSAN:-0}" = 1 ] ;;
    valgrind) [ "${ALEA_SKIP_VALGRIND:-0}" = 1 ] || ! command -v valgrind >/dev/null 2>&1 ;;
    *) false ;;
    esac
}

steps=()
for s in normal valgrind asan clang tsan; do
    if skipped "$s"; then printf '=== step %s: skipped\n' "$s"; else steps+=("$s"); fi
done

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

# compile DIR [TARGET...]: everything, or only the targets named.
compile() {
    local dir=$1
    shift
    if meson compile -C "$dir" "$@" >"$dir/compile.log" 2>&1; then
        echo "compiled $dir: $(grep -c '^\[' "$dir/compile.log") build steps"
    else
        grep -v '^\[[0-9]*/[0-9]*\] ' "$dir/compile.log" | tail -n 300
        fail "meson compile -C $dir (whole log: $dir/compile.log)"
        return 1
    fi
}

# Each step: its directory, its configuration, the tests it runs and how.
step_dir() {
    case $1 in
    normal | valgrind) echo "$build" ;;
    asan) echo "$build_asan" ;;
    clang) echo "$build_clang" ;;
    tsan) echo "$build_tsan" ;;
    esac
}

configure() {
    case $1 in
    normal) setup "$build" --buildtype=debugoptimized -Dwerror=true -Db_sanitize=none \
        -Db_coverage=false -Dtests=true ;;
    asan) setup "$build_asan" -Db_sanitize=address,undefined -Dc_args=-fno-sanitize-recover=all \
        --buildtype=debugoptimized -Dwerror=true -Dtests=true -Djs=false ;;
    clang) CC=clang setup "$build_clang" --buildtype=debugoptimized -Dwerror=true -Db_sanitize=none \
        -Db_coverage=false -Dtests=true -Djs=false ;;
    tsan) setup "$build_tsan" -Db_sanitize=thread --buildtype=debugoptimized -Dwerror=true \
        -Dexamples=false -Dtests=true -Djs=false ;;
    esac
}

# step_targets STEP: what the step compiles (nothing: everything).  The tsan
# step runs one test, so it builds that test's program and what it links.
step_targets() {
    case $1 in
    tsan) echo "test_threads" ;;
    esac
}

# test_selection STEP: the `meson test` arguments choosing the step's tests.
test_selection() {
    case $1 in
    normal) ;;
    valgrind) echo "--suite unit" ;;
    asan) echo "--no-suite python --no-suite lint" ;;
    clang) echo "--suite unit --suite infra" ;;
    tsan) echo "threads" ;;
    esac
}

# step_skips STEP: tests of the step's selection that would repeat the normal
# step's exactly: they compile with the build's compiler but not its
# sanitizer flags (alea as a subproject, each header alone).
step_skips() {
    case $1 in
    asan) echo "subproject headers" ;;
    esac
}

# queue STEP: adds the step's tests to the jobs, each with its weight.
queue() {
    local step=$1 dir list
    dir=$(step_dir "$step")
    list=$(mktemp "${TMPDIR:-/tmp}/alea-jobs.XXXXXX")
    # shellcheck disable=SC2046
    meson test -C "$dir" --no-rebuild --list $(test_selection "$step") 2>/dev/null |
        sed -n 's|^[^ ]* / ||p' |
        awk -v step="$step" -v wf="$weights" -v skips="$(step_skips "$step")" '
            BEGIN { while ((getline line < wf) > 0) { split(line, f, " "); if (f[3] != "") w[f[1] " " f[2]] = f[3] }
                    n = split(skips, s, " "); for (i = 1; i <= n; i++) skip[s[i]] = 1; n = 0 }
            $0 in skip { next }
            # a light test (under 5 s) joins others in one job of up to 6 tests: a
            # `meson test` run costs about half a second before the test starts
            { t = (step " " $0) in w ? w[step " " $0] : 1
              if (t >= 5) { print t, step, $0; next }
              group = group == "" ? $0 : group "," $0; gw += t
              if (++n == 6) { print gw, step, group; group = ""; gw = n = 0 } }
            END { if (n) print gw, step, group }' >"$list"
    if [ ! -s "$list" ]; then
        fail "no tests listed for step $step in $dir"
    fi
    echo "--- step $step: $(grep -c . "$list") jobs queued ($(date +%T))"
    cat "$list" >>"$results/jobs"
    rm -f "$list"
}

# build STEP: configure and compile; queue its tests (and valgrind's after normal).
build_step() {
    local step=$1 t0
    t0=$(date +%s)
    # shellcheck disable=SC2046
    if configure "$step" && compile "$(step_dir "$step")" $(step_targets "$step"); then
        echo "--- step $step: built in $(($(date +%s) - t0)) s ($(date +%T))"
        queue "$step"
        if [ "$step" = normal ] && [[ " ${steps[*]} " == *" valgrind "* ]]; then
            queue valgrind
        fi
    fi
    echo ended >"$results/built/$step"
}

# settled: every build has ended (compiled or failed), so no job will be added.
settled() {
    local s
    for s in "${steps[@]}"; do
        [ "$s" = valgrind ] && continue
        [ -f "$results/built/$s" ] || return 1
    done
}

# next_job: claims the heaviest job not yet claimed; prints "STEP TEST".
next_job() {
    local w s t
    while read -r w s t; do
        if mkdir "$results/claim/$s.${t//\//_}" 2>/dev/null; then
            echo "$s $t"
            return 0
        fi
    done < <(sort -s -k1,1nr "$results/jobs")
    return 1
}

# run_job STEP TEST: one meson test run, its log kept for the summary.
run_job() {
    local step=$1 name=$2 dir logbase out rc t0 log
    local -a args=(--no-rebuild --num-processes 1 --print-errorlogs)
    local -a env=()
    dir=$(step_dir "$step")
    logbase="job-$step-${name//[^A-Za-z0-9_.-]/_}"
    case $step in
    valgrind) args+=(--setup valgrind) ;;
    asan) args+=(--timeout-multiplier 3); env=(ALEA_TEST_SCALE="${ALEA_ASAN_TEST_SCALE:-10}") ;;
    clang) env=(ALEA_TEST_SCALE="${ALEA_CLANG_TEST_SCALE:-10}") ;;
    tsan) env=(TSAN_OPTIONS=halt_on_error=1) ;;
    esac
    out=$(mktemp "${TMPDIR:-/tmp}/alea-job.XXXXXX")
    t0=$(date +%s)
    # shellcheck disable=SC2086
    local -a names
    IFS=, read -r -a names <<<"$name"
    env "${env[@]}" meson test -C "$dir" "${args[@]}" --logbase "$logbase" ${MESON_TEST_ARGS:-} "${names[@]}" >"$out" 2>&1
    rc=$?
    log=$dir/meson-logs/$logbase.json
    [ "$step" = valgrind ] && log=$dir/meson-logs/$logbase-valgrind.json # Meson adds the setup's name
    if [ -f "$log" ]; then
        echo "$log" >>"$results/logs"
    else
        fail "meson test -C $dir ${args[*]} $name (no log)"
    fi
    if [ $rc -ne 0 ]; then
        printf '=== %s %s: failed (%d s)\n' "$step" "$name" $(($(date +%s) - t0))
        cat "$out"
    else
        grep -E '^ *[0-9]+/[0-9]+ ' "$out" | sed "s|^ *[0-9]*/[0-9]* *|$step: |"
    fi
    rm -f "$out"
}

worker() {
    local job was_settled
    while :; do
        was_settled=0
        settled && was_settled=1
        if job=$(next_job); then
            # shellcheck disable=SC2086
            run_job $job
        elif [ $was_settled = 1 ]; then
            return
        else
            sleep 1
        fi
    done
}

lane_a=() lane_b=()
for s in "${steps[@]}"; do
    case $s in
    normal) lane_a+=("$s") ;;
    asan | clang | tsan) lane_b+=("$s") ;;
    esac
done
t0=$(date +%s)
if [ "$workers" -ge 2 ]; then
    { for s in "${lane_a[@]}"; do build_step "$s"; done; worker; } &
    { for s in "${lane_b[@]}"; do build_step "$s"; done; worker; } &
    for ((i = 2; i < workers; i++)); do worker & done
    wait
else
    for s in "${lane_a[@]}" "${lane_b[@]}"; do build_step "$s"; done
    worker
fi
printf '=== builds and tests: %d s, %d jobs\n' $(($(date +%s) - t0)) "$(grep -c . "$results/jobs")"
