#!/bin/sh
# Install test: `meson install --destdir` into a temporary directory, then use
# the installed tree the way a user would:
#   - every public header is installed and compiles alone;
#   - pkg-config --validate alea, and the flags point into the installed tree;
#   - examples/minimal.c (or a tiny program) builds with
#     `pkg-config --cflags --libs alea`, linked once against libalea.so (rpath
#     to the installed libdir) and once against libalea.a, and both run (exit 0).
#
# usage: install_test.sh BUILD_DIR SOURCE_DIR PREFIX LIBDIR INCLUDEDIR SANITIZE COVERAGE CC [CC-ARGS...]
#   SANITIZE is Meson's b_sanitize ("none" or e.g. "address,undefined"),
#   COVERAGE is b_coverage ("true"/"false"): consumers of an instrumented
#   library need the same flags.  MESON (environment) names the meson command.
# Exit 0 = pass, 1 = something is wrong, 77 = skipped (no meson or pkg-config).
set -u

[ $# -ge 8 ] || { echo "usage: $0 BUILD_DIR SOURCE_DIR PREFIX LIBDIR INCLUDEDIR SANITIZE COVERAGE CC..." >&2; exit 2; }
builddir=$1 srcdir=$2 prefix=$3 libdir=$4 includedir=$5 sanitize=$6 coverage=$7
shift 7
meson=${MESON:-meson}
pkgconfig=${PKG_CONFIG:-pkg-config}
command -v "$meson" >/dev/null 2>&1 || { echo "SKIP: $meson not found"; exit 77; }
command -v "$pkgconfig" >/dev/null 2>&1 || { echo "SKIP: $pkgconfig not found"; exit 77; }
command -v "$1" >/dev/null 2>&1 || { echo "SKIP: C compiler '$1' not found"; exit 77; }

# meson test points LD_LIBRARY_PATH at the build tree; a user's program must
# find the installed library through its rpath alone.
unset LD_LIBRARY_PATH

case $libdir in /*) ;; *) libdir=$prefix/$libdir ;; esac
case $includedir in /*) ;; *) includedir=$prefix/$includedir ;; esac

tmp=$(mktemp -d "${TMPDIR:-/tmp}/alea-install.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
dest=$tmp/dest
L=$dest$libdir
I=$dest$includedir

status=0
ok() { echo "ok   $*"; }
bad() {
    echo "FAIL: $*"
    [ -s "$tmp/log" ] && sed 's/^/    /' "$tmp/log"
    status=1
}

# Flags a consumer of an instrumented library needs.
extra=
if [ "$sanitize" != none ] && [ -n "$sanitize" ]; then
    extra="-fsanitize=$sanitize -fno-sanitize-recover=all"
fi
[ "$coverage" = true ] && extra="$extra --coverage"

# 1. Install.
if "$meson" install -C "$builddir" --destdir "$dest" >"$tmp/log" 2>&1; then
    ok "meson install --destdir"
else
    bad "meson install -C $builddir --destdir $dest"
    exit 1
fi

# 2. Files.
: >"$tmp/log"
for f in "$L/libalea.so" "$L/libalea.a" "$L/pkgconfig/alea.pc"; do
    [ -e "$f" ] || echo "missing: ${f#"$dest"}" >>"$tmp/log"
done
so0=
for f in "$L"/libalea.so.[0-9]*; do [ -e "$f" ] && so0=$f; done
[ -n "$so0" ] || echo "missing: $libdir/libalea.so.<soversion>" >>"$tmp/log"
for h in "$srcdir"/include/alea/*.h; do
    [ -f "$I/alea/$(basename "$h")" ] || echo "missing: $includedir/alea/$(basename "$h")" >>"$tmp/log"
done
for h in "$I"/alea/*.h; do
    [ -f "$srcdir/include/alea/$(basename "$h")" ] || echo "installed but not in include/alea: $(basename "$h")" >>"$tmp/log"
done
if [ -s "$tmp/log" ]; then bad "installed tree is incomplete"; else nh=0; for h in "$I"/alea/*.h; do [ -f "$h" ] && nh=$((nh + 1)); done; ok "installed files ($nh headers, libalea.so, libalea.a, alea.pc)"; fi

# 3. Installed headers compile alone.
: >"$tmp/log"
for h in "$I"/alea/*.h; do
    printf '#include <alea/%s>\nint alea_install_test_anchor(void);\nint alea_install_test_anchor(void) { return 0; }\n' "$(basename "$h")" >"$tmp/h.c"
    "$@" -std=c99 -pedantic -Wall -Wextra -Werror -I"$I" -c "$tmp/h.c" -o "$tmp/h.o" >>"$tmp/log" 2>&1 ||
        echo "does not compile: $(basename "$h")" >>"$tmp/log"
done
if grep -q '^does not compile' "$tmp/log"; then bad "installed headers"; else ok "installed headers compile alone (c99 -pedantic -Werror)"; fi

# 4. pkg-config against the staged tree.  The .pc names the final prefix;
#    PKG_CONFIG_SYSROOT_DIR maps it into the destdir, and the ALLOW_SYSTEM_*
#    variables keep e.g. -L/usr/lib/... from being dropped as a system path.
PKG_CONFIG_PATH=$L/pkgconfig
PKG_CONFIG_LIBDIR=$L/pkgconfig
PKG_CONFIG_SYSROOT_DIR=$dest
PKG_CONFIG_ALLOW_SYSTEM_CFLAGS=1
PKG_CONFIG_ALLOW_SYSTEM_LIBS=1
export PKG_CONFIG_PATH PKG_CONFIG_LIBDIR PKG_CONFIG_SYSROOT_DIR PKG_CONFIG_ALLOW_SYSTEM_CFLAGS PKG_CONFIG_ALLOW_SYSTEM_LIBS
if "$pkgconfig" --validate alea >"$tmp/log" 2>&1; then ok "pkg-config --validate alea"; else bad "pkg-config --validate alea"; fi
version=$("$pkgconfig" --modversion alea 2>"$tmp/log") || bad "pkg-config --modversion alea"
cflags=$("$pkgconfig" --cflags alea 2>"$tmp/log") || bad "pkg-config --cflags alea"
libs=$("$pkgconfig" --libs alea 2>"$tmp/log") || bad "pkg-config --libs alea"
slibs=$("$pkgconfig" --libs --static alea 2>"$tmp/log") || bad "pkg-config --libs --static alea"
echo "     alea $version: cflags [$cflags] libs [$libs] static libs [$slibs]"
: >"$tmp/log"
case " $cflags " in *" -I$I "*) ok "Cflags point to the installed includedir" ;; *) echo "cflags: $cflags" >"$tmp/log"; bad "Cflags lack -I$I" ;; esac
case " $libs " in *" -L$L "*) ok "Libs point to the installed libdir" ;; *) echo "libs: $libs" >"$tmp/log"; bad "Libs lack -L$L" ;; esac

# 5. A program, built as a user would.
prog=$srcdir/examples/minimal.c
if [ ! -f "$prog" ]; then
    prog=$tmp/minimal.c
    cat >"$prog" <<'C'
#include <alea/alea.h>
#include <stdio.h>
int main(void)
{
    alea_state st;
    alea_rng rng;
    const alea_game *g = alea_game_at(0);
    if (ALEA_CHECK_ABI() != ALEA_OK || g == NULL)
        return 1;
    alea_rng_seed(&rng, 1);
    if (alea_state_init(&st, alea_game_id(g), NULL) != ALEA_OK)
        return 1;
    for (;;) {
        int p = alea_state_current_player(&st);
        uint64_t a;
        if (p == ALEA_PLAYER_TERMINAL)
            break;
        if (p == ALEA_PLAYER_CHANCE) {
            if (alea_state_roll(&st, &rng, NULL) != ALEA_OK)
                return 1;
        } else if (p < 0 || alea_bot_choose(&a, &st, ALEA_BOT_RANDOM, &rng) != ALEA_OK ||
                   alea_state_apply(&st, a, NULL) != ALEA_OK) {
            return 1;
        }
    }
    printf("alea %s: played one game of %s\n", alea_version_string(), alea_game_id(g));
    return 0;
}
C
    echo "     (examples/minimal.c does not exist yet: using a built-in program)"
fi
echo "     program: ${prog#"$srcdir"/}"

# 5a. Shared: -lalea with an rpath to the installed libdir.
# shellcheck disable=SC2086
if "$@" -std=c11 -Wall -Wextra -Werror $extra $cflags "$prog" -o "$tmp/app-shared" $libs -Wl,-rpath,"$L" >"$tmp/log" 2>&1; then
    : >"$tmp/log"
    if readelf -d "$tmp/app-shared" 2>/dev/null | grep -q 'NEEDED.*libalea\.so'; then
        ok "shared link (NEEDED libalea.so.*)"
    else
        readelf -d "$tmp/app-shared" >"$tmp/log" 2>&1; bad "shared link: the program does not need libalea.so"
    fi
    if command -v ldd >/dev/null 2>&1; then
        ldd "$tmp/app-shared" >"$tmp/ldd" 2>&1
        if grep 'libalea' "$tmp/ldd" | grep -q "$L/"; then
            ok "the shared program loads the installed libalea ($(grep libalea "$tmp/ldd" | sed 's/^[[:space:]]*//'))"
        else
            cp "$tmp/ldd" "$tmp/log"; bad "the shared program does not load libalea from $L"
        fi
    fi
    if "$tmp/app-shared" >"$tmp/log" 2>&1 </dev/null; then
        ok "shared program runs: $(tail -n 1 "$tmp/log")"
    else
        bad "shared program exits with $?"
    fi
else
    bad "shared build: $* $extra $cflags $prog $libs"
fi

# 5b. Static: the same flags with the archive chosen by -Bstatic (the C
#     library itself stays shared, so this also works with sanitizers).
# shellcheck disable=SC2086
if "$@" -std=c11 -Wall -Wextra -Werror $extra $cflags "$prog" -o "$tmp/app-static" \
    -Wl,-Bstatic $slibs -Wl,-Bdynamic >"$tmp/log" 2>&1; then
    : >"$tmp/log"
    if readelf -d "$tmp/app-static" 2>/dev/null | grep -q 'NEEDED.*libalea'; then
        readelf -d "$tmp/app-static" >"$tmp/log" 2>&1; bad "static link still needs libalea.so"
    else
        ok "static link (no NEEDED libalea)"
    fi
    if "$tmp/app-static" >"$tmp/log" 2>&1 </dev/null; then
        ok "static program runs: $(tail -n 1 "$tmp/log")"
    else
        bad "static program exits with $?"
    fi
else
    bad "static build: $* $extra $cflags $prog -Wl,-Bstatic $slibs -Wl,-Bdynamic"
fi

[ "$status" -eq 0 ] && echo "install test passed" || echo "install test FAILED"
exit "$status"
