#!/bin/sh
# Smoke test of alea-referee: a bot game's record must pass, and corrupted
# copies must fail at the right line with exit status 1.
#   sh referee_smoke.sh path/to/alea-referee
set -u
REF=${1:?usage: referee_smoke.sh ALEA-REFEREE}
TMP=$(mktemp -d) || exit 1
trap 'rm -rf "$TMP"' EXIT INT TERM
failures=0

fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# expect NAME STATUS PATTERN -- runs the rest, checks exit status and first output line.
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

# A valid record of a 2-player dice-poker game.
if ! "$REF" --write-demo-record 1 dice-poker players=2 >"$TMP/good.rec"; then
    fail "--write-demo-record failed"
    exit 1
fi
lines=$(wc -l <"$TMP/good.rec" | tr -d ' ')
actions=$((lines - 1))
echo "record: $lines lines; spec: $(head -n 1 "$TMP/good.rec")"
head -n 1 "$TMP/good.rec" | grep -q '^dice-poker ' || fail "first line is not the spec"
# The same seed writes the same record.
"$REF" --write-demo-record 1 dice-poker players=2 | cmp -s - "$TMP/good.rec" ||
    fail "the record is not reproducible"

expect "valid record" 0 "^OK: $actions actions, final scores" -- "$REF" "$TMP/good.rec"
expect "valid record on stdin (-)" 0 "^OK: $actions actions" -- \
    sh -c '"$1" - <"$2"' sh "$REF" "$TMP/good.rec"
expect "valid record on stdin" 0 "^OK: $actions actions" -- \
    sh -c '"$1" <"$2"' sh "$REF" "$TMP/good.rec"

# Line 2 is the first throw of five dice: two dice instead cannot have fallen.
sed '2s/.*/roll 6,6/' "$TMP/good.rec" >"$TMP/bad2.rec"
expect "two dice at a five-dice throw" 1 "^line 2: ALEA_" -- "$REF" "$TMP/bad2.rec"

# Line 3 is the first decision: write a combination the dice do not form.
if sed -n 2p "$TMP/good.rec" | grep -Eq '^roll ([1-6]),\1,\1,\1,\1$'; then
    move="write large"   # five of a kind is never a large straight
else
    move="write poker"   # not five of a kind
fi
sed "3s/.*/$move/" "$TMP/good.rec" >"$TMP/bad3.rec"
expect "illegal move '$move'" 1 "^line 3: ALEA_ILLEGAL_ACTION: " -- "$REF" "$TMP/bad3.rec"
grep -q '^position before line 3 (actions applied: 1)' "$TMP/out" ||
    fail "the board before line 3 is not shown"

# A malformed line.
sed '4s/.*/fnord 17/' "$TMP/good.rec" >"$TMP/bad4.rec"
expect "malformed line" 1 "^line 4: ALEA_PARSE_ERROR: " -- "$REF" "$TMP/bad4.rec"

# A move after the end of the game.
{ cat "$TMP/good.rec"; tail -n 1 "$TMP/good.rec"; } >"$TMP/late.rec"
expect "move after the end" 1 "^line $((lines + 1)): ALEA_" -- "$REF" "$TMP/late.rec"

# A bad spec line.
sed '1s/.*/dice-poker players=9/' "$TMP/good.rec" >"$TMP/spec.rec"
expect "bad spec" 1 "^line 1: ALEA_BAD_OPTION" -- "$REF" "$TMP/spec.rec"

# An unfinished game is a valid record; comments and blank lines are ignored.
{ echo "# a comment"; head -n 12 "$TMP/good.rec"; echo; } >"$TMP/part.rec"
expect "unfinished game" 0 "^OK: 11 actions, current scores" -- "$REF" "$TMP/part.rec"

# The other games: a bot game's record passes from stdin; the same record
# with line 6 replaced by `pass` (well-formed in all three, but illegal
# there: a set-up, or a move exists) fails at line 6 with the rule broken.
bad=pass
for spec in "wise-dice" "plateau" "backgammon match=3"; do
    # shellcheck disable=SC2086
    "$REF" --write-demo-record 3 $spec >"$TMP/g.rec" || fail "$spec: --write-demo-record failed"
    n=$(grep -c . "$TMP/g.rec")
    expect "$spec record on stdin" 0 "^OK: $((n - 1)) actions, final scores" -- \
        sh -c '"$1" - <"$2"' sh "$REF" "$TMP/g.rec"
    sed "6s/.*/$bad/" "$TMP/g.rec" >"$TMP/g6.rec"
    if ! cmp -s "$TMP/g.rec" "$TMP/g6.rec"; then
        expect "$spec: '$bad' at line 6" 1 "^line 6: ALEA_ILLEGAL_ACTION: [A-Z§]" -- \
            sh -c '"$1" - <"$2"' sh "$REF" "$TMP/g6.rec"
    fi
done

# A NUL byte is a bad line, not the end of the record (issue 12): the record
# is handed to alea_record_replay_n with the length that was read.
printf 'dice-poker players=2\nroll 1,2,3,4,5\n\0hold 9,9,9\n' >"$TMP/nul.rec"
expect "NUL byte in a record" 1 "^line 3: ALEA_PARSE_ERROR: record: embedded NUL byte at offset 36" \
    -- "$REF" "$TMP/nul.rec"

# Size limit: a long record streamed through a pipe is read whole up to the
# limit (here 40 000 comment lines before a real game, about 0.7 MB)...
{ head -n 1 "$TMP/good.rec"; yes "# a padding line" | head -n 40000; tail -n +2 "$TMP/good.rec"; } \
    >"$TMP/long.rec"
expect "long record through a pipe" 0 "^OK: $actions actions, final scores" -- \
    sh -c 'cat "$2" | "$1" -' sh "$REF" "$TMP/long.rec"
# ...a record over --max-bytes is refused, as is an endless stream (read only
# up to the default 16 MiB limit: memory stays bounded, the program ends).
expect "record over --max-bytes" 2 "record larger than 100000 bytes: refused" -- \
    sh -c 'cat "$2" | "$1" --max-bytes 100000 -' sh "$REF" "$TMP/long.rec"
expect "record at --max-bytes" 0 "^OK: $actions actions" -- \
    "$REF" --max-bytes "$(wc -c <"$TMP/long.rec" | tr -d ' ')" "$TMP/long.rec"
expect "endless stream" 2 "record larger than 16777216 bytes: refused" -- \
    sh -c 'yes "# c" | "$1"' sh "$REF"
expect "bad --max-bytes" 2 "usage" -- "$REF" --max-bytes lots "$TMP/good.rec"

# I/O error and usage error.
expect "missing file" 2 "no-such-file" -- "$REF" "$TMP/no-such-file"
expect "usage" 2 "usage" -- "$REF" a b

if [ "$failures" -ne 0 ]; then
    echo "$failures failure(s)"
    exit 1
fi
echo "all referee checks passed"
