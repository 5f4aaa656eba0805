// Bad input: every refusal is a typed error with the library's reason, and the
// state is unchanged.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { alea } from './helpers.mjs';

function refused(st, fn, Cls, pattern) {
  const before = st.toText();
  assert.throws(fn, (e) => {
    assert.ok(e instanceof Cls, `expected ${Cls.name}, got ${e.name}: ${e.message}`);
    assert.ok(e instanceof alea.AleaError);
    if (pattern) assert.match(e.reason, pattern);
    return true;
  });
  assert.equal(st.toText(), before, 'the state is unchanged');
}

test('a bad spec: unknown game, unknown option, bad value', () => {
  assert.throws(() => new alea.State('chess'), alea.NotFound);
  assert.throws(() => new alea.State('dice-poker colour=red'), alea.BadOption);
  assert.throws(() => new alea.State('dice-poker players=9'), alea.BadOption);
  assert.throws(() => new alea.State('dice-poker players=x'), alea.BadOption);
  assert.throws(() => new alea.State('dice-poker players'), alea.ParseError);
});

test('malformed notation is a ParseError with its offset', () => {
  const st = new alea.State('dice-poker players=2');
  st.apply('roll 1,1,3,5,6');
  refused(st, () => st.apply('hold x'), alea.ParseError);
  try {
    st.apply('hold 1,1,x');
  } catch (e) {
    assert.ok(e.offset >= 0);
  }
});

test('an illegal move is refused with the rule', () => {
  const st = new alea.State('dice-poker players=2');
  st.apply('roll 1,1,3,5,6');
  refused(st, () => st.apply('hold 2'), alea.AleaError, /P-/);
});

test('a move at a chance node and dice at a move are WrongPhase (doc/api.md status table)', () => {
  const st = new alea.State('dice-poker players=2');
  refused(st, () => st.apply('write pair'), alea.WrongPhase);
  st.apply('roll 1,1,3,5,6');
  refused(st, () => st.apply('roll 1,1,1,1,1'), alea.WrongPhase);
});

test('a move from the wrong seat is WrongPlayer; the host throws the dice', () => {
  const st = new alea.State('dice-poker players=2');
  refused(st, () => st.apply('roll 1,1,3,5,6', { seat: 0 }), alea.WrongPlayer);
  st.apply('roll 1,1,3,5,6', { seat: alea.PLAYER_CHANCE });
  refused(st, () => st.apply('write pair', { seat: 1 }), alea.WrongPlayer, /seat 0/);
  const a = st.actionFromText('write pair');
  refused(st, () => st.apply(a, { seat: 1 }), alea.WrongPlayer);
  refused(st, () => st.check(a, { seat: 1 }), alea.WrongPlayer);
  st.check(a, { seat: 0 });
  st.apply(a, { seat: 0 });
});

test('after the end every action is WrongPhase', () => {
  const st = new alea.State('dice-poker players=1 columns=1');
  const rng = new alea.Rng(5);
  while (!st.isTerminal) {
    if (st.isChance) st.roll(rng);
    else st.apply(alea.botChoose(st, 'random', rng));
  }
  refused(st, () => st.apply('roll 1,2,3,4,5'), alea.WrongPhase);
  assert.equal(st.legalActions().length, 0);
});

test('bad values: not an action, a NUL inside a text, a bad state text, a bad gnubg ID', () => {
  const st = new alea.State('backgammon');
  refused(st, () => st.apply(0xffffffffffffffffn), alea.AleaError);
  refused(st, () => st.apply('opening 6-5\u0000x'), alea.ParseError);
  assert.throws(() => st.apply(-1), RangeError);
  assert.throws(() => st.apply(1.5), RangeError);
  assert.throws(() => alea.State.fromText('backgammon | nonsense'), alea.ParseError);
  assert.throws(() => alea.State.fromText('no bar here'), alea.ParseError);
  assert.throws(() => alea.State.fromGnubg('backgammon', '!!!!', 'MAAAAAAAAAAE'), alea.ParseError);
  assert.throws(() => alea.botChoose(st, 'nobody', new alea.Rng(1)), alea.InvalidArgument);
  refused(st, () => alea.botChoose(st, 'greedy', new alea.Rng(1)), alea.WrongPhase);
});

test('a record with an illegal line reports the line and the rule', () => {
  const rec = 'dice-poker players=2\nroll 1,1,3,5,6\nhold 9\n';
  assert.throws(() => alea.State.replay(rec), (e) => e instanceof alea.AleaError && e.line === 3);
});

// Issue 24 item 5: a JS number that a C int cannot hold is refused, never passed
// on modulo 2^32 (2**32 + 1 would be seat 1); and the bytes of a state or a
// generator cannot be replaced by an array of another size.
test('out-of-range ints are refused, not wrapped: seats, dice sides, bot kinds', () => {
  const big = [2 ** 32, 2 ** 32 + 1, -(2 ** 32), 2 ** 31, -(2 ** 31) - 1, 2 ** 53];
  for (const id of ['dice-poker players=2', 'backgammon', 'wise-dice', 'plateau']) {
    const st = new alea.State(id);
    const rng = new alea.Rng(7);
    while (st.isChance) st.roll(rng);
    const a = st.legalActions()[0];
    for (const v of big) {
      assert.throws(() => st.apply(a, { seat: v }), RangeError, `${id} seat ${v}`);
      assert.throws(() => st.check(a, { seat: v }), RangeError);
      assert.throws(() => st.observationText(v), RangeError);
      assert.throws(() => st.observation(v), RangeError);
      assert.throws(() => st.actionObservation(a, v), RangeError);
      assert.throws(() => alea.botChoose(st, v, rng), RangeError, `bot kind ${v}`);
      assert.throws(() => rng.die(v), RangeError, `die ${v}`);
    }
    for (const v of [1.5, NaN, Infinity]) {
      assert.throws(() => st.apply(a, { seat: v }), TypeError);
      assert.throws(() => rng.die(v), TypeError);
    }
  }
});

test('a state or generator takes bytes of its own size only', () => {
  const st = new alea.State('backgammon');
  const before = st.toText();
  const n = st.bytes.length;
  for (const len of [0, 7, n - 1, n + 1, n + 8, 4096]) {
    assert.throws(() => { st.bytes = new Uint8Array(len); }, RangeError, `state ${len}`);
  }
  assert.throws(() => { st.bytes = [...st.bytes]; }, TypeError);
  assert.equal(st.toText(), before);
  const other = new alea.State('backgammon');
  other.apply(other.legalActions()[0]);
  st.bytes = other.bytes.slice(); // the same size: taken, and read from now on
  assert.equal(st.toText(), other.toText());
  const rng = new alea.Rng(1);
  const bytes = rng.bytes.length;
  for (const len of [0, bytes - 1, bytes + 1, 1024]) {
    assert.throws(() => { rng.bytes = new Uint8Array(len); }, RangeError, `rng ${len}`);
  }
  const copy = new alea.Rng(1);
  rng.bytes = copy.bytes.slice();
  assert.equal(rng.next(), copy.next());
});
