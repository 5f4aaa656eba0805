#!/bin/sh
# The JavaScript tests as a Meson test: builds the package into OUT_DIR (not
# into the source tree; skipped with ALEA_JS_PREBUILT=1, when Meson built it),
# then runs `node --test` on bindings/js/test with it.
# usage: run_tests.sh OUT_DIR [ALEA_REFEREE [PYTHON]]
# Exit 77 (skipped) when emcc or node is missing.
set -u
here=$(cd "$(dirname "$0")" && pwd)
out=$1
command -v emcc >/dev/null 2>&1 || { echo "SKIP: emcc not found (apt-get install emscripten node-acorn)"; exit 77; }
command -v node >/dev/null 2>&1 || { echo "SKIP: node not found"; exit 77; }
if [ "${ALEA_JS_PREBUILT:-0}" != 1 ]; then
    bash "$here/build.sh" --out "$out" || { echo "FAIL: bindings/js/build.sh"; exit 1; }
fi
ALEA_JS_DIST=$out
export ALEA_JS_DIST
[ $# -ge 2 ] && { ALEA_REFEREE=$2; export ALEA_REFEREE; }
[ $# -ge 3 ] && { ALEA_PYTHON=$3; export ALEA_PYTHON; }
cd "$here" && exec node --test test/
