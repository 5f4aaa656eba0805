"""Plateau (Jim Albea): typed options, actions, read access and the public view
(``alea/plateau.h``).

Rule numbers (R-x.y, D-n) refer to the game's rule file.  An action is
``kind << 28 | payload``; :func:`encode` and :func:`decode` build and read them
without bit twiddling.  ``state.view()`` (or :func:`view`) gives the whole
state as a :class:`PlateauView`; :func:`public_view`, :func:`public_text` and
:func:`public_json` give what one seat may know (R11): the opponent's unseen
faces and reserve contents masked.
"""

from __future__ import annotations

import ctypes
import enum
import json
from dataclasses import dataclass
from typing import Any, Dict, NamedTuple, Optional, Sequence, Tuple

from . import _lib
from ._registry import Registry
from ._util import call, in_range
from .errors import InvalidArgument, Unsupported, raise_for
from .state import State, _wrap

__all__ = [
    "GAME_ID",
    "SQUARES",
    "MAX_HEIGHT",
    "MAX_ACTIONS",
    "PieceType",
    "Face",
    "Kind",
    "Phase",
    "Result",
    "TYPE_CODES",
    "VALUES",
    "square",
    "square_name",
    "Action",
    "Piece",
    "PlateauView",
    "new_state",
    "encode",
    "decode",
    "exchange_value",
    "view",
    "public_view",
    "public_text",
    "public_json",
]

GAME_ID = "plateau"
SQUARES = _lib.PL_SQUARES
MAX_HEIGHT = _lib.PL_MAX_HEIGHT
MAX_ACTIONS = _lib.PL_MAX_ACTIONS


class PieceType(enum.IntEnum):
    """Piece types (R2.1)."""

    MUTE = 0
    BLUE = 1
    RED = 2
    BLUE_MASK = 3
    RED_MASK = 4
    TWISTER = 5
    ACE = 6


TYPE_CODES = ("M", "BL", "R", "BM", "RM", "T", "A")
VALUES = (1, 4, 5, 8, 10, 15, 21)


class Face(enum.IntEnum):
    """Faces (R1.5)."""

    BLANK = 0
    RED = 1
    BLUE = 2
    ORANGE = 3


class Kind(enum.IntEnum):
    """Action kinds (bits 28 and up of an action)."""

    SETUP = 1
    ONBOARD = 2
    MOVE = 3
    OFFER = 4
    GIVE = 5
    DECLINE = 6
    PASS = 7


class Phase(enum.IntEnum):
    """Phases of a plateau state."""

    SETUP = 0  #: the seat to act sets up its first stack (R4)
    PLAY = 1  #: a normal turn (R5.1)
    RESPOND = 2  #: the seat to act answers an offer (R9.2)
    OVER = 3


class Result(enum.IntEnum):
    """Results."""

    NONE = 0
    BLACK = 1
    WHITE = 2
    DRAW = 3


def square(name: str) -> int:
    """Square index of ``"a1"`` .. ``"d4"`` (``a1`` = 0, ``d1`` = 3, ``a4`` = 12)."""
    if not isinstance(name, str) or len(name) != 2 or name[0] not in "abcd" or name[1] not in "1234":
        raise InvalidArgument(reason=f"not a square: {name!r}")
    return "abcd".index(name[0]) + 4 * "1234".index(name[1])


