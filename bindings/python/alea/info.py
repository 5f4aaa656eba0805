"""The game registry: :func:`games`, :func:`game_info`, :class:`GameInfo`, :class:`OptionInfo`."""

from __future__ import annotations

import ctypes
import enum
from dataclasses import dataclass
from typing import Dict, List, Optional, Tuple, Union

from . import _lib
from ._util import call, text_bytes
from .errors import GameNotFound, raise_for

__all__ = ["OptionKind", "OptionInfo", "GameInfo", "games", "game_info"]

OptionValue = Union[int, bool, str]


class OptionKind(enum.IntEnum):
    """Kind of an option's value (``alea_option_kind``)."""

    INT = _lib.OPTION_INT  #: a decimal integer in [min, max]
    BOOL = _lib.OPTION_BOOL  #: on/off
    CHOICE = _lib.OPTION_CHOICE  #: one of the names in ``choices``


@dataclass(frozen=True)
class OptionInfo:
    """One option of a game (``alea_option_info``).

    ``default`` is given in Python terms: an int for INT options, a bool for BOOL
    options, the choice's name for CHOICE options (``raw_default`` is the C value).
    """

    name: str
    help: str
    kind: OptionKind
    min: int
    max: int
    raw_default: int
    choices: Optional[Tuple[str, ...]]

    @property
    def default(self) -> OptionValue:
        """The default value, as a Python int, bool or choice name."""
        return self.value_of(self.raw_default)

    def value_of(self, raw: int) -> OptionValue:
        """Turns a C option value (an int) into its Python form."""
        if self.kind == OptionKind.BOOL:
            return bool(raw)
        if self.kind == OptionKind.CHOICE and self.choices and 0 <= raw < len(self.choices):
            return self.choices[raw]
        return raw


@dataclass(frozen=True)
class GameInfo:
    """What a game is and the bounds a host needs (``alea_game_info``)."""

    id: str
    title: str
    summary: str
    min_players: int
    max_players: int
    max_actions: int  #: upper bound on the number of legal actions at any node
    max_chance_outcomes: int  #: upper bound on the number of chance outcomes
    state_size: int  #: bytes a state of this game uses
    options: Tuple[OptionInfo, ...]
    #: floats of an observation tensor (``alea_game_observation_size``; 0 if none)
    observation_size: int = 0

    @property
    def defaults(self) -> Dict[str, OptionValue]:
        """``{option name: default value}``."""
        return {opt.name: opt.default for opt in self.options}

    def option(self, name: str) -> OptionInfo:
        """The option called ``name``; KeyError if the game has none."""
        for opt in self.options:
            if opt.name == name:
                return opt
        raise KeyError(name)


_cache: Dict[int, GameInfo] = {}


def _observation_size(game: int) -> int:
    size = ctypes.c_size_t()
    status = call(_lib.alea_game_observation_size, ctypes.byref(size), game)
    if status == _lib.UNSUPPORTED:
        return 0
    raise_for(status)
    return int(size.value)


def info_of(game: int) -> GameInfo:
    """The :class:`GameInfo` of a non-NULL ``const alea_game *`` (as an int address)."""
    cached = _cache.get(game)
    if cached is not None:
        return cached
    raw = _lib.GameInfo()
    raise_for(call(_lib.alea_game_get_info, ctypes.byref(raw), game))
    options: List[OptionInfo] = []
    for index in range(raw.option_count):
        opt = _lib.OptionInfo()
        raise_for(call(_lib.alea_game_option, ctypes.byref(opt), game, index))
        choices = _lib.text(opt.choices)
        options.append(
            OptionInfo(
                name=_lib.text(opt.name) or "",
                help=_lib.text(opt.help) or "",
                kind=OptionKind(opt.kind),
                min=opt.min,
                max=opt.max,
                raw_default=opt.def_,
                choices=tuple(choices.split("|")) if choices is not None else None,
            )
        )
    info = GameInfo(
        id=_lib.text(raw.id) or "",
        title=_lib.text(raw.title) or "",
        summary=_lib.text(raw.summary) or "",
        min_players=raw.min_players,
        max_players=raw.max_players,
        max_actions=raw.max_actions,
        max_chance_outcomes=raw.max_chance_outcomes,
        state_size=raw.state_size,
        options=tuple(options),
        observation_size=_observation_size(game),
    )
    _cache[game] = info
    return info


def games() -> List[GameInfo]:
    """Every registered game, in the library's stable order."""
    result = []
    for index in range(_lib.alea_game_count()):
        game = _lib.alea_game_at(index)
        if game:
            result.append(info_of(game))
    return result


def game_info(game_id: Union[str, bytes]) -> GameInfo:
    """The :class:`GameInfo` of the game with this exact id; :class:`GameNotFound` if none."""
    data = text_bytes(game_id, "game id")
    game = call(_lib.alea_game_find_n, data, len(data))
    if not game:
        name = game_id.decode("utf-8", "replace") if isinstance(game_id, bytes) else game_id
        raise GameNotFound(reason=f"no game has the id {name!r}")
    return info_of(game)
