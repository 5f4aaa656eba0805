"""Integers are range-checked and types checked before they reach C (ctypes would truncate)."""

from __future__ import annotations

import ctypes

import pytest

import alea
from alea import dice_poker as dp


@pytest.mark.parametrize("action", [-1, 2**64, 2**64 + 5, -(2**63)])
def test_out_of_range_actions_raise_invalid_argument(decided, action):
    before = decided.to_text()
    for call in (decided.apply, decided.is_legal, decided.explain, decided.check,
                 decided.action_to_str):
        with pytest.raises(alea.InvalidArgument) as exc:
            call(action)
        assert isinstance(exc.value, ValueError)
    assert decided.to_text() == before


def test_truncation_would_have_made_a_legal_action(decided):
    legal = decided.legal_actions()[0]
    with pytest.raises(alea.InvalidArgument):
        decided.apply(legal + 2**64)  # c_uint64 would silently wrap it to a legal action


@pytest.mark.parametrize("bad", [1.5, None, [1], object(), True])
def test_non_integer_actions_raise_type_error(decided, bad):
    with pytest.raises(TypeError):
        decided.apply(bad)
    with pytest.raises(TypeError):
        decided.action_to_str(bad)


def test_integer_like_actions_are_accepted(decided):
    class Index:
        def __init__(self, value):
            self.value = value

        def __index__(self):
            return self.value

    action = int(decided.legal_actions()[0])  # __index__ must return an exact int
    assert decided.is_legal(Index(action))
    assert decided.action_to_str(Index(action)) == decided.action_to_str(action)


@pytest.mark.parametrize("seed", [-1, 2**64])
def test_rng_seed_out_of_range(seed):
    with pytest.raises(alea.InvalidArgument):
        alea.Rng(seed)


def test_rng_seed_bounds_are_accepted():
    alea.Rng(0)
    alea.Rng(2**64 - 1)
    with pytest.raises(TypeError):
        alea.Rng("1")


def test_rng_bounds_are_checked():
    rng = alea.Rng(1)
    for bad in (0, -1, 2**64):
        with pytest.raises(ValueError):
            rng.below(bad)
    for bad in (0, -6, 2**31, 2**63):
        with pytest.raises(ValueError):
            rng.die(bad)
    with pytest.raises(TypeError):
        rng.die(6.0)
    assert rng.below(2**64 - 1) >= 0


def test_bot_kind_out_of_c_int_range(decided):
    with pytest.raises(alea.InvalidArgument):
        alea.bot_choose(decided, 2**40, alea.Rng(1))


def test_text_arguments_accept_str_and_bytes(decided):
    assert decided.parse_action("hold 1,1,5") == decided.parse_action(b"hold 1,1,5")
    assert decided.parse_action(bytearray(b"hold 1,1,5")) == decided.parse_action("hold 1,1,5")


def test_text_with_a_nul_is_refused(decided):
    # The bindings pass the length (the _n functions): the library refuses the NUL
    # where a NUL-terminated call would have seen only the part before it.
    before = decided.to_bytes()
    with pytest.raises(alea.ParseError) as info:
        decided.apply("hold 1,1\0,5")
    assert info.value.offset == 8 and "embedded NUL byte at offset 8" in str(info.value)
    assert decided.to_bytes() == before
    with pytest.raises(alea.ParseError) as info:
        alea.Game("dice-poker\0 players=3")
    assert info.value.offset == 10


def test_text_of_a_wrong_type_raises_type_error(decided):
    with pytest.raises(TypeError):
        decided.parse_action(12.5)
    with pytest.raises(TypeError):
        alea.state_from_text(None)
    with pytest.raises(TypeError):
        alea.replay(["dice-poker"])


def test_dice_poker_helpers_check_their_ranges():
    with pytest.raises(alea.InvalidArgument):
        dp.pack([0, 0, 0, 0, 0, 256])
    with pytest.raises(alea.InvalidArgument):
        dp.pack([1, 2, 3])
    with pytest.raises(alea.InvalidArgument):
        dp.decode(-1)
    with pytest.raises(alea.InvalidArgument):
        dp.encode(dp.Kind.SCORE, 2**31)
    with pytest.raises(alea.InvalidArgument):
        dp.new_state(players=2**32 + 2)


def test_ctypes_argument_errors_become_type_errors():
    from alea._util import call

    with pytest.raises(TypeError):
        call(alea._lib.alea_rng_seed, "not a pointer", 1)
    with pytest.raises(TypeError):
        call(alea._lib.alea_game_find, 42)
    assert not issubclass(ctypes.ArgumentError, TypeError)
