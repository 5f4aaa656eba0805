#!/usr/bin/env python3
"""Rates a bot's cube decisions again on the positions of a strength.py run.

``strength.py --cube ... --json FILE`` keeps every rated cube decision with
its Position and Match IDs and gnubg's cubeful 0-ply equities (no double,
double/take, double/pass).  This script sets the bot (``--bot``, as in
strength.py) to each of those positions and rates its choice against the
same equities (and those of gnubg's 2-ply of a ``--cube-judge2`` run), by
the same rules (strength.py's close-or-actual count and its 95 % interval
clustered by game pair): a cube rule can be compared with
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


def rated(bg, kind, nd, dt, dp):
    """(error, close) of the choice `kind` by the doubler's no double, double/take
    and double/pass (no double is None when answering a double)."""
    if nd is not None:  # may double: double or roll
        what = "double" if kind == bg.Kind.DOUBLE else "no double"
    else:  # doubled: take (or beaver) or drop
        what = "drop" if kind == bg.Kind.DROP else "take"
    return strength.cube_rating(what, nd, dt, dp)[1:]


def rate(bot, bg, spec, rows):
    """[pair, error, close] for each recorded decision, the bot choosing afresh, and
    [pair, error, close] by gnubg's 2-ply for those a --cube-judge2 run recorded."""
    import alea

    out, out2 = [], []
    rng = alea.Rng(1)
    for row in rows:
        pair, gid, nd, dt, dp = row[0], row[5], row[6], row[7], row[8]
        pid, mid = gid.split(":")
        st = bg.from_gnubg(pid, mid, spec)
        kind = bg.decode(bot.choose(st, rng)).kind
        out.append([pair, *rated(bg, kind, nd, dt, dp)])
        if len(row) > 12:
            out2.append([pair, *rated(bg, kind, *row[12:15])])
    return out, out2


def summary(rows):
    """(mean, 95 % half-width, count) of the close decisions, clustered by pair."""
    by_pair = {}
    for pair, err, close in rows:
        by_pair.setdefault(pair, []).append(err if close else None)
    return strength.mean_ci([[e for e in v if e is not None] for _, v in sorted(by_pair.items())])


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
        rows, rows2 = rate(bot, bg, spec, res["cube_decisions"]["rated"])
        mean, half, n = summary(rows)
        was = res["cube_decisions"]
        print("%s (%s): %d close or actual of %d, %.2f +- %.2f mEMG (recorded: %d, %.2f +- %.2f)"
              % (path, spec, n, len(rows), mean, half, was["close_or_actual"],
                 was["error_per_decision_memg"], was["ci95"]))
        if rows2:
            mean, half, n = summary(rows2)
            j = was["judge2"]
            print("  by gnubg 2-ply: %d close or actual, %.2f +- %.2f mEMG (recorded: %d, "
                  "%.2f +- %.2f)" % (n, mean, half, j["close_or_actual"],
                                     j["error_per_decision_memg"], j["ci95"]))


if __name__ == "__main__":
    main()
