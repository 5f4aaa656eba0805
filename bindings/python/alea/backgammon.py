"""Backgammon: typed options, actions, read access and GNU Backgammon IDs (``alea/backgammon.h``).

Rule numbers (§x.y) refer to the game's rules file.  Points are numbered from
each player's own side: 1..24, the bar is 25, borne off is 0.  An action is
``kind << 48 | payload``; :func:`encode` and :func:`decode` build and read
them, ``state.view()`` (or :func:`view`) gives the whole state as a
:class:`BackgammonView`, with the gnubg IDs in ``view.position_id`` and
``view.match_id`` (or :func:`position_id` / :func:`match_id` of a state), and
:func:`state_from_gnubg` (``game, position_id, match_id``) or :func:`from_gnubg`
builds a state from them.
"""

from __future__ import annotations

import ctypes
import enum
from dataclasses import dataclass
import os
from typing import List, NamedTuple, Optional, Sequence, Tuple, Union

from . import _lib
from ._registry import Registry
from ._util import call, in_range
from .errors import Unsupported, raise_for
from .state import Game, State, _wrap

__all__ = [
    "GAME_ID",
    "BAR",
    "OFF",
    "CENTRE",
    "MAX_ACTIONS",
    "Kind",
    "Phase",
    "End",
    "Action",
    "BackgammonView",
    "new_state",
    "encode",
    "decode",
    "move",
    "view",
    "position_id",
    "match_id",
    "decode_position_id",
    "from_gnubg",
    "state_from_gnubg",
    "MatchGame",
    "Match",
    "read_match",
    "write_match",
]

GAME_ID = "backgammon"
BAR = 25
OFF = 0
CENTRE = 2
MAX_ACTIONS = _lib.BG_MAX_ACTIONS


class Kind(enum.IntEnum):
    """Action kinds (bits 48 and up of an action)."""

    OPENING = 1  #: chance: White's and Red's opening die
    DICE = 2  #: chance: the two dice, larger first
    MOVE = 3  #: up to four from/to steps (none: a forfeited roll)
    ROLL = 4  #: roll without doubling
    DOUBLE = 5
    TAKE = 6
    DROP = 7
    BEAVER = 8
    RESIGN = 9  #: value 1 single, 2 gammon, 3 backgammon
    ACCEPT = 10
    REJECT = 11


class Phase(enum.IntEnum):
    """Phases of a backgammon state."""

    OPENING = 0  #: chance: the opening throw (§3)
    CUBE = 1  #: the player on roll rolls or doubles
    DICE = 2  #: chance: two dice
    MOVE = 3  #: the player on roll moves
    TAKE = 4  #: the opponent takes, drops or beavers
    BEAVERED = 5  #: the doubler takes or drops the beaver
    RESIGN = 6  #: the opponent accepts or rejects a resignation
    OVER = 7  #: the game, match or session is over


class End(enum.IntEnum):
    """How the last finished game ended."""

    NONE = 0
    BEAROFF = 1
    DROP = 2
    RESIGN = 3


class Action(NamedTuple):
    """A decoded action: ``kind``, ``value`` (RESIGN level), ``dice``, and MOVE ``steps``
    as ``((from, to), ...)`` in the player's own numbering."""

    kind: Kind
    value: int
    dice: Tuple[int, int]
    steps: Tuple[Tuple[int, int], ...]


