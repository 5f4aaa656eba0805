#!/usr/bin/python3
"""Rates an alea backgammon bot with GNU Backgammon 1.07 as the judge.

The bot plays gnubg 0-ply (gnubg's own moves: the top of its 0-ply hint) in
single games, seats alternating, games 2k and 2k+1 thrown on the same dice
(the i-th throw of both games is the same: variance reduction).

* Checker play (cubeless games, the default): every unforced checker play of
  the bot is rated by gnubg 0-ply: error = cubeless equity of gnubg's best move
  minus that of the chosen move (mover's view, 2w - 1 + wg - lg + wbg - lbg),
  x 1000 = mEMG.  The chosen move is mapped to gnubg's by the resulting
  Position ID, and alea's legal moves (distinct resulting positions) must equal
  gnubg's at every judged decision and every gnubg decision: the mismatches
  are counted and must be 0.  ``--judge2 N`` judges N of those decisions again
  at 2-ply (gnubg's World class setting: pruning, its move filters).
* Cube decisions (``--cube money`` or ``--cube match=N``): games with the
  cube on; every cube decision of the bot (double or roll when it may double;
  take, drop or beaver when doubled) is rated by gnubg's cubeful 0-ply
  evaluation (``gnubg.cfevaluate``): error = best cubeful equity minus the
  chosen one, normalised to the cube, x 1000, per "close or actual" decision
  as gnubg counts them (every double, take and drop; a roll when doubling
  would have cost less than 0.16) and per decision.  gnubg doubles, takes and
  plays by the same evaluation (checker play cubeful), and the bot's checker
  plays are rated by gnubg's cubeful 0-ply equities.  ``--cube-judge2`` rates
  every cube decision of the bot again by gnubg's cubeful 2-ply (prune on:
  its World class cube setting, about 30 ms a decision), by the same rules,
  "close" by the 2-ply equities; gnubg still plays by 0-ply.

The bot is ``--bot "KIND key=value ..."``, passed as ``alea.Bot(KIND, spec,
**params)`` (integers and decimals converted, any other value passed as text),
so new kinds and parameters need no change here.  ``--jobs N`` runs N gnubg
processes side by side (game pair k goes to process k mod N); the results
depend on the seed only.  Intervals are 95 %, clustered by game pair.

Usage: strength.py [--bot SPEC] [--games N] [--seed S] [--jobs N]
                   [--cube money|match=N [--cube-judge2]] [--judge2 N] [--json FILE]
                   [--max-error MEMG] [--max-cube-error MEMG] [--min-decisions N]
                   [--min-cube-decisions N] [--quiet]
Exit status: 0, 1 when a check fails (a mapping mismatch, an ID gnubg does
not take, or an error bound exceeded), 77 (skipped) when gnubg is absent.
"""

import argparse
import hashlib
import json
import math
import os
import random
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

WORKER_ENV = "ALEA_STRENGTH_WORKER"

# gnubg's rating scale (gnubg.errorrating, error per move in mEMG: upper bounds).
RATINGS = [(2.0, "Supernatural"), (5.0, "World class"), (8.0, "Expert"), (12.0, "Advanced"),
           (18.0, "Intermediate"), (26.0, "Casual player"), (35.0, "Beginner"),
           (float("inf"), "Awful!")]

Z95 = 1.959963984540054


def rating(memg):
    for bound, word in RATINGS:
        if memg < bound:
            return word
    return RATINGS[-1][1]


def parse_value(text):
    for conv in (int, float):
        try:
            return conv(text)
        except ValueError:
            pass
    return text


def parse_bot(spec):
    """``"expectimax depth=3"`` -> ``("expectimax", {"depth": 3})``."""
    words = shlex.split(spec)
    if not words:
        raise ValueError("empty bot spec")
    params = {}
    for word in words[1:]:
        key, sep, value = word.partition("=")
        if not sep or not key:
            raise ValueError("bot parameter %r is not key=value" % word)
        params[key] = parse_value(value)
    return words[0], params


def game_spec(cube):
    if cube is None:
        return "backgammon"
    if cube == "money":
        return "backgammon money=on"
    return "backgammon match=%d" % int(cube.split("=", 1)[1])


def derive(seed, *what):
    """A 64-bit seed from the run's seed and a label (independent of job count)."""
    text = ":".join(str(x) for x in ("alea-strength", seed) + what)
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "little")


# ----------------------------------------------------------------------------------------
# Worker: runs inside gnubg's embedded Python (gnubg -t -q -p strength.py).
# ----------------------------------------------------------------------------------------

