"""alea: rules, legal moves, dice and scoring for dice and board games.

A thin ctypes layer over the C library libalea, with optional compiled hot
methods of :class:`State` (:func:`speedups_path`).  The library is found
through ``$ALEA_LIBRARY``, then next to the package, then a Meson build tree
above it, then the system loader (see :mod:`alea._lib`); importing checks
that its ABI matches these bindings.  ``python3 -m alea`` plays, replays and
runs tournaments (see :mod:`alea.cli`).

>>> import alea
>>> game = alea.Game("dice-poker", players=2)
>>> state = game.new_state()
>>> rng = alea.Rng(42)
>>> while not state.is_terminal:
...     if state.is_chance:
...         _ = state.roll(rng)
...     else:
...         state.apply(alea.bot_choose(state, "greedy", rng))
>>> state.result.terminal
True
"""

from __future__ import annotations

from typing import Optional

from . import _lib
from . import state as _state
from .bots import BOTS, Bot, BotOptions, Ranked, bot_choose, bot_kind, bot_levels, dice_poker_advise
from .errors import (
    AbiMismatch,
    AleaError,
    BadOption,
    BufferTooSmall,
    GameNotFound,
    IllegalActionError,
    InvalidArgument,
    InvalidStateError,
    OutOfMemory,
    ParseError,
    Status,
    Unsupported,
    WrongPhaseError,
    WrongPlayer,
)
from .info import GameInfo, OptionInfo, OptionKind, game_info, games
from .rng import Rng
from .state import (
    CHANCE,
    OBSERVER_PUBLIC,
    TERMINAL,
    Action,
    ActionLike,
    ChanceOutcome,
    Game,
    Result,
    State,
    replay,
    state_from_text,
)
from . import _registry, backgammon, dice_poker, plateau, wise_dice
from . import tournament
from .scale import PlayoutResults, RolloutResult, playouts, rollout
from . import tensor
from .tensor import PUBLIC as OBSERVER_PUBLIC

#: What of this package stands on the C library's experimental tier (functions
#: declared only under ALEA_EXPERIMENTAL, symbol version ALEA_EXPERIMENTAL): its
#: behaviour, arguments and existence may change in any 1.x release.
EXPERIMENTAL = frozenset({"Bot.evaluate", "dice_poker_advise"})

__all__ = [
    "EXPERIMENTAL",
    "version",
    "version_number",
    "library_path",
    "speedups_path",
    "games",
    "game_info",
    "Game",
    "GameInfo",
    "OptionInfo",
    "OptionKind",
    "State",
    "Action",
    "ActionLike",
    "Result",
    "ChanceOutcome",
    "Rng",
    "CHANCE",
    "TERMINAL",
    "OBSERVER_PUBLIC",
    "MAX_PLAYERS",
    "MAX_ACTIONS",
    "BOTS",
    "bot_choose",
    "bot_kind",
    "bot_levels",
    "Bot",
    "Ranked",
    "BotOptions",
    "dice_poker_advise",
    "replay",
    "state_from_text",
    "dice_poker",
    "backgammon",
    "wise_dice",
    "plateau",
    "tournament",
    "playouts",
    "PlayoutResults",
    "rollout",
    "RolloutResult",
    "tensor",
    "OBSERVER_PUBLIC",
    "Status",
    "AleaError",
    "InvalidArgument",
    "IllegalActionError",
    "ParseError",
    "BufferTooSmall",
    "WrongPhaseError",
    "OutOfMemory",
    "GameNotFound",
    "BadOption",
    "InvalidStateError",
    "AbiMismatch",
    "Unsupported",
    "WrongPlayer",
]

#: The game modules, each entered in the registry State.view() and Action.decoded read.
_GAMES = (backgammon, dice_poker, wise_dice, plateau)
for _game in _GAMES:
    _game.register(_registry.REGISTRY)
del _game

#: Largest number of seats of any game.
MAX_PLAYERS: int = _lib.MAX_PLAYERS
#: Largest number of legal actions of any game at any node.
MAX_ACTIONS: int = _lib.MAX_ACTIONS

#: Version of the headers these bindings mirror (the library's is :func:`version`).
__version__ = f"{_lib.VERSION_MAJOR}.{_lib.VERSION_MINOR}.{_lib.VERSION_PATCH}"


def version() -> str:
    """The loaded library's version string, e.g. ``"1.0.0"`` (``alea_version_string``)."""
    return _lib.text(_lib.alea_version_string()) or ""


def version_number() -> int:
    """The loaded library's version as MAJOR*10000 + MINOR*100 + PATCH (``alea_version``)."""
    return int(_lib.alea_version())


def library_path() -> str:
    """The path (or name) the shared library was loaded from."""
    return _lib.path


def speedups_path() -> Optional[str]:
    """The file of the compiled hot methods of :class:`State` in use, or None.

    ``alea._speedups`` (C, optional) implements ``State.apply`` of an int,
    ``roll``, ``legal_numbers`` and ``current_player`` as methods of a compiled
    base class, calling the library ctypes loaded; without it those methods are
    the package's ctypes ones, with the same results at about twice the cost per
    step.  It is found through ``$ALEA_SPEEDUPS`` (a path; ``0`` turns it off),
    then inside the package (a wheel built where Python's headers are), then in
    the Meson build tree of the loaded library.
    """
    return _state._speedups_file