def encode(
    kind: int,
    value: int = 0,
    dice: Sequence[int] = (0, 0),
    steps: Sequence[Tuple[int, int]] = (),
) -> int:
    """Builds an action, e.g. ``encode(Kind.MOVE, steps=[(24, 18), (13, 11)])``.

    Only the form is checked (``alea_backgammon_encode``), not legality in a state.
    """
    raw = _lib.BackgammonAction()
    raw.kind = in_range(kind, _lib.INT32_MIN, _lib.INT32_MAX, "kind")
    raw.value = in_range(value, _lib.INT32_MIN, _lib.INT32_MAX, "value")
    if len(dice) != 2:
        raise ValueError("dice must be two numbers")
    raw.dice[0] = in_range(dice[0], _lib.INT32_MIN, _lib.INT32_MAX, "dice[0]")
    raw.dice[1] = in_range(dice[1], _lib.INT32_MIN, _lib.INT32_MAX, "dice[1]")
    steps = list(steps)
    raw.steps = in_range(len(steps), 0, 4, "number of steps")
    for i, (frm, to) in enumerate(steps):
        raw.from_[i] = in_range(frm, _lib.INT32_MIN, _lib.INT32_MAX, "from")
        raw.to[i] = in_range(to, _lib.INT32_MIN, _lib.INT32_MAX, "to")
    out = ctypes.c_uint64()
    raise_for(call(_lib.alea_backgammon_encode, ctypes.byref(out), ctypes.byref(raw)))
    return int(out.value)


def move(*steps: Tuple[int, int]) -> int:
    """A MOVE action from ``(from, to)`` steps, e.g. ``move((24, 18), (13, 11))``."""
    return encode(Kind.MOVE, steps=steps)


def decode(action: int) -> Action:
    """Reads an action (``alea_backgammon_decode``); :class:`~alea.InvalidArgument` if malformed."""
    raw = _lib.BackgammonAction()
    value = in_range(action, 0, _lib.UINT64_MAX, "action")
    raise_for(call(_lib.alea_backgammon_decode, ctypes.byref(raw), value))
    return Action(
        Kind(raw.kind),
        raw.value,
        (raw.dice[0], raw.dice[1]),
        tuple((raw.from_[i], raw.to[i]) for i in range(raw.steps)),
    )


def new_state(
    match: int = 0,
    money: bool = False,
    games: int = 1,
    cube: Optional[bool] = None,
    crawford: bool = True,
    jacoby: bool = False,
    beavers: bool = False,
    auto_doubles: int = 0,
    max_cube: int = 0,
    opening: str = "seeds",
    resign: bool = False,
    dead_cube: str = "refuse",
) -> State:
    """The initial state from typed options (``alea_backgammon_init``); ``cube=None`` is
    automatic (on in a match or money play); ``max_cube=0`` is gnubg's limit (64 in a
    match, 4096 in money play); ``dead_cube="allow"`` allows a double when the cube is
    dead in a match (§7.3)."""
    opts = _lib.BackgammonOptions()  # the library's defaults, then the arguments
    raise_for(call(_lib.alea_backgammon_options_init, ctypes.byref(opts), _lib.BG_OPTIONS_VERSION))
    opts.match = in_range(match, _lib.INT32_MIN, _lib.INT32_MAX, "match")
    opts.money = 1 if money else 0
    opts.games = in_range(games, _lib.INT32_MIN, _lib.INT32_MAX, "games")
    opts.cube = -1 if cube is None else (1 if cube else 0)
    opts.crawford = 1 if crawford else 0
    opts.jacoby = 1 if jacoby else 0
    opts.beavers = 1 if beavers else 0
    opts.auto_doubles = in_range(auto_doubles, _lib.INT32_MIN, _lib.INT32_MAX, "auto_doubles")
    opts.max_cube = in_range(max_cube, _lib.INT32_MIN, _lib.INT32_MAX, "max_cube")
    if opening not in ("seeds", "standard"):
        raise ValueError("opening must be 'seeds' or 'standard'")
    opts.opening = 1 if opening == "standard" else 0
    opts.resign = 1 if resign else 0
    if dead_cube not in ("refuse", "allow"):
        raise ValueError("dead_cube must be 'refuse' or 'allow'")
    opts.dead_cube = 1 if dead_cube == "allow" else 0
    raw = _lib.State()
    err = _lib.Error()
    raise_for(
        call(_lib.alea_backgammon_init, ctypes.byref(raw), ctypes.byref(opts), ctypes.byref(err)),
        err,
    )
    return _wrap(raw)