def square_name(sq: int) -> str:
    """``"a1"`` .. ``"d4"`` of a square index 0..15."""
    sq = in_range(sq, 0, SQUARES - 1, "square")
    return "abcd"[sq % 4] + "1234"[sq // 4]


def _set_counts(counts: Sequence[int]) -> Any:
    if isinstance(counts, (str, bytes)) or len(counts) != 7:
        raise InvalidArgument(reason="a set must be 7 counts, one per piece type")
    arr = (ctypes.c_uint8 * 7)()
    for i, c in enumerate(counts):
        arr[i] = in_range(c, 0, 255, f"set[{i}]")
    return arr


class Action(NamedTuple):
    """A decoded action; fields a kind does not use are 0 (see ``alea_plateau_action``)."""

    kind: Kind
    square: int = 0  #: SETUP, ONBOARD: the square; MOVE: the origin
    target: int = 0  #: MOVE: the landing square (the origin for a stomp)
    type: int = 0  #: ONBOARD piece type; SETUP: the top piece's type
    side: int = 0  #: 1 if face B is up
    bottom_type: int = 0  #: SETUP
    bottom_side: int = 0  #: SETUP
    level: int = 0  #: ONBOARD
    flip: int = 0  #: MOVE: flip the top piece first (R7.3)
    lift: int = 0  #: MOVE: pieces lifted (R7.2)
    stops: Tuple[int, int] = (0, 0)  #: MOVE: pieces kept after a stop on the 1st/2nd square passed
    set: Tuple[int, ...] = (0,) * 7  #: OFFER, GIVE: pieces per type


def encode(action: Action) -> int:
    """Builds an action value (``alea_plateau_encode``); checks the form only."""
    raw = _lib.PlateauAction()
    raw.kind = in_range(int(action.kind), _lib.INT32_MIN, _lib.INT32_MAX, "kind")
    for name in ("square", "target", "type", "side", "bottom_type", "bottom_side", "level", "flip", "lift"):
        setattr(raw, name, in_range(getattr(action, name), _lib.INT32_MIN, _lib.INT32_MAX, name))
    raw.stop[0] = in_range(action.stops[0], _lib.INT32_MIN, _lib.INT32_MAX, "stops[0]")
    raw.stop[1] = in_range(action.stops[1], _lib.INT32_MIN, _lib.INT32_MAX, "stops[1]")
    raw.set = _set_counts(action.set)
    out = ctypes.c_uint64()
    raise_for(call(_lib.alea_plateau_encode, ctypes.byref(out), ctypes.byref(raw)))
    return int(out.value)


def decode(action: int) -> Action:
    """Reads an action (``alea_plateau_decode``); :class:`~alea.InvalidArgument` if malformed."""
    raw = _lib.PlateauAction()
    raise_for(call(_lib.alea_plateau_decode, ctypes.byref(raw), in_range(action, 0, _lib.UINT64_MAX, "action")))
    return Action(
        Kind(raw.kind),
        raw.square,
        raw.target,
        raw.type,
        raw.side,
        raw.bottom_type,
        raw.bottom_side,
        raw.level,
        raw.flip,
        raw.lift,
        (raw.stop[0], raw.stop[1]),
        tuple(raw.set),
    )


def exchange_value(counts: Sequence[int]) -> int:
    """Exchange value of a set of types (R2.1), counts per type (Mute first)."""
    return int(_lib.alea_plateau_exchange_value(_set_counts(counts)))


def new_state(overpay: bool = False, max_plies: int = 0) -> State:
    """The initial state from typed options (``alea_plateau_init``)."""
    opts = _lib.PlateauOptions()  # the library's defaults, then the arguments
    raise_for(call(_lib.alea_plateau_options_init, ctypes.byref(opts), _lib.PL_OPTIONS_VERSION))
    opts.overpay = 1 if overpay else 0
    opts.max_plies = in_range(max_plies, _lib.INT32_MIN, _lib.INT32_MAX, "max_plies")
    raw = _lib.State()
    err = _lib.Error()
    raise_for(call(_lib.alea_plateau_init, ctypes.byref(raw), ctypes.byref(opts), ctypes.byref(err)), err)
    return _wrap(raw)


class Piece(NamedTuple):
    """A piece of a view; ``None`` for what the viewer cannot know."""

    owner: int
    type: Optional[PieceType]
    up: Optional[Face]
    down: Optional[Face]


@dataclass(frozen=True)
class PlateauView:
    """A plateau state (``alea_plateau_view``), whole (``viewer`` None) or as one seat sees it.

    ``stacks[sq]`` lists the pieces of square ``sq`` bottom first; ``reserve[p]``
    is a dict type -> count, or None when masked (then ``reserve_size[p]`` is
    all that is known); ``prisoners[p]`` the opponent's pieces seat ``p`` holds.
    """

    viewer: Optional[int]
    phase: Phase
    to_act: Optional[int]
    result: Result
    passes: int
    min_offer: int
    plies: int
    max_plies: int
    overpay: bool
    stacks: Tuple[Tuple[Piece, ...], ...]
    reserve_size: Tuple[int, int]
    reserve: Tuple[Optional[Dict[PieceType, int]], Optional[Dict[PieceType, int]]]
    prisoners: Tuple[Dict[PieceType, int], Dict[PieceType, int]]
    offer: Dict[PieceType, int]
    offer_value: int

    def stack(self, name: str) -> Tuple[Piece, ...]:
        """The stack on square ``"a1"`` .. ``"d4"``."""
        return self.stacks[square(name)]


def _opt(v: int, cls: Any) -> Any:
    return None if v < 0 else cls(v)


def _counts(arr: Any) -> Dict[PieceType, int]:
    return {PieceType(t): int(arr[t]) for t in range(7) if arr[t] > 0}


def _view_of(raw: _lib.PlateauView) -> PlateauView:
    stacks = tuple(
        tuple(
            Piece(p.owner, _opt(p.type, PieceType), _opt(p.up, Face), _opt(p.down, Face))
            for p in (raw.stack[sq][i] for i in range(max(0, min(raw.height[sq], MAX_HEIGHT))))
        )
        for sq in range(SQUARES)
    )
    reserve = tuple(None if raw.reserve[p][0] < 0 else _counts(raw.reserve[p]) for p in range(2))
    return PlateauView(
        viewer=None if raw.viewer == -1 else raw.viewer,
        phase=Phase(raw.phase),
        to_act=raw.to_act if raw.to_act >= 0 else None,
        result=Result(raw.result),
        passes=raw.passes,
        min_offer=raw.min_offer,
        plies=raw.plies,
        max_plies=raw.max_plies,
        overpay=bool(raw.overpay),
        stacks=stacks,
        reserve_size=(raw.reserve_size[0], raw.reserve_size[1]),
        reserve=reserve,  # type: ignore[arg-type]
        prisoners=(_counts(raw.prisoners[0]), _counts(raw.prisoners[1])),
        offer=_counts(raw.offer),
        offer_value=raw.offer_value,
    )


def _check(state: State) -> None:
    if not isinstance(state, State):
        raise TypeError(f"state must be an alea.State, not {type(state).__name__}")
    if state.game_id != GAME_ID:
        raise Unsupported(reason=f"a {GAME_ID} view of a {state.game_id} state")


def view(state: State) -> PlateauView:
    """The whole state (``alea_plateau_get_view``)."""
    _check(state)
    raw = _lib.PlateauView()
    raw.version = _lib.PL_VIEW_VERSION
    raise_for(call(_lib.alea_plateau_get_view, ctypes.byref(raw), state._ref))
    return _view_of(raw)


def public_view(state: State, viewer: int) -> PlateauView:
    """What seat ``viewer`` (0 Black, 1 White, or :data:`alea.OBSERVER_PUBLIC`, a spectator)
    may know (``alea_plateau_get_public_view``, R11)."""
    _check(state)
    raw = _lib.PlateauView()
    raw.version = _lib.PL_VIEW_VERSION
    v = in_range(viewer, _lib.INT32_MIN, _lib.INT32_MAX, "viewer")
    raise_for(call(_lib.alea_plateau_get_public_view, ctypes.byref(raw), state._ref, v))
    return _view_of(raw)


def _text(fn: Any, state: State, viewer: int) -> str:
    _check(state)
    v = in_range(viewer, _lib.INT32_MIN, _lib.INT32_MAX, "viewer")
    need = ctypes.c_size_t()
    ref = state._ref  # one private copy for both calls (issue 24 item 5)
    status = call(fn, None, 0, ctypes.byref(need), ref, v)
    if status not in (0, 4):  # OK, BUFFER_TOO_SMALL
        raise_for(status)
    buf = ctypes.create_string_buffer(need.value + 1)
    raise_for(call(fn, buf, len(buf), ctypes.byref(need), ref, v))
    return buf.value.decode("utf-8")


def public_text(state: State, viewer: int) -> str:
    """The public view of ``viewer`` as one line (``alea_plateau_public_text``)."""
    return _text(_lib.alea_plateau_public_text, state, viewer)


def public_json(state: State, viewer: int) -> Any:
    """The public view of ``viewer`` as parsed JSON (``alea_plateau_public_json``)."""
    return json.loads(_text(_lib.alea_plateau_public_json, state, viewer))


def register(registry: Registry) -> None:
    """Enter this game's typed view and action decoder in ``registry`` (called by :mod:`alea`)."""
    registry.register_view(GAME_ID, view)
    registry.register_decoder(GAME_ID, decode)
