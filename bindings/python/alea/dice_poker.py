"""Dice poker ("Kościany poker"): typed options, actions and read access (``alea/dice_poker.h``).

Rule numbers (P-x.y) refer to the game's rules file.  An action is
``kind << 24 | payload``; :func:`encode` and :func:`decode` build and read them
without bit twiddling, and ``state.view()`` (or :func:`view`) gives the whole
state as a :class:`DicePokerView`.
"""

from __future__ import annotations

import ctypes
import enum
from dataclasses import dataclass
from typing import Any, NamedTuple, Optional, Sequence, Tuple

from . import _lib
from ._registry import Registry
from ._util import call, in_range
from .errors import InvalidArgument, Unsupported, raise_for
from .state import State, _wrap

__all__ = [
    "GAME_ID",
    "Row",
    "Kind",
    "Mark",
    "Phase",
    "ROWS",
    "MAX_COLUMNS",
    "BONUSES",
    "MAX_ACTIONS",
    "column_bonus",
    "Action",
    "Bonus",
    "Card",
    "DicePokerView",
    "new_state",
    "encode",
    "decode",
    "pack",
    "combination_value",
    "view",
]

GAME_ID = "dice-poker"
ROWS = _lib.DP_ROWS
MAX_COLUMNS = _lib.DP_MAX_COLUMNS
BONUSES = _lib.DP_BONUSES
MAX_ACTIONS = _lib.DP_MAX_ACTIONS


class Row(enum.IntEnum):
    """Rows of the card (P-1.2)."""

    SCHOOL_1 = 0
    SCHOOL_2 = 1
    SCHOOL_3 = 2
    SCHOOL_4 = 3
    SCHOOL_5 = 4
    SCHOOL_6 = 5
    PAIR = 6
    THREE = 7
    TWO_PAIRS = 8
    FULL = 9
    FOUR = 10
    POKER = 11
    SMALL = 12
    LARGE = 13
    SUM = 14


class Kind(enum.IntEnum):
    """Action kinds (bits 24 and up of an action)."""

    ROLL = 1  #: chance: the dice thrown now
    HOLD = 2  #: keep some dice and re-throw the rest
    SCORE = 3  #: close/zero a School row or write a combination
    STRIKE = 4  #: strike out a combination row (Sum included)


class Mark(enum.IntEnum):
    """Marks of a cell (P-1.7)."""

    EMPTY = 0
    CLOSED = 1  #: School: closed (P-4.1)
    CLOSED_RESERVE = 2  #: School: closed using the reserve (P-4.2)
    ZERO = 3  #: School: zero, -200 (P-4.3)
    SCORED = 4  #: combination: value written
    STRUCK = 5  #: combination: struck out


class Phase(enum.IntEnum):
    """Phases of a dice-poker state."""

    THROW = 0  #: dice must be thrown (chance)
    DECIDE = 1  #: the seat must hold-and-rethrow or score
    OVER = 2  #: every card is full


def column_bonus(column: int) -> int:
    """Index in :attr:`DicePokerView.bonuses` of column ``column``'s bonus (0-based)."""
    return 14 + in_range(column, 0, MAX_COLUMNS - 1, "column")


def _counts(counts: Sequence[int], what: str = "counts") -> Any:
    if isinstance(counts, (str, bytes)) or len(counts) != 6:
        raise InvalidArgument(reason=f"{what} must be 6 numbers, the dice per face (ones first)")
    arr = (ctypes.c_uint8 * 6)()
    for i, c in enumerate(counts):
        arr[i] = in_range(c, 0, 255, f"{what}[{i}]")
    return arr


class Action(NamedTuple):
    """A decoded action: ``kind``, ``row`` (SCORE/STRIKE, else None), ``counts`` per face."""

    kind: Kind
    row: Optional[Row]
    counts: Tuple[int, int, int, int, int, int]

    @property
    def faces(self) -> Tuple[int, ...]:
        """The dice of a ROLL or HOLD as sorted face values, e.g. ``(1, 1, 5)``."""
        return _faces(self.counts)


def _faces(counts: Sequence[int]) -> Tuple[int, ...]:
    return tuple(face for face, n in enumerate(counts, start=1) for _ in range(n))


def encode(kind: int, row: Optional[int] = None, counts: Optional[Sequence[int]] = None) -> int:
    """Builds an action, e.g. ``encode(Kind.HOLD, counts=(2, 0, 0, 0, 1, 0))`` or
    ``encode(Kind.SCORE, Row.FULL)``.

    Only the form is checked (``alea_dice_poker_encode``), not legality in a state.
    """
    raw = _lib.DicePokerAction()
    raw.kind = in_range(kind, _lib.INT32_MIN, _lib.INT32_MAX, "kind")
    raw.row = -1 if row is None else in_range(row, _lib.INT32_MIN, _lib.INT32_MAX, "row")
    if counts is not None:
        raw.counts = _counts(counts)
    out = ctypes.c_uint64()
    raise_for(call(_lib.alea_dice_poker_encode, ctypes.byref(out), ctypes.byref(raw)))
    return int(out.value)


def decode(action: int) -> Action:
    """Reads an action (``alea_dice_poker_decode``); :class:`~alea.InvalidArgument` if malformed."""
    raw = _lib.DicePokerAction()
    value = in_range(action, 0, _lib.UINT64_MAX, "action")
    raise_for(call(_lib.alea_dice_poker_decode, ctypes.byref(raw), value))
    return Action(
        Kind(raw.kind),
        Row(raw.row) if raw.row >= 0 else None,
        tuple(raw.counts),  # type: ignore[arg-type]
    )


