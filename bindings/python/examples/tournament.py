#!/usr/bin/env python3
"""A small bot tournament on every game, written with the plain alea API.

    python3 bindings/python/examples/tournament.py [GAMES [SEED]]

Each game is played GAMES times (default 40) between every bot kind the
library has (alea.BOTS: new kinds appear here by themselves), seats swapped
every game; a table gives each bot's win rate with its 95 % Wilson interval.
(``python3 -m alea tournament`` does the same for one game, with more options.)
"""

from __future__ import annotations

import itertools
import sys
from typing import Dict, List

import alea
from alea.tournament import wilson


def play(game: alea.Game, bots: List[str], rng: alea.Rng) -> alea.Result:
    """One game: seat s is played by bots[s]; dice are thrown with rng."""
    state = game.new_state()
    while not state.is_terminal:
        if state.is_chance:
            state.roll(rng)
        else:
            state.apply(alea.bot_choose(state, bots[state.current_player], rng))
    return state.result


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    rng = alea.Rng(seed)
    print(f"{'game':12} {'bot':8} {'games':>5} {'wins':>5} {'win rate':>8}  95% CI")
    for info in alea.games():
        game = alea.Game(info.id)
        seatings = list(itertools.permutations(alea.BOTS, game.num_players))
        wins: Dict[str, int] = {bot: 0 for bot in alea.BOTS}
        played: Dict[str, int] = {bot: 0 for bot in alea.BOTS}
        for g in range(games):
            bots = list(seatings[g % len(seatings)])
            result = play(game, bots, rng)
            for seat, bot in enumerate(bots):
                played[bot] += 1
                wins[bot] += result.winner == seat
        for bot in alea.BOTS:
            low, high = wilson(wins[bot], played[bot])
            rate = wins[bot] / played[bot] if played[bot] else 0.0
            print(
                f"{info.id:12} {bot:8} {played[bot]:5} {wins[bot]:5} {rate:8.1%}"
                f"  [{low:.1%}, {high:.1%}]"
            )


if __name__ == "__main__":
    main()
