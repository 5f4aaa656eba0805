"""``python3 -m alea``: play a game, replay a record, run a bot tournament, list games.

::

    python3 -m alea play GAME-OR-SPEC [--seed N] [--bot NAME]... [--human SEAT]...
    python3 -m alea replay RECORD-FILE|-
    python3 -m alea tournament [--games N] [--seed S] [--workers K | --scheduler ADDRESS]
                               [--quiet] SPEC BOT BOT...
    python3 -m alea games
    python3 -m alea --version

Exit status: 0 on success; 1 for a bad record (replay), input that ended before
the game did (play) or an error from the library; 2 for bad command-line usage.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from typing import IO, List, Optional, Sequence

from .bots import BOTS, bot_choose, bot_kind, bot_levels
from .errors import AleaError, InvalidArgument
from .info import games as _games
from .rng import Rng
from .state import State, replay
from . import tournament as _tournament

__all__ = ["main", "describe_result", "build_parser"]


def describe_result(state: State) -> str:
    """One line on the outcome: who won (or a draw) and the scores, or whose turn it is."""
    result = state.result
    scores = ", ".join(str(s) for s in result.scores)
    if not result.terminal:
        player = state.current_player
        who = "dice to throw" if state.is_chance else f"seat {player} to act"
        return f"game in progress ({who}); scores so far: {scores}"
    if result.winner is not None:
        return f"game over: seat {result.winner} wins; scores: {scores}"
    first = [str(s) for s, r in enumerate(result.ranks) if r == 1]
    if result.draw or len(first) > 1:
        return f"game over: draw between seats {', '.join(first)}; scores: {scores}"
    return f"game over; scores: {scores}"  # pragma: no cover - every game ranks someone


# -- play --------------------------------------------------------------------------


#: At most this many legal moves are named when a turn starts (e.g. "roll or double");
#: longer lists only on request, as alea-play does.
SHORT_LIST = 4


def _announce(state: State, seat: int, out: IO[str]) -> None:
    legal = state.legal_actions()
    if len(legal) > SHORT_LIST:
        out.write(f"Seat {seat} to move: {len(legal)} legal moves "
                  "(`moves` or `?` lists them, `help` for more).\n")
    else:
        texts = [a.text for a in legal]
        named = texts[0] if len(texts) == 1 else ", ".join(texts[:-1]) + " or " + texts[-1]
        out.write(f"Seat {seat} to move: {named}\n")


class _Quit(Exception):
    """The human typed ``quit``: the game is abandoned on purpose (exit status 0)."""


def _read_move(state: State, seat: int, inp: IO[str], out: IO[str], echo: bool) -> Optional[str]:
    """Reads a legal move for ``seat`` from ``inp``; None at end of input; raises _Quit on ``quit``.

    The commands are alea-play's: ``moves`` or ``?`` lists the legal moves, ``board``
    shows the board, ``help`` the commands, ``quit`` stops; a refused move is answered
    ``rejected: ALEA_STATUS: reason``."""
    _announce(state, seat, out)
    while True:
        out.write(f"seat {seat}> ")
        out.flush()
        line = inp.readline()
        if not line:
            out.write("\n")
            return None
        text = line.strip()
        if echo:
            out.write(text + "\n")
        if text in ("quit", "exit"):
            raise _Quit()
        if text == "":
            continue
        if text == "help":
            out.write("Type a move in the game's notation, or its number in the list.\n"
                      "Commands: moves or ? (list the legal moves), board, help, quit.\n")
            continue
        if text in ("?", "moves"):
            for i, action in enumerate(state.legal_actions(), start=1):
                out.write(f"  {i:3}. {action.text}\n")
            continue
        if text == "board":
            out.write(state.board())
            continue
        if text.isdigit():
            legal = state.legal_actions()
            if 1 <= int(text) <= len(legal):
                return legal[int(text) - 1].text
            out.write(f"  rejected: there is no number {text}; choose 1..{len(legal)}\n")
            continue
        try:
            state.check(text, seat=seat)
        except AleaError as e:
            out.write(f"  rejected: {e.name}: {e.reason or e}\n")
            continue
        return text


def _play(args: argparse.Namespace, inp: IO[str], out: IO[str]) -> int:
    state = State(" ".join(args.spec))
    players = state.num_players
    humans = set(args.human or [])
    for seat in humans:
        if not 0 <= seat < players:
            raise SystemExit(f"alea play: --human {seat}: seats are 0..{players - 1}")
    bots = args.bot or ["greedy"]
    kinds = [bot_kind(name) for name in bots]
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "little")
    rng = Rng(seed)
    seats = ", ".join(
        f"seat {s}: {'human' if s in humans else BOTS[kinds[s % len(kinds)]]}"
        for s in range(players)
    )
    out.write(f"{state.spec}  (seed {seed}; {seats})\n")
    record: List[str] = [state.spec]
    echo = not inp.isatty()
    shown = False
    while not state.is_terminal:
        player = state.current_player
        if player in humans:
            if not shown:
                out.write(state.board())
            try:
                text = _read_move(state, player, inp, out, echo)
            except _Quit:
                out.write("game abandoned (quit)\n")
                _write_record(args.record, record)
                return 0
            if text is None:
                out.write("input ended before the game did\n")
                _write_record(args.record, record)
                return 1
            action = state.parse_action(text)
            who = f"seat {player}"
        elif state.is_chance:
            action = state.sample(rng)
            who = "dice"
        else:
            action = bot_choose(state, kinds[player % len(kinds)], rng)
            who = f"seat {player} ({BOTS[kinds[player % len(kinds)]]})"
        move = state.action_to_str(action)
        state.apply(action)
        record.append(move)
        shown = False
        if not args.quiet:
            out.write(f"{who}: {move}\n")
        if args.every:
            out.write(state.board())
            shown = True
    out.write(state.board())
    out.write(describe_result(state) + "\n")
    _write_record(args.record, record)
    return 0


def _write_record(path: Optional[str], record: Sequence[str]) -> None:
    if path:
        with open(path, "w", encoding="utf-8") as f:
            f.write("\n".join(record) + "\n")


# -- replay ------------------------------------------------------------------------


def _replay(args: argparse.Namespace, inp: IO[str], out: IO[str]) -> int:
    if args.record == "-":
        text = inp.read()
    else:
        try:
            with open(args.record, encoding="utf-8") as f:
                text = f.read()
        except (OSError, UnicodeDecodeError) as exc:
            raise SystemExit(f"alea replay: cannot read {args.record}: {exc}") from None
    try:
        state, applied = replay(text)
    except AleaError as err:
        lines = text.splitlines()
        bad = lines[err.line - 1].strip() if 1 <= err.line <= len(lines) else ""
        out.write(f"line {err.line}: {err.name}: {err.reason or err}\n")
        if bad:
            out.write(f"  the line: {bad}\n")
        before: Optional[State] = getattr(err, "state", None)
        if before is not None:
            out.write(f"position before it ({getattr(err, 'applied', 0)} action(s) applied):\n")
            out.write(before.board())
        return 1
    if not args.quiet:
        out.write(state.board())
    out.write(f"{applied} action(s) applied; {describe_result(state)}\n")
    return 0


# -- tournament --------------------------------------------------------------------


def _run_tournament(args: argparse.Namespace, out: IO[str]) -> int:
    from .distributed import cluster
    from .progress import Progress

    bots = list(BOTS) if args.bots == ["all"] else args.bots
    if bots == ["levels"]:
        bots = list(bot_levels(args.spec))
        if not bots:
            raise InvalidArgument(reason=f"{args.spec} has no levels of play")
    total = args.games
    if args.round_robin:
        total = args.games * len(bots) * (len(bots) - 1) // 2
    with Progress(total, "games", quiet=args.quiet, desc="tournament") as bar:
        client = None
        with contextlib.ExitStack() as stack:
            if args.workers or args.scheduler:
                client = stack.enter_context(cluster(workers=args.workers,
                                                     scheduler=args.scheduler))
            if args.round_robin:
                rr = _tournament.round_robin(args.spec, bots, games=args.games, seed=args.seed,
                                             client=client, progress=bar.update_to)
            else:
                result = _tournament.run(args.spec, bots, games=args.games, seed=args.seed,
                                         client=client, progress=bar.update_to)
    if args.round_robin:
        out.write(_tournament.format_round_robin(rr, cpu=args.cpu) + "\n")
    else:
        out.write(_tournament.format_table(result, cpu=args.cpu) + "\n")
    return 0


# -- games -------------------------------------------------------------------------


def _list_games(out: IO[str]) -> int:
    for info in _games():
        seats = (
            str(info.min_players)
            if info.min_players == info.max_players
            else f"{info.min_players}-{info.max_players}"
        )
        out.write(f"{info.id:12} {info.title} ({seats} players)\n")
        for opt in info.options:
            out.write(f"{'':14}{opt.name}={opt.default}  {opt.help}\n")
    out.write(f"bots: {', '.join(BOTS)}\n")
    return 0


def _library_version() -> str:
    from . import version

    return version()


def build_parser() -> argparse.ArgumentParser:
    """The ``argparse`` parser of ``python3 -m alea``."""
    parser = argparse.ArgumentParser(
        prog="python3 -m alea",
        description="alea: rules, legal moves and dice for dice and board games.",
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"python3 -m alea (alea) {_library_version()}",
        help="print the version and exit",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True

    play = sub.add_parser(
        "play",
        help="play a game: humans against bots, or bots against bots",
        description="Play a game. Human seats read one move a line from standard input "
        "('?' lists the legal moves, 'board' shows the board, 'quit' stops); the other "
        "seats are bots; dice are thrown with the seeded generator.",
    )
    play.add_argument("spec", nargs="+", help="game id or spec, e.g. dice-poker players=3")
    play.add_argument("--seed", type=int, help="random seed (default: a fresh one, printed)")
    play.add_argument(
        "--bot",
        action="append",
        metavar="NAME",
        help=f"bot for the non-human seats, repeat for seat by seat ({', '.join(BOTS)}; "
        "default greedy)",
    )
    play.add_argument(
        "--human", action="append", type=int, metavar="SEAT", help="a seat played from stdin"
    )
    play.add_argument("--every", action="store_true", help="print the board after every move")
    play.add_argument("--quiet", action="store_true", help="do not print each move")
    play.add_argument("--record", metavar="FILE", help="write the game record to FILE")

    rep = sub.add_parser(
        "replay",
        help="replay a game record, or find its first bad line",
        description="Replay a game record (doc/record-format.md): print the final board "
        "and result, or the first bad line with its reason (exit status 1).",
    )
    rep.add_argument("record", help="record file, or - for standard input")
    rep.add_argument("--quiet", action="store_true", help="do not print the final board")

    tour = sub.add_parser(
        "tournament",
        help="bots against each other: win rates with 95%% confidence intervals",
        description="Play GAMES games of SPEC between the bots and print their win rates "
        "with 95% Wilson intervals. A bot is a kind (with parameters: mcts:playouts=50) or "
        "one of the game's levels of play (expert); 'all' enters every bot kind of the "
        "library, 'levels' every level of the game.",
    )
    tour.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    tour.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    tour.add_argument("--workers", type=int, metavar="K",
                      help="run on a local Dask cluster of K worker processes "
                      "(python3-distributed); the result is the same as without")
    tour.add_argument("--scheduler", metavar="ADDRESS",
                      help="run on the Dask cluster whose scheduler is at ADDRESS "
                      "(e.g. tcp://10.0.0.5:8786)")
    tour.add_argument("--round-robin", action="store_true",
                      help="two-seat games: GAMES games for every pair of bots, and a table "
                      "of each one's win rate against each other")
    tour.add_argument("--cpu", action="store_true",
                      help="also print each bot's CPU milliseconds per decision (measured: "
                      "it varies from run to run)")
    tour.add_argument("--quiet", action="store_true", help="no progress bar")
    tour.add_argument("spec", help="game id or spec (quote a spec with options)")
    tour.add_argument("bots", nargs="+", metavar="BOT",
                      help=f"bot kinds ({', '.join(BOTS)}) or the game's levels; all; levels")

    sub.add_parser("games", help="list the games, their options and the bots")
    return parser


def main(
    argv: Optional[Sequence[str]] = None,
    stdin: Optional[IO[str]] = None,
    stdout: Optional[IO[str]] = None,
) -> int:
    """Runs ``python3 -m alea`` with ``argv`` (default ``sys.argv[1:]``); returns the exit status."""
    args = build_parser().parse_args(argv)
    inp = stdin if stdin is not None else sys.stdin
    out = stdout if stdout is not None else sys.stdout
    try:
        return _command(args, inp, out)
    except BrokenPipeError:
        # `python3 -m alea games | head`: the reader left; end quietly, as a C
        # program killed by SIGPIPE would (the interpreter's final flush must not
        # meet the closed pipe either).
        if stdout is None:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        return 141


def _command(args: argparse.Namespace, inp: IO[str], out: IO[str]) -> int:
    try:
        if args.command == "play":
            return _play(args, inp, out)
        if args.command == "replay":
            return _replay(args, inp, out)
        if args.command == "tournament":
            return _run_tournament(args, out)
        return _list_games(out)
    except AleaError as err:
        sys.stderr.write(f"alea {args.command}: {err}\n")
        return 1
