"""Plateau typed access: views, the public view of R11, action encoding, typed options."""

from __future__ import annotations

import random

import pytest

import alea
from alea import plateau as pl

TV26 = (
    "plateau | play white passes=0 plies=11 min=0 offer=- "
    "reserve=M+M+M+BL+R+BM+RM+T+A/- prisoners=R+BM+RM+T+A/- "
    "a1=WxxWxxWxxBxx b1=WrrBbb a2=WxxWbbWbbBrr"
)


def test_initial_view():
    st = alea.State("plateau")
    v = st.view()
    assert isinstance(v, pl.PlateauView)
    assert v.phase == pl.Phase.SETUP and v.to_act == 0 and v.viewer is None
    assert v.reserve_size == (12, 12)
    assert v.reserve[0] == {pl.PieceType.MUTE: 4, pl.PieceType.BLUE: 2, pl.PieceType.RED: 2,
                            pl.PieceType.BLUE_MASK: 1, pl.PieceType.RED_MASK: 1,
                            pl.PieceType.TWISTER: 1, pl.PieceType.ACE: 1}
    assert all(len(s) == 0 for s in v.stacks)
    assert len(st.legal_actions()) == 1260  # TV1


def test_setup_and_stacks():
    st = alea.State("plateau")
    st.apply("setup a1 xx rb")
    st.apply("setup d4 bb ox")
    v = st.view()
    assert v.phase == pl.Phase.PLAY and v.to_act == 0
    assert v.stack("a1") == (
        pl.Piece(0, pl.PieceType.MUTE, pl.Face.BLANK, pl.Face.BLANK),
        pl.Piece(0, pl.PieceType.ACE, pl.Face.RED, pl.Face.BLUE),
    )
    assert "Bxx Brb" in st.board()


def test_public_view_masks_opponent():
    st = alea.State("plateau")
    st.apply("setup a1 xx rb")
    st.apply("setup d4 bb ox")
    w = pl.public_view(st, 1)
    assert w.viewer == 1
    assert w.stack("a1")[0] == pl.Piece(0, None, None, None)
    assert w.stack("a1")[1] == pl.Piece(0, None, pl.Face.RED, None)
    assert w.reserve[0] is None and w.reserve_size[0] == 10
    assert w.reserve[1] is not None
    assert w.stack("d4")[1].down == pl.Face.BLANK  # own pieces in full
    text = pl.public_text(st, 1)
    assert "a1=B??Br?" in text and "reserve=#10/" in text
    js = pl.public_json(st, 1)
    assert js["board"]["a1"][0]["up"] is None
    assert js["reserve"][0] == 10
    with pytest.raises(alea.InvalidArgument):
        pl.public_view(st, 2)


def test_public_view_never_reveals_hidden_faces():
    rng = random.Random(7)
    for _ in range(30):
        st = alea.State("plateau")
        while not st.is_terminal:
            full = st.view()
            for viewer in (0, 1):
                pub = pl.public_view(st, viewer)
                for fs, ps in zip(full.stacks, pub.stacks):
                    assert len(fs) == len(ps)
                    for f, p in zip(fs, ps):
                        assert f.owner == p.owner
                        for a, b in ((f.up, p.up), (f.down, p.down), (f.type, p.type)):
                            assert b is None or a == b
                    if fs:
                        assert ps[-1].up == fs[-1].up  # the top is public
            st.apply(rng.choice(st.legal_actions()))


def test_tv26_pass_then_stomp_wins():
    st = alea.state_from_text(TV26)
    assert [st.action_to_str(a) for a in st.legal_actions()] == ["pass"]
    st.apply("pass")
    st.apply("a2*")
    assert st.is_terminal
    assert st.result.winner == 0
    assert st.view().result == pl.Result.BLACK


def test_encode_decode_round_trip():
    st = alea.State("plateau")
    st.apply("setup a1 xx rb")
    st.apply("setup d4 bb ox")
    for a in st.legal_actions():
        assert pl.encode(pl.decode(a)) == a
    mv = pl.Action(pl.Kind.MOVE, square=pl.square("a1"), target=pl.square("a3"), lift=1)
    assert st.action_to_str(pl.encode(mv)) == "a1/1-a3"
    with pytest.raises(alea.InvalidArgument):
        pl.decode(0)
    with pytest.raises(alea.InvalidArgument):
        pl.encode(pl.Action(pl.Kind.OFFER))
    assert pl.exchange_value((1, 1, 0, 0, 0, 0, 1)) == 26
    assert pl.square_name(15) == "d4"


def test_typed_options():
    st = pl.new_state(overpay=True, max_plies=40)
    assert st.spec == "plateau overpay=on max-plies=40"
    with pytest.raises(alea.AleaError):
        pl.new_state(max_plies=-3)


def test_illegal_text_names_the_rule():
    st = alea.state_from_text(TV26)
    with pytest.raises(alea.IllegalActionError) as exc:
        st.apply("offer M")
    assert "R9.1" in str(exc.value) or "R5" in str(exc.value)
