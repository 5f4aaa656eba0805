"""Wise-dice typed access: view, action encoding, typed options, text and games."""

from __future__ import annotations

import pytest

import alea
from alea import wise_dice as wd

P1 = (
    "wise-dice max-moves=1000 | move S roll=1236 final=0 moves=1 score=0,0 board=B1:S2 C1:S3 "
    "D1:S1 E1:S4 F1:S5 G1:S6 A12:N1 B12:N2 C12:N3 D12:N4 E12:N5 F12:N6"
)


def test_initial_view():
    state = wd.new_state()
    view = state.view()
    assert isinstance(view, wd.WiseDiceView)
    assert view.phase == wd.Phase.SETUP
    assert view.player == wd.SOUTH
    assert view.scores == (0, 0) and view.roll == () and view.stacks == ()
    assert all(p.state == "unplaced" for row in view.pawns for p in row)
    assert len(state.legal_actions()) == 8  # TV-14


def test_text_example_2_and_the_view():
    state = alea.state_from_text(P1)
    assert state.view().roll == (1, 2, 3, 6)
    assert len(state.legal_actions()) == 35  # TV-3
    state.apply("2/3:L/1/6")
    view = state.view()
    assert view.stack("A1") == ((wd.SOUTH, 2),)
    assert view.scores == (6, 0)
    assert view.player == wd.NORTH and view.phase == wd.Phase.ROLL


def test_tower_and_extra_move():
    state = alea.state_from_text(P1)
    state.apply("1/3:L/2/6")
    view = state.view()
    assert view.stack("B1") == ((0, 2), (0, 1))
    assert view.pawns[0][1].state == "blocked"
    assert view.pawns[0][0].height == 1
    assert view.player == wd.SOUTH  # W-5.6


def test_exit_spellings_collapse():
    state = alea.state_from_text(
        "wise-dice max-moves=1000 | move S roll=1246 final=0 moves=1 score=0,0 board=E3:S3 "
        "H5:S5 A7:S4 D7:S6 C9:N3 H10:N6 D11:S1 G11:N5 A12:N1 B12:N2 F12:N4 H12:S2"
    )
    canonical = state.parse_action("1/6:F/4/2")
    assert state.parse_action("1/4:F/6/2") == canonical
    assert state.action_to_str(canonical) == "1/6:F/4/2"
    state.apply("1/6:FR/4/2")
    view = state.view()
    assert view.pawns[0][0].state == "exited"
    assert view.final_turn and view.player == wd.NORTH
    assert view.scores == (22, 0)


def test_encode_decode_round_trip():
    a = wd.encode(wd.Kind.MOVE, pip=2, direction=wd.Direction.L, distance=1, points=6)
    d = wd.decode(a)
    assert (d.kind, d.pip, d.direction, d.distance, d.points) == (wd.Kind.MOVE, 2, 3, 1, 6)
    r = wd.encode(wd.Kind.ROLL, dice=(1, 2, 3, 6))
    assert wd.decode(r).dice == (1, 2, 3, 6)
    with pytest.raises(alea.InvalidArgument):
        wd.encode(wd.Kind.ROLL, dice=(3, 2, 1, 6))
    with pytest.raises(alea.InvalidArgument):
        wd.decode(0x9999)
    with pytest.raises(alea.BadOption):
        wd.new_state(max_moves=0)


def test_illegal_move_names_the_rule():
    state = alea.state_from_text(P1)
    with pytest.raises(alea.IllegalActionError) as e:
        state.apply("6/1:R/2/3")
    assert "W-7.4" in str(e.value)


def test_random_games_end_and_round_trip(rng):
    for _ in range(20):
        state = wd.new_state()
        while not state.is_terminal:
            if state.is_chance:
                state.apply(state.sample(rng))
            else:
                state.apply(alea.bot_choose(state, "random", rng))
            assert alea.state_from_text(state.to_text()).to_text() == state.to_text()
        view = state.view()
        placed = sum(len(s) for _, s in view.stacks)
        exited = sum(p.state == "exited" for row in view.pawns for p in row)
        assert placed + exited == 12
        assert "midline" in state.board()
