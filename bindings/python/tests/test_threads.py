"""One State used by several threads at once never crashes the interpreter
(issue 24 item 5): every call answers for a whole state, as it was at the
call's entry, or raises; never a crash, never a torn or stale answer.

Each case runs in a child interpreter, so that a crash is a failed test and
not the end of the run.  Per game: two threads apply (ints, texts, rolls and
the checked path) while two call the readers that release the GIL
(afterstate tensors, observation tensor and texts, to_text, legal actions,
a bot's choice); every answer is checked against itself (a text reads back
as a valid state, the afterstate rows match the actions).  Both the compiled
``_speedups`` methods and the ctypes ones (``ALEA_SPEEDUPS=0``).
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

CHILD = r'''
import sys, threading, time
import alea
spec, seconds = sys.argv[1], float(sys.argv[2])
st = alea.State(spec)
stop = time.monotonic() + seconds
problems = []
calls = [0]

def applier(seed):
    rng = alea.Rng(seed)
    while time.monotonic() < stop:
        try:
            if st.is_terminal:
                st._st = alea.State(spec)._st
                continue
            if st.is_chance:
                st.roll(rng)
                continue
            legal = st.legal_numbers()
            if not legal:
                continue
            a = legal[rng.below(len(legal))]
            kind = rng.below(3)
            if kind == 0:
                st.apply(a)
            elif kind == 1:
                st.apply(st.action_to_str(a))
            else:
                st.apply(a, seat=st.current_player)
        except alea.AleaError:
            pass  # the other applier moved first: a refusal, with its reason

def reader(seat):
    rng = alea.Rng(seat + 100)
    while time.monotonic() < stop:
        try:
            actions, rows = st.afterstate_tensors(seat)
            if len(actions) != len(rows):
                problems.append("afterstate: %d actions, %d rows" % (len(actions), len(rows)))
            st.observation_tensor(seat)
            st.observation_text(seat)
            text = st.to_text()
            alea.state_from_text(text)  # a whole state: it validates
            st.legal_actions()
            st.to_json()
            if not st.is_terminal and not st.is_chance:
                alea.bot_choose(st, "random", rng)
            calls[0] += 1
        except alea.AleaError as exc:  # e.g. the bot's state moved on: not a crash
            if not isinstance(exc, (alea.IllegalActionError, alea.WrongPhaseError)):
                problems.append(repr(exc))

threads = [threading.Thread(target=applier, args=(i,)) for i in range(2)]
threads += [threading.Thread(target=reader, args=(i,)) for i in range(2)]
for t in threads:
    t.start()
for t in threads:
    t.join()
print(calls[0], "reader rounds")
if problems:
    print("\n".join(problems[:10]))
    sys.exit(1)
'''

SPECS = ["plateau", "backgammon match=3 resign=on", "dice-poker players=3", "wise-dice"]


@pytest.mark.parametrize("speedups", ["", "0"])
@pytest.mark.parametrize("spec", SPECS)
def test_one_state_many_threads(spec, speedups):
    env = dict(os.environ)
    if speedups:
        env["ALEA_SPEEDUPS"] = speedups
    seconds = os.environ.get("ALEA_THREAD_SECONDS", "1.5")
    proc = subprocess.run([sys.executable, "-c", CHILD, spec, seconds], env=env,
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, (proc.returncode, proc.stdout[-2000:], proc.stderr[-2000:])
