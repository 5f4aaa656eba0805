#!/bin/sh
# Soname and version test: the shared library's SONAME is libalea.so.<major>,
# its file name carries the full project version, and the version macros of
# include/alea/common.h agree with meson.project_version().
#
# usage: soname_test.sh LIBALEA_SO INCLUDE_DIR PROJECT_VERSION CC [CC-ARGS...]
# Exit 0 = pass, 1 = mismatch, 77 = skipped (no readelf).
set -u

[ $# -ge 4 ] || { echo "usage: $0 LIBALEA_SO INCLUDE_DIR PROJECT_VERSION CC [CC-ARGS...]" >&2; exit 2; }
lib=$1
incdir=$2
version=$3
shift 3
readelf=${READELF:-readelf}
command -v "$readelf" >/dev/null 2>&1 || { echo "SKIP: $readelf not found"; exit 77; }
[ -f "$lib" ] || { echo "FAIL: $lib does not exist"; exit 1; }

status=0
major=${version%%.*}
rest=${version#*.}
minor=${rest%%.*}
patch=${rest#*.}
patch=${patch%%[!0-9]*}

# 1. SONAME.
soname=$("$readelf" -d "$lib" | sed -n 's/.*(SONAME).*\[\(.*\)\].*/\1/p')
if [ "$soname" = "libalea.so.$major" ]; then
    echo "ok   SONAME $soname"
else
    echo "FAIL: SONAME is '$soname', expected 'libalea.so.$major'"
    status=1
fi

# 2. The real file behind libalea.so is libalea.so.<version>.
real=$(readlink -f "$lib")
case $(basename "$real") in
    "libalea.so.$version") echo "ok   file name $(basename "$real")" ;;
    *) echo "FAIL: $lib resolves to $(basename "$real"), expected libalea.so.$version"; status=1 ;;
esac

# 3. The header's version macros (through the preprocessor, so any spelling
#    of the definitions is understood).
tmp=$(mktemp -d "${TMPDIR:-/tmp}/alea-soname.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
printf '#include <alea/common.h>\nALEA_VERSION_STRING ALEA_VERSION_MAJOR ALEA_VERSION_MINOR ALEA_VERSION_PATCH\n' >"$tmp/v.c"
if "$@" -E -P -I"$incdir" "$tmp/v.c" >"$tmp/v.i" 2>"$tmp/err"; then
    got=$(grep -v '^[[:space:]]*$' "$tmp/v.i" | tail -n 1 | tr -s ' \t' '  ' | sed 's/^ //;s/ $//')
    want="\"$version\" $major $minor $patch"
    if [ "$got" = "$want" ]; then
        echo "ok   header ALEA_VERSION_STRING/MAJOR/MINOR/PATCH = $got"
    else
        echo "FAIL: header says '$got', meson.project_version() says '$want'"
        status=1
    fi
else
    echo "FAIL: could not preprocess alea/common.h:"
    cat "$tmp/err"
    status=1
fi
exit "$status"
