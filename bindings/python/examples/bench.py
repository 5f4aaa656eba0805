#!/usr/bin/env python3
"""Python beside C: the cost of a step (legal actions + apply) from Python.

For each game, random games are played three ways, alternately, for about
``--time`` seconds each:

* ``python ints``: a Python loop over ``state.legal_numbers()`` (plain ints),
  ``state.apply()`` and ``state.roll()`` (what a script at scale uses);
* ``python Actions``: the same loop over ``state.legal_actions()`` (one rich
  :class:`alea.Action` per legal action), with ``--rich``;
* ``C playouts``: ``alea.playouts()`` with random bots, the same loop in C.

Times are CPU seconds of this process (time.process_time()), which a loaded
machine disturbs less than wall-clock time.  It prints ns per step (a step is one action applied, dice throws included),
games per second and the ratio Python / C.  With ``--c-bench PATH`` it also
runs examples/bench.c (``alea-bench --time``) for the C figure of record.

    PYTHONPATH=bindings/python python3 bindings/python/examples/bench.py --time 1

With ``--count N --loop ints|playouts`` it instead plays exactly N games of
one game, untimed, and prints the steps: run it under callgrind with N and
with 0, and the difference of the instruction counts over the steps is the
cost of a step with no noise (doc/scale.md).
"""

from __future__ import annotations

import argparse
import random
import re
import statistics
import subprocess
import sys
import time
from typing import Callable, Dict, List, Optional, Tuple

import alea


def play_ints(state: alea.State, rng: alea.Rng, pick: Callable[[int], int]) -> int:
    """One random game with plain ints from `state`; returns its steps."""
    steps = 0
    while True:
        who = state.current_player
        if who == alea.TERMINAL:
            return steps
        steps += 1
        if who == alea.CHANCE:
            state.roll(rng)
        else:
            legal = state.legal_numbers()
            state.apply(legal[pick(len(legal))])


def loop_ints(spec: str, seed: int, seconds: float) -> Tuple[int, int, float]:
    """Random games with plain ints; returns (games, steps, seconds)."""
    rng = alea.Rng(seed)
    pick = random.Random(seed).randrange
    start = alea.State(spec)
    games = steps = 0
    t0 = time.process_time()
    while time.process_time() - t0 < seconds:
        steps += play_ints(start.clone(), rng, pick)
        games += 1
    return games, steps, time.process_time() - t0


def count_ints(spec: str, seed: int, games: int) -> int:
    """loop_ints() for exactly `games` games; returns the steps."""
    rng = alea.Rng(seed)
    pick = random.Random(seed).randrange
    start = alea.State(spec)
    return sum(play_ints(start.clone(), rng, pick) for _ in range(games))


def count_playouts(spec: str, seed: int, games: int) -> int:
    """alea.playouts() of exactly `games` games; returns the steps."""
    if not games:
        return 0
    return int(sum(int(p) for p in alea.playouts(spec, games, None, seed).plies))


def loop_actions(spec: str, seed: int, seconds: float) -> Tuple[int, int, float]:
    """The same with rich Action objects (state.legal_actions())."""
    rng = alea.Rng(seed)
    pick = random.Random(seed).randrange
    start = alea.State(spec)
    games = steps = 0
    t0 = time.process_time()
    while time.process_time() - t0 < seconds:
        state = start.clone()
        while not state.is_terminal:
            steps += 1
            if state.is_chance:
                state.roll(rng)
            else:
                legal = state.legal_actions()
                state.apply(legal[pick(len(legal))])
        games += 1
    return games, steps, time.process_time() - t0


def c_playouts(spec: str, seed: int, seconds: float) -> Tuple[int, int, float]:
    """alea.playouts() in batches until `seconds` have passed."""
    games = steps = 0
    batch = 16
    t0 = time.process_time()
    while time.process_time() - t0 < seconds:
        result = alea.playouts(spec, batch, None, seed, first=games)
        games += batch
        steps += int(sum(int(p) for p in result.plies))
        batch = min(batch * 2, 4096)
    return games, steps, time.process_time() - t0


def c_bench(path: str, game: str, seconds: float) -> Optional[float]:
    """games/s printed by alea-bench (examples/bench.c), or None."""
    out = subprocess.run(
        [path, "--game", game, "--time", str(seconds), "--positions", "10"],
        check=True, capture_output=True, text=True,
    ).stdout
    m = re.search(r"random playouts\s+\d+ games in [\d.]+ s: ([\d.]+) games/s", out)
    return float(m.group(1)) if m else None


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", help="game id (default: every game)")
    parser.add_argument("--time", type=float, default=1.0, help="seconds per measure")
    parser.add_argument("--rounds", type=int, default=3,
                        help="alternate the measures this many times; medians are printed")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rich", action="store_true", help="also time rich Action objects")
    parser.add_argument("--c-bench", metavar="PATH", help="also run alea-bench (examples/bench.c)")
    parser.add_argument("--count", type=int, metavar="GAMES",
                        help="play exactly GAMES games of --game, untimed (for callgrind)")
    parser.add_argument("--loop", choices=("ints", "playouts"), default="ints",
                        help="with --count: the Python loop or alea.playouts()")
    args = parser.parse_args(argv)
    if args.count is not None:
        counter = count_ints if args.loop == "ints" else count_playouts
        game = (args.game or ["backgammon"])[0]
        print(f"{game} {args.loop}: {args.count} games, "
              f"{counter(game, args.seed, args.count)} steps")
        return 0
    games = args.game or [info.id for info in alea.games()]
    measures: Dict[str, Callable[[str, int, float], Tuple[int, int, float]]] = {
        "python ints": loop_ints,
        "C playouts": c_playouts,
    }
    if args.rich:
        measures["python Actions"] = loop_actions
    print(f"alea {alea.version()} ({alea.library_path()}), Python {sys.version.split()[0]}, "
          f"seed {args.seed}, {args.time} s per measure, median of {args.rounds} rounds")
    for game in games:
        # Per round: ns/step, games/s and the ratio to the C playouts of that same
        # round (a loaded machine slows both alike); the medians are printed.
        rounds: Dict[str, List[Tuple[float, float, float]]] = {name: [] for name in measures}
        for _ in range(args.rounds):
            this: Dict[str, Tuple[float, float]] = {}
            for name, measure in measures.items():
                n, steps, el = measure(game, args.seed, args.time)
                this[name] = (el * 1e9 / max(1, steps), n / el)
            for name, (ns, gps) in this.items():
                rounds[name].append((ns, gps, ns / this["C playouts"][0]))
        print(f"\n{game}")
        for name, rows in rounds.items():
            ns, gps, ratio = (statistics.median(col) for col in zip(*rows))
            spread = ", ".join(f"{r[2]:.1f}" for r in rows)
            print(f"  {name:16} {ns:9.0f} ns/step {gps:10.1f} games/s   x{ratio:5.1f}"
                  f"   (rounds: x{spread})")
        c_gps = statistics.median(r[1] for r in rounds["C playouts"])
        if args.c_bench:
            gps = c_bench(args.c_bench, game, args.time)
            if gps:
                print(f"  {'alea-bench':16} {'':9} {'':7} {gps:10.1f} games/s   "
                      f"playouts/bench per game x{gps / c_gps:4.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
