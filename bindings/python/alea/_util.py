"""Argument conversion shared by the modules: range checks, text, snprintf-style buffers.

ctypes silently truncates integers that do not fit the C type (``c_uint64(-1)``
is 2**64-1) and raises ``ctypes.ArgumentError``, which is not a ``TypeError``,
for wrong types.  Every value is therefore checked here before it reaches C.
"""

from __future__ import annotations

import ctypes
import operator
from typing import Any, Callable, Union

from . import _lib
from .errors import InvalidArgument, raise_for

TextLike = Union[str, bytes, bytearray]


def call(fn: Callable[..., Any], *args: Any) -> Any:
    """Calls a C function, turning ``ctypes.ArgumentError`` into ``TypeError``."""
    try:
        return fn(*args)
    except ctypes.ArgumentError as exc:
        raise TypeError(f"{getattr(fn, '__name__', 'alea')}: {exc}") from None


def integer(value: Any, what: str) -> int:
    """``value`` as a Python int (anything with ``__index__`` except bool), else TypeError."""
    if isinstance(value, bool):
        raise TypeError(f"{what} must be an integer, not bool")
    try:
        return operator.index(value)
    except TypeError:
        raise TypeError(f"{what} must be an integer, not {type(value).__name__}") from None


def in_range(value: Any, lo: int, hi: int, what: str) -> int:
    """``value`` as an int in [lo, hi], else InvalidArgument (a ValueError)."""
    n = integer(value, what)
    if not lo <= n <= hi:
        raise InvalidArgument(reason=f"{what} must be in [{lo}, {hi}], got {n}")
    return n


def u64(value: Any, what: str = "action") -> int:
    """``value`` as a uint64_t (0 .. 2**64-1)."""
    return in_range(value, 0, _lib.UINT64_MAX, what)


def c_int_value(value: Any, what: str) -> int:
    """``value`` as a C int."""
    return in_range(value, _lib.INT_MIN, _lib.INT_MAX, what)


def text_bytes(value: Any, what: str = "text") -> bytes:
    """str (encoded as UTF-8) or bytes as a byte string for a ``(const char *, size_t)``
    pair of a ``_n`` function: a NUL inside is passed on, and the library refuses it
    with ParseError (its ``offset`` says where)."""
    if isinstance(value, str):
        return value.encode("utf-8")
    if isinstance(value, (bytes, bytearray, memoryview)):
        return bytes(value)
    raise TypeError(f"{what} must be str or bytes, not {type(value).__name__}")


def to_bytes(value: Any, what: str = "text") -> bytes:
    """str (encoded as UTF-8) or bytes as a NUL-free byte string for a NUL-terminated
    ``const char *`` (the few entry points without a length, e.g. a bot kind)."""
    data = text_bytes(value, what)
    if b"\0" in data:
        raise InvalidArgument(reason=f"{what} contains a NUL character")
    return data


def read_text(fn: Callable[..., int], *args: Any, initial: int = 256) -> str:
    """Calls an snprintf-style ``fn(buf, capacity, &len, *args)``; grows the buffer as told."""
    capacity = initial
    length = ctypes.c_size_t()
    for _ in range(4):
        buf = ctypes.create_string_buffer(capacity)
        status = call(fn, buf, capacity, ctypes.byref(length), *args)
        if status == _lib.OK:
            return buf.raw[: length.value].decode("utf-8")
        if status != _lib.BUFFER_TOO_SMALL or length.value + 1 <= capacity:
            break
        capacity = length.value + 1
    raise_for(status)
    raise AssertionError("unreachable")  # pragma: no cover
