"""The table of per-game extensions: typed state views and action decoders.

:mod:`alea.state` reads this table and knows no game; each game module
(:mod:`alea.backgammon`, ...) has a ``register(registry)`` function that fills
in its entries, and :mod:`alea` calls those functions through one explicit list
(``alea._GAMES``).  Imports go one way: game modules -> state -> this module.
"""

from __future__ import annotations

from typing import Any, Callable, Dict, Optional

__all__ = ["Registry", "REGISTRY"]


class Registry:
    """Typed views (``State -> view``; typed ``Any`` here so that this module imports
    nothing of alea) and action decoders (``int -> action``) by game id."""

    __slots__ = ("_views", "_decoders")

    def __init__(self) -> None:
        self._views: Dict[str, Callable[[Any], Any]] = {}
        self._decoders: Dict[str, Callable[[int], Any]] = {}

    def register_view(self, game_id: str, fn: Callable[[Any], Any]) -> None:
        """Make ``fn`` the typed view of ``game_id``'s states (:meth:`alea.State.view`)."""
        self._views[game_id] = fn

    def register_decoder(self, game_id: str, fn: Callable[[int], Any]) -> None:
        """Make ``fn`` the reader of ``game_id``'s action numbers (:attr:`alea.Action.decoded`)."""
        self._decoders[game_id] = fn

    def view(self, game_id: str) -> Optional[Callable[[Any], Any]]:
        """The typed view registered for ``game_id``, or None."""
        return self._views.get(game_id)

    def decoder(self, game_id: str) -> Optional[Callable[[int], Any]]:
        """The action decoder registered for ``game_id``, or None."""
        return self._decoders.get(game_id)


#: The one table :mod:`alea.state` reads (filled in by :mod:`alea` at import).
REGISTRY = Registry()
