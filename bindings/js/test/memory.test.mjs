// States and generators in wasm memory (issue 23 item 6): free(), use after free,
// the FinalizationRegistry safety net, the legal list kept between calls, the
// zero-copy views, observation tensors and playouts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import v8 from 'node:v8';
import vm from 'node:vm';
import { alea, SPECS } from './helpers.mjs';

const freedError = (e) => e instanceof alea.InvalidArgument && /was freed/.test(e.message);

test('free() releases a State and an Rng at once; using them afterwards is refused', () => {
  const before = alea.heapBlocks();
  const st = new alea.State('backgammon');
  const rng = new alea.Rng(1);
  const copy = st.clone();
  const copyRng = rng.clone();
  assert.equal(alea.heapBlocks(), before + 4);
  st.free();
  rng.free();
  assert.equal(alea.heapBlocks(), before + 2);
  st.free(); // idempotent
  rng.free();
  assert.equal(alea.heapBlocks(), before + 2);
  for (const use of [() => st.legalActions(), () => st.legalActionsView(), () => st.currentPlayer,
    () => st.isTerminal, () => st.apply(0n), () => st.apply('8/2 6/5'), () => st.toText(),
    () => st.bytes, () => st.clone(), () => st.observationTensor(0), () => st.equals(copy),
    () => copy.equals(st), () => alea.botChoose(st, 'random', copyRng)]) {
    assert.throws(use, freedError);
  }
  for (const use of [() => rng.next(), () => rng.below(6), () => rng.die(), () => rng.clone(),
    () => copy.roll(rng), () => rng.bytes]) {
    assert.throws(use, freedError);
  }
  copy.free();
  copyRng.free();
  assert.equal(alea.heapBlocks(), before);
});

test('`using` (Symbol.dispose) frees, where the runtime has it', { skip: typeof Symbol.dispose !== 'symbol' }, () => {
  const st = new alea.State('wise-dice');
  assert.equal(st[Symbol.dispose], st.free);
  st[Symbol.dispose]();
  assert.throws(() => st.toText(), freedError);
  const rng = new alea.Rng(2);
  rng[Symbol.dispose]();
  assert.throws(() => rng.next(), freedError);
});

