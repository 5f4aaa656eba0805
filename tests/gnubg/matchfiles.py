#!/usr/bin/python3
"""Match files against GNU Backgammon 1.07 (doc/record-format.md "Match files"):

1. gnubg plays itself (0-ply bots, seeded) matches with and without the cube
   and a money session, and writes each as .mat (`export match mat`) and .sgf
   (`save match`); alea reads every file (`alea.backgammon.read_match`), each
   entry checked, and the two files of one match must give the same actions
   and score.
2. alea writes seeded random games of several modes as .mat and .sgf; gnubg
   loads each (`import mat`, `load match`), and every move gnubg read must
   reach the position alea reached, every cube action and game result
   (winner, points) must agree.

Usage: matchfiles.py [--games N] [--seed S]; exit 0, 1 on a disagreement,
77 (skipped) without gnubg.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile

import alea
from alea import backgammon as bg

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from compare import find_gnubg  # noqa: E402

# gnubg self-play: (name, commands before `new ...`, the new command, extra games)
SELF_PLAY = [
    ("match5-cube", [], "new match 5", 0),
    ("match3-cube", [], "new match 3", 0),
    ("match5-nocube", ["set cube use off"], "new match 5", 0),
    ("money3", ["set jacoby off"], "new session", 2),
]

# alea modes written for gnubg to load (standard opening: gnubg's)
ALEA_MODES = [
    "backgammon match=3 opening=standard",
    "backgammon match=5 opening=standard resign=on",
    "backgammon match=7 opening=standard",
    "backgammon match=3 opening=standard cube=off",
    "backgammon money=on games=3 opening=standard resign=on",
]

INNER = r'''
import json, gnubg
job = json.load(open(JOB))
out = {"self": [], "loaded": []}
base = ["set player 0 human", "set player 1 human", "set display off", "set confirm new off",
        "set confirm save off", "set automatic game off", "set cube use on", "set jacoby off"]
for c in base:
    gnubg.command(c)
for name, before, new, extra, seed, mat, sgf in job["self"]:
    for c in base + before + ["set seed %d" % seed, "set player 0 gnubg", "set player 1 gnubg"]:
        gnubg.command(c)
    for p in (0, 1):
        for what in ("chequerplay", "cubedecision"):
            gnubg.command("set player %d %s evaluation plies 0" % (p, what))
    gnubg.command(new)
    for _ in range(extra):
        gnubg.command("new game")
    gnubg.command("export match mat " + mat)
    gnubg.command("save match " + sgf)
    out["self"].append(name)
for c in base:
    gnubg.command(c)
for path in job["load"]:
    gnubg.command(("import mat " if path.endswith(".mat") else "load match ") + path)
    try:
        m = gnubg.match(0, 0, 0, 0)
    except Exception as exc:
        m = {"error": str(exc)}
    out["loaded"].append(json.loads(json.dumps(m, default=str)))
json.dump(out, open(RESULT, "w"))
'''


def alea_games(args, tmp):
    """Random alea games written as .mat and .sgf; (path, Match read back by alea)."""
    rng = alea.Rng(args.seed)
    files = []
    for g in range(args.games):
        spec = ALEA_MODES[g % len(ALEA_MODES)]
        st = alea.State(spec)
        actions = []
        while not st.is_terminal:
            if st.is_chance:
                actions.append(st.roll(rng))
            else:
                legal = st.legal_actions()
                a = legal[rng.below(len(legal))]
                st.apply(a)
                actions.append(int(a))
        # names of any printable characters (issue 24): gnubg reads them too
        names = tuple("".join(chr(32 + rng.below(95)) for _ in range(1 + rng.below(20)))
                      for _ in range(2))
        for fmt in ("mat", "sgf"):
            path = os.path.join(tmp, "alea-%d.%s" % (g, fmt))
            with open(path, "w") as f:
                f.write(bg.write_match((spec, actions), fmt, names))
            files.append((path, spec))
    return files


def steps_text(steps, state):
    """gnubg's steps as alea notation, played in order: a step onto a blot hits."""
    v = state.view()
    me = v.turn
    opp = {25 - i: v.points[1 - me][i] for i in range(1, 25)}  # on my point t

    def pt(p):
        return "bar" if p == 25 else "off" if p <= 0 else str(p)

    words = []
    for a, b in steps:
        hit = 1 <= b <= 24 and opp.get(b) == 1
        if hit:
            opp[b] = 0
        words.append("%s/%s%s" % (pt(a), pt(b), "*" if hit else ""))
    return " ".join(words) or "pass"


