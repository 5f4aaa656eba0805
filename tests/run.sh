#!/usr/bin/env bash
# Every test of alea, in one command:  bash tests/run.sh   (or: sh tests/run.sh)
#
# On a fresh Debian 12 (as root) it first installs what is missing with
# apt-get: meson, check, python3-pytest, python3-dev, mypy, valgrind,
# libjansson-dev (for alea-referee --serve), the linters and the optional Python
# packages the research tests use (numpy, distributed, tqdm, matplotlib).  Then:
#   1. build/       --buildtype=debugoptimized -Dwerror=true: every Meson test
#                   (all suites: unit, infra, examples, python, ...);
#   2. build-asan/  ASan + UBSan (-fno-sanitize-recover=all), debug, werror:
#                   every suite except python (ctypes cannot load an ASan
#                   library into a normal interpreter; suite python-asan runs
#                   the compiled State methods with the runtimes preloaded);
#   3. build-clang/ CC=clang, werror: everything compiled, suites unit + infra
#                   (skipped when clang is absent, or with ALEA_SKIP_CLANG=1);
#   4. build-tsan/  ThreadSanitizer: the threads test (ALEA_SKIP_TSAN=1 skips);
#   5. build/ again: the unit suite under valgrind memcheck (Meson test setup
#                   `valgrind`, --error-exitcode, long random loops shortened by
#                   ALEA_TEST_QUICK; ALEA_SKIP_VALGRIND=1 skips).
# Logs of failing tests are printed.  The last line is
#   N passed, N failed, N skipped
# counted from meson-logs/testlog.json: a Check runner counts as its
# "Checks: N, Failures: F, Errors: E", a pytest run as its "N passed / N
# failed" summary, any other test as 1.  The exit status is non-zero if
# anything failed (a test, or a build that did not configure or compile).
#
# Environment: BUILD_DIR (default build), ASAN_BUILD_DIR (build-asan),
# CLANG_BUILD_DIR (build-clang), TSAN_BUILD_DIR (build-tsan), ALEA_SKIP_ASAN=1,
# ALEA_SKIP_CLANG=1, ALEA_SKIP_TSAN=1, ALEA_SKIP_VALGRIND=1,
# ALEA_NO_APT=1 (never call apt-get), MESON_TEST_ARGS (extra `meson test` args).

# Re-run under bash when started as `sh tests/run.sh`.
if [ -z "${BASH_VERSION:-}" ]; then
    exec bash "$0" "$@"
fi
set -uo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.." || exit 2
build=${BUILD_DIR:-build}
build_asan=${ASAN_BUILD_DIR:-build-asan}
build_clang=${CLANG_BUILD_DIR:-build-clang}
start=$(date +%s)

say() { printf '\n=== %s\n' "$*"; }

# ---------------------------------------------------------------- tools
export DEBIAN_FRONTEND=noninteractive
need=()
command -v meson >/dev/null 2>&1 || need+=(meson)
command -v ninja >/dev/null 2>&1 || need+=(ninja-build)
command -v pkg-config >/dev/null 2>&1 || need+=(pkg-config)
pkg-config --exists check 2>/dev/null || need+=(check)
/usr/bin/python3 -c 'import pytest' >/dev/null 2>&1 || need+=(python3-pytest)
/usr/bin/python3 -c 'import mypy' >/dev/null 2>&1 || need+=(mypy)
/usr/bin/python3 -c 'import clang.cindex' >/dev/null 2>&1 || need+=(python3-clang-14) # bindings/describe_api.py
/usr/bin/python3 -c 'import mesonpy' >/dev/null 2>&1 || need+=(python3-mesonpy)
/usr/bin/python3 -c 'import ensurepip' >/dev/null 2>&1 || need+=(python3-venv)
/usr/bin/python3 -m pip --version >/dev/null 2>&1 || need+=(python3-pip)
# Python.h: the compiled hot methods of alea.State (bindings/python/_speedups.c)
[ -f "$(/usr/bin/python3 -c 'import sysconfig; print(sysconfig.get_paths()["include"])')/Python.h" ] ||
    need+=(python3-dev)
