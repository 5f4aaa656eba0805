"""Text goes to the library with its length (the ``_n`` functions): a NUL inside
any text is a ParseError at its offset, never the end of the text."""

from __future__ import annotations

import ctypes

import pytest

import alea
from alea import _lib, backgammon


def test_a_record_with_a_nul_is_refused_on_its_line():
    # issue 12: this record replayed as its valid prefix before.
    record = b"dice-poker players=2\nroll 1,2,3,4,5\n\0hold 9,9,9\n"
    with pytest.raises(alea.ParseError) as info:
        alea.replay(record)
    assert info.value.line == 3
    assert info.value.offset == record.index(b"\0")
    assert "embedded NUL byte at offset 36" in str(info.value)
    assert info.value.applied == 1  # type: ignore[attr-defined]


def test_a_record_without_the_nul_still_replays():
    state, applied = alea.replay(b"dice-poker players=2\nroll 1,2,3,4,5\n")
    assert applied == 1 and not state.is_chance


@pytest.mark.parametrize("spec", [b"dice-poker\0", b"\0dice-poker", b"plateau max-plies=4\0"])
def test_a_spec_with_a_nul_is_a_parse_error(spec):
    with pytest.raises(alea.ParseError) as info:
        alea.Game(spec)
    assert info.value.offset == spec.index(b"\0")


def test_state_text_with_a_nul_is_a_parse_error():
    text = alea.Game("wise-dice").new_state().to_text().encode()
    assert alea.state_from_text(text) == alea.Game("wise-dice").new_state()
    bad = text[:20] + b"\0" + text[21:]
    with pytest.raises(alea.ParseError) as info:
        alea.state_from_text(bad)
    assert info.value.offset == 20
    with pytest.raises(alea.ParseError):
        alea.state_from_text(text + b"\0")


def test_action_text_with_a_nul_leaves_the_state_unchanged():
    state = alea.Game("backgammon").new_state()
    before = state.to_bytes()
    for text in (b"opening 3-1\0", b"opening\0 3-1"):
        with pytest.raises(alea.ParseError) as info:
            state.apply(text)
        assert info.value.offset == text.index(b"\0")
        assert not state.is_legal(text)
        assert state.to_bytes() == before
    state.apply(b"opening 3-1")
    assert state.to_bytes() != before


def test_gnubg_ids_with_a_nul_are_parse_errors():
    pid, mid = "4HPwATDgc/ABMA", "cAkAAAAAAAAA"
    assert backgammon.decode_position_id(pid)
    with pytest.raises(alea.ParseError) as info:
        backgammon.decode_position_id(pid[:5] + "\0" + pid[6:])
    assert info.value.offset == 5
    with pytest.raises(alea.ParseError) as info:
        backgammon.from_gnubg(pid, mid[:11] + "\0")
    assert info.value.offset == 11
    with pytest.raises(alea.ParseError):
        backgammon.from_gnubg(pid, mid, spec="backgammon\0")


def test_a_game_id_with_a_nul_is_not_found():
    assert alea.game_info("plateau").id == "plateau"
    with pytest.raises(alea.GameNotFound):
        alea.game_info("plateau\0")


def test_the_length_bounds_what_is_read():
    # The C functions read text[0, len) only: a prefix of a longer buffer.
    state = _lib.State()
    err = _lib.Error()
    buf = ctypes.create_string_buffer(b"dice-poker players=3 trailing words")
    assert _lib.alea_state_init_n(ctypes.byref(state), buf, 20, ctypes.byref(err)) == _lib.OK
    assert _lib.alea_state_num_players(ctypes.byref(state)) == 3
    status = _lib.alea_state_init_n(ctypes.byref(state), buf, 0, ctypes.byref(err))
    assert status == _lib.PARSE_ERROR
