"""Bot tournaments: play many games between bots and rate them with confidence intervals.

>>> from alea.tournament import run, format_table
>>> result = run("dice-poker", ["greedy", "random"], games=10, seed=1)
>>> print(format_table(result))  # doctest: +SKIP

Every game gets its own random stream (a copy of one generator seeded with
``seed``, which is then :meth:`~alea.Rng.jump`-ed), so a tournament is
reproducible from its seed and game ``g`` does not depend on how long the
games before it lasted.  Seats are assigned by cycling through every ordered
choice of the entrants, so each entrant plays each seat equally often when the
number of games is a multiple of that cycle.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

from .bots import BOTS, bot_choose, bot_kind
from .errors import InvalidArgument
from .rng import Rng
from .state import Game, State

__all__ = ["Z95", "wilson", "Standing", "TournamentResult", "entrant_labels", "run", "format_table"]

#: The normal quantile of a two-sided 95 % interval.
Z95: float = 1.959963984540054


def wilson(successes: int, trials: int, z: float = Z95) -> Tuple[float, float]:
    """The Wilson score interval of a proportion ``successes / trials`` (95 % by default).

    Returns ``(low, high)`` within [0, 1]; ``(0.0, 1.0)`` when there were no trials.
    Unlike the normal approximation it stays inside [0, 1] and behaves at 0 and
    ``trials`` successes.
    """
    if trials < 0 or not 0 <= successes <= trials:
        raise ValueError(f"need 0 <= successes <= trials, got {successes} of {trials}")
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    z2 = z * z
    denominator = 1.0 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1.0 - p) / trials + z2 / (4.0 * trials * trials)) / denominator
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)  # exact at the edges
    return low, high


@dataclass
class Standing:
    """One entrant's record: a win is finishing alone in first place, a draw is
    sharing first place (or a drawn game), anything else a loss."""

    label: str  #: the entrant's name in the table, e.g. ``"greedy"`` or ``"random#2"``
    bot: str  #: the bot kind's name (``alea_bot_name``)
    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    total_return: float = 0.0  #: sum of the returns (utilities in [-1, 1]) obtained
    total_score: int = 0  #: sum of the final scores

    @property
    def win_rate(self) -> float:
        """``wins / games`` (0 when no game was played)."""
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> Tuple[float, float]:
        """95 % Wilson interval of the win rate."""
        return wilson(self.wins, self.games)

    @property
    def mean_return(self) -> float:
        """Average return per game."""
        return self.total_return / self.games if self.games else 0.0

    @property
    def mean_score(self) -> float:
        """Average final score per game."""
        return self.total_score / self.games if self.games else 0.0


@dataclass
class TournamentResult:
    """What :func:`run` returns: the settings and one :class:`Standing` per entrant."""

    spec: str  #: canonical spec of the game played
    games: int
    seed: int
    standings: List[Standing]
    unfinished: int = 0  #: games stopped at ``max_steps`` (counted for nobody)
    actions: int = 0  #: actions applied in all games, chance outcomes included
    seatings: List[Tuple[int, ...]] = field(default_factory=list)  #: entrant index per seat, per game

    def ranked(self) -> List[Standing]:
        """The standings, best win rate first (then mean return, then name)."""
        return sorted(self.standings, key=lambda s: (-s.win_rate, -s.mean_return, s.label))


def entrant_labels(bots: Sequence[str]) -> List[str]:
    """Unique table labels: a bot that enters twice becomes ``name`` and ``name#2``."""
    seen: Dict[str, int] = {}
    labels = []
    for name in bots:
        seen[name] = seen.get(name, 0) + 1
        labels.append(name if seen[name] == 1 else f"{name}#{seen[name]}")
    return labels


def _play_one(state: State, seats: Sequence[int], rng: Rng, max_steps: int) -> Tuple[bool, int]:
    """Plays ``state`` to the end in place; ``seats[s]`` is the bot kind of seat s."""
    for step in range(max_steps):
        player = state.current_player
        if player < 0:
            if state.is_terminal:
                return True, step
            state.roll(rng)
        else:
            state.apply(bot_choose(state, seats[player], rng))
    return state.is_terminal, max_steps


# One game's record: (seating index, finished, actions, ranks, winner, draw,
# returns, scores); plain values, so that Dask workers can send them back.
_GameRecord = Tuple[int, bool, int, Tuple[int, ...], Optional[int], bool, Tuple[float, ...],
                    Tuple[int, ...]]


