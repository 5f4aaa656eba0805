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
from typing import Any, List, NamedTuple, Optional, Sequence, Tuple, Union

from . import _lib
from ._util import call, in_range, u64
from .bots import Bot, BotOptions, bot_kind
from .errors import InvalidArgument, raise_for
from .state import State

__all__ = ["BotLike", "PlayoutResults", "playouts", "RolloutResult", "rollout"]

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
    status = call(_lib.alea_playouts, *pointers, start._ref, array, len(array),
                  u64(seed, "seed"), u64(first, "first"), count, workspace, size.value,
                  ctypes.byref(err))
    raise_for(status, err)
    if _np is not None:
        return PlayoutResults(returns, scores, plies)
    rows = range(count)
    return PlayoutResults(
        [list(returns[i * players:(i + 1) * players]) for i in rows],
        [list(scores[i * players:(i + 1) * players]) for i in rows],
        list(plies[:count]),
    )


class RolloutResult(NamedTuple):
    """What :func:`rollout` returns, one entry per seat."""

    trials: int
    mean: Tuple[float, ...]  #: mean return
    stderr: Tuple[float, ...]  #: standard error of the mean
    interval: Tuple[Tuple[float, float], ...]  #: 95 % interval (normal approximation)


def _rollout_chunk(start: int, stop: int, text: str, bots: Any, seed: int) -> List[List[float]]:
    """Returns of games start .. stop - 1 (runs on a Dask worker too)."""
    from .state import state_from_text

    result = playouts(state_from_text(text), stop - start, bots, seed, first=start)
    return [[float(x) for x in row] for row in result.returns]


def rollout(
    state: State,
    bots: Union[BotLike, Sequence[BotLike]],
    trials: int,
    seed: int = 0,
    client: Any = None,
    chunk: int = 2000,
) -> RolloutResult:
    """Evaluates ``state`` by ``trials`` Monte-Carlo playouts with ``bots`` (as in
    :func:`playouts`: names, kind numbers or None; :class:`~alea.Bot` objects only
    without a client): the mean return of each seat, its standard error and a
    95 % interval.  With a Dask ``client`` (:func:`alea.distributed.cluster`) the
    trials run on its workers in chunks of ``chunk`` games; the result is the
    same for any client, chunk size and number of workers (exact sums,
    ``math.fsum``, of the same per-trial returns)."""
    from .distributed import chunks, map_chunks
    from .tournament import Z95

    if not isinstance(state, State):
        raise TypeError(f"state must be an alea.State, not {type(state).__name__}")
    count = in_range(trials, 1, 1 << 40, "trials")
    if client is not None and (isinstance(bots, Bot) or (
            isinstance(bots, (list, tuple)) and any(isinstance(b, Bot) for b in bots))):
        raise TypeError("a distributed rollout takes bot names or kinds, not Bot objects")
    _bot_array(bots, state.num_players)  # checks the bots before any work starts
    pieces = chunks(count, max(1, -(-count // max(1, chunk))))
    parts = map_chunks(_rollout_chunk, pieces, state.to_text(), bots, u64(seed, "seed"),
                       client=client)
    rows = [row for part in parts for row in part]
    players = state.num_players
    means, errors, intervals = [], [], []
    for s in range(players):
        values = [row[s] for row in rows]
        mean = math.fsum(values) / count
        var = math.fsum((v - mean) ** 2 for v in values) / (count - 1) if count > 1 else 0.0
        err = math.sqrt(var / count)
        means.append(mean)
        errors.append(err)
        intervals.append((mean - Z95 * err, mean + Z95 * err))
    return RolloutResult(count, tuple(means), tuple(errors), tuple(intervals))
