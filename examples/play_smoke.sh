#!/bin/sh
# Smoke test of alea-play driven by scripted input.
#   sh play_smoke.sh path/to/alea-play
set -u
PLAY=${1:?usage: play_smoke.sh ALEA-PLAY}
OUT=$(mktemp) || exit 1
trap 'rm -f "$OUT"' EXIT INT TERM
failures=0

fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
# has TEXT...: every TEXT occurs in the last output.
has() {
    for t in "$@"; do
        grep -qF -- "$t" "$OUT" || fail "$case: no '$t' in the output"
    done
}
# hasnt TEXT...: no TEXT occurs in the last output.
hasnt() {
    for t in "$@"; do
        ! grep -qF -- "$t" "$OUT" || fail "$case: '$t' in the output"
    done
}
# status WANT GOT
status() { [ "$2" -eq "$1" ] || fail "$case: exit $2, want $1"; }

case="human vs greedy, bad input, quit"
"$PLAY" --seed 1 dice-poker players=2 >"$OUT" 2>&1 <<'EOF'
help
moves
board

fnord 17
hold 7
999
0
1
quit
EOF
status 0 $?
has "Seat 0 to move: " " legal moves (\`moves\` or \`?\` lists them" "   1. " \
    "Commands: moves or ?" "Notation of dice-poker" \
    "rejected: ALEA_PARSE_ERROR: " "there is no number 999" "there is no number 0" \
    "seat 0 (you): " "Game abandoned." "Game not over"
cat "$OUT"

case="end of input"
printf '1\n' | "$PLAY" --seed 2 dice-poker >"$OUT" 2>&1
status 0 $?
has "seat 0 (you): " "end of input" "Game abandoned."

case="bots only"
"$PLAY" --seed 3 --seat0 random --seat1 greedy dice-poker players=2 >"$OUT" 2>&1 </dev/null
status 0 $?
has "seat 0 (random): " "seat 1 (greedy): " "Game over." "Result: "

case="bots only, watched (--board), every game"
for spec in "dice-poker players=3" "wise-dice" "plateau max-plies=200" "backgammon match=1"; do
    # shellcheck disable=SC2086
    "$PLAY" --seed 5 --board --seat0 greedy --seat1 random $spec >"$OUT" 2>&1 </dev/null
    status 0 $?
    has "seat 0 (greedy): " "seat 1 (random): " "Game over." "Result: "
done
"$PLAY" --seed 5 --board --seat0 greedy dice-poker >"$OUT" 2>&1 </dev/null
has "Seat 0 (to play)" "Seat 1 (to play)" "Column bonus"
"$PLAY" --seed 5 --board --seat0 greedy wise-dice >"$OUT" 2>&1 </dev/null
has " A     B     C" "midline" "South (row 1)"
"$PLAY" --seed 5 --board --seat0 greedy plateau >"$OUT" 2>&1 </dev/null
has "Black to play" "stacks bottom to top" "prisoners held"
"$PLAY" --seed 5 --board --seat0 greedy backgammon match=3 >"$OUT" 2>&1 </dev/null
has "Cube " "Match to 3: White " "Position ID "

case="hidden information: a human sees only his observation (R11)"
printf '1\n1\n1\n1\nboard\nquit\n' | "$PLAY" --seed 3 plateau >"$OUT" 2>&1
status 0 $?
has "seat 0 (you): setup a1 xx xx" "seat 1 (greedy): setup b4 ?? x?" \
    "seat 1 (greedy): on b? d3:0" "? not seen; what Black may know" \
    "White: reserve 9 hidden" "W??"
hasnt "moved (hidden information" "White: reserve M"
# hot seat: the moves between turns as every seat sees them (a spectator)
printf '1\n1\n1\nquit\n' | "$PLAY" --seed 3 --seat1 human plateau >"$OUT" 2>&1
status 0 $?
has "what Black may know" "what White may know" "seat 0 (you): setup a1 ?? x?" \
    "seat 1 (you): setup b1 ?? x?"
hasnt "seat 0 (you): setup a1 xx" "seat 1 (you): setup b1 xx"
printf '1\n1\n1\n1\n' | "$PLAY" --seed 3 --seat1 random plateau max-plies=6 >"$OUT" 2>&1
status 0 $?
has "Game over. Every face is shown now."

case="a cube decision is named at once; a long list only on request"
printf '?\nquit\n' | "$PLAY" --seed 6 --seat1 random backgammon match=3 >"$OUT" 2>&1
status 0 $?
has "Seat 0 to move: roll or double"
n=$(grep -o " [0-9][0-9]*\. [a-z]" "$OUT" | wc -l)
[ "$n" -ge 2 ] || fail "$case: '?' lists the legal moves ($n lines)"
hasnt "1 actions" "1 moves" "1 outcomes"

case="manual dice"
"$PLAY" --seed 4 --manual-dice --seat1 random dice-poker players=2 >"$OUT" 2>&1 <<'EOF'
roll 1,2
roll 7,7,7,7,7
roll 5,4,3,2,1
write small
auto
quit
EOF
status 0 $?
has "rejected: ALEA_ILLEGAL_ACTION: " "rejected: ALEA_PARSE_ERROR: " \
    "dice: roll 1,2,3,4,5" "seat 0 (you): write small" "seat 1 (random): " "Game abandoned."
cat "$OUT"

case="bad spec"
"$PLAY" --seed 1 dice-poker players=9 >"$OUT" 2>&1 </dev/null
status 2 $?
has "ALEA_BAD_OPTION"

case="bad argument"
"$PLAY" --seat0 wizard dice-poker >"$OUT" 2>&1 </dev/null
status 2 $?
has "usage"

if [ "$failures" -ne 0 ]; then
    echo "$failures failure(s)"
    exit 1
fi
echo "all play checks passed"
