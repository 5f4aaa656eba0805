#!/bin/sh
# Static analysis of lib/: clang-tidy (configuration: .clang-tidy, warnings are
# errors) and cppcheck (warning, performance, portability).
# usage: lint_test.sh TOOL SOURCE_ROOT BUILD_ROOT   (TOOL: clang-tidy | cppcheck)
# Exit 0 = clean, 1 = findings, 77 = skipped (tool not installed).
set -u
[ $# -eq 3 ] || { echo "usage: $0 clang-tidy|cppcheck SOURCE_ROOT BUILD_ROOT" >&2; exit 2; }
tool=$1 src=$2 build=$3
command -v "$tool" >/dev/null 2>&1 || { echo "SKIP: $tool not found"; exit 77; }
# lib/backgammon/weights.c is data (the trained network's floats, generated
# by tests/tools/bg_train.c): nothing to analyse, and slow to parse.
files=$(find "$src/lib" -name '*.c' ! -name weights.c | sort)
case $tool in
clang-tidy)
    [ -f "$build/compile_commands.json" ] || { echo "SKIP: no compile_commands.json"; exit 77; }
    # shellcheck disable=SC2086
    printf '%s\n' $files | xargs -P "$(nproc 2>/dev/null || echo 2)" -n 1 \
        clang-tidy -p "$build" --quiet 2>/dev/null >"$build/clang-tidy.log"
    rc=$?
    cat "$build/clang-tidy.log"
    if [ $rc -ne 0 ] || grep -q 'error:' "$build/clang-tidy.log"; then
        echo "FAIL: clang-tidy findings (see above)"
        exit 1
    fi
    echo "ok   clang-tidy: $(printf '%s\n' $files | wc -l) files clean"
    ;;
cppcheck)
    # shellcheck disable=SC2086
    cppcheck --quiet --std=c11 --enable=warning,performance,portability --inline-suppr \
        --error-exitcode=1 -I"$src/include" -I"$src/lib" $files || {
        echo "FAIL: cppcheck findings (see above)"
        exit 1
    }
    echo "ok   cppcheck: $(printf '%s\n' $files | wc -l) files clean"
    ;;
*)
    echo "unknown tool $tool" >&2
    exit 2
    ;;
esac
