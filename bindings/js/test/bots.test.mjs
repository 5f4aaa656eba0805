// Bots with options and a workspace (alea.Bot), levels of play and ranked
// actions (alea_bot_rank): the library's bot.h through the binding.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { alea } from './helpers.mjs';

const LEVELS = ['beginner', 'casual', 'intermediate', 'advanced', 'expert'];

// A backgammon position after the opening roll, with the human (seat to act) to move.
function openingPosition(seed = 7) {
  const st = new alea.State('backgammon');
  const rng = new alea.Rng(seed);
  while (st.isChance) st.roll(rng);
  return st;
}

test('levels: backgammon and Plateau name theirs, dice poker and wise dice none so far; kinds include ply', () => {
  assert.deepEqual(alea.botLevels('backgammon'), LEVELS);
  assert.deepEqual(alea.botLevels('backgammon match=5'), LEVELS, 'a spec works too');
  assert.deepEqual(alea.botLevels(new alea.State('backgammon')), LEVELS, 'and a State');
  assert.deepEqual(alea.botLevels('dice-poker'), ['beginner', 'intermediate', 'advanced', 'expert']);
  assert.deepEqual(alea.botLevels('plateau'), LEVELS, 'Plateau: the same five names');
  assert.deepEqual(alea.botLevels('wise-dice'), LEVELS, 'wise dice: the same five names');
  assert.deepEqual(alea.bots(), ['random', 'greedy', 'expectimax', 'mcts', 'heuristic', 'ply']);
  assert.throws(() => alea.botLevels('chess'), alea.NotFound);
});

test('a Bot from a level takes the level\'s options; parameters change them', () => {
  const bot = new alea.Bot('expert', 'backgammon');
  try {
    assert.equal(bot.level, 'expert');
    assert.equal(bot.kind, 'ply');
    assert.equal(bot.game, 'backgammon');
    assert.ok(bot.workspaceSize > 0);
    const o = bot.options;
    assert.ok(o.plies >= 1, `expert searches at least 1 ply (${o.plies})`);
    assert.equal(o.noise, 0, 'expert plays without noise');
  } finally {
    bot.free();
  }
  const beginner = new alea.Bot('beginner', 'backgammon');
  assert.ok(beginner.options.noise > 0, 'a weaker level by noise');
  beginner.free();
  const tuned = new alea.Bot('ply', 'backgammon', { plies: 0, noise: 0.25, filterKeep: 4 });
  assert.deepEqual([tuned.options.plies, tuned.options.noise, tuned.options.filterKeep], [0, 0.25, 4]);
  assert.equal(tuned.level, null);
  tuned.free();
  const mcts = new alea.Bot('mcts', 'wise-dice', { playouts: 50, nodeBudget: 123456789012n });
  assert.equal(mcts.options.playouts, 50);
  assert.equal(mcts.options.nodeBudget, 123456789012);
  mcts.free();
});

test('a level plays legal moves, the same ones from the same seed', () => {
  const play = (seed) => {
    const bot = new alea.Bot('intermediate', 'backgammon');
    const st = new alea.State('backgammon');
    const dice = new alea.Rng(seed);
    const botRng = dice.clone().jump();
    const moves = [];
    try {
      for (let ply = 0; ply < 40 && !st.isTerminal; ply++) {
        if (st.isChance) {
          st.roll(dice);
          continue;
        }
        const a = bot.choose(st, botRng, { seat: st.currentPlayer });
        assert.ok(st.legalActions().includes(a), 'a legal action');
        moves.push(st.actionToText(a));
        st.apply(a);
      }
    } finally {
      bot.free();
    }
    return { moves, text: st.toText() };
  };
  const a = play(11);
  const b = play(11);
  assert.ok(a.moves.length >= 15);
  assert.deepEqual(a.moves, b.moves);
  assert.equal(a.text, b.text);
});