def pack(counts: Sequence[int]) -> int:
    """Packs dice counts per face (ones first) into an action payload (3 bits a face)."""
    return int(_lib.alea_dice_poker_pack(_counts(counts)))


def combination_value(row: int, counts: Sequence[int], all_five: bool) -> int:
    """Points combination ``row`` scores with these five dice (0 if they do not form it).

    ``all_five``: the dice came from a throw of all five, which doubles the value (P-3.1).
    """
    value = ctypes.c_int32()
    status = call(
        _lib.alea_dice_poker_combination_value,
        ctypes.byref(value),
        in_range(row, _lib.INT32_MIN, _lib.INT32_MAX, "row"),
        _counts(counts),
        1 if all_five else 0,
    )
    raise_for(status)
    return int(value.value)


def new_state(players: int = 2, columns: int = 3) -> State:
    """The initial state from typed options (``alea_dice_poker_init``)."""
    opts = _lib.DicePokerOptions()  # the library's defaults, then the arguments
    raise_for(call(_lib.alea_dice_poker_options_init, ctypes.byref(opts), _lib.DP_OPTIONS_VERSION))
    opts.players = in_range(players, _lib.INT32_MIN, _lib.INT32_MAX, "players")
    opts.columns = in_range(columns, _lib.INT32_MIN, _lib.INT32_MAX, "columns")
    raw = _lib.State()
    err = _lib.Error()
    status = call(
        _lib.alea_dice_poker_init, ctypes.byref(raw), ctypes.byref(opts), ctypes.byref(err)
    )
    raise_for(status, err)
    return _wrap(raw)


class Bonus(NamedTuple):
    """A bonus (P-6): the seat that claimed it (None if unclaimed) and the points it gave."""

    owner: Optional[int]
    value: int


@dataclass(frozen=True)
class Card:
    """One player's card: ``marks[row][column]`` and ``values[row][column]`` (columns in use).

    A cell's value is its points when SCORED, else 0 (School cells count nothing
    themselves, P-5.2; what they did to the reserve shows in the state text and JSON).
    """

    marks: Tuple[Tuple[Mark, ...], ...]
    values: Tuple[Tuple[int, ...], ...]
    reserve: int  #: the reserve (P-1.6)
    record: Optional[Tuple[int, int]]  #: (row, column) holding the reserve record (P-4.5)
    score: int  #: total so far (P-7.2)

    def cell(self, row: int, column: int) -> Tuple[Mark, int]:
        """``(mark, value)`` of one cell."""
        return self.marks[row][column], self.values[row][column]


@dataclass(frozen=True)
class DicePokerView:
    """Everything about a dice-poker state (``alea_dice_poker_view``).

    ``dice`` and ``held`` are counts per face, ones first (see :attr:`faces`);
    ``bonuses`` has one :class:`Bonus` per School row (0-5), combination row
    (6-13) and column (:func:`column_bonus`); ``cards`` one :class:`Card` a seat.
    """

    players: int
    columns: int
    phase: Phase
    seat: Optional[int]  #: whose turn it is (also during a throw); None when over
    throws: int  #: throws made this turn, 0..3
    all_five: bool  #: the current dice came from a throw of all five (P-3.1)
    turns: int  #: turns completed in the game
    dice: Tuple[int, ...]
    held: Tuple[int, ...]
    bonuses: Tuple[Bonus, ...]
    cards: Tuple[Card, ...]

    @property
    def faces(self) -> Tuple[int, ...]:
        """The current dice as sorted face values, e.g. ``(1, 1, 3, 5, 6)``."""
        return _faces(self.dice)

    @property
    def held_faces(self) -> Tuple[int, ...]:
        """The dice kept for the re-throw as sorted face values."""
        return _faces(self.held)


def _card(raw: _lib.DicePokerCard, columns: int) -> Card:
    return Card(
        marks=tuple(tuple(Mark(raw.mark[r][c]) for c in range(columns)) for r in range(ROWS)),
        values=tuple(tuple(int(raw.value[r][c]) for c in range(columns)) for r in range(ROWS)),
        reserve=raw.reserve,
        record=(raw.record_row, raw.record_col) if raw.record_row >= 0 else None,
        score=raw.score,
    )


def view(state: State) -> DicePokerView:
    """The typed view of a dice-poker state (``alea_dice_poker_get_view``)."""
    if not isinstance(state, State):
        raise TypeError(f"state must be an alea.State, not {type(state).__name__}")
    if state.game_id != GAME_ID:
        raise Unsupported(reason=f"a {GAME_ID} view of a {state.game_id} state")
    raw = _lib.DicePokerView()
    raw.version = _lib.DP_VIEW_VERSION
    raise_for(call(_lib.alea_dice_poker_get_view, ctypes.byref(raw), state._ref))
    columns = max(0, min(raw.columns, MAX_COLUMNS))
    players = max(0, min(raw.players, _lib.MAX_PLAYERS))
    return DicePokerView(
        players=raw.players,
        columns=raw.columns,
        phase=Phase(raw.phase),
        seat=raw.seat if raw.seat >= 0 else None,
        throws=raw.throws,
        all_five=bool(raw.all_five),
        turns=raw.turns,
        dice=tuple(raw.dice),
        held=tuple(raw.held),
        bonuses=tuple(
            Bonus(raw.bonus_owner[i] if raw.bonus_owner[i] >= 0 else None, raw.bonus_value[i])
            for i in range(14 + columns)
        ),
        cards=tuple(_card(raw.card[p], columns) for p in range(players)),
    )


def register(registry: Registry) -> None:
    """Enter this game's typed view and action decoder in ``registry`` (called by :mod:`alea`)."""
    registry.register_view(GAME_ID, view)
    registry.register_decoder(GAME_ID, decode)
