"""The library's bots (``alea/bot.h``): :data:`BOTS`, :func:`bot_choose`, :class:`Bot`
(a bot with parameters and its own workspace) and :func:`dice_poker_advise`."""

from __future__ import annotations

import ctypes
from typing import List, Tuple, Union

from . import _lib
from ._util import call, c_int_value, to_bytes
from .errors import InvalidArgument, raise_for
from .rng import Rng
from .state import State

__all__ = ["BOTS", "bot_kind", "bot_choose", "Bot", "BotOptions", "dice_poker_advise"]


def _names() -> Tuple[str, ...]:
    names: List[str] = []
    kind = 0
    while True:
        name = _lib.alea_bot_name(kind)
        if name is None:
            return tuple(names)
        names.append(name.decode("utf-8"))
        kind += 1


#: Names of the bot kinds, indexed by kind number: ``("random", "greedy", "expectimax", "mcts",
#: "heuristic")``.
BOTS: Tuple[str, ...] = _names()


def bot_kind(kind: Union[str, bytes, int]) -> int:
    """The kind number of a bot given by name (``"greedy"``) or number."""
    if isinstance(kind, (str, bytes)):
        number = int(call(_lib.alea_bot_find, to_bytes(kind, "bot kind")))
        if number < 0:
            shown = kind.decode("utf-8", "replace") if isinstance(kind, bytes) else kind
            raise InvalidArgument(reason=f"no bot is called {shown!r} (bots: {', '.join(BOTS)})")
        return number
    return c_int_value(kind, "bot kind")


def bot_choose(state: State, kind: Union[str, bytes, int], rng: Rng) -> int:
    """A legal action for the seat to act, chosen by the bot ``kind`` using ``rng``.

    ``kind`` is a name from :data:`BOTS` or its index.  Raises
    :class:`~alea.WrongPhaseError` at a chance node (use :meth:`State.roll`) or a
    terminal state.  The state is not changed; apply the action yourself.
    """
    if not isinstance(state, State):
        raise TypeError(f"state must be an alea.State, not {type(state).__name__}")
    if not isinstance(rng, Rng):
        raise TypeError(f"rng must be an alea.Rng, not {type(rng).__name__}")
    action = ctypes.c_uint64()
    status = call(
        _lib.alea_bot_choose,
        ctypes.byref(action),
        ctypes.byref(state._st),
        bot_kind(kind),
        ctypes.byref(rng._rng),
    )
    raise_for(status)
    return int(action.value)


class BotOptions(ctypes.Structure):
    """Mirror of ``alea_bot_options`` (version 1)."""

    _fields_ = [
        ("version", ctypes.c_uint32),
        ("kind", ctypes.c_int32),
        ("depth", ctypes.c_int32),
        ("playouts", ctypes.c_int32),
        ("exploration", ctypes.c_double),
        ("max_nodes", ctypes.c_int32),
        ("playout_plies", ctypes.c_int32),
    ]


class _Advice(ctypes.Structure):
    _fields_ = [("action", ctypes.c_uint64), ("expected", ctypes.c_double)]


_PARAMS = ("depth", "playouts", "exploration", "max_nodes", "playout_plies")


class Bot:
    """A bot with parameters and a workspace sized for one game.

    ``Bot("mcts", "wise-dice", playouts=300)``; ``game`` is a game id or a
    :class:`State` of the game.  Parameters: ``depth`` (expectimax), ``playouts``,
    ``exploration``, ``max_nodes``, ``playout_plies`` (mcts); see ``alea/bot.h``.
    The workspace (``workspace_size`` bytes) is allocated once here and reused.
    """

    def __init__(self, kind: Union[str, int], game: Union[str, State], **params: float) -> None:
        self.options = BotOptions()
        raise_for(call(_lib.alea_bot_options_init, ctypes.byref(self.options), bot_kind(kind)))
        for key, value in params.items():
            if key not in _PARAMS:
                raise InvalidArgument(reason=f"unknown bot parameter {key!r} ({', '.join(_PARAMS)})")
            if key == "exploration":
                self.options.exploration = float(value)
            else:
                setattr(self.options, key, c_int_value(value, key))
        probe = game if isinstance(game, State) else State(game)
        handle = _lib.alea_state_game(ctypes.byref(probe._st))
        size = ctypes.c_size_t()
        err = _lib.Error()
        status = call(
            _lib.alea_bot_workspace_size,
            ctypes.byref(size),
            ctypes.byref(self.options),
            handle,
            ctypes.byref(err),
        )
        raise_for(status, err)
        self.workspace_size = int(size.value)
        self._ws = ctypes.create_string_buffer(self.workspace_size)

    @property
    def kind(self) -> str:
        """The bot's kind name."""
        return str(BOTS[int(self.options.kind)])

    def choose(self, state: State, rng: Rng) -> int:
        """A legal action for the seat to act (the state is not changed)."""
        if not isinstance(state, State):
            raise TypeError(f"state must be an alea.State, not {type(state).__name__}")
        if not isinstance(rng, Rng):
            raise TypeError(f"rng must be an alea.Rng, not {type(rng).__name__}")
        action = ctypes.c_uint64()
        err = _lib.Error()
        status = call(
            _lib.alea_bot_choose_with,
            ctypes.byref(action),
            ctypes.byref(state._st),
            ctypes.byref(self.options),
            self._ws,
            self.workspace_size,
            ctypes.byref(rng._rng),
            ctypes.byref(err),
        )
        raise_for(status, err)
        return int(action.value)

    def evaluate(self, state: State) -> Tuple[float, ...]:
        """The value of the position for every seat (expectimax and heuristic bots)."""
        if not isinstance(state, State):
            raise TypeError(f"state must be an alea.State, not {type(state).__name__}")
        values = (ctypes.c_double * 4)()
        count = ctypes.c_size_t()
        err = _lib.Error()
        status = call(
            _lib.alea_bot_evaluate,
            values,
            4,
            ctypes.byref(count),
            ctypes.byref(state._st),
            ctypes.byref(self.options),
            self._ws,
            self.workspace_size,
            ctypes.byref(err),
        )
        raise_for(status, err)
        return tuple(float(values[i]) for i in range(count.value))

    def __repr__(self) -> str:
        params = ", ".join(f"{k}={getattr(self.options, k)}" for k in _PARAMS)
        return f"Bot({self.kind!r}, {params})"


_OBJECTIVES = {"turn": 0, "par": 1}


def dice_poker_advise(state: State, objective: str = "turn") -> Tuple[int, float]:
    """The dice-poker advisor (``alea_dice_poker_advise``): ``(action, expected)`` for the
    seat to act; ``objective`` is ``"turn"`` (expected points this turn) or ``"par"``."""
    if not isinstance(state, State):
        raise TypeError(f"state must be an alea.State, not {type(state).__name__}")
    if objective not in _OBJECTIVES:
        raise InvalidArgument(reason=f"objective must be 'turn' or 'par', not {objective!r}")
    advice = _Advice()
    status = call(
        _lib.alea_dice_poker_advise, ctypes.byref(advice), ctypes.byref(state._st),
        _OBJECTIVES[objective],
    )
    raise_for(status)
    return int(advice.action), float(advice.expected)