@dataclass(frozen=True)
class BackgammonView:
    """Everything about a backgammon state (``alea_backgammon_view``).

    ``points[p][i]``: checkers of player p on his own point i (1..24), the bar
    at 25, borne off at 0.
    """

    phase: Phase
    turn: int  #: player on roll
    to_act: Optional[int]  #: player who must act now; None at chance nodes and at the end
    points: Tuple[Tuple[int, ...], Tuple[int, ...]]
    dice: Tuple[int, int]  #: larger first; (0, 0) = not rolled
    pips: Tuple[int, int]
    cube_value: int
    cube_owner: Optional[int]  #: None = centred
    double_offered: bool
    resign_offered: int
    match_length: int
    money: bool
    cube_enabled: bool
    score: Tuple[int, int]
    crawford: bool
    post_crawford: bool
    games_played: int
    last_winner: Optional[int]
    last_value: int
    last_how: End
    position_id: str  #: the GNU Backgammon Position ID (§8)
    match_id: str  #: the GNU Backgammon Match ID (§9)

    def bar(self, player: int) -> int:
        """Checkers of ``player`` on the bar."""
        return self.points[player][BAR]

    def off(self, player: int) -> int:
        """Checkers ``player`` has borne off."""
        return self.points[player][OFF]


def _check(state: State) -> None:
    if not isinstance(state, State):
        raise TypeError(f"state must be an alea.State, not {type(state).__name__}")
    if state.game_id != GAME_ID:
        raise Unsupported(reason=f"a {GAME_ID} feature asked of a {state.game_id} state")


def view(state: State) -> BackgammonView:
    """The typed view of a backgammon state (``alea_backgammon_get_view``)."""
    _check(state)
    raw = _lib.BackgammonView()
    raw.version = _lib.BG_VIEW_VERSION
    raise_for(call(_lib.alea_backgammon_get_view, ctypes.byref(raw), state._ref))
    return BackgammonView(
        phase=Phase(raw.phase),
        turn=raw.turn,
        to_act=raw.to_act if raw.to_act >= 0 else None,
        points=(tuple(raw.points[0]), tuple(raw.points[1])),
        dice=(raw.dice[0], raw.dice[1]),
        pips=(raw.pips[0], raw.pips[1]),
        cube_value=raw.cube_value,
        cube_owner=raw.cube_owner if raw.cube_owner != CENTRE else None,
        double_offered=bool(raw.double_offered),
        resign_offered=raw.resign_offered,
        match_length=raw.match_length,
        money=bool(raw.money),
        cube_enabled=bool(raw.cube_enabled),
        score=(raw.score[0], raw.score[1]),
        crawford=bool(raw.crawford),
        post_crawford=bool(raw.post_crawford),
        games_played=raw.games_played,
        last_winner=raw.last_winner if raw.last_winner >= 0 else None,
        last_value=raw.last_value,
        last_how=End(raw.last_how),
        position_id=position_id(state),
        match_id=match_id(state),
    )


def position_id(state: State) -> str:
    """The GNU Backgammon Position ID (§8)."""
    _check(state)
    buf = ctypes.create_string_buffer(15)
    raise_for(call(_lib.alea_backgammon_position_id, buf, len(buf), None, state._ref))
    return buf.value.decode("ascii")


def match_id(state: State) -> str:
    """The GNU Backgammon Match ID (§9)."""
    _check(state)
    buf = ctypes.create_string_buffer(13)
    raise_for(call(_lib.alea_backgammon_match_id, buf, len(buf), None, state._ref))
    return buf.value.decode("ascii")


def decode_position_id(pid: str) -> Tuple[Tuple[int, ...], Tuple[int, ...]]:
    """``(not_on_roll, on_roll)`` checker counts of a Position ID, own numbering (0 off, 25 bar)."""
    first = (ctypes.c_int32 * 26)()
    second = (ctypes.c_int32 * 26)()
    err = _lib.Error()
    data = str(pid).encode("utf-8")
    raise_for(
        call(
            _lib.alea_backgammon_decode_position_id_n,
            first,
            second,
            data,
            len(data),
            ctypes.byref(err),
        ),
        err,
    )
    return tuple(first), tuple(second)


