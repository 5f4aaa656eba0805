#!/bin/sh
# Runs a minimal_<game> example and checks what it prints:
#   - it exits 0 and its output is a game record that alea-referee accepts
#     (every line legal, dice included);
#   - the referee's final scores are the ones the example read from its typed
#     view ("# final scores ..."), and the game is over;
#   - every PATTERN (grep -E) matches a line of the output.
# usage: minimal_check.sh EXAMPLE REFEREE GAME-ID [PATTERN...]
set -u
[ $# -ge 3 ] || { echo "usage: $0 EXAMPLE REFEREE GAME-ID [PATTERN...]" >&2; exit 2; }
exe=$1 ref=$2 game=$3
shift 3
tmp=$(mktemp -d "${TMPDIR:-/tmp}/alea-minimal.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
status=0
fail() { echo "FAIL: $*"; status=1; }

"$exe" >"$tmp/out" 2>"$tmp/err" || { cat "$tmp/err"; fail "$exe exits with $?"; }
echo "$(wc -l <"$tmp/out" | tr -d ' ') lines; first: $(head -n 1 "$tmp/out")"
sed -n '/^#/p' "$tmp/out"
head -n 1 "$tmp/out" | grep -q "^$game " || fail "the first line is not a $game spec"

"$ref" - <"$tmp/out" >"$tmp/ref" 2>&1
rc=$?
echo "referee: $(head -n 1 "$tmp/ref")"
[ "$rc" -eq 0 ] || { cat "$tmp/ref"; fail "alea-referee refuses the record (exit $rc)"; }
want=$(sed -n 's/^# \(final scores .*\)$/\1/p' "$tmp/out")
[ -n "$want" ] || fail "no '# final scores' line"
head -n 1 "$tmp/ref" | grep -qF "actions, $want" ||
    fail "the referee's scores differ from the typed view's: '$want'"

for pat in "$@"; do
    grep -Eq -- "$pat" "$tmp/out" || fail "no line matches '$pat'"
done
[ "$status" -eq 0 ] && echo "ok: $(basename "$exe")"
exit "$status"