test('every kind plays every game through choose() with its workspace', () => {
  const specs = ['dice-poker players=2', 'wise-dice', 'plateau max-plies=60', 'backgammon'];
  for (const spec of specs) {
    for (const kind of alea.bots()) {
      const params = kind === 'mcts' ? { playouts: 20, playoutPlies: 20 } : kind === 'expectimax' ? { depth: 1 } : {};
      const bot = new alea.Bot(kind, spec, params);
      const st = new alea.State(spec);
      const rng = new alea.Rng(3);
      for (let i = 0; i < 12 && !st.isTerminal; i++) {
        if (st.isChance) st.roll(rng);
        else st.apply(bot.choose(st, rng));
      }
      bot.free();
    }
  }
});

test('rank: every legal action once, best first, with backgammon\'s probabilities and equity', () => {
  const st = openingPosition();
  const before = st.toText();
  const bot = new alea.Bot('expert', 'backgammon');
  const ranked = bot.rank(st);
  assert.equal(st.toText(), before, 'the state is unchanged');
  const legal = Array.from(st.legalActions());
  assert.equal(ranked.length, legal.length, 'complete');
  assert.deepEqual(ranked.map((r) => r.action).sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)), legal,
    'each legal action once');
  for (let i = 1; i < ranked.length; i++) {
    const [p, q] = [ranked[i - 1], ranked[i]];
    assert.ok(p.plies > q.plies || (p.plies === q.plies && p.value >= q.value),
      `sorted: the deeper ply first, then the larger value (${i})`);
  }
  for (const r of ranked) {
    assert.equal(typeof r.action, 'bigint');
    assert.equal(r.text, st.actionToText(r.action));
    assert.equal(r.details.length, 6);
    const [win, wg, wbg, lg, lbg, eq] = r.details;
    for (const p of [win, wg, wbg, lg, lbg]) assert.ok(p >= 0 && p <= 1);
    assert.ok(wbg <= wg && wg <= win && lbg <= lg && lg <= 1 - win + 1e-9);
    assert.ok(Math.abs(eq - r.value) < 1e-9, 'the equity is the value');
    assert.ok(r.value >= -3 && r.value <= 3);
  }
  assert.deepEqual(bot.rank(st), ranked, 'deterministic');
  // the expert's choice without noise is the best ranked move
  assert.equal(bot.choose(st, new alea.Rng(1)), ranked[0].action);
  bot.free();
});

test('wise dice: the expert ranks every move best first, with its chance to win', () => {
  const st = new alea.State('wise-dice');
  const rng = new alea.Rng(3);
  while (!st.toText().includes('| move ')) {
    if (st.isChance) st.roll(rng);
    else st.apply(alea.botChoose(st, 'random', rng));
  }
  const bot = new alea.Bot('expert', 'wise-dice');
  const ranked = bot.rank(st);
  assert.equal(ranked.length, st.legalActions().length, 'complete');
  for (let i = 1; i < ranked.length; i++) {
    const [p, q] = [ranked[i - 1], ranked[i]];
    assert.ok(p.plies > q.plies || (p.plies === q.plies && p.value >= q.value), `sorted (${i})`);
  }
  for (const r of ranked) {
    assert.equal(r.details.length, 2, 'P(win) + P(draw)/2 and the expected margin');
    assert.ok(Math.abs(r.details[0] - (r.value + 1) / 2) < 1e-12);
  }
  assert.equal(bot.choose(st, new alea.Rng(1)), ranked[0].action);
  bot.free();
});

test('rank in the other games: their values, best first', () => {
  for (const spec of ['dice-poker players=2', 'wise-dice', 'plateau']) {
    const st = new alea.State(spec);
    const rng = new alea.Rng(2);
    while (st.isChance) st.roll(rng);
    const bot = new alea.Bot('ply', spec);
    const ranked = bot.rank(st);
    assert.equal(ranked.length, st.legalActions().length, `${spec}: complete`);
    for (let i = 1; i < ranked.length; i++) {
      assert.ok(ranked[i - 1].plies > ranked[i].plies ||
        (ranked[i - 1].plies === ranked[i].plies && ranked[i - 1].value >= ranked[i].value), `${spec}: sorted`);
    }
    bot.free();
  }
});

