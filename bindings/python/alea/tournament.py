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

An entrant is a bot kind (``"mcts"``, with parameters ``"mcts:playouts=50"``) or
one of the game's named levels of play (``"expert"``: :func:`alea.bot_levels`).
:func:`round_robin` plays every entrant against every other (two-seat games)
and gives a table of win rates with intervals and the CPU time per move.
"""

from __future__ import annotations

import itertools
import math
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

from .bots import BOTS, Bot, bot_choose, bot_kind, bot_levels
from .errors import InvalidArgument
from .rng import Rng
from .state import Game, State

__all__ = ["Z95", "wilson", "Standing", "TournamentResult", "entrant_labels", "run", "format_table",
           "RoundRobin", "round_robin", "format_round_robin"]

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
    #: decisions taken and the CPU seconds they took (measured, so not compared: the
    #: rest of a result is the same for any number of workers)
    moves: int = field(default=0, compare=False)
    cpu_seconds: float = field(default=0.0, compare=False)

    @property
    def ms_per_move(self) -> float:
        """CPU milliseconds per decision (0 when it took none)."""
        return 1000.0 * self.cpu_seconds / self.moves if self.moves else 0.0

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


#: alea-bench's bot parameters (``mcts:playouts=50,exploration=0.7``) and the
#: :class:`~alea.Bot` parameters they set.
BOT_PARAMETERS = {
    "depth": "depth",
    "playouts": "playouts",
    "exploration": "exploration",
    "nodes": "max_nodes",
    "plies": "playout_plies",
    "budget": "node_budget",
}

BotEntry = Tuple[int, Tuple[Tuple[str, Any], ...]]


def parse_bot(text: str, levels: Sequence[str] = ()) -> BotEntry:
    """A bot as alea-bench writes it: ``name`` or ``name:key=value,key=value`` with the
    keys of :data:`BOT_PARAMETERS`, e.g. ``"mcts:playouts=50"``, or one of ``levels``
    (the game's levels of play, e.g. ``"expert"``).  Returns the kind and the
    :class:`~alea.Bot` parameters (a level: ``(("level", name),)``); raises
    :class:`~alea.InvalidArgument`."""
    if text in levels:
        return bot_kind("ply"), (("level", text),)
    name, colon, rest = text.partition(":")
    kind = bot_kind(name)
    params: List[Tuple[str, float]] = []
    for item in rest.split(",") if colon else []:
        key, eq, value = item.partition("=")
        if not eq or key not in BOT_PARAMETERS:
            raise InvalidArgument(
                reason=f"bot {text!r}: expected key=value with a key among "
                f"{', '.join(BOT_PARAMETERS)}, got {item!r}")
        try:
            number: float = float(value) if key == "exploration" else int(value)
        except ValueError:
            raise InvalidArgument(reason=f"bot {text!r}: {key} takes a number, got {value!r}")
        params.append((BOT_PARAMETERS[key], number))
    return kind, tuple(params)


def _chooser(entry: BotEntry, game: Game) -> Callable[[State, Rng], int]:
    """A bot without parameters plays the quick settings of :func:`~alea.bot_choose`;
    one with parameters is a :class:`~alea.Bot` with those options."""
    kind, params = entry
    if not params:
        return lambda state, rng: bot_choose(state, kind, rng)
    options = dict(params)
    bot = Bot(options.pop("level"), game.id) if "level" in options else Bot(kind, game.id, **options)
    return bot.choose


def _play_one(state: State, seats: Sequence[Callable[[State, Rng], int]], rng: Rng,
              max_steps: int, clock: List[List[float]]) -> Tuple[bool, int]:
    """Plays ``state`` to the end in place; ``seats[s]`` chooses for seat s, and
    ``clock[s]`` adds up its decisions and their CPU seconds."""
    for step in range(max_steps):
        player = state.current_player
        if player < 0:
            if state.is_terminal:
                return True, step
            state.roll(rng)
        else:
            t0 = time.process_time()
            action = seats[player](state, rng)
            clock[player][0] += 1
            clock[player][1] += time.process_time() - t0
            state.apply(action)
    return state.is_terminal, max_steps


# One game's record: (seating index, finished, actions, ranks, winner, draw,
# returns, scores, per seat (decisions, CPU seconds)); plain values, so that Dask
# workers can send them back.
_GameRecord = Tuple[int, bool, int, Tuple[int, ...], Optional[int], bool, Tuple[float, ...],
                    Tuple[int, ...], Tuple[Tuple[float, float], ...]]


def _play_range(
    start: int,
    stop: int,
    spec: str,
    entries: Sequence[BotEntry],
    schedule: Sequence[Tuple[int, ...]],
    seed: int,
    max_steps: int,
) -> List[_GameRecord]:
    """Games start .. stop - 1 of the tournament (also on a Dask worker): game g
    draws from Rng(seed) jumped g times, whatever range it is played in."""
    game = Game(spec)
    choosers = [_chooser(entry, game) for entry in entries]
    master = Rng(seed)
    for _ in range(start):
        master.jump()
    records: List[_GameRecord] = []
    for g in range(start, stop):
        rng = master.copy()
        master.jump()
        seating = schedule[g % len(schedule)]
        state = game.new_state()
        clock = [[0.0, 0.0] for _ in seating]
        finished, steps = _play_one(state, [choosers[e] for e in seating], rng, max_steps, clock)
        outcome = state.result
        records.append((g % len(schedule), finished, steps, outcome.ranks, outcome.winner,
                        outcome.draw, outcome.returns, outcome.scores,
                        tuple((c[0], c[1]) for c in clock)))
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

    ``bots`` are names from :data:`alea.BOTS`, with alea-bench's parameters if wanted
    (``"mcts:playouts=50"``, :func:`parse_bot`), or the game's levels of play
    (:func:`alea.bot_levels`); an entrant may appear more than once;
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
    levels = bot_levels(game.spec)
    entries = [parse_bot(name, levels) for name in bots]
    standings = [
        Standing(label, dict(params).get("level") or (BOTS[kind] if 0 <= kind < len(BOTS)
                                                      else str(kind)))
        for label, (kind, params) in zip(entrant_labels(bots), entries)
    ]
    schedule = list(itertools.permutations(range(len(bots)), players))
    result = TournamentResult(game.spec, games, seed, standings)
    pieces = chunks(games, max(1, -(-games // max(1, chunk)))) if games else []
    args = (game.spec, entries, schedule, seed, max_steps)
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
        index, finished, steps, ranks, winner, draw, returns, scores, clock = record
        seating = schedule[index]
        result.seatings.append(seating)
        result.actions += steps
        for seat, entrant in enumerate(seating):
            standings[entrant].moves += int(clock[seat][0])
            standings[entrant].cpu_seconds += clock[seat][1]
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


def format_table(result: TournamentResult, title: Optional[str] = None, cpu: bool = False) -> str:
    """The standings as a plain-text table (best first), with 95 % Wilson intervals; with
    ``cpu`` also each entrant's CPU milliseconds per decision (measured: it varies from
    run to run, unlike the rest)."""
    header: Tuple[str, ...] = ("bot", "games", "wins", "draws", "losses", "win rate", "95% CI",
                               "mean return") + (("ms/move",) if cpu else ())
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
        ) + ((f"{s.ms_per_move:.2f}",) if cpu else ())
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


@dataclass
class RoundRobin:
    """What :func:`round_robin` returns: every pair's :class:`TournamentResult`."""

    spec: str  #: canonical spec of the game played
    games: int  #: games per pair
    seed: int
    labels: List[str]  #: the entrants, as in the table
    pairs: Dict[Tuple[int, int], TournamentResult]  #: (i, j), i < j: i's and j's games

    def standing(self, i: int, j: int) -> Standing:
        """Entrant i's record against entrant j."""
        pair = self.pairs[(min(i, j), max(i, j))]
        return pair.standings[0 if i < j else 1]

    def total(self, i: int) -> Standing:
        """Entrant i's record against everyone (CPU summed over its games)."""
        out = Standing(self.labels[i], self.standing(i, 1 if i == 0 else 0).bot)
        for j in range(len(self.labels)):
            if j == i:
                continue
            s = self.standing(i, j)
            out.games += s.games
            out.wins += s.wins
            out.draws += s.draws
            out.losses += s.losses
            out.total_return += s.total_return
            out.total_score += s.total_score
            out.moves += s.moves
            out.cpu_seconds += s.cpu_seconds
        return out


