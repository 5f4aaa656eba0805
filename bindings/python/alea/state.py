"""Games and states: :class:`Game`, :class:`State`, :class:`Result`, replay and text forms."""

from __future__ import annotations

import ctypes
import importlib
import importlib.machinery
import importlib.util
import inspect
import json
import os
import operator
import threading
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import (
    TYPE_CHECKING,
    Any,
    Dict,
    Iterator,
    List,
    NamedTuple,
    Optional,
    Tuple,
    Union,
)

from . import _lib
from ._util import TextLike, c_int_value, call, in_range, integer, read_text, text_bytes, u64
from .errors import AleaError, InvalidArgument, Unsupported, error_for, raise_for
from ._registry import REGISTRY
from .info import GameInfo, OptionKind, OptionValue, info_of
from .rng import Rng

__all__ = [
    "CHANCE",
    "TERMINAL",
    "OBSERVER_PUBLIC",
    "Game",
    "State",
    "Action",
    "ActionLike",
    "Result",
    "ChanceOutcome",
    "make_spec",
    "state_from_text",
    "replay",
]

#: :attr:`State.current_player` when dice (or another chance event) must be thrown.
CHANCE: int = _lib.PLAYER_CHANCE
#: :attr:`State.current_player` when the game is over.
TERMINAL: int = _lib.PLAYER_TERMINAL
#: The observer of :meth:`State.observation` who is no seat: a spectator, who
#: sees only what every seat sees.
OBSERVER_PUBLIC: int = _lib.OBSERVER_PUBLIC

#: What :meth:`State.apply` and friends take: an action number or its notation.
ActionLike = Union[int, TextLike]


class Action(int):
    """A legal action or chance outcome: an ``int`` that knows its notation.

    :meth:`State.legal_actions` and :meth:`State.chance_outcomes` return these.
    An ``Action`` *is* the action number (it compares, hashes and applies as
    that int), and adds :attr:`text`, the game's notation for it in the state it
    was listed from (``str(action)`` is that text too), and :attr:`decoded`, the
    game module's typed reading of it (e.g. :class:`alea.dice_poker.Action`).

    >>> state = alea.State("dice-poker")
    >>> state.legal_actions()[0]
    alea.Action(16777221, 'roll 1,1,1,1,1')
    """

    # Class-level defaults: an instance stores at most these two attributes, and the
    # context (the state snapshot and game id) is one tuple shared by a whole list.
    _ctx: Tuple[Optional["State"], str] = (None, "")
    _text: Optional[str] = None

    def __new__(
        cls,
        value: int,
        state: Optional["State"] = None,
        *,
        text: Optional[str] = None,
        game_id: str = "",
    ) -> "Action":
        """``value`` in ``state`` (kept to write the text lazily) or with a known ``text``."""
        self = super().__new__(cls, u64(value))
        self._ctx = (state, game_id or (state.game_id if state is not None else ""))
        if text is not None:
            self._text = text
        return self

    @classmethod
    def _many(cls, numbers: List[int], state: "State", game_id: str) -> List["Action"]:
        """Actions of ``numbers`` listed in ``state`` (a private snapshot), without checks."""
        ctx = (state, game_id)
        make = int.__new__
        actions: List[Action] = []
        for n in numbers:
            action = make(cls, n)
            action._ctx = ctx
            actions.append(action)
        return actions

    @property
    def text(self) -> str:
        """The action in the game's notation, e.g. ``"write full"`` or ``"13/7 8/7"``."""
        if self._text is None:
            state = self._ctx[0]
            if state is None:
                return str(int(self))
            self._text = state.action_to_str(int(self))
        return self._text

    @property
    def game_id(self) -> str:
        """The id of the game this action belongs to ("" if unknown)."""
        return self._ctx[1]

    @property
    def decoded(self) -> Any:
        """The game module's typed reading of the action (``alea.<game>.decode``)."""
        decoder = REGISTRY.decoder(self._ctx[1])
        if decoder is None:
            raise Unsupported(reason=f"no action decoder for the game {self._ctx[1]!r}")
        return decoder(int(self))

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"alea.Action({int(self)}, {self.text!r})"

    def __reduce__(self) -> Tuple[Any, ...]:
        return (_restore_action, (int(self), self.text, self.game_id))


def _restore_action(value: int, text: str, game_id: str) -> Action:
    """Unpickles an :class:`Action`."""
    return Action(value, text=text, game_id=game_id)


def _option_word(key: str, value: Any) -> str:
    if isinstance(value, bool):
        text = "on" if value else "off"
    elif isinstance(value, str):
        text = value
    elif isinstance(value, bytes):
        text = value.decode("utf-8")
    else:
        try:
            text = str(integer(value, f"option {key}"))
        except TypeError:
            raise TypeError(
                f"option {key} must be an int, a bool or a str, not {type(value).__name__}"
            ) from None
    for what, word in (("name", key), ("value", text)):
        if not word or "=" in word or "\0" in word or any(c.isspace() for c in word):
            raise InvalidArgument(reason=f"option {what} {word!r} is empty or has a space or '='")
    return f"{key}={text}"


def make_spec(spec: TextLike, **options: OptionValue) -> str:
    """The spec text for a game id (or a spec) plus keyword options.

    ``make_spec("dice-poker", players=2)`` is ``"dice-poker players=2"``; booleans
    are written ``on``/``off``.  The library validates the result.
    """
    text = text_bytes(spec, "spec").decode("utf-8").strip()
    words = [text] + [_option_word(k, v) for k, v in options.items()]
    return " ".join(w for w in words if w)


class ChanceOutcome(NamedTuple):
    """One chance outcome: the action to apply and its exact probability.

    A pair, so ``for outcome, p in state.chance_outcomes():`` unpacks it.
    """

    action: Action
    probability: Fraction

    @property
    def prob(self) -> float:
        """The probability as a float (``num / den``, correctly rounded)."""
        return float(self.probability)


