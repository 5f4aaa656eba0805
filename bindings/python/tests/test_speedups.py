"""The compiled hot methods of State (alea._speedups) and their ctypes twins.

The whole suite runs twice under Meson: once with the compiled methods
(ALEA_SPEEDUPS = the built module) and once with ALEA_SPEEDUPS=0.  These tests
check which one is in use, that both play the same games, and the arguments at
the edges of the fast path, which each must route to the checked path.
"""

from __future__ import annotations

import ctypes
import gc
import hashlib
import os
import subprocess
import sys
import threading
from pathlib import Path
from typing import Optional

import pytest

import alea

SPECS = ["dice-poker players=3", "wise-dice", "plateau", "backgammon match=5"]
WANTED = os.environ.get("ALEA_SPEEDUPS", "")
compiled = pytest.mark.skipif(alea.speedups_path() is None,
                              reason="alea._speedups is not built or is turned off")


def _digest(spec: str, games: int, seed: int, keep: Optional[list] = None) -> str:
    """A hash of everything a loop of legal_numbers / apply / roll sees; `keep`
    keeps every list alive (so each new one counts toward a collection)."""
    h = hashlib.sha256()
    rng = alea.Rng(seed)
    for g in range(games):
        state = alea.State(spec)
        pick = 0
        while state.current_player != alea.TERMINAL:
            if state.current_player == alea.CHANCE:
                h.update(b"r%d;" % state.roll(rng))
            else:
                legal = state.legal_numbers()
                if keep is not None:
                    keep.append(legal)
                h.update(repr(legal).encode())
                pick = (pick * 31 + g + len(legal)) % len(legal)
                state.apply(legal[pick])
        h.update(state.to_text().encode())
    return h.hexdigest()


def test_the_module_in_use_is_the_one_alea_speedups_names():
    if WANTED.lower() in ("0", "off", "no", "false"):
        assert alea.speedups_path() is None
        assert type(alea.State.apply).__name__ == "function"
    elif WANTED:
        assert alea.speedups_path() == WANTED
        assert type(alea.State.apply).__name__ == "method_descriptor"
    else:  # found in the package or the build tree, or not at all
        path = alea.speedups_path()
        assert path is None or Path(path).name.startswith("_speedups")


