#!/bin/sh
# Subproject test: alea used as a Meson subproject by the tiny superproject in
# tests/subproject/.  In a temporary directory: copy the superproject, put a
# copy of this source tree (without build directories) at subprojects/alea,
# then `meson setup --force-fallback-for=alea`, compile, and run its test.
#
# usage: subproject_test.sh SOURCE_DIR CC [CC-ARGS...]
#   MESON (environment) names the meson command.
# Exit 0 = pass, 1 = fail, 77 = skipped (no meson).
set -u
[ $# -ge 2 ] || { echo "usage: $0 SOURCE_DIR CC..." >&2; exit 2; }
srcdir=$1
shift
meson=${MESON:-meson}
command -v "$meson" >/dev/null 2>&1 || { echo "SKIP: $meson not found"; exit 77; }
unset LD_LIBRARY_PATH

tmp=$(mktemp -d "${TMPDIR:-/tmp}/alea-subproject.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
top=$tmp/super
mkdir -p "$top/subprojects/alea" || exit 1
cp "$srcdir"/tests/subproject/meson.build "$srcdir"/tests/subproject/app.c "$top/" || exit 1
# The alea tree as a user would vendor it: sources only.
for f in "$srcdir"/* "$srcdir"/.[!.]*; do
    [ -e "$f" ] || continue
    case $(basename "$f") in build* | .git | subprojects) continue ;; esac
    cp -R "$f" "$top/subprojects/alea/" || exit 1
done

step() {
    name=$1
    shift
    if "$@" >"$tmp/log" 2>&1; then
        echo "ok   $name"
    else
        echo "FAIL: $name: $*"
        sed 's/^/    /' "$tmp/log" | tail -n 40
        exit 1
    fi
}
step "meson setup (alea from subprojects/alea)" \
    env CC="$*" "$meson" setup "$tmp/build" "$top" --force-fallback-for=alea
grep -q "Subproject alea finished" "$tmp/build/meson-logs/meson-log.txt" ||
    { echo "FAIL: alea was not configured as a subproject"; exit 1; }
step "meson compile" "$meson" compile -C "$tmp/build"
step "the superproject's test" "$meson" test -C "$tmp/build"
"$tmp/build/app" || { echo "FAIL: app exits with $?"; exit 1; }
echo "subproject test passed"
