#!/bin/sh
# Exported-symbol test: the functions libalea.so exports (nm -D --defined-only,
# type T) must be exactly the functions of the API description
# (bindings/python/alea/api.json, which the `api` test keeps equal to the
# ALEA_API declarations of include/alea/*.h), and the library must export
# nothing else (no data, no stray helpers).  Differences are printed.
# The experimental tier's functions (tier "experimental" in the description)
# carry the symbol version ALEA_EXPERIMENTAL (lib/experimental.map), out of the
# frozen ABI; every stable function is unversioned.
#
# usage: symbols_test.sh LIBALEA_SO API_JSON
# Exit 0 = pass, 1 = the sets differ, 77 = skipped (no nm or no python3).
set -u

[ $# -eq 2 ] || { echo "usage: $0 LIBALEA_SO API_JSON" >&2; exit 2; }
lib=$1
api=$2
nm=${NM:-nm}
py=$(command -v python3 || command -v /usr/bin/python3) || py=

command -v "$nm" >/dev/null 2>&1 || { echo "SKIP: $nm not found"; exit 77; }
[ -n "$py" ] || { echo "SKIP: python3 not found (needed to read the API description)"; exit 77; }
[ -f "$lib" ] || { echo "FAIL: $lib does not exist"; exit 1; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/alea-symbols.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM

# Declared: every function of the API description.
"$py" -c 'import json, sys
print("\n".join(sorted(f["name"] for f in json.load(open(sys.argv[1], encoding="utf-8"))["functions"])))' \
    "$api" >"$tmp/declared" || exit 1

# Exported: defined dynamic symbols.  Functions (T) are compared with the
# declarations; anything else that is exported is reported as a leak.
if ! "$nm" -D --defined-only "$lib" >"$tmp/nm" 2>"$tmp/nm.err"; then
    echo "FAIL: $nm -D --defined-only $lib failed:"
    cat "$tmp/nm.err"
    exit 1
fi
awk 'NF >= 3 && ($2 == "T" || $2 == "t") {print $3}' "$tmp/nm" | sed 's/@.*//' | sort -u >"$tmp/exported"
# Linker-provided markers (and the version node's own symbol) are not the library's doing.
awk 'NF >= 3 && $2 != "T" && $2 != "t" {print $2, $3}' "$tmp/nm" |
    grep -v -E ' (_init|_fini|_edata|_end|__bss_start|__end__|_DYNAMIC|_GLOBAL_OFFSET_TABLE_|ALEA_EXPERIMENTAL)$' >"$tmp/other" || true
# Versioned: the functions nm names NAME@@ALEA_EXPERIMENTAL, against the described tier.
awk 'NF >= 3 && ($2 == "T" || $2 == "t") && $3 ~ /@@ALEA_EXPERIMENTAL$/ {print $3}' "$tmp/nm" |
    sed 's/@.*//' | sort -u >"$tmp/versioned"
"$py" -c 'import json, sys
print("\n".join(sorted(f["name"] for f in json.load(open(sys.argv[1], encoding="utf-8"))["functions"]
                       if f["tier"] == "experimental")))' "$api" >"$tmp/experimental" || exit 1

ndecl=$(wc -l <"$tmp/declared")
nexp=$(wc -l <"$tmp/exported")
echo "$ndecl functions in $api"
echo "$nexp functions exported by $lib"

status=0
comm -23 "$tmp/declared" "$tmp/exported" >"$tmp/missing"
comm -13 "$tmp/declared" "$tmp/exported" >"$tmp/extra"
if [ -s "$tmp/missing" ]; then
    echo "FAIL: in the API description but not exported (not defined, misspelt, or not marked ALEA_API in the .c):"
    sed 's/^/    /' "$tmp/missing"
    status=1
fi
if [ -s "$tmp/extra" ]; then
    echo "FAIL: exported but not in the API description (make them static or drop ALEA_API; after a new ALEA_API declaration, run bindings/describe_api.py --out):"
    sed 's/^/    /' "$tmp/extra"
    status=1
fi
if [ -s "$tmp/other" ]; then
    echo "FAIL: exported symbols that are not functions (type and name):"
    sed 's/^/    /' "$tmp/other"
    status=1
fi
if ! cmp -s "$tmp/versioned" "$tmp/experimental"; then
    echo "FAIL: the functions of version ALEA_EXPERIMENTAL (left) are not the experimental tier (right):"
    diff "$tmp/versioned" "$tmp/experimental" | sed 's/^/    /'
    status=1
fi
[ "$ndecl" -gt 0 ] || { echo "FAIL: no function in $api"; status=1; }
[ "$status" -eq 0 ] && echo "ok: the exported functions are exactly the described ones"
exit "$status"
