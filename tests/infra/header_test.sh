#!/bin/sh
# Header test: every public header (include/alea/*.h) must compile on its own,
# twice in a row (include guard), as C99 and C11 with -pedantic and warnings as
# errors, and as C++11 when a C++ compiler is available.  It must also define
# no macro outside the ALEA_ namespace (but for one that stands for the
# exported function of its own name).  New game headers are picked up
# automatically.
#
# usage: header_test.sh INCLUDE_DIR CC [CC-ARGS...]
#   CXX (environment) overrides the C++ compiler; CXX=none skips C++.
# Exit 0 = pass, 1 = a header is wrong, 77 = skipped (no compiler / no headers).
set -u

[ $# -ge 2 ] || { echo "usage: $0 INCLUDE_DIR CC [CC-ARGS...]" >&2; exit 2; }
incdir=$1
shift
# "$@" is now the C compiler command.
if ! command -v "$1" >/dev/null 2>&1; then
    echo "SKIP: C compiler '$1' not found"
    exit 77
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/alea-headers.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM

warn='-pedantic -Wall -Wextra -Werror -Wshadow -Wundef -Wstrict-prototypes -Wmissing-prototypes'
warn_cxx='-pedantic -Wall -Wextra -Werror -Wshadow -Wundef'

headers=$(ls "$incdir"/alea/*.h 2>/dev/null)
if [ -z "$headers" ]; then
    echo "SKIP: no headers under $incdir/alea"
    exit 77
fi

# A C++ compiler of the same family as CC, if there is one.
cxx=${CXX:-}
if [ -z "$cxx" ]; then
    if "$@" --version 2>/dev/null | grep -qi clang; then
        cxx=clang++
    else
        cxx=g++
    fi
fi
if [ "$cxx" != none ] && ! command -v "$cxx" >/dev/null 2>&1; then
    echo "note: C++ compiler '$cxx' not found: the C++ part is skipped"
    cxx=none
fi

fails=0
checks=0
fail() {
    fails=$((fails + 1))
    echo "FAIL: $*"
    sed 's/^/    /' "$tmp/log"
}

# Macros the system headers the API uses may define (the baseline).
printf '#include <stddef.h>\n#include <stdint.h>\n' >"$tmp/base.c"
"$@" -std=c11 -E -dM "$tmp/base.c" 2>/dev/null | awk '{print $2}' | sed 's/(.*//' | sort -u >"$tmp/base.macros"

for h in $headers; do
    name=$(basename "$h")
    src="$tmp/t.c"
    printf '#include <alea/%s>\n#include <alea/%s>\nint alea_header_test_anchor(void);\nint alea_header_test_anchor(void) { return 0; }\n' \
        "$name" "$name" >"$src"
    for std in c99 c11; do
        checks=$((checks + 1))
        # shellcheck disable=SC2086
        if "$@" -std=$std $warn -I"$incdir" -c "$src" -o "$tmp/t.o" >"$tmp/log" 2>&1; then
            echo "ok   $name ($std)"
        else
            fail "$name does not compile alone with -std=$std $warn"
        fi
    done
    # The experimental tier (doc/api.md "What 1.x guarantees") compiles too.
    checks=$((checks + 1))
    # shellcheck disable=SC2086
    if "$@" -std=c99 $warn -DALEA_EXPERIMENTAL -I"$incdir" -c "$src" -o "$tmp/t.o" >"$tmp/log" 2>&1; then
        echo "ok   $name (c99, ALEA_EXPERIMENTAL)"
    else
        fail "$name does not compile alone with -DALEA_EXPERIMENTAL -std=c99 $warn"
    fi

    # Namespace: every macro the header adds must start with ALEA_ (or be its guard).
    checks=$((checks + 1))
    printf '#include <alea/%s>\n' "$name" >"$src"
    if "$@" -std=c11 -E -dM -I"$incdir" "$src" >"$tmp/h.dm" 2>"$tmp/log"; then
        awk '{print $2}' "$tmp/h.dm" | sed 's/(.*//' | sort -u >"$tmp/h.macros"
        comm -13 "$tmp/base.macros" "$tmp/h.macros" | grep -v '^ALEA_' | grep -v '^__' >"$tmp/all"
        # A macro may carry the name of an exported function it stands for
        # (zlib's deflateInit() way: alea_bot_options_init() passes the
        # header's options version to alea_bot_options_init_version()).
        : >"$tmp/log"
        # The functions are those of the API description (ALEA_API_JSON, set by
        # tests/infra/meson.build), or else the ALEA_API declarations.
        while read -r m; do
            if [ -n "${ALEA_API_JSON:-}" ] && command -v python3 >/dev/null 2>&1; then
                python3 -c 'import json, sys
sys.exit(sys.argv[2] not in {f["name"] for f in json.load(open(sys.argv[1]))["functions"]})' \
                    "$ALEA_API_JSON" "$m" || echo "$m" >>"$tmp/log"
            else
                cat "$incdir"/alea/*.h | grep -q "ALEA_API.*[ *]$m(" || echo "$m" >>"$tmp/log"
            fi
        done <"$tmp/all"
        if [ -s "$tmp/log" ]; then
            fail "$name defines macros outside the ALEA_ namespace:"
        else
            echo "ok   $name (macro namespace)"
        fi
    else
        fail "$name: preprocessing failed"
    fi

    if [ "$cxx" != none ]; then
        checks=$((checks + 1))
        printf '#include <alea/%s>\n#include <alea/%s>\nint main() { return 0; }\n' "$name" "$name" >"$tmp/t.cc"
        # shellcheck disable=SC2086
        if "$cxx" -x c++ -std=c++11 $warn_cxx -I"$incdir" -c "$tmp/t.cc" -o "$tmp/t.o" >"$tmp/log" 2>&1; then
            echo "ok   $name (c++11, $cxx)"
        else
            fail "$name does not compile as C++11 with $cxx $warn_cxx"
        fi
    fi
done

# C++ linkage: a call from C++ must reference the unmangled C symbol.
if [ "$cxx" != none ]; then
    checks=$((checks + 1))
    printf '#include <alea/alea.h>\nint main() { return alea_version_string() != 0 ? 0 : 1; }\n' >"$tmp/link.cc"
    # shellcheck disable=SC2086
    if "$cxx" -x c++ -std=c++11 $warn_cxx -I"$incdir" -c "$tmp/link.cc" -o "$tmp/link.o" >"$tmp/log" 2>&1 &&
        nm "$tmp/link.o" >"$tmp/nm" 2>>"$tmp/log" &&
        grep -q ' U alea_version_string$' "$tmp/nm"; then
        echo "ok   extern \"C\" linkage (C++ refers to alea_version_string unmangled)"
    else
        cat "$tmp/nm" >>"$tmp/log" 2>/dev/null
        fail "alea/alea.h: C++ callers do not get C linkage (missing extern \"C\"?)"
    fi
fi

echo "$checks header checks, $fails failed"
[ "$fails" -eq 0 ] || exit 1
exit 0