def round_robin(
    spec: str,
    bots: Sequence[str],
    games: int = 100,
    seed: int = 1,
    client: Any = None,
    chunk: int = 50,
    progress: Optional[Callable[[int], None]] = None,
) -> RoundRobin:
    """Every entrant of ``bots`` (as in :func:`run`: kinds, parameters, levels) against
    every other: ``games`` games per pair of a two-seat game, seats alternating, each
    pair from the same ``seed`` (the same dice streams).  With a Dask ``client`` the
    games run on its workers, and the result is the same as in one process (the CPU
    times aside).  ``progress`` gets the number of games done.  Raises
    :class:`~alea.InvalidArgument` for a game of more than two seats or fewer than
    two entrants."""
    game = Game(spec)
    if game.num_players != 2:
        raise InvalidArgument(
            reason=f"a round robin is for two-seat games; {game.spec} has {game.num_players}")
    if len(bots) < 2:
        raise InvalidArgument(reason=f"a round robin needs two entrants or more, got {len(bots)}")
    labels = entrant_labels(bots)
    pairs: Dict[Tuple[int, int], TournamentResult] = {}
    done = 0
    for i, j in itertools.combinations(range(len(bots)), 2):
        base = done

        def step(n: int, base: int = base) -> None:
            if progress:
                progress(base + n)

        pair = run(game.spec, [bots[i], bots[j]], games=games, seed=seed, client=client,
                   chunk=chunk, progress=step)
        pair.standings[0].label, pair.standings[1].label = labels[i], labels[j]
        pairs[(i, j)] = pair
        done += games
    return RoundRobin(game.spec, games, seed, labels, pairs)