def worker_main(cfg_path):
    import gnubg  # noqa: F401  (only inside gnubg)

    with open(cfg_path) as f:
        cfg = json.load(f)
    out = open(cfg["out"], "a")
    try:
        if cfg["task"] == "play":
            Player(cfg, out).run()
        else:
            judge2(cfg, out)
    except BaseException:  # report, so that the driver can show it
        import traceback

        out.write(json.dumps({"error": traceback.format_exc()}) + "\n")
    out.close()


def gnubg_setup(cfg):
    import gnubg

    cmds = ["set threads 1", "set player 0 human", "set player 1 human", "set display off",
            "set automatic game off", "set automatic roll off", "set automatic move off",
            "set confirm new off", "set jacoby off", "set beavers %d" % cfg.get("beavers", 0),
            "set evaluation chequerplay evaluation plies 0",
            "set evaluation chequerplay evaluation prune off",
            "set evaluation chequerplay evaluation noise 0",
            "set evaluation chequerplay evaluation cubeful %s" % ("on" if cfg["cube"] else "off"),
            "set cube use %s" % ("on" if cfg["cube"] else "off")]
    for c in cmds:
        gnubg.command(c)


def cube_rating(what, nd, dt, dp):
    """(right, error in mEMG, close) of the cube choice `what` ("double" or
    "no double" when the player may double; "take" or "drop" when doubled: a
    beaver is rated as a take) by the doubler's cubeful no double, double/take
    and double/pass (nd unused when answering).  gnubg's denominator, "close
    or actual": every double, take and drop, and a roll when doubling would
    lose less than 0.16 (best - min(double/take, 1))."""
    if what in ("double", "no double"):
        double_eq = min(dt, dp)
        best = max(nd, double_eq)
        chosen = double_eq if what == "double" else nd
        return ("double" if double_eq > nd else "no double", 1000.0 * (best - chosen),
                what == "double" or best - min(dt, 1.0) < 0.16)
    take_eq, drop_eq = -dt, -dp  # the taker's view
    best = max(take_eq, drop_eq)
    chosen = drop_eq if what == "drop" else take_eq
    return "take" if take_eq >= drop_eq else "drop", 1000.0 * (best - chosen), True


def cubeless_equity(p):
    return 2.0 * p[0] - 1.0 + p[1] - p[3] + p[2] - p[4]


def board_after(board, steps):
    """gnubg board (not on roll, on roll) after the mover's steps, as (mover, opponent):
    the board of the position with the opponent on roll."""
    opp, me = list(board[0]), list(board[1])
    for frm, to in steps:
        me[frm - 1] -= 1
        if to > 0:
            me[to - 1] += 1
            if opp[24 - to] == 1:
                opp[24 - to] = 0
                opp[24] += 1
    return (me, opp)


def gnubg_moves(cubeful):
    """The moves gnubg lists for the current position: {resulting Position ID: equity}
    (best first as gnubg ranks them) and the ID of gnubg's choice (its top move)."""
    import gnubg

    board = gnubg.board()
    moves = {}
    top = None
    for m in gnubg.hint(100000)["hint"]:
        pid = gnubg.positionid(board_after(board, gnubg.parsemove(m["move"])))
        eq = m["equity"] if cubeful else cubeless_equity(m["details"]["probs"])
        moves[pid] = eq
        if top is None:
            top = pid
    return moves, top


