"""The game registry, game info, options and spec errors."""

from __future__ import annotations

import pytest

import alea
from alea.state import make_spec


def test_games_lists_dice_poker():
    ids = [info.id for info in alea.games()]
    assert "dice-poker" in ids
    assert len(ids) == len(set(ids))


def test_game_info_of_dice_poker():
    info = alea.game_info("dice-poker")
    assert info in alea.games()
    assert info.title and info.summary
    assert (info.min_players, info.max_players) == (1, 4)
    assert 252 <= info.max_actions <= alea.MAX_ACTIONS  # a throw of five dice (P-8.2)
    assert info.max_chance_outcomes >= 252
    assert 0 < info.state_size <= 1024


def test_dice_poker_options_and_defaults():
    info = alea.game_info("dice-poker")
    assert info.defaults == {"players": 2, "columns": 3}
    players = info.option("players")
    assert players.kind == alea.OptionKind.INT
    assert (players.min, players.max, players.default) == (1, 4, 2)
    assert players.help
    columns = info.option("columns")
    assert (columns.min, columns.max, columns.default) == (1, 6, 3)
    with pytest.raises(KeyError):
        info.option("nope")


def test_game_info_of_unknown_id_raises_game_not_found():
    with pytest.raises(alea.GameNotFound) as exc:
        alea.game_info("no-such-game")
    assert isinstance(exc.value, LookupError)


def test_game_from_id_uses_default_options():
    game = alea.Game("dice-poker")
    assert game.id == "dice-poker"
    assert game.options == {"players": 2, "columns": 3}
    assert game.num_players == 2
    assert game.spec.split()[0] == "dice-poker"
    assert set(game.spec.split()[1:]) == {"players=2", "columns=3"}


def test_game_kwargs_and_spec_string_are_the_same_game():
    a = alea.Game("dice-poker", players=3, columns=2)
    b = alea.Game("dice-poker players=3 columns=2")
    c = alea.Game(b"dice-poker  columns=2", players=3)
    assert a == b == c
    assert hash(a) == hash(b)
    assert a.num_players == 3
    assert a.options == {"players": 3, "columns": 2}
    assert a.info == alea.game_info("dice-poker")
    assert repr(a) == f"alea.Game({a.spec!r})"


def test_make_spec_writes_bools_as_on_off():
    spec = make_spec("g", flag=True, other=False, n=3, c="seeds")
    assert spec == "g flag=on other=off n=3 c=seeds"


def test_unknown_option_key_raises_bad_option():
    with pytest.raises(alea.BadOption) as exc:
        alea.Game("dice-poker", colour=3)
    assert isinstance(exc.value, ValueError)
    assert exc.value.name == "ALEA_BAD_OPTION"
    assert "colour" in exc.value.reason


def test_bool_for_an_int_option_is_rejected_by_the_library():
    with pytest.raises(alea.BadOption):
        alea.Game("dice-poker", players=True, flag=False)


@pytest.mark.parametrize("spec", ["dice-poker players=5", "dice-poker players=0",
                                  "dice-poker columns=7", "dice-poker players=two",
                                  "dice-poker players=2 players=3"])
def test_bad_option_values_raise_bad_option(spec):
    with pytest.raises(alea.BadOption):
        alea.Game(spec)


def test_malformed_spec_raises_parse_error():
    with pytest.raises(alea.ParseError):
        alea.Game("dice-poker players")


def test_unknown_game_raises_game_not_found():
    with pytest.raises(alea.GameNotFound) as exc:
        alea.Game("chess", players=2)
    assert isinstance(exc.value, LookupError)


def test_option_value_with_a_space_is_refused_before_the_call():
    with pytest.raises(alea.InvalidArgument):
        alea.Game("dice-poker", players="2 columns=4")


def test_option_value_of_a_wrong_type_raises_type_error():
    with pytest.raises(TypeError):
        alea.Game("dice-poker", players=2.0)
    with pytest.raises(TypeError):
        alea.Game(42)


def test_game_state_from_text_checks_the_game():
    two = alea.Game("dice-poker", players=2)
    three = alea.Game("dice-poker", players=3)
    text = three.new_state().to_text()
    assert three.state_from_text(text) == three.new_state()
    with pytest.raises(alea.InvalidArgument):
        two.state_from_text(text)


def test_state_knows_its_game():
    game = alea.Game("dice-poker", players=4, columns=1)
    state = game.new_state()
    assert state.game == game
    assert state.game_id == "dice-poker"
    assert state.spec == game.spec
    assert state.num_players == 4
    assert alea.State(game) == state == alea.State("dice-poker", players=4, columns=1)