@dataclass(frozen=True)
class Result:
    """Scores and outcome of a game, final or so far (``alea_result``).

    ``winner`` is the seat that alone ranks first in a finished game, else None;
    ``ranks`` are 1 for first, tied seats sharing a rank; ``returns`` are the
    utilities in [-1, 1] that bots maximise.
    """

    terminal: bool
    players: int
    winner: Optional[int]
    draw: bool
    ranks: Tuple[int, ...]
    scores: Tuple[int, ...]
    returns: Tuple[float, ...]


# ---------------------------------------------------------------------------
# The hot path (legal actions, apply, roll, whose turn) calls second handles of
# these C functions that have no ctypes argtypes (_lib.unchecked): ctypes'
# per-call argument conversion costs more than the call itself.  The arguments
# are therefore built here, of exactly the C types: byref() of the state and of
# the per-thread result buffers (allocated once per thread, so that threads
# never share one), c_uint64 actions checked to be in range first, None for
# NULL.  The checked paths stay below.
#
# Each crossing into C costs a few hundred ns, as much as a whole step of a game
# in C, so a State also remembers what it has read (the player to act, the legal
# list) until it changes, and once its legal list has been asked for, apply()
# and roll() use alea_state_apply_and_list() / alea_state_roll_and_list(): the
# loop "list, pick, apply" then crosses once per step instead of three times.

_byref = ctypes.byref
_c_uint64 = ctypes.c_uint64
_c_current_player: Any = _lib.unchecked("alea_state_current_player")
_c_legal_actions: Any = _lib.unchecked("alea_state_legal_actions")
_c_apply: Any = _lib.unchecked("alea_state_apply")
_c_roll: Any = _lib.unchecked("alea_state_roll")
_c_apply_and_list: Any = _lib.unchecked("alea_state_apply_and_list")
_c_roll_and_list: Any = _lib.unchecked("alea_state_roll_and_list")
# Publishes a state computed on a private copy, holding the GIL (issue 24 item 5).
_c_copy_holding_gil: Any = _lib.unchecked("alea_state_copy")
_U64_MAX = _lib.UINT64_MAX
_MAX_ACTIONS = _lib.MAX_ACTIONS
_CAPACITY = ctypes.c_size_t(_MAX_ACTIONS)


class _Prefixes(Dict[int, memoryview]):
    """``prefixes[n]`` is ``view[:n]``, made on first use: slicing a memoryview
    costs more than looking one up."""

    def __init__(self, view: memoryview) -> None:
        super().__init__()
        self.view = view

    def __missing__(self, n: int) -> memoryview:
        prefix = self[n] = self.view[:n]
        return prefix


def _legal_buffers() -> Tuple[Any, Any, Any, memoryview, List[int]]:
    """alea_state_legal_actions()'s: the action buffer's pointer, the count's
    pointer, the count, a memoryview of the buffer (whose tolist() makes ints
    faster than slicing the ctypes array) and the in-use flag (see _Scratch)."""
    actions = (ctypes.c_uint64 * _MAX_ACTIONS)()
    count = ctypes.c_size_t()
    view = memoryview(actions).cast("B").cast("Q")
    return (ctypes.byref(actions), ctypes.byref(count), count, view, [0])


def _step_buffers() -> Tuple[Any, Any, _Prefixes, ctypes.c_uint64, List[int]]:
    """apply_and_list / roll_and_list's: the alea_step's pointer, the alea_step,
    memoryviews of the first n actions of its list by n (made once), the action
    passed (setting .value costs less than a new c_uint64) and the in-use flag."""
    step = _lib.Step()
    prefixes = _Prefixes(memoryview(step.actions).cast("B").cast("Q"))
    return (ctypes.byref(step), step, prefixes, ctypes.c_uint64(), [0])


class _Scratch(threading.local):
    """Per-thread result buffers of the hot path, each one tuple (a thread-local
    attribute costs as much as a call argument).

    A buffer is flagged in use from the call into C until its list has been
    read: making the list may run the cyclic collector, whose finalizers may
    call in again on this thread, and such a call takes buffers of its own.
    The hot methods do this inline: a shared helper costs 5 % of a step.
    """

    def __init__(self) -> None:
        self.legal = _legal_buffers()
        outcome = ctypes.c_uint64()
        self.outcome = (outcome, ctypes.byref(outcome))
        self.step = _step_buffers()


_scratch = _Scratch()

_np: Any
try:  # numpy is optional: legal_array() returns a list without it
    import numpy as _np
except ImportError:  # pragma: no cover - exercised where numpy is absent
    _np = None


def _new_raw() -> _lib.State:
    return _lib.State()


_copy_bytes = _lib.State.from_buffer_copy


def _wrap(raw: _lib.State) -> "State":
    state = State.__new__(State)
    state._st = raw
    return state


def _init(spec: bytes) -> _lib.State:
    raw = _new_raw()
    err = _lib.Error()
    status = call(_lib.alea_state_init_n, ctypes.byref(raw), spec, len(spec), ctypes.byref(err))
    raise_for(status, err)
    return raw


def _copy_raw(src: _lib.State) -> _lib.State:
    dst = _new_raw()
    raise_for(call(_lib.alea_state_copy, ctypes.byref(dst), ctypes.byref(src)))
    return dst


