"""Backgammon match files: alea.backgammon.read_match / write_match (.mat, .sgf).

tests/data holds files written by GNU Backgammon 1.07 itself (a 3-point match
and a two-game money session, 0-ply bots; the .sgf files with gnubg's
analysis properties stripped).
"""

import os
import pathlib

import pytest

import alea
from alea import backgammon as bg

DATA = pathlib.Path(__file__).resolve().parents[3] / "tests" / "data"


@pytest.mark.parametrize("name", ["gnubg-match3.mat", "gnubg-match3.sgf"])
def test_gnubg_match_files_read(name):
    m = bg.read_match(DATA / name)
    assert m.format == name[-3:]
    assert m.match_length == 3
    assert m.names == ("gnubg", "root")
    assert m.score == (0, 5)
    assert m.complete
    assert len(m.games) == 2
    assert [g.start_score for g in m.games] == [(0, 0), (0, 1)]
    assert (m.games[0].winner, m.games[0].points, m.games[0].how) == (1, 1, bg.End.DROP)
    assert m.final_state.is_terminal
    assert len(m.actions) == 226
    for g in m.games:
        assert len(g.actions) == len(g.states) == len(g.lines) == len(g.moves)
        assert all(line > 0 for line in g.lines)


def test_mat_and_sgf_of_one_match_agree():
    for stem in ("gnubg-match3", "gnubg-money2"):
        a = bg.read_match(DATA / (stem + ".mat"))
        b = bg.read_match(DATA / (stem + ".sgf"))
        assert a.actions == b.actions
        assert a.score == b.score
    money = bg.read_match(DATA / "gnubg-money2.mat")
    assert money.match_length == 0
    assert "money=on" in money.spec


def test_read_match_from_text_and_path_string():
    text = (DATA / "gnubg-match3.mat").read_text()
    assert bg.read_match(text).actions == bg.read_match(str(DATA / "gnubg-match3.mat")).actions


@pytest.mark.parametrize("fmt", ["mat", "sgf"])
def test_write_match_round_trip(fmt):
    m = bg.read_match(DATA / "gnubg-match3.mat")
    text = bg.write_match(m, fmt)
    back = bg.read_match(text)
    assert back.format == fmt
    assert back.actions == m.actions
    assert back.names == m.names
    assert back.score == m.score


def test_write_match_from_spec_and_actions():
    rng = alea.Rng(5)
    spec = "backgammon match=3 opening=standard"
    st = alea.State(spec)
    actions = []
    while not st.is_terminal:
        if st.is_chance:
            actions.append(st.roll(rng))
        else:
            legal = st.legal_actions()
            a = legal[rng.below(len(legal))]
            st.apply(a)
            actions.append(int(a))
    for fmt in ("mat", "sgf"):
        back = bg.read_match(bg.write_match((spec, actions), fmt, ("Ann", "Bob")))
        assert back.names == ("Ann", "Bob")
        assert back.score == tuple(st.scores())
    with pytest.raises(ValueError):
        bg.write_match((spec, actions), "txt")


def _broken(old, new):
    text = (DATA / "gnubg-match3.mat").read_text()
    assert old in text
    return text.replace(old, new, 1)


@pytest.mark.parametrize(
    "old,new,exc,line",
    [
        ("63: 25/22 13/7", "63: 25/22 13/8", alea.IllegalActionError, 9),  # an illegal move
        ("21: 9/7 8/7", "21: 9/7 8/7 6/5", alea.IllegalActionError, 8),  # a die too many
        ("Doubles => 4", "Takes", alea.IllegalActionError, 29),  # a take without a double
        ("root : 1", "root : 2", alea.InvalidStateError, 20),  # a wrong score line
    ],
)
def test_broken_files_raise_with_game_move_line(old, new, exc, line):
    with pytest.raises(exc) as info:
        bg.read_match(_broken(old, new))
    assert info.value.line == line
    assert "(line %d): " % line in str(info.value)
    assert str(info.value).split(": ")[1].startswith("game ")


def test_truncated_file_raises():
    text = (DATA / "gnubg-match3.mat").read_text()
    cut = "\n".join(text.split("\n")[:25])
    with pytest.raises(alea.ParseError) as info:
        bg.read_match(cut)
    assert info.value.line == 25
    assert "truncated" in str(info.value)
    with pytest.raises(ValueError):
        bg.read_match(text, format="txt")


def test_read_match_missing_path_is_text(tmp_path):
    with pytest.raises(alea.ParseError):
        bg.read_match(str(tmp_path / "no-such-file.mat"))
    path = tmp_path / "copy.sgf"
    path.write_text((DATA / "gnubg-match3.sgf").read_text())
    assert bg.read_match(path).format == "sgf"
    assert os.path.exists(path)
