"""Whole games by the bots, legal and illegal actions, chance outcomes, phases."""

from __future__ import annotations

from fractions import Fraction

import pytest

import alea
from alea import dice_poker as dp

from conftest import SEED, play


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_seeded_bot_game_ends_terminal_with_scores_equal_to_result(players):
    state = alea.Game("dice-poker", players=players).new_state()
    rng = alea.Rng(SEED + players)
    play(state, rng, bots=("greedy", "random"))
    assert state.is_terminal
    assert state.current_player == alea.TERMINAL
    assert state.legal_actions() == []
    result = state.result
    assert result.terminal
    assert result.players == players
    assert state.scores() == list(result.scores)
    assert sorted(result.ranks)[0] == 1
    if result.winner is not None:
        assert result.ranks[result.winner] == 1
        assert not result.draw
    assert abs(sum(result.returns)) < 1e-9
    view = state.view()
    assert view.phase == dp.Phase.OVER
    assert view.turns == 15 * 3 * players  # P-7.1: every cell of every card
    assert [card.score for card in view.cards] == state.scores()


def test_same_seed_replays_the_same_game():
    texts = []
    for _ in range(2):
        state = alea.Game("dice-poker", players=2).new_state()
        play(state, alea.Rng(7), bots=("random", "greedy"))
        texts.append(state.to_text())
    assert texts[0] == texts[1]


def test_result_while_running_is_not_terminal(game):
    result = game.new_state().result
    assert not result.terminal
    assert result.winner is None and not result.draw
    assert result.scores == (0, 0)


def test_every_legal_action_applies(rng):
    state = alea.Game("dice-poker", players=2, columns=1).new_state()
    checked = 0

    def visit(node: alea.State) -> None:
        nonlocal checked
        for action in node.legal_actions():
            assert node.is_legal(action)
            assert node.explain(action) is None
            child = node.clone()
            child.apply(action)
            assert child != node
            checked += 1

    play(state, rng, bots=("random",), visit=visit)
    assert checked > 1000


def _candidates(state: alea.State):
    """Well-formed player actions of every kind: all rows scored/struck, a few holds."""
    yield from (dp.encode(dp.Kind.SCORE, row) for row in dp.Row)
    yield from (dp.encode(dp.Kind.STRIKE, row) for row in dp.Row if row >= dp.Row.PAIR)
    for face in range(6):
        for n in range(1, 5):
            counts = [0] * 6
            counts[face] = n
            yield dp.encode(dp.Kind.HOLD, counts=counts)


def test_illegal_actions_raise_with_a_rule_and_leave_the_state_unchanged(rng):
    state = alea.Game("dice-poker", players=2).new_state()
    seen = 0

    def visit(node: alea.State) -> None:
        nonlocal seen
        if node.is_chance:
            return
        legal = set(node.legal_actions())
        text, copy = node.to_text(), node.clone()
        for action in _candidates(node):
            if action in legal:
                continue
            assert not node.is_legal(action)
            assert "P-" in node.explain(action)
            with pytest.raises(alea.IllegalActionError) as exc:
                node.apply(action)
            assert "P-" in exc.value.reason
            assert exc.value.name == "ALEA_ILLEGAL_ACTION"
            assert node.to_text() == text
            assert node == copy
            seen += 1

    play(state, rng, bots=("greedy",), visit=visit)
    assert seen > 100


def test_illegal_text_action_raises_and_keeps_the_state(decided):
    before = decided.to_text()
    with pytest.raises(alea.IllegalActionError) as exc:
        decided.apply("write poker")  # 1,1,3,5,6 is no five of a kind
    assert "P-" in exc.value.reason
    assert str(exc.value).endswith(exc.value.reason)
    assert decided.to_text() == before
    assert decided.explain("write poker") == exc.value.reason
    assert not decided.is_legal("write poker")
    with pytest.raises(alea.IllegalActionError):
        decided.check("write poker")


def test_check_returns_the_canonical_action(decided):
    action = decided.check("write pair")
    assert action in decided.legal_actions()
    assert decided.check(action) == action
    assert decided.is_legal("write pair")