class Game:
    """A game with its options, e.g. ``Game("dice-poker", players=3)``.

    ``spec`` is a game id or a whole spec (``"dice-poker players=3"``); keyword
    options are appended to it (bools as ``on``/``off``).  The spec is checked
    by the library at once: an unknown game raises :class:`~alea.GameNotFound`,
    a bad key or value :class:`~alea.BadOption`, a malformed spec
    :class:`~alea.ParseError`.  Games compare equal when their canonical specs
    are equal.
    """

    __slots__ = ("_template", "_spec")

    def __init__(self, spec: TextLike, /, **options: OptionValue) -> None:
        self._template = _init(make_spec(spec, **options).encode("utf-8"))
        self._spec = read_text(
            _lib.alea_state_spec, ctypes.byref(self._template), initial=_lib.SPEC_MAX
        )

    @classmethod
    def _of(cls, raw: _lib.State) -> "Game":
        game = cls.__new__(cls)
        spec = read_text(_lib.alea_state_spec, ctypes.byref(raw), initial=_lib.SPEC_MAX)
        game._template = _init(spec.encode("utf-8"))
        game._spec = spec
        return game

    @property
    def spec(self) -> str:
        """The canonical spec: the id and every option with its value."""
        return self._spec

    @property
    def id(self) -> str:
        """The game id, e.g. ``"dice-poker"``."""
        return self.info.id

    @property
    def info(self) -> GameInfo:
        """The game's :class:`~alea.GameInfo` (title, players, bounds, options)."""
        return info_of(_lib.alea_state_game(ctypes.byref(self._template)))

    @property
    def num_players(self) -> int:
        """Number of seats with these options."""
        return int(_lib.alea_state_num_players(ctypes.byref(self._template)))

    @property
    def options(self) -> Dict[str, OptionValue]:
        """``{name: value}`` of every option, read from the canonical spec."""
        kinds = {opt.name: opt for opt in self.info.options}
        values: Dict[str, OptionValue] = {}
        for word in self._spec.split()[1:]:
            key, _, text = word.partition("=")
            opt = kinds.get(key)
            value: OptionValue = text
            if opt is not None and opt.kind == OptionKind.INT:
                try:
                    value = int(text)
                except ValueError:
                    pass
            elif opt is not None and opt.kind == OptionKind.BOOL:
                value = text.lower() in ("on", "yes", "true", "1")
            values[key] = value
        return values

    def new_state(self) -> "State":
        """The initial state of this game."""
        return _wrap(_copy_raw(self._template))

    def state_from_text(self, text: TextLike) -> "State":
        """Reads a one-line state text (:meth:`State.to_text`) of this very game and options."""
        state = state_from_text(text)
        if state.spec != self._spec:
            raise InvalidArgument(
                reason=f"the text is a state of {state.spec!r}, not {self._spec!r}"
            )
        return state

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return self._spec == other._spec

    def __hash__(self) -> int:
        return hash(self._spec)

    def __reduce__(self) -> Tuple[Any, ...]:
        return (Game, (self._spec,))

    def __repr__(self) -> str:
        return f"alea.Game({self._spec!r})"


def _fetch_legal(state: "_StateCore") -> memoryview:
    """The legal list of a state in the thread's buffer, valid until the next call
    into C: read it without making Python objects (the collector's finalizers may
    call in), or use _legal_list()."""
    actions_ref, count_ref, count, view, _ = _scratch.legal
    status = _c_legal_actions(actions_ref, _CAPACITY, count_ref, state._p)
    if status:
        raise_for(status)
    state._eager = True
    return view[: count.value]


def _legal_list(state: "_StateCore") -> List[int]:
    """The legal list of a state as a new list of ints."""
    buffers = _scratch.legal
    if buffers[4][0]:  # a finalizer calls in while this thread reads the buffer
        buffers = _legal_buffers()
    actions_ref, count_ref, count, view, busy = buffers
    busy[0] = 1
    try:
        status = _c_legal_actions(actions_ref, _CAPACITY, count_ref, state._p)
        if status:
            raise_for(status)
        state._eager = True
        legal: List[int] = view[: count.value].tolist()
        return legal
    finally:
        busy[0] = 0


