"""``alea.Rng``: the library's reproducible random number generator (``alea_rng``)."""

from __future__ import annotations

import ctypes
from typing import Any, Dict, Optional, Sequence, Tuple, TypeVar

from . import _lib
from ._util import in_range, u64

__all__ = ["Rng"]

T = TypeVar("T")


class Rng:
    """xoshiro256** seeded through SplitMix64, as ``alea_rng`` (see ``alea/rng.h``).

    The same seed gives the same sequence on every platform, so a seed replays a
    whole game (dice and bots).  Bounded draws use rejection sampling, so dice are
    exactly uniform.  For independent streams from one seed, :meth:`copy` the
    generator and :meth:`jump` the copy.

    >>> rng = Rng(42)
    >>> rng.die(6) in range(1, 7)
    True
    """

    # _rng: the C struct; _p: a pointer to it made once, for the hot calls.
    __slots__ = ("_rng", "_p")

    def __init__(self, seed: int) -> None:
        """Seeds the generator (any seed in [0, 2**64), 0 included)."""
        self._set(_lib.Rng())
        _lib.alea_rng_seed(self._p, u64(seed, "seed"))

    def _set(self, raw: _lib.Rng) -> None:
        self._rng = raw
        self._p = ctypes.byref(raw)

    @property
    def _ref(self) -> Any:
        return ctypes.byref(self._rng)

    def seed(self, seed: int) -> None:
        """Re-seeds the generator in place: it then draws what ``Rng(seed)`` draws."""
        _lib.alea_rng_seed(self._ref, u64(seed, "seed"))

    def choice(self, items: Sequence[T]) -> T:
        """A uniformly drawn element of a non-empty sequence (e.g. legal actions).

        Raises :class:`IndexError` for an empty sequence.
        """
        if len(items) == 0:
            raise IndexError("cannot choose from an empty sequence")
        return items[self.below(len(items))]

    def next(self) -> int:
        """The next 64 random bits, as an int in [0, 2**64)."""
        return int(_lib.alea_rng_next(self._ref))

    def below(self, bound: int) -> int:
        """A uniform integer in [0, bound); bound in [1, 2**64)."""
        return int(_lib.alea_rng_below(self._ref, in_range(bound, 1, _lib.UINT64_MAX, "bound")))

    def die(self, sides: int = 6) -> int:
        """One fair die: a uniform integer in [1, sides]."""
        return int(_lib.alea_rng_die(self._ref, in_range(sides, 1, _lib.INT_MAX, "sides")))

    def random(self) -> float:
        """A uniform float in [0, 1) (the top 53 bits of :meth:`next`)."""
        return float(_lib.alea_rng_double(self._ref))

    def jump(self) -> None:
        """Advances the generator by 2**128 steps, giving a non-overlapping stream."""
        _lib.alea_rng_jump(self._ref)

    @property
    def words(self) -> Tuple[int, int, int, int]:
        """The four 64-bit state words (read-only; for inspection and tests)."""
        return tuple(int(w) for w in self._rng.s)  # type: ignore[return-value]

    def copy(self) -> "Rng":
        """An independent generator in the same state (it will draw the same sequence)."""
        other = Rng.__new__(Rng)
        other._set(_lib.Rng.from_buffer_copy(self._rng))
        return other

    __copy__ = copy

    def __deepcopy__(self, memo: Optional[Dict[int, Any]] = None) -> "Rng":
        return self.copy()

    def __reduce__(self) -> Tuple[Any, ...]:
        return (_restore, (self.words,))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Rng):
            return NotImplemented
        return self.words == other.words

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        return "<alea.Rng " + " ".join(f"{w:016x}" for w in self.words) + ">"


def _restore(words: Tuple[int, int, int, int]) -> Rng:
    """Unpickles an :class:`Rng` from its four state words."""
    rng = Rng.__new__(Rng)
    rng._set(_lib.Rng())
    for i, w in enumerate(words):
        rng._rng.s[i] = u64(w, "state word")
    return rng
