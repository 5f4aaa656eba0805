#!/usr/bin/env python3
"""A small bot tournament: every bot against every bot, in every game.

Each pairing plays GAMES games per game, the bots swapping seats every game,
with one seeded alea.Rng per game so that the whole table is reproducible.
It prints one row per game and pairing: wins, draws, and the mean score of
each bot.

    ALEA_LIBRARY=build/lib/libalea.so PYTHONPATH=bindings/python \\
        python3 examples/tournament.py [--games N] [--seed S] [SPEC ...]

(or `meson devenv -C build -w . python3 examples/tournament.py`).  With no SPEC,
every registered game plays with its default options; a two-seat spec is
needed (e.g. "dice-poker players=2").
"""

import argparse
import itertools

import alea


def play(spec, bots, seed):
    """One game; bots[seat] chooses for that seat.  Returns the final Result."""
    state = alea.Game(spec).new_state()
    rng = alea.Rng(seed)
    while not state.is_terminal:
        if state.is_chance:
            state.roll(rng)
        else:
            state.apply(alea.bot_choose(state, bots[state.current_player], rng))
    return state.result


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=10, help="games per pairing and game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("specs", nargs="*", help="game specs (default: every game)")
    args = parser.parse_args()
    specs = args.specs or [info.id for info in alea.games()]

    print(f"{'game':<12} {'A':<7} {'B':<7} {'A wins':>6} {'B wins':>6} {'draws':>5}"
          f" {'A mean':>8} {'B mean':>8}")
    for spec in specs:
        for a, b in itertools.combinations_with_replacement(alea.BOTS, 2):
            wins, draws, points = [0, 0], 0, [0, 0]
            for g in range(args.games):
                seats = (a, b) if g % 2 == 0 else (b, a)  # swap seats every game
                result = play(spec, seats, args.seed * 1000003 + g)
                for seat, who in ((0, g % 2), (1, 1 - g % 2)):
                    points[who] += result.scores[seat]
                if result.winner is None or result.winner < 0:
                    draws += 1
                else:
                    wins[result.winner if g % 2 == 0 else 1 - result.winner] += 1
            print(f"{spec.split()[0]:<12} {a:<7} {b:<7} {wins[0]:>6} {wins[1]:>6} {draws:>5}"
                  f" {points[0] / args.games:>8.1f} {points[1] / args.games:>8.1f}")


if __name__ == "__main__":
    main()
