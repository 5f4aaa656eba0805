"""Replaying game records: good records, the first bad line, its line number."""

from __future__ import annotations

import pytest

import alea

from conftest import play


def _record(players: int, rng: alea.Rng):
    state = alea.Game("dice-poker", players=players).new_state()
    moves = play(state, rng, bots=("greedy", "random"))
    lines = [state.spec] + [text for _, text in moves]
    return "\n".join(lines) + "\n", state, len(moves)


def test_replay_of_a_good_record_gives_the_final_state(rng):
    text, final, count = _record(2, rng)
    state, applied = alea.replay(text)
    assert applied == count
    assert state == final
    assert state.is_terminal


def test_replay_ignores_comments_blank_lines_and_crlf(rng):
    text, final, count = _record(1, rng)
    noisy = "# a game\n\n" + text.replace("\n", "  \r\n")
    state, applied = alea.replay(noisy.encode())
    assert (state, applied) == (final, count)


def test_replay_of_a_partial_record_stops_where_it_ends(game):
    state, applied = alea.replay(f"{game.spec}\nroll 1,1,3,5,6\nhold 1,1\n")
    assert applied == 2
    assert state.is_chance


def test_replay_reports_the_line_of_the_first_illegal_entry(game):
    record = f"# comment\n{game.spec}\nroll 1,1,3,5,6\n\nwrite poker\nwrite pair\n"
    with pytest.raises(alea.IllegalActionError) as exc:
        alea.replay(record)
    err = exc.value
    assert err.line == 5
    assert "P-" in err.reason
    assert err.applied == 1
    expected = game.new_state()
    expected.apply("roll 1,1,3,5,6")
    assert err.state == expected


def test_replay_reports_a_malformed_line(game):
    with pytest.raises(alea.ParseError) as exc:
        alea.replay(f"{game.spec}\nroll 1,1,3,5,6\nhold the door\n")
    assert exc.value.line == 3
    assert exc.value.applied == 1


def test_replay_reports_a_move_in_the_wrong_phase(game):
    with pytest.raises(alea.WrongPhaseError) as exc:
        alea.replay(f"{game.spec}\nwrite pair\n")
    assert exc.value.line == 2
    assert exc.value.applied == 0
    assert exc.value.state == game.new_state()


def test_replay_with_a_bad_spec_line(game):
    with pytest.raises(alea.GameNotFound) as exc:
        alea.replay("chess players=2\nroll 1,1,3,5,6\n")
    assert exc.value.line == 1
    assert exc.value.state is None
    with pytest.raises(alea.BadOption) as exc2:
        alea.replay("\n# x\ndice-poker players=9\n")
    assert exc2.value.line == 3


def test_replay_of_an_empty_record_is_an_invalid_argument():
    with pytest.raises(alea.InvalidArgument):
        alea.replay("")
