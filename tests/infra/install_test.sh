#!/bin/sh
# Install test: `meson install --destdir` into a temporary directory, then use
# the installed tree the way a user would:
#   - every public header is installed and compiles alone;
#   - pkg-config --validate alea, and the flags point into the installed tree;
#   - every C example (examples/minimal*.c alone, the other programs with
#     examples/common.c) builds with `pkg-config --cflags --libs alea`, linked
#     once against libalea.so (rpath to the installed libdir) and once against
#     libalea.a (`pkg-config --libs --static`); every program runs (exit 0),
#     and the record each minimal_<game> prints passes the installed referee;
#   - the Python package (a copy of bindings/python/alea) imports and plays
#     every game with ALEA_LIBRARY pointing at the installed libalea.so.
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

# 5. Every C example in examples/, built as a user would: each minimal*.c
#    alone, each program with examples/common.c (alea-bench also with its
#    tournament.c, alea-referee and alea-convert with matchfile.c and
#    referee_match.c, alea-referee also with analyse.c, referee_serve.c and jansson, or
#    referee_serve_none.c without it, and libm); once against libalea.so
#    (rpath to the installed libdir) and once against libalea.a.
progs=
for f in "$srcdir"/examples/minimal*.c; do
    [ -f "$f" ] && progs="$progs $(basename "$f" .c)"
done
for f in "$srcdir"/examples/*.c; do
    n=$(basename "$f" .c)
    case $n in minimal* | common | referee_serve*) continue ;; esac
    # a module of a program (tournament.c of alea-bench) has no main()
    grep -q "^int main(" "$f" && progs="$progs $n"
done
[ -n "$progs" ] || { echo "no C example in $srcdir/examples" >"$tmp/log"; bad "examples"; }
echo "     examples:$progs"

mkdir -p "$tmp/shared" "$tmp/static"
for mode in shared static; do
    : >"$tmp/log"
    for n in $progs; do
        helper="$srcdir/examples/common.c" xlibs=
        case $n in
        minimal*) helper= ;;
        bench) helper="$helper $srcdir/examples/tournament.c" ;;
        convert) helper="$helper $srcdir/examples/matchfile.c $srcdir/examples/referee_match.c" ;;
        referee)
            helper="$helper $srcdir/examples/matchfile.c $srcdir/examples/referee_match.c $srcdir/examples/analyse.c"
            if pkg-config --exists jansson 2>/dev/null && [ -f "$srcdir/examples/referee_serve.c" ]; then
                helper="$helper $srcdir/examples/referee_serve.c" xlibs=$(pkg-config --libs jansson)
            else
                helper="$helper $srcdir/examples/referee_serve_none.c"
            fi ;;
        esac
        if [ "$mode" = shared ]; then link="$libs -Wl,-rpath,$L"; else link="-Wl,-Bstatic $slibs -Wl,-Bdynamic"; fi
        # shellcheck disable=SC2086
        "$@" -std=c11 -Wall -Wextra -Werror $extra $cflags -I"$srcdir/examples" \
            "$srcdir/examples/$n.c" $helper -o "$tmp/$mode/$n" $link $xlibs -lm >>"$tmp/log" 2>&1 ||
            echo "does not build ($mode): $n" >>"$tmp/log"
    done
    if grep -q '^does not build' "$tmp/log"; then
        bad "$mode build of the examples ($* $extra $cflags ... $link)"
        continue
    fi
    : >"$tmp/log"
    for n in $progs; do
        if [ "$mode" = shared ]; then
            readelf -d "$tmp/$mode/$n" 2>/dev/null | grep -q 'NEEDED.*libalea\.so' ||
                echo "$n does not need libalea.so" >>"$tmp/log"
        else
            ! readelf -d "$tmp/$mode/$n" 2>/dev/null | grep -q 'NEEDED.*libalea' ||
                echo "$n still needs libalea.so" >>"$tmp/log"
        fi
    done
    if [ -s "$tmp/log" ]; then bad "$mode link"; else ok "$mode build of every example ($(echo $progs | wc -w) programs)"; fi
done
if command -v ldd >/dev/null 2>&1 && [ -x "$tmp/shared/minimal" ]; then
    ldd "$tmp/shared/minimal" >"$tmp/ldd" 2>&1
    if grep 'libalea' "$tmp/ldd" | grep -q "$L/"; then
        ok "the shared programs load the installed libalea ($(grep libalea "$tmp/ldd" | sed 's/^[[:space:]]*//'))"
    else
        cp "$tmp/ldd" "$tmp/log"; bad "the shared programs do not load libalea from $L"
    fi
fi

