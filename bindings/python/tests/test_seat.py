"""Seat-aware checking (issue 12): ``State.apply(action, seat=...)``,
``State.check(action, seat=...)`` and :class:`alea.WrongPlayer`, the way a game
server referees the moves its clients send."""

from __future__ import annotations

import pytest

import alea

from conftest import SEED

SPECS = ["dice-poker players=3", "wise-dice max-moves=40", "plateau max-plies=30",
         "backgammon match=3"]


def seats(state: alea.State):
    """Every sender: the host's dice, then each seat."""
    return [alea.CHANCE] + list(range(state.num_players))


@pytest.mark.parametrize("spec", SPECS)
def test_only_the_seat_to_act_may_act(spec):
    """A whole game refereed by seat: the others are refused, the state unchanged."""
    state, rng = alea.State(spec), alea.Rng(SEED)
    while not state.is_terminal:
        now = state.current_player
        actions = state.legal_actions()
        for seat in seats(state):
            for action in actions[:3]:
                for sent in (action, int(action), action.text):
                    if seat == now:
                        assert state.check(sent, seat=seat) == action
                        assert state.is_legal(sent, seat=seat)
                        assert state.explain(sent, seat=seat) is None
                        continue
                    assert not state.is_legal(sent, seat=seat)
                    assert "seat" in (state.explain(sent, seat=seat) or "")
                    before = state.to_text()
                    with pytest.raises(alea.WrongPlayer) as info:
                        state.check(sent, seat=seat)
                    assert info.value.status == alea.Status.WRONG_PLAYER
                    assert info.value.name == "ALEA_WRONG_PLAYER"
                    with pytest.raises(alea.WrongPlayer) as again:
                        state.apply(sent, seat=seat)
                    assert again.value.reason == info.value.reason
                    assert state.to_text() == before
        pick = actions[rng.below(len(actions))]
        state.apply(pick.text if len(actions) % 2 else pick, seat=now)
    with pytest.raises(alea.WrongPhaseError):
        state.apply("pass", seat=0)


def test_reasons_name_the_seats():
    state = alea.State("dice-poker players=2")
    with pytest.raises(alea.WrongPlayer, match=r"seat 0 sent a chance outcome, but only the "
                       r"host's dice \(ALEA_PLAYER_CHANCE\) may"):
        state.apply("roll 1,1,2,4,6", seat=0)
    with pytest.raises(alea.WrongPlayer, match=r"the dice must be thrown \(chance\), not seat 1"):
        state.check(0x3 << 24, seat=1)
    state.apply("roll 1,1,2,4,6", seat=alea.CHANCE)
    with pytest.raises(alea.WrongPlayer, match="seat 1 moved, but seat 0 must move"):
        state.apply("hold 1,1", seat=1)
    with pytest.raises(alea.WrongPlayer, match="seat 1 moved"):
        state.apply("this is no move", seat=1)  # the seat first, then the text
    with pytest.raises(alea.WrongPlayer, match="host's dice"):
        state.apply("hold 1,1", seat=alea.CHANCE)
    state.apply("hold 1,1", seat=0)
    assert state.current_player == alea.CHANCE  # the three dice re-thrown


@pytest.mark.parametrize("seat", [2, 4, -2, -3, 2**31 - 1, -(2**31)])
def test_a_seat_outside_the_game_is_invalid(seat):
    state = alea.State("dice-poker players=2")
    before = state.to_text()
    with pytest.raises(alea.InvalidArgument):
        state.apply("roll 1,1,2,4,6", seat=seat)
    with pytest.raises(alea.InvalidArgument):
        state.check(state.legal_actions()[0], seat=seat)
    assert state.to_text() == before


@pytest.mark.parametrize("seat", [2**31, -(2**31) - 1, 2**64])
def test_a_seat_beyond_a_c_int_is_refused_not_truncated(seat):
    state = alea.State("dice-poker players=2")
    with pytest.raises(ValueError):
        state.apply("roll 1,1,2,4,6", seat=seat)


@pytest.mark.parametrize("seat", [1.0, "0", True])
def test_a_seat_must_be_an_int(seat):
    state = alea.State("dice-poker players=2")
    with pytest.raises(TypeError):
        state.apply("roll 1,1,2,4,6", seat=seat)


def test_wrong_player_is_an_alea_error():
    assert issubclass(alea.WrongPlayer, alea.AleaError)
    assert alea.WrongPlayer().status == alea.Status.WRONG_PLAYER == 12
    assert str(alea.WrongPlayer()) == "wrong player"