def from_gnubg(pid: str, mid: str, spec: Optional[str] = None) -> State:
    """A state from a Position ID and a Match ID (``alea_backgammon_from_gnubg``); ``spec``
    gives the options the IDs do not hold."""
    raw = _lib.State()
    err = _lib.Error()
    spec_data = None if spec is None else spec.encode("utf-8")
    pid_data = str(pid).encode("utf-8")
    mid_data = str(mid).encode("utf-8")
    raise_for(
        call(
            _lib.alea_backgammon_from_gnubg_n,
            ctypes.byref(raw),
            spec_data,
            0 if spec_data is None else len(spec_data),
            pid_data,
            len(pid_data),
            mid_data,
            len(mid_data),
            ctypes.byref(err),
        ),
        err,
    )
    return _wrap(raw)


def state_from_gnubg(game: Union[Game, str], position_id: str, match_id: str) -> State:
    """A state from a Position ID and a Match ID, with the options of ``game`` (a
    backgammon :class:`~alea.Game` or spec) for what the IDs do not hold.

    Raises :class:`~alea.Unsupported` when ``game`` is not backgammon.
    """
    if not isinstance(game, Game):
        game = Game(game)
    if game.id != GAME_ID:
        raise Unsupported(reason=f"gnubg IDs are backgammon's, not {game.id}'s")
    return from_gnubg(position_id, match_id, game.spec)


# -- match files (.mat, .sgf) -------------------------------------------------------


@dataclass
class MatchGame:
    """One game of a match file: its actions (chance included), the state after each,
    where each came from, and how the game ended."""

    number: int  #: 1-based
    start_score: Tuple[int, int]
    actions: List[int]
    states: List[State]  #: the state after each action
    lines: List[int]  #: the file's line of each action
    moves: List[int]  #: the file's move number of each action
    winner: Optional[int] = None  #: None if the file stops in this game
    points: int = 0
    how: Optional["End"] = None


@dataclass
class Match:
    """A match file read by :func:`read_match` (or the input of :func:`write_match`)."""

    spec: str  #: the spec the games are replayed with
    format: str  #: ``"mat"`` or ``"sgf"``
    match_length: int  #: 0 for money play
    names: Tuple[str, str]
    games: List[MatchGame]
    score: Tuple[int, int]  #: after the games
    complete: bool  #: the last game is finished

    @property
    def actions(self) -> List[int]:
        """Every action of every game, in order (an alea record of the whole match)."""
        return [a for g in self.games for a in g.actions]

    @property
    def final_state(self) -> Optional[State]:
        """The state after the last action (None for a file without actions)."""
        return self.games[-1].states[-1] if self.games and self.games[-1].states else None


_FORMATS = {"auto": _lib.BG_FORMAT_AUTO, "mat": _lib.BG_FORMAT_MAT, "sgf": _lib.BG_FORMAT_SGF}


