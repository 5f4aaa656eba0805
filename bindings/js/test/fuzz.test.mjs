// Fuzzing the JavaScript boundary (issue 24 item 7): seeded random calls of
// every State, Rng, Bot and module function, with arguments of every kind
// (integers in and out of range, NaN, BigInts past 64 bits, strings with NUL
// bytes and notation fragments, objects, arrays, byte arrays of any size,
// damaged state bytes).  What must hold, whatever the arguments:
//  - a call returns, or throws an alea.AleaError, a TypeError or a RangeError:
//    never a WebAssembly trap or another error;
//  - a call that throws leaves the state's bytes as they were;
//  - the answer is that of a fresh copy of the state (no stale scratch copy);
//  - an applied action or roll leaves a valid state valid, its text reads back
//    (damaged bytes may take the hot calls' answers, as in C);
//  - afterwards the module still plays a game.
// ALEA_JS_FUZZ_ITERATIONS calls (default 4000) from ALEA_JS_FUZZ_SEED (default 1);
// a failure prints the seed and the call.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { alea, SPECS } from './helpers.mjs';

const ITERATIONS = Number(process.env.ALEA_JS_FUZZ_ITERATIONS || 4000);
const SEED = Number(process.env.ALEA_JS_FUZZ_SEED || 1);

// xorshift32: the fuzzer's own stream (not the library's, which is under test)
function stream(seed) {
  let x = (seed >>> 0) || 0x9e3779b9;
  const next = () => {
    x ^= x << 13; x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5; x >>>= 0;
    return x;
  };
  return { next, below: (n) => next() % n, pick: (arr) => arr[next() % arr.length] };
}

const TEXTS = ['', 'x', '1', '24/18', '13/8 8/4*', 'bar/21', 'opening 1-2', 'roll 1,1,3,5,6',
  'hold 1,1', 'double', 'take', 'drop', 'resign single', 'accept', 'reject', 'pass', '6/off',
  'dice-poker players=2', 'backgammon match=5', 'plateau', 'wise-dice', 'a\u0000b', '\u0000',
  'é', '\ud800', 'ply', 'expert', 'beginner', 'greedy', 'public', '4HPwATDgc/ABMA',
  'cAkAAAAAAAAA', ' '.repeat(70000)];

function randomValue(r, st) {
  switch (r.below(14)) {
    case 0: return r.pick([0, 1, 2, 3, -1, -4, -5, 4, 7, 255, 256, 2 ** 31, -(2 ** 31) - 1,
      2 ** 32, 2 ** 32 + 1, 2 ** 53, -(2 ** 53), 1.5, NaN, Infinity, -Infinity, -0]);
    case 1: return r.pick([0n, 1n, -1n, 2n ** 64n, 2n ** 64n - 1n, 2n ** 63n, 2n ** 80n,
      BigInt(r.next()) << 32n | BigInt(r.next())]);
    case 2: {
      const legal = safe(() => st.legalActions());
      return legal && legal.length ? legal[r.below(legal.length)] ^ BigInt(r.below(2) ? 0 : 1 << r.below(31)) : 0n;
    }
    case 3: {
      const moves = safe(() => st.legalMoves());
      return moves && moves.length ? moves[r.below(moves.length)] : 'x';
    }
    case 4: return r.pick(TEXTS);
    case 5: {
      let s = '';
      for (let i = r.below(24); i > 0; i--) s += String.fromCharCode(r.below(2) ? 32 + r.below(95) : r.below(0x3000));
      return s;
    }
    case 6: return r.pick([null, undefined, true, false, {}, [], [1, 2], { seat: 0 }, () => 1,
      Symbol('x')]);
    case 7: return new Uint8Array(r.pick([0, 1, 7, 8, 64, st.bytes.length, st.bytes.length + 1, 5000]));
    case 8: return new alea.Rng(BigInt(r.next()));
    case 9: return st;
    case 10: return new alea.State(r.pick(SPECS));
    case 11: return alea.PLAYER_CHANCE;
    case 12: return alea.OBSERVER_PUBLIC;
    default: return r.pick(['random', 'greedy', 'heuristic', 'ply', 'expectimax', 'mcts']);
  }
}

function safe(fn) {
  try {
    return fn();
  } catch {
    return undefined;
  }
}