def _play_range(
    start: int,
    stop: int,
    spec: str,
    kinds: Sequence[int],
    schedule: Sequence[Tuple[int, ...]],
    seed: int,
    max_steps: int,
) -> List[_GameRecord]:
    """Games start .. stop - 1 of the tournament (also on a Dask worker): game g
    draws from Rng(seed) jumped g times, whatever range it is played in."""
    game = Game(spec)
    master = Rng(seed)
    for _ in range(start):
        master.jump()
    records: List[_GameRecord] = []
    for g in range(start, stop):
        rng = master.copy()
        master.jump()
        seating = schedule[g % len(schedule)]
        state = game.new_state()
        finished, steps = _play_one(state, [kinds[e] for e in seating], rng, max_steps)
        outcome = state.result
        records.append((g % len(schedule), finished, steps, outcome.ranks, outcome.winner,
                        outcome.draw, outcome.returns, outcome.scores))
    return records


def run(
    spec: str,
    bots: Sequence[str],
    games: int = 100,
    seed: int = 1,
    max_steps: int = 1_000_000,
    client: Any = None,
    chunk: int = 100,
    progress: Optional[Callable[[int], None]] = None,
) -> TournamentResult:
    """Plays ``games`` games of ``spec`` between the bots named in ``bots``.

    ``bots`` are names from :data:`alea.BOTS` (an entrant may appear more than once);
    there must be at least as many entrants as the game has seats.  Raises
    :class:`~alea.InvalidArgument` for an unknown bot or too few entrants, and
    the game's errors for a bad spec.  With a Dask ``client``
    (:func:`alea.distributed.cluster`) chunks of ``chunk`` games run on its
    workers; the result is identical to the one-process run.  ``progress`` is
    called with the number of games done after each chunk.
    """
    from .distributed import chunks

    game = Game(spec)
    players = game.num_players
    if games < 0:
        raise InvalidArgument(reason=f"the number of games must be >= 0, got {games}")
    if len(bots) < players:
        raise InvalidArgument(
            reason=f"{game.id} with these options has {players} seats: name at least "
            f"{players} bots (have {len(bots)}; bots: {', '.join(BOTS)})"
        )
    kinds = [bot_kind(name) for name in bots]
    standings = [
        Standing(label, BOTS[kind] if 0 <= kind < len(BOTS) else str(kind))
        for label, kind in zip(entrant_labels(bots), kinds)
    ]
    schedule = list(itertools.permutations(range(len(bots)), players))
    result = TournamentResult(game.spec, games, seed, standings)
    pieces = chunks(games, max(1, -(-games // max(1, chunk)))) if games else []
    args = (game.spec, kinds, schedule, seed, max_steps)
    if client is not None:
        futures = [client.submit(_play_range, p.start, p.stop, *args, pure=False) for p in pieces]
        parts = []
        for piece, future in zip(pieces, futures):  # in order: the same sums as one process
            parts.append(future.result())
            if progress:
                progress(piece.stop)
    else:
        parts = []
        for piece in pieces:
            parts.append(_play_range(piece.start, piece.stop, *args))
            if progress:
                progress(piece.stop)
    for record in (r for part in parts for r in part):
        index, finished, steps, ranks, winner, draw, returns, scores = record
        seating = schedule[index]
        result.seatings.append(seating)
        result.actions += steps
        if not finished:
            result.unfinished += 1
            continue
        first = [s for s in range(players) if ranks[s] == 1]
        for seat, entrant in enumerate(seating):
            standing = standings[entrant]
            standing.games += 1
            standing.total_return += returns[seat]
            standing.total_score += scores[seat]
            if winner == seat:
                standing.wins += 1
            elif seat in first or draw:
                standing.draws += 1
            else:
                standing.losses += 1
    return result


def _percent(x: float) -> str:
    return f"{100.0 * x:5.1f}%"


def format_table(result: TournamentResult, title: Optional[str] = None) -> str:
    """The standings as a plain-text table (best first), with 95 % Wilson intervals."""
    header = ("bot", "games", "wins", "draws", "losses", "win rate", "95% CI", "mean return")
    rows = [
        (
            s.label,
            str(s.games),
            str(s.wins),
            str(s.draws),
            str(s.losses),
            _percent(s.win_rate),
            f"[{_percent(s.interval[0])}, {_percent(s.interval[1])}]",
            f"{s.mean_return:+.3f}",
        )
        for s in result.ranked()
    ]
    widths = [max(len(r[i]) for r in [header] + rows) for i in range(len(header))]
    lines = []
    if title is None:
        title = f"{result.spec}: {result.games} games, seed {result.seed}"
    lines.append(title)
    for r in [header] + rows:
        cells = [r[0].ljust(widths[0])] + [c.rjust(w) for c, w in zip(r[1:], widths[1:])]
        lines.append("  ".join(cells).rstrip())
    if result.unfinished:
        lines.append(f"{result.unfinished} game(s) did not end within the step limit")
    return "\n".join(lines)