# bindings/js and examples/web: WebAssembly, node, and a real browser
command -v emcc >/dev/null 2>&1 || need+=(emscripten)
[ -d /usr/share/nodejs/acorn ] || need+=(node-acorn)
command -v node >/dev/null 2>&1 || need+=(nodejs)
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v chromedriver >/dev/null 2>&1 || need+=(chromium-driver)
/usr/bin/python3 -c 'import selenium' >/dev/null 2>&1 || need+=(python3-selenium)
# research at scale (issue 14): numpy arrays, Dask, progress bars, the TD plot
/usr/bin/python3 -c 'import numpy' >/dev/null 2>&1 || need+=(python3-numpy)
/usr/bin/python3 -c 'import distributed' >/dev/null 2>&1 || need+=(python3-distributed)
/usr/bin/python3 -c 'import tqdm' >/dev/null 2>&1 || need+=(python3-tqdm)
/usr/bin/python3 -c 'import matplotlib' >/dev/null 2>&1 || need+=(python3-matplotlib)
command -v abidiff >/dev/null 2>&1 || need+=(abigail-tools)
command -v cppcheck >/dev/null 2>&1 || need+=(cppcheck)
pkg-config --exists jansson 2>/dev/null || need+=(libjansson-dev) # alea-referee --serve
command -v clang-tidy >/dev/null 2>&1 || need+=(clang-tidy)
[ "${ALEA_SKIP_VALGRIND:-0}" = 1 ] || command -v valgrind >/dev/null 2>&1 || need+=(valgrind)
# GNU Backgammon, the reference of tests/gnubg (its postinst would build a
# two-sided bearoff database for minutes: the tests need none, so say no).
if ! command -v gnubg >/dev/null 2>&1 && [ ! -x /usr/games/gnubg ]; then
    need+=(gnubg)
    echo "gnubg gnubg/build-bearoffs boolean false" | debconf-set-selections 2>/dev/null ||
        true