// One operation on st with random arguments, as [name, fn].
function operation(r, st, args) {
  const a = args[0], b = args[1], c = args[2];
  const ops = [
    ['legalActions', () => st.legalActions()],
    ['legalMoves', () => st.legalMoves()],
    ['chanceOutcomes', () => st.chanceOutcomes()],
    ['check', () => st.check(a)],
    ['check seat', () => st.check(a, { seat: b })],
    ['apply', () => st.apply(a)],
    ['apply seat', () => st.apply(a, { seat: b })],
    ['roll', () => st.roll(a)],
    ['sample', () => st.sample(a)],
    ['actionToText', () => st.actionToText(a)],
    ['actionFromText', () => st.actionFromText(a)],
    ['toText', () => st.toText()],
    ['toBoard', () => st.toBoard()],
    ['toJSON', () => st.toJSON()],
    ['observationText', () => st.observationText(a)],
    ['observation', () => st.observation(a)],
    ['result', () => st.result()],
    ['equals', () => st.equals(a)],
    ['hash', () => st.hash()],
    ['positionId', () => st.positionId()],
    ['matchId', () => st.matchId()],
    ['spec', () => st.spec],
    ['currentPlayer', () => st.currentPlayer],
    ['clone', () => st.clone()],
    ['fromText', () => alea.State.fromText(a)],
    ['fromGnubg', () => alea.State.fromGnubg(a, b, c)],
    ['replay', () => alea.State.replay(typeof a === 'string' ? `${st.spec}\n${a}\n` : a)],
    ['new State', () => new alea.State(a)],
    ['botChoose', () => alea.botChoose(st, a, b)],
    ['botLevels', () => alea.botLevels(a)],
    ['Bot choose', () => { const bot = new alea.Bot(a, st, r.below(2) ? {} : { [r.pick(['plies', 'noise', 'depth', 'playouts', 'filterKeep', 'nodeBudget'])]: b }); try { return bot.choose(st, c instanceof alea.Rng ? c : new alea.Rng(1n)); } finally { bot.free(); } }],
    ['Bot rank', () => { const bot = new alea.Bot(a, st); try { return bot.rank(st, r.below(2) ? {} : { seat: b }); } finally { bot.free(); } }],
    ['Rng below', () => new alea.Rng(1n).below(a)],
    ['Rng die', () => new alea.Rng(1n).die(a)],
    ['new Rng', () => new alea.Rng(a)],
    ['game', () => alea.game(a)],
    ['set bytes', () => { st.bytes = a; }],
  ];
  return r.pick(ops);
}

function show(v) {
  if (typeof v === 'symbol') return 'Symbol';
  if (v instanceof alea.State) return `State(${answer(v).slice(0, 40)})`;
  return String(v).slice(0, 40);
}

function typed(e) {
  return e instanceof alea.AleaError || e instanceof TypeError || e instanceof RangeError;
}

// The text of a state, or the error class of asking it.
function answer(st) {
  try {
    return st.toText();
  } catch (e) {
    return `!${e.constructor.name}`;
  }
}

test(`random calls across the JavaScript boundary (${ITERATIONS} from seed ${SEED})`, () => {
  const r = stream(SEED);
  let st = new alea.State(SPECS[0]);
  let thrown = 0;
  for (let i = 0; i < ITERATIONS; i++) {
    if (i % 40 === 0 || safe(() => st.isTerminal)) { // a fresh state, played a little
      st = new alea.State(r.pick(SPECS));
      const rng = new alea.Rng(BigInt(r.next()));
      for (let k = r.below(60); k > 0 && !st.isTerminal; k--) {
        if (st.isChance) st.roll(rng);
        else st.apply(alea.botChoose(st, 'random', rng));
      }
    }
    if (r.below(50) === 0) { // damaged bytes, in place (stale copies) or replaced
      const at = 8 + r.below(st.bytes.length - 8);
      if (r.below(2)) st.bytes[at] ^= 1 << r.below(8);
      else { const b = st.bytes.slice(); b[at] = r.below(256); st.bytes = b; }
    }
    const args = [randomValue(r, st), randomValue(r, st), randomValue(r, st)];
    const [name, fn] = operation(r, st, args);
    const before = st.bytes.slice();
    const valid = !answer(st).startsWith('!');
    const where = `seed ${SEED} call ${i}: ${name}(${args.map(show).join(', ')}) on ${answer(st).slice(0, 120)}`;
    try {
      fn();
      if (valid && (name === 'apply' || name === 'apply seat' || name === 'roll')) {
        const text = st.toText(); // still a valid state
        assert.ok(alea.State.fromText(text).equals(st), `${where}: its text does not read back`);
      }
    } catch (e) {
      if (e instanceof assert.AssertionError) throw e;
      assert.ok(typed(e), `${where}: threw ${e && e.constructor && e.constructor.name}: ${e && e.message}`);
      thrown++;
      if (name !== 'set bytes') {
        assert.deepEqual(st.bytes, before, `${where}: a refused call changed the state`);
      }
    }
    // the answer of the state is the answer of a fresh copy of its bytes
    const copy = st.clone();
    assert.equal(answer(st), answer(copy), `${where}: a stale answer`);
  }
  assert.ok(thrown > 0 && thrown < ITERATIONS, `${thrown} of ${ITERATIONS} calls threw`);
  // the module still plays a game
  const g = new alea.State('dice-poker players=2');
  const rng = new alea.Rng(5n);
  while (!g.isTerminal) {
    if (g.isChance) g.roll(rng);
    else g.apply(alea.botChoose(g, 'greedy', rng));
  }
  assert.ok(g.result().terminal);
});