def format_round_robin(result: RoundRobin, cpu: bool = True) -> str:
    """The round robin as a table: per row an entrant, its win rate against each
    column's entrant with the 95 % Wilson interval, its total, and (``cpu``) its CPU
    milliseconds per decision; draws count half in the rates."""
    n = len(result.labels)

    def cell(s: Standing) -> str:
        k = s.wins + s.draws / 2
        low, high = wilson(int(round(k)), s.games) if s.games else (0.0, 1.0)
        return f"{100 * k / max(1, s.games):.0f} [{100 * low:.0f}–{100 * high:.0f}]"

    header = ["", *result.labels, "all"] + (["ms/move"] if cpu else [])
    rows = []
    for i in range(n):
        total = result.total(i)
        row = [result.labels[i]] + [("—" if j == i else cell(result.standing(i, j))) for j in range(n)]
        row.append(cell(total))
        if cpu:
            row.append(f"{total.ms_per_move:.2f}")
        rows.append(row)
    widths = [max(len(r[c]) for r in [header] + rows) for c in range(len(header))]
    lines = [f"{result.spec}: round robin, {result.games} games a pair, seed {result.seed}; "
             "win % of the row against the column [95% interval]"]
    for r in [header] + rows:
        lines.append("  ".join([r[0].ljust(widths[0])] + [c.rjust(w) for c, w in
                                                          zip(r[1:], widths[1:])]).rstrip())
    return "\n".join(lines)
