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

// Twins through the state's own observation (R11): two legal actions that a seat
// sees alike lead to states it sees alike, and two actions whose after-states it
// sees alike are shown to it alike; the mover sees its action in full, and what a
// seat sees is the full text with hidden faces written as "?".  Seeded random
// Plateau games, about 16 legal actions at each ply, every viewer.
test('plateau: an action\'s observation tells a seat exactly what the after-state shows it', () => {
  const viewers = [0, 1, alea.OBSERVER_PUBLIC];
  let checked = 0;
  let hidden = 0;
  for (const seed of [1, 2]) {
    const st = new alea.State('plateau');
    const rng = new alea.Rng(seed);
    for (let ply = 0; ply < 30 && !st.isTerminal; ply++) {
      if (st.isChance) {
        st.roll(rng);
        continue;
      }
      const mover = st.currentPlayer;
      const legal = st.legalActions();
      const step = Math.max(1, Math.floor(legal.length / 16)); // about 16 actions a ply
      const picked = [];
      for (let i = 0; i < legal.length; i += step) picked.push(legal[i]);
      for (const who of viewers) {
        const byAction = new Map(); // action observation -> after-state observation
        const byState = new Map(); // after-state observation -> action observation
        for (const a of picked) {
          const full = st.actionToText(a);
          const seen = st.actionObservation(a, who);
          if (who === mover) assert.equal(seen, full, `seed ${seed} ply ${ply}`);
          assert.equal(seen.length, full.length, `${full} as ${who}: ${seen}`);
          for (let k = 0; k < full.length; k++) {
            assert.ok(seen[k] === full[k] || seen[k] === '?', `${full} as ${who}: ${seen}`);
          }
          if (seen !== full) hidden++;
          const after = st.clone().apply(a);
          const view = after.observationText(who);
          after.free();
          if (byAction.has(seen)) {
            assert.equal(view, byAction.get(seen), `seat ${who} sees ${seen} alike, not the states`);
          }
          if (byState.has(view)) {
            assert.equal(seen, byState.get(view), `seat ${who} sees the states alike, not ${seen}`);
          }
          byAction.set(seen, view);
          byState.set(view, seen);
          checked++;
        }
      }
      st.apply(legal[Number(rng.below(legal.length))]);
    }
    st.free();
    rng.free();
  }
  assert.ok(checked > 500 && hidden > 100, `${checked} observations, ${hidden} with hidden faces`);
});
