#!/usr/bin/env bash
# Builds the JavaScript package: libalea compiled to WebAssembly with Debian's
# emscripten, plus the ES-module wrapper and its TypeScript declarations, into
# bindings/js/dist/ (or DIR).   usage: bash bindings/js/build.sh [--debug] [--out DIR]
#
# Needs emcc (apt-get install emscripten node-acorn).  emcc's JavaScript
# optimiser needs `acorn`, which Debian ships under /usr/share/nodejs: hence
# NODE_PATH.  The output targets the web (`-sENVIRONMENT=web`) so that one
# file serves browsers and node alike; in node the wrapper hands the .wasm
# bytes to the factory itself (node cannot fetch a file path).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
dist=$here/dist
# -O3 -flto -mbulk-memory (memory.copy for memcpy): 10-20 % faster than -O2 for
# dice poker, wise dice and backgammon (bindings/js/README.md "Memory and speed").
opt=(-O3 -flto -mbulk-memory)
while [ $# -gt 0 ]; do
    case $1 in
    --debug) opt=(-O0 -g -sASSERTIONS=2) ;;
    --out) dist=$(mkdir -p "$2" && cd "$2" && pwd); shift ;;
    *) echo "usage: $0 [--debug] [--out DIR]" >&2; exit 2 ;;
    esac
    shift
done
command -v emcc >/dev/null 2>&1 || { echo "emcc not found: apt-get install emscripten node-acorn" >&2; exit 2; }
export NODE_PATH=${NODE_PATH:-/usr/share/nodejs}

# Every public function (the API description, bindings/api.json, which
# bindings/describe_api.py writes from the headers), and the allocator for the
# wrapper's scratch memory.
exports=$(node -e 'const api = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
console.log(api.functions.map((f) => "_" + f.name).join(","));' "$root/bindings/api.json")
exports="$exports,_alea_js_apply_listed,_malloc,_free"

mkdir -p "$dist"
# every C file of lib/, lib/wasm/apply_listed.c included (the package's one
# wasm-only helper, library code the C library does not build)
sources=$(cd "$root" && find lib -name '*.c' -not -path 'lib/wheel/*' | sort)
(cd "$root" && emcc "${opt[@]}" -std=c11 -Iinclude -Ilib -DALEA_BUILDING \
    $sources \
    -sMODULARIZE -sEXPORT_ES6 -sENVIRONMENT=web -sEXPORT_NAME=createAleaModule \
    -sWASM_BIGINT -sALLOW_MEMORY_GROWTH \
    -sEXPORTED_FUNCTIONS="$exports" \
    -sEXPORTED_RUNTIME_METHODS=UTF8ToString,stringToUTF8,lengthBytesUTF8 \
    -o "$dist/alea_wasm.js")
cp "$here/src/alea.js" "$here/src/alea_api.js" "$here/src/alea.d.ts" "$dist/"
echo "built $dist: $(wc -c <"$dist/alea_wasm.wasm") bytes of wasm, $(echo "$exports" | tr , '\n' | grep -c '^_alea_[a-z]') functions"