test('refusals: unknown kinds, levels and parameters, seats out of range, wrong phase, freed bots', () => {
  assert.throws(() => new alea.Bot('grandmaster', 'backgammon'), alea.InvalidArgument);
  assert.throws(() => new alea.Bot('casual', 'dice-poker'), alea.InvalidArgument,
    'dice poker has no casual level');
  assert.throws(() => new alea.Bot(6, 'backgammon'), alea.InvalidArgument);
  assert.throws(() => new alea.Bot(-1, 'backgammon'), alea.InvalidArgument);
  assert.throws(() => new alea.Bot('ply', 'chess'), alea.NotFound);
  assert.throws(() => new alea.Bot('ply', 'backgammon', { plies: 9 }), alea.InvalidArgument);
  assert.throws(() => new alea.Bot('ply', 'backgammon', { noise: -1 }), alea.InvalidArgument);
  assert.throws(() => new alea.Bot('ply', 'backgammon', { depht: 2 }), alea.InvalidArgument);
  assert.throws(() => new alea.Bot('mcts', 'backgammon', { playouts: 2 ** 40 }), alea.InvalidArgument);
  assert.throws(() => new alea.Bot('mcts', 'backgammon', { nodeBudget: -1 }), alea.InvalidArgument);
  assert.throws(() => new alea.Bot('mcts', 'backgammon', { playouts: 1.5 }), TypeError);
  assert.throws(() => alea.botChoose(new alea.State('backgammon'), 99, new alea.Rng(1)), alea.InvalidArgument);

  const bot = new alea.Bot('casual', 'backgammon');
  const st = openingPosition();
  const who = st.currentPlayer;
  assert.throws(() => bot.choose(st, new alea.Rng(1), { seat: 1 - who }), alea.WrongPlayer);
  assert.throws(() => bot.rank(st, { seat: 1 - who }), alea.WrongPlayer);
  assert.throws(() => bot.rank(st, { seat: 2 }), alea.InvalidArgument);
  assert.throws(() => bot.rank(st, { seat: -1 }), alea.InvalidArgument);
  assert.throws(() => bot.choose(st, new alea.Rng(1), { seat: 0.5 }), TypeError);
  assert.throws(() => bot.rank(new alea.State('backgammon')), alea.WrongPhase, 'dice to throw');
  assert.throws(() => bot.choose(new alea.State('backgammon'), new alea.Rng(1)), alea.WrongPhase);
  assert.throws(() => bot.rank(new alea.State('wise-dice')), alea.InvalidArgument, 'another game');
  assert.throws(() => new alea.Bot('random', 'wise-dice').rank(new alea.State('wise-dice')),
    alea.AleaError);
  bot.free();
  bot.free(); // twice is harmless
  assert.throws(() => bot.rank(st), alea.InvalidArgument, 'a freed bot');
});

test('bots made and dropped without free() leave the heap to the registry', () => {
  // many bots with large workspaces: nothing to assert but that memory holds out
  for (let i = 0; i < 50; i++) new alea.Bot('mcts', 'wise-dice', { playouts: 5000 }).workspaceSize;
  const bot = new alea.Bot('expert', 'backgammon');
  assert.ok(bot.workspaceSize > 0);
  bot.free();
});

test('dice poker: the expert ranks every legal action by expected final score, best first', () => {
  const st = new alea.State('dice-poker players=1 columns=1');
  const rng = new alea.Rng(3);
  while (st.isChance) st.roll(rng);
  const bot = new alea.Bot('expert', st);
  try {
    const ranked = bot.rank(st);
    assert.equal(ranked.length, st.legalActions().length);
    for (let i = 1; i < ranked.length; i++) assert.ok(ranked[i].value <= ranked[i - 1].value);
    // the first turn of the solitaire card: the optimum is 458.82 on average
    assert.ok(ranked[0].value > 150 && ranked[0].value < 800, `best ${ranked[0].value}`);
  } finally {
    bot.free();
  }
});
