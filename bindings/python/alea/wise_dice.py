"""Wise dice ("Mądre kości"): typed options, actions and read access (``alea/wise_dice.h``).

Rule numbers (W-x.y) refer to the game's rules file (doc/rules/wise_dice.md).
An action is ``kind << 12 | payload``; :func:`encode` and :func:`decode` build
and read them, and ``state.view()`` (or :func:`view`) gives the whole state as
a :class:`WiseDiceView`: every stack bottom to top, every pawn's square,
height and state, the scores, the phase, the roll and the final-turn status.
"""

from __future__ import annotations

import ctypes
import enum
from dataclasses import dataclass
from typing import NamedTuple, Optional, Sequence, Tuple

from . import _lib
from ._registry import Registry
from ._util import call, in_range
from .errors import InvalidArgument, Unsupported, raise_for
from .state import State, _wrap

__all__ = [
    "GAME_ID",
    "Kind",
    "Direction",
    "Phase",
    "SOUTH",
    "NORTH",
    "MAX_ACTIONS",
    "Action",
    "Pawn",
    "WiseDiceView",
    "square_name",
    "square_of",
    "new_state",
    "encode",
    "decode",
    "view",
]

GAME_ID = "wise-dice"
MAX_ACTIONS = _lib.WD_MAX_ACTIONS
SOUTH = 0  #: player 0, home row 1
NORTH = 1  #: player 1, home row 12


class Kind(enum.IntEnum):
    """Action kinds (bits 12 and up of an action)."""

    PLACE = 1  #: set-up: the next pawn on a column of the home row (W-4.2)
    START = 2  #: chance: the starting player (W-4.3)
    ROLL = 3  #: chance: the four dice (W-5.1)
    MOVE = 4  #: a role assignment I/D:d/K/Z (W-5.2)
    PASS = 5  #: no legal move (W-5.5)


class Direction(enum.IntEnum):
    """Directions relative to the mover (W-3.3), in the canonical order of W-5.9."""

    F = 0
    FL = 1
    FR = 2
    L = 3
    R = 4
    B = 5
    BL = 6
    BR = 7


class Phase(enum.IntEnum):
    """Phases of a wise-dice state."""

    SETUP = 0  #: the player to act places a pawn
    START = 1  #: chance picks the starter
    ROLL = 2  #: chance rolls the four dice
    MOVE = 3  #: the player moves or passes
    OVER = 4  #: the game is over


