"""The raw prototypes the high-level classes do not use: heap states, NULL handling, buffers."""

from __future__ import annotations

import ctypes

import alea
from alea import _lib

L = _lib.lib


def test_heap_state_new_clone_free():
    state = ctypes.POINTER(_lib.State)()
    err = _lib.Error()
    assert L.alea_state_new(ctypes.byref(state), b"dice-poker players=3", ctypes.byref(err)) == 0
    twin = ctypes.POINTER(_lib.State)()
    assert L.alea_state_clone(ctypes.byref(twin), state) == 0
    assert L.alea_state_equal(state, twin) == 1
    assert L.alea_state_num_players(twin) == 3
    assert L.alea_state_size(twin) == alea.game_info("dice-poker").state_size
    assert L.alea_state_hash(state) == alea.Game("dice-poker", players=3).new_state().hash64()
    L.alea_state_free(state)
    L.alea_state_free(twin)
    L.alea_state_free(None)


def test_heap_state_new_failure_sets_null_and_reason():
    state = ctypes.POINTER(_lib.State)()
    err = _lib.Error()
    status = L.alea_state_new(ctypes.byref(state), b"chess", ctypes.byref(err))
    assert status == alea.Status.NOT_FOUND
    assert not state
    assert err.status == alea.Status.NOT_FOUND and err.message


def test_null_arguments_are_harmless():
    assert L.alea_game_at(10**6) is None
    assert L.alea_game_find(None) is None
    assert L.alea_game_id(None) is None
    assert L.alea_bot_name(-1) is None
    assert L.alea_state_current_player(None) == _lib.PLAYER_INVALID
    assert L.alea_state_hash(None) == 0
    assert L.alea_state_size(None) == 0
    assert L.alea_rng_next(None) == 0
    assert L.alea_state_validate(None, None) == alea.Status.INVALID_ARGUMENT


def test_buffers_report_the_size_they_need():
    state = alea.Game("dice-poker").new_state()
    count = ctypes.c_size_t()
    ref = ctypes.byref(state._st)
    status = L.alea_state_legal_actions(None, 0, ctypes.byref(count), ref)
    assert status == alea.Status.BUFFER_TOO_SMALL
    assert count.value == 252
    text = state.to_text()
    small = ctypes.create_string_buffer(10)
    assert L.alea_state_to_text(small, 10, ctypes.byref(count), ref) == alea.Status.BUFFER_TOO_SMALL
    assert count.value == len(text.encode())
    assert small.value == text.encode()[:9]  # NUL-terminated prefix


def test_game_pointers_are_full_width():
    game = L.alea_game_find(b"dice-poker")
    assert game and game == L.alea_game_at([i.id for i in alea.games()].index("dice-poker"))
    state = alea.Game("dice-poker").new_state()
    assert L.alea_state_game(ctypes.byref(state._st)) == game