def test_a_path_that_is_no_module_is_an_import_error(tmp_path):
    bogus = tmp_path / "_speedups.so"
    bogus.write_bytes(b"not an ELF file")
    env = dict(os.environ, ALEA_SPEEDUPS=str(bogus),
               PYTHONPATH=str(Path(alea.__file__).resolve().parents[1]))
    proc = subprocess.run([sys.executable, "-c", "import alea"], env=env,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode != 0 and "ImportError" in proc.stderr, proc.stderr


@compiled
def test_compiled_and_ctypes_methods_play_the_same_games():
    """Same seeds, same legal lists, actions, dice and final texts in every game."""
    code = ("import sys; sys.path.insert(0, %r); import test_speedups as t; "
            "print([t._digest(s, 12, 7) for s in t.SPECS])" % str(Path(__file__).parent))
    env = dict(os.environ, ALEA_SPEEDUPS="0",
               PYTHONPATH=str(Path(alea.__file__).resolve().parents[1]))
    proc = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == repr([_digest(s, 12, 7) for s in SPECS])


def test_threads_each_with_their_own_states_see_what_one_thread_sees():
    """The compiled methods share one step buffer per interpreter (under the GIL)."""
    expected = [_digest(spec, 3, 11) for spec in SPECS]
    seen: dict = {}

    def run(i: int) -> None:
        seen[i] = [_digest(spec, 3, 11) for spec in SPECS]

    threads = [threading.Thread(target=run, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(seen[i] == expected for i in range(4))


@pytest.mark.parametrize("bad, error", [
    (True, TypeError), (-1, alea.InvalidArgument), (2 ** 64, alea.InvalidArgument),
    (3.0, TypeError), (None, TypeError), ("zz", alea.ParseError),
])
def test_apply_routes_what_is_not_a_plain_action_number_to_the_checked_path(bad, error):
    state = alea.State("dice-poker")
    before = state.to_bytes()
    with pytest.raises(error):
        state.apply(bad)
    assert state.to_bytes() == before


def test_a_refused_number_raises_with_its_reason_and_changes_nothing():
    state = alea.State("dice-poker")
    state.roll(alea.Rng(3))
    legal = state.legal_numbers()
    before = state.to_bytes()
    for missing in (0, max(legal) + 1, 16777221):  # malformed, not listed, a throw
        with pytest.raises(alea.AleaError) as caught:
            state.apply(missing)
        assert "action" in str(caught.value) or caught.value.reason
    assert state.to_bytes() == before
    assert state.legal_numbers() == legal


def test_apply_and_roll_take_their_arguments_by_keyword_and_a_sender_seat():
    state = alea.State("dice-poker players=2")
    rng = alea.Rng(5)
    state.roll(rng=rng)
    legal = state.legal_numbers()
    with pytest.raises(alea.WrongPlayer):
        state.apply(legal[0], seat=1)
    state.apply(action=legal[0], seat=0)
    twin = alea.State("dice-poker players=2")
    twin.roll(alea.Rng(5))
    twin.apply(legal[0], None)
    assert twin == state
    with pytest.raises(TypeError):
        state.apply()
    with pytest.raises(TypeError):
        state.apply(legal[0], seat=0, extra=1)


def test_an_int_subclass_applies_as_its_value():
    state = alea.State("backgammon")
    rng = alea.Rng(2)
    while state.is_chance:
        state.roll(rng)
    twin = state.clone()
    action = state.legal_actions()[-1]  # an alea.Action, an int subclass
    state.apply(action)
    twin.apply(int(action))
    assert state == twin and state.current_player == twin.current_player


def test_roll_refuses_what_is_not_an_rng_and_outside_a_chance_node():
    state = alea.State("wise-dice")
    with pytest.raises(TypeError, match="alea.Rng"):
        state.roll(7)
    with pytest.raises(TypeError):
        state.roll()
    rng = alea.Rng(1)
    assert not state.is_chance  # wise dice opens with a seat placing
    before = (state.to_bytes(), rng.words)
    with pytest.raises(alea.WrongPhaseError):
        state.roll(rng)
    assert (state.to_bytes(), rng.words) == before


def test_legal_numbers_hands_out_a_new_list_each_time():
    state = alea.State("plateau")
    first = state.legal_numbers()
    first.clear()
    second = state.legal_numbers()
    assert second and second is not first
    state.apply(second[0])
    after = state.legal_numbers()  # fetched with the step
    after.append(-1)
    assert state.legal_numbers() == after[:-1]
    with pytest.raises(TypeError):
        state.legal_numbers(1)


def test_many_distinct_action_numbers_come_back_exact():
    """Backgammon has more distinct moves than the compiled int cache has slots."""
    rng = alea.Rng(9)
    for _ in range(40):
        state = alea.State("backgammon")
        while not state.is_terminal:
            if state.is_chance:
                state.roll(rng)
                continue
            legal = state.legal_numbers()
            assert legal == [int(a) for a in state.legal_actions()]
            state.apply(legal[rng.below(len(legal))])


@compiled
def test_the_state_bytes_must_be_a_whole_alea_state():
    state = alea.State("dice-poker")
    with pytest.raises(TypeError, match="_raw"):
        state._raw = bytearray(16)
    with pytest.raises(TypeError):
        del state._raw
    pinned = bytearray(ctypes.sizeof(alea._lib.State))  # all zero: no valid state
    damaged = alea.State("dice-poker")
    damaged._raw = pinned
    with pytest.raises(BufferError):  # the bytes stay where the State reads them
        pinned.extend(b"x")
    with pytest.raises(alea.AleaError):
        damaged.legal_numbers()
    empty = alea.State.__new__(alea.State)
    with pytest.raises((ValueError, AttributeError)):
        empty.legal_numbers()
    with pytest.raises((ValueError, AttributeError)):
        empty.roll(alea.Rng(1))
    assert state.legal_numbers() == alea.State("dice-poker").legal_numbers()


@compiled
def test_help_shows_the_signature_and_the_documentation():
    import inspect
    assert str(inspect.signature(alea.State.apply)) == "(self, /, action, seat=None)"
    assert "Validates, then applies" in alea.State.apply.__doc__
    assert "The seat to act" in alea.State.current_player.__doc__


def test_a_finalizer_that_plays_while_a_list_is_built_leaves_that_list_alone():
    """The lists are kept, so with a threshold of 1 nearly every list made by
    apply / roll / legal_numbers runs the collector, and so a finalizer that
    plays a step of another game, before its items are read."""
    expected = [_digest(spec, 2, 5) for spec in SPECS]
    other, other_rng = alea.State("dice-poker players=4"), alea.Rng(1)
    calls = [0]

    class Pest:
        def __init__(self) -> None:
            self.me = self  # garbage only the cyclic collector frees

        def __del__(self) -> None:
            calls[0] += 1
            if other.is_terminal:
                other._st = alea.State("dice-poker players=4")._st
            elif other.is_chance:
                other.roll(other_rng)
            else:
                legal = other.legal_numbers()
                other.apply(legal[len(legal) // 2])
            Pest()

    old = gc.get_threshold()
    gc.collect()
    Pest()
    gc.set_threshold(1)
    try:
        got = [_digest(spec, 2, 5, keep=[]) for spec in SPECS]
    finally:
        gc.set_threshold(*old)
        gc.collect()
    assert calls[0] > 200
    assert got == expected


@pytest.mark.parametrize("spec", SPECS)
def test_a_finalizer_that_steps_the_same_state_leaves_no_stale_list(spec):
    """Issue 24 item 5: a finalizer run while apply / roll build the legal list
    may step the very state being stepped; the list kept is then the one of
    the state as it is, never the one of the state the finalizer moved on from.
    Every list handed out is checked against a fresh copy's.

    The collector runs inside a step only if an allocation of the step crosses
    the threshold: so before each step the free list of lists is emptied (a
    list taken from it is not counted) and, with a threshold of 1, the count
    of generation 0 is brought to exactly 1.  The step's first counted
    allocation (the compiled step's list; in the ctypes step, at times its
    list) then runs the finalizer.  The code before the change counters
    (compiled and ctypes) kept stale lists here within a few steps."""
    st, rng = alea.State(spec), alea.Rng(3)
    pest_rng = alea.Rng(4)
    calls, inside, in_step = [0], [False], [0]

    class Pest:
        def __init__(self) -> None:
            self.me = self  # garbage only the cyclic collector frees

        def __del__(self) -> None:
            calls[0] += 1
            in_step[0] += inside[0]
            if not st.is_terminal:
                if st.is_chance:
                    st.roll(pest_rng)
                else:
                    legal = st.legal_numbers()
                    st.apply(legal[len(legal) // 2])
            Pest()

    def fresh(state: alea.State) -> list:
        return alea.State.from_bytes(state.to_bytes()).legal_numbers()

    old = gc.get_threshold()
    gc.collect()
    Pest()
    gc.set_threshold(1)
    steps = 0
    try:
        while steps < 400:
            gc.disable()  # no finalizer between the list and its check
            if st.is_terminal:
                break
            now = st.legal_numbers()  # the list fetched with the last step, if kept
            assert now == fresh(st), f"a stale legal list after {steps} steps"
            pick = now[rng.below(len(now))] if now else None
            pad = [[] for _ in range(100)]  # more than the free list holds
            gc.enable()
            while gc.get_count()[0] != 1:
                pad.append([])
            inside[0] = True
            try:  # a finalizer may step the state first: then a refusal
                if st.is_chance:
                    st.roll(rng)
                elif pick is not None:
                    st.apply(pick)
            except (alea.WrongPhaseError, alea.IllegalActionError):
                pass
            finally:
                inside[0] = False
            steps += 1
    finally:
        gc.enable()
        gc.set_threshold(*old)
        gc.collect()
    assert calls[0] > 0
    # The compiled step's one counted allocation is its list; later Pythons
    # collect only between bytecodes.
    if sys.version_info < (3, 12) and alea.speedups_path() is not None:
        assert in_step[0] * 4 > steps, "the finalizer seldom ran inside a step"
