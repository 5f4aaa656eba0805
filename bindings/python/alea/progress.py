"""Progress of long work (tournaments, rollouts, training): a tqdm bar with rate
and time left when tqdm is installed (Debian's python3-tqdm), plain lines
otherwise; nothing with ``quiet`` or when the stream is not a terminal."""

from __future__ import annotations

import importlib
import sys
import time
from typing import IO, Any, Optional

__all__ = ["Progress"]


class Progress:
    """``with Progress(total, "games") as bar: bar.update_to(done)``."""

    def __init__(self, total: int, unit: str = "it", quiet: bool = False,
                 stream: Optional[IO[str]] = None, desc: str = "") -> None:
        self.total = total
        self.unit = unit
        self.desc = desc
        self.stream = stream if stream is not None else sys.stderr
        isatty = getattr(self.stream, "isatty", None)
        self.enabled = not quiet and bool(isatty and isatty())
        self.done = 0
        self._bar: Any = None
        self._start = time.monotonic()
        self._last = 0.0
        if self.enabled:
            try:  # through importlib: tqdm is optional and has no type hints here
                tqdm: Any = importlib.import_module("tqdm")
            except ImportError:
                return
            self._bar = tqdm.tqdm(total=total, unit=unit, desc=desc or None, file=self.stream)

    def update_to(self, done: int) -> None:
        """Work done so far (absolute)."""
        step, self.done = done - self.done, done
        if not self.enabled:
            return
        if self._bar is not None:
            self._bar.update(step)
            return
        now = time.monotonic()
        if now - self._last < 1.0 and done < self.total:
            return
        self._last = now
        rate = done / max(now - self._start, 1e-9)
        left = (self.total - done) / rate if rate > 0 else 0.0
        self.stream.write(f"{self.desc + ': ' if self.desc else ''}{done}/{self.total} "
                          f"{self.unit}, {rate:.1f} {self.unit}/s, {left:.0f} s left\n")
        self.stream.flush()

    def __enter__(self) -> "Progress":
        return self

    def __exit__(self, *exc: Any) -> None:
        if self._bar is not None:
            self._bar.close()