test('the FinalizationRegistry frees the memory of States and Rngs nobody freed', async () => {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc');
  const before = alea.heapBlocks();
  (() => {
    for (let i = 0; i < 300; i++) {
      const st = new alea.State('dice-poker players=2');
      st.clone();
      new alea.Rng(i).next();
    }
  })();
  assert.ok(alea.heapBlocks() >= before + 900);
  for (let i = 0; i < 100 && alea.heapBlocks() > before + 10; i++) {
    gc();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  assert.ok(alea.heapBlocks() <= before + 10, `${alea.heapBlocks() - before} blocks left of 900`);
});

// The legal list and player are kept from the step call (apply/roll list the next
// state's actions); they must always equal what a fresh copy computes, also when
// several states take turns and when bytes are replaced.
test('the kept legal list and player always equal a fresh copy\'s (two games in turn, seeded)', () => {
  for (const spec of SPECS) {
    for (const seed of [1, 2]) {
      const rng = new alea.Rng(seed);
      const a = new alea.State(spec);
      const b = new alea.State(spec);
      for (let ply = 0; ply < 400 && !(a.isTerminal && b.isTerminal); ply++) {
        for (const st of ply % 3 === 0 ? [a, b] : [b, a]) {
          if (st.isTerminal) continue;
          const fresh = alea.State.fromText(st.toText());
          assert.equal(st.currentPlayer, fresh.currentPlayer, `${spec} seed ${seed} ply ${ply}`);
          const legal = st.legalActions();
          assert.deepEqual(legal, fresh.legalActions(), `${spec} seed ${seed} ply ${ply}`);
          assert.deepEqual(st.legalActionsView(), legal);
          fresh.free();
          if (st.isChance) st.roll(rng);
          else if (ply % 7 === 3) st.apply(st.actionToText(legal[0])); // the text path
          else st.apply(legal[Number(rng.below(legal.length))]);
        }
      }
      const other = a.clone();
      a.bytes = b.bytes; // replaced: the kept list must go
      assert.deepEqual(a.legalActions(), b.legalActions(), spec);
      assert.equal(a.currentPlayer, b.currentPlayer);
      if (other.currentPlayer >= 0) other.apply(other.legalActions()[0], {}); // with options
      a.free();
      b.free();
      other.free();
    }
  }
});

test('legalActions() is a copy of its own, legalActionsView() a view of wasm memory', () => {
  const st = new alea.State('dice-poker players=2');
  st.apply('roll 1,1,3,5,6');
  const copy = st.legalActions();
  const view = st.legalActionsView();
  assert.ok(view instanceof BigUint64Array);
  assert.notEqual(copy.buffer, view.buffer);
  assert.deepEqual([...copy], [...view]);
  st.apply(copy[0]);
  assert.notDeepEqual([...st.legalActions()], [...copy]); // the copy kept the old list
});

test('check(text) never changes the state, and bad bytes are refused by size', () => {
  const st = new alea.State('backgammon');
  const rng = new alea.Rng(4);
  st.roll(rng);
  const text = st.toText();
  const legal = st.legalActions();
  st.check(st.actionToText(legal[0]));
  assert.equal(st.toText(), text);
  assert.deepEqual(st.legalActions(), legal);
  assert.throws(() => { st.bytes = new Uint8Array(st.bytes.length + 1); }, RangeError);
  assert.equal(st.toText(), text);
});

test('observation tensors: one per seat, and the afterstates\' rows equal their tensors', () => {
  for (const spec of ['dice-poker players=2', 'wise-dice', 'backgammon', 'plateau']) {
    const st = new alea.State(spec);
    const rng = new alea.Rng(9);
    for (let i = 0; i < 6 && !st.isTerminal; i++) {
      if (st.isChance) st.roll(rng);
      else st.apply(alea.botChoose(st, 'random', rng));
    }
    while (st.isChance) st.roll(rng);
    const t = st.observationTensor(0);
    assert.ok(t instanceof Float32Array && t.length > 0, spec);
    assert.equal(st.observationTensor(alea.OBSERVER_PUBLIC).length, t.length);
    const after = st.afterstateTensors(0);
    assert.equal(after.size, t.length);
    assert.deepEqual(after.actions, st.legalActions());
    const rows = Math.min(after.actions.length, 20);
    for (let i = 0; i < rows; i++) {
      const child = st.clone().apply(after.actions[i]);
      assert.deepEqual(after.tensors.subarray(i * after.size, (i + 1) * after.size),
        child.observationTensor(0), `${spec} row ${i}`);
      child.free();
    }
    assert.throws(() => st.observationTensor(7), alea.InvalidArgument);
    assert.throws(() => st.observationTensor(2 ** 32), RangeError);
  }
});

test('playouts: whole games in the library, rows independent of the split', () => {
  const all = alea.playouts('dice-poker players=2', 6, ['greedy', 'random'], 11n);
  assert.equal(all.players, 2);
  assert.equal(all.returns.length, 12);
  assert.equal(all.plies.length, 6);
  const tail = alea.playouts(new alea.State('dice-poker players=2'), 2, ['greedy', 'random'], 11n,
    { first: 4n });
  assert.deepEqual(tail.scores, all.scores.subarray(8, 12));
  assert.deepEqual(tail.plies, all.plies.subarray(4, 6));
  const bot = new alea.Bot('random', 'backgammon');
  const a = alea.playouts('backgammon', 3, bot, 5n);
  const b = alea.playouts('backgammon', 3, 'random', 5n);
  assert.deepEqual(a.plies, b.plies);
  bot.free();
  for (const p of a.plies) assert.ok(p > 0);
  assert.throws(() => alea.playouts('backgammon', -1), RangeError);
  for (const first of [-1, -1n, 2n ** 64n, 1.5]) {
    assert.throws(() => alea.playouts('backgammon', 1, null, 5n, { first }), RangeError, `first ${first}`);
  }
  assert.throws(() => alea.playouts('backgammon', 1, null, 5n, { first: '1' }), TypeError);
  for (const seed of [1.5, NaN, '5', null]) {
    assert.throws(() => alea.playouts('backgammon', 1, null, seed), TypeError, `seed ${seed}`);
  }
  assert.deepEqual(alea.playouts('backgammon', 1, null, -1n).plies,
    alea.playouts('backgammon', 1, null, 2n ** 64n - 1n).plies); // the seed's low 64 bits, as Rng
  assert.throws(() => alea.playouts('dice-poker players=3', 1, ['random', 'random']),
    alea.InvalidArgument);
  assert.throws(() => alea.playouts('backgammon', 1, new alea.Bot('random', 'wise-dice')),
    alea.InvalidArgument);
});

test('typed views: the C structs of alea/<game>.h as objects and arrays', () => {
  const bg = new alea.State('backgammon');
  const rng = new alea.Rng(1);
  while (bg.isChance) bg.roll(rng);
  const v = bg.view();
  assert.equal(v.version, 1);
  assert.deepEqual(v.pips, [167, 167]);
  assert.equal(v.points[0][6], 5);
  assert.equal(v.points[1][24], 2);
  assert.equal(v.to_act, bg.currentPlayer);
  for (const d of v.dice) assert.ok(d >= 1 && d <= 6, `die ${d}`);
  const dp = new alea.State('dice-poker players=3 columns=2');
  const d = dp.view();
  assert.equal(d.players, 3);
  assert.equal(d.columns, 2);
  assert.equal(d.card.length, 4);
  assert.equal(d.card[0].mark.length, 15);
  assert.equal(d.card[0].mark[0].length, 6);
  assert.equal(new alea.State('plateau max-plies=400').view().max_plies, 400);
  const wd = new alea.State('wise-dice max-moves=77').view();
  assert.equal(wd.max_moves, 77);
  assert.equal(wd.pawn.length, 2);
  assert.equal(wd.stack[0].length, 12);
});

test('rng.below(n) draws the same with a number (through alea_rng_die) as with a BigInt', () => {
  const a = new alea.Rng(7);
  const b = new alea.Rng(7);
  for (let i = 0; i < 20000; i++) {
    const n = 1 + ((i * 37) % 5000);
    assert.equal(a.below(n), b.below(BigInt(n)), `bound ${n}`);
  }
  assert.equal(a.below(2 ** 40), b.below(2n ** 40n));
  assert.equal(a.next(), b.next());
  assert.throws(() => a.below(1.5), RangeError);
});

test('applyLegal(i) plays the same games as apply(legalActions()[i]); legalCount is the length', () => {
  for (const spec of SPECS) {
    const a = new alea.State(spec);
    const b = new alea.State(spec);
    const ra = new alea.Rng(11);
    const rb = new alea.Rng(11);
    for (let step = 0; step < 3000 && !a.isTerminal; step++) {
      assert.equal(a.legalCount, a.legalActions().length, `${spec} step ${step}`);
      if (a.isChance) {
        a.roll(ra);
        b.roll(rb);
      } else {
        const i = ra.die(a.legalCount) - 1;
        assert.equal(i, Number(rb.below(b.legalActions().length)));
        a.applyLegal(i);
        b.apply(b.legalActions()[i]);
      }
      assert.ok(a.equals(b), `${spec} step ${step}`);
    }
    assert.ok(a.isTerminal && b.isTerminal, spec);
    // applyLegal() applies an action of the list without checking it again (bindings/js/src/
    // lib/wasm/apply_listed.c): the list must be the state's own, also after its bytes or another state's
    // list took the step.
    const c = new alea.State(spec);
    const d = new alea.State(spec);
    const rc = new alea.Rng(5);
    for (let step = 0; step < 60 && !c.isTerminal; step++) {
      if (c.isChance) {
        c.roll(rc);
        continue;
      }
      void c.legalCount; // c's list is kept ...
      const other = c.clone();
      if (!other.isChance) other.applyLegal(other.legalCount - 1); // ... another state's step
      if (step % 2 === 0 && !other.isTerminal) c.bytes = other.bytes; // ... or new bytes
      d.bytes = c.bytes;
      const want = d.legalActions();
      if (c.isTerminal || c.isChance) {
        other.free();
        continue;
      }
      const i = rc.die(c.legalCount) - 1;
      c.applyLegal(i);
      d.apply(want[i]);
      assert.ok(c.equals(d), `${spec} step ${step}`);
      other.free();
    }
    for (const st of [c, d]) st.free();
    rc.free();
    const fresh = new alea.State(spec);
    const before = fresh.toText();
    for (const bad of [-1, fresh.legalCount, 1.5, NaN, '0']) {
      assert.throws(() => fresh.applyLegal(bad), RangeError, `${spec}: ${bad}`);
    }
    assert.equal(fresh.toText(), before);
    for (const st of [a, b, fresh]) st.free();
    ra.free();
    rb.free();
  }
});