class _StateCore:
    """The hot methods of :class:`State` (apply an int, roll, the legal numbers) in
    Python over ctypes.  The compiled ``alea._speedups`` makes a base class with the
    same slots and methods (the docstrings here are theirs), which State then
    derives from instead; see :func:`alea.speedups_path`.
    """

    # _raw: the C struct; _p: a pointer to it made once, what the hot path passes.
    # What is known of it, kept current by every change (apply(), roll(), _st):
    # _who, the player to act (alea_state_current_player()); _legal, the legal
    # list fetched by apply() or roll() and not yet handed out by legal_numbers()
    # (None: none); _eager: the legal list was asked for, so apply() and roll()
    # fetch the next one in the same call; _gid, the game id (None: not read);
    # _changes, bumped by every change, so that a step whose list building ran a
    # finalizer that stepped this very state keeps no list of a state gone by.
    __slots__ = ("_raw", "_p", "_who", "_legal", "_eager", "_gid", "_changes")
    _raw: _lib.State
    _p: Any
    _who: int
    _legal: Optional[List[int]]
    _eager: bool
    _gid: Optional[str]
    _changes: int

    if TYPE_CHECKING:

        @property
        def current_player(self) -> int:
            """The seat to act (0-based), or :data:`~alea.CHANCE`, or :data:`~alea.TERMINAL`."""

    else:
        # A property whose getter is C (attrgetter) costs less than a Python one,
        # and a loop reads it every step; _who is kept current by every change.
        current_player = property(
            operator.attrgetter("_who"),
            doc="The seat to act (0-based), or :data:`~alea.CHANCE`, or :data:`~alea.TERMINAL`.",
        )

    def _apply_checked(self, action: ActionLike, seat: Optional[int] = None) -> None:
        raise NotImplementedError  # State's

    def legal_numbers(self) -> List[int]:
        """The legal actions as plain ints, ascending: the fast form for loops.

        The same numbers as :meth:`legal_actions`, without an :class:`Action`
        object per action (one C call and one list); chance outcomes at a chance
        node, empty once the game is over.  Each call returns a new list, the
        caller's own.  Once a state has been asked for its list, :meth:`apply` and
        :meth:`roll` fetch the next one in the same call into C, and the next
        call here returns it.
        """
        legal: Optional[List[int]] = self._legal
        if legal is None:
            return _legal_list(self)
        self._legal = None  # handed over: the caller may change it
        return legal

    def apply(self, action: ActionLike, seat: Optional[int] = None) -> None:
        """Validates, then applies an action: an int, or text such as ``"hold 1,1,5"``.

        Raises :class:`~alea.IllegalActionError`, :class:`~alea.WrongPhaseError`,
        :class:`~alea.ParseError` or :class:`~alea.InvalidArgument`; the state is
        then unchanged.  At a chance node the actions are the chance outcomes.

        ``seat`` says who sent the action, for a referee (``alea_state_apply_as``):
        a seat index, or :data:`~alea.CHANCE` for the host's own dice.  Only the one
        who must act now may act; anyone else gets :class:`~alea.WrongPlayer` (the
        seat is checked before the text is parsed).  A seat that is no seat of the
        game is :class:`~alea.InvalidArgument`.
        """
        if (
            seat is None
            and (type(action) is int or isinstance(action, int) and type(action) is not bool)
            and 0 <= action <= _U64_MAX
        ):
            # Fast path (no sender to check): no reason buffer; a refusal leaves the
            # state unchanged, so the checked call below reproduces it with its reason.
            if self._eager:
                buffers = _scratch.step
                if buffers[4][0]:  # a finalizer calls in while this thread reads it
                    buffers = _step_buffers()
                step_ref, step, prefixes, arg, busy = buffers
                busy[0] = 1
                try:
                    arg.value = action
                    if _c_apply_and_list(step_ref, self._p, arg, None) == 0:
                        # Who acts, and the list fetched with the step (none at a
                        # chance node: read there when asked for).  Making the list
                        # may run the cyclic collector, whose finalizer may step this
                        # very state (issue 24 item 5): its own step then said who
                        # acts and what is listed, and this list is of a state gone by.
                        who = self._who = step.player
                        self._legal = None  # the list before the step is no one's any more
                        mine = self._changes = self._changes + 1
                        if who != CHANCE:
                            listed = prefixes[step.count].tolist()
                            if self._changes == mine:
                                self._legal = listed
                        return
                finally:
                    busy[0] = 0
            elif _c_apply(self._p, _c_uint64(action), None) == 0:
                self._who = _c_current_player(self._p)
                self._legal = None
                self._changes += 1
                return
        self._apply_checked(action, seat)

    def roll(self, rng: Rng) -> int:
        """Throws the dice with ``rng`` (exact probabilities), applies and returns the outcome."""
        if type(rng) is not Rng and not isinstance(rng, Rng):
            raise TypeError(f"rng must be an alea.Rng, not {type(rng).__name__}")
        if self._eager:
            buffers = _scratch.step
            if buffers[4][0]:  # a finalizer calls in while this thread reads it
                buffers = _step_buffers()
            step_ref, step, prefixes, _, busy = buffers
            busy[0] = 1
            try:
                status = _c_roll_and_list(step_ref, self._p, rng._p, None)
                if status:
                    raise_for(status)
                rolled: int = step.outcome
                who = self._who = step.player
                self._legal = None  # as in apply()
                mine = self._changes = self._changes + 1
                if who != CHANCE:
                    listed = prefixes[step.count].tolist()
                    if self._changes == mine:
                        self._legal = listed
                return rolled
            finally:
                busy[0] = 0
        outcome, outcome_ref = _scratch.outcome
        status = _c_roll(outcome_ref, self._p, _byref(rng._rng))
        if status:
            raise_for(status)
        self._who = _c_current_player(self._p)
        self._legal = None
        self._changes += 1
        value: int = outcome.value
        return value


def _speedups_in_build_tree() -> Optional[str]:
    """``alea._speedups`` for this Python in the Meson build tree whose libalea
    was loaded (``<build>/lib/libalea.so`` -> ``<build>/bindings/python/``), if any."""
    built = Path(_lib.path).resolve().parent.parent / "bindings" / "python"
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        candidate = built / ("_speedups" + suffix)
        if candidate.is_file():
            return str(candidate)
    return None


def _c_docstring(name: str) -> str:
    """The docstring of a _StateCore method for its C twin, led by the signature
    line that gives the C method one for help() and inspect."""
    method = getattr(_StateCore, name)
    signature = inspect.signature(method)
    bare = signature.replace(
        parameters=[p.replace(annotation=p.empty) for p in signature.parameters.values()],
        return_annotation=signature.empty,
    )
    return f"{name}{str(bare).replace('(self', '($self', 1)}\n--\n\n{method.__doc__}"


def _compiled_core() -> Optional[type]:
    """The base class made by the compiled ``alea._speedups``, or None.

    Looked for as ``$ALEA_SPEEDUPS`` (a path; ``0`` keeps the ctypes methods),
    then inside the package (a wheel built where Python's headers are), then in
    the Meson build tree of the loaded libalea.  A module that ``$ALEA_SPEEDUPS``
    names must load; elsewhere, one that does not is passed over.
    """
    global _speedups_file
    where = os.environ.get("ALEA_SPEEDUPS", "")
    if where.lower() in ("0", "off", "no", "false"):
        return None
    module: Any = None
    path: Optional[str] = where
    if not path:
        try:
            module = importlib.import_module("._speedups", __package__)
        except ImportError:
            path = _speedups_in_build_tree()
    if path:
        try:
            spec = importlib.util.spec_from_file_location("alea._speedups", path)
            if spec is None or spec.loader is None:
                raise ImportError(f"{path}: not a Python extension module")
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
        except ImportError:
            if where:  # asked for by name: say why it failed
                raise
            return None
    if module is None:
        return None
    if module.STATE_SIZE != ctypes.sizeof(_lib.State):
        if not where:
            return None
        raise ImportError(f"{module.__file__}: built for another alea "
                          f"(alea_state of {module.STATE_SIZE} bytes)")
    functions = {
        name: ctypes.cast(getattr(_lib.lib, name), ctypes.c_void_p).value
        for name in ("alea_state_apply", "alea_state_apply_and_list", "alea_state_roll",
                     "alea_state_roll_and_list", "alea_state_legal_actions",
                     "alea_state_current_player")
    }
    docs = {name: _c_docstring(name) for name in ("apply", "roll", "legal_numbers")}
    docs["current_player"] = _StateCore.current_player.__doc__ or ""
    core: type = module.make_state_core(functions, docs, Rng, raise_for)
    _speedups_file = module.__file__
    return core


