"""Dice-poker typed access: view, action encoding, combination values, typed options."""

from __future__ import annotations

import pytest

import alea
from alea import dice_poker as dp


def test_view_of_the_initial_state(game):
    view = game.new_state().view()
    assert isinstance(view, dp.DicePokerView)
    assert (view.players, view.columns) == (2, 3)
    assert view.phase == dp.Phase.THROW
    assert view.seat == 0
    assert (view.throws, view.turns, view.all_five) == (0, 0, False)
    assert view.dice == (0,) * 6 and view.faces == ()
    assert len(view.cards) == 2
    assert len(view.bonuses) == 14 + 3
    assert all(b == dp.Bonus(None, 0) for b in view.bonuses)
    for card in view.cards:
        assert len(card.marks) == dp.ROWS and all(len(row) == 3 for row in card.marks)
        assert all(m == dp.Mark.EMPTY for row in card.marks for m in row)
        assert (card.reserve, card.score, card.record) == (0, 0, None)


def test_view_after_a_throw_and_a_hold(decided):
    view = decided.view()
    assert view.phase == dp.Phase.DECIDE
    assert (view.throws, view.all_five, view.seat) == (1, True, 0)
    assert view.dice == (2, 0, 1, 0, 1, 1)
    assert view.faces == (1, 1, 3, 5, 6)
    decided.apply("hold 1,1,5")
    view = decided.view()
    assert view.phase == dp.Phase.THROW
    assert view.held_faces == (1, 1, 5)
    decided.apply("roll 5,5")
    view = decided.view()
    assert (view.throws, view.all_five) == (2, False)
    assert view.faces == (1, 1, 5, 5, 5)


def test_view_after_scoring(decided):
    decided.apply("write pair")
    view = decided.view()
    assert view.turns == 1
    assert view.seat == 1
    mark, value = view.cards[0].cell(dp.Row.PAIR, 0)
    assert mark == dp.Mark.SCORED
    assert value == 2 * 2  # a pair of ones, doubled (thrown at once, P-3.1)
    assert view.cards[0].score == decided.scores()[0] == 4


def test_school_reserve_in_the_view(game):
    state = game.new_state()
    state.apply("roll 4,4,4,4,1")
    state.apply("school 4")  # TV-9: closed, reserve 4
    card = state.view().cards[0]
    assert card.cell(dp.Row.SCHOOL_4, 0) == (dp.Mark.CLOSED, 0)  # value: SCORED points only
    assert card.reserve == 4
    assert card.record == (dp.Row.SCHOOL_4, 0)
    state.apply("roll 3,3,1,2,6")
    state.apply("write sum")  # seat 1
    state.apply("roll 3,3,1,2,6")
    state.apply("school 3")  # seat 0: two threes, one paid from the reserve (P-4.2)
    card = state.view().cards[0]
    assert card.cell(dp.Row.SCHOOL_3, 0) == (dp.Mark.CLOSED_RESERVE, 0)
    assert card.reserve == 1
    assert card.record == (dp.Row.SCHOOL_3, 0)


def test_view_is_refused_for_a_game_without_one(decided, monkeypatch):
    from alea import state as state_module
    from alea._registry import Registry

    monkeypatch.setattr(state_module, "REGISTRY", Registry())
    with pytest.raises(alea.Unsupported) as exc:
        decided.view()
    assert isinstance(exc.value, TypeError)


def test_encode_decode_round_trip_for_every_legal_action(decided, game):
    for state in (game.new_state(), decided):
        for action in state.legal_actions():
            decoded = dp.decode(action)
            again = dp.encode(decoded.kind, decoded.row, decoded.counts)
            assert again == action
    assert dp.decode(game.new_state().legal_actions()[0]).kind == dp.Kind.ROLL


def test_encode_matches_the_documented_layout():
    counts = (2, 0, 0, 0, 1, 0)
    assert dp.pack(counts) == 2 | (1 << 12)
    assert dp.encode(dp.Kind.HOLD, counts=counts) == (dp.Kind.HOLD << 24) | dp.pack(counts)
    assert dp.encode(dp.Kind.SCORE, dp.Row.FULL) == (dp.Kind.SCORE << 24) | dp.Row.FULL
    decoded = dp.decode(dp.encode(dp.Kind.STRIKE, dp.Row.SUM))
    assert decoded == dp.Action(dp.Kind.STRIKE, dp.Row.SUM, (0,) * 6)


def test_encode_rejects_malformed_actions():
    with pytest.raises(alea.InvalidArgument):
        dp.encode(dp.Kind.STRIKE, dp.Row.SCHOOL_1)  # School rows cannot be struck
    with pytest.raises(alea.InvalidArgument):
        dp.encode(dp.Kind.HOLD, counts=(5, 0, 0, 0, 0, 0))  # at most four dice kept
    with pytest.raises(alea.InvalidArgument):
        dp.encode(9, 0)
    with pytest.raises(alea.InvalidArgument):
        dp.decode(0)


def _counts(*faces):
    counts = [0] * 6
    for f in faces:
        counts[f - 1] += 1
    return counts


@pytest.mark.parametrize(
    "faces, row, all_five, value",
    [
        ((4, 4, 4, 4, 2), dp.Row.FOUR, True, 72),  # TV-1
        ((4, 4, 4, 4, 2), dp.Row.PAIR, True, 16),
        ((4, 4, 4, 4, 2), dp.Row.FULL, True, 0),
        ((1, 1, 1, 1, 1), dp.Row.POKER, True, 110),  # TV-2
        ((1, 1, 1, 1, 1), dp.Row.POKER, False, 55),  # TV-3
        ((3, 3, 3, 5, 5), dp.Row.FULL, True, 38),  # TV-4
        ((3, 3, 3, 5, 5), dp.Row.TWO_PAIRS, True, 32),
        ((2, 3, 4, 5, 6), dp.Row.LARGE, True, 40),  # TV-5
        ((1, 2, 3, 4, 5), dp.Row.SMALL, False, 15),
        ((6, 6, 2, 2, 1), dp.Row.SUM, False, 17),  # TV-8
    ],
)
def test_combination_values_match_the_rule_vectors(faces, row, all_five, value):
    assert dp.combination_value(row, _counts(*faces), all_five) == value


def test_combination_value_rejects_bad_input():
    with pytest.raises(alea.InvalidArgument):
        dp.combination_value(dp.Row.SCHOOL_1, _counts(1, 1, 1, 2, 2), False)
    with pytest.raises(alea.InvalidArgument):
        dp.combination_value(dp.Row.PAIR, _counts(1, 1), False)


def test_typed_init_equals_the_spec():
    expected = alea.Game("dice-poker", players=3, columns=2).new_state()
    assert dp.new_state(players=3, columns=2) == expected
    assert dp.new_state() == alea.Game("dice-poker").new_state()
    with pytest.raises(alea.BadOption):
        dp.new_state(players=5)
    with pytest.raises(alea.BadOption):
        dp.new_state(columns=0)
