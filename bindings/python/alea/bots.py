"""The library's simple bots (``alea/bot.h``): :data:`BOTS` and :func:`bot_choose`."""

from __future__ import annotations

import ctypes
from typing import List, Tuple, Union

from . import _lib
from ._util import call, c_int_value, to_bytes
from .errors import InvalidArgument, raise_for
from .rng import Rng
from .state import State

__all__ = ["BOTS", "bot_kind", "bot_choose"]


def _names() -> Tuple[str, ...]:
    names: List[str] = []
    kind = 0
    while True:
        name = _lib.alea_bot_name(kind)
        if name is None:
            return tuple(names)
        names.append(name.decode("utf-8"))
        kind += 1


#: Names of the bot kinds, indexed by kind number: ``("random", "greedy")``.
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
