"""The hot path's memory (alea/state.py): a State remembers its player and the
legal list that apply()/roll() fetched in the same C call
(alea_state_apply_and_list / alea_state_roll_and_list); what it answers must
always be what the library says of the state's bytes now."""

import ctypes
import random

import pytest

import alea
from alea import _lib


def _fresh_view(state):
    """Player and legal list read from C directly, bypassing any memory."""
    ref = ctypes.byref(state._st)
    buf = (ctypes.c_uint64 * _lib.MAX_ACTIONS)()
    count = ctypes.c_size_t()
    assert _lib.alea_state_legal_actions(buf, _lib.MAX_ACTIONS, ctypes.byref(count), ref) == 0
    return _lib.alea_state_current_player(ref), buf[: count.value]


@pytest.mark.parametrize("game", [info.id for info in alea.games()])
@pytest.mark.parametrize("seed", [1, 2])
def test_remembered_player_and_list_match_the_library(game, seed):
    rng = alea.Rng(seed)
    pick = random.Random(seed)
    state = alea.State(game)
    steps = 0
    while steps < 400:
        who, legal = _fresh_view(state)
        assert state.current_player == who, f"seed {seed} step {steps}"
        assert state.is_chance == (who == alea.CHANCE)
        assert state.is_terminal == (who == alea.TERMINAL)
        if who == alea.TERMINAL:
            assert state.legal_numbers() == []
            break
        if who == alea.CHANCE and pick.random() < 0.5:
            state.roll(rng)
        else:
            numbers = state.legal_numbers()
            assert numbers == legal, f"seed {seed} step {steps}"
            numbers.append(12345)  # the caller's own list: the state must not see this
            assert state.legal_numbers() == legal
            twin = state.clone()
            choice = pick.choice(legal)
            with pytest.raises(alea.AleaError):
                state.apply(2**64 - 1)  # refused: nothing changes, nothing is forgotten
            assert state.legal_numbers() == legal
            state.apply(choice)
            assert twin.legal_numbers() == legal  # the clone is independent
            assert twin.current_player == who
        steps += 1


def test_text_and_seat_paths_keep_the_player_current():
    state = alea.State("wise-dice")
    rng = alea.Rng(3)
    while not state.is_terminal:
        if state.is_chance:
            state.roll(rng)
            continue
        legal = state.legal_numbers()
        seat = state.current_player
        if len(legal) % 2:
            state.apply(state.action_to_str(legal[0]))
        else:
            state.apply(legal[-1], seat=seat)
        assert state.current_player == _fresh_view(state)[0]
        assert state.legal_numbers() == _fresh_view(state)[1]


def test_hash_is_the_library_hash_reduced_as_python_reduces_ints():
    # State.__hash__'s documented value: hash(hash64()), i.e. alea_state_hash
    # modulo 2**61 - 1 (sys.hash_info.modulus) for a non-negative int.
    import sys

    rng = alea.Rng(5)
    state = alea.State("backgammon")
    for _ in range(30):
        assert hash(state) == state.hash64() % sys.hash_info.modulus
        if state.is_terminal:
            break
        if state.is_chance:
            state.roll(rng)
        else:
            state.apply(state.legal_numbers()[0])
