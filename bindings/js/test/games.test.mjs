// Whole games of every game through the JavaScript API, and the same seed giving
// the same game as the C library (alea-referee) and Python.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { alea, SPECS, demoRecord } from './helpers.mjs';

test('the registry lists the four games with their options', () => {
  const ids = alea.games().map((g) => g.id);
  assert.deepEqual(ids.slice().sort(), ['backgammon', 'dice-poker', 'plateau', 'wise-dice']);
  const dp = alea.game('dice-poker');
  assert.equal(dp.minPlayers, 1);
  assert.equal(dp.maxPlayers, 4);
  const players = dp.options.find((o) => o.name === 'players');
  assert.deepEqual([players.min, players.max, players.default], [1, 4, 2]);
  assert.ok(alea.bots().includes('mcts'));
  assert.match(alea.version(), /^\d+\.\d+\.\d+$/);
});

for (const spec of SPECS) {
  test(`${spec}: random games end, every legal action applies, text round-trips`, () => {
    for (let seed = 1; seed <= 3; seed++) {
      const st = new alea.State(spec);
      const rng = new alea.Rng(seed);
      let plies = 0;
      while (!st.isTerminal) {
        const legal = st.legalActions();
        assert.ok(legal.length > 0, `seed ${seed}: no legal action at ${st.toText()}`);
        for (let i = 1; i < legal.length; i++) assert.ok(legal[i - 1] < legal[i], 'ascending');
        // a few legal actions, checked without changing the state
        const before = st.toText();
        for (const a of legal.slice(0, 5)) st.check(a);
        assert.equal(st.toText(), before);
        if (st.isChance) {
          const outs = st.chanceOutcomes();
          assert.equal(outs.reduce((s, o) => s + o.num, 0), outs[0].den, 'probabilities sum to 1');
          st.roll(rng);
        } else {
          const a = alea.botChoose(st, 'random', rng);
          assert.ok(legal.includes(a));
          const text = st.actionToText(a);
          assert.equal(st.actionFromText(text), a, `seed ${seed}: '${text}' parses back`);
          st.apply(text, { seat: st.currentPlayer });
        }
        const again = alea.State.fromText(st.toText());
        assert.ok(again.equals(st), `seed ${seed}: ${st.toText()} round-trips`);
        assert.equal(again.hash(), st.hash());
        plies++;
      }
      const r = st.result();
      assert.equal(r.terminal, true);
      assert.equal(r.players, st.numPlayers);
      assert.ok(Math.abs(r.returns.reduce((s, x) => s + x, 0)) < 1e-9, 'returns sum to 0');
      assert.ok(plies > 0);
      assert.equal(st.toJSON().terminal, true);
    }
  });
}

test('the same seed gives the same game in JavaScript and in C (alea-referee)', (t) => {
  const referee = process.env.ALEA_REFEREE;
  if (!referee) {
    t.skip('ALEA_REFEREE (the path of alea-referee) is not set');
    return;
  }
  for (const spec of SPECS) {
    for (const seed of [1, 7]) {
      const c = execFileSync(referee, ['--write-demo-record', String(seed), ...spec.split(' ')],
        { encoding: 'utf8' });
      const js = demoRecord(seed, spec);
      assert.equal(js.record, c, `${spec} seed ${seed}`);
      // and the C referee's replay of it ends in the same state as the JS game
      assert.ok(alea.State.replay(c).equals(js.state));
    }
  }
});

test('the same seed gives the same game in JavaScript and in Python', (t) => {
  const python = process.env.ALEA_PYTHON;
  if (!python) {
    t.skip('ALEA_PYTHON (an interpreter that imports alea) is not set');
    return;
  }
  const script = `
import sys, alea
seed, spec = int(sys.argv[1]), sys.argv[2]
st = alea.Game(spec).new_state()
dice = alea.Rng(seed)
bots = dice.copy(); bots.jump()
lines = [st.spec]
while not st.is_terminal:
    before = st.clone()
    if st.is_chance:
        action = st.roll(dice)
    else:
        action = alea.bot_choose(st, "greedy" if st.current_player == 0 else "random", bots)
        st.apply(action)
    lines.append(before.action_to_str(action))
sys.stdout.write("\\n".join(lines) + "\\n")
`;
  for (const spec of SPECS) {
    const py = execFileSync(python, ['-c', script, '3', spec], { encoding: 'utf8' });
    assert.equal(demoRecord(3, spec).record, py, spec);
  }
});