#: The file of the compiled hot methods in use, or None (ctypes).
_speedups_file: Optional[str] = None

if TYPE_CHECKING:
    _StateBase = _StateCore
else:
    _StateBase = _compiled_core() or _StateCore
_new_state = _StateBase.__new__


class State(_StateBase):
    """A game state: whose turn, legal actions, dice, apply, text forms, scores.

    Make one with :meth:`Game.new_state`, ``State("dice-poker players=2")``,
    :func:`state_from_text` or :func:`replay`.  A state is a value (a fixed-size
    block of bytes in C): :meth:`clone` / ``copy.copy`` make an independent copy,
    ``==`` and ``hash()`` compare contents (a state is mutable but hashable: do not
    change one used as a dict key or set member; see :meth:`__hash__`).  A failed call raises an
    :class:`~alea.AleaError` and leaves the state unchanged.  Do not share one
    state between threads while one of them changes it.
    """

    # The state's bytes and what is known of them: _StateCore's slots.
    __slots__ = ("__weakref__",)

    @property
    def _st(self) -> _lib.State:
        """The C struct (``alea_state``) this object owns."""
        return self._raw

    @_st.setter
    def _st(self, raw: _lib.State) -> None:
        self._raw = raw
        self._p = ctypes.byref(raw)
        self._who = _c_current_player(self._p)
        self._legal = self._gid = None
        self._eager = False
        self._changes = getattr(self, "_changes", 0) + 1  # none yet in a new object

    def __init__(self, spec: Union[TextLike, Game], /, **options: OptionValue) -> None:
        """The initial state of a game given by a :class:`Game`, an id or a spec."""
        if isinstance(spec, Game):
            if options:
                raise TypeError("options go to Game(), not to State(game)")
            self._st = _copy_raw(spec._template)
        else:
            self._st = _init(make_spec(spec, **options).encode("utf-8"))

    # -- internals -----------------------------------------------------------------

    @property
    def _ref(self) -> Any:
        """A pointer to a private copy of the state, taken once at the call's entry.

        Calls through ctypes release the GIL, so another thread may change the
        state during one (issue 24 item 5: one State applied by two threads while
        two others ask for its afterstate tensors crashed inside the library).
        The copy is made holding the GIL, and every change to the state is made
        holding it too (the compiled and ctypes hot paths never release it, and
        :meth:`_apply_checked` applies to a copy of its own and publishes the
        result holding it), so a copy is always a whole state: each call answers
        for the state as it was at its entry, never for one torn in between.
        """
        return ctypes.byref(_copy_bytes(self._raw))

    def _info(self) -> GameInfo:
        return info_of(_lib.alea_state_game(self._ref))

    # -- the game ------------------------------------------------------------------

    @property
    def game(self) -> Game:
        """The :class:`Game` (id and options) this state belongs to."""
        return Game._of(self._st)

    @property
    def game_id(self) -> str:
        """The game's id, e.g. ``"dice-poker"``."""
        gid = self._gid
        if gid is None:
            gid = self._gid = _lib.text(_lib.alea_game_id(_lib.alea_state_game(self._ref))) or ""
        return gid

    @property
    def spec(self) -> str:
        """The canonical spec of the state's game (id and every option)."""
        return read_text(_lib.alea_state_spec, self._ref, initial=_lib.SPEC_MAX)

    @property
    def num_players(self) -> int:
        """Number of seats."""
        return int(_lib.alea_state_num_players(self._ref))

    # -- whose turn (current_player: _StateCore's) ---------------------------------

    @property
    def is_chance(self) -> bool:
        """True when dice must be thrown (:meth:`roll`, or apply a chance outcome)."""
        return self._who == CHANCE

    @property
    def is_terminal(self) -> bool:
        """True once the game is over."""
        return self._who == TERMINAL

    # -- actions -------------------------------------------------------------------

    def legal_array(self) -> Any:
        """The legal actions as a numpy ``uint64`` array (a list of ints without numpy)."""
        if _np is None:
            return self.legal_numbers()
        legal: Any = self._legal
        if legal is None:
            legal = _fetch_legal(self)  # read into an array, which makes no object per item
        return _np.array(legal, dtype=_np.uint64)

    def legal_actions(self) -> List[Action]:
        """The legal actions in ascending order (the chance outcomes at a chance node).

        Each is an :class:`Action`: the action number (an ``int``) that also has
        ``.text``, its notation here, and ``.decoded``.  Empty once the game is over.
        """
        numbers = self.legal_numbers()
        if not numbers:
            return []
        snapshot = self.clone()  # shared by the actions to write their text later
        return Action._many(numbers, snapshot, self.game_id)

    def chance_outcomes(self) -> List[ChanceOutcome]:
        """The chance outcomes with exact probabilities (they sum to exactly 1).

        Each is a :class:`ChanceOutcome` ``(action, probability)``, the probability
        a :class:`fractions.Fraction`, so ``for outcome, p in state.chance_outcomes():``
        works.  Raises :class:`~alea.WrongPhaseError` when the state is not a chance node.
        """
        capacity = max(1, self._info().max_chance_outcomes)
        count = ctypes.c_size_t()
        while True:
            buf = (_lib.Outcome * capacity)()
            status = call(
                _lib.alea_state_chance_outcomes, buf, capacity, ctypes.byref(count), self._ref
            )
            if status == _lib.OK:
                outcomes = buf[: count.value]
                actions = Action._many([o.action for o in outcomes], self.clone(), self.game_id)
                return [
                    ChanceOutcome(a, Fraction(o.num, o.den)) for a, o in zip(actions, outcomes)
                ]
            if status != _lib.BUFFER_TOO_SMALL or count.value <= capacity:
                raise_for(status)
            capacity = count.value

    def child(self, action: ActionLike) -> "State":
        """A copy of the state with ``action`` applied (this state is not changed)."""
        twin = self.clone()
        twin.apply(action)
        return twin

    def children(self) -> Iterator[Tuple[Action, "State"]]:
        """Yields ``(action, child state)`` for every legal action, in ascending order.

        At a chance node the actions are the chance outcomes (pair them with
        :meth:`chance_outcomes` for the probabilities); nothing once the game is over.
        Each child is a new, independent state.
        """
        for action in self.legal_actions():
            yield action, self.child(action)

    def _checked(
        self, action: ActionLike, seat: Optional[int] = None
    ) -> Tuple[int, Optional[AleaError]]:
        """The action as an int and the error that applying it now (from ``seat``) would raise."""
        err = _lib.Error()
        sender = None if seat is None else c_int_value(seat, "seat")
        text = isinstance(action, (str, bytes, bytearray))
        if sender is not None and text:
            # The seat is checked before the text is parsed: try it on a copy.
            data = text_bytes(action, "action text")
            status = call(
                _lib.alea_state_apply_text_as_n,
                self.clone()._ref,
                sender,
                data,
                len(data),
                ctypes.byref(err),
            )
            if status != _lib.OK:
                return -1, error_for(status, err)
        if text:
            value = ctypes.c_uint64()
            data = text_bytes(action, "action text")
            status = call(
                _lib.alea_state_action_from_text_n,
                ctypes.byref(value),
                self._ref,
                data,
                len(data),
                ctypes.byref(err),
            )
            if status != _lib.OK:
                return -1, error_for(status, err)
            number = int(value.value)
        else:
            number = u64(action)
        if sender is None:
            status = call(_lib.alea_state_check_action, self._ref, number, ctypes.byref(err))
        else:
            status = call(_lib.alea_state_check_as, self._ref, sender, number, ctypes.byref(err))
        return number, (error_for(status, err) if status != _lib.OK else None)

    def is_legal(self, action: ActionLike, seat: Optional[int] = None) -> bool:
        """True if ``action`` (an int, or text in the game's notation) may be applied now.

        With ``seat``, only if that seat (or :data:`~alea.CHANCE`, the host's dice)
        may send it now (see :meth:`apply`).
        """
        return self._checked(action, seat)[1] is None

    def explain(self, action: ActionLike, seat: Optional[int] = None) -> Optional[str]:
        """None if ``action`` is legal now (from ``seat``, if given), else the library's reason."""
        error = self._checked(action, seat)[1]
        if error is None:
            return None
        return error.reason or str(error)

    def check(self, action: ActionLike, seat: Optional[int] = None) -> int:
        """Raises the error applying ``action`` would raise; else returns it as an int.

        With ``seat`` (a seat index, or :data:`~alea.CHANCE` for the host's dice) the
        action is checked as sent by that seat, as :meth:`apply` does: from anyone but
        the one who must act now it raises :class:`~alea.WrongPlayer`.
        """
        number, error = self._checked(action, seat)
        if error is not None:
            raise error
        return number

    def _apply_checked(self, action: ActionLike, seat: Optional[int] = None) -> None:
        """apply() with the reason of a refusal: every case but an int from no seat,
        and each refusal of that fast case (the state is then unchanged)."""
        err = _lib.Error()
        # applied to a private copy (the GIL is released during the call), then
        # published holding the GIL: see _ref
        work = ctypes.byref(_copy_bytes(self._raw))
        sender = None if seat is None else c_int_value(seat, "seat")
        if isinstance(action, (str, bytes, bytearray)):
            data = text_bytes(action, "action text")
            if sender is None:
                status = call(
                    _lib.alea_state_apply_text_n, work, data, len(data), ctypes.byref(err)
                )
            else:
                status = call(
                    _lib.alea_state_apply_text_as_n,
                    work,
                    sender,
                    data,
                    len(data),
                    ctypes.byref(err),
                )
        elif sender is None:
            status = call(_lib.alea_state_apply, work, u64(action), ctypes.byref(err))
        else:
            status = call(
                _lib.alea_state_apply_as, work, sender, u64(action), ctypes.byref(err)
            )
        raise_for(status, err)
        _c_copy_holding_gil(self._p, work)
        self._who = _c_current_player(self._p)
        self._legal = None
        self._changes += 1


    def sample(self, rng: Rng) -> int:
        """Draws a chance outcome with ``rng`` (exact probabilities) without applying it.

        ``state.apply(state.sample(rng))`` is ``state.roll(rng)``; sampling first lets a
        host write the outcome (:meth:`action_to_str`) in its context before applying it.
        """
        if not isinstance(rng, Rng):
            raise TypeError(f"rng must be an alea.Rng, not {type(rng).__name__}")
        outcome = ctypes.c_uint64()
        rng_ref = ctypes.byref(rng._rng)
        raise_for(call(_lib.alea_state_sample, ctypes.byref(outcome), self._ref, rng_ref))
        return int(outcome.value)

    def action_to_str(self, action: int) -> str:
        """The action in the game's notation (e.g. ``"write full"``); it need not be legal."""
        return read_text(
            _lib.alea_state_action_to_text, self._ref, u64(action), initial=_lib.ACTION_TEXT_MAX
        )

    def parse_action(self, text: TextLike) -> int:
        """The canonical legal action that ``text`` denotes (every spelling is accepted).

        Raises :class:`~alea.ParseError` (see its ``offset``),
        :class:`~alea.IllegalActionError` or :class:`~alea.WrongPhaseError`.
        """
        value = ctypes.c_uint64()
        err = _lib.Error()
        data = text_bytes(text, "action text")
        status = call(
            _lib.alea_state_action_from_text_n,
            ctypes.byref(value),
            self._ref,
            data,
            len(data),
            ctypes.byref(err),
        )
        raise_for(status, err)
        return int(value.value)

    # -- observation tensors (alea/tensor.h) ----------------------------------------

    def observation_tensor(self, seat: int) -> Any:
        """The state as ``seat`` sees it, as ``info.observation_size`` floats: a numpy
        ``float32`` array (a list without numpy).  ``seat`` is a seat or
        :data:`alea.tensor.PUBLIC`; what the seat may not see is left out.  Layouts:
        doc/rules/<game>.md, "Observation tensor"."""
        from . import tensor

        return tensor.observation_tensor(self, seat)

    def afterstate_tensors(self, seat: int) -> Tuple[Any, Any]:
        """``(actions, matrix)`` in one C call: the legal actions (ascending) and, in
        row i, :meth:`observation_tensor` of the state after action i, for afterstate
        learning (TD(lambda)).  numpy arrays (uint64, float32) or lists."""
        from . import tensor

        return tensor.afterstate_tensors(self, seat)

    # -- scores --------------------------------------------------------------------

    def scores(self) -> List[int]:
        """Points per seat so far (the final score once the game is over)."""
        buf = (ctypes.c_int32 * _lib.MAX_PLAYERS)()
        count = ctypes.c_size_t()
        status = call(_lib.alea_state_scores, buf, _lib.MAX_PLAYERS, ctypes.byref(count), self._ref)
        raise_for(status)
        return buf[: count.value]

    @property
    def result(self) -> Result:
        """Scores, ranks, winner, draw and returns (check ``result.terminal``)."""
        raw = _lib.Result()
        raise_for(call(_lib.alea_state_result, ctypes.byref(raw), self._ref))
        n = max(0, min(raw.players, _lib.MAX_PLAYERS))
        return Result(
            terminal=bool(raw.terminal),
            players=raw.players,
            winner=raw.winner if raw.winner >= 0 else None,
            draw=bool(raw.draw),
            ranks=tuple(raw.rank[:n]),
            scores=tuple(raw.score[:n]),
            returns=tuple(raw.returns[:n]),
        )

    # -- text forms ----------------------------------------------------------------

    def to_text(self) -> str:
        """The one-line text form (spec, ``" | "``, fields); :func:`state_from_text` reads it."""
        return read_text(_lib.alea_state_to_text, self._ref)

    def board(self) -> str:
        """The multi-line, human-readable picture of the state (also ``str(state)``)."""
        return read_text(_lib.alea_state_to_board, self._ref, initial=4096)

    def to_json(self) -> str:
        """The state as a JSON object (keys: game, spec, text, current_player, players, ...)."""
        return read_text(_lib.alea_state_to_json, self._ref, initial=8192)

    def to_dict(self) -> Dict[str, Any]:
        """:meth:`to_json` parsed into Python objects."""
        result: Dict[str, Any] = json.loads(self.to_json())
        return result

    # -- observations: what one seat may know --------------------------------------

    def _observer(self, seat: int) -> int:
        n = in_range(seat, _lib.INT32_MIN, _lib.INT32_MAX, "seat")
        if n != OBSERVER_PUBLIC and not 0 <= n < self.num_players:
            raise InvalidArgument(
                reason=f"seat must be 0..{self.num_players - 1} or alea.OBSERVER_PUBLIC, got {n}"
            )
        return n

    def observation_text(self, seat: int) -> str:
        """What ``seat`` may know, as one line (``alea_state_observation_text``).

        ``seat`` is a seat number or :data:`alea.OBSERVER_PUBLIC` (a spectator).
        In a game of perfect information this is :meth:`to_text`; in Plateau the
        faces the seat has not seen are ``?`` and the other seat's reserve is
        ``#n``, its size (R11).  :meth:`to_text`, :meth:`to_json` and
        :meth:`board` show everything: send a player this, never those.
        Raises :class:`~alea.InvalidArgument` for a seat outside the game.

        >>> alea.State("dice-poker").observation_text(0) == alea.State("dice-poker").to_text()
        True
        """
        return read_text(_lib.alea_state_observation_text, self._ref, self._observer(seat))

    def observation_json(self, seat: int) -> str:
        """What ``seat`` may know, as the JSON text of ``alea_state_observation_json``."""
        return read_text(
            _lib.alea_state_observation_json, self._ref, self._observer(seat), initial=8192
        )

    def observation(self, seat: int) -> Dict[str, Any]:
        """What ``seat`` may know, as a dict: :meth:`observation_json` parsed.

        The keys of :meth:`to_dict` plus ``"observer"`` (the seat, or ``"public"``
        for :data:`alea.OBSERVER_PUBLIC`); ``"text"`` is :meth:`observation_text`
        and ``"state"`` the game's object with what the seat has not seen as
        ``None`` (a hidden reserve as its size).

        >>> alea.State("wise-dice").observation(alea.OBSERVER_PUBLIC)["observer"]
        'public'
        """
        result: Dict[str, Any] = json.loads(self.observation_json(seat))
        return result

    def observation_board(self, seat: int) -> str:
        """What ``seat`` may know, as the picture of :meth:`board` (unseen faces ``?``)."""
        return read_text(
            _lib.alea_state_observation_board, self._ref, self._observer(seat), initial=4096
        )

    def action_observation(self, action: int, seat: int) -> str:
        """A legal action of this state as ``seat`` may know it once played
        (``alea_state_action_observation_text``): what to tell the other seats.

        The mover, and every seat of a game of perfect information, get
        :meth:`action_to_str`; in Plateau the faces the seat does not see are
        ``?`` (an opponent's set-up ``setup a1 ?? r?``; an onboard slid inside a
        stack ``on ?? a1:1``; R11).  Call it on the state *before* the action.
        Raises :class:`~alea.IllegalActionError` (or
        :class:`~alea.WrongPhaseError`) for an action not legal now, and
        :class:`~alea.InvalidArgument` for a seat outside the game.

        >>> s = alea.State("plateau")
        >>> a = s.parse_action("setup a1 xx rb")
        >>> s.action_observation(a, 1), s.action_observation(a, 0)
        ('setup a1 ?? r?', 'setup a1 xx rb')
        """
        return read_text(
            _lib.alea_state_action_observation_text,
            self._ref,
            u64(action),
            self._observer(seat),
            initial=_lib.ACTION_TEXT_MAX,
        )

    def view(self) -> Any:
        """The game's typed view of the state (e.g. :class:`alea.dice_poker.DicePokerView`).

        The view comes from the game module registered for :attr:`game_id` (see
        :mod:`alea._registry`); typed for mypy it is ``alea.<game>.view(state)``.
        Raises :class:`~alea.Unsupported` (a TypeError) for a game without one.
        """
        game_id = self.game_id
        viewer = REGISTRY.view(game_id)
        if viewer is None:
            raise Unsupported(reason=f"no typed view for the game {game_id!r}")
        return viewer(self)

    def __str__(self) -> str:
        """The board (:meth:`board`)."""
        return self.board()

    def __repr__(self) -> str:
        """``<alea.State SPEC | POSITION>``: the whole one-line text form."""
        return f"<alea.State {self.to_text()}>"

    # -- copies, equality, raw bytes -----------------------------------------------

    def clone(self) -> "State":
        """An independent copy (the bytes of the state; no allocation in C)."""
        # A state of this package always has a good head (and nothing reads the
        # bytes past its size): copying the struct is alea_state_copy() without a call.
        twin = _new_state(State)
        raw = twin._raw = _copy_bytes(self._raw)
        twin._p = _byref(raw)
        twin._who = self._who
        twin._legal = None  # a list is handed out once, so never shared
        twin._eager = self._eager
        twin._gid = self._gid
        twin._changes = 0
        return twin

    __copy__ = clone

    def __deepcopy__(self, memo: Optional[Dict[int, Any]] = None) -> "State":
        return self.clone()

    def __reduce__(self) -> Tuple[Any, ...]:
        return (state_from_text, (self.to_text(),))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return bool(_lib.alea_state_equal(self._ref, other._ref))

    def __hash__(self) -> int:
        """Python's hash of :meth:`hash64` (``alea_state_hash``), which Python reduces
        modulo 2**61 - 1 on 64-bit builds: equal states hash equally, but the value is
        not ``alea_state_hash`` itself (use :meth:`hash64` for that).

        A state is mutable yet hashable, so that positions can be set members and
        dict keys (transposition tables): never change a state while it is a key
        (:meth:`apply` or :meth:`roll` on it); store a :meth:`clone` instead.
        """
        return hash(self.hash64())

    def hash64(self) -> int:
        """The library's 64-bit hash of the state (the same on every little-endian platform)."""
        return int(_lib.alea_state_hash(self._ref))

    def to_bytes(self) -> bytes:
        """The bytes the state uses (its game's ``state_size``), for storing states raw."""
        size = int(_lib.alea_state_size(self._ref))
        return ctypes.string_at(ctypes.addressof(self._st), size)

    @classmethod
    def from_bytes(cls, data: Union[bytes, bytearray, memoryview]) -> "State":
        """A state from :meth:`to_bytes` output, checked with ``alea_state_validate``.

        Raises :class:`~alea.InvalidArgument` (bad header or length) or
        :class:`~alea.InvalidStateError` (a broken invariant).
        """
        if not isinstance(data, (bytes, bytearray, memoryview)):
            raise TypeError(f"data must be bytes, not {type(data).__name__}")
        data = bytes(data)
        if len(data) > _lib.STATE_MAX_SIZE:
            raise InvalidArgument(reason=f"a state has at most {_lib.STATE_MAX_SIZE} bytes")
        raw = _new_raw()
        ctypes.memmove(ctypes.addressof(raw), data, len(data))
        err = _lib.Error()
        raise_for(call(_lib.alea_state_validate, ctypes.byref(raw), ctypes.byref(err)), err)
        size = int(_lib.alea_state_size(ctypes.byref(raw)))
        if size != len(data):
            raise InvalidArgument(reason=f"a state of this game has {size} bytes, not {len(data)}")
        return _wrap(raw)

    def validate(self) -> None:
        """Checks every invariant of the state (``alea_state_validate``); raises if broken."""
        err = _lib.Error()
        raise_for(call(_lib.alea_state_validate, self._ref, ctypes.byref(err)), err)


