"""States as values: clones, copy module, equality, hashing, pickling, raw bytes."""

from __future__ import annotations

import copy
import pickle

import pytest

import alea
from alea import _lib

from conftest import play


def test_clone_is_equal_and_independent(game, rng):
    state = game.new_state()
    twin = state.clone()
    assert twin == state and twin is not state
    twin.roll(rng)
    assert twin != state
    assert state.is_chance and not twin.is_chance
    assert state == game.new_state()


def test_copy_module_makes_independent_states(decided):
    for twin in (copy.copy(decided), copy.deepcopy(decided)):
        assert type(twin) is alea.State
        assert twin == decided
        twin.apply("hold 1,1")
        assert twin != decided
    assert decided.current_player == 0


def test_copy_copy_and_pickle_round_trip_mid_game(game, rng):
    state = game.new_state()
    moves = 0

    def visit(node):
        nonlocal moves
        moves += 1
        if moves % 17 == 0:
            assert pickle.loads(pickle.dumps(node)) == node
            assert copy.copy(node) == node

    play(state, rng, visit=visit)
    assert pickle.loads(pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL)) == state


def test_equal_states_hash_equally(game):
    a, b = game.new_state(), game.new_state()
    a.apply("roll 2,2,2,6,6")
    b.apply("roll 6,2,6,2,2")
    assert a == b
    assert hash(a) == hash(b)
    assert a.hash64() == b.hash64()
    assert 0 <= a.hash64() < 2**64
    assert len({a, b, game.new_state()}) == 2


def test_states_of_different_options_differ():
    a = alea.Game("dice-poker", players=2).new_state()
    b = alea.Game("dice-poker", players=3).new_state()
    assert a != b
    assert a != "a state"
    assert (a == 3) is False


def test_new_states_of_a_game_are_independent(game, rng):
    a = game.new_state()
    a.roll(rng)
    assert game.new_state().is_chance


def test_raw_bytes_round_trip(decided):
    data = decided.to_bytes()
    assert len(data) == alea.game_info("dice-poker").state_size
    assert alea.State.from_bytes(data) == decided
    decided.validate()


def test_raw_bytes_are_validated(decided):
    data = bytearray(decided.to_bytes())
    with pytest.raises(alea.InvalidArgument):
        alea.State.from_bytes(b"\0" * len(data))  # no header
    with pytest.raises(alea.InvalidArgument):
        alea.State.from_bytes(bytes(data[:-8]))  # cut short
    with pytest.raises(alea.InvalidArgument):
        alea.State.from_bytes(b"\1" * (_lib.STATE_MAX_SIZE + 1))
    with pytest.raises(TypeError):
        alea.State.from_bytes("text")


def test_raw_bytes_with_a_broken_invariant_are_refused(decided):
    data = decided.to_bytes()
    refused = 0
    # Flip each byte after the 8-byte header to 0xff: a broken state must be refused, and
    # a state the library accepts must be fully usable.
    for i in range(8, len(data)):
        mutated = bytearray(data)
        mutated[i] ^= 0xFF
        try:
            state = alea.State.from_bytes(bytes(mutated))
        except alea.InvalidStateError:
            refused += 1
            continue
        state.legal_actions()
        state.to_text()
    assert refused > 0
