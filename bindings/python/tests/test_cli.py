"""The entry points, run as users run them: ``python3 -m alea play|replay|tournament|games``."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from typing import List

import pytest

import alea
from alea.tournament import wilson

GAMES = ["dice-poker", "wise-dice", "plateau", "backgammon"]
PACKAGE_ROOT = Path(alea.__file__).resolve().parents[1]


def run(args: List[str], stdin: str = "", cwd: Path = PACKAGE_ROOT) -> subprocess.CompletedProcess:
    """``python3 -m alea ARGS`` with this interpreter and library."""
    env = dict(os.environ)
    env["PYTHONPATH"] = str(PACKAGE_ROOT)
    env["ALEA_LIBRARY"] = alea.library_path()
    return subprocess.run(
        [sys.executable, "-m", "alea", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        cwd=cwd,
        timeout=120,
    )


# -- play --------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
def test_play_bot_against_bot_writes_a_record_that_replays_to_the_same_end(game_id, tmp_path):
    record = tmp_path / "game.rec"
    proc = run(["play", game_id, "--seed", "7", "--bot", "random", "--bot", "greedy",
                "--record", str(record)])
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0].startswith(alea.Game(game_id).spec)
    assert "seat 0: random" in lines[0] and "seat 1: greedy" in lines[0]
    assert lines[-1].startswith("game over:")
    state, applied = alea.replay(record.read_text())
    assert state.is_terminal
    assert applied == len(record.read_text().splitlines()) - 1
    assert state.board() in proc.stdout  # the final board is printed
    # every move printed is a line of the record, in order
    moves = [line.split(": ", 1)[1] for line in lines[1:]
             if re.match(r"(dice|seat \d+ \([\w#]+\)): ", line)]
    assert moves == record.read_text().splitlines()[1:]


def test_play_is_reproducible_from_its_seed():
    first = run(["play", "backgammon", "--seed", "11", "--quiet"])
    second = run(["play", "backgammon", "--seed", "11", "--quiet"])
    assert first.returncode == 0 and first.stdout == second.stdout
    assert "(seed 11;" in first.stdout


def test_play_without_a_seed_prints_the_one_it_used():
    proc = run(["play", "wise-dice", "--quiet"])
    seed = int(re.search(r"\(seed (\d+);", proc.stdout).group(1))
    again = run(["play", "wise-dice", "--quiet", "--seed", str(seed)])
    assert again.stdout == proc.stdout


def test_play_human_seats_read_moves_from_stdin_and_explain_bad_ones():
    # Both seats human: '?' lists the moves, a bad move is refused with its rule,
    # a number picks a listed move, notation is accepted; then "1" until the end.
    script = "?\nhold 9\nwrite poker\n1\n" + "1\n" * 2000
    proc = run(["play", "dice-poker", "players=2", "columns=1", "--seed", "3",
                "--human", "0", "--human", "1"], stdin=script)
    assert proc.returncode == 0, proc.stdout[-2000:]
    out = proc.stdout
    # the commands and the answers are alea-play's
    assert re.search(r"Seat 0 to move: \d+ legal moves \(`moves` or `\?` lists them", out)
    assert "    1. " in out
    assert re.search(r"rejected: ALEA_[A-Z_]+: P-8\.2", out)  # a die shows 1 to 6
    assert re.search(r"rejected: ALEA_ILLEGAL_ACTION: P-\d", out.split("write poker", 1)[1])
    assert "seat 0: hold none" in out
    assert out.rstrip().splitlines()[-1].startswith("game over:")


def test_play_stops_with_status_1_when_input_ends_first():
    proc = run(["play", "plateau", "--human", "1", "--seed", "1"], stdin="")
    assert proc.returncode == 1
    assert "input ended before the game did" in proc.stdout
    assert "seat 1> " in proc.stdout


def test_play_human_quit_stops_with_status_0(tmp_path):
    record = tmp_path / "partial.rec"
    proc = run(["play", "backgammon", "--human", "0", "--seed", "2", "--record", str(record)],
               stdin="board\nquit\n")
    assert proc.returncode == 0, proc.stderr  # quitting is the player's choice, not a failure
    assert "game abandoned (quit)" in proc.stdout
    state, _ = alea.replay(record.read_text())  # the partial record is valid
    assert not state.is_terminal


@pytest.mark.parametrize(
    "args, message",
    [
        (["play", "no-such-game"], "unknown game"),
        (["play", "dice-poker", "--bot", "nobody"], "no bot is called 'nobody'"),
        (["play", "dice-poker", "--human", "2"], "--human 2: seats are 0..1"),
        (["play", "dice-poker", "players=9"], "players"),
    ],
)
def test_play_refuses_bad_arguments(args, message):
    proc = run(args)
    assert proc.returncode != 0
    assert message in proc.stderr


# -- replay ------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
def test_replay_prints_the_final_board_and_result(game_id, tmp_path):
    state = alea.State(game_id)
    rng = alea.Rng(5)
    lines = [state.spec]
    while not state.is_terminal:
        action = state.sample(rng) if state.is_chance else alea.bot_choose(state, "greedy", rng)
        lines.append(state.action_to_str(action))
        state.apply(action)
    path = tmp_path / "r.rec"
    path.write_text("# a comment\n" + "\n".join(lines) + "\n")
    proc = run(["replay", str(path)])
    assert proc.returncode == 0, proc.stdout
    assert state.board() in proc.stdout
    result = state.result
    assert f"{len(lines) - 1} action(s) applied; game over: seat {result.winner} wins" in proc.stdout


def test_replay_reads_stdin_and_reports_a_game_in_progress():
    proc = run(["replay", "-", "--quiet"], stdin="dice-poker\nroll 1,1,3,5,6\nhold 1,1\n")
    assert proc.returncode == 0
    assert proc.stdout == "2 action(s) applied; game in progress (dice to throw); scores so far: 0, 0\n"


def test_replay_names_the_first_bad_line_its_reason_and_fails():
    record = "dice-poker players=2\n# comment\nroll 1,1,3,5,6\nhold 1,1\nroll 2,2,4\nroll 1,1,1\n"
    proc = run(["replay", "-"], stdin=record)
    assert proc.returncode == 1
    first = proc.stdout.splitlines()[0]
    assert first.startswith("line 6: ALEA_WRONG_PHASE: ")
    assert "  the line: roll 1,1,1" in proc.stdout
    with pytest.raises(alea.AleaError) as info:
        alea.replay(record)
    assert info.value.reason in first
    assert info.value.state.board() in proc.stdout  # the position before the bad line


@pytest.mark.parametrize(
    "record, line, status",
    [
        ("nonsense-game\nroll 1\n", 1, "ALEA_NOT_FOUND"),
        ("dice-poker\nwrite full\n", 2, "ALEA_WRONG_PHASE"),
        ("dice-poker\nroll 1,1,3,5,6\nfly away\n", 3, "ALEA_PARSE_ERROR"),
        ("dice-poker\nroll 1,1,3,5,6\nwrite poker\n", 3, "ALEA_ILLEGAL_ACTION"),
    ],
)
def test_replay_bad_records(record, line, status):
    proc = run(["replay", "-"], stdin=record)
    assert proc.returncode == 1
    assert proc.stdout.startswith(f"line {line}: {status}: ")


def test_replay_of_a_missing_file_fails(tmp_path):
    proc = run(["replay", str(tmp_path / "nope.rec")])
    assert proc.returncode != 0 and "cannot read" in proc.stderr


# -- tournament --------------------------------------------------------------------


ROW = re.compile(
    r"^(\S+) +(\d+) +(\d+) +(\d+) +(\d+) +([\d.]+)% +\[ *([\d.]+)%, +([\d.]+)%\] +([-+][\d.]+)$"
)


def _table(stdout: str):
    rows = {}
    for line in stdout.splitlines()[2:]:
        match = ROW.match(line)
        assert match, line
        rows[match.group(1)] = match.groups()
    return rows


def test_tournament_prints_win_rates_with_wilson_intervals():
    proc = run(["tournament", "--games", "30", "--seed", "4", "backgammon", "random", "greedy"])
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0].startswith(alea.Game("backgammon").spec) and "30 games, seed 4" in lines[0]
    assert lines[1].split()[:6] == ["bot", "games", "wins", "draws", "losses", "win"]
    rows = _table(proc.stdout)
    assert set(rows) == {"random", "greedy"}
    for name, cells in rows.items():
        games, wins, draws, losses = map(int, cells[1:5])
        assert games == 30 and wins + draws + losses == games
        low, high = wilson(wins, games)
        assert cells[5] == f"{100 * wins / games:.1f}"
        assert cells[6:8] == (f"{100 * low:.1f}", f"{100 * high:.1f}")
    assert sum(int(c[2]) for c in rows.values()) == 30  # backgammon has no draws


def test_tournament_is_reproducible_and_all_enters_every_bot():
    a = run(["tournament", "--games", "12", "--seed", "9", "wise-dice", "all"])
    b = run(["tournament", "--games", "12", "--seed", "9", "wise-dice", "all"])
    assert a.returncode == 0 and a.stdout == b.stdout
    assert set(_table(a.stdout)) == set(alea.BOTS)


def test_tournament_of_levels_round_robin_with_cpu():
    """`levels` enters every level of the game; --round-robin plays every pair; --cpu adds
    the milliseconds per decision."""
    proc = run(["tournament", "backgammon", "levels", "--round-robin", "--games", "2",
                "--cpu", "--quiet"])
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert "round robin, 2 games a pair" in lines[0]
    levels = alea.bot_levels("backgammon")
    assert lines[1].split() == [*levels, "all", "ms/move"]
    assert [line.split()[0] for line in lines[2:]] == list(levels)
    proc = run(["tournament", "dice-poker players=3", "greedy", "random", "heuristic",
                "--round-robin", "--quiet"])
    assert proc.returncode != 0 and "two-seat games" in proc.stderr


def test_tournament_errors():
    proc = run(["tournament", "plateau", "greedy"])
    assert proc.returncode == 1 and "has 2 seats" in proc.stderr
    proc = run(["tournament", "plateau", "greedy", "nobody"])
    assert proc.returncode == 1 and "no bot is called 'nobody'" in proc.stderr
    proc = run(["tournament"])
    assert proc.returncode == 2 and "usage" in proc.stderr


# -- games and help ----------------------------------------------------------------


def test_games_lists_every_game_option_and_bot():
    proc = run(["games"])
    assert proc.returncode == 0
    for info in alea.games():
        assert re.search(rf"^{re.escape(info.id)} +{re.escape(info.title)}", proc.stdout, re.M)
        for opt in info.options:
            assert f"{opt.name}=" in proc.stdout
    assert proc.stdout.splitlines()[-1] == "bots: " + ", ".join(alea.BOTS)


def test_help_names_the_commands():
    proc = run(["--help"])
    assert proc.returncode == 0
    for command in ("play", "replay", "tournament", "games"):
        assert command in proc.stdout


def test_play_every_prints_the_board_after_each_move():
    quiet = run(["play", "plateau", "--seed", "6", "--quiet"])
    every = run(["play", "plateau", "--seed", "6", "--quiet", "--every"])
    assert quiet.returncode == every.returncode == 0
    # The legend line in parentheses is part of every plateau board.
    marker = next(line for line in alea.State("plateau").board().splitlines()
                  if line.startswith("("))
    assert quiet.stdout.count(marker) == 1
    assert every.stdout.count(marker) > 10


# -- --version ---------------------------------------------------------------------


def test_version_names_the_loaded_library_like_the_c_programs():
    done = run(["--version"])
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"python3 -m alea (alea) {alea.version()}"


@pytest.mark.parametrize("args", [["play", "plateau", "--seed", "3"],
                                  ["play", "backgammon", "--seed", "3", "--every"]])
def test_a_reader_that_leaves_early_gets_no_traceback(args):
    """``python3 -m alea play … | head -1``: the closed pipe ends the program quietly (the
    output must outgrow the pipe's buffer for the write to fail: `games` is too short)."""
    env = dict(os.environ, PYTHONPATH=str(PACKAGE_ROOT), ALEA_LIBRARY=alea.library_path())
    proc = subprocess.Popen([sys.executable, "-m", "alea", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=env, cwd=PACKAGE_ROOT)
    assert proc.stdout is not None and proc.stderr is not None
    first = proc.stdout.readline()
    proc.stdout.close()  # as head does after its line
    err = proc.stderr.read().decode()
    proc.wait(timeout=120)
    assert first
    assert "Traceback" not in err and "BrokenPipe" not in err, err
    assert proc.returncode in (0, 141)
