"""alea.tournament: Wilson intervals, seating, reproducibility, counting."""

from __future__ import annotations

import collections
import math

import pytest

import alea
from alea.tournament import Standing, entrant_labels, format_table, run, wilson


def test_wilson_matches_newcombes_worked_example():
    # Newcombe (1998), Statistics in Medicine 17:857, method 3: 81/263 -> 0.2553 .. 0.3662.
    low, high = wilson(81, 263)
    assert round(low, 4) == 0.2553 and round(high, 4) == 0.3662


def test_wilson_edges_stay_in_the_unit_interval():
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(0, 10)
    assert low == 0.0 and 0 < high < 0.35
    low, high = wilson(10, 10)
    assert high == 1.0 and 0.65 < low < 1
    z = 1.959963984540054
    assert wilson(10, 10)[0] == pytest.approx(10 / (10 + z * z))  # closed form at p = 1
    for bad in ((-1, 3), (4, 3), (1, -1)):
        with pytest.raises(ValueError):
            wilson(*bad)


def test_wilson_contains_the_rate_and_narrows_with_more_games():
    previous = 1.0
    for n in (10, 100, 1000, 10000):
        low, high = wilson(3 * n // 10, n)
        assert low < 0.3 < high
        assert high - low < previous
        previous = high - low
    assert previous == pytest.approx(2 * 1.96 * math.sqrt(0.21 / 10000), rel=0.01)


def test_entrant_labels_number_repeated_bots():
    assert entrant_labels(["random", "greedy", "random", "random"]) == [
        "random", "greedy", "random#2", "random#3"]


def test_every_entrant_plays_every_seat_equally_often():
    result = run("dice-poker players=3 columns=1", ["greedy", "random", "random"], games=12)
    seat_counts = collections.Counter((seat, e) for s in result.seatings for seat, e in enumerate(s))
    assert set(seat_counts.values()) == {4}  # 12 games = 2 cycles of the 6 orders, 2 each
    for standing in result.standings:
        assert standing.games == 12
        assert standing.wins + standing.draws + standing.losses == standing.games
    assert sum(s.wins for s in result.standings) + sum(
        s.draws for s in result.standings) >= 12 - result.unfinished


def test_a_tournament_is_reproducible_and_each_game_has_its_own_stream():
    a = run("backgammon", ["random", "greedy"], games=8, seed=5)
    b = run("backgammon", ["random", "greedy"], games=8, seed=5)
    assert a.standings == b.standings and a.actions == b.actions
    # Game g is played with Rng(seed) jumped g times, whatever the games before did.
    master = alea.Rng(5)
    wins = collections.Counter()
    for g in range(8):
        rng = master.copy()
        master.jump()
        seating = a.seatings[g]
        kinds = [["random", "greedy"][e] for e in seating]
        state = alea.State("backgammon")
        while not state.is_terminal:
            if state.is_chance:
                state.roll(rng)
            else:
                state.apply(alea.bot_choose(state, kinds[state.current_player], rng))
        wins[seating[state.result.winner]] += 1
    assert [s.wins for s in a.standings] == [wins[0], wins[1]]


def test_returns_and_scores_are_summed():
    result = run("plateau", ["greedy", "random"], games=4, seed=2)
    greedy, rand = result.standings
    assert greedy.total_return == -rand.total_return  # a two-seat zero-sum game
    assert greedy.mean_return == greedy.total_return / 4
    assert greedy.mean_score == greedy.total_score / 4


def test_run_refuses_bad_entries():
    with pytest.raises(alea.InvalidArgument, match="2 seats"):
        run("plateau", ["greedy"])
    with pytest.raises(alea.InvalidArgument, match="no bot"):
        run("plateau", ["greedy", "oracle"])
    with pytest.raises(alea.InvalidArgument):
        run("plateau", ["greedy", "random"], games=-1)
    with pytest.raises(alea.GameNotFound):
        run("chess", ["greedy", "random"])


def test_unfinished_games_are_counted_apart():
    result = run("backgammon", ["random", "random"], games=3, max_steps=5)
    assert result.unfinished == 3
    assert all(s.games == 0 for s in result.standings)
    assert "3 game(s) did not end" in format_table(result)


def test_table_is_ranked_best_first():
    result = run("wise-dice", ["random", "greedy"], games=6, seed=3)
    lines = format_table(result).splitlines()
    assert lines[0] == f"{result.spec}: 6 games, seed 3"
    order = [line.split()[0] for line in lines[2:]]
    assert order == [s.label for s in result.ranked()]
    best, worst = result.ranked()
    assert (best.win_rate, best.mean_return) >= (worst.win_rate, worst.mean_return)


def test_standing_of_no_games_is_zero():
    s = Standing("x", "random")
    assert s.win_rate == 0.0 and s.mean_return == 0.0 and s.interval == (0.0, 1.0)


def test_bots_take_alea_bench_parameters():
    """The same bot syntax as ``alea-bench --tournament`` (``mcts:playouts=50``)."""
    from alea.tournament import parse_bot

    kind, params = parse_bot("mcts:playouts=50,exploration=0.7,nodes=500,plies=20,budget=9000")
    assert alea.BOTS[kind] == "mcts"
    assert dict(params) == {"playouts": 50, "exploration": 0.7, "max_nodes": 500,
                            "playout_plies": 20, "node_budget": 9000}
    assert parse_bot("greedy") == (alea.bot_kind("greedy"), ())
    for bad in ("mcts:playouts", "mcts:speed=3", "mcts:playouts=many", "nobody:depth=1"):
        with pytest.raises(alea.InvalidArgument):
            parse_bot(bad)
    result = alea.tournament.run("wise-dice", ["mcts:playouts=20", "expectimax:depth=1"],
                                 games=4, seed=3)
    assert [s.bot for s in result.ranked()] and result.games == 4
    again = alea.tournament.run("wise-dice", ["mcts:playouts=20", "expectimax:depth=1"],
                                games=4, seed=3)
    assert format_table(result) == format_table(again)