class Player:
    def __init__(self, cfg, out):
        import alea
        from alea import backgammon as bg

        self.alea, self.bg = alea, bg
        self.cfg, self.out = cfg, out
        self.spec = cfg["spec"]
        self.cube = cfg["cube"]
        self.cubeful = bool(self.cube)
        gnubg_setup(cfg)
        self.bot = alea.Bot(cfg["kind"], self.spec, **cfg["params"])
        self.ec_cube = {"cubeful": 1, "plies": 0, "deterministic": 1, "prune": 0, "noise": 0.0}
        # --cube-judge2: the bot's cube decisions judged again by gnubg's cubeful
        # 2-ply (its World class cube setting); gnubg still plays by 0-ply
        self.ec_cube2 = (dict(self.ec_cube, plies=2, prune=1) if cfg.get("cube_judge2")
                         else None)

    def run(self):
        for pair in self.cfg["pairs"]:
            for game in (2 * pair, 2 * pair + 1):
                rec = self.play(game)
                self.out.write(json.dumps(rec) + "\n")
                self.out.flush()

    def new_gnubg_game(self):
        import gnubg

        if self.cube and self.cube.startswith("match="):
            gnubg.command("new match %d" % int(self.cube.split("=", 1)[1]))
        else:
            gnubg.command("new session")

    def set_position(self, st, rec):
        """gnubg set to alea's state by its IDs; counts an ID gnubg does not reproduce."""
        import gnubg

        pid, mid = self.bg.position_id(st), self.bg.match_id(st)
        gnubg.command("set gnubgid %s:%s" % (pid, mid))
        if gnubg.positionid() != pid or gnubg.matchid() != mid:
            rec["id_failures"] += 1
            rec["notes"].append("gnubg set to %s:%s reads %s:%s"
                                % (pid, mid, gnubg.positionid(), gnubg.matchid()))
        return pid + ":" + mid

    def outcomes(self, st, stream):
        """The chance outcome the game's dice stream gives (u in [0,1) against the
        cumulative probabilities, so that both games of a pair throw the same dice)."""
        u = stream.random()
        acc = 0.0
        outs = st.chance_outcomes()
        for o in outs:
            acc += float(o.probability)
            if u < acc:
                return o.action
        return outs[-1].action

    def play(self, game):
        bg = self.bg
        pair, seat = game // 2, game % 2
        dice = random.Random(derive(self.cfg["seed"], "dice", pair))
        rng = self.alea.Rng(derive(self.cfg["seed"], "bot", game))
        st = self.alea.State(self.spec)
        self.new_gnubg_game()
        rec = {"game": game, "pair": pair, "seat": seat, "checker": [], "cube": [],
               "forced": 0, "bot_moves": 0, "bot_cpu": 0.0, "gnubg_decisions": 0,
               "mismatches": 0, "id_failures": 0, "notes": [], "points": 0, "game_points": [],
               "games": 0, "match_won": None}
        pending = None  # (double/take, double/pass) of the doubler, for the reply
        steps = 0
        while not st.is_terminal:
            steps += 1
            if steps > 20000:
                raise RuntimeError("game %d does not end" % game)
            if st.is_chance:
                before = st.view().games_played
                st.apply(self.outcomes(st, dice))
                self.after_game(st, before, rec)
                continue
            v = st.view()
            bots_turn = st.current_player == seat
            legal = st.legal_actions()
            before = v.games_played
            if v.phase == bg.Phase.MOVE:
                action = self.move(st, legal, bots_turn, rng, rec)
            elif v.phase == bg.Phase.CUBE:
                action, pending = self.cube_turn(st, legal, bots_turn, rng, rec)
            elif v.phase == bg.Phase.TAKE:
                action = self.reply(st, legal, bots_turn, rng, rec, pending)
            else:  # a beaver to answer, a resignation (not in these specs): no rating
                action = self.bot.choose(st, rng) if bots_turn else self.gnubg_other(legal)
            st.apply(action)
            self.after_game(st, before, rec)
        return rec

    def after_game(self, st, before, rec):
        v = st.view()
        if v.games_played > before:
            sign = 1 if v.last_winner == rec["seat"] else -1
            rec["points"] += sign * v.last_value
            rec["game_points"].append(sign * v.last_value)
            rec["games"] += 1
            if st.is_terminal and v.match_length:
                rec["match_won"] = v.score[rec["seat"]] >= v.match_length

    def gnubg_other(self, legal):
        bg = self.bg
        kinds = {bg.decode(a).kind: a for a in legal}
        for k in (bg.Kind.TAKE, bg.Kind.REJECT, bg.Kind.ROLL):
            if k in kinds:
                return kinds[k]
        return legal[0]

    def resulting_position(self, st, action):
        """The Position ID after a move (the opponent on roll): alea's, from the state
        the move leads to; when the move ends a game of a match or session, that
        state is already the next game's opening, so the ID is that of alea's board
        before the move with the move's steps played (hits included)."""
        import gnubg

        bg = self.bg
        child = st.child(action)
        v = st.view()
        if child.view().games_played == v.games_played:
            return bg.position_id(child)
        me, opp = v.points[v.turn], v.points[1 - v.turn]
        board = (list(opp[1:26]), list(me[1:26]))
        return gnubg.positionid(board_after(board, bg.decode(action).steps))

    def move(self, st, legal, bots_turn, rng, rec):
        by_pos = {}
        pos_of = {}
        for a in legal:
            pos_of[a] = self.resulting_position(st, a)
            by_pos.setdefault(pos_of[a], a)
        if bots_turn:
            t0 = time.thread_time()
            action = self.bot.choose(st, rng)
            cpu = time.thread_time() - t0
            rec["bot_moves"] += 1
            rec["bot_cpu"] += cpu
            if action not in legal:
                raise RuntimeError("the bot chose an illegal action %r" % action)
            if len(by_pos) <= 1:
                rec["forced"] += 1
                return action
            gid = self.set_position(st, rec)
            moves, _ = gnubg_moves(self.cubeful)
            if set(moves) != set(by_pos):
                rec["mismatches"] += 1
                rec["notes"].append("%s: alea %d moves, gnubg %d, differing %s" % (
                    gid, len(by_pos), len(moves), sorted(set(moves) ^ set(by_pos))[:4]))
            chosen = pos_of[action]
            if chosen not in moves:
                return action
            best = max(moves.values())
            err = 1000.0 * (best - moves[chosen])
            rec["checker"].append([round(err, 4), len(by_pos), round(cpu * 1000.0, 4),
                                   gid, chosen])
            return action
        if len(by_pos) <= 1:
            return legal[0]
        gid = self.set_position(st, rec)
        moves, top = gnubg_moves(self.cubeful)
        rec["gnubg_decisions"] += 1
        if set(moves) != set(by_pos):
            rec["mismatches"] += 1
            rec["notes"].append("%s: alea %d moves, gnubg %d" % (gid, len(by_pos), len(moves)))
        if top not in by_pos:
            raise RuntimeError("gnubg's move at %s has no alea move" % gid)
        return by_pos[top]

    def cube_analysis(self, st, rec):
        import gnubg

        gid = self.set_position(st, rec)
        ev = gnubg.cfevaluate(gnubg.board(), gnubg.cubeinfo(), self.ec_cube)
        # no double, double/take, double/pass (doubler's view), and the IDs
        return ev[1], ev[2], ev[3], gid

    def cube_analysis2(self):
        """The three cubeful equities at 2-ply of the position cube_analysis set."""
        import gnubg

        ev = gnubg.cfevaluate(gnubg.board(), gnubg.cubeinfo(), self.ec_cube2)
        return ev[1], ev[2], ev[3]

    def cube_turn(self, st, legal, bots_turn, rng, rec):
        bg = self.bg
        kinds = {bg.decode(a).kind: a for a in legal}
        if bg.Kind.DOUBLE not in kinds:
            return (self.bot.choose(st, rng) if bots_turn and len(legal) > 1
                    else kinds.get(bg.Kind.ROLL, legal[0])), None
        nd, dt, dp, gid = self.cube_analysis(st, rec)
        gnubg_doubles = min(dt, dp) > nd
        two = None  # 2-ply: of the bot's decision, or of gnubg's double it answers
        if self.ec_cube2 and (bots_turn or gnubg_doubles):
            two = self.cube_analysis2()
        if bots_turn:
            action = self.bot.choose(st, rng)
            what = {bg.Kind.DOUBLE: "double", bg.Kind.ROLL: "no double"}.get(
                bg.decode(action).kind)
            if what is not None:
                right, err, close = cube_rating(what, nd, dt, dp)
                # then the IDs and gnubg's three equities, to rate other cube
                # rules on the same positions (tests/gnubg/cube_replay.py)
                rec["cube"].append([what, right, round(err, 4), close,
                                    gid, round(nd, 6), round(dt, 6), round(dp, 6)]
                                   + self.judged2(what, two))
        else:
            action = kinds[bg.Kind.DOUBLE] if gnubg_doubles else kinds[bg.Kind.ROLL]
        return action, (dt, dp, gid, two)

    def judged2(self, what, two):
        """[right, error, close, no double, double/take, double/pass] of a cube
        decision by the 2-ply equities (the doubler's: no double is None when
        answering a double), [] without them."""
        if two is None:
            return []
        nd, dt, dp = two
        right, err, close = cube_rating(what, nd, dt, dp)
        answering = what in ("take", "drop")
        return [right, round(err, 4), close, None if answering else round(nd, 6),
                round(dt, 6), round(dp, 6)]

    def reply(self, st, legal, bots_turn, rng, rec, pending):
        bg = self.bg
        kinds = {bg.decode(a).kind: a for a in legal}
        if pending is None:
            raise RuntimeError("a double to answer without its analysis")
        take_eq, drop_eq = -pending[0], -pending[1]  # the taker's view
        if bots_turn:
            action = self.bot.choose(st, rng)
            kind = bg.decode(action).kind
            # a beaver is a take (gnubg's analysis rates it so)
            answer = "drop" if kind == bg.Kind.DROP else "take"
            right, err, _ = cube_rating(answer, None, pending[0], pending[1])
            gid = bg.position_id(st) + ":" + bg.match_id(st)
            rec["cube"].append([bg.Kind(kind).name.lower(), right, round(err, 4), True,
                                gid, None, round(pending[0], 6), round(pending[1], 6)]
                               + self.judged2(answer, pending[3]))
            return action
        if take_eq < drop_eq:
            return kinds[bg.Kind.DROP]
        if bg.Kind.BEAVER in kinds and take_eq > 0:
            return kinds[bg.Kind.BEAVER]
        return kinds[bg.Kind.TAKE]


