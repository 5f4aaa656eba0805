#!/usr/bin/env python3
"""Rates a bot's cube decisions again on the positions of a strength.py run.

``strength.py --cube ... --json FILE`` keeps every rated cube decision with
its Position and Match IDs and gnubg's cubeful 0-ply equities (no double,
double/take, double/pass).  This script sets the bot (``--bot``, as in
strength.py) to each of those positions and rates its choice against the
same equities, by the same rules (strength.py's close-or-actual count and
its 95 % interval clustered by game pair): a cube rule can be compared with
another on one set of positions in seconds instead of replaying the games
against gnubg.  The figure of record stays strength.py's (doc/bots.md); the
positions of a replay are those the recorded bot reached, not the new one's.

    tests/gnubg/cube_replay.py --bot expert run.json [run.json ...]
"""
import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import strength  # noqa: E402


def rate(bot, bg, spec, rows):
    """[pair, error, close] for each recorded decision, the bot choosing afresh."""
    import alea

    out = []
    rng = alea.Rng(1)
    for pair, _what, _right, _err, _close, gid, nd, dt, dp in rows:
        pid, mid = gid.split(":")
        st = bg.from_gnubg(pid, mid, spec)
        kind = bg.decode(bot.choose(st, rng)).kind
        if nd is not None:  # may double: double or roll
            double_eq = min(dt, dp)
            best = max(nd, double_eq)
            chosen = double_eq if kind == bg.Kind.DOUBLE else nd
            close = kind == bg.Kind.DOUBLE or best - min(dt, 1.0) < 0.16
        else:  # doubled: take (or beaver) or drop, the taker's view
            take_eq, drop_eq = -dt, -dp
            best = max(take_eq, drop_eq)
            chosen = drop_eq if kind == bg.Kind.DROP else take_eq
            close = True
        out.append([pair, 1000.0 * (best - chosen), close])
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bot", default="expert", help='"KIND key=value ..." (default expert)')
    ap.add_argument("runs", nargs="+", help="strength.py --json files of --cube runs")
    args = ap.parse_args()
    import alea
    from alea import backgammon as bg

    kind, params = strength.parse_bot(args.bot)
    for path in args.runs:
        with open(path) as f:
            res = json.load(f)
        spec = res["spec"]
        bot = alea.Bot(kind, spec, **params)
        rows = rate(bot, bg, spec, res["cube_decisions"]["rated"])
        by_pair = {}
        for pair, err, close in rows:
            by_pair.setdefault(pair, []).append(err if close else None)
        close = [[e for e in v if e is not None] for _, v in sorted(by_pair.items())]
        mean, half, n = strength.mean_ci(close)
        was = res["cube_decisions"]
        print("%s (%s): %d close or actual of %d, %.2f +- %.2f mEMG (recorded: %d, %.2f +- %.2f)"
              % (path, spec, n, len(rows), mean, half, was["close_or_actual"],
                 was["error_per_decision_memg"], was["ci95"]))


if __name__ == "__main__":
    main()