def read_match(path_or_text: Union[str, "os.PathLike[str]"], format: str = "auto") -> Match:
    """Reads a Jellyfish ``.mat`` or GNU Backgammon ``.sgf`` match file (a path or the text
    itself) and replays every game through the rules (``alea_backgammon_read_match_n``).

    Raises the library's exception (e.g. :class:`~alea.IllegalAction`,
    :class:`~alea.ParseError`) for the first bad entry, its message
    ``"game G move M (line L): reason"``; the exception's ``line`` is L.
    """
    text = str(path_or_text)
    if format not in _FORMATS:
        raise ValueError("format must be 'auto', 'mat' or 'sgf'")
    if isinstance(path_or_text, os.PathLike) or ("\n" not in text and os.path.exists(text)):
        with open(text, "rb") as f:
            data = f.read()
        if format == "auto" and text.lower().endswith((".mat", ".sgf")):
            format = text.lower()[-3:]
    else:
        data = text.encode("utf-8")
    games: List[MatchGame] = []
    failure: List[BaseException] = []

    def on_entry(_ctx: object, entry_p: "ctypes._Pointer[_lib.BackgammonMatchEntry]") -> int:
        try:
            e = entry_p.contents
            if not games or games[-1].number != e.game:
                games.append(MatchGame(e.game, (0, 0), [], [], [], []))
                before = _lib.State()
                ctypes.memmove(ctypes.addressof(before), e.before, ctypes.sizeof(before))
                v = view(_wrap(before))
                games[-1].start_score = (v.score[0], v.score[1])
            after = _lib.State()
            ctypes.memmove(ctypes.addressof(after), e.after, ctypes.sizeof(after))
            g = games[-1]
            g.actions.append(int(e.action))
            g.states.append(_wrap(after))
            g.lines.append(int(e.line))
            g.moves.append(int(e.move))
            return _lib.OK
        except BaseException as exc:  # pragma: no cover - re-raised below
            failure.append(exc)
            return _lib.INVALID_ARGUMENT

    info = _lib.BackgammonMatchInfo()
    info.version = _lib.BG_MATCH_INFO_VERSION
    err = _lib.Error()
    callback = _lib.BG_MATCH_FN(on_entry)
    status = call(
        _lib.alea_backgammon_read_match_n, ctypes.byref(info), data, len(data), _FORMATS[format],
        callback, None, ctypes.byref(err),
    )
    if failure:
        raise failure[0]
    raise_for(status, err)
    for g in games:
        last = view(g.states[-1]) if g.states else None
        first = view(g.states[0]) if g.states else None
        if last is not None and first is not None and (
            last.games_played > first.games_played or last.phase == Phase.OVER
        ):
            g.winner = last.last_winner
            g.points = last.last_value
            g.how = End(last.last_how)
    return Match(
        spec=info.spec.decode("utf-8"),
        format="sgf" if info.format == _lib.BG_FORMAT_SGF else "mat",
        match_length=int(info.match_length),
        names=(info.names[0].value.decode("utf-8", "replace"),
               info.names[1].value.decode("utf-8", "replace")),
        games=games,
        score=(int(info.score[0]), int(info.score[1])),
        complete=bool(info.complete),
    )


def write_match(match: Union[Match, Tuple[str, Sequence[int]]], format: str,
                names: Optional[Tuple[str, str]] = None) -> str:
    """A match as ``.mat`` or ``.sgf`` text (``alea_backgammon_write_match``): a
    :class:`Match`, or ``(spec, actions)`` of any backgammon game from its initial state."""
    if format not in ("mat", "sgf"):
        raise ValueError("format must be 'mat' or 'sgf'")
    if isinstance(match, Match):
        spec, actions = match.spec, match.actions
        names = names or match.names
    else:
        spec, actions = match[0], list(match[1])
    arr = (ctypes.c_uint64 * max(1, len(actions)))(*actions)
    name_arr = None
    if names is not None:
        name_arr = (ctypes.c_char_p * 2)(names[0].encode("utf-8"), names[1].encode("utf-8"))
    capacity = 4096 + 64 * len(actions)
    for _ in range(3):
        buf = ctypes.create_string_buffer(capacity)
        length = ctypes.c_size_t()
        err = _lib.Error()
        status = call(
            _lib.alea_backgammon_write_match, buf, capacity, ctypes.byref(length),
            _FORMATS[format], spec.encode("utf-8"), arr, len(actions), name_arr,
            ctypes.byref(err),
        )
        if status == _lib.BUFFER_TOO_SMALL:
            capacity = length.value + 1
            continue
        raise_for(status, err)
        return buf.raw[: length.value].decode("utf-8")
    raise_for(status, err)
    return ""


def register(registry: Registry) -> None:
    """Enter this game's typed view and action decoder in ``registry`` (called by :mod:`alea`)."""
    registry.register_view(GAME_ID, view)
    registry.register_decoder(GAME_ID, decode)
