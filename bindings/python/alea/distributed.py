"""Tournaments and rollouts on a Dask cluster (Debian's python3-distributed), optional.

Work is cut into chunks of consecutive game numbers; chunk results are
gathered in chunk order and combined exactly as in one process.  Since game
number g always draws from the generator seeded with ``seed`` and jumped g
times (doc/rng.md), the results are the same, bit for bit, for any number of
workers, any chunk size and without Dask (doc/scale.md).

>>> from alea.distributed import cluster
>>> with cluster(workers=2) as client:            # doctest: +SKIP
...     alea.rollout(state, ["greedy", "greedy"], 10_000, seed=1, client=client)
"""

from __future__ import annotations

import contextlib
import importlib
from typing import Any, Callable, Iterator, List, Optional, Sequence, TypeVar

__all__ = ["available", "cluster", "map_chunks", "chunks"]

T = TypeVar("T")


def available() -> bool:
    """True when ``dask.distributed`` can be imported."""
    try:
        importlib.import_module("distributed")
    except ImportError:
        return False
    return True


@contextlib.contextmanager
def cluster(workers: Optional[int] = None, scheduler: Optional[str] = None) -> Iterator[Any]:
    """A ``distributed.Client``: on the scheduler at ``scheduler`` (e.g.
    ``"tcp://10.0.0.5:8786"``, a cluster of several machines started with
    ``dask scheduler`` / ``dask worker``), else on a local cluster of
    ``workers`` processes of one thread each.  Closed on exit."""
    try:  # through importlib: the package has no type hints, and may be absent
        dist: Any = importlib.import_module("distributed")
    except ImportError as exc:
        raise RuntimeError(
            "Dask is not installed (Debian: apt-get install python3-distributed)"
        ) from exc
    if scheduler:
        client = dist.Client(scheduler)
        try:
            yield client
        finally:
            client.close()
        return
    local = dist.LocalCluster(
        n_workers=max(1, workers or 1), threads_per_worker=1, processes=True,
        dashboard_address=None,
    )
    client = dist.Client(local)
    try:
        yield client
    finally:
        client.close()
        local.close()


def chunks(total: int, parts: int) -> List[range]:
    """``total`` consecutive numbers cut into at most ``parts`` ranges of near-equal size."""
    parts = max(1, min(parts, total)) if total else 1
    size, extra = divmod(total, parts)
    out, start = [], 0
    for i in range(parts):
        end = start + size + (1 if i < extra else 0)
        out.append(range(start, end))
        start = end
    return out


def map_chunks(fn: Callable[..., T], pieces: Sequence[range], *args: Any,
               client: Any = None) -> List[T]:
    """``[fn(piece.start, piece.stop, *args) for piece in pieces]``, on the Dask
    ``client``'s workers when one is given; always in the order of ``pieces``."""
    if client is None:
        return [fn(p.start, p.stop, *args) for p in pieces]
    futures = [client.submit(fn, p.start, p.stop, *args, pure=False) for p in pieces]
    results: List[T] = client.gather(futures)
    return results