def judge2(cfg, out):
    """Judges decisions again at 2-ply (gnubg's World class chequer setting)."""
    import gnubg

    gnubg_setup(cfg)
    for c in ("set evaluation chequerplay evaluation plies 2",
              "set evaluation chequerplay evaluation prune on"):
        gnubg.command(c)
    gnubg.command("new session")
    ec2 = {"cubeful": 0, "plies": 2, "deterministic": 1, "prune": 1, "noise": 0.0}

    def eval2(pid):
        """The mover's cubeless equity of the position after his move, at 2-ply."""
        ci = gnubg.cubeinfo()
        ci["move"] = 1 - ci["move"]
        p = gnubg.evaluate(gnubg.positionfromid(pid), ci, ec2)
        return -cubeless_equity(p[:5])

    for index, gid, chosen in cfg["decisions"]:
        gnubg.command("set gnubgid " + gid)
        board = gnubg.board()
        moves = {}
        top = None
        for m in gnubg.hint(100000)["hint"]:
            pid = gnubg.positionid(board_after(board, gnubg.parsemove(m["move"])))
            moves[pid] = (m["context"]["plies"], cubeless_equity(m["details"]["probs"]))
            top = top or pid
        two = [eq for plies, eq in moves.values() if plies == 2]
        # the moves gnubg's filter kept are at 2-ply; when none is (gnubg did not
        # search further: its filter kept a single candidate), its top move is
        # evaluated at 2-ply here
        best = max(two) if two else eval2(top)
        if chosen in moves and moves[chosen][0] == 2:
            chosen_eq = moves[chosen][1]
        else:  # not kept by the move filter: evaluated at 2-ply on its own
            chosen_eq = eval2(chosen)
        err = max(0.0, 1000.0 * (best - chosen_eq))
        out.write(json.dumps({"index": index, "err2": round(err, 4), "single": not two}) + "\n")
        out.flush()


