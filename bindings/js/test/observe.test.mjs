// What a seat may see of a move (State.actionObservation, issue 23 item 1): the
// mover all of it, the other seats and spectators what the game shows them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { alea, SPECS } from './helpers.mjs';

test('plateau: an opponent sees only what R11 shows of a set-up and an onboard', () => {
  const st = new alea.State('plateau');
  const P = alea.OBSERVER_PUBLIC;
  const setup = st.actionFromText('setup a1 xx rb');
  assert.equal(st.actionObservation(setup, 0), 'setup a1 xx rb');
  assert.equal(st.actionObservation(setup, 1), 'setup a1 ?? r?');
  assert.equal(st.actionObservation(setup, P), 'setup a1 ?? r?');
  st.apply(setup);
  st.apply('setup d4 bb ox');
  const inside = st.actionFromText('on xx a1:1');
  assert.equal(st.actionObservation(inside, 1), 'on ?? a1:1');
  const move = st.actionFromText('!a1/1-b2');
  assert.equal(st.actionObservation(move, 1), st.actionToText(move));
  assert.throws(() => st.actionObservation(inside, 2), alea.InvalidArgument);
  st.apply(move);
  assert.throws(() => st.actionObservation(inside, 1), alea.IllegalAction);
});

for (const spec of SPECS.filter((s) => !s.startsWith('plateau'))) {
  test(`${spec}: every seat sees every action in full (perfect information)`, () => {
    const st = new alea.State(spec);
    const rng = new alea.Rng(3);
    for (let ply = 0; ply < 6 && !st.isTerminal; ply++) {
      for (const a of st.legalActions().slice(0, 4)) {
        for (let seat = -1; seat < st.numPlayers; seat++) {
          const who = seat < 0 ? alea.OBSERVER_PUBLIC : seat;
          assert.equal(st.actionObservation(a, who), st.actionToText(a));
        }
      }
      if (st.isChance) st.roll(rng);
      else st.apply(st.legalActions()[0]);
    }
  });
}
