#!/usr/bin/env bash
# Installs, with apt-get, what the tests of alea need and this machine lacks
# (Debian 12; as root, or through sudo).  Part 1 of tests/run.sh.
# ALEA_NO_APT=1 only lists what is missing; ALEA_SKIP_VALGRIND=1 does not ask
# for valgrind.  Exit status 0 unless meson is still missing at the end.
set -uo pipefail
export DEBIAN_FRONTEND=noninteractive
py=/usr/bin/python3
has_py() { "$py" -c "import $1" >/dev/null 2>&1; }
need=()
command -v meson >/dev/null 2>&1 || need+=(meson)
command -v ninja >/dev/null 2>&1 || need+=(ninja-build)
command -v pkg-config >/dev/null 2>&1 || need+=(pkg-config)
pkg-config --exists check 2>/dev/null || need+=(check)
has_py pytest || need+=(python3-pytest)
has_py mypy || need+=(mypy)
has_py clang.cindex || need+=(python3-clang-14) # bindings/describe_api.py
has_py mesonpy || need+=(python3-mesonpy)
has_py ensurepip || need+=(python3-venv)
"$py" -m pip --version >/dev/null 2>&1 || need+=(python3-pip)
# Python.h: the compiled hot methods of alea.State (bindings/python/_speedups.c)
[ -f "$("$py" -c 'import sysconfig; print(sysconfig.get_paths()["include"])')/Python.h" ] ||
    need+=(python3-dev)
# bindings/js and examples/web: WebAssembly, node, and a real browser
command -v emcc >/dev/null 2>&1 || need+=(emscripten)
[ -d /usr/share/nodejs/acorn ] || need+=(node-acorn)
command -v node >/dev/null 2>&1 || need+=(nodejs)
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v chromedriver >/dev/null 2>&1 || need+=(chromium-driver)
has_py selenium || need+=(python3-selenium)
has_py websockets || need+=(python3-websockets) # examples/online (the online server)
# research at scale: numpy arrays, Dask, progress bars, the TD plot
has_py numpy || need+=(python3-numpy)
has_py distributed || need+=(python3-distributed)
has_py tqdm || need+=(python3-tqdm)
has_py matplotlib || need+=(python3-matplotlib)
command -v abidiff >/dev/null 2>&1 || need+=(abigail-tools)
command -v cppcheck >/dev/null 2>&1 || need+=(cppcheck)
pkg-config --exists jansson 2>/dev/null || need+=(libjansson-dev) # alea-referee --serve
command -v clang-tidy >/dev/null 2>&1 || need+=(clang-tidy)
[ "${ALEA_SKIP_VALGRIND:-0}" = 1 ] || command -v valgrind >/dev/null 2>&1 || need+=(valgrind)
# GNU Backgammon, the reference of tests/gnubg (its postinst would build a
# two-sided bearoff database for minutes: the tests need none, so say no).
if ! command -v gnubg >/dev/null 2>&1 && [ ! -x /usr/games/gnubg ]; then
    need+=(gnubg)
    echo "gnubg gnubg/build-bearoffs boolean false" | debconf-set-selections 2>/dev/null || true
fi

if ((${#need[@]})); then
    echo "installing: ${need[*]}"
    if [ "${ALEA_NO_APT:-0}" = 1 ]; then
        echo "ALEA_NO_APT=1: not installing; missing: ${need[*]}"
    elif [ "$(id -u)" != 0 ] && ! command -v sudo >/dev/null 2>&1; then
        echo "missing ${need[*]}, and not root: install them (apt-get install ${need[*]}) and re-run"
    else
        sudo=()
        [ "$(id -u)" = 0 ] || sudo=(sudo)
        "${sudo[@]}" apt-get -o DPkg::Lock::Timeout=300 update -qq </dev/null ||
            echo "warning: apt-get update failed"
        "${sudo[@]}" apt-get -o DPkg::Lock::Timeout=300 install -y -qq --no-install-recommends \
            "${need[@]}" </dev/null >/dev/null || echo "warning: apt-get install ${need[*]} failed"
    fi
fi
if ! command -v meson >/dev/null 2>&1; then
    echo "meson is not available: nothing can be built"
    exit 1
fi
meson --version | sed 's/^/meson /'