# ----------------------------------------------------------------------------------------
# Driver
# ----------------------------------------------------------------------------------------

def find_gnubg():
    for path in (shutil.which("gnubg"), "/usr/games/gnubg"):
        if path and os.access(path, os.X_OK):
            return path
    return None


def run_workers(gnubg, tmp, cfgs, total, label, quiet, count_key):
    """Starts one gnubg per config, waits, shows progress; returns the result lines."""
    procs = []
    env = dict(os.environ)
    here = os.path.abspath(__file__)
    for i, cfg in enumerate(cfgs):
        cfg_path = os.path.join(tmp, "%s-%d.json" % (label, i))
        cfg["out"] = os.path.join(tmp, "%s-%d.out" % (label, i))
        with open(cfg_path, "w") as f:
            json.dump(cfg, f)
        env_i = dict(env, **{WORKER_ENV: cfg_path})
        log = open(os.path.join(tmp, "%s-%d.log" % (label, i)), "wb")
        procs.append((subprocess.Popen([gnubg, "-t", "-q", "-p", here], stdin=subprocess.DEVNULL,
                                       stdout=subprocess.DEVNULL, stderr=log, cwd=tmp, env=env_i),
                      cfg["out"], log))
    start = time.monotonic()
    last_shown = start

    def lines():
        rows = []
        for _, path, _ in procs:
            if os.path.exists(path):
                with open(path) as f:
                    rows.extend(json.loads(line) for line in f if line.endswith("\n"))
        return rows

    while any(p.poll() is None for p, _, _ in procs):
        time.sleep(0.2)
        now = time.monotonic()
        if not quiet and now - last_shown >= 10:
            last_shown = now
            done = sum(1 for r in lines() if count_key in r)
            rate = done / (now - start)
            left = (total - done) / rate if rate > 0 else float("nan")
            sys.stderr.write("  %s: %d/%d, %.2f a second, about %.0f s left\n"
                             % (label, done, total, rate, left))
    for p, _, log in procs:
        log.close()
    rows = lines()
    errors = [r["error"] for r in rows if "error" in r]
    if errors:
        raise SystemExit("a gnubg worker failed:\n" + errors[0])
    for i, (p, _, _) in enumerate(procs):
        if p.returncode != 0:
            with open(os.path.join(tmp, "%s-%d.log" % (label, i))) as f:
                sys.stderr.write(f.read()[-3000:])
            raise SystemExit("gnubg exited with status %d" % p.returncode)
    return rows


def mean_ci(groups):
    """Mean of all values and its 95 % half-width, clustered: groups is a list of
    lists (one per game pair); a ratio estimator with the cluster-robust variance."""
    sums = [sum(g) for g in groups]
    counts = [len(g) for g in groups]
    n = sum(counts)
    k = len(groups)
    if n == 0:
        return None, None, 0
    mean = sum(sums) / n
    if k < 2:
        return mean, float("inf"), n
    nbar = n / k
    var = sum((s - mean * c) ** 2 for s, c in zip(sums, counts)) / (k * (k - 1)) / nbar ** 2
    return mean, Z95 * math.sqrt(var), n