def square_name(square: int) -> str:
    """``"A1"`` .. ``"H12"`` for a square index 0..95 (= (row-1)*8 + column)."""
    square = in_range(square, 0, 95, "square")
    return "ABCDEFGH"[square % 8] + str(square // 8 + 1)


def square_of(name: str) -> int:
    """The index 0..95 of a square name such as ``"E8"``."""
    if not isinstance(name, str) or len(name) < 2 or name[0].upper() not in "ABCDEFGH":
        raise InvalidArgument(reason=f"{name!r} is no square A1..H12")
    try:
        row = int(name[1:])
    except ValueError:
        raise InvalidArgument(reason=f"{name!r} is no square A1..H12") from None
    if not 1 <= row <= 12:
        raise InvalidArgument(reason=f"{name!r} is no square A1..H12")
    return (row - 1) * 8 + "ABCDEFGH".index(name[0].upper())


class Action(NamedTuple):
    """A decoded action; fields a kind does not use are 0 (``dice``: zeros)."""

    kind: Kind
    column: int = 0
    player: int = 0
    dice: Tuple[int, int, int, int] = (0, 0, 0, 0)
    pip: int = 0
    direction: int = 0
    distance: int = 0
    points: int = 0


def encode(
    kind: int,
    *,
    column: int = 0,
    player: int = 0,
    dice: Sequence[int] = (0, 0, 0, 0),
    pip: int = 0,
    direction: int = 0,
    distance: int = 0,
    points: int = 0,
) -> int:
    """Builds an action, e.g. ``encode(Kind.MOVE, pip=2, direction=Direction.L, distance=1,
    points=6)``.  Only the form is checked (``alea_wise_dice_encode``), not legality."""
    raw = _lib.WiseDiceAction()
    i32 = (_lib.INT32_MIN, _lib.INT32_MAX)
    raw.kind = in_range(kind, *i32, "kind")
    raw.column = in_range(column, *i32, "column")
    raw.player = in_range(player, *i32, "player")
    if isinstance(dice, (str, bytes)) or len(dice) != 4:
        raise InvalidArgument(reason="dice must be 4 numbers")
    for i, d in enumerate(dice):
        raw.dice[i] = in_range(d, *i32, f"dice[{i}]")
    raw.pip = in_range(pip, *i32, "pip")
    raw.direction = in_range(direction, *i32, "direction")
    raw.distance = in_range(distance, *i32, "distance")
    raw.points = in_range(points, *i32, "points")
    out = ctypes.c_uint64()
    raise_for(call(_lib.alea_wise_dice_encode, ctypes.byref(out), ctypes.byref(raw)))
    return int(out.value)


def decode(action: int) -> Action:
    """Reads an action (``alea_wise_dice_decode``); :class:`~alea.InvalidArgument` if malformed."""
    raw = _lib.WiseDiceAction()
    value = in_range(action, 0, _lib.UINT64_MAX, "action")
    raise_for(call(_lib.alea_wise_dice_decode, ctypes.byref(raw), value))
    return Action(
        Kind(raw.kind),
        raw.column,
        raw.player,
        tuple(raw.dice),  # type: ignore[arg-type]
        raw.pip,
        raw.direction,
        raw.distance,
        raw.points,
    )


def new_state(max_moves: int = 1000) -> State:
    """The initial state from typed options (``alea_wise_dice_init``)."""
    opts = _lib.WiseDiceOptions()  # the library's defaults, then the arguments
    raise_for(call(_lib.alea_wise_dice_options_init, ctypes.byref(opts), _lib.WD_OPTIONS_VERSION))
    opts.max_moves = in_range(max_moves, _lib.INT32_MIN, _lib.INT32_MAX, "max_moves")
    raw = _lib.State()
    err = _lib.Error()
    status = call(
        _lib.alea_wise_dice_init, ctypes.byref(raw), ctypes.byref(opts), ctypes.byref(err)
    )
    raise_for(status, err)
    return _wrap(raw)


class Pawn(NamedTuple):
    """One pawn: ``square`` (name, or None when off the board), ``height`` (0 = bottom),
    ``state`` one of "free", "blocked", "exited", "unplaced" (W-1.5, W-9.1)."""

    player: int
    pip: int
    square: Optional[str]
    height: int
    state: str


@dataclass(frozen=True)
class WiseDiceView:
    """Everything about a wise-dice state (``alea_wise_dice_view``).

    ``stacks`` maps each occupied square name to its pawns bottom to top, each
    a ``(player, pip)`` pair; ``pawns[player][pip - 1]`` is a :class:`Pawn`.
    """

    phase: Phase
    player: Optional[int]  #: to act (set-up, move) or to roll; None otherwise
    final_turn: bool  #: the player to act plays the final turn (W-10.2)
    roll: Tuple[int, ...]  #: the four dice ascending while moving, else ()
    scores: Tuple[int, int]
    moves: int  #: moves plus passes made (W-10.5)
    max_moves: int
    stacks: Tuple[Tuple[str, Tuple[Tuple[int, int], ...]], ...]
    pawns: Tuple[Tuple[Pawn, ...], ...]

    def stack(self, square: str) -> Tuple[Tuple[int, int], ...]:
        """The stack on a square (name), bottom to top; () when empty."""
        square_of(square)
        return dict(self.stacks).get(square.upper(), ())


def _pawn(raw: _lib.WiseDicePawn, player: int, pip: int) -> Pawn:
    if raw.square >= 0:
        return Pawn(
            player, pip, square_name(raw.square), raw.height, "free" if raw.free else "blocked"
        )
    return Pawn(player, pip, None, 0, "exited" if raw.square == -2 else "unplaced")


def view(state: State) -> WiseDiceView:
    """The typed view of a wise-dice state (``alea_wise_dice_get_view``)."""
    if not isinstance(state, State):
        raise TypeError(f"state must be an alea.State, not {type(state).__name__}")
    if state.game_id != GAME_ID:
        raise Unsupported(reason=f"a {GAME_ID} view of a {state.game_id} state")
    raw = _lib.WiseDiceView()
    raw.version = _lib.WD_VIEW_VERSION
    raise_for(call(_lib.alea_wise_dice_get_view, ctypes.byref(raw), state._ref))
    stacks = tuple(
        (
            square_name(q),
            tuple((raw.stack[q][h] // 6, raw.stack[q][h] % 6 + 1) for h in range(raw.heights[q])),
        )
        for q in range(_lib.WD_SQUARES)
        if raw.heights[q] > 0
    )
    phase = Phase(raw.phase)
    return WiseDiceView(
        phase=phase,
        player=raw.player if raw.player >= 0 else None,
        final_turn=bool(raw.final_turn),
        roll=tuple(raw.roll) if phase == Phase.MOVE else (),
        scores=(raw.score[0], raw.score[1]),
        moves=raw.moves,
        max_moves=raw.max_moves,
        stacks=stacks,
        pawns=tuple(
            tuple(_pawn(raw.pawn[p][i], p, i + 1) for i in range(6)) for p in range(2)
        ),
    )


def register(registry: Registry) -> None:
    """Enter this game's typed view and action decoder in ``registry`` (called by :mod:`alea`)."""
    registry.register_view(GAME_ID, view)
    registry.register_decoder(GAME_ID, decode)
