"""Levels of play and ranked actions (alea/bot.h, alea 1.1): ``alea.bot_levels``,
``alea.Bot(level, game)`` and ``Bot.rank``, over the library's backgammon network."""

import pytest

import alea


def to_move(spec: str, plies: int, seed: int) -> alea.State:
    state = alea.State(spec)
    rng = alea.Rng(seed)
    for _ in range(plies):
        while state.is_chance:
            state.roll(rng)
        state.apply(alea.bot_choose(state, "random", rng))
    while state.is_chance:
        state.roll(rng)
    return state


def test_levels_weakest_first_and_only_where_a_game_has_them():
    assert alea.bot_levels("backgammon") == (
        "beginner", "casual", "intermediate", "advanced", "expert")
    assert alea.bot_levels("dice-poker") == ("beginner", "intermediate", "advanced", "expert")
    assert alea.bot_levels("plateau") == (
        "beginner", "casual", "intermediate", "advanced", "expert")
    assert alea.bot_levels("wise-dice") == (
        "beginner", "casual", "intermediate", "advanced", "expert")
    assert "ply" in alea.BOTS


def test_a_level_is_a_ply_bot_and_a_seed_replays_its_game():
    bot = alea.Bot("expert", "backgammon")
    assert bot.level == "expert" and bot.kind == "ply"
    assert bot.options.plies == 2 and bot.options.noise == 0
    games = []
    for _ in range(2):
        state, rng, moves = alea.State("backgammon"), alea.Rng(11), []
        while not state.is_terminal and len(moves) < 40:
            if state.is_chance:
                state.roll(rng)
                continue
            action = alea.Bot("casual", "backgammon").choose(state, rng)
            assert state.is_legal(action)
            moves.append(action)
            state.apply(action)
        games.append(moves)
    assert games[0] == games[1]


def test_rank_is_every_legal_move_best_first_with_consistent_chances():
    bot = alea.Bot("ply", "backgammon", plies=1, filter_keep=4)
    for seed in range(4):
        state = to_move("backgammon", 8 + seed, seed)
        if state.is_terminal:
            continue
        before = state.to_bytes()
        ranked = bot.rank(state)
        assert sorted(r.action for r in ranked) == sorted(state.legal_numbers())
        assert state.to_bytes() == before
        keys = [(-r.plies, -r.value) for r in ranked]
        assert keys == sorted(keys)
        for r in ranked:
            win, wg, wbg, lg, lbg, equity = r.details
            assert 0 <= wbg <= wg <= win <= 1 and 0 <= lbg <= lg <= 1 - win + 1e-9
            assert equity == pytest.approx(2 * win - 1 + wg - lg + wbg - lbg)
        # without noise the bot plays the first of its own ranking
        assert bot.choose(state, alea.Rng(1)) == ranked[0].action


def test_refusals():
    with pytest.raises(alea.InvalidArgument):
        alea.Bot("grandmaster", "backgammon")
    with pytest.raises(alea.InvalidArgument):
        alea.Bot("ply", "backgammon", plies=9)
    state = to_move("backgammon", 3, 1)
    with pytest.raises(alea.Unsupported):
        alea.Bot("random", "backgammon").rank(state)
    chance = alea.State("backgammon")
    with pytest.raises(alea.WrongPhaseError):
        alea.Bot("expert", "backgammon").rank(chance)


def test_heuristic_ranks_every_game():
    for game in ("dice-poker", "wise-dice", "plateau", "backgammon"):
        state = to_move(game, 2, 5)
        ranked = alea.Bot("heuristic", game).rank(state)
        assert len(ranked) == len(state.legal_numbers())


def test_wise_dice_expert_ranks_every_move_with_its_chance_to_win():
    state, rng = alea.State("wise-dice"), alea.Rng(3)
    while state.is_chance or "| move " not in state.to_text():
        if state.is_chance:
            state.roll(rng)
        else:
            state.apply(alea.bot_choose(state, "random", rng))
    bot = alea.Bot("expert", "wise-dice")
    ranked = bot.rank(state)
    assert sorted(r.action for r in ranked) == sorted(state.legal_numbers())
    keys = [(-r.plies, -r.value) for r in ranked]
    assert keys == sorted(keys)
    for r in ranked:
        win, margin = r.details
        assert win == pytest.approx((r.value + 1) / 2)
    assert bot.choose(state, alea.Rng(1)) == ranked[0].action


def test_dice_poker_rank_is_every_legal_action_by_expected_final_score():
    state, rng = alea.State("dice-poker players=1 columns=1"), alea.Rng(3)
    while state.is_chance:
        state.roll(rng)
    ranked = alea.Bot("expert", state).rank(state)
    assert sorted(r.action for r in ranked) == sorted(state.legal_numbers())
    values = [r.value for r in ranked]
    assert values == sorted(values, reverse=True)
    assert 150 < values[0] < 800  # the first turn: the optimum is 458.82 on average
