"""Backgammon typed access: view, action encoding, gnubg IDs, notation, a random match."""

from __future__ import annotations

import pytest

import alea
from alea import backgammon as bg


@pytest.fixture
def game():
    return alea.Game("backgammon")


def test_view_of_the_start(game):
    state = game.new_state()
    view = state.view()
    assert isinstance(view, bg.BackgammonView)
    assert view.phase == bg.Phase.OPENING
    assert view.pips == (167, 167)
    assert view.points[0][6] == 5 and view.points[1][24] == 2
    assert view.bar(0) == 0 and view.off(1) == 0
    assert view.cube_value == 1 and view.cube_owner is None
    assert view.position_id == bg.position_id(state) == "4HPwATDgc/ABMA"
    assert state.is_chance


def test_opening_counts_through_gnubg_ids(game):
    # §10.1: the start with 6-5 for the player on roll (money match ID "cAkXAAAAAAAA")
    state = bg.state_from_gnubg(
        "backgammon money=on jacoby=on", "4HPwATDgc/ABMA", "cAkXAAAAAAAA"
    )
    assert state.current_player == 1
    assert len(state.legal_actions()) == 7
    texts = sorted(state.action_to_str(a) for a in state.legal_actions())
    assert "13/2" in texts and "24/13" in texts
    assert bg.match_id(state) == "cAkXAAAAAAAA"


def test_match_id_vectors():
    game = alea.Game("backgammon")
    state = bg.state_from_gnubg(game, "4HPwATDgc/ABMA", "QYkqASAAIAAA")
    assert bg.match_id(state) == "QYkqASAAIAAE"  # gnubg 1.07 sets bit 66 in matches
    view = state.view()
    assert view.match_length == 9 and view.score == (2, 4)
    assert view.cube_value == 2 and view.cube_owner == 0
    assert view.dice == (5, 2) and view.turn == 1


def test_game_flow_double_take(game):
    state = bg.state_from_gnubg(game, "4HPwATDgc/ABMA", "MIGlABAACAAE")
    state.apply("8/5 6/5")
    assert bg.position_id(state) == "sGfwATDgc/ABMA"
    assert bg.match_id(state) == "cAmgABAACAAE"
    state.apply("double")
    assert bg.match_id(state) == "cBGgABAACAAE"
    state.apply("take")
    assert bg.match_id(state) == "QQmgABAACAAE"


def test_illegal_moves_say_why():
    state = bg.state_from_gnubg(
        "backgammon money=on jacoby=on", "4HPwATDgc/ABMA", "MIEFAAAAAAAA"
    )
    before = state.clone()
    with pytest.raises(alea.IllegalActionError) as info:
        state.apply("24/21")
    assert "§5.3: must use both dice" in str(info.value)
    with pytest.raises(alea.IllegalActionError) as info:
        state.apply("bar/22 6/5")
    assert "§5.1" in str(info.value)
    with pytest.raises(alea.ParseError):
        state.apply("24-21")
    assert state == before


def test_encode_decode_moves():
    action = bg.move((13, 11), (24, 18))
    decoded = bg.decode(action)
    assert decoded.kind == bg.Kind.MOVE
    assert decoded.steps == ((24, 18), (13, 11))  # canonical: descending
    assert bg.decode(bg.encode(bg.Kind.RESIGN, 2)).value == 2
    with pytest.raises(alea.InvalidArgument):
        bg.move((3, 5))


def test_typed_options_and_errors():
    state = bg.new_state(match=7)
    assert state.game.options["match"] == 7
    with pytest.raises(alea.BadOption):
        bg.new_state(match=7, money=True)
    with pytest.raises(alea.BadOption):
        alea.Game("backgammon cube=on")
    with pytest.raises(alea.Unsupported):
        bg.position_id(alea.State("dice-poker"))


def test_decode_position_id():
    first, second = bg.decode_position_id("22zABwDgc/ABYA")
    assert second[bg.BAR] == 2
    assert first[1] == 2
    with pytest.raises(alea.InvalidStateError):
        bg.decode_position_id("//8AAAAAAAAAAA")
    with pytest.raises(alea.ParseError):
        bg.decode_position_id("xyz")


def test_random_match_to_3_completes():
    state = alea.State("backgammon match=3")
    rng = alea.Rng(5)
    steps = 0
    while not state.is_terminal and steps < 100_000:
        if state.is_chance:
            state.roll(rng)
        else:
            actions = state.legal_actions()
            state.apply(actions[rng.below(len(actions))])
        steps += 1
    view = state.view()
    assert state.is_terminal
    assert max(view.score) >= 3
    assert "Match to 3" in state.board()
