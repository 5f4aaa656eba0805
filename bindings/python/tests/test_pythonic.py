"""The Pythonic layer of issue 7: Action objects, children, chance outcomes, copies,
pickling, equality, repr/str and the typed per-game properties, on all four games."""

from __future__ import annotations

import copy
import pickle
from fractions import Fraction
from typing import Iterator, List

import pytest

import alea
from alea import backgammon as bg
from alea import dice_poker as dp
from alea import plateau as pl
from alea import wise_dice as wd

from conftest import SEED, play

GAMES = ["dice-poker", "wise-dice", "plateau", "backgammon"]
MODULE = {"dice-poker": dp, "wise-dice": wd, "plateau": pl, "backgammon": bg}


def nodes(game_id: str, seed: int = SEED, bots=("random",)) -> Iterator[alea.State]:
    """Every node (copies) of one whole game of game_id played by bots, terminal included."""
    seen: List[alea.State] = []
    state = alea.State(game_id)
    play(state, alea.Rng(seed), bots=bots, visit=lambda s: seen.append(s.clone()))
    seen.append(state)
    return iter(seen)


def mid_game(game_id: str, seed: int = SEED) -> List[alea.State]:
    """A handful of positions from the middle of a game: decision and chance nodes."""
    all_nodes = list(nodes(game_id, seed))
    middle = all_nodes[len(all_nodes) // 4 : 3 * len(all_nodes) // 4]
    picked: List[alea.State] = []
    for chance in (False, True):
        some = [s for s in middle if s.is_chance == chance]
        picked += some[:: max(1, len(some) // 6)][:6]
    assert any(not s.is_chance for s in picked)
    return picked


# -- Action objects ------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
def test_legal_actions_are_ints_with_their_notation_and_typed_reading(game_id):
    for state in mid_game(game_id):
        numbers = state.legal_numbers()
        actions = state.legal_actions()
        assert actions == numbers  # the same ints, in ascending order
        assert actions == sorted(actions)
        for action in actions[:50]:
            assert isinstance(action, int) and isinstance(action, alea.Action)
            assert action.text == state.action_to_str(int(action))
            assert str(action) == action.text
            assert repr(action) == f"alea.Action({int(action)}, {action.text!r})"
            assert action.game_id == game_id
            assert action.decoded == MODULE[game_id].decode(int(action))
            assert state.parse_action(action.text) == action


def test_action_text_is_that_of_the_state_it_was_listed_from(decided):
    actions = decided.legal_actions()
    expected = [decided.action_to_str(a) for a in actions]
    decided.apply(actions[0])  # the state moves on: the actions must not follow it
    assert [a.text for a in actions] == expected


def test_an_action_applies_like_its_number_and_its_text(decided):
    action = decided.legal_actions()[3]
    by_action, by_int, by_text = decided.clone(), decided.clone(), decided.clone()
    by_action.apply(action)
    by_int.apply(int(action))
    by_text.apply(action.text)
    assert by_action == by_int == by_text


@pytest.mark.parametrize("game_id", GAMES)
def test_actions_pickle_with_their_text(game_id):
    state = mid_game(game_id)[0]
    for action in state.legal_actions()[:20]:
        again = pickle.loads(pickle.dumps(action))
        assert again == action and type(again) is alea.Action
        assert again.text == action.text and again.decoded == action.decoded


def test_an_action_without_a_game_cannot_be_decoded():
    with pytest.raises(alea.Unsupported):
        alea.Action(5, text="x").decoded
    assert alea.Action(5).text == "5"
    with pytest.raises(alea.InvalidArgument):
        alea.Action(-1)


def test_terminal_states_have_no_actions_and_no_children():
    state = list(nodes("dice-poker"))[-1]
    assert state.is_terminal
    assert state.legal_actions() == [] and list(state.children()) == []


# -- children and chance outcomes ----------------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
def test_children_are_the_legal_actions_applied_to_copies(game_id):
    for state in mid_game(game_id)[:6]:
        before = state.clone()
        kids = list(state.children())
        assert state == before  # the parent is not changed
        assert [a for a, _ in kids] == state.legal_actions()
        for action, kid in kids[:40]:
            via_text = state.clone()
            via_text.apply(action.text)
            assert kid == via_text
            kid.validate()
        if len(kids) > 1 and not kids[0][1].is_terminal:
            kids[0][1].apply(kids[0][1].legal_actions()[0])
            assert kids[1][1] == state.child(kids[1][0])  # children are independent


@pytest.mark.parametrize("game_id", ["dice-poker", "wise-dice", "backgammon"])
def test_chance_outcomes_are_exact_fractions_summing_to_one(game_id):
    chance_nodes = [s for s in nodes(game_id) if s.is_chance]
    assert chance_nodes
    for state in chance_nodes[:60]:
        outcomes = state.chance_outcomes()
        total = Fraction(0)
        for outcome, p in outcomes:  # unpacks as a pair
            assert isinstance(p, Fraction) and 0 < p <= 1
            assert isinstance(outcome, alea.Action)
            assert outcome.text == state.action_to_str(int(outcome))
            total += p
        assert total == 1
        assert [o.action for o in outcomes] == state.legal_actions()
        assert [a for a, _ in state.children()] == [o.action for o in outcomes]


def test_chance_outcome_probabilities_match_counting_dice():
    # Two dice poker throws of 5 dice: "roll 1,1,1,1,1" is 1/6**5, a full house 1,1,2,2,2 10/6**5.
    state = alea.State("dice-poker")
    probs = {str(o): p for o, p in state.chance_outcomes()}
    assert probs["roll 1,1,1,1,1"] == Fraction(1, 6**5)
    assert probs["roll 1,1,2,2,2"] == Fraction(10, 6**5)
    assert probs["roll 1,2,3,4,5"] == Fraction(120, 6**5)


def test_chance_outcomes_at_a_decision_node_raise_wrong_phase(decided):
    with pytest.raises(alea.WrongPhaseError):
        decided.chance_outcomes()


def test_plateau_has_no_chance_nodes():
    for state in nodes("plateau"):
        assert not state.is_chance
        with pytest.raises(alea.WrongPhaseError):
            state.chance_outcomes()


# -- copies, pickling, equality, hashing ---------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
def test_pickle_copy_and_deepcopy_round_trip_mid_game(game_id):
    for state in mid_game(game_id):
        for proto in range(pickle.HIGHEST_PROTOCOL + 1):
            again = pickle.loads(pickle.dumps(state, protocol=proto))
            assert again == state and again.to_text() == state.to_text()
            assert again.spec == state.spec and hash(again) == hash(state)
        for twin in (copy.copy(state), copy.deepcopy(state)):
            assert twin == state and twin is not state
            if not twin.is_terminal:
                twin.apply(twin.legal_actions()[-1])
                assert twin != state


def test_pickle_goes_through_the_one_line_text():
    state = mid_game("backgammon")[0]
    func, args = state.__reduce__()
    assert func is alea.state_from_text and args == (state.to_text(),)
    assert args[0].startswith(state.spec + " | ")


@pytest.mark.parametrize("game_id", GAMES)
def test_equality_and_hash_follow_the_library(game_id):
    states = mid_game(game_id)
    for a in states:
        b = alea.state_from_text(a.to_text())
        assert a == b and hash(a) == hash(b) == hash(a.hash64())
        assert a.hash64() == alea._lib.alea_state_hash(alea._lib.ctypes.byref(b._st))
    distinct = {s.to_text() for s in states}
    assert len(set(states)) == len(distinct)
    assert (states[0] == "not a state") is False


# -- repr and str --------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
def test_repr_shows_game_and_position_and_str_the_board(game_id):
    for state in mid_game(game_id)[:3]:
        text = repr(state)
        assert text == f"<alea.State {state.to_text()}>"
        assert text.startswith(f"<alea.State {game_id} ") and "\n" not in text
        assert str(state) == state.board() and "\n" in str(state)


# -- typed per-game views (through the registry) ------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
def test_each_game_has_its_typed_view_through_the_registry(game_id):
    for state in mid_game(game_id)[:4]:
        assert MODULE[game_id].view(state) == state.view()
        for other, module in MODULE.items():
            if other != game_id:
                with pytest.raises(alea.Unsupported):
                    module.view(state)


def test_dice_poker_view_reads_the_card(decided):
    view = dp.view(decided)
    assert view.faces == (1, 1, 3, 5, 6) and view.seat == 0 and view.throws == 1
    assert view.phase == dp.Phase.DECIDE and view.all_five
    decided.apply("write pair")
    card = dp.view(decided).cards[0]
    assert card.cell(dp.Row.PAIR, 0) == (dp.Mark.SCORED, combination(dp.Row.PAIR, (1, 1, 3, 5, 6)))


def combination(row: int, faces) -> int:
    counts = [0] * 6
    for f in faces:
        counts[f - 1] += 1
    return dp.combination_value(row, counts, True)


def test_wise_dice_view_follows_the_set_up():
    state = alea.State("wise-dice")
    assert wd.view(state).phase == wd.Phase.SETUP and wd.view(state).stacks == ()
    state.apply(state.legal_actions()[0])
    view = wd.view(state)
    assert len(view.stacks) == 1 and view.pawns[0][0].square == view.stacks[0][0]


def test_plateau_view_shows_the_set_up_stack():
    state = alea.State("plateau")
    action = state.legal_actions()[0]
    state.apply(action)
    square = action.decoded.square
    view = pl.view(state)
    assert len(view.stacks[square]) == 2
    assert view.reserve_size[0] == 10


def test_backgammon_view_and_gnubg_ids_round_trip():
    for state in mid_game("backgammon"):
        view = bg.view(state)
        assert sum(view.points[0]) == 15 and sum(view.points[1]) == 15
        assert (view.position_id, view.match_id) == (bg.position_id(state), bg.match_id(state))
        rebuilt = bg.state_from_gnubg(state.game, view.position_id, view.match_id)
        again = bg.view(rebuilt)
        assert (again.position_id, again.match_id) == (view.position_id, view.match_id)
        assert again.points == view.points


def test_gnubg_ids_are_backgammon_only(decided):
    with pytest.raises(alea.Unsupported):
        bg.position_id(decided)
    with pytest.raises(alea.Unsupported):
        bg.state_from_gnubg(decided.game, "4HPwATDgc/ABMA", "cAkAAAAAAAAA")
    for name in ("position_id", "match_id", "dice_poker", "backgammon"):
        assert not hasattr(decided, name)  # issue 16: no game's members on State
    assert not hasattr(decided.game, "state_from_gnubg")
