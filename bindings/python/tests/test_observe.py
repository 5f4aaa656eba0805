"""Observations (``State.observation``, ``State.observation_text``): what one seat may know.

Perfect-information games observe the whole state; Plateau hides what R11
hides: the faces a seat has not been shown and the other seat's reserve.
"""

from __future__ import annotations

import json
import random

import pytest

import alea
from alea import plateau as pl
from conftest import SEED


def _random_plateau(seed: int, plies: int) -> alea.State:
    rnd = random.Random(seed)
    st = alea.State("plateau")
    for _ in range(plies):
        if st.is_terminal:
            break
        st.apply(rnd.choice(st.legal_actions()))
    return st


@pytest.mark.parametrize("spec", ["backgammon", "dice-poker players=3", "wise-dice"])
def test_perfect_information_observation_is_the_state(spec: str) -> None:
    st = alea.State(spec)
    rng = alea.Rng(SEED)
    for _ in range(12):
        if st.is_terminal:
            break
        for seat in list(range(st.num_players)) + [alea.OBSERVER_PUBLIC]:
            assert st.observation_text(seat) == st.to_text()
            assert st.observation_board(seat) == st.board()
            obs = st.observation(seat)
            full = st.to_dict()
            assert obs.pop("observer") == ("public" if seat == alea.OBSERVER_PUBLIC else seat)
            assert obs == full
            assert alea.state_from_text(st.observation_text(seat)) == st
        if st.is_chance:
            st.roll(rng)
        else:
            st.apply(st.legal_actions()[0])


def test_observer_public_constant() -> None:
    assert alea.OBSERVER_PUBLIC == -4
    assert "OBSERVER_PUBLIC" in alea.__all__


@pytest.mark.parametrize("seat", [-1, -2, -3, -5, 2, 3, 1 << 40])
def test_seat_out_of_range_is_invalid_argument(seat: int) -> None:
    st = alea.State("plateau")
    before = st.to_text()
    for fn in (st.observation, st.observation_text, st.observation_board):
        with pytest.raises(alea.InvalidArgument):
            fn(seat)
    with pytest.raises(TypeError):
        st.observation("0")  # type: ignore[arg-type]
    assert st.to_text() == before


def test_plateau_observation_after_set_up_R11() -> None:
    st = alea.State("plateau")
    st.apply("setup a1 xx rb")
    st.apply("setup d4 bb ox")
    spec = st.spec
    text = st.observation_text(1)
    assert text == (
        f"{spec} | play black passes=0 plies=2 min=0 offer=- viewer=white "
        "reserve=#10/M+M+M+M+BL+R+R+BM+RM+A prisoners=-/- a1=B??Br? d4=Wbb?Wox"
    )
    assert text.split(" | ", 1)[1] == pl.public_text(st, 1)
    obs = st.observation(1)
    assert obs["observer"] == 1
    assert obs["text"] == text
    assert obs["state"]["reserve"][0] == 10  # Black's reserve: its size only
    a1 = obs["state"]["board"]["a1"]
    assert a1[0] == {"owner": 0, "type": None, "up": None, "down": None}
    assert a1[1] == {"owner": 0, "type": None, "up": "red", "down": None}
    assert "seen" not in json.dumps(obs)
    public = st.observation(alea.OBSERVER_PUBLIC)
    assert public["observer"] == "public"
    assert public["state"]["reserve"] == [10, 10]
    assert "viewer=public" in public["text"]
    board = st.observation_board(0)
    assert "W?? Wo?" in board and "Wbb" not in board
    # the host's view still shows everything
    assert "Wbb" in st.board() and "Wbb" in st.to_json()
    assert pl.public_view(st, alea.OBSERVER_PUBLIC).viewer == alea.OBSERVER_PUBLIC
    assert pl.view(st).viewer is None


