"""Observation tensors (``alea/tensor.h``): :meth:`alea.State.observation_tensor` and
:meth:`alea.State.afterstate_tensors` are built on these.

A tensor is ``GameInfo.observation_size`` floats (one size per game); the
layouts are in doc/rules/<game>.md, "Observation tensor".  With numpy the
results are ``float32`` arrays, written by the library straight into the
array's memory; without numpy, lists of floats.
"""

from __future__ import annotations

import ctypes
from typing import TYPE_CHECKING, Any, List, Tuple

from . import _lib
from ._util import c_int_value, call
from .errors import raise_for

if TYPE_CHECKING:
    from .state import State

__all__ = ["PUBLIC", "observation_tensor", "afterstate_tensors"]

#: The observer "every seat" (``ALEA_OBSERVER_PUBLIC``): what all seats see.
PUBLIC: int = _lib.OBSERVER_PUBLIC

_np: Any
try:  # numpy is optional
    import numpy as _np
except ImportError:  # pragma: no cover - exercised where numpy is absent
    _np = None

_FLOAT_P = ctypes.POINTER(ctypes.c_float)
_U64_P = ctypes.POINTER(ctypes.c_uint64)


def _size(state: "State") -> int:
    size = ctypes.c_size_t()
    raise_for(call(_lib.alea_game_observation_size, ctypes.byref(size),
                   _lib.alea_state_game(ctypes.byref(state._st))))
    return int(size.value)


def _floats(n: int) -> Tuple[Any, Any]:
    """A zeroed float32 buffer of n floats and its C pointer."""
    if _np is not None:
        array = _np.zeros(n, dtype=_np.float32)
        return array, array.ctypes.data_as(_FLOAT_P)
    raw = (ctypes.c_float * max(1, n))()
    return raw, raw


def observation_tensor(state: "State", seat: int) -> Any:
    """``alea_state_observation_tensor``: numpy float32 array (a list without numpy)."""
    seat = c_int_value(seat, "seat")
    size = _size(state)
    buf, ptr = _floats(size)
    status = call(_lib.alea_state_observation_tensor, ptr, size, None, state._ref, seat)
    raise_for(status)
    return buf if _np is not None else list(buf[:size])


def afterstate_tensors(state: "State", seat: int) -> Tuple[Any, Any]:
    """``alea_state_afterstate_tensors``: ``(actions, matrix)``, row i the tensor after
    action i.  numpy: a uint64 vector and a float32 (rows, size) matrix; else lists."""
    seat = c_int_value(seat, "seat")
    size = _size(state)
    rows = ctypes.c_size_t()
    ref = state._ref  # one private copy for both calls (issue 24 item 5)
    status = call(_lib.alea_state_afterstate_tensors, None, None, 0, ctypes.byref(rows),
                  ref, seat)
    if status not in (_lib.OK, _lib.BUFFER_TOO_SMALL):
        raise_for(status)
    n = int(rows.value)
    if _np is not None:
        matrix = _np.zeros((n, size), dtype=_np.float32)
        actions = _np.zeros(n, dtype=_np.uint64)
        mptr, aptr = matrix.ctypes.data_as(_FLOAT_P), actions.ctypes.data_as(_U64_P)
    else:
        matrix = (ctypes.c_float * max(1, n * size))()
        actions = (ctypes.c_uint64 * max(1, n))()
        mptr, aptr = matrix, actions
    status = call(_lib.alea_state_afterstate_tensors, mptr, aptr, n, ctypes.byref(rows),
                  ref, seat)
    raise_for(status)
    if _np is not None:
        return actions, matrix
    rows_list: List[List[float]] = [list(matrix[i * size:(i + 1) * size]) for i in range(n)]
    return list(actions[:n]), rows_list
