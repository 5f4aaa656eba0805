"""Bots under a budget (alea/bot.h "Budget"), and one Bot shared by threads."""

import threading
import time

import pytest

import alea
from alea import bots

# Position ID 3wcAAEAlpcpMAA with 1-1 to play: 1454 legal moves (doc/rules/backgammon.md).
BG_1454 = (
    "backgammon | move turn=1 dice=11 cube=1/centre autos=0 resign=0 crawford=0 rejected=0 "
    "score=0-0 games=0 last=- white=1:5,2:5 "
    "red=4:1,5:1,6:1,8:1,10:1,11:1,13:1,14:1,15:1,16:1,18:2,20:2,22:1"
)


def acting(spec: str, plies: int, seed: int) -> alea.State:
    state = alea.State(spec)
    rng = alea.Rng(seed)
    for _ in range(plies):
        while state.is_chance:
            state.roll(rng)
        if state.is_terminal:
            break
        state.apply(alea.bot_choose(state, "random", rng))
    while state.is_chance:
        state.roll(rng)
    return state


def test_options_mirror_version_3_with_the_budget_and_its_defaults():
    bot = alea.Bot("expectimax", "backgammon")
    assert bot.options.version == bots.BOT_OPTIONS_VERSION == 3
    assert bot.options.node_budget == 0  # 0 = the default budget
    assert not bot.options.should_stop
    assert bot.time_limit is None
    assert "node_budget=0" in repr(bot) and "time_limit=None" in repr(bot)


@pytest.mark.parametrize("kind", ["expectimax", "mcts"])
@pytest.mark.parametrize("game", ["backgammon", "dice-poker", "wise-dice", "plateau"])
def test_a_budget_of_one_node_and_a_zero_time_limit_still_give_legal_actions(kind, game):
    state = acting(game, 6, 3)
    for bot in (alea.Bot(kind, game, node_budget=1), alea.Bot(kind, game, time_limit=0)):
        action = bot.choose(state, alea.Rng(1))
        assert action in state.legal_actions()


def test_the_1454_move_position_at_depth_3_stops_at_its_time_limit():
    state = alea.state_from_text(BG_1454)
    assert len(state.legal_actions()) == 1454
    bot = alea.Bot("expectimax", state, depth=3, node_budget=2**62, time_limit=0.3)
    start = time.monotonic()
    action = bot.choose(state, alea.Rng(2))
    took = time.monotonic() - start
    assert action in state.legal_actions()
    # Unbounded this search takes minutes; a poll every 64 nodes keeps the overrun small
    # (generous: the machine may be loaded).
    assert took < 5.0, took
    # A per-call limit overrides the bot's own.
    assert bot.choose(state, alea.Rng(2), time_limit=0) in state.legal_actions()


def test_bad_budgets_are_refused():
    with pytest.raises(alea.InvalidArgument):
        alea.Bot("mcts", "plateau", node_budget=-1)
    with pytest.raises(TypeError):
        alea.Bot("mcts", "plateau", node_budget=1.5)
    with pytest.raises(alea.InvalidArgument):
        alea.Bot("mcts", "plateau", time_limit=-1)
    with pytest.raises(alea.InvalidArgument):
        alea.Bot("mcts", "plateau", time_limit=float("nan"))
    with pytest.raises(TypeError):
        alea.Bot("mcts", "plateau", time_limit="1")
    bot = alea.Bot("mcts", "plateau")
    with pytest.raises(alea.InvalidArgument):
        bot.choose(alea.State("plateau"), alea.Rng(1), time_limit=-0.5)


def test_evaluate_honours_the_budget():
    # Two checkers left (tests/test_bot.c): exact value at depth 2, the leaf value with
    # no room for a search.
    race = ("backgammon | dice turn=0 dice=- cube=1/centre autos=0 resign=0 crawford=0 "
            "rejected=0 score=0-0 games=0 last=- white=8:1 red=1:1")
    state = alea.state_from_text(race)
    exact = alea.Bot("expectimax", state, depth=2).evaluate(state)
    leaf = alea.Bot("heuristic", state).evaluate(state)
    assert alea.Bot("expectimax", state, depth=2, node_budget=1).evaluate(state) == leaf
    assert alea.Bot("expectimax", state, depth=2).evaluate(state, time_limit=0) == leaf
    assert exact != leaf


def test_one_bot_shared_by_two_threads_takes_turns_and_stays_correct():
    # Two threads on one workspace at once used to corrupt the MCTS tree and spin for
    # ever; the lock makes them take turns.  Each thread's answers must equal those of
    # a bot of its own with the same seed.
    state = acting("wise-dice", 4, 9)
    shared = alea.Bot("mcts", "wise-dice", playouts=300, playout_plies=20)
    own = alea.Bot("mcts", "wise-dice", playouts=300, playout_plies=20)
    want = {seed: [own.choose(state, rng) for rng in [alea.Rng(seed)] for _ in range(15)]
            for seed in (1, 2)}
    got = {}

    def play(seed):
        rng = alea.Rng(seed)
        got[seed] = [shared.choose(state, rng) for _ in range(15)]

    threads = [threading.Thread(target=play, args=(seed,), daemon=True) for seed in (1, 2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert not any(t.is_alive() for t in threads), "a thread is stuck in the shared bot"
    assert got == want
