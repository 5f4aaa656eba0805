#!/usr/bin/python3
"""Replays seeded random alea backgammon games inside GNU Backgammon 1.07 and
compares (doc/rules/backgammon.md, specification §7.3, §11.6-7):

* both IDs (Position ID and Match ID) after every action;
* at every state before a roll, whether gnubg lets the player on roll double
  (dead cube, Crawford game, cube ownership, maximum cube);
* the score after every game (the points of each game end);
* at the start of every later game of a match, gnubg's Crawford flag.

Each game (a match or money session of alea) starts in gnubg from alea's IDs
after the opening throw (`set gnubgid`); then every action is a gnubg command
(`set dice`, `move`, `double`, `take`, `drop`, `beaver`, `resign`, `accept`,
`reject`).  gnubg runs once, non-interactively (`gnubg -t -q -p script`),
driven through its embedded Python.

Usage: compare.py [--games N] [--seed S] [--verbose]
Exit status 0 when everything agrees, 1 on a disagreement, 77 (skipped) when
gnubg is not installed.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

import alea
from alea import backgammon as bg

MODES = [
    # (alea spec, gnubg set-up)
    ("backgammon match=1 opening=standard", ["new match 1"]),
    ("backgammon match=3 opening=standard", ["new match 3"]),
    ("backgammon match=3 opening=standard resign=on", ["new match 3"]),
    ("backgammon match=5 opening=standard crawford=off", ["new match 5"]),
    ("backgammon match=7 opening=standard resign=on", ["new match 7"]),
    ("backgammon match=7 opening=standard", ["new match 7"]),
    ("backgammon match=5 opening=standard cube=off", ["set cube use off", "new match 5"]),
    ("backgammon money=on games=3 opening=standard jacoby=on", ["new session"]),
    ("backgammon money=on games=3 opening=standard beavers=on resign=on",
     ["set beavers 1", "new session"]),
    ("backgammon money=on games=3 opening=standard auto_doubles=2 beavers=on",
     ["set beavers 1", "new session"]),
    ("backgammon opening=standard resign=on", ["set cube use off", "new session"]),
]

GNUBG_SETUP = [
    "set player 0 human",
    "set player 1 human",
    "set automatic game off",
    "set automatic roll off",
    "set automatic move off",
    "set display off",
    "set confirm new off",
    "set confirm save off",
    "set cube use on",
    "set beavers 0",
]

# The script gnubg runs: ops from a JSON file, results to another.
INNER = r'''
import json, gnubg
ops = json.load(open(OPS))
out = []
for c in SETUP:
    gnubg.command(c)
for op in ops:
    kind = op[0]
    if kind == "cmd":
        for c in op[1]:
            gnubg.command(c)
    elif kind == "dbl":  # may the player on roll double here?  then back
        gnubg.command("set gnubgid " + op[1])
        gnubg.command("double")
        doubled = gnubg.matchid()
        gnubg.command("set gnubgid " + op[1])
        out.append(doubled)
        continue
    out.append(gnubg.positionid() + ":" + gnubg.matchid())
json.dump(out, open(RESULT, "w"))
'''


def find_gnubg():
    for path in (shutil.which("gnubg"), "/usr/games/gnubg"):
        if path and os.access(path, os.X_OK):
            return path
    return None


def ids(state):
    return bg.position_id(state) + ":" + bg.match_id(state)


def mid_bits(mid):
    """The fields of a Match ID (§9) as a dict."""
    import base64

    v = int.from_bytes(base64.b64decode(mid + "=" * (-len(mid) % 4)), "little")

    def f(at, width):
        return (v >> at) & ((1 << width) - 1)

    return {"doubled": f(12, 1), "crawford": f(7, 1), "state": f(8, 3),
            "score": (f(36, 15), f(51, 15))}


def move_command(action):
    steps = bg.decode(action).steps

    def point(p):
        return "bar" if p == 25 else "off" if p == 0 else str(p)

    return "move " + " ".join(point(a) + "/" + point(b) for a, b in steps)


def command_of(action):
    a = bg.decode(action)
    k = a.kind
    if k == bg.Kind.DICE:
        return ["set dice %d %d" % a.dice]
    if k == bg.Kind.MOVE:
        return [move_command(action)] if a.steps else ["move"]
    if k == bg.Kind.RESIGN:
        return ["resign " + ("single", "gammon", "backgammon")[a.value - 1]]
    names = {bg.Kind.ROLL: None, bg.Kind.DOUBLE: "double", bg.Kind.TAKE: "take",
             bg.Kind.DROP: "drop", bg.Kind.BEAVER: "beaver", bg.Kind.ACCEPT: "accept",
             bg.Kind.REJECT: "reject"}
    name = names[k]
    return [name] if name else []


def pre_roll(state, last_kind):
    v = state.view()
    if v.phase == bg.Phase.CUBE:
        return True
    return v.phase == bg.Phase.DICE and last_kind != bg.Kind.ROLL


def may_double(state):
    if state.current_player < 0:
        return False
    return any(bg.decode(a).kind == bg.Kind.DOUBLE for a in state.legal_actions())


def build(args):
    """ops for gnubg, and checks: (op index, what, expected, context)."""
    ops, checks = [], []
    rng = alea.Rng(args.seed)
    totals = {"games": 0, "actions": 0}
    for g in range(args.games):
        spec, setup = MODES[g % len(MODES)]
        crawford_rule = "crawford=off" not in spec and "cube=off" not in spec
        st = alea.State(spec)
        reset = ["set cube use on", "set beavers 0"]  # modes must not leak into the next
        ops.append(("cmd", reset + setup))
        in_game, last_kind, game_no = False, None, 0
        ctx = "game %d (%s seed %d)" % (g, spec, args.seed)
        steps = 0
        while not st.is_terminal and steps < 5000:
            steps += 1
            if st.is_chance and st.view().phase == bg.Phase.OPENING:
                st.roll(rng)
                if st.view().phase == bg.Phase.OPENING:
                    continue  # an automatic double (§7.6): the opening again
                game_no += 1
                totals["games"] += 1
                if game_no > 1 and crawford_rule and "match=" in spec:
                    ops.append(("cmd", ["new game"]))
                    checks.append((len(ops) - 1, "crawford", mid_bits(bg.match_id(st))["crawford"],
                                   "%s, start of game %d" % (ctx, game_no)))
                ops.append(("cmd", ["set gnubgid " + ids(st)]))
                checks.append((len(ops) - 1, "ids", ids(st), "%s, game %d start" % (ctx, game_no)))
                in_game, last_kind = True, None
                continue
            if pre_roll(st, last_kind):
                ops.append(("dbl", ids(st)))
                checks.append((len(ops) - 1, "double", may_double(st),
                               "%s, game %d, %s" % (ctx, game_no, ids(st))))
            before = st.view().games_played
            if st.is_chance:
                action = st.sample(rng)
            else:
                legal = st.legal_actions()
                action = legal[rng.below(len(legal))]
            text = st.action_to_str(action)
            st.apply(action)
            cmds = command_of(action)
            totals["actions"] += 1
            kind = bg.decode(action).kind
            last_kind = kind
            label = "%s, game %d, after %s" % (ctx, game_no, text)
            # a forfeited roll: one step in the comparison (`set dice`, `move`)
            if kind == bg.Kind.DICE and st.current_player >= 0:
                legal = st.legal_actions()
                if len(legal) == 1 and bg.decode(legal[0]).kind == bg.Kind.MOVE \
                        and not bg.decode(legal[0]).steps:
                    st.apply(legal[0])
                    totals["actions"] += 1
                    last_kind = bg.Kind.MOVE
                    label += " pass"
                    cmds.append("move")
            v = st.view()
            ops.append(("cmd", cmds))
            if v.games_played > before:  # a game ended: compare the points
                if st.is_terminal:
                    checks.append((len(ops) - 1, "ids", ids(st), label + " (game over)"))
                else:
                    checks.append((len(ops) - 1, "score", tuple(v.score), label + " (game end)"))
                in_game = False
            elif in_game:
                checks.append((len(ops) - 1, "ids", ids(st), label))
    return ops, checks, totals


def run_gnubg(gnubg, ops):
    with tempfile.TemporaryDirectory() as tmp:
        ops_path = os.path.join(tmp, "ops.json")
        result_path = os.path.join(tmp, "result.json")
        script = os.path.join(tmp, "inner.py")
        with open(ops_path, "w") as f:
            json.dump(ops, f)
        with open(script, "w") as f:
            f.write("OPS = %r\nRESULT = %r\nSETUP = %r\n" % (ops_path, result_path, GNUBG_SETUP))
            f.write(INNER)
        proc = subprocess.run([gnubg, "-t", "-q", "-p", script], stdin=subprocess.DEVNULL,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, cwd=tmp,
                              timeout=900)
        if not os.path.exists(result_path):
            sys.stderr.write(proc.stdout.decode(errors="replace")[-4000:])
            raise SystemExit("gnubg did not finish the script")
        with open(result_path) as f:
            return json.load(f)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=int(os.environ.get("ALEA_GNUBG_GAMES", 66)))
    ap.add_argument("--seed", type=int, default=int(os.environ.get("ALEA_TEST_SEED", 13)))
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args()
    gnubg = find_gnubg()
    if not gnubg:
        print("SKIP: GNU Backgammon (gnubg) is not installed: apt-get install gnubg")
        return 77
    ops, checks, totals = build(args)
    results = run_gnubg(gnubg, ops)
    counts = {"ids": 0, "double": 0, "score": 0, "crawford": 0}
    bad = []
    for index, what, want, ctx in checks:
        got = results[index]
        counts[what] += 1
        if what == "ids":
            ok = got == want
        elif what == "double":
            got = bool(mid_bits(got.split(":")[-1] if ":" in got else got)["doubled"])
            ok = got == want
        elif what == "score":
            got = mid_bits(got.split(":")[1])["score"]
            ok = tuple(got) == tuple(want)
        else:
            got = mid_bits(got.split(":")[1])["crawford"]
            ok = got == want
        if not ok:
            bad.append("%s: %s alea %s, gnubg %s" % (ctx, what, want, got))
    print("gnubg comparison (seed %d): %d matches/sessions, %d games, %d actions; compared "
          "%d ID pairs, %d double decisions, %d game-end scores, %d Crawford flags; "
          "%d disagreements" % (args.seed, args.games, totals["games"], totals["actions"],
                                counts["ids"], counts["double"], counts["score"],
                                counts["crawford"], len(bad)))
    for line in bad[:20]:
        print("  " + line)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
