// The boards' steps cover the legal list exactly (issue 23 item 2: direct play
// on the library's legal moves, no rule in JavaScript): in positions of random
// games, every legal move is either a button or built from its board steps
// (backgammon's in reverse order: any order is accepted), and the steps chosen
// make that move and no other.
// usage: node tests/web/steps_test.mjs JS_DIST_DIR      (exit 0 = pass)
import { pathToFileURL } from 'node:url';
import path from 'node:path';

const dist = process.argv[2];
const web = new URL('../../examples/web/', import.meta.url);
const alea = await import(pathToFileURL(path.resolve(dist, 'alea.js')).href);
const { Picker } = await import(new URL('picker.js', web).href);
await alea.init();

let failures = 0;
for (const id of ['backgammon', 'wise-dice', 'plateau']) {
  const mod = await import(new URL(`games/${id}.js`, web).href);
  const rng = new alea.Rng(11n);
  let positions = 0, built = 0, buttons = 0, bad = 0, missing = 0;
  for (let game = 0; game < 2; game++) {
    const s = new alea.State(id);
    for (let ply = 0; ply < 200 && !s.isTerminal; ply++) {
      if (s.isChance) {
        s.roll(rng);
        continue;
      }
      const m = mod.moves(s);
      positions++;
      buttons += m.buttons.length;
      const offered = new Set([...m.moves.map((x) => x.text), ...m.buttons.map((x) => x.text)]);
      missing += s.legalMoves().filter((t) => !offered.has(t)).length;
      // at most 30 moves a position (evenly spread): Plateau's set-ups are 1260
      const every = Math.max(1, Math.ceil(m.moves.length / 30));
      for (const mv of m.moves.filter((_, i) => i % every === 0)) {
        const p = new Picker(m.moves, { unordered: mod.unordered });
        const order = mod.unordered ? [...mv.steps].reverse() : mv.steps;
        for (const st of order) {
          if (!p.next().some((n) => n.key === st.key)) break; // the board would not offer it
          p.chosen.push(st);
        }
        const done = p.complete();
        built++;
        if (!done || done.text !== mv.text) {
          bad++;
          if (bad <= 3) console.log(`FAIL: ${id}: ${mv.text} built as ${done ? done.text : 'nothing'}`);
        }
      }
      s.applyLegal(Number(rng.below(s.legalCount)));
    }
  }
  const ok = bad === 0 && missing === 0 && built > 0;
  failures += ok ? 0 : 1;
  console.log(`${ok ? 'ok  ' : 'FAIL:'} ${id}: ${positions} positions, ${built} moves built from their board steps ` +
    `(${bad} wrong), ${buttons} buttons, ${missing} legal moves offered neither way`);
}
// dice poker: every scoring action is a cell of the card, every other a hold
{
  const mod = await import(new URL('games/dice-poker.js', web).href);
  const rng = new alea.Rng(5n);
  const s = new alea.State('dice-poker players=2 columns=1');
  let missing = 0, cells = 0;
  while (!s.isTerminal) {
    if (s.isChance) {
      s.roll(rng);
      continue;
    }
    const m = mod.moves(s);
    const offered = new Set(m.cells.map((c) => c.text));
    cells += offered.size;
    missing += s.legalMoves().filter((t) => !t.startsWith('hold') && !offered.has(t)).length;
    s.applyLegal(Number(rng.below(s.legalCount)));
  }
  const ok = missing === 0 && cells > 0;
  failures += ok ? 0 : 1;
  console.log(`${ok ? 'ok  ' : 'FAIL:'} dice-poker: ${cells} scoring actions as card cells, ${missing} missing`);
}
process.exit(failures ? 1 : 0);
