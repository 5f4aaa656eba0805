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
cd "$here" || exit 1
node --test test/ || exit 1

# The package as users get it: `npm pack`, then `npm install` of the tarball
# (offline) into an empty project, which imports it by name and plays a game.
command -v npm >/dev/null 2>&1 || { echo "note: npm not found, npm pack not checked"; exit 0; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/alea-npm.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
mkdir -p "$tmp/pkg/dist" "$tmp/app"
cp "$here/package.json" "$here/README.md" "$tmp/pkg/" &&
    cp "$out"/alea.js "$out"/alea_api.js "$out"/alea.d.ts "$out"/alea_wasm.js "$out"/alea_wasm.wasm \
        "$tmp/pkg/dist/" || exit 1
(cd "$tmp/pkg" && npm pack --silent >/dev/null 2>"$tmp/log") || { cat "$tmp/log"; echo "FAIL: npm pack"; exit 1; }
echo '{"name":"app","version":"1.0.0","private":true,"type":"module"}' >"$tmp/app/package.json"
(cd "$tmp/app" && npm install --offline --no-audit --no-fund "$tmp"/pkg/alea-*.tgz >"$tmp/log" 2>&1) ||
    { cat "$tmp/log"; echo "FAIL: npm install of the packed tarball"; exit 1; }
cat >"$tmp/app/play.mjs" <<'JS'
import * as alea from 'alea';
await alea.init();
for (const g of alea.games()) {
  const st = new alea.State(g.id);
  const rng = new alea.Rng(1);
  while (!st.isTerminal) st.isChance ? st.roll(rng) : st.apply(alea.botChoose(st, 'random', rng));
}
console.log(`ok   npm pack + install: the installed package plays ${alea.games().length} games`);
JS
(cd "$tmp/app" && node play.mjs) || { echo "FAIL: the installed package does not play"; exit 1; }
