#!/bin/sh
# Each installed program answers --version with "NAME (alea) VERSION" and
# --help with exit 0, and its man page (MANDIR/NAME.1) names every long option
# its --help lists; every man page renders without groff warnings.
# usage: programs_check.sh VERSION MANDIR PROGRAM...
set -u
version=$1 mandir=$2
shift 2
status=0
tmp=$(mktemp -d "${TMPDIR:-/tmp}/alea-programs.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
for exe in "$@"; do
    name=$(basename "$exe")
    out=$("$exe" --version 2>&1)
    if [ "$out" = "$name (alea) $version" ]; then
        echo "ok   $name --version: $out"
    else
        echo "FAIL: $name --version printed '$out', expected '$name (alea) $version'"
        status=1
    fi
    man=$mandir/$name.1
    if [ ! -f "$man" ]; then
        echo "FAIL: no man page $man"
        status=1
        continue
    fi
    # The help of the program, and of its sub-modes that have their own.
    "$exe" --help >"$tmp/help" 2>&1 || { echo "FAIL: $name --help exited non-zero"; status=1; }
    if [ "$name" = alea-bench ]; then
        "$exe" --tournament --help >>"$tmp/help" 2>&1 || { echo "FAIL: $name --tournament --help exited non-zero"; status=1; }
    fi
    sed 's/\\-/-/g; s/\\f[BIRP]//g' "$man" >"$tmp/man"
    missing=
    for opt in $(grep -o -- '--[a-z][a-z-]*' "$tmp/help" | sort -u); do
        grep -q -- "$opt" "$tmp/man" || missing="$missing $opt"
    done
    if [ -n "$missing" ]; then
        echo "FAIL: $man does not describe:$missing"
        status=1
    else
        echo "ok   $name.1 names every option of --help"
    fi
done
if command -v groff >/dev/null 2>&1; then
    for man in "$mandir"/*.[0-9]; do
        warn=$(groff -man -ww -z "$man" 2>&1)
        if [ -n "$warn" ]; then
            echo "FAIL: groff warns about $man:"
            echo "$warn" | sed 's/^/    /'
            status=1
        fi
    done
    echo "ok   man pages render (groff -man -ww)"
else
    echo "note: groff not found, man pages not rendered"
fi
exit $status
