"""Text forms: one-line state text, notation, board, JSON, repr."""

from __future__ import annotations

import json

import pytest

import alea

from conftest import play


def test_state_text_round_trips_at_every_node(rng):
    state = alea.Game("dice-poker", players=3, columns=2).new_state()

    def visit(node: alea.State) -> None:
        text = node.to_text()
        again = alea.state_from_text(text)
        assert again == node
        assert again.to_text() == text
        assert hash(again) == hash(node)
        assert json.loads(node.to_json())["text"] == text

    play(state, rng, bots=("random",), visit=visit)
    visit(state)


def test_state_text_starts_with_the_spec(game):
    state = game.new_state()
    assert state.to_text().startswith(game.spec + " | ")
    assert alea.state_from_text(state.to_text().encode()) == state


def test_bad_state_text_raises(game):
    text = game.new_state().to_text()
    with pytest.raises(alea.ParseError):
        alea.state_from_text(text + " garbage garbage")
    with pytest.raises(alea.GameNotFound):
        alea.state_from_text("chess | " + text.split(" | ", 1)[1])
    with pytest.raises(alea.ParseError):
        alea.state_from_text("")
    with pytest.raises(alea.AleaError):
        alea.state_from_text(text.split(" | ", 1)[0])


def test_action_notation_round_trips_for_every_legal_action(rng):
    state = alea.Game("dice-poker", players=2, columns=1).new_state()

    def visit(node: alea.State) -> None:
        for action in node.legal_actions():
            text = node.action_to_str(action)
            assert text and "\n" not in text
            assert node.parse_action(text) == action
            assert node.parse_action(text.upper().encode()) == action

    play(state, rng, visit=visit)


def test_apply_text_equals_apply_of_the_parsed_action(decided):
    by_text, by_number = decided.clone(), decided.clone()
    by_text.apply("hold 1,1,5")
    by_number.apply(decided.parse_action("hold 1,1,5"))
    assert by_text == by_number


def test_parse_error_reports_an_offset(decided):
    with pytest.raises(alea.ParseError) as exc:
        decided.parse_action("hold 1,1,zz")
    assert isinstance(exc.value, ValueError)
    assert exc.value.offset >= 0
    with pytest.raises(alea.ParseError):
        decided.apply("fly away")
    assert not decided.is_legal("fly away")
    assert decided.explain("fly away")


def test_board_is_multi_line_and_is_str(decided):
    board = str(decided)
    assert board == decided.board()
    assert board.endswith("\n")
    assert board.count("\n") > 3


def test_repr_names_the_game_and_shows_the_whole_position(decided):
    # Issue 7 asks for the game and the position: the whole one-line text form.
    text = repr(decided)
    assert text.startswith("<alea.State dice-poker")
    assert "\n" not in text
    assert text == f"<alea.State {decided.to_text()}>"


def test_to_dict_has_the_documented_keys(decided, game):
    data = decided.to_dict()
    for key in ("game", "spec", "text", "current_player", "players", "scores", "terminal", "state"):
        assert key in data, key
    assert data["game"] == "dice-poker"
    assert data["spec"] == decided.spec
    assert data["text"] == decided.to_text()
    assert data["current_player"] == 0
    assert data["players"] == 2
    assert data["scores"] == decided.scores()
    assert data["terminal"] is False
    assert isinstance(data["state"], dict)
    assert json.loads(decided.to_json()) == data
    assert game.new_state().to_dict()["current_player"] == "chance"


def test_to_dict_of_a_finished_game(game, rng):
    state = game.new_state()
    play(state, rng)
    data = state.to_dict()
    assert data["current_player"] == "terminal"
    assert data["terminal"] is True
    assert data["scores"] == state.scores()
    assert alea.state_from_text(data["text"]) == state