def by_choice(games, right_at, error_at):
    """Count and mean error of the cube decisions by choice and right choice
    (the right choice and error at these places of a decision's record)."""
    kinds = {}
    for d in (d for g in games for d in g["cube"] if len(d) > error_at):
        key = "%s (right: %s)" % (d[0], d[right_at])
        kinds.setdefault(key, [0, 0.0])
        kinds[key][0] += 1
        kinds[key][1] += d[error_at]
    return {k: {"count": c, "mean_memg": e / c} for k, (c, e) in sorted(kinds.items())}


def summarise(args, kind, params, spec, games, sample):
    by_pair = {}
    for g in games:
        by_pair.setdefault(g["pair"], []).append(g)
    pairs = [by_pair[k] for k in sorted(by_pair)]

    checker = [[d[0] for g in p for d in g["checker"]] for p in pairs]
    cube = [[d[2] for g in p for d in g["cube"]] for p in pairs]
    close = [[d[2] for g in p for d in g["cube"] if d[3]] for p in pairs]
    points = [[x for g in p for x in g["game_points"]] for p in pairs]
    mean, half, n = mean_ci(checker)
    cmean, chalf, cn = mean_ci(cube)
    kmean, khalf, kn = mean_ci(close)
    # points per game: per pair, the mean of its games' points; clustered by pair
    ppg, ppg_half, _ = mean_ci(points)
    won, won_half, _ = mean_ci([[1.0 if x > 0 else 0.0 for x in p] for p in points])
    cpu_ms = [d[2] for g in games for d in g["checker"]]
    bot_moves = sum(g["bot_moves"] for g in games)
    res = {
        "bot": {"kind": kind, "params": params},
        "spec": spec,
        "cube": args.cube,
        "seed": args.seed,
        "games": len(games),
        "game_pairs": len(pairs),
        "judge": "gnubg 1.07 0-ply, %s" % ("cubeful" if args.cube else "cubeless"),
        "checker": {
            "decisions": n,
            "forced": sum(g["forced"] for g in games),
            "error_per_move_memg": mean,
            "ci95": half,
            "rating": rating(mean) if mean is not None else None,
            "blunders_over_80": sum(1 for g in games for d in g["checker"] if d[0] > 80.0),
        },
        "mapping": {
            "judged_decisions": n,
            "gnubg_decisions": sum(g["gnubg_decisions"] for g in games),
            "mismatches": sum(g["mismatches"] for g in games),
            "id_failures": sum(g["id_failures"] for g in games),
            "notes": [x for g in games for x in g["notes"]][:20],
        },
        "points_per_game": {"mean": ppg, "ci95": ppg_half,
                            "games_played": sum(g["games"] for g in games),
                            "won": won, "won_ci95": won_half,
                            "per_game": [x for g in games for x in g["game_points"]]},
        "cpu_ms_per_move": {
            "unforced": sum(cpu_ms) / len(cpu_ms) if cpu_ms else None,
            "all": 1000.0 * sum(g["bot_cpu"] for g in games) / bot_moves if bot_moves else None,
            "moves": bot_moves,
        },
    }
    if args.cube:
        res["cube_decisions"] = {
            "close_or_actual": kn, "error_per_decision_memg": kmean, "ci95": khalf,
            "decisions": cn, "error_per_any_decision_memg": cmean, "ci95_any": chalf,
            "by_choice": by_choice(games, 1, 2),
            # every rated decision with its game pair: [pair, choice, right,
            # error, close, IDs, no double, double/take, double/pass], then with
            # --cube-judge2 [right, error, close, no double, double/take,
            # double/pass] by gnubg's 2-ply
            "rated": [[g["pair"]] + d for g in games for d in g["cube"]],
        }
        two = [[d[9] for g in p for d in g["cube"] if len(d) > 8 and d[10]] for p in pairs]
        if any(two):
            m2, h2, n2 = mean_ci(two)
            res["cube_decisions"]["judge2"] = {
                "judge": "gnubg 1.07 2-ply cubeful, prune", "close_or_actual": n2,
                "error_per_decision_memg": m2, "ci95": h2,
                "decisions": sum(1 for g in games for d in g["cube"] if len(d) > 8),
                "by_choice": by_choice(games, 8, 9)}
        if args.cube.startswith("match="):
            won = [1.0 if g["match_won"] else 0.0 for g in games]
            wm, wh, _ = mean_ci([[1.0 if g["match_won"] else 0.0 for g in p] for p in pairs])
            res["matches_won"] = {"rate": wm, "ci95": wh, "matches": len(won)}
    if sample is not None:
        res["judge2"] = sample
    return res