def state_from_text(text: TextLike) -> State:
    """Reads a one-line state text (:meth:`State.to_text`); the text names its game.

    Raises :class:`~alea.ParseError`, :class:`~alea.InvalidStateError`,
    :class:`~alea.GameNotFound` or :class:`~alea.BadOption`.
    """
    raw = _new_raw()
    err = _lib.Error()
    data = text_bytes(text, "state text")
    status = call(_lib.alea_state_from_text_n, ctypes.byref(raw), data, len(data), ctypes.byref(err))
    raise_for(status, err)
    return _wrap(raw)


def replay(record: TextLike) -> Tuple[State, int]:
    """Replays a game record (spec line, then one action per line, dice included).

    Returns ``(state after the last entry, number of actions applied)``.  On the
    first bad entry raises its :class:`~alea.AleaError`, whose ``line`` is the
    1-based line number and ``reason`` cites the rule; the exception also has
    ``state`` (the state just before the bad line, or None if the spec line is
    bad) and ``applied`` (the actions applied before it).
    """
    raw = _new_raw()
    applied = ctypes.c_size_t()
    err = _lib.Error()
    data = text_bytes(record, "record")
    status = call(
        _lib.alea_record_replay_n,
        ctypes.byref(raw),
        ctypes.byref(applied),
        data,
        len(data),
        ctypes.byref(err),
    )
    if status != _lib.OK:
        error = error_for(status, err)
        has_state = _lib.alea_state_size(ctypes.byref(raw)) > 0
        error.state = _wrap(raw) if has_state else None  # type: ignore[attr-defined]
        error.applied = int(applied.value)  # type: ignore[attr-defined]
        raise error
    return _wrap(raw), int(applied.value)
