#!/bin/sh
# Smoke test of alea-referee and alea-convert on backgammon match files
# (doc/record-format.md): files gnubg wrote pass; hand-broken copies fail at
# the right line with "game G move M (line L): reason" and exit status 1;
# conversions .mat -> .sgf -> .rec -> .mat keep every action.
#   sh matchfile_smoke.sh ALEA-REFEREE ALEA-CONVERT DATA-DIR
set -u
REF=${1:?usage: matchfile_smoke.sh ALEA-REFEREE ALEA-CONVERT DATA-DIR}
CONV=${2:?usage}
DATA=${3:?usage}
TMP=$(mktemp -d) || exit 1
trap 'rm -rf "$TMP"' EXIT INT TERM
failures=0

fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

expect() {
    name=$1 want=$2 pattern=$3
    shift 4
    "$@" >"$TMP/out" 2>&1
    got=$?
    first=$(head -n 1 "$TMP/out")
    if [ "$got" -ne "$want" ]; then
        fail "$name: exit $got, want $want"; cat "$TMP/out"
    elif ! printf '%s\n' "$first" | grep -q -- "$pattern"; then
        fail "$name: output '$first' does not match '$pattern'"; cat "$TMP/out"
    else
        echo "ok: $name: $first"
    fi
}

for f in gnubg-match3.mat gnubg-match3.sgf; do
    expect "$f" 0 "^OK: 2 games of a match to 3, 226 actions" -- "$REF" "$DATA/$f"
done
for f in gnubg-money2.mat gnubg-money2.sgf; do
    expect "$f" 0 "^OK: 2 money games, 296 actions" -- "$REF" "$DATA/$f"
done
cp "$DATA/gnubg-match3.mat" "$TMP/match.txt"
expect "--format mat" 0 "^OK: 2 games" -- "$REF" --format mat "$TMP/match.txt"

# Hand-broken copies of gnubg's file, each refused at its line.
M="$DATA/gnubg-match3.mat"
sed '9s|63: 25/22 13/7|63: 25/22 13/8|' "$M" >"$TMP/illegal.mat"
expect "an illegal move" 1 "^game 1 move 3 (line 9): 63: 25/22 13/8: §5" -- "$REF" "$TMP/illegal.mat"
sed '8s|21: 9/7 8/7|21: 9/7 8/7 6/5|' "$M" >"$TMP/dice.mat"
expect "a wrong dice count" 1 "^game 1 move 2 (line 8): .*§5" -- "$REF" "$TMP/dice.mat"
sed '29s|Doubles => 4|Takes|' "$M" >"$TMP/take.mat"
expect "a take without a double" 1 "^game 2 move 9 (line 29): §7.3" -- "$REF" "$TMP/take.mat"
head -n 25 "$M" >"$TMP/truncated.mat"
expect "a truncated file" 1 "^game 2 move 5 (line 25): .*truncated" -- "$REF" "$TMP/truncated.mat"
sed '20s|root : 1|root : 2|' "$M" >"$TMP/score.mat"
expect "a wrong score line" 1 "^game 2 move 0 (line 20): §7.4" -- "$REF" "$TMP/score.mat"
S="$DATA/gnubg-match3.sgf"
head -c 300 "$S" >"$TMP/truncated.sgf"
expect "a truncated .sgf" 1 "^game 1 move [0-9]* (line 1): SGF" -- "$REF" "$TMP/truncated.sgf"

# Conversions keep every action: .mat -> .sgf -> .rec -> .mat.
"$CONV" "$M" "$TMP/a.sgf" || fail "convert .mat -> .sgf"
"$CONV" "$TMP/a.sgf" "$TMP/a.rec" || fail "convert .sgf -> .rec"
"$CONV" "$TMP/a.rec" "$TMP/a.mat" || fail "convert .rec -> .mat"
"$CONV" "$M" "$TMP/b.mat" || fail "convert .mat -> .mat"
# alea-convert bounds what it reads, as alea-referee (issue 24 item 6): an input
# over --max-bytes, or an endless stream, is refused with exit status 2
expect "convert over --max-bytes" 2 "input larger than 100 bytes: refused" -- \
    "$CONV" --max-bytes 100 "$M" "$TMP/c.sgf"
expect "convert of an endless stream" 2 "input larger than 16777216 bytes: refused" -- \
    "$CONV" --from mat --to sgf /dev/zero "$TMP/c.sgf"
# a spec the format cannot carry is refused by rule, no file left (issue 24 item 4)
printf 'backgammon opening=seeds\n' >"$TMP/seeds.rec"
expect "convert opening=seeds to .mat" 1 "§3: .mat holds the standard opening only" -- \
    "$CONV" "$TMP/seeds.rec" "$TMP/seeds.mat"
[ ! -e "$TMP/seeds.mat" ] || fail "a refused conversion left $TMP/seeds.mat"
# one whole game (resigned at once): .sgf carries crawford=off
printf 'backgammon match=3 crawford=off opening=standard resign=on\nopening 1-2\nresign single\naccept\n' \
    >"$TMP/nocrawford.rec"
expect "convert crawford=off to .mat" 1 "§7.4: .mat has no field for crawford=off" -- \
    "$CONV" "$TMP/nocrawford.rec" "$TMP/nocrawford.mat"
"$CONV" "$TMP/nocrawford.rec" "$TMP/nocrawford.sgf" || fail "convert crawford=off to .sgf"
expect "the .sgf of crawford=off read back" 0 "^OK: 1 game of a match to 3" -- \
    "$REF" "$TMP/nocrawford.sgf"
# a record that stops inside a game: the formats hold whole games only (§6)
head -n 3 "$TMP/nocrawford.rec" >"$TMP/unfinished.rec"
expect "convert an unfinished game" 1 "§6: the actions stop inside game 1" -- \
    "$CONV" "$TMP/unfinished.rec" "$TMP/unfinished.sgf"
[ ! -e "$TMP/unfinished.sgf" ] || fail "a refused conversion left $TMP/unfinished.sgf"
expect "convert at --max-bytes" 0 "" -- \
    "$CONV" --max-bytes "$(wc -c <"$M" | tr -d ' ')" "$M" "$TMP/c.sgf"
expect "converted record" 0 "^OK: 226 actions, final scores seat 0: 0, seat 1: 5" -- "$REF" "$TMP/a.rec"
expect "converted .mat" 0 "^OK: 2 games of a match to 3, 226 actions" -- "$REF" "$TMP/a.mat"
# (.rec holds no names: compare the moves)
grep ')' "$TMP/a.mat" >"$TMP/a.rows"
grep ')' "$TMP/b.mat" >"$TMP/b.rows"
cmp -s "$TMP/a.rows" "$TMP/b.rows" || fail "the .mat converted via .sgf and .rec differs"
expect "convert usage" 2 "usage" -- "$CONV" only-one
expect "convert unknown format" 2 "formats" -- "$CONV" "$M" "$TMP/x.txt"
expect "convert illegal input" 1 "^game 1 move 3 (line 9)" -- "$CONV" "$TMP/illegal.mat" "$TMP/x.sgf"

if [ "$failures" -ne 0 ]; then
    echo "$failures failure(s)"
    exit 1
fi
echo "all match-file checks passed"
