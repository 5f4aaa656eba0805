"""The library's bots (``alea/bot.h``): :data:`BOTS`, :func:`bot_choose`, :class:`Bot`
(a bot with parameters and its own workspace) and :func:`dice_poker_advise`."""

from __future__ import annotations

import ctypes
import threading
import time
from typing import Any, Callable, List, NamedTuple, Optional, Tuple, Union

from . import _lib
from ._util import call, c_int_value, to_bytes
from .errors import InvalidArgument, raise_for
from .rng import Rng
from .state import State

__all__ = ["BOTS", "bot_kind", "bot_choose", "bot_levels", "Bot", "BotOptions", "Ranked",
           "dice_poker_advise", "DEFAULT_NODE_BUDGET", "POLL_NODES"]


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
#: "heuristic", "ply")``.
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
        state._ref,
        bot_kind(kind),
        ctypes.byref(rng._rng),
    )
    raise_for(status)
    return int(action.value)


#: ``int (*should_stop)(void *ctx)`` of ``alea_bot_options`` (version 2).
STOP_CALLBACK = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p)

#: Version of ``alea_bot_options`` mirrored here (``ALEA_BOT_OPTIONS_VERSION``).
BOT_OPTIONS_VERSION = _lib.BOT_OPTIONS_VERSION
#: Nodes a decision may take when ``node_budget`` is 0 (``ALEA_BOT_DEFAULT_NODE_BUDGET``).
DEFAULT_NODE_BUDGET = _lib.BOT_DEFAULT_NODE_BUDGET
#: The stop callback is asked once before a search and then every this many nodes
#: (``ALEA_BOT_POLL_NODES``).
POLL_NODES = _lib.BOT_POLL_NODES


#: ``alea_bot_options`` (version 3), as the API description declares it (``alea._lib``).
BotOptions = _lib.BotOptions


#: Game-specific figures of a ranked action at most (``ALEA_RANK_DETAILS``).
RANK_DETAILS = _lib.RANK_DETAILS


_RankedAction = _lib.RankedAction


class Ranked(NamedTuple):
    """A legal action with its value, as :meth:`Bot.rank` gives it (``alea_ranked_action``).

    ``value`` is the seat's value of the action, larger is better (backgammon: cubeless
    equity); ``plies`` the depth that valued it; ``details`` the game's figures
    (backgammon: the chances to win, win a gammon, win a backgammon, lose a gammon, lose a
    backgammon, then the equity)."""

    action: int
    value: float
    plies: int
    details: Tuple[float, ...]


_Advice = _lib.DicePokerAdvice


_PARAMS = ("depth", "playouts", "exploration", "max_nodes", "playout_plies", "node_budget",
           "plies", "noise", "filter_keep", "filter_margin")
_FLOATS = ("exploration", "noise", "filter_margin")


def _game_handle(game: Union[str, State]) -> Any:
    probe = game if isinstance(game, State) else State(game)
    return _lib.alea_state_game(ctypes.byref(probe._st))


def bot_levels(game: Union[str, State]) -> Tuple[str, ...]:
    """The game's named levels of play, weakest first (``alea_bot_level_name``); empty for a
    game without levels.  ``Bot(level, game)`` plays one."""
    handle = _game_handle(game)
    names: List[str] = []
    while True:
        name = _lib.alea_bot_level_name(handle, len(names))
        if name is None:
            return tuple(names)
        names.append(name.decode("utf-8"))


def _time_limit(value: Optional[float]) -> Optional[float]:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"time_limit must be a number of seconds or None, not {type(value).__name__}")
    if not value >= 0:  # NaN too
        raise InvalidArgument(reason=f"time_limit must be 0 or more seconds, not {value!r}")
    return float(value)


