"""Work at scale: many games in one C call (:func:`playouts`), Monte-Carlo
evaluation of a position (:func:`rollout`).

Game number ``g`` of a seed draws all its random numbers from the library's
generator seeded with ``seed`` and jumped ``g`` times (``alea/playout.h``,
doc/rng.md), so results do not depend on how the games are split between
calls, processes or machines (doc/scale.md).
"""

from __future__ import annotations

import ctypes
import math
from typing import Any, List, NamedTuple, Optional, Sequence, Union

from . import _lib
from ._util import call, in_range, u64
from .bots import Bot, BotOptions, bot_kind
from .errors import InvalidArgument, raise_for
from .state import State

__all__ = ["BotLike", "PlayoutResults", "playouts"]

_np: Any
try:  # numpy is optional: plain lists without it
    import numpy as _np
except ImportError:  # pragma: no cover - exercised where numpy is absent
    _np = None

#: A bot for :func:`playouts`: a kind name (``"greedy"``), a kind number, a
#: :class:`~alea.Bot` (its parameters are used) or None (random).
BotLike = Union[str, int, Bot, None]


class PlayoutResults(NamedTuple):
    """What :func:`playouts` returns: numpy arrays (lists of lists without numpy).

    ``returns[i][s]`` and ``scores[i][s]`` are game i's returns and score of seat s;
    ``plies[i]`` is its number of actions, chance outcomes included.
    """

    returns: Any
    scores: Any
    plies: Any


def _options(bot: BotLike) -> BotOptions:
    if isinstance(bot, Bot):
        return BotOptions.from_buffer_copy(bot.options)
    options = BotOptions()
    kind = bot_kind("random" if bot is None else bot)
    raise_for(call(_lib.alea_bot_options_init, ctypes.byref(options), kind))
    return options


def _bot_array(bots: Union[BotLike, Sequence[BotLike]], players: int) -> "ctypes.Array[Any]":
    if bots is None or isinstance(bots, (str, bytes, int, Bot)):
        chosen: List[BotLike] = [bots]  # type: ignore[list-item]
    else:
        chosen = list(bots)
    if len(chosen) not in (1, players):
        raise InvalidArgument(
            reason=f"give one bot for every seat or one per seat ({players}), not {len(chosen)}"
        )
    array = (BotOptions * len(chosen))()
    for i, bot in enumerate(chosen):
        array[i] = _options(bot)
    return array


def _start(state_or_spec: Union[State, str]) -> State:
    if isinstance(state_or_spec, State):
        return state_or_spec
    if isinstance(state_or_spec, str):
        return State(state_or_spec)
    raise TypeError(f"expected an alea.State or a spec, not {type(state_or_spec).__name__}")


def playouts(
    state_or_spec: Union[State, str],
    n: int,
    bots: Union[BotLike, Sequence[BotLike]] = None,
    seed: int = 0,
    *,
    first: int = 0,
) -> PlayoutResults:
    """Plays ``n`` games from a state (or a spec's initial state) entirely in C.

    ``bots`` is one bot for every seat or a sequence of one per seat (names such
    as ``"greedy"``, kind numbers, :class:`~alea.Bot` objects, or None for random).
    Games ``first .. first + n - 1`` of ``seed``'s sequence are played: splitting
    a batch (``first``) gives exactly the rows of the single call.
    """
    start = _start(state_or_spec)
    count = in_range(n, 0, _lib.SIZE_MAX // 8 // _lib.MAX_PLAYERS, "n")
    players = start.num_players
    array = _bot_array(bots, players)
    err = _lib.Error()
    size = ctypes.c_size_t()
    game = _lib.alea_state_game(ctypes.byref(start._st))
    status = call(_lib.alea_playouts_workspace_size, ctypes.byref(size), array, len(array),
                  game, ctypes.byref(err))
    raise_for(status, err)
    workspace = ctypes.create_string_buffer(max(1, size.value))
    if _np is not None:
        returns = _np.zeros((count, players), dtype=_np.float64)
        scores = _np.zeros((count, players), dtype=_np.int32)
        plies = _np.zeros(count, dtype=_np.uint32)
        pointers = (returns.ctypes.data_as(ctypes.POINTER(ctypes.c_double)),
                    scores.ctypes.data_as(ctypes.POINTER(ctypes.c_int32)),
                    plies.ctypes.data_as(ctypes.POINTER(ctypes.c_uint32)))
    else:
        returns = (ctypes.c_double * max(1, count * players))()
        scores = (ctypes.c_int32 * max(1, count * players))()
        plies = (ctypes.c_uint32 * max(1, count))()
        pointers = (returns, scores, plies)
    status = call(_lib.alea_playouts, ctypes.byref(start._st), array, len(array),
                  u64(seed, "seed"), u64(first, "first"), count, *pointers, workspace,
                  size.value, ctypes.byref(err))
    raise_for(status, err)
    if _np is not None:
        return PlayoutResults(returns, scores, plies)
    rows = range(count)
    return PlayoutResults(
        [list(returns[i * players:(i + 1) * players]) for i in rows],
        [list(scores[i * players:(i + 1) * players]) for i in rows],
        list(plies[:count]),
    )