def compare_loaded(path, spec, gm, problems):
    """gnubg's reading of an alea file against alea's own reading of it."""
    m = bg.read_match(path)
    if "error" in gm or "games" not in gm:
        problems.append("%s: gnubg could not load it: %s" % (path, gm.get("error")))
        return 0
    if len(gm["games"]) != len(m.games):
        problems.append("%s: gnubg read %d games, alea wrote %d" % (path, len(gm["games"]),
                                                                  len(m.games)))
        return 0
    positions = 0
    for number, (ggame, agame) in enumerate(zip(gm["games"], m.games), 1):
        # alea's moves and cube actions in order, with the state before each
        mine = []
        prev = None
        for a, after in zip(agame.actions, agame.states):
            k = bg.decode(a).kind
            if k in (bg.Kind.MOVE, bg.Kind.DOUBLE, bg.Kind.TAKE, bg.Kind.DROP):
                mine.append((k, prev, after))
            prev = after
        theirs = [r for r in ggame["game"] if r.get("action") in ("move", "double", "take",
                                                                   "drop")]
        # a roll written without a move before a resignation (.mat "52:", as
        # gnubg exports one): gnubg's import reads it as a move, with no steps
        # or with steps of its own choosing
        if (agame.how == bg.End.RESIGN and len(theirs) == len(mine) + 1 and
                theirs[-1].get("action") == "move"):
            theirs.pop()
        if len(theirs) != len(mine):
            problems.append("%s game %d: gnubg has %d moves/cube actions, alea %d"
                            % (path, number, len(theirs), len(mine)))
            continue
        for (k, before, after), rec in zip(mine, theirs):
            want = {"move": bg.Kind.MOVE, "double": bg.Kind.DOUBLE, "take": bg.Kind.TAKE,
                    "drop": bg.Kind.DROP}[rec["action"]]
            if want != k:
                problems.append("%s game %d: gnubg %s, alea %s" % (path, number, rec["action"],
                                                                   k.name))
                break
            if k == bg.Kind.MOVE:
                positions += 1
                text = steps_text(rec.get("move") or (), before)
                try:
                    got = bg.position_id(before.child(before.parse_action(text)))
                except alea.AleaError as exc:
                    problems.append("%s game %d: gnubg's move %s: %s" % (path, number, text, exc))
                    break
                if got != bg.position_id(after):
                    problems.append("%s game %d: gnubg's move %s reaches %s, alea %s"
                                    % (path, number, text, got, bg.position_id(after)))
                    break
        info = ggame["info"]
        winner = {"X": 0, "O": 1}.get(info.get("winner"))
        if agame.winner is not None and (winner != agame.winner or
                                         info.get("points-won") != agame.points):
            problems.append("%s game %d: gnubg says %s wins %s, alea %s wins %s"
                            % (path, number, info.get("winner"), info.get("points-won"),
                               agame.winner, agame.points))
    return positions


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=int(os.environ.get("ALEA_GNUBG_FILES", 10)))
    ap.add_argument("--seed", type=int, default=int(os.environ.get("ALEA_TEST_SEED", 17)))
    args = ap.parse_args()
    gnubg = find_gnubg()
    if not gnubg:
        print("SKIP: GNU Backgammon (gnubg) is not installed: apt-get install gnubg")
        return 77
    problems = []
    with tempfile.TemporaryDirectory() as tmp:
        selfplay = []
        for i, (name, before, new, extra) in enumerate(SELF_PLAY):
            mat = os.path.join(tmp, "gnubg-%s.mat" % name)
            sgf = os.path.join(tmp, "gnubg-%s.sgf" % name)
            selfplay.append((name, before, new, extra, args.seed + i, mat, sgf))
        written = alea_games(args, tmp)
        job = {"self": selfplay, "load": [p for p, _ in written]}
        job_path, result_path = os.path.join(tmp, "job.json"), os.path.join(tmp, "result.json")
        with open(job_path, "w") as f:
            json.dump(job, f)
        script = os.path.join(tmp, "inner.py")
        with open(script, "w") as f:
            f.write("JOB = %r\nRESULT = %r\n" % (job_path, result_path) + INNER)
        proc = subprocess.run([gnubg, "-t", "-q", "-p", script], stdin=subprocess.DEVNULL,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, cwd=tmp,
                              timeout=900)
        if not os.path.exists(result_path):
            sys.stderr.write(proc.stdout.decode(errors="replace")[-3000:])
            print("gnubg did not finish the script")
            return 1
        with open(result_path) as f:
            result = json.load(f)
        # 1. gnubg-written files read by alea
        read = 0
        for name, _, _, _, _, mat, sgf in selfplay:
            matches = []
            for path in (mat, sgf):
                try:
                    matches.append(bg.read_match(path))
                    read += 1
                except alea.AleaError as exc:
                    problems.append("alea refuses gnubg's %s: %s" % (os.path.basename(path), exc))
            if len(matches) == 2:
                a, b = matches
                if a.actions != b.actions or a.score != b.score:
                    problems.append("%s: the .mat and .sgf read differently (%d/%d actions, "
                                    "score %s/%s)" % (name, len(a.actions), len(b.actions),
                                                      a.score, b.score))
        # 2. alea-written files loaded by gnubg
        positions = 0
        for (path, spec), gm in zip(written, result["loaded"]):
            positions += compare_loaded(path, spec, gm, problems)
    print("match files (seed %d): gnubg wrote %d files, alea read %d; alea wrote %d files, "
          "gnubg loaded them, %d moves compared position by position; %d disagreements"
          % (args.seed, 2 * len(SELF_PLAY), read, len(written), positions, len(problems)))
    for p in problems[:20]:
        print("  " + p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