def test_chance_outcomes_sum_to_exactly_one(game, rng):
    state = game.new_state()
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 252  # multisets of five dice (P-8.2)
    assert sum(o.probability for o in outcomes) == Fraction(1)
    assert [o.action for o in outcomes] == state.legal_actions()  # same ascending order
    assert all(isinstance(o.probability, Fraction) for o in outcomes)
    assert abs(sum(o.prob for o in outcomes) - 1.0) < 1e-12
    by_faces = {dp.decode(o.action).faces: o for o in outcomes}
    assert by_faces[(1, 1, 1, 1, 1)].probability == Fraction(1, 6**5)
    assert by_faces[(1, 2, 3, 4, 5)].probability == Fraction(120, 6**5)
    action, probability = outcomes[0]  # unpacks as a pair
    assert (action, probability) == (outcomes[0].action, outcomes[0].probability)


def test_chance_outcomes_after_a_hold_sum_to_one(decided):
    decided.apply("hold 1,1,5")
    assert decided.is_chance
    outcomes = decided.chance_outcomes()
    assert len(outcomes) == 21  # two dice (P-8.2)
    assert sum(o.probability for o in outcomes) == Fraction(1)


def test_every_chance_node_of_a_game_sums_to_one(rng):
    state = alea.Game("dice-poker", players=1, columns=1).new_state()

    def visit(node: alea.State) -> None:
        if node.is_chance:
            assert sum(o.probability for o in node.chance_outcomes()) == Fraction(1)

    play(state, rng, visit=visit)


def test_roll_applies_the_outcome_it_returns(game, rng):
    state = game.new_state()
    before = state.clone()
    outcome = state.roll(rng)
    assert outcome in before.legal_actions()
    before.apply(outcome)
    assert before == state
    assert state.current_player == 0


def test_sample_draws_what_roll_would_apply_without_applying_it(game, rng):
    state = game.new_state()
    twin = rng.copy()
    outcome = state.sample(rng)
    assert state == game.new_state()
    assert outcome in state.legal_actions()
    assert state.roll(twin) == outcome
    assert twin == rng


def test_wrong_phase_errors(game, rng, decided):
    start = game.new_state()
    assert start.is_chance and start.current_player == alea.CHANCE
    with pytest.raises(alea.WrongPhaseError):
        alea.bot_choose(start, "random", rng)
    with pytest.raises(alea.WrongPhaseError):
        decided.roll(rng)
    with pytest.raises(alea.WrongPhaseError):
        decided.sample(rng)
    with pytest.raises(TypeError):
        start.sample(None)
    with pytest.raises(alea.WrongPhaseError):
        decided.chance_outcomes()
    with pytest.raises(alea.WrongPhaseError):
        start.apply(dp.encode(dp.Kind.SCORE, dp.Row.SUM))
    over = game.new_state()
    play(over, rng)
    with pytest.raises(alea.WrongPhaseError):
        over.roll(rng)
    with pytest.raises(alea.WrongPhaseError):
        over.apply(dp.encode(dp.Kind.SCORE, dp.Row.SUM))
    assert not over.is_legal(dp.encode(dp.Kind.SCORE, dp.Row.SUM))


def test_bots_by_name_and_number(decided, rng):
    assert alea.BOTS == ("random", "greedy", "expectimax", "mcts", "heuristic", "ply")
    assert alea.bot_kind("greedy") == 1
    legal = decided.legal_actions()
    for kind in ("random", "greedy", 0, 1, b"greedy"):
        assert alea.bot_choose(decided, kind, rng) in legal
    with pytest.raises(alea.InvalidArgument):
        alea.bot_choose(decided, "clever", rng)
    with pytest.raises(alea.InvalidArgument):
        alea.bot_choose(decided, 7, rng)  # the library rejects an unknown kind
    with pytest.raises(TypeError):
        alea.bot_choose(decided, "random", 42)
    with pytest.raises(TypeError):
        alea.bot_choose("state", "random", rng)


def test_action_that_is_no_action_of_the_game_raises_invalid_argument(decided):
    with pytest.raises(alea.InvalidArgument):
        decided.apply(2**64 - 1)
    assert not decided.is_legal(2**64 - 1)
