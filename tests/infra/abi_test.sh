#!/bin/sh
# ABI test: the shared library's ABI, as libabigail reads it from the DWARF
# of libalea.so and the public headers, must stay compatible with the
# committed baseline tests/abi/libalea.abi for the current major version:
# added functions are fine, a removed function or a changed signature or
# struct layout fails.  After an intended, compatible change (a new function,
# a new game) refresh the baseline with
#     abidw --no-show-locs --out-file tests/abi/libalea.abi build/lib/libalea.so
# usage: abi_test.sh LIBALEA_SO BASELINE SANITIZE
# Exit 0 = compatible, 1 = incompatible, 77 = skipped (no abidiff, a sanitizer
# build, or no baseline).
set -u
[ $# -eq 3 ] || { echo "usage: $0 LIBALEA_SO BASELINE SANITIZE" >&2; exit 2; }
lib=$1 baseline=$2 sanitize=$3
command -v abidiff >/dev/null 2>&1 || { echo "SKIP: abidiff not found (apt-get install abigail-tools)"; exit 77; }
[ "$sanitize" = none ] || { echo "SKIP: sanitizer build ($sanitize)"; exit 77; }
[ -f "$baseline" ] || { echo "SKIP: no baseline $baseline"; exit 77; }
# --harmless: libabigail otherwise files a changed struct behind a pointer
# parameter (e.g. a field inserted into alea_game_info) as harmless.
# Opaque types (declared, never defined in include/alea) are not ABI.
supp=$(dirname "$baseline")/opaque.supp
report=$(abidiff --harmless --no-show-locs ${supp:+--suppressions "$supp"} "$baseline" "$lib")
rc=$?
printf '%s\n' "$report"
# abidiff's exit status is a bit field: 1 error, 2 usage, 4 ABI change,
# 8 incompatible ABI change.
if [ $((rc & 3)) -ne 0 ]; then
    echo "FAIL: abidiff could not compare (status $rc)"
    exit 1
fi
changed=$(printf '%s\n' "$report" | sed -n 's/.*changes summary: \([0-9]*\) Removed, \([0-9]*\) Changed.*/\1 \2/p' |
    awk '{ n += $1 + $2 } END { print n + 0 }')
if [ $((rc & 8)) -ne 0 ] || [ "$changed" -ne 0 ]; then
    echo "FAIL: removed or changed functions, variables or types against $baseline"
    exit 1
fi
[ $((rc & 4)) -ne 0 ] && echo "ok   additions only; refresh the baseline when they are intended"
echo "ok   ABI compatible with $baseline"
exit 0
