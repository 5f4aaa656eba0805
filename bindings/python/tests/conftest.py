"""Shared helpers for the alea binding tests.

Run with the library under test named by ALEA_LIBRARY, e.g.
``ALEA_LIBRARY=$PWD/build/lib/libalea.so PYTHONPATH=bindings/python python3 -m pytest``.
"""

from __future__ import annotations

from typing import Callable, List, Optional, Sequence, Tuple

import pytest

import alea

#: Seed of every random test; change it to explore, keep it to reproduce.
SEED = 20240611


def play(
    state: alea.State,
    rng: alea.Rng,
    bots: Sequence[str] = ("greedy",),
    max_steps: int = 100_000,
    visit: Optional[Callable[[alea.State], None]] = None,
) -> List[Tuple[int, str]]:
    """Plays ``state`` to the end in place; returns the (action, notation) pairs applied.

    Seat s is played by ``bots[s % len(bots)]``; ``visit`` is called on every
    node before its action is chosen.
    """
    moves: List[Tuple[int, str]] = []
    for _ in range(max_steps):
        if state.is_terminal:
            return moves
        if visit is not None:
            visit(state)
        if state.is_chance:
            outcome = state.sample(rng)
            moves.append((outcome, state.action_to_str(outcome)))
            state.apply(outcome)
        else:
            action = alea.bot_choose(state, bots[state.current_player % len(bots)], rng)
            moves.append((action, state.action_to_str(action)))
            state.apply(action)
    raise AssertionError(f"the game did not end within {max_steps} actions")


@pytest.fixture
def rng() -> alea.Rng:
    """A generator seeded with SEED."""
    return alea.Rng(SEED)


@pytest.fixture
def game() -> alea.Game:
    """Two-player dice poker with default options."""
    return alea.Game("dice-poker", players=2)


@pytest.fixture
def decided(game: alea.Game) -> alea.State:
    """A two-player dice-poker state right after a first throw of 1,1,3,5,6."""
    state = game.new_state()
    state.apply("roll 1,1,3,5,6")
    return state