def show(res):
    b = res["bot"]
    bot = " ".join([b["kind"]] + ["%s=%s" % kv for kv in b["params"].items()])
    unit = "matches" if "matches_won" in res else "games"
    print("alea bot '%s' against gnubg 0-ply, spec '%s', %d %s (%d pairs on the same dice), "
          "seed %d" % (bot, res["spec"], res["games"], unit, res["game_pairs"], res["seed"]))
    c = res["checker"]
    m = res["mapping"]
    if c["decisions"]:
        print("  checker play (%s): %d unforced decisions (%d forced), error %.2f +- %.2f mEMG "
              "per move (95 %%): %s" % (res["judge"], c["decisions"], c["forced"],
                                       c["error_per_move_memg"], c["ci95"], c["rating"]))
    print("  mapping: %d judged + %d gnubg decisions compared, %d legal-move-set mismatches, "
          "%d IDs gnubg did not take" % (m["judged_decisions"], m["gnubg_decisions"],
                                        m["mismatches"], m["id_failures"]))
    for note in m["notes"][:5]:
        print("    " + note)
    if "judge2" in res:
        j = res["judge2"]
        print("  2-ply sample: %d decisions, error %.2f +- %.2f mEMG per move (the same decisions "
              "at 0-ply: %.2f): %s" % (j["decisions"], j["error_per_move_memg"], j["ci95"],
                                       j["same_decisions_0ply"], rating(j["error_per_move_memg"])))
    if "cube_decisions" in res:
        d = res["cube_decisions"]
        if d["close_or_actual"]:
            print("  cube decisions (gnubg 0-ply cubeful): %d close or actual (gnubg's count), "
                  "error %.2f +- %.2f mEMG per decision; over all %d: %.2f +- %.2f"
                  % (d["close_or_actual"], d["error_per_decision_memg"], d["ci95"],
                     d["decisions"], d["error_per_any_decision_memg"], d["ci95_any"]))
            for k, v in d["by_choice"].items():
                print("    %-28s %5d  mean %.1f mEMG" % (k, v["count"], v["mean_memg"]))
            if "judge2" in d:
                j = d["judge2"]
                print("  the same cube decisions judged by gnubg 2-ply cubeful: %d close or actual, "
                      "error %.2f +- %.2f mEMG per decision"
                      % (j["close_or_actual"], j["error_per_decision_memg"], j["ci95"]))
                for k, v in j["by_choice"].items():
                    print("    %-28s %5d  mean %.1f mEMG" % (k, v["count"], v["mean_memg"]))
        else:
            print("  cube decisions: none")
    p = res["points_per_game"]
    print("  points per game against gnubg 0-ply: %+.3f +- %.3f (95 %%, %d games; the bot won "
          "%.1f %% +- %.1f)" % (p["mean"], p["ci95"], p["games_played"], 100 * p["won"],
                                100 * p["won_ci95"]))
    if "matches_won" in res:
        w = res["matches_won"]
        print("  matches won: %.1f %% +- %.1f" % (100 * w["rate"], 100 * w["ci95"]))
    t = res["cpu_ms_per_move"]
    if t["unforced"] is not None:
        print("  CPU time of the bot: %.2f ms per unforced move (%.2f ms over all %d moves)"
              % (t["unforced"], t["all"], t["moves"]))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bot", default="heuristic", help='"KIND key=value ..." (default heuristic)')
    ap.add_argument("--games", type=int, default=100, help="games (matches with --cube match=N), rounded up to pairs")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=max(1, min(4, 2 * (os.cpu_count() or 1))),
                    help="gnubg processes side by side (default: twice the cores, at most 4)")
    ap.add_argument("--cube", default=None, help="money or match=N: cube decisions rated")
    ap.add_argument("--judge2", type=int, default=0, metavar="N",
                    help="judge N of the decisions at 2-ply too (cubeless only)")
    ap.add_argument("--cube-judge2", action="store_true",
                    help="with --cube: judge the bot's cube decisions by gnubg's 2-ply too")
    ap.add_argument("--json", metavar="FILE", help="write the results as JSON")
    ap.add_argument("--max-error", type=float, metavar="MEMG",
                    help="fail when the 95 %% interval of the checker error lies above MEMG")
    ap.add_argument("--max-cube-error", type=float, metavar="MEMG",
                    help="fail when the 95 %% interval of the cube error lies above MEMG")
    ap.add_argument("--min-decisions", type=int, default=1,
                    help="fail with fewer judged decisions (default 1)")
    ap.add_argument("--min-cube-decisions", type=int, default=0,
                    help="with --cube: fail with fewer rated cube decisions (default 0)")
    ap.add_argument("--quiet", action="store_true", help="no progress lines")
    args = ap.parse_args()
    if args.cube is not None and args.cube != "money" and not (
            args.cube.startswith("match=") and args.cube[6:].isdigit() and int(args.cube[6:]) > 0):
        ap.error("--cube is money or match=N")
    if args.judge2 and args.cube:
        ap.error("--judge2 rates cubeless checker play: not with --cube")
    if args.cube_judge2 and not args.cube:
        ap.error("--cube-judge2 needs --cube")
    kind, params = parse_bot(args.bot)
    spec = game_spec(args.cube)
    gnubg = find_gnubg()
    if not gnubg:
        print("SKIP: GNU Backgammon (gnubg) is not installed: apt-get install gnubg")
        return 77
    pairs = max(1, (args.games + 1) // 2)
    jobs = max(1, min(args.jobs, pairs))
    wall = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="alea-strength-") as tmp:
        cfgs = [{"task": "play", "spec": spec, "cube": args.cube, "kind": kind, "params": params,
                 "cube_judge2": args.cube_judge2, "seed": args.seed,
                 "pairs": list(range(j, pairs, jobs))} for j in range(jobs)]
        games = run_workers(gnubg, tmp, cfgs, 2 * pairs, "games", args.quiet, "game")
        games.sort(key=lambda g: g["game"])
        sample = None
        if args.judge2:
            decisions = [(g["game"], i, d) for g in games for i, d in enumerate(g["checker"])]
            pick = sorted(random.Random(derive(args.seed, "judge2")).sample(
                range(len(decisions)), min(args.judge2, len(decisions))))
            todo = [[n, decisions[n][2][3], decisions[n][2][4]] for n in pick]
            j2 = max(1, min(args.jobs, len(todo)))
            cfgs = [{"task": "judge2", "cube": None, "decisions": todo[j::j2]} for j in range(j2)]
            rows = run_workers(gnubg, tmp, cfgs, len(todo), "2-ply", args.quiet, "index")
            err2 = {r["index"]: r["err2"] for r in rows}
            single = sum(1 for r in rows if r["single"])
            groups2, groups0 = {}, {}
            for n in pick:
                game = decisions[n][0]
                groups2.setdefault(game // 2, []).append(err2[n])
                groups0.setdefault(game // 2, []).append(decisions[n][2][0])
            m2, h2, n2 = mean_ci(list(groups2.values()))
            m0, _, _ = mean_ci(list(groups0.values()))
            sample = {"decisions": n2, "error_per_move_memg": m2, "ci95": h2,
                      "same_decisions_0ply": m0, "judge": "gnubg 1.07 2-ply, prune, cubeless",
                      "top_move_evaluated_apart": single}
    res = summarise(args, kind, params, spec, games, sample)
    res["wall_seconds"] = round(time.monotonic() - wall, 1)
    res["jobs"] = args.jobs
    if args.json:
        with open(args.json, "w") as f:
            json.dump(res, f, indent=1)
            f.write("\n")
    show(res)
    print("  (%.0f s wall with %d gnubg processes)" % (res["wall_seconds"], jobs))
    failures = []
    m = res["mapping"]
    if m["mismatches"] or m["id_failures"]:
        failures.append("%d legal-move-set mismatches, %d ID failures"
                        % (m["mismatches"], m["id_failures"]))
    c = res["checker"]
    if c["decisions"] < args.min_decisions:
        failures.append("%d decisions judged, fewer than %d" % (c["decisions"], args.min_decisions))
    if args.cube and res["cube_decisions"]["decisions"] < args.min_cube_decisions:
        failures.append("%d cube decisions rated, fewer than %d"
                        % (res["cube_decisions"]["decisions"], args.min_cube_decisions))
    if args.max_error is not None and c["decisions"]:
        low = c["error_per_move_memg"] - c["ci95"]
        if low > args.max_error:
            failures.append("checker error %.2f +- %.2f mEMG: above %.2f beyond the interval"
                            % (c["error_per_move_memg"], c["ci95"], args.max_error))
    if args.max_cube_error is not None and res.get("cube_decisions", {}).get("close_or_actual"):
        d = res["cube_decisions"]
        if d["error_per_decision_memg"] - d["ci95"] > args.max_cube_error:
            failures.append("cube error %.2f +- %.2f mEMG: above %.2f beyond the interval"
                            % (d["error_per_decision_memg"], d["ci95"], args.max_cube_error))
    for f in failures:
        print("FAIL: " + f)
    return 1 if failures else 0


if __name__ == "__main__":
    if os.environ.get(WORKER_ENV):
        for p in reversed(os.environ.get("PYTHONPATH", "").split(os.pathsep)):
            if p and p not in sys.path:
                sys.path.insert(0, p)
        worker_main(os.environ[WORKER_ENV])
    else:
        sys.exit(main())