# run MODE NAME ARGS...: runs a built example with no input; 0 = exit 0.
run() {
    mode=$1 n=$2
    shift 2
    [ -x "$tmp/$mode/$n" ] || return 0
    if "$tmp/$mode/$n" "$@" >"$tmp/log" 2>&1 </dev/null; then
        ok "$mode $n runs: $(tail -n 1 "$tmp/log" | cut -c1-90)"
    else
        bad "$mode $n $* exits with $?"
    fi
}
for mode in shared static; do
    for n in $progs; do
        case $n in
        minimal_*)
            run "$mode" "$n"
            # The record a minimal_<game> prints passes the installed referee.
            if [ -x "$tmp/$mode/referee" ] && [ -x "$tmp/$mode/$n" ]; then
                "$tmp/$mode/$n" >"$tmp/rec" 2>&1
                if "$tmp/$mode/referee" - <"$tmp/rec" >"$tmp/log" 2>&1; then
                    ok "$mode referee accepts the record of $n: $(head -n 1 "$tmp/log")"
                else
                    bad "$mode referee refuses the record of $n"
                fi
            fi
            ;;
        minimal) run "$mode" "$n" ;;
        demo) run "$mode" "$n" --seed 1 --quiet ;;
        play) run "$mode" "$n" --seed 1 --seat0 random --seat1 greedy dice-poker ;;
        bench) run "$mode" "$n" --seed 1 --games 2 --iterations 10 --positions 100 ;;
        referee) run "$mode" "$n" --write-demo-record 1 wise-dice ;;
        *) run "$mode" "$n" --help ;;
        esac
    done
done

# 6. The installed programs themselves: they find the installed libalea through
#    their relative rpath ($ORIGIN/../<libdir>), so they run from the staged
#    tree as from any prefix, with no LD_LIBRARY_PATH and no ldconfig.  Their
#    man pages and the documentation are installed too.
B=$dest$prefix/bin
: >"$tmp/log"
nprog=0
for p in alea-demo alea-play alea-referee alea-bench alea-convert; do
    if [ ! -x "$B/$p" ]; then
        echo "missing: bin/$p" >>"$tmp/log"
        continue
    fi
    nprog=$((nprog + 1))
    out=$("$B/$p" --version 2>&1) || echo "$p --version fails: $out" >>"$tmp/log"
    if command -v ldd >/dev/null 2>&1; then
        got=$(ldd "$B/$p" | sed -n 's/^.*libalea[^ ]* => \([^ ]*\) .*$/\1/p')
        [ -n "$got" ] && [ "$(readlink -f "$got")" = "$(readlink -f "$so0")" ] ||
            echo "$p does not load $so0: $(ldd "$B/$p" | grep libalea)" >>"$tmp/log"
    fi
done
"$B/alea-demo" --seed 1 --quiet >/dev/null 2>>"$tmp/log" || echo "installed alea-demo fails" >>"$tmp/log"
for m in man1/alea-play.1 man1/alea-referee.1 man1/alea-bench.1 man1/alea-demo.1 man1/alea-convert.1 man3/alea.3; do
    [ -f "$dest$prefix/share/man/$m" ] || echo "missing man page: share/man/$m" >>"$tmp/log"
done
for d in README.md COPYING api.md notation.md record-format.md rules/backgammon.md; do
    [ -f "$dest$prefix/share/doc/alea/$d" ] || echo "missing doc: share/doc/alea/$d" >>"$tmp/log"
done
if [ -s "$tmp/log" ]; then
    bad "installed programs, man pages and docs"
else
    ok "installed programs run through their rpath ($nprog, no LD_LIBRARY_PATH); man pages and docs installed"
fi

# 7. The Python package against the installed library: ALEA_LIBRARY points
#    into the destdir, and the library the process maps is that file.
pkg=$srcdir/bindings/python
python=${PYTHON:-python3}
if [ ! -f "$pkg/alea/__init__.py" ]; then
    echo "     (no bindings/python/alea: Python check skipped)"
elif ! command -v "$python" >/dev/null 2>&1; then
    echo "     (no $python: Python check skipped)"
elif [ "$sanitize" != none ] && [ -n "$sanitize" ]; then
    echo "     (sanitized library: it cannot be loaded into python; Python check skipped)"
else
    cp -R "$pkg/alea" "$tmp/alea" # the package alone, away from the build tree
    if ALEA_LIBRARY=$so0 PYTHONPATH=$tmp PYTHONDONTWRITEBYTECODE=1 "$python" - >"$tmp/log" 2>&1 <<'PY'
import os, alea
lib = os.environ["ALEA_LIBRARY"]
for spec in ("dice-poker players=2", "wise-dice", "plateau max-plies=300", "backgammon match=1"):
    state, rng = alea.Game(spec).new_state(), alea.Rng(1)
    while not state.is_terminal:
        if state.is_chance:
            state.roll(rng)
        else:
            state.apply(alea.bot_choose(state, "random", rng))
maps = [l.split()[-1] for l in open("/proc/self/maps") if "libalea" in l]
assert maps and all(os.path.realpath(m) == os.path.realpath(lib) for m in maps), (maps, lib)
print("alea", alea.__version__, "played 4 games with", os.path.basename(maps[0]))
PY
    then
        ok "python imports alea against the installed library: $(tail -n 1 "$tmp/log")"
    else
        bad "python against the installed library (ALEA_LIBRARY=${so0#"$dest"})"
    fi
fi

[ "$status" -eq 0 ] && echo "install test passed" || echo "install test FAILED"
exit "$status"
