#!/usr/bin/env python3
"""Pools the cube decisions of several strength.py --cube runs (--json files).

Each run's game pairs are clusters of their own, so the pooled error per
close decision and its 95 % interval are those strength.py would print for
one run of all the games (runs of different seeds: different dice).  Prints
the figure by gnubg's 0-ply and, when every run has them (--cube-judge2), by
its 2-ply.

    tests/gnubg/combine.py S11.json S12.json S13.json S14.json
"""
import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import strength  # noqa: E402


def pooled(runs, error, close):
    """(mean, half-width, count) over the close decisions of every run."""
    groups = {}
    for n, res in enumerate(runs):
        for row in res["cube_decisions"]["rated"]:
            groups.setdefault((n, row[0]), []).append(row[error] if row[close] else None)
    return strength.mean_ci([[e for e in g if e is not None] for _, g in sorted(groups.items())])


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("runs", nargs="+", help="strength.py --cube ... --json files")
    args = ap.parse_args()
    runs = []
    for path in args.runs:
        with open(path) as f:
            res = json.load(f)
        if "cube_decisions" not in res:
            ap.error("%s is not a --cube run" % path)
        runs.append(res)
    if len({(r["spec"], json.dumps(r["bot"], sort_keys=True)) for r in runs}) != 1:
        ap.error("the runs differ in bot or game spec")
    seeds = ", ".join(str(r["seed"]) for r in runs)
    games = sum(r["games"] for r in runs)
    mean, half, n = pooled(runs, 3, 4)
    print("%s, %s: %d runs (seeds %s), %d games" % (runs[0]["spec"], runs[0]["bot"]["kind"],
                                                   len(runs), seeds, games))
    print("  gnubg 0-ply cubeful: %d close or actual, error %.2f +- %.2f mEMG per decision"
          % (n, mean, half))
    if all("judge2" in r["cube_decisions"] for r in runs):
        mean, half, n = pooled(runs, 10, 11)
        print("  gnubg 2-ply cubeful: %d close or actual, error %.2f +- %.2f mEMG per decision"
              % (n, mean, half))


if __name__ == "__main__":
    main()
