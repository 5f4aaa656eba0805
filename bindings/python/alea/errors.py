"""Exceptions: one class per ``alea_status`` code.

Every failing C call becomes an :class:`AleaError` subclass carrying the status
code, its constant name, the library's reason (which cites the rule broken,
e.g. ``"P-2.3: row Full has no empty cell"``), and for parsers the byte offset
and line of the problem.  Several classes also derive from the matching Python
built-in, so ``except ValueError`` catches a bad option or malformed text.
"""

from __future__ import annotations

import enum
from typing import Any, Dict, Optional, Tuple, Type

from . import _lib

__all__ = [
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
    "error_for",
    "raise_for",
]


class Status(enum.IntEnum):
    """The ``alea_status`` codes (stable values; never renumbered)."""

    OK = _lib.OK
    INVALID_ARGUMENT = _lib.INVALID_ARGUMENT
    ILLEGAL_ACTION = _lib.ILLEGAL_ACTION
    PARSE_ERROR = _lib.PARSE_ERROR
    BUFFER_TOO_SMALL = _lib.BUFFER_TOO_SMALL
    WRONG_PHASE = _lib.WRONG_PHASE
    OUT_OF_MEMORY = _lib.OUT_OF_MEMORY
    NOT_FOUND = _lib.NOT_FOUND
    BAD_OPTION = _lib.BAD_OPTION
    INVALID_STATE = _lib.INVALID_STATE
    ABI_MISMATCH = _lib.ABI_MISMATCH
    UNSUPPORTED = _lib.UNSUPPORTED
    WRONG_PLAYER = _lib.WRONG_PLAYER


class AleaError(Exception):
    """A call into libalea failed.

    Attributes:
        status: the ``alea_status`` code (an int; see :class:`Status`).
        name: its constant name from ``alea_status_name()``, e.g. ``"ALEA_PARSE_ERROR"``.
        reason: the library's explanation (may be empty).
        offset: byte offset of the problem in the text being parsed, or -1.
        line: 1-based line of a record or multi-line text, or 0.

    ``str(error)`` is the status text from ``alea_status_str()``, then ``": "`` and
    the reason when there is one.
    """

    #: The status code this class stands for (the base class: any).
    STATUS: int = -1

    status: int
    name: str
    reason: str
    offset: int
    line: int

    def __init__(
        self,
        status: Optional[int] = None,
        reason: str = "",
        offset: int = -1,
        line: int = 0,
    ) -> None:
        if status is None:
            status = self.STATUS
        text = _lib.status_str(int(status))
        # First: ImportError.__init__ (AbiMismatch) would reset `name` to None.
        super().__init__(f"{text}: {reason}" if reason else text)
        self.status = int(status)
        self.name = _lib.status_name(self.status)
        self.reason = reason
        self.offset = offset
        self.line = line

    def __reduce__(self) -> Tuple[Any, ...]:
        return (type(self), (self.status, self.reason, self.offset, self.line), self.__dict__)


class InvalidArgument(AleaError, ValueError):
    """ALEA_INVALID_ARGUMENT: a value out of range or not an action of this game at all."""

    STATUS = _lib.INVALID_ARGUMENT


class IllegalActionError(AleaError):
    """ALEA_ILLEGAL_ACTION: a well-formed action the rules forbid here and now."""

    STATUS = _lib.ILLEGAL_ACTION


class ParseError(AleaError, ValueError):
    """ALEA_PARSE_ERROR: malformed text (notation, state text, record, spec); see ``offset``."""

    STATUS = _lib.PARSE_ERROR


class BufferTooSmall(AleaError):
    """ALEA_BUFFER_TOO_SMALL: internal; the bindings retry with a bigger buffer."""

    STATUS = _lib.BUFFER_TOO_SMALL


class WrongPhaseError(AleaError):
    """ALEA_WRONG_PHASE: e.g. rolling when a player must act, or acting after the end."""

    STATUS = _lib.WRONG_PHASE


class OutOfMemory(AleaError, MemoryError):
    """ALEA_OUT_OF_MEMORY: an allocation in the library failed."""

    STATUS = _lib.OUT_OF_MEMORY


class GameNotFound(AleaError, LookupError):
    """ALEA_NOT_FOUND: no game has this id."""

    STATUS = _lib.NOT_FOUND


class BadOption(AleaError, ValueError):
    """ALEA_BAD_OPTION: unknown option key, bad or out-of-range value, or bad combination."""

    STATUS = _lib.BAD_OPTION


class InvalidStateError(AleaError, ValueError):
    """ALEA_INVALID_STATE: a state (from text or bytes) that breaks the game's invariants."""

    STATUS = _lib.INVALID_STATE


class AbiMismatch(AleaError, ImportError):  # type: ignore[misc]  # both define `name`
    """ALEA_ABI_MISMATCH: the library does not match the headers these bindings mirror."""

    STATUS = _lib.ABI_MISMATCH


class Unsupported(AleaError, TypeError):
    """ALEA_UNSUPPORTED: the game does not offer this feature."""

    STATUS = _lib.UNSUPPORTED


class WrongPlayer(AleaError):
    """ALEA_WRONG_PLAYER: an action sent by a seat other than the one who must act now.

    Raised by ``State.apply(action, seat=...)`` and ``State.check(action, seat=...)``:
    a player moved out of turn, a player sent a chance outcome (only the host's
    dice, ``seat=alea.CHANCE``, may), or the host's dice were sent where a player
    must move.  The state is unchanged.
    """

    STATUS = _lib.WRONG_PLAYER


_BY_STATUS: Dict[int, Type[AleaError]] = {
    cls.STATUS: cls
    for cls in (
        InvalidArgument,
        IllegalActionError,
        ParseError,
        BufferTooSmall,
        WrongPhaseError,
        OutOfMemory,
        GameNotFound,
        BadOption,
        InvalidStateError,
        AbiMismatch,
        Unsupported,
        WrongPlayer,
    )
}


def _message(raw: bytes) -> str:
    # The reason may have been cut at ALEA_ERROR_MESSAGE_SIZE inside a UTF-8 sequence.
    return raw.decode("utf-8", errors="replace").rstrip("\ufffd")


def error_for(status: int, err: Optional[_lib.Error] = None, reason: str = "") -> AleaError:
    """The exception for a failed call: the subclass for ``status``, filled from ``err``."""
    cls = _BY_STATUS.get(status, AleaError)
    offset, line = -1, 0
    if err is not None and err.status == status:
        reason = _message(err.message) or reason
        offset, line = err.offset, err.line
    return cls(status, reason, offset, line)


def raise_for(status: int, err: Optional[_lib.Error] = None, reason: str = "") -> None:
    """Raises :func:`error_for` unless ``status`` is ALEA_OK."""
    if status != _lib.OK:
        raise error_for(status, err, reason)