class Bot:
    """A bot with parameters and a workspace sized for one game.

    ``Bot("mcts", "wise-dice", playouts=300)``; ``game`` is a game id or a
    :class:`State` of the game.  Parameters: ``depth`` (expectimax), ``playouts``,
    ``exploration``, ``max_nodes``, ``playout_plies`` (mcts), ``plies``, ``noise``,
    ``filter_keep``, ``filter_margin`` (ply); see ``alea/bot.h``.  ``kind`` may also be
    one of the game's levels of play (:func:`bot_levels`): ``Bot("expert", "backgammon")``.

    **Budget.**  ``node_budget`` bounds the work of one decision of expectimax or MCTS
    in nodes (actions the search applies; 0, the default, means
    :data:`DEFAULT_NODE_BUDGET`), and ``time_limit`` (seconds, default None: no
    limit) bounds its time: the library never reads a clock, so the limit is a
    ``time.monotonic()`` deadline that a callback checks every :data:`POLL_NODES`
    nodes.  Past either, the bot answers with the best action of the deepest search
    it completed (expectimax deepens one decision at a time) or of the playouts run
    so far (MCTS), always a legal one.  :meth:`choose` and :meth:`evaluate` take a
    ``time_limit`` of their own too.  The limit is checked between nodes, so a
    decision may overrun it by the time of about :data:`POLL_NODES` nodes (see
    ``doc/bots.md`` for the cost of a node per game).

    **Threads.**  The workspace (``workspace_size`` bytes) is allocated once here and
    reused; a lock makes calls on one ``Bot`` from several threads take turns (a
    workspace shared by two searches at once would corrupt both), so a ``Bot`` may be
    shared between threads, but its searches do not run in parallel: give each thread
    its own ``Bot`` for that.
    """

    def __init__(
        self,
        kind: Union[str, int],
        game: Union[str, State],
        *,
        time_limit: Optional[float] = None,
        **params: float,
    ) -> None:
        self.options = BotOptions()
        handle = _game_handle(game)
        #: The level of play this bot was made from, or None.
        self.level: Optional[str] = None
        if isinstance(kind, str) and kind not in BOTS and kind in bot_levels(game):
            err = _lib.Error()
            raise_for(call(_lib.alea_bot_options_level, ctypes.byref(self.options), handle,
                           to_bytes(kind, "level"), ctypes.byref(err)), err)
            self.level = kind
        else:
            raise_for(call(_lib.alea_bot_options_init_version, ctypes.byref(self.options),
                           bot_kind(kind), BOT_OPTIONS_VERSION))
        for key, value in params.items():
            if key not in _PARAMS:
                raise InvalidArgument(reason=f"unknown bot parameter {key!r} ({', '.join(_PARAMS)})")
            if key in _FLOATS:
                setattr(self.options, key, float(value))
            elif key == "node_budget":
                self.options.node_budget = _node_budget(value)
            else:
                setattr(self.options, key, c_int_value(value, key))
        #: Seconds one decision may take (None: no limit but the node budget).
        self.time_limit = _time_limit(time_limit)
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
        self._lock = threading.Lock()

    @property
    def kind(self) -> str:
        """The bot's kind name."""
        return str(BOTS[int(self.options.kind)])

    def _run(self, time_limit: Optional[float], body: Callable[[BotOptions], int]) -> int:
        """Runs one search on the workspace, under the lock, with the deadline (if any)
        as the options' stop callback; returns the status."""
        limit = self.time_limit if time_limit is None else _time_limit(time_limit)
        with self._lock:
            options = BotOptions.from_buffer_copy(self.options)
            if limit is None:
                return body(options)
            deadline = time.monotonic() + limit

            def past_deadline(_ctx: Any) -> int:
                return 1 if time.monotonic() >= deadline else 0

            stop = STOP_CALLBACK(past_deadline)  # referenced until the call returns
            options.should_stop = stop
            return body(options)

    def choose(self, state: State, rng: Rng, *, time_limit: Optional[float] = None) -> int:
        """A legal action for the seat to act (the state is not changed), within the node
        budget and ``time_limit`` seconds (default: the bot's own ``time_limit``)."""
        if not isinstance(state, State):
            raise TypeError(f"state must be an alea.State, not {type(state).__name__}")
        if not isinstance(rng, Rng):
            raise TypeError(f"rng must be an alea.Rng, not {type(rng).__name__}")
        action = ctypes.c_uint64()
        err = _lib.Error()

        def body(options: BotOptions) -> int:
            return int(call(
                _lib.alea_bot_choose_with,
                ctypes.byref(action),
                state._ref,
                ctypes.byref(options),
                self._ws,
                self.workspace_size,
                ctypes.byref(rng._rng),
                ctypes.byref(err),
            ))

        raise_for(self._run(time_limit, body), err)
        return int(action.value)

    def evaluate(self, state: State, *, time_limit: Optional[float] = None) -> Tuple[float, ...]:
        """Experimental (``alea_bot_evaluate``, of the C library's experimental tier: it may
        change in any 1.x release; :data:`alea.EXPERIMENTAL`).  The value of the position
        for every seat (expectimax and heuristic bots): that of the deepest search the
        budget and ``time_limit`` let finish."""
        if not isinstance(state, State):
            raise TypeError(f"state must be an alea.State, not {type(state).__name__}")
        values = (ctypes.c_double * 4)()
        count = ctypes.c_size_t()
        err = _lib.Error()

        def body(options: BotOptions) -> int:
            return int(call(
                _lib.alea_bot_evaluate,
                values,
                4,
                ctypes.byref(count),
                state._ref,
                ctypes.byref(options),
                self._ws,
                self.workspace_size,
                ctypes.byref(err),
            ))

        raise_for(self._run(time_limit, body), err)
        return tuple(float(values[i]) for i in range(count.value))

    def rank(self, state: State, *, time_limit: Optional[float] = None) -> List[Ranked]:
        """Every legal action of the seat to act with its value, best first
        (``alea_bot_rank``; kinds ``ply`` and ``heuristic``): a hint, or the measure of a
        played action.  The state is not changed."""
        if not isinstance(state, State):
            raise TypeError(f"state must be an alea.State, not {type(state).__name__}")
        capacity = int(state.game.info.max_actions)
        out = (_RankedAction * max(capacity, 1))()
        count = ctypes.c_size_t()
        err = _lib.Error()

        def body(options: BotOptions) -> int:
            return int(call(
                _lib.alea_bot_rank,
                out,
                capacity,
                ctypes.byref(count),
                ctypes.byref(state._st),
                ctypes.byref(options),
                self._ws,
                self.workspace_size,
                ctypes.byref(err),
            ))

        raise_for(self._run(time_limit, body), err)
        return [
            Ranked(int(r.action), float(r.value), int(r.plies),
                   tuple(float(r.details[k]) for k in range(r.detail_count)))
            for r in out[: count.value]
        ]

    def __repr__(self) -> str:
        params = ", ".join(f"{k}={getattr(self.options, k)}" for k in _PARAMS)
        level = f", level={self.level!r}" if self.level else ""
        return f"Bot({self.kind!r}{level}, {params}, time_limit={self.time_limit})"


def _node_budget(value: float) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"node_budget must be an int, not {type(value).__name__}")
    if not 0 <= value < 2**63:
        raise InvalidArgument(reason=f"node_budget must be 0..2**63-1, not {value}")
    return value


_OBJECTIVES = {"turn": 0, "par": 1}


def dice_poker_advise(state: State, objective: str = "turn") -> Tuple[int, float]:
    """Experimental (``alea_dice_poker_advise``, of the C library's experimental tier: it
    may change in any 1.x release; :data:`alea.EXPERIMENTAL`).  The dice-poker advisor:
    ``(action, expected)`` for the seat to act; ``objective`` is ``"turn"`` (expected
    points this turn) or ``"par"``."""
    if not isinstance(state, State):
        raise TypeError(f"state must be an alea.State, not {type(state).__name__}")
    if objective not in _OBJECTIVES:
        raise InvalidArgument(reason=f"objective must be 'turn' or 'par', not {objective!r}")
    advice = _Advice()
    status = call(
        _lib.alea_dice_poker_advise, ctypes.byref(advice), state._ref,
        _OBJECTIVES[objective],
    )
    raise_for(status)
    return int(advice.action), float(advice.expected)
