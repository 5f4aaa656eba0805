#!/usr/bin/env python3
"""TD(lambda) self-play for backgammon from afterstate tensors (TD-Gammon in small).

A numpy network (211 inputs, one hidden sigmoid layer, one sigmoid output)
estimates the probability that seat 0 wins, from seat 0's observation
tensor (doc/rules/backgammon.md).  In self-play each mover asks
``state.afterstate_tensors(0)`` (one C call: every legal move and the tensor
of the position it leads to), seat 0 takes the move of highest value and
seat 1 the lowest, and the weights follow TD(lambda) with eligibility traces
(Tesauro 1992) towards the final result (1 if seat 0 won, else 0).

At checkpoints the network plays the library's random, greedy and heuristic
bots, half the games on each seat, and the win rates are printed with 95 %
Wilson intervals; ``--plot FILE.png`` draws the curve (matplotlib, optional)
and ``--json FILE`` writes the measurements.

    PYTHONPATH=bindings/python python3 bindings/python/examples/td_backgammon.py \\
        --games 2000 --checkpoint 250 --eval-games 200 --plot td.png
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any, Dict, List, Optional, Tuple

import numpy as np

import alea
from alea.progress import Progress
from alea.tournament import wilson

SPEC = "backgammon"  # a single game, no cube


class Net:
    """inputs -> hidden sigmoid -> 1 sigmoid; TD(lambda) with eligibility traces."""

    def __init__(self, inputs: int, hidden: int, rng: np.random.Generator) -> None:
        self.w1 = rng.normal(0.0, 0.1, (hidden, inputs)).astype(np.float64)
        self.b1 = np.zeros(hidden)
        self.w2 = rng.normal(0.0, 0.1, hidden)
        self.b2 = 0.0

    def values(self, x: np.ndarray) -> np.ndarray:
        """V of each row of x (rows of tensors)."""
        h = 1.0 / (1.0 + np.exp(-(x @ self.w1.T + self.b1)))
        return 1.0 / (1.0 + np.exp(-(h @ self.w2 + self.b2)))

    def value_and_grad(self, x: np.ndarray) -> Tuple[float, List[Any]]:
        h = 1.0 / (1.0 + np.exp(-(self.w1 @ x + self.b1)))
        v = 1.0 / (1.0 + np.exp(-(self.w2 @ h + self.b2)))
        dv = v * (1.0 - v)
        dh = dv * self.w2 * h * (1.0 - h)
        return float(v), [np.outer(dh, x), dh, dv * h, dv]

    def params(self) -> List[Any]:
        return [self.w1, self.b1, self.w2, self.b2]


def choose(net: Net, state: alea.State) -> int:
    """The move seat 0 values most (seat 1: least), by afterstate tensors."""
    actions, matrix = state.afterstate_tensors(0)
    v = net.values(np.asarray(matrix, dtype=np.float64))
    i = int(np.argmax(v)) if state.current_player == 0 else int(np.argmin(v))
    return int(actions[i])


def train_game(net: Net, rng: alea.Rng, alpha: float, lam: float) -> int:
    """One self-play game with TD(lambda) updates; returns its length in moves."""
    state = alea.State(SPEC)
    traces: Optional[List[Any]] = None
    prev_v = 0.0
    moves = 0
    while not state.is_terminal:
        if state.is_chance:
            state.roll(rng)
            continue
        state.apply(choose(net, state))
        moves += 1
        x = np.asarray(state.observation_tensor(0), dtype=np.float64)
        if state.is_terminal:
            v = 1.0 if state.result.winner == 0 else 0.0
            grads = None
        else:
            v, grads = net.value_and_grad(x)
        if traces is not None:
            delta = v - prev_v
            net.w1 += alpha * delta * traces[0]
            net.b1 += alpha * delta * traces[1]
            net.w2 += alpha * delta * traces[2]
            net.b2 += alpha * delta * float(traces[3])
        if grads is not None:
            traces = grads if traces is None else [lam * t + g for t, g in zip(traces, grads)]
            prev_v = v
    return moves


def evaluate(net: Net, bot: str, games: int, seed: int) -> Tuple[int, int]:
    """(wins of the network, games) against `bot`, alternating seats."""
    rng = alea.Rng(seed)
    wins = 0
    for g in range(games):
        me = g % 2
        state = alea.State(SPEC)
        while not state.is_terminal:
            if state.is_chance:
                state.roll(rng)
            elif state.current_player == me:
                state.apply(choose(net, state))
            else:
                state.apply(alea.bot_choose(state, bot, rng))
        wins += state.result.winner == me
    return wins, games


def plot(points: List[Dict[str, Any]], path: str) -> bool:
    """Writes the learning curve to a PNG; False without matplotlib."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return False
    fig, ax = plt.subplots(figsize=(6, 4))
    for bot in ("random", "greedy", "heuristic"):
        xs = [p["games"] for p in points]
        ys = [p[bot]["rate"] for p in points]
        lo = [p[bot]["rate"] - p[bot]["low"] for p in points]
        hi = [p[bot]["high"] - p[bot]["rate"] for p in points]
        ax.errorbar(xs, ys, yerr=[lo, hi], marker="o", capsize=3, label=f"vs {bot}")
    ax.axhline(0.5, color="grey", lw=0.5)
    ax.set_xlabel("self-play games trained")
    ax.set_ylabel("win rate (95 % Wilson interval)")
    ax.set_ylim(0, 1)
    ax.set_title("TD(λ) backgammon from afterstate tensors")
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return True


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2000, help="self-play games to train")
    parser.add_argument("--checkpoint", type=int, default=250, help="evaluate every N games")
    parser.add_argument("--eval-games", type=int, default=200, help="games against each bot")
    parser.add_argument("--hidden", type=int, default=40)
    parser.add_argument("--alpha", type=float, default=0.1)
    parser.add_argument("--lam", type=float, default=0.7)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--plot", metavar="PNG", help="write the learning curve (matplotlib)")
    parser.add_argument("--json", metavar="FILE", help="write the measurements as JSON")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    args = parser.parse_args(argv)

    size = alea.game_info("backgammon").observation_size
    net = Net(size, args.hidden, np.random.default_rng(args.seed))
    rng = alea.Rng(args.seed)
    points: List[Dict[str, Any]] = []
    start = time.monotonic()
    trained = 0

    def checkpoint() -> None:
        point: Dict[str, Any] = {"games": trained, "minutes": (time.monotonic() - start) / 60}
        line = [f"{trained:6d} games {point['minutes']:6.1f} min"]
        for i, bot in enumerate(("random", "greedy", "heuristic")):
            wins, n = evaluate(net, bot, args.eval_games, args.seed * 1000 + i)
            low, high = wilson(wins, n)
            point[bot] = {"wins": wins, "games": n, "rate": wins / n, "low": low, "high": high}
            line.append(f"vs {bot} {wins / n:5.1%} [{low:5.1%}, {high:5.1%}]")
        points.append(point)
        print("  ".join(line), flush=True)

    checkpoint()
    with Progress(args.games, "games", quiet=args.quiet, desc="training") as bar:
        while trained < args.games:
            train_game(net, rng, args.alpha, args.lam)
            trained += 1
            bar.update_to(trained)
            if trained % args.checkpoint == 0 or trained == args.games:
                checkpoint()
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({"settings": vars(args), "points": points}, f, indent=1)
    if args.plot and not plot(points, args.plot):
        print("matplotlib is not installed: no plot", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
