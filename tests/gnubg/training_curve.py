#!/usr/bin/python3
"""The training curve of backgammon's network, judged by GNU Backgammon.

For each checkpoint of ``alea-bg-train`` (tests/tools/bg_train.c) given on the
command line: writes its weights into a copy of the source tree, builds the
library there, and rates the network alone (the ply bot at 0-ply, no noise;
``--bot "ply plies=0"``) with ``strength.py`` against gnubg 0-ply.  Prints one row per
checkpoint (games, CPU hours, error per move with its 95 % interval, points
per game) and with ``--plot FILE.png`` draws the curve (matplotlib).

Usage: training_curve.py --trainer BUILD/tests/alea-bg-train [--games N]
                         [--jobs N] [--json FILE] [--plot FILE.png] CKPT...
       training_curve.py --plot FILE.png --json-in FILE.json...   (plot earlier rows)
Run from the root of the checkout; it needs gnubg, meson and ninja.
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def run(cmd, **kw):
    return subprocess.run(cmd, check=True, text=True, capture_output=True, **kw)


def rate(ckpt, trainer, tree, build, games, jobs):
    out = run([trainer, "--checkpoint", ckpt, "--write-c",
               os.path.join(tree, "lib", "backgammon", "weights.c")]).stdout
    m = re.search(r"seed (\d+), (\d+) games, ([0-9.]+) h of CPU", out)
    run(["ninja", "-C", build])
    env = dict(os.environ, ALEA_LIBRARY=os.path.join(build, "lib", "libalea.so"),
               PYTHONPATH=os.path.join(tree, "bindings", "python"))
    report = os.path.join(build, "rate.json")
    run(["/usr/bin/python3", os.path.join(HERE, "strength.py"), "--bot", "ply plies=0",
         "--games", str(games), "--seed", "1", "--jobs", str(jobs), "--json", report,
         "--quiet"], env=env)
    with open(report, encoding="utf-8") as f:
        data = json.load(f)
    row = {"checkpoint": os.path.basename(ckpt), "games": int(m.group(2)),
           "cpu_hours": float(m.group(3)), "rating": data}
    # a supervised run or fit on top of the TD games: its labels' hours too
    sup = re.search(r"supervised \(.*?\): (\d+) positions of \d+ games, ([0-9.]+) h of CPU", out)
    if sup:
        row.update(stage="supervised", positions=int(sup.group(1)),
                   cpu_hours=row["cpu_hours"] + float(sup.group(2)))
    return row


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--trainer")
    ap.add_argument("--json-in", nargs="+", default=[],
                    help="rows written by earlier runs (--json), plotted with the new ones")
    ap.add_argument("--games", type=int, default=60)
    ap.add_argument("--jobs", type=int, default=3)
    ap.add_argument("--json")
    ap.add_argument("--plot")
    ap.add_argument("checkpoints", nargs="*")
    args = ap.parse_args()
    if args.checkpoints and not args.trainer:
        ap.error("--trainer is needed to rate checkpoints")
    rows = []
    for path in args.json_in:
        with open(path, encoding="utf-8") as f:
            rows += json.load(f)
    if args.checkpoints:
        rows += rate_all(args)
    rows.sort(key=lambda r: r["games"])
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(rows, f, indent=1)
    if args.plot and rows:
        plot(rows, args.plot)
    return 0


def rate_all(args):
    trainer = os.path.abspath(args.trainer)
    work = tempfile.mkdtemp(prefix="alea-curve-")
    tree = os.path.join(work, "src")
    build = os.path.join(work, "build")
    rows = []
    try:
        shutil.copytree(ROOT, tree, ignore=shutil.ignore_patterns("build*", ".git", "b", "b-*"))
        run(["meson", "setup", build, tree, "-Dtests=false", "-Dexamples=false", "-Djs=false"])
        for ckpt in args.checkpoints:
            row = rate(os.path.abspath(ckpt), trainer, tree, build, args.games, args.jobs)
            r = row["rating"]
            print(f"{row['games']:>9} games {row['cpu_hours']:6.2f} h  "
                  f"{r['checker']['error_per_move_memg']:6.2f} "
                  f"+- {r['checker']['ci95']:5.2f} mEMG per move ({r['checker']['decisions']} "
                  f"decisions)  {r['points_per_game']['mean']:+.3f} "
                  f"+- {r['points_per_game']['ci95']:.3f} ppg", flush=True)
            rows.append(row)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return rows


def plot(rows, path):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    def series(which):
        pick = [r for r in rows if which(r.get("stage"))]
        return ([r["games"] / 1e6 for r in pick],
                [r["rating"]["checker"]["error_per_move_memg"] for r in pick],
                [r["rating"]["checker"]["ci95"] for r in pick])
    xs, ys, es = series(lambda stage: stage is None)
    fig, ax = plt.subplots(figsize=(6, 3.6))
    ax.errorbar(xs, ys, yerr=es, marker="o", capsize=3, label="TD self-play")
    fx, fy, fe = series(lambda stage: stage is not None)
    if fx:  # drawn at the TD games they start from
        ax.errorbar(fx, fy, yerr=fe, marker="s", color="tab:red", capsize=3, ls="none",
                    label="then fitted to its 2-ply labels")
        ax.legend(fontsize=7, loc="upper right")
    ax.set_xscale("log")
    ax.set_xlabel("self-play games (millions, log scale)")
    ax.set_ylabel("error per move, mEMG (gnubg 0-ply)")
    ax.set_title("backgammon network at 0-ply, judged by GNU Backgammon", fontsize=9)
    ax.grid(True, alpha=0.3)
    for bound, word in ((35, "beginner"), (26, "casual"), (18, "intermediate"),
                        (12, "advanced"), (8, "expert")):
        ax.axhline(bound, color="grey", lw=0.5, ls=":")
        ax.text(xs[0], bound, word, fontsize=7, va="bottom", ha="left", color="grey")
    fig.tight_layout()
    fig.savefig(path, dpi=110)


if __name__ == "__main__":
    sys.exit(main())