def _swap_unseen(st: alea.State, viewer: int, rnd: random.Random) -> alea.State:
    """A twin: two pieces of the other seat trade faces where ``viewer`` cannot tell.

    In the state text a piece is owner, up-face, down-face and a mark: ``?`` no
    face seen by its opponent, none the up-face only, ``!`` both.  Two unseen
    pieces may trade freely, two pieces with only the up-face seen when that
    face is the same.
    """
    head, body = st.to_text().split(" | ", 1)
    words = body.split(" ")
    other = "W" if viewer == 0 else "B"
    spots = []  # (word, offset of the faces, class)
    for w, word in enumerate(words):
        name, eq, pieces = word.partition("=")
        if not eq or len(name) != 2 or name[0] not in "abcd":
            continue
        i = 0
        while i < len(pieces):
            mark = pieces[i + 3] if i + 3 < len(pieces) and pieces[i + 3] in "?!" else ""
            if pieces[i] == other and mark != "!":
                spots.append((w, len(name) + 1 + i + 1, "?" if mark else pieces[i + 1]))
            i += 4 if mark else 3
    pairs = [(a, b) for a in spots for b in spots if a < b and a[2] == b[2]]
    rnd.shuffle(pairs)
    for (w1, o1, _), (w2, o2, _) in pairs:
        f1, f2 = words[w1][o1 : o1 + 2], words[w2][o2 : o2 + 2]
        if f1 == f2:
            continue
        words[w1] = words[w1][:o1] + f2 + words[w1][o1 + 2 :]
        words[w2] = words[w2][:o2] + f1 + words[w2][o2 + 2 :]
        return alea.state_from_text(head + " | " + " ".join(words))
    return st


def test_plateau_unseen_differences_are_invisible_R11() -> None:
    rnd = random.Random(SEED)
    twins = 0
    for g in range(12):
        st = _random_plateau(SEED + g, rnd.randrange(6, 60))
        for viewer in (0, 1):
            twin = _swap_unseen(st, viewer, rnd)
            if twin == st:
                continue
            twins += 1
            assert twin.to_text() != st.to_text()
            assert twin.observation_text(viewer) == st.observation_text(viewer)
            assert twin.observation(viewer) == st.observation(viewer)
            assert twin.observation_board(viewer) == st.observation_board(viewer)
            # the owner sees the difference
            assert twin.observation_text(1 - viewer) != st.observation_text(1 - viewer)
    assert twins > 3


def test_plateau_bots_choose_alike_on_twins_R11() -> None:
    rnd = random.Random(SEED + 1)
    compared = 0
    for g in range(6):
        st = _random_plateau(SEED + 100 + g, rnd.randrange(8, 40))
        if st.is_terminal:
            continue
        me = st.current_player
        twin = _swap_unseen(st, me, rnd)
        if twin == st:
            continue
        bots = (
            alea.Bot("greedy", "plateau"),
            alea.Bot("mcts", "plateau", playouts=200),
            alea.Bot("expectimax", "plateau", depth=1),
        )
        for kind, bot in zip(("greedy", "mcts", "expectimax"), bots):
            a = bot.choose(st, alea.Rng(7))
            b = bot.choose(twin, alea.Rng(7))
            assert a == b, kind
        compared += 1
    assert compared > 0


def test_action_observation_R11() -> None:
    """What each seat sees of a move: the mover all of it, the others what R11 shows."""
    st = alea.State("plateau")
    a = st.parse_action("setup a1 xx rb")
    assert st.action_observation(a, 0) == "setup a1 xx rb"
    assert st.action_observation(a, 1) == "setup a1 ?? r?"
    assert st.action_observation(a, alea.OBSERVER_PUBLIC) == "setup a1 ?? r?"
    st.apply(a)
    st.apply(st.parse_action("setup d4 bb ox"))
    inside = st.parse_action("on xx a1:1")
    assert st.action_observation(inside, 1) == "on ?? a1:1"
    assert st.action_observation(inside, 0) == "on xx a1:1"
    move = st.parse_action("!a1/1-b2")
    assert st.action_observation(move, 1) == st.action_to_str(move)
    with pytest.raises(alea.InvalidArgument):
        st.action_observation(inside, 2)
    st.apply(move)
    with pytest.raises(alea.IllegalActionError):
        st.action_observation(inside, 1)  # not legal any more: what it shows is unknown


@pytest.mark.parametrize("spec", ["backgammon", "dice-poker", "wise-dice"])
def test_action_observation_perfect_information_is_the_notation(spec: str) -> None:
    st = alea.State(spec)
    rng = alea.Rng(SEED)
    for _ in range(8):
        if st.is_terminal:
            break
        for a in st.legal_actions()[:5]:
            for seat in list(range(st.num_players)) + [alea.OBSERVER_PUBLIC]:
                assert st.action_observation(a, seat) == st.action_to_str(a)
        if st.current_player == alea.CHANCE:
            st.roll(rng)
        else:
            st.apply(st.legal_actions()[0])
