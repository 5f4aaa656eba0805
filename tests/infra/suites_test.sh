#!/bin/sh
# Every tests/test_*.c is a suite that tests/meson.build builds and runs: a
# test file renamed or added without its line there would otherwise never run.
#
# usage: suites_test.sh TESTS_DIR SUITE...   (the names in tests/meson.build)
# Exit 0 = pass, 1 = a test file no suite builds.
set -u
[ $# -ge 1 ] || { echo "usage: $0 TESTS_DIR SUITE..." >&2; exit 2; }
dir=$1
shift
rc=0
found=0
for f in "$dir"/test_*.c; do
    [ -e "$f" ] || continue
    found=$((found + 1))
    name=$(basename "$f" .c)
    name=${name#test_}
    listed=0
    for s in "$@"; do
        [ "$s" = "$name" ] && listed=1
    done
    if [ $listed -eq 0 ]; then
        echo "FAIL: $f is not in the suite list of tests/meson.build"
        rc=1
    fi
done
if [ $found -eq 0 ]; then
    echo "FAIL: no tests/test_*.c under $dir"
    rc=1
fi
[ $rc -eq 0 ] && echo "ok: $found test files, each one a suite"
exit $rc