fi
if ((${#need[@]})); then
    say "installing: ${need[*]}"
    if [ "${ALEA_NO_APT:-0}" = 1 ]; then
        echo "ALEA_NO_APT=1: not installing; missing: ${need[*]}"
    elif [ "$(id -u)" != 0 ] && ! command -v sudo >/dev/null 2>&1; then
        echo "missing ${need[*]}, and not root: install them (apt-get install ${need[*]}) and re-run"
    else
        sudo=()
        [ "$(id -u)" = 0 ] || sudo=(sudo)
        "${sudo[@]}" apt-get -o DPkg::Lock::Timeout=300 update -qq </dev/null ||
            echo "warning: apt-get update failed"
        "${sudo[@]}" apt-get -o DPkg::Lock::Timeout=300 install -y -qq --no-install-recommends \
            "${need[@]}" </dev/null >/dev/null || echo "warning: apt-get install ${need[*]} failed"
    fi
fi
if ! command -v meson >/dev/null 2>&1; then
    echo "meson is not available: nothing can be built"
    echo "0 passed, 1 failed"
    exit 1
fi
meson --version | sed 's/^/meson /'

export CK_VERBOSITY=normal
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0:strict_string_checks=1}

step_failures=0
logs=()

# setup DIR ARGS...: configure, or reconfigure an existing build directory.
setup() {
    local dir=$1 log
    shift
    log=$(mktemp "${TMPDIR:-/tmp}/alea-setup.XXXXXX")
    if [ -f "$dir/meson-private/coredata.dat" ]; then
        meson setup --reconfigure "$dir" "$@" >"$log" 2>&1 ||
            meson setup --wipe "$dir" "$@" >"$log" 2>&1
    else
        meson setup "$dir" "$@" >"$log" 2>&1
    fi
    local rc=$?
    if [ $rc -ne 0 ]; then
        cat "$log"
        echo "FAILED: meson setup $dir $*"
        step_failures=$((step_failures + 1))
    else
        grep -E '^(Build type|Project version|C compiler for the host)|WARNING|DEPRECAT' "$log" || true
    fi
    rm -f "$log"
    return $rc
}

# build_and_test DIR "TEST ARGS": compile everything, then run the tests.
build_and_test() {
    local dir=$1
    shift
    rm -f "$dir/meson-logs/testlog.json"
    if meson compile -C "$dir" >"$dir/compile.log" 2>&1; then
        echo "compiled: $(grep -c '^\[' "$dir/compile.log") build steps"
    else
        grep -v '^\[[0-9]*/[0-9]*\] ' "$dir/compile.log" | tail -n 300
        echo "FAILED: meson compile -C $dir (whole log: $dir/compile.log)"
        step_failures=$((step_failures + 1))
        return 1
    fi
    # shellcheck disable=SC2086
    meson test -C "$dir" --print-errorlogs "$@" ${MESON_TEST_ARGS:-}
    local rc=$?
    if [ -f "$dir/meson-logs/testlog.json" ]; then
        logs+=("$dir/meson-logs/testlog.json")
    elif [ $rc -ne 0 ]; then
        echo "FAILED: meson test -C $dir (no testlog.json)"
        step_failures=$((step_failures + 1))
    fi
    return $rc
}

# ---------------------------------------------------------------- 1. normal
say "1/5 normal build: $build (debugoptimized, werror)"
if setup "$build" --buildtype=debugoptimized -Dwerror=true -Db_sanitize=none -Db_coverage=false -Dtests=true; then
    build_and_test "$build"
fi

# ---------------------------------------------------------------- 2. ASan+UBSan
if [ "${ALEA_SKIP_ASAN:-0}" != 1 ]; then
    say "2/5 ASan+UBSan build: $build_asan (debug, werror; all suites but python)"
    if setup "$build_asan" -Db_sanitize=address,undefined -Dc_args=-fno-sanitize-recover=all \
        --buildtype=debug -Dwerror=true -Dtests=true -Djs=false; then
        # The normal build plays 10 000 property games per game; under ASan 2 000 suffice.
        ALEA_PROPERTY_GAMES=${ALEA_ASAN_PROPERTY_GAMES:-2000} \
            build_and_test "$build_asan" --no-suite python --no-suite lint --timeout-multiplier 3
    fi
else
    say "2/5 ASan+UBSan build: skipped (ALEA_SKIP_ASAN=1)"
fi

# ---------------------------------------------------------------- 3. clang
if [ "${ALEA_SKIP_CLANG:-0}" != 1 ] && command -v clang >/dev/null 2>&1; then
    say "3/5 clang build: $build_clang (werror; suites unit + infra)"
    if CC=clang setup "$build_clang" --buildtype=debugoptimized -Dwerror=true -Db_sanitize=none -Db_coverage=false -Dtests=true -Djs=false; then
        build_and_test "$build_clang" --suite unit --suite infra
    fi
else
    say "3/5 clang build: skipped"
fi

# ---------------------------------------------------------------- 4. TSan
build_tsan=${TSAN_BUILD_DIR:-build-tsan}
if [ "${ALEA_SKIP_TSAN:-0}" != 1 ]; then
    say "4/5 ThreadSanitizer build: $build_tsan (test: threads)"
    if setup "$build_tsan" -Db_sanitize=thread --buildtype=debugoptimized -Dwerror=true \
        -Dexamples=false -Dtests=true -Djs=false; then
        TSAN_OPTIONS=halt_on_error=1 build_and_test "$build_tsan" threads
    fi
else
    say "4/5 ThreadSanitizer build: skipped (ALEA_SKIP_TSAN=1)"
fi

# ---------------------------------------------------------------- 5. valgrind
# The normal build again, its unit suite under memcheck (meson.build: test setup
# `valgrind`).  Meson writes this run's log as testlog-valgrind.json, so the
# log of step 1 is kept.
if [ "${ALEA_SKIP_VALGRIND:-0}" != 1 ] && command -v valgrind >/dev/null 2>&1; then
    say "5/5 valgrind: $build (suite unit under memcheck)"
    vg_log="$build/meson-logs/testlog-valgrind.json"
    rm -f "$vg_log"
    vg_start=$(date +%s)
    if [ -f "$build/build.ninja" ]; then
        # shellcheck disable=SC2086
        meson test -C "$build" --setup valgrind --suite unit --print-errorlogs ${MESON_TEST_ARGS:-}
        vg_rc=$?
        if [ -f "$vg_log" ]; then
            logs+=("$vg_log")
        elif [ $vg_rc -ne 0 ]; then
            echo "FAILED: meson test -C $build --setup valgrind (no $vg_log)"
            step_failures=$((step_failures + 1))
        fi
    else
        echo "FAILED: $build was not configured (step 1), nothing to run under valgrind"
        step_failures=$((step_failures + 1))
    fi
    echo "valgrind step: $(($(date +%s) - vg_start)) s"
else
    say "5/5 valgrind: skipped"
fi

# ---------------------------------------------------------------- summary
elapsed=$(($(date +%s) - start))
say "summary ($((elapsed / 60)) min $((elapsed % 60)) s)"
py=$(command -v python3 || echo /usr/bin/python3)
"$py" - "$step_failures" "${logs[@]}" <<'PY'
import json, re, sys

step_failures = int(sys.argv[1])
passed = failed = skipped = 0
bad = []
check_re = re.compile(r"Checks: (\d+), Failures: (\d+), Errors: (\d+)")
# pytest's closing line, e.g. "3 failed, 40 passed, 1 skipped in 0.52s" (with or without ====).
pytest_re = re.compile(r"^=*\s*((?:\d+ (?:passed|failed|errors?|skipped|xfailed|xpassed|warnings?|deselected)(?:, )?)+)\s+in\s+[\d.]+s")
for path in sys.argv[2:]:
    build = path.split("/meson-logs/")[0]
    if path.endswith("-valgrind.json"):
        build += " (valgrind)"
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            line = line.strip()
            if not line:
                continue
            r = json.loads(line)
            result = r.get("result", "")
            out = r.get("stdout") or ""
            ok = result in ("OK", "EXPECTEDFAIL")
            p = fl = s = 0
            parsed = False
            for m in check_re.finditer(out):
                n, f_, e = map(int, m.groups())
                p += n - f_ - e
                fl += f_ + e
                parsed = True
            for l in out.splitlines():
                m = pytest_re.match(l.strip())
                if m:
                    parsed = True
                    for num, word in re.findall(r"(\d+) (\w+)", m.group(1)):
                        num = int(num)
                        if word in ("passed", "xfailed", "xpassed"):
                            p += num
                        elif word in ("failed", "error", "errors"):
                            fl += num
                        elif word == "skipped":
                            s += num
            if not parsed:
                if result == "SKIP":
                    s = 1
                elif ok:
                    p = 1
                else:
                    fl = 1
            elif not ok and result != "SKIP" and fl == 0:
                fl = 1  # e.g. a leak or crash after the summary, a timeout
            passed += p
            failed += fl
            skipped += s
            if fl:
                bad.append(f"{build}: {r.get('name')} ({result})")
failed += step_failures
if step_failures:
    bad.append(f"{step_failures} build step(s) failed (see above)")
for b in bad:
    print("failed:", b)
print(f"{passed} passed, {failed} failed, {skipped} skipped")
sys.exit(1 if failed else 0)
PY
